/* --datagen: self-play games at a fixed node count from the variant's
 * opening book, their quiet positions written with the search's score and
 * the game's result, for fitting the evaluation (doc/data-files.md,
 * "Self-play positions").  Plays through search.h only. */
#ifndef NC_FRONTEND_DATAGEN_H
#define NC_FRONTEND_DATAGEN_H

#include "options.h"

#define DG_DEFAULT_NODES 5000
/* Random plies after the book's position (or, with no book, after the
 * start), so that the games of one book line differ. */
#define DG_DEFAULT_PLIES_BOOK 2
#define DG_DEFAULT_PLIES_NO_BOOK 8

/* --datagen FILE --games N: appends N games' positions to FILE (made with
 * a header when new), numbering the games on from those already in it; the
 * randomness of game number i comes from --seed and i alone, so a run that
 * goes on where another stopped plays new games.  --nodes a move (default
 * 5000), --random-plies after the book's position, --openings FILE instead
 * of the variant's book, --concurrency workers (default: the machine's
 * cores), each with its own search.  A progress line on stderr every 10
 * seconds and at the end.  Exit status 0, or 1 after printing why. */
int datagen_main(const Options *opt);

#endif
