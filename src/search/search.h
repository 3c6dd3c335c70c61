/* The computer opponent's search.  Contract shared by the game screen, the
 * engine front ends and the tests; the search prints nothing, everything
 * it finds comes back in a SearchInfo.
 *
 * A Search owns its transposition table (shared with its helper threads,
 * search_set_threads) and may run one search at a time,
 * either synchronously (search_run) or on its own thread (search_start,
 * then search_poll / search_stop / search_wait).  The game passed in is
 * copied, so the caller may change its own game while a search runs; the
 * Variant it refers to must stay alive until the search is done.  Levels,
 * time use and draw rules are documented at the top of search.c, the
 * levels' measured strength in doc/search.md. */
#ifndef NC_SEARCH_H
#define NC_SEARCH_H

#include "rules/rules.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define SEARCH_MAX_PV 64
#define SEARCH_MAX_LINES 8
#define SEARCH_MATE 30000 /* scores above SEARCH_MATE - 1000 are mates */

typedef struct {
    int depth;          /* 0: no depth limit */
    double seconds;     /* 0: no time limit */
    long long nodes;    /* 0: no node limit */
    int level;          /* 1-10; 0 means 10 (full strength) */
    unsigned flags;     /* SEARCH_NO_*: parts switched off, for tests */
    /* On a clock: the time to aim at (0: none).  The search then starts
     * no new iteration after about half of it, later while the best move
     * keeps changing or the score falls, sooner while both hold; seconds
     * stays the hard limit. */
    double target_seconds;
    /* Lines to find (MultiPV): the best this many root moves each get a
     * score and a line of their own, each iteration (0 or 1: one, the
     * usual search; at most SEARCH_MAX_LINES).  More lines cost time: each
     * is a search of the root moves the lines before it left. */
    int lines;
} SearchLimits;

/* Switches for tests that compare the search with a plainer one of itself:
 * without the transposition table (no probe, no store, no hash move), or
 * without the pruning and reductions (null move, futility, late-move
 * pruning and reductions, internal iterative reduction). */
#define SEARCH_NO_TT 1u
#define SEARCH_NO_PRUNING 2u
/* Never builds an endgame table (only those already cached count): for
 * harnesses whose runs must stay short and write nothing. */
#define SEARCH_NO_TABLE_BUILDS 4u
/* With no depth, time or node limit: search until stopped (analysis, UCI's
 * "go infinite"), not the few seconds a move that a level-10 search
 * without limits otherwise takes. */
#define SEARCH_UNTIL_STOPPED 8u

/* One line of a MultiPV search: a root move's score and line. */
typedef struct {
    int score;          /* centipawns from the side to move's view */
    int npv;
    Move pv[SEARCH_MAX_PV];
} SearchLine;

typedef struct {
    int depth;          /* completed iteration */
    int seldepth;
    int score;          /* centipawns from the side to move's view */
    uint64_t nodes;
    double seconds;
    int npv;
    Move pv[SEARCH_MAX_PV];
    bool done;          /* the search has finished; best is final */
    Move best;          /* best move so far (valid once depth >= 1 or done) */
    bool has_best;      /* false only when the position has no legal move */
    /* Something the player should know, for the front end to show (empty:
     * nothing): a cached endgame table found wrong and rebuilt. */
    char note[200];
    /* The lines of the last completed iteration, best first (nlines up to
     * SearchLimits.lines and the number of legal moves; lines[0] is score
     * and pv above).  0 before the first iteration completes. */
    int nlines;
    SearchLine lines[SEARCH_MAX_LINES];
} SearchInfo;

typedef struct Search Search;

Search *search_new(size_t hash_mb);
void search_free(Search *s);
/* Forgets the transposition table (new game). */
void search_clear(Search *s);

/* Threads: with N > 1, a search at full strength (level 10) runs N - 1
 * helpers on threads of their own that search the same root and share the
 * transposition table; the main search's result is the search's.  The
 * levels below 10 always use one thread.  N from 1 to SEARCH_MAX_THREADS;
 * false otherwise, or when a helper could not be made (those made run). */
#define SEARCH_MAX_THREADS 64
bool search_set_threads(Search *s, int threads);
int search_threads(const Search *s);

/* A neural evaluation in place of the hand-made one (nnue/nnue.h), for
 * games of the net's variant (others keep the hand-made one); NULL goes
 * back to the hand-made one.  The caller keeps the net alive while s may
 * use it.  False when out of memory (the search then has no net). */
struct NnueNet;
bool search_set_nnue(Search *s, const struct NnueNet *n);

/* The search's tunable constants (margins, reductions, extensions, time
 * use; src/search/params.h): how many, and the i-th's name, default, range
 * and meaning (false when i is out of range). */
int search_param_count(void);
bool search_param_describe(int i, const char **name, int *def, int *min, int *max, const char **meaning);
/* Sets a tunable constant for this search's next runs (a running search
 * is stopped first); false when no constant has that name or the value is
 * outside its range. */
bool search_set_param(Search *s, const char *name, int value);
/* Sets the constants of a list "NAME=VALUE,..." (s NULL: only checks it);
 * false, with why, when an item names no constant or is out of range, and
 * then s is unchanged. */
bool search_params_apply(Search *s, const char *list, char *why, size_t whylen);

/* Searches g's current position within the limits; fills *out (done = true).
 * The level applies its documented depth limit and randomness. */
void search_run(Search *s, const Game *g, const SearchLimits *lim, SearchInfo *out);

/* Starts searching on the search's own thread; returns at once. */
int search_start(Search *s, const Game *g, const SearchLimits *lim);
/* Copies the latest information (thread-safe); returns true once done. */
bool search_poll(Search *s, SearchInfo *out);
/* Asks a running search to stop as soon as possible ("move now"); the
 * best move found so far becomes final.  Safe to call when idle. */
void search_stop(Search *s);
/* Waits for the running search to finish (after search_stop if needed). */
void search_wait(Search *s, SearchInfo *out);

/* The evaluation's terms, for the queries that show them, and the time
 * budget the front ends give a search. */
#include "eval_terms.h"
#include "timeman.h"

#endif
