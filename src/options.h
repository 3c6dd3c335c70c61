/* Command-line options shared by the rules queries, the game screen and
 * the engine front ends. */
#ifndef NC_OPTIONS_H
#define NC_OPTIONS_H

#include <stdbool.h>

#define NC_MAX_PLAY 4096

typedef struct {
    const char *data_dir;       /* resolved data directory */
    const char *variant;        /* NULL: not given */
    const char *setup, *options, *titans, *fen;
    const char *play[NC_MAX_PLAY];
    int nplay;
    /* rules queries */
    bool list_variants, moves, divide, bench, print_fen, status;
    const char *check_variant;
    int perft;                  /* -1: not asked */
    /* game screen */
    const char *white, *black;  /* "human" or "computer"; NULL: not given */
    const char *load;
    bool tutorial, ascii;
    /* engine */
    int level;                  /* 0: not given */
    double think;               /* seconds; 0: not given */
    int depth;                  /* 0: not given */
    long long nodes;            /* 0: not given */
    bool xboard;
    int selfplay;               /* games; 0: not asked */
    const char *levels;         /* self-play "A,B" */
} Options;

#endif
