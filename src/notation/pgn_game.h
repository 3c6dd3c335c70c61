/* A move read from a saved game, checked against the game it is played
 * in: the one rule every reader of PGN (the command line's --load, the
 * game screen, the tools) applies, so that a file opens everywhere or
 * nowhere. */
#ifndef NC_PGN_GAME_H
#define NC_PGN_GAME_H

#include "rules/rules.h"

/* The legal move that text names in g's position (move_from_record: a
 * false '+' or '#' is only a warning, in warn, empty when none), refused
 * when the game has already ended by the rules (mate, stalemate, bare
 * kings, repetition, 100 plies, a game-end rule, the Scepter taken).
 * file, line and ply (0-based) go into the messages.  0 with *out, or -1
 * with "FILE: line N: ..." in err. */
int pgn_game_move(Game *g, const char *text, const char *file, int line, int ply, Move *out, char *warn, int warnlen,
                  char *err, int errlen);

#endif
