/* Static exchange evaluation (see.h).  The exchange is played out on the
 * position itself: the rules core makes every step, so whatever a move
 * removes (by replacement, flying or jumping over, double capture, en
 * passant, Titan crush or exile) is counted as the board says, and pieces
 * behind the ones that moved join in as they would in play. */
#include "see.h"

#include "rules/rules.h"

/* The longest exchange followed; beyond it the side to move stops. */
#define SEE_MAX_STEPS 32

static int piece_value(const Variant *v, const int *value, int code)
{
    int t = nc_type(code);
    return v->types[t].royal ? SEE_ROYAL_VALUE : value[t];
}

int see_gain(const Position *p, const Move *m, const int *value)
{
    const Variant *v = p->v;
    MoveEffects fx;
    move_effects(p, m, &fx);
    int gain = 0;
    for (int i = 0; i < fx.n; i++) {
        if (fx.kind[i] == FX_PUSH)
            continue;
        int code = p->board[fx.sq[i]];
        int val = piece_value(v, value, code);
        gain += nc_colour(code) == p->side ? -val : val;
    }
    if (m->promo && m->kind != MK_DROP)
        gain += value[m->promo - 1] - value[nc_type(p->board[m->from])];
    return gain;
}

/* The side to move's cheapest move removing the piece on sq (and of the
 * equally cheap, the one gaining most), with its see_gain; false when it
 * has none. */
static bool cheapest_removal(Position *p, int sq, const int *value, MoveList *ml, Move *out, int *out_gain)
{
    gen_removals(p, sq, p->side, ml);
    int best_cost = 0, best_gain = 0;
    bool found = false;
    for (int i = 0; i < ml->n; i++) {
        const Move *m = &ml->m[i];
        int cost = piece_value(p->v, value, p->board[m->from]);
        if (found && cost > best_cost)
            continue;
        int gain = see_gain(p, m, value);
        if (found && cost == best_cost && gain <= best_gain)
            continue;
        *out = *m;
        best_cost = cost;
        best_gain = gain;
        found = true;
    }
    *out_gain = best_gain;
    return found;
}

int see(Position *p, const Move *m, const int *value, MoveList *scratch)
{
    const Variant *v = p->v;
    /* gain[d]: what the side making step d has won by the end of it, if
     * the exchange stopped there */
    int gain[SEE_MAX_STEPS];
    Move step[SEE_MAX_STEPS];
    Undo undo[SEE_MAX_STEPS];
    gain[0] = see_gain(p, m, value);
    step[0] = *m;
    make_move(p, &step[0], &undo[0]);
    int n = 1, made = 1;
    /* each step takes the piece that made the one before, where it landed */
    while (n < SEE_MAX_STEPS) {
        int target = step[n - 1].to, taken;
        if (!cheapest_removal(p, target, value, scratch, &step[n], &taken))
            break;
        gain[n] = taken - gain[n - 1];
        n++;
        /* taking a royal piece ends the exchange; so does a step after
         * which neither side can do better by going on (the side taking is
         * behind even if the piece is not taken back, and would have been
         * behind had it stopped) */
        if ((v->code_flags[p->board[target]] & NC_CF_ROYAL) || (gain[n - 1] < 0 && -gain[n - 2] < 0))
            break;
        make_move(p, &step[n - 1], &undo[n - 1]);
        made = n;
    }
    for (int i = made - 1; i >= 0; i--)
        unmake_move(p, &step[i], &undo[i]);
    /* each side takes back only when that leaves it better off */
    for (int d = n - 1; d > 0; d--)
        gain[d - 1] = -(gain[d] > -gain[d - 1] ? gain[d] : -gain[d - 1]);
    return gain[0];
}
