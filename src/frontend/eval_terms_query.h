/* --eval-terms FILE: the evaluation of every position of a file of games
 * (or of position texts) split by weight, for tools/tune.py. */
#ifndef NC_EVAL_TERMS_QUERY_H
#define NC_EVAL_TERMS_QUERY_H

#include "options.h"

/* Prints the lines doc/tuning.md describes; 0, or 1 after a message on
 * stderr (a file that cannot be read, a game or position that does not
 * load). */
int eval_terms_main(const Options *opt);

#endif
