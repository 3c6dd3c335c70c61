/* --find-puzzles FILE and --check-puzzles [FILE...]: puzzles mined from
 * the games of a PGN file, and puzzle files held against the rules and the
 * search (doc/puzzles.md). */
#ifndef NC_FRONTEND_PUZZLES_H
#define NC_FRONTEND_PUZZLES_H

#include "options.h"

/* Writes a puzzle file of the games' puzzles to stdout, progress on
 * stderr; 0, or 1 after a message. */
int puzzles_find_main(const Options *opt);
/* Prints "FILE:LINE: message" on stdout for each problem; 0 when none. */
int puzzles_check_main(const Options *opt);

#endif
