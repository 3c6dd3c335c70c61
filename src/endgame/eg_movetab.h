/* Per-piece move tables of the endgame solver, derived from the rules
 * core's move generator (no movement rule is written here): for one piece
 * type and colour, on a board with only a few pieces, where it can move
 * and what it can remove, from every square.  Each answer is kept for the
 * empty board and for every single other piece (friend or enemy) on every
 * square, with the squares that change it; a board where two or more
 * pieces touch the answer asks the move generator itself.  No I/O. */
#ifndef NC_EG_MOVETAB_H
#define NC_EG_MOVETAB_H

#include "../position.h"

#include <stdbool.h>
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

/* Builds the tables of one type and colour; returns 0, or -1 when memory
 * runs out. */
int egm_build(EgMoveTab *mt, const Variant *v, const uint16_t *sq_of, int n, int type, int colour);
void egm_free(EgMoveTab *mt);

/* Piece `mover` of b can make a quiet move to the empty square `to`. */
bool egm_can_move(const EgMoveTab *mt, const EgBoard *b, int mover, int to);
/* Piece `by` of b removes piece `target` (of the other colour); pieces
 * whose bit is set in `absent` are not on the board. */
bool egm_removes(const EgMoveTab *mt, const EgBoard *b, int by, int target, unsigned absent);

#endif
