/* Engine front ends: one-shot search, self-play, XBoard protocol, bench. */
#ifndef NC_ENGINE_H
#define NC_ENGINE_H

#include "../game.h"
#include "../options.h"

/* --think / --depth / --nodes: search the game's position, print info lines
 * and, as the last line, the chosen move in the move text. */
int engine_cli(const Options *opt, Game *g);
/* --selfplay N */
int selfplay_main(const Options *opt);
/* --xboard */
int xboard_main(const Options *opt);
/* Part of --bench: fixed-depth searches; returns non-zero on failure. */
int search_bench(const char *data_dir);

#endif
