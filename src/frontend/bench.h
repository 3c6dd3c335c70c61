/* --bench: perft speed on fixed positions, then fixed-depth searches whose
 * total node count is a signature of the search's behaviour; or the speed
 * of a net against the hand-made evaluation.  Measures only: the rules and
 * the search are used as they are. */
#ifndef NC_FRONTEND_BENCH_H
#define NC_FRONTEND_BENCH_H

#include "options.h"

/* Prints both parts; non-zero if a known perft count differs or a
 * position cannot be set up.  With --nnue FILE instead: the search cases
 * of the net's variant (--variant; at --depth when given), each with the
 * hand-made evaluation and then with the net, and the net's speed as a
 * share of the other's. */
int bench_main(const Options *opt);

#endif
