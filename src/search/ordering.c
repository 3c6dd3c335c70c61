/* Move ordering: the scores of a node's moves, and the exchange
 * evaluation of a capture when it comes up in the order. */
#include "ordering.h"
#include "see.h"

void order_score(const Position *p, const int *value, History *h, const MoveList *ml, int *sc, const Move *hash,
                 int ply)
{
    const int16_t *c1 = history_cont_row(h, ply, 1), *c2 = history_cont_row(h, ply, 2);
    const Move *counter = history_counter_slot(h, ply);
    if (counter && !counter->to)
        counter = NULL;
    for (int i = 0; i < ml->n; i++) {
        const Move *m = &ml->m[i];
        if (hash && move_equal(m, hash)) {
            sc[i] = SC_HASH;
            continue;
        }
        if (is_tactical(p, m) || (m->promo && m->kind != MK_DROP)) {
            int g = see_gain(p, m, value), mv = mover_value(value, p, m);
            if (g > 0) {
                sc[i] = SC_GOOD + 2 * (g * 64 - mv / 8) + may_lose_exchange(p, m, g, mv);
                continue;
            }
        }
        if (ply < MAX_PLY && move_equal(m, &h->killers[ply][0]))
            sc[i] = SC_KILLER1;
        else if (ply < MAX_PLY && move_equal(m, &h->killers[ply][1]))
            sc[i] = SC_KILLER2;
        else if (counter && move_equal(m, counter))
            sc[i] = SC_COUNTER;
        else
            sc[i] = history_quiet(h, p, c1, c2, m);
    }
}

void order_pick_checked(Position *p, const int *value, MoveList *scratch, MoveList *ml, int *sc, int i)
{
    for (;;) {
        order_pick(ml, sc, i);
        if (sc[i] < SC_GOOD || sc[i] >= SC_HASH || !(sc[i] & 1))
            return;
        int v = see(p, &ml->m[i], value, scratch);
        if (v >= 0) {
            sc[i]--;
            return;
        }
        sc[i] = SC_LOSING + (v > SC_LOSING_MIN - SC_LOSING ? v : SC_LOSING_MIN - SC_LOSING);
    }
}
