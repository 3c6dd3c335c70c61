/* Per-piece move tables of the endgame solver, derived from the rules
 * core's move generator (no movement rule is written here): for one piece
 * type and colour, on a board with only a few pieces, where it can move
 * and what it can remove, from every square.  Each answer is kept for the
 * empty board and for every single other piece (friend or enemy) on every
 * square, with the squares that change it; a board where two or more
 * pieces touch the answer asks the move generator itself.  No I/O. */
#ifndef NC_EG_MOVETAB_H
#define NC_EG_MOVETAB_H

#include "rules/rules.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define EG_SET_WORDS 4 /* 256 squares: NC_MAX_FILES * NC_MAX_RANKS */
typedef struct {
    uint64_t w[EG_SET_WORDS];
} EgSet;

static inline bool eg_set_has(const EgSet *s, int i) { return s->w[i >> 6] >> (i & 63) & 1; }
static inline void eg_set_add(EgSet *s, int i) { s->w[i >> 6] |= 1ULL << (i & 63); }

/* Up to four pieces on compact squares (eg_table.h's numbering). */
typedef struct {
    int n;
    int sq[4];
    int code[4];
} EgBoard;

typedef struct {
    const Variant *v;
    const uint16_t *sq_of;   /* compact index -> board square */
    int n, type, colour;
    EgSet *mv_base;          /* [f]: quiet destinations on the empty board */
    EgSet *mv_sens;          /* [f * n + t]: squares whose piece changes "f to t" */
    uint8_t *mv_r1;          /* [(f * n + t) * n + y]: bit 0 with a friend on y, bit 1 with an enemy */
    EgSet *at_base;          /* [f]: squares where an enemy would be removed */
    EgSet *at_sens;
    uint8_t *at_r1;
    EgSet *fwd;              /* [f]: every square a move or removal from f may land on */
    int *rev_start;          /* [t .. t + 1]: range of rev */
    uint16_t *rev;           /* squares from which some quiet move reaches t */
    bool removes_elsewhere;  /* some removal does not land on the removed piece */
} EgMoveTab;

/* Asked now and then during a build; false stops it. */
typedef struct {
    bool (*fn)(void *ctx);
    void *ctx;
} EgmGoOn;

#define EGM_STOPPED (-2)

/* Builds the tables of one type and colour; returns 0, -1 when memory
 * runs out, or EGM_STOPPED when go (NULL: never asked) said stop; on
 * failure nothing is left allocated. */
int egm_build(EgMoveTab *mt, const Variant *v, const uint16_t *sq_of, int n, int type, int colour,
              const EgmGoOn *go);
void egm_free(EgMoveTab *mt);

/* The answers for boards where two or more pieces matter. */
bool egm_can_move_slow(const EgMoveTab *mt, const EgBoard *b, int mover, int to);
bool egm_removes_slow(const EgMoveTab *mt, const EgBoard *b, int by, int target, unsigned absent);

/* The one piece of b (but skip1, skip2 and the absent) on a square of
 * sens: its index, -1 for none, -2 for two or more. */
static inline int egm_sole_piece(const EgSet *sens, const EgBoard *b, int skip1, int skip2, unsigned absent)
{
    int found = -1;
    for (int i = 0; i < b->n; i++) {
        if (i == skip1 || i == skip2 || (absent >> i & 1) || !eg_set_has(sens, b->sq[i]))
            continue;
        if (found >= 0)
            return -2;
        found = i;
    }
    return found;
}

/* Piece `mover` of b can make a quiet move to the empty square `to`.
 * (Inline: the solver asks this billions of times.) */
static inline bool egm_can_move(const EgMoveTab *mt, const EgBoard *b, int mover, int to)
{
    int n = mt->n, f = b->sq[mover];
    size_t ft = (size_t)f * (size_t)n + (size_t)to;
    int k = egm_sole_piece(&mt->mv_sens[ft], b, mover, -1, 0);
    if (k == -1)
        return eg_set_has(&mt->mv_base[f], to);
    if (k >= 0)
        return mt->mv_r1[ft * (size_t)n + (size_t)b->sq[k]] >> (((b->code[k] - 1) & 1) == mt->colour ? 0 : 1) & 1;
    return egm_can_move_slow(mt, b, mover, to);
}

/* Piece `by` of b removes piece `target` (of the other colour); pieces
 * whose bit is set in `absent` are not on the board. */
static inline bool egm_removes(const EgMoveTab *mt, const EgBoard *b, int by, int target, unsigned absent)
{
    int n = mt->n, f = b->sq[by], x = b->sq[target];
    size_t fx = (size_t)f * (size_t)n + (size_t)x;
    int k = egm_sole_piece(&mt->at_sens[fx], b, by, target, absent);
    if (k == -1)
        return eg_set_has(&mt->at_base[f], x);
    if (k >= 0)
        return mt->at_r1[fx * (size_t)n + (size_t)b->sq[k]] >> (((b->code[k] - 1) & 1) == mt->colour ? 0 : 1) & 1;
    return egm_removes_slow(mt, b, by, target, absent);
}

#endif
