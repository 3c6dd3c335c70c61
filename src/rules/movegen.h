/* Move generation and the check test (no I/O), under the rulings' definitions:
 * a piece is "removable" when some pseudo-legal enemy move would remove it
 * (replacement, flying or jumping over, double capture, or crushing by a
 * pushed Titan), ignoring whether that enemy move exposes its own king. */
#ifndef NC_MOVEGEN_H
#define NC_MOVEGEN_H

#include "position.h"

/* Pseudo-legal moves of the side to move: every move the pieces' rules
 * allow, castling (already checked for attacked squares) and drops. */
void gen_pseudo(Position *p, MoveList *ml);
/* The pseudo-legal moves of gen_pseudo that may remove a piece (capture,
 * flying or jumping over, en passant, a Titan push) or promote, in the
 * same order: what the quiescence search looks at.  No drops, no castling;
 * under must-capture the same moves as gen_pseudo keeps. */
void gen_noisy(Position *p, MoveList *ml);
/* Legal moves: pseudo-legal moves after which the mover's royal piece
 * (if it has one) is not removable.  No moves once the scepter is taken. */
void gen_legal(Position *p, MoveList *ml);
/* True when side `by` has a pseudo-legal move removing the piece on sq. */
bool sq_removable(const Position *p, int sq, int by);
/* The pseudo-legal moves of side `by` (which may differ from the side to
 * move; en passant only for the side to move) that remove the piece on sq,
 * promotions expanded: what an exchange on sq can continue with.  Drops
 * never remove a piece, so none are listed. */
void gen_removals(Position *p, int sq, int by, MoveList *ml);
/* The side to move is in check. */
bool in_check(const Position *p);
/* A shortcut for pseudo-legal m in p, with in_chk = in_check(p): true when m
 * is certainly legal without making it (false means "make it and see"). */
bool move_surely_legal(const Position *p, const Move *m, bool in_chk);
/* After a move by side `us`, which had `had_royal` royal pieces before it:
 * true when the move was legal (royal piece neither crushed nor removable). */
bool legal_after_make(Position *p, int us, int had_royal);
/* Makes m, tests legality, unmakes; true when m is legal. */
bool move_is_legal(Position *p, const Move *m);
/* Whether m is one of the side to move's pseudo-legal moves, found by
 * generating the moves of its piece alone (must-capture not applied): a
 * move remembered from a position with the same key is checked so before
 * it is made.  scratch is a move list it may overwrite. */
bool move_is_pseudo_legal(Position *p, const Move *m, MoveList *scratch);
/* True when the two moves are the same move.  Inline: the search's move
 * ordering compares every move with its killers and countermove. */
static inline bool move_equal(const Move *a, const Move *b)
{
    return a->from == b->from && a->to == b->to && a->cap[0] == b->cap[0] &&
           a->cap[1] == b->cap[1] && a->aux == b->aux && a->aux2 == b->aux2 &&
           a->kind == b->kind && a->promo == b->promo && a->flags == b->flags &&
           a->pushdir == b->pushdir;
}

/* What a move removes from the board, in the order it happens. */
enum { FX_CAPTURE, FX_PUSH, FX_CRUSH, FX_EXILE };
typedef struct {
    int n;
    uint8_t kind[24];
    uint16_t sq[24];
} MoveEffects;
void move_effects(const Position *p, const Move *m, MoveEffects *fx);

/* Legal-move counts below this position (perft), and per root move. */
uint64_t perft(Position *p, int depth);

#endif
