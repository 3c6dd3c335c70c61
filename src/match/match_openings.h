/* The openings of a match: lines of an opening file (a position text or a
 * move list each), random plies from a seed, and the start every game of
 * a pair shares.  Rules only: no engines and no output. */
#ifndef NC_FRONTEND_MATCH_OPENINGS_H
#define NC_FRONTEND_MATCH_OPENINGS_H

#include "rules/rules.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define OPENING_MAX_MOVES 256

typedef struct {
    char *text;     /* the line as written (owned) */
    bool is_fen;    /* a position text; else a move list */
    int line;       /* line number in the file */
} OpeningLine;

typedef struct {
    OpeningLine *lines;
    int n;
} OpeningBook;

/* Where one pair of games starts: the position given to the engines, and
 * the moves played from it before the engines take over. */
typedef struct {
    Position start;
    bool setboard;  /* start is not the variant's first setup: engines get setboard */
    Move moves[OPENING_MAX_MOVES];
    int nmoves;
    int line;       /* the book line used; 0 none */
} Opening;

/* Reads an opening file: blank lines and lines starting with '#' are
 * skipped; a line with a '/' is a position text, any other a list of moves
 * (move text, short forms too) played after base's moves.  Every line is checked against
 * the rules.  0, or -1 with "FILE:LINE: message" (or "FILE: ...") in err. */
int openings_load(const char *path, const Game *base, OpeningBook *book, char *err, size_t errlen);
void openings_free(OpeningBook *book);

/* The opening of pair number pair: the book's line pair mod n (or base
 * when the book is empty), then random_plies random legal moves drawn from
 * seed and pair, never ending the game.  base is the start the options
 * give (--fen, --play moves included as moves).  0, or -1 with a message. */
int opening_build(const OpeningBook *book, const Game *base, int pair, int random_plies, uint64_t seed,
                  Opening *out, char *err, size_t errlen);

/* The first position of g (before its first ply). */
void game_start_position(const Game *g, Position *start);

#endif
