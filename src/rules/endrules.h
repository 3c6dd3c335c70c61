/* The variant's game-end rules on material (bare king, extinction of a
 * type, no pieces left; doc/data-files.md 'game-end'), judged on one
 * position.  Perft, the legal-move list, game_status and the search all
 * ask here, so that a game ended by such a rule has no moves anywhere.
 * No I/O. */
#ifndef NC_ENDRULES_H
#define NC_ENDRULES_H

#include "position.h"

/* The first rule that holds in p (the side that just moved is looked at
 * first, then the side to move): returns its result for the side to move
 * (NC_END_WIN, NC_END_LOSS, NC_END_DRAW) and its index in v->end through *rule, or
 * NC_END_NONE when no rule holds.  rule may be NULL. */
int end_rules_judge(const Position *p, int *rule);

/* The result of checkmate or stalemate (no legal move) for the side to move. */
static inline int end_no_moves_result(const Variant *v, bool in_check)
{
    return in_check ? v->checkmate_result : v->stalemate_result;
}

#endif
