/* The history tables' memory and their update rule (reading them is
 * inline in history.h, in the move ordering's loop). */
#include "history.h"

#include <stdlib.h>
#include <string.h>

#define CONT_MAX_ENTRIES (16u << 20) /* 32 MB of continuation history at most */

static void gravity_update(int *h, int bonus)
{
    *h += bonus - *h * (bonus < 0 ? -bonus : bonus) / HISTORY_MAX;
}

static void gravity_update16(int16_t *h, int bonus)
{
    int x = *h;
    gravity_update(&x, bonus);
    *h = (int16_t)x;
}

void history_prepare(History *h, const Variant *v)
{
    int area = v->width * v->height, cols = v->ntypes * area;
    size_t entries = (size_t)2 * (size_t)cols * (size_t)cols;
    if (h->cont && h->cont_v == v && h->cont_area == area && h->cont_cols == cols)
        return;
    free(h->cont);
    h->cont = entries <= CONT_MAX_ENTRIES ? calloc(entries, sizeof *h->cont) : NULL;
    h->cont_entries = h->cont ? entries : 0;
    h->cont_v = v;
    h->cont_area = area;
    h->cont_cols = cols;
}

void history_free(History *h)
{
    free(h->cont);
    h->cont = NULL;
}

void history_clear(History *h)
{
    memset(h->butterfly, 0, sizeof h->butterfly);
    memset(h->countermove, 0, sizeof h->countermove);
    if (h->cont)
        memset(h->cont, 0, sizeof *h->cont * h->cont_entries);
}

void history_new_search(History *h)
{
    memset(h->killers, 0, sizeof h->killers);
    for (int c = 0; c < 2 * NC_MAX_TYPES + 1; c++)
        for (int q = 0; q < NC_MAX_SQ; q++)
            h->butterfly[c][q] /= 2;
}

/* The move's history, and its continuation after the two moves before. */
static void quiet_update(History *h, const Position *p, int16_t *c1, int16_t *c2, const Move *m, int bonus)
{
    gravity_update(&h->butterfly[mover_code(p, m)][m->to], bonus);
    if (c1 || c2) {
        int col = mover_type(p, m) * h->cont_area + history_box_index(p->v, m->to);
        if (c1)
            gravity_update16(&c1[col], bonus);
        if (c2)
            gravity_update16(&c2[col], bonus);
    }
}

void history_reward(History *h, const Position *p, const Move *m, int ply, int bonus, const MoveList *ml,
                    int tried)
{
    if (!move_equal(m, &h->killers[ply][0])) {
        h->killers[ply][1] = h->killers[ply][0];
        h->killers[ply][0] = *m;
    }
    Move *counter = history_counter_slot(h, ply);
    if (counter)
        *counter = *m;
    int16_t *c1 = history_cont_row(h, ply, 1), *c2 = history_cont_row(h, ply, 2);
    quiet_update(h, p, c1, c2, m, bonus);
    /* quiet moves tried before the cut were worse: lower their history */
    for (int i = 0; i < tried; i++) {
        const Move *q = &ml->m[i];
        if (move_equal(q, m) || is_tactical(p, q))
            continue;
        quiet_update(h, p, c1, c2, q, -bonus);
    }
}
