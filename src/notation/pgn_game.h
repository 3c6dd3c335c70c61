/* A move read from a saved game, checked against the game it is played
 * in: the one rule every reader of PGN (the command line's --load, the
 * game screen, the tools) applies, so that a file opens everywhere or
 * nowhere. */
#ifndef NC_PGN_GAME_H
#define NC_PGN_GAME_H

#include "pgn.h"
#include "rules/rules.h"

/* The legal move that text names in g's position (move_from_record: a
 * false '+' or '#' is only a warning, in warn, empty when none), refused
 * when the game has already ended by the rules (mate, stalemate, bare
 * kings, repetition, 100 plies, a game-end rule, the Scepter taken).
 * file, line and ply (0-based) go into the messages.  0 with *out, or -1
 * with "FILE: line N: ..." in err. */
int pgn_game_move(Game *g, const char *text, const char *file, int line, int ply, Move *out, char *warn, int warnlen,
                  char *err, int errlen);

/* What a reader of whole games does with each part of one (any hook but
 * begin and played may be NULL). */
typedef struct {
    /* every tag as read, in the file's order */
    void (*tag)(void *ctx, const char *name, const char *value);
    /* after the tags: the game to play the moves on, begun from the
     * variant, setup and position the tags give; 0, or -1 with a message
     * (without the file's name) in err */
    int (*begin)(void *ctx, const PgnTags *t, Game **g, char *err, int errlen);
    /* a move checked by pgn_game_move: the hook plays it on the game
     * (game_push, or a screen's own play); warn as pgn_game_move gives it */
    void (*played)(void *ctx, const Move *m, const char *warn);
    void (*comment)(void *ctx, const char *text, size_t len, int ply);
    void (*nag)(void *ctx, const char *nag, int ply);
} PgnGameHooks;

/* Reads one game from *sp (at *line): its tags into *t, the game begun,
 * every move checked and played; *sp and *line move past the game (to its
 * result token, the next game's tags or the end).  The one loader of the
 * command line (--load, --analyse, --find-puzzles) and the game screen.
 * 0, or -1 with "FILE: ..." in err (what begin made is the caller's). */
int pgn_game_read(const char **sp, int *line, const char *file, const PgnGameHooks *h, void *ctx, PgnTags *t,
                  char *err, int errlen);

#endif
