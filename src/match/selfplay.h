/* --selfplay: the engine against itself (or a random mover) at given
 * levels, for testing strength changes.  Plays through search.h only. */
#ifndef NC_FRONTEND_SELFPLAY_H
#define NC_FRONTEND_SELFPLAY_H

#include "options.h"

/* --selfplay N [--levels A,B]: N games of A against B (each 1-10, or
 * "random" for a random mover; default both --level or 10), colours
 * alternating, each pair of games from the same random 4-ply opening.  Per
 * move --think, --depth or --nodes, else 0.1 s.  Games still going after 300
 * plies are adjudicated: won by a side 500 centipawns of material ahead
 * (data-file values), else drawn.  Prints one line per game and "score: A x - y B";
 * with --pgn FILE, appends every game to FILE as PGN. */
int selfplay_main(const Options *opt);

#endif
