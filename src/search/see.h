/* Static exchange evaluation: the material a capture wins or loses once
 * both sides have taken back on the square, each with its least valuable
 * piece, for every way these pieces remove others.  Knows nothing of the
 * search; the piece values are the caller's. */
#ifndef NC_SEE_H
#define NC_SEE_H

#include "rules/rules.h"

/* What a royal piece counts as in an exchange: more than any material, so
 * that a royal piece never takes back where it could be taken itself. */
#define SEE_ROYAL_VALUE 30000

/* Material a move wins at once, by value[type]: the enemy pieces it
 * removes (captured, flown or jumped over, crushed by a pushed Titan,
 * exiled) less its own pieces that it crushes, plus what a promotion gains.
 * A royal piece counts as SEE_ROYAL_VALUE. */
int see_gain(const Position *p, const Move *m, const int *value);

/* The exchange started by the pseudo-legal move m: its gain, less what the
 * other side then wins by taking the piece that moved, and so on, each side
 * free to stop.  Each step is made on p with the rules core (so x-ray
 * attackers, en passant, promotions and pushes behave as in play) and
 * undone before it returns; pins other than of the royal piece are not
 * seen.  scratch is a move list it may overwrite. */
int see(Position *p, const Move *m, const int *value, MoveList *scratch);

#endif
