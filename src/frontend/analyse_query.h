/* --analyse FILE: a report of a saved game, every move scored by the
 * search, the inaccuracies, mistakes and blunders marked with the better
 * line, written back as PGN on stdout, with a summary per player on
 * stderr. */
#ifndef NC_ANALYSE_QUERY_H
#define NC_ANALYSE_QUERY_H

#include "options.h"

/* 0, or 1 after a message on stderr (a file that does not load, a write
 * that fails). */
int analyse_main(const Options *opt);

#endif
