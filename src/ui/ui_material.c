/* What each side has taken and the material balance, for the panel.
 * Pieces leave the board by capture, fly-over, crush and exile, so the
 * taken pieces are read from each move's effects (move_effects) rather
 * than from a diff with the setup, which promotions and drops would
 * confuse; the balance is the values on the board and in hand now. */
#include "ui_internal.h"

#include <string.h>

/* Walks back from the game's position to its start: the position before
 * each ply of the shown ones tells what that ply removed. */
static void count_taken(const Ui *u, int taken[2][NC_MAX_TYPES])
{
    memset(taken, 0, sizeof(int) * 2 * NC_MAX_TYPES);
    Position p = u->game.g.pos;
    int shown = ui_shown_ply(u);
    for (int i = u->game.g.nply - 1; i >= 0; i--) {
        unmake_move(&p, &u->game.g.moves[i], &u->game.g.undos[i]);
        if (i >= shown)
            continue;
        MoveEffects fx;
        move_effects(&p, &u->game.g.moves[i], &fx);
        for (int k = 0; k < fx.n; k++) {
            int code = p.board[fx.sq[k]];
            if (fx.kind[k] == FX_PUSH || code == NC_EMPTY || code == NC_OFF)
                continue;
            /* Taken by the other side (a crush of one's own piece too). */
            taken[nc_colour(code) ^ 1][nc_type(code)]++;
        }
    }
}

/* Values on the board and in hand of side c; royal pieces left out. */
static int material_of(const Position *p, int c)
{
    const Variant *v = p->v;
    int sum = 0;
    for (int i = 0; i < v->nsquares; i++) {
        int sq = v->squares[i], code = p->board[sq];
        if (code != NC_EMPTY && code != NC_OFF && nc_colour(code) == c && !v->types[nc_type(code)].royal)
            sum += v->types[nc_type(code)].value;
    }
    for (int t = 0; t < v->ntypes; t++)
        if (!v->types[t].royal)
            sum += p->hand[c][t] * v->types[t].value;
    return sum;
}

int ui_material_lead(const Ui *u, int side)
{
    const Position *p = ui_shown_pos(u);
    /* In pawns, rounded: the player's scale, not the engine's. */
    int diff = material_of(p, side) - material_of(p, side ^ 1);
    return (diff >= 0 ? diff + 50 : diff - 50) / 100;
}

int ui_material_line(const Ui *u, int side, char *buf, int len)
{
    int taken[2][NC_MAX_TYPES];
    count_taken(u, taken);
    const Variant *v = u->game.v;
    int pawns = ui_material_lead(u, side);
    int n = snprintf(buf, (size_t)len, "%s", nc_colour_name(side));
    if (pawns > 0)
        n += snprintf(buf + n, (size_t)(len - n), " +%d", pawns);
    int count = 0;
    /* The most valuable first, as the eye reads a score. */
    bool done[NC_MAX_TYPES] = {false};
    for (;;) {
        int best = -1;
        for (int t = 0; t < v->ntypes; t++)
            if (!done[t] && taken[side][t] && (best < 0 || v->types[t].value > v->types[best].value))
                best = t;
        if (best < 0)
            break;
        done[best] = true;
        if (!count && n < len - 7)
            n += snprintf(buf + n, (size_t)(len - n), ": took");
        for (int k = 0; k < taken[side][best] && n < len - 3; k++)
            n += snprintf(buf + n, (size_t)(len - n), " %c", v->types[best].letter);
        count += taken[side][best];
    }
    return count;
}
