/* What the search's parts (search.c, tt.c, history.c, ordering.c) share:
 * the ply limit, the score scale, and facts about a move that each of them
 * reads off the board. */
#ifndef NC_SEARCH_DEFS_H
#define NC_SEARCH_DEFS_H

#include "rules/rules.h"

#define MAX_PLY 128
#define INF 32000
#define MATE 30000 /* SEARCH_MATE; search.c checks that they agree */
#define MATE_BOUND (MATE - 1000)
#define QS_MAX 24 /* quiescence plies: bounds the capture sequences of big boards */

/* Whether a move may remove a piece (decided from the move and the board). */
static inline bool is_tactical(const Position *p, const Move *m)
{
    if (m->kind == MK_CASTLE)
        return false;
    if (m->cap[0] || (m->flags & MF_PUSH))
        return true;
    return m->kind != MK_DROP && p->board[m->to] != NC_EMPTY;
}

/* The type of the piece a move moves or drops. */
static inline int mover_type(const Position *p, const Move *m)
{
    return m->kind == MK_DROP ? m->promo - 1 : nc_type(p->board[m->from]);
}

/* The piece code (type and colour) of the piece a move moves or drops. */
static inline int mover_code(const Position *p, const Move *m)
{
    return m->kind == MK_DROP ? nc_code(m->promo - 1, p->side) : p->board[m->from];
}

/* The value (by the caller's table) of the piece a move moves or drops. */
static inline int mover_value(const int *value, const Position *p, const Move *m)
{
    return value[mover_type(p, m)];
}

/* Whether a capture gaining `gain` by a piece worth `mover` may lose the
 * exchange that follows: the piece is worth more than it takes, or is
 * royal (worth more than anything). */
static inline bool may_lose_exchange(const Position *p, const Move *m, int gain, int mover)
{
    return gain < mover || (p->v->code_flags[mover_code(p, m)] & NC_CF_ROYAL);
}

#endif
