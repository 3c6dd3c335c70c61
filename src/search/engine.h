/* Engine front ends: one-shot search, self-play, XBoard protocol, bench. */
#ifndef NC_ENGINE_H
#define NC_ENGINE_H

#include "../game.h"
#include "../options.h"

/* --think / --depth / --nodes (with --level): search the game's position,
 * print "info depth D seldepth S score N|mate M nodes N time T nps R pv ..."
 * lines (PV in the move text) and, as the last line, the chosen move in the
 * move text.  With no legal move, prints the reason to stderr; returns 1. */
int engine_cli(const Options *opt, Game *g);
/* --selfplay N [--levels A,B]: N games of A against B (each 1-10, or
 * "random" for a random mover; default both --level or 10), colours
 * alternating, each pair of games from the same random 4-ply opening.  Per
 * move --think, --depth or --nodes, else 0.1 s.  Games still going after 300
 * plies are adjudicated: won by a side 500 centipawns of material ahead
 * (data-file values), else drawn.  Prints one line per game and "score: A x - y B". */
int selfplay_main(const Options *opt);
/* --xboard: CECP v2 on stdin/stdout (coordinate moves e2e4, e7e8q, P@e4;
 * castling as the king's move).  Every shipped variant is announced; for
 * those XBoard does not know, a setup line (and piece lines where Betza
 * notation is exact) is sent.  What XBoard cannot show is listed in engine.c. */
int xboard_main(const Options *opt);
/* Part of --bench: fixed-depth searches; prints per-position and total
 * nodes (a signature of the search) and speed; non-zero on failure. */
int search_bench(const char *data_dir);

#endif
