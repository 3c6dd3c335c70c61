/* --nnue FILE: the net the engines evaluate with. */
#ifndef NC_NNUE_QUERY_H
#define NC_NNUE_QUERY_H

#include "nnue/nnue.h"
#include "options.h"

/* The net --nnue names, for v: NULL when none is asked; exits the program
 * with a message when it does not load (an engine must not play on with
 * another evaluation than the one asked for). */
NnueNet *fe_nnue_load(const Options *opt, const Variant *v);

#endif
