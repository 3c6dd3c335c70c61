/* What the search remembers of quiet moves that cut nodes off, for move
 * ordering and late-move reductions: killers (by ply), history by mover
 * and destination, the countermove (the quiet move that last refuted each
 * move), and continuation history (how a move did after each of the two
 * moves before it).  It also holds the moves of the search path, which the
 * last two are indexed by.  One per search, owned by it. */
#ifndef NC_SEARCH_HISTORY_H
#define NC_SEARCH_HISTORY_H

#include "defs.h"

#include <stddef.h>
#include <stdint.h>

/* History scores stay within +/-HISTORY_MAX: each update moves a score
 * toward the bound by a share of the distance left (history "gravity"),
 * so old results fade and no rescaling pass is needed. */
#define HISTORY_MAX 16384

typedef struct {
    Move killers[MAX_PLY][2];
    /* quiet-move history by mover code and destination */
    int butterfly[2 * NC_MAX_TYPES + 1][NC_MAX_SQ];
    /* the quiet move that last refuted each move (mover code, destination) */
    Move countermove[2 * NC_MAX_TYPES + 1][NC_MAX_SQ];
    /* mover code and destination of the move made at each ply of the
     * path (code 0 for a null move or a quiescence move) */
    uint8_t path_code[MAX_PLY];
    uint16_t path_to[MAX_PLY];
    /* continuation history as cont[earlier][later]: the earlier move by its
     * mover code and square, the later by its type and square (its colour
     * follows: the other side's one ply on, the same two plies on, so the
     * two uses never share an entry).  Sized for the variant; NULL (not
     * used) for a board too big for it. */
    int16_t *cont;
    const Variant *cont_v;
    int cont_area, cont_cols; /* squares of the board box; types x squares */
    size_t cont_entries;
} History;

/* Sizes the continuation history for v (keeps it when v's is the same). */
void history_prepare(History *h, const Variant *v);
void history_free(History *h);
/* Forgets everything learnt (a new game). */
void history_clear(History *h);
/* A new search: no killers, and the history of earlier ones halved. */
void history_new_search(History *h);

/* Records the move made at ply (code 0: a null move, or none to keep). */
static inline void history_set_path(History *h, int ply, int code, int to)
{
    h->path_code[ply] = (uint8_t)code;
    h->path_to[ply] = (uint16_t)to;
}

/* The square's index in the board box. */
static inline int history_box_index(const Variant *v, int sq)
{
    return v->rank_of[sq] * v->width + v->file_of[sq];
}

/* The continuation row of the move made `back` plies before ply, or NULL
 * (no table, before the root, a null move or a quiescence move). */
static inline int16_t *history_cont_row(History *h, int ply, int back)
{
    int q = ply - back;
    if (!h->cont || q < 0 || !h->path_code[q])
        return NULL;
    size_t row = (size_t)(h->path_code[q] - 1) * (size_t)h->cont_area + (size_t)history_box_index(h->cont_v, h->path_to[q]);
    return h->cont + row * (size_t)h->cont_cols;
}

/* The countermove slot for the move that led to ply, or NULL at the root
 * and after a null move. */
static inline Move *history_counter_slot(History *h, int ply)
{
    if (ply < 1 || ply >= MAX_PLY || !h->path_code[ply - 1])
        return NULL;
    return &h->countermove[h->path_code[ply - 1]][h->path_to[ply - 1]];
}

/* History of a quiet move: by mover and square, and after the two moves
 * before it (their continuation rows c1 and c2, either may be NULL). */
static inline int history_quiet(const History *h, const Position *p, const int16_t *c1, const int16_t *c2,
                                const Move *m)
{
    int s = h->butterfly[mover_code(p, m)][m->to];
    if (c1 || c2) {
        int col = mover_type(p, m) * h->cont_area + history_box_index(p->v, m->to);
        s += (c1 ? c1[col] : 0) + (c2 ? c2[col] : 0);
    }
    return s;
}

/* A quiet move m cut the node at ply off: it becomes the first killer and
 * the countermove, its history rises by bonus, and the history of the
 * quiet moves tried before it (the first `tried` of ml) falls by as much. */
void history_reward(History *h, const Position *p, const Move *m, int ply, int bonus, const MoveList *ml,
                    int tried);

#endif
