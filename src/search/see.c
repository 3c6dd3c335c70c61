/* Static exchange evaluation for every way these pieces remove others.
 *
 * The exchange is played out on the board with make_move / unmake_move,
 * so x-rays (a rook behind a rook, a bomber behind a raptor), double and
 * locust captures, en passant and Titan crushes are valued exactly as the
 * move would play them: each move's gain is what move_effects() says it
 * removes.  The sequence always attacks the piece that moved last, on the
 * square where it now stands; each side recaptures with its least
 * valuable piece that removes it (a pseudo-legal move: pins are ignored, as
 * in every SEE; a royal piece is worth SEE_ROYAL, so taking into a
 * defended square never looks good).  A cheap check test (sq_removable)
 * ends the sequence before generating any move when nothing can
 * recapture, which is the common case.
 *
 * Approximations, each on the side of caution or of simplicity:
 *  - only the last mover is attacked: a fly-over capture whose capturer
 *    lands beyond the victim continues on the landing square, and pieces
 *    exposed by a line opened elsewhere are not considered;
 *  - a Titan cannot be removed, so the sequence stops when a Titan moved
 *    last (the crushes a push of it might cause later are not counted);
 *  - drops never remove a piece and are never a recapture, though a drop
 *    may later defend; quiet moves that defend are not considered either;
 *  - at most SEE_DEPTH moves are played out. */
#include "see.h"

#include "../movegen.h"

#define SEE_DEPTH 12

static int piece_value(const EvalTables *et, const Position *p, int code)
{
    int t = nc_type(code);
    return p->v->types[t].royal ? SEE_ROYAL : et->value[t];
}

int see_gain(const EvalTables *et, const Position *p, const Move *m)
{
    int gain = 0;
    if (m->kind == MK_CASTLE)
        return 0;
    if (m->cap[0] || (m->flags & MF_PUSH) || (m->kind != MK_DROP && p->board[m->to] != NC_EMPTY)) {
        MoveEffects fx;
        move_effects(p, m, &fx);
        for (int i = 0; i < fx.n; i++) {
            if (fx.kind[i] == FX_PUSH)
                continue;
            int code = p->board[fx.sq[i]];
            int val = piece_value(et, p, code);
            gain += nc_colour(code) == p->side ? -val : val;
        }
    }
    if (m->promo && m->kind != MK_DROP) {
        int from_t = nc_type(p->board[m->from]);
        gain += et->value[m->promo - 1] - et->value[from_t];
    }
    return gain;
}

/* Whether m removes the piece on sq (by replacement, over, en passant, or
 * a crush at the end of a push chain). */
static bool removes_sq(const Position *p, const Move *m, int sq)
{
    if (m->kind == MK_CASTLE)
        return false;
    if (m->cap[0] == sq || m->cap[1] == sq)
        return true;
    if (m->kind == MK_DROP)
        return false;
    if (m->flags & MF_PUSH) {
        MoveEffects fx;
        move_effects(p, m, &fx);
        for (int i = 0; i < fx.n; i++)
            if (fx.kind[i] != FX_PUSH && fx.sq[i] == sq)
                return true;
        return false;
    }
    return m->to == sq;
}

/* The cheapest move of the side to move that removes the piece on sq; on
 * equal movers the one that wins more.  Returns false when there is none. */
static bool least_attacker(const EvalTables *et, Position *p, int sq, MoveList *ml, Move *out)
{
    if (!sq_removable(p, sq, p->side))
        return false;
    gen_pseudo(p, ml);
    int best_val = 0, best_gain = 0;
    bool found = false;
    for (int i = 0; i < ml->n; i++) {
        const Move *m = &ml->m[i];
        if (m->kind == MK_DROP || !removes_sq(p, m, sq))
            continue;
        int val = piece_value(et, p, p->board[m->from]);
        if (found && val > best_val)
            continue;
        int gain = see_gain(et, p, m);
        if (!found || val < best_val || gain > best_gain) {
            *out = *m;
            best_val = val;
            best_gain = gain;
            found = true;
        }
    }
    return found;
}

static bool is_titan(const Position *p, int sq)
{
    int code = p->board[sq];
    return code != NC_EMPTY && code != NC_OFF && p->v->types[nc_type(code)].titan;
}

int see_move(const EvalTables *et, Position *p, const Move *m)
{
    int gain[SEE_DEPTH + 1];
    Move mv[SEE_DEPTH + 1];
    Undo u[SEE_DEPTH + 1];
    MoveList ml;
    gain[0] = see_gain(et, p, m);
    mv[0] = *m;
    make_move(p, &mv[0], &u[0]);
    int n = 1;
    /* each move is answered by a removal of the piece that just moved */
    while (n <= SEE_DEPTH && !is_titan(p, mv[n - 1].to) && p->board[mv[n - 1].to] != NC_EMPTY) {
        if (!least_attacker(et, p, mv[n - 1].to, &ml, &mv[n]))
            break;
        gain[n] = see_gain(et, p, &mv[n]);
        make_move(p, &mv[n], &u[n]);
        n++;
        if (gain[n - 1] >= SEE_ROYAL / 2)
            break; /* a royal piece was taken: the game is over */
    }
    int moves = n;
    while (n-- > 0)
        unmake_move(p, &mv[n], &u[n]);
    /* back up: each side after the first may decline to go on */
    int best = 0;
    for (int k = moves - 1; k >= 1; k--)
        best = gain[k] - best > 0 ? gain[k] - best : 0;
    return gain[0] - best;
}
