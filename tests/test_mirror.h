/* The colour-mirrored twin of a position, for the tests of the
 * evaluation's and the search's colour symmetry.  Include after cmocka.h. */
#ifndef NC_TEST_MIRROR_H
#define NC_TEST_MIRROR_H

#include "rules/rules.h"

/* The colour-mirrored twin of p: ranks mirrored, colours, side to move,
 * hands, castling rights and en-passant squares swapped. */
static inline void mirror_position(const Position *p, Position *q)
{
    const Variant *v = p->v;
    pos_clear(q, v);
    for (int i = 0; i < v->nsquares; i++) {
        int sq = v->squares[i], c = p->board[sq];
        if (c != NC_EMPTY)
            pos_put(q, nc_mirror_sq(v, sq, NC_BLACK), nc_code(nc_type(c), nc_colour(c) ^ 1));
    }
    for (int c = 0; c < 2; c++)
        for (int t = 0; t < v->ntypes; t++)
            q->hand[c ^ 1][t] = p->hand[c][t];
    q->side = p->side ^ 1;
    q->castle = (uint8_t)((p->castle & 3) << 2 | (p->castle >> 2 & 3));
    q->nep = p->nep;
    for (int i = 0; i < p->nep; i++)
        q->ep[i] = (uint16_t)nc_mirror_sq(v, p->ep[i], NC_BLACK);
    q->ep_victim = p->ep_victim ? (uint16_t)nc_mirror_sq(v, p->ep_victim, NC_BLACK) : 0;
    q->halfmove = p->halfmove;
    q->fullmove = p->fullmove;
    q->key = pos_compute_key(q);
}

#endif
