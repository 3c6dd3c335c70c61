/* Move text of the UCI front end: XBoard's coordinates (xboard_variant.h:
 * e2e4, e7e8q, P@e4, castling as the king's move, legs where a move alone
 * would be ambiguous) with the ranks labelled as the variant's own names
 * and Fairy-Stockfish's UCI label them, from the variant's rank_base
 * (a1-i10 in Xiangqi, where XBoard says a0-i9).  Text only, no I/O. */
#ifndef NC_FRONTEND_UCI_MOVE_H
#define NC_FRONTEND_UCI_MOVE_H

#include "rules/rules.h"

#include <stddef.h>

/* Writes the UCI text of m (legal in p) into buf. */
void uci_move_text(const Position *p, const Move *m, char *buf, size_t len);
/* Finds the legal move a UCI text names; 0, or -1 (not legal, not a move,
 * or ranks past the board). */
int uci_parse_move(Position *p, const char *text, Move *out);

#endif
