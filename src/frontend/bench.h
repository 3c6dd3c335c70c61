/* --bench: perft speed on fixed positions, then fixed-depth searches whose
 * total node count is a signature of the search's behaviour.  Measures
 * only: the rules and the search are used as they are. */
#ifndef NC_FRONTEND_BENCH_H
#define NC_FRONTEND_BENCH_H

/* Prints both parts; non-zero if a known perft count differs or a
 * position cannot be set up. */
int bench_main(const char *data_dir);

#endif
