/* Puzzles (doc/puzzles.md): positions of played games where exactly one
 * move wins, with the line to play out and a rating.  Reading and writing
 * puzzle files ("FILE:LINE: message" for every problem), finding puzzles
 * in a game's positions, and checking a puzzle against the rules and the
 * search, as the lessons are checked. */
#ifndef NC_PUZZLE_H
#define NC_PUZZLE_H

#include "datafile/datafile.h"
#include "rules/rules.h"
#include "search/search.h"

#include <stdio.h>

#define PUZZLE_MAX_PLIES 7 /* the solver's moves and the answers between them */

typedef struct {
    int line;                  /* in its file */
    Position start;
    int nplies;                /* odd: the solver moves first and last */
    Move solution[PUZZLE_MAX_PLIES];
    int rating;
    char source[160];
} Puzzle;

typedef struct {
    char file[512];
    Variant *v;
    Puzzle *p;
    int n, cap;
} PuzzleFile;

/* Reads a puzzle file; the variant its "variant" line names is loaded from
 * data_dir.  0, or -1 with every problem added to e (nothing to free
 * then); e collects, so the caller starts it empty (e->n = 0). */
int puzzle_file_read(const char *path, const char *data_dir, PuzzleFile *out, DataErrors *e);
int puzzle_file_parse(const char *name, const char *text, const char *data_dir, PuzzleFile *out, DataErrors *e);
void puzzle_file_free(PuzzleFile *f);

/* Writes the "variant" line of a file of v's puzzles, and one puzzle's line. */
void puzzle_write_header(FILE *f, const Variant *v);
void puzzle_write(FILE *f, const Puzzle *p);

/* When one move wins: the side to move scores at least win_cp with it,
 * and every other move at least gap_cp less and below other_cp; a search
 * of `nodes` nodes (two lines, the table cleared first) decides. */
typedef struct {
    long long nodes;
    int win_cp, gap_cp, other_cp;
} PuzzleRule;

/* Whether g's position has one winning move by r: 1 with it in *best and
 * the search's line in *info, 0 with the reason in why. */
int puzzle_only_win(Search *s, const Game *g, const PuzzleRule *r, Move *best, SearchInfo *info, char *why,
                    size_t whylen);

/* A puzzle from g's current position: the only win by find, confirmed by
 * confirm, played out while the solver's next move is again the only win
 * by find (each answer the search's at find's nodes), rated by the depth at
 * which a search first settles on the first move.  1 with *out filled, 0
 * when the position is no puzzle.  g is not const: judging whether its game
 * is over generates moves, which reorders its position's piece lists. */
int puzzle_find(Search *s, Game *g, const PuzzleRule *find, const PuzzleRule *confirm, Puzzle *out);

/* Holds a puzzle against the rules (every move legal, the solver's last
 * move not leaving a finished game behind it) and the search (each of the
 * solver's moves the only win by r).  0, or -1 with the reason in why. */
int puzzle_check(Search *s, const Puzzle *p, const PuzzleRule *r, char *why, size_t whylen);

#endif
