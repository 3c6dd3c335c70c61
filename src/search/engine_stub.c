#include "engine.h"

#include <stdio.h>

static int unavailable(void)
{
    fprintf(stderr, "ninjachess: the computer opponent is not built into this version\n");
    return 1;
}

int engine_cli(const Options *opt, Game *g) { (void)opt; (void)g; return unavailable(); }
int selfplay_main(const Options *opt) { (void)opt; return unavailable(); }
int xboard_main(const Options *opt) { (void)opt; return unavailable(); }
int search_bench(const char *data_dir) { (void)data_dir; return 0; }
