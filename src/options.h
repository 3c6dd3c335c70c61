/* The command-line options: what was asked for, and the one table that both
 * parses them (glibc's getopt_long) and prints --help.  Knows nothing of
 * variants, games or curses; the front ends act on the result. */
#ifndef NC_OPTIONS_H
#define NC_OPTIONS_H

#include <stdbool.h>
#include <stdio.h>

#define NC_MAX_PLAY 4096
#define NC_MAX_LESSON_FILES 32

typedef struct {
    const char *data_dir;       /* the data path: directories joined by ":" (data_dir_find) */
    const char *variant;        /* NULL: not given */
    const char *setup, *options, *titans, *fen;
    const char *play[NC_MAX_PLAY];
    int nplay;
    /* rules queries */
    bool list_variants, moves, divide, bench, print_fen, status;
    bool search_param_list;     /* --search-param-list */
    const char *check_variant;
    const char *eval_terms;     /* --eval-terms FILE; NULL: not asked */
    const char *analyse;        /* --analyse FILE; NULL: not asked */
    const char *nnue_features;  /* --nnue-features FILE; NULL: not asked */
    const char *nnue;           /* --nnue FILE: the engines' net; NULL: the data path's */
    bool no_nnue;               /* --no-nnue: the hand-made evaluation */
    bool eval_tables;           /* --eval-tables */
    bool check_lessons;         /* --check-lessons [FILE...] */
    const char *lesson_files[NC_MAX_LESSON_FILES];
    int nlesson_files;          /* 0: every file of DATA_DIR/lessons */
    bool check_puzzles;         /* --check-puzzles [FILE...] */
    const char *puzzle_files[NC_MAX_LESSON_FILES];
    int npuzzle_files;          /* 0: every file of the data path's puzzles/ */
    const char *find_puzzles;   /* --find-puzzles FILE; NULL: not asked */
    const char *endgame;        /* --endgame MATERIAL; NULL: not asked */
    int perft;                  /* -1: not asked */
    /* game screen */
    const char *white, *black;  /* "human" or "computer"; NULL: not given */
    const char *load;
    const char *time;           /* game clocks "MIN+SEC"; NULL: none */
    bool tutorial, ascii;
    const char *drill;          /* --drill MATERIAL; NULL: not asked */
    long long drill_seed;       /* 0: not given (a new start each time) */
    bool puzzle;                /* --puzzle: the puzzle screen */
    /* engine */
    int level;                  /* 0: not given */
    double think;               /* seconds; 0: not given */
    int depth;                  /* 0: not given */
    long long nodes;            /* 0: not given */
    int threads;                /* search threads; 0: not given */
    const char *search_params;  /* "NAME=VALUE,..." for the search; NULL: none */
    bool xboard;
    bool uci;
    int selfplay;               /* games; 0: not asked */
    const char *levels;         /* self-play "A,B" */
    int make_book;              /* --make-book N positions; 0: not asked */
    const char *datagen;        /* --datagen FILE; NULL: not asked */
    const char *check_data;     /* --check-data FILE; NULL: not asked */
    const char *data_dir_arg;   /* --data-dir as given; NULL: not given */
    /* match */
    bool match;
    const char *engine[2];      /* --engine given first (A) and second (B) */
    int nengines;
    int games;                  /* 0: not given */
    const char *openings;
    int random_plies;
    double st;                  /* seconds per move; 0: not given */
    const char *tc;             /* "MIN+INC"; NULL: not given */
    const char *pgn;            /* --match and --selfplay */
    const char *sprt;           /* "E0,E1[,ALPHA,BETA]" */
    int concurrency;            /* 0: not given */
    int adjudicate_plies;       /* 0: not given */
    const char *adjudicate_score; /* "CP,PLIES"; NULL: not given */
    long long seed;
    int report_every;           /* 0: not given */
    double time_margin;         /* seconds; 0: not given */
} Options;

/* Parses argv into opt and resolves the data directory.  Returns 0, or the
 * exit status + 1: 1 after printing --help or --version to stdout, 2 after
 * printing a one-line error to stderr. */
int options_parse(Options *opt, int argc, char **argv);
/* The --help text, from the option table. */
void options_usage(FILE *out);

#endif
