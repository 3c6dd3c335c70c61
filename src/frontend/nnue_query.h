/* The neural evaluation on the command line: --nnue-features FILE writes
 * the net's input features of each position of a --datagen file for the
 * trainer (tools/train_nnue.py), and --nnue FILE gives the engines a net. */
#ifndef NC_NNUE_QUERY_H
#define NC_NNUE_QUERY_H

#include "nnue/nnue.h"
#include "options.h"

/* Writes the feature records (doc/tuning.md, "Neural networks") to
 * stdout; 0, or 1 after a message. */
int nnue_features_main(const Options *opt);

/* The net --nnue names, for v: NULL when none is asked; exits the program
 * with a message when it does not load (an engine must not play on with
 * another evaluation than the one asked for). */
NnueNet *fe_nnue_load(const Options *opt, const Variant *v);

#endif
