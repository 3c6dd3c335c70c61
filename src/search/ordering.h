/* Move ordering: each move of a node scored (the table's move, winning
 * captures by gain and then the cheaper mover, killers, the countermove,
 * quiet moves by history, losing captures last) and picked best first. */
#ifndef NC_SEARCH_ORDERING_H
#define NC_SEARCH_ORDERING_H

#include "history.h"

/* Captures and promotions score SC_GOOD + 2 * (64 * gain - mover / 8),
 * plus 1 while the exchange evaluation of a capture by a piece worth more
 * than its gain is still to be done: it is done when the move comes up in
 * the order (order_pick_checked), and a capture that loses material then
 * goes after the quiet moves, at SC_LOSING + its (negative) exchange
 * value. */
enum {
    SC_HASH = 2000000000,
    SC_GOOD = 1000000000,
    SC_KILLER1 = 900000000,
    SC_KILLER2 = 899999999,
    SC_COUNTER = 899999998,
    SC_LOSING = -200000000,
    SC_LOSING_MIN = SC_LOSING - 10000000,
};

static inline bool is_losing_capture(int score)
{
    return score < SC_LOSING && score >= SC_LOSING_MIN;
}

/* Scores the moves of ml at ply into sc; hash (may be NULL) is the table's
 * move; value is the evaluation's piece values. */
void order_score(const Position *p, const int *value, History *h, const MoveList *ml, int *sc, const Move *hash,
                 int ply);

/* Selection sort step: brings the best remaining move to index i. */
static inline void order_pick(MoveList *ml, int *sc, int i)
{
    /* the highest score first, then the first move that has it: the
     * first loop has no branch and compiles to vector instructions */
    int n = ml->n, best = sc[i];
    for (int j = i + 1; j < n; j++)
        best = sc[j] > best ? sc[j] : best;
    int b = i;
    while (sc[b] != best)
        b++;
    if (b != i) {
        Move tm = ml->m[i];
        ml->m[i] = ml->m[b];
        ml->m[b] = tm;
        int ts = sc[i];
        sc[i] = sc[b];
        sc[b] = ts;
    }
}

/* order_pick(), then the exchange evaluation of a capture that needs one:
 * a losing capture is moved after the quiet moves and the next best taken.
 * scratch is a move list it may overwrite. */
void order_pick_checked(Position *p, const int *value, MoveList *scratch, MoveList *ml, int *sc, int i);

#endif
