/* Board actions shared by the screens that show a board: stepping the
 * cursor over the squares that exist, the labels of the "Which move?"
 * menu (each screen asks it as a dialog) and playing the move chosen.  No
 * key handling and no screen state. */
#include "ui_internal.h"

#include <stdlib.h>
#include <string.h>

/* The square the cursor reaches from sq going (dx, dy) on the board: the
 * nearest existing square in that direction, within 45 degrees of it (so
 * that on a board with holes, e0 "left" reaches d1 and f0 "up" f1); the
 * nearest along the direction first, then the one least to the side,
 * then the one nearer the board's middle.  sq itself when there is none. */
int ui_cursor_target(const Variant *v, int sq, int dx, int dy)
{
    int f = v->file_of[sq], r = v->rank_of[sq];
    int best = sq, best_along = 0, best_side = 0, best_mid = 0;
    for (int i = 0; i < v->nsquares; i++) {
        int t = v->squares[i];
        int ddx = v->file_of[t] - f, ddy = v->rank_of[t] - r;
        int along = dx ? ddx * dx : ddy * dy;
        int side = abs(dx ? ddy : ddx);
        if (along <= 0 || side > along)
            continue;
        int mid = dx ? abs(2 * v->rank_of[t] - (v->height - 1)) : abs(2 * v->file_of[t] - (v->width - 1));
        if (best == sq || along < best_along || (along == best_along && side < best_side) ||
            (along == best_along && side == best_side && mid < best_mid)) {
            best = t;
            best_along = along;
            best_side = side;
            best_mid = mid;
        }
    }
    return best;
}

/* Moves the cursor one square on screen (see ui_cursor_target). */
void ui_cursor_step(Ui *u, int dx, int dy)
{
    if (u->look.flipped) {
        dx = -dx;
        dy = -dy;
    }
    u->board.cursor = ui_cursor_target(u->game.v, u->board.cursor, dx, dy);
    ui_hover(u);
}

int ui_candidate_labels(const Ui *u, const Move *c, int n, char (*labels)[200])
{
    if (n > 16)
        n = 16;
    for (int i = 0; i < n; i++) {
        ui_describe_move(u, &c[i], labels[i], 200);
        if (c[i].kind != MK_CASTLE && u->game.g.pos.board[c[i].from] != NC_EMPTY &&
            u->game.v->types[nc_type(u->game.g.pos.board[c[i].from])].royal) {
            size_t l = strlen(labels[i]);
            snprintf(labels[i] + l, 200 - l, " (king step)");
        }
    }
    return n;
}

void ui_play_candidate(Ui *u, const Move *m)
{
    char buf[200];
    ui_move_message(u, m, buf, sizeof buf);
    ui_play(u, m);
    ui_msg(u, false, "Played %s", buf);
}

static const char *side_name(int c)
{
    return c == NC_WHITE ? "White" : "Black";
}

/* Why the piece on from (or the hand piece drop_type, from 0) cannot go to
 * to: it never moves there, or every such move leaves its king removable. */
void ui_explain_refusal(const Ui *u, int from, int drop_type, int to, char *msg, int len)
{
    char a[8], b[8];
    nc_sqname(u->game.v, to, b);
    Position p = u->game.g.pos;
    MoveList ml;
    gen_pseudo(&p, &ml);
    for (int i = 0; i < ml.n; i++) {
        const Move *m = &ml.m[i];
        bool same = drop_type >= 0 ? m->kind == MK_DROP && m->promo == drop_type + 1
                                   : m->kind != MK_DROP && m->from == from;
        if (same && m->to == to && !move_is_legal(&p, m)) {
            snprintf(msg, (size_t)len, "Not allowed: that move to %s would leave your king in check", b);
            return;
        }
    }
    if (drop_type >= 0)
        snprintf(msg, (size_t)len, "The %s cannot be dropped on %s", ui_type_name(u->game.v, drop_type), b);
    else
        snprintf(msg, (size_t)len, "The %s on %s cannot go to %s",
                 ui_type_name(u->game.v, nc_type(u->game.g.pos.board[from])), nc_sqname(u->game.v, from, a), b);
}

/* Why no drop of the hand piece type is legal now. */
void ui_explain_no_drop(const Ui *u, int type, char *msg, int len)
{
    const Variant *v = u->game.v;
    int side = u->game.g.pos.side, free_sq = 0;
    for (int i = 0; i < v->ndropsq[type][side]; i++)
        if (u->game.g.pos.board[v->dropsq[type][side][i]] == NC_EMPTY)
            free_sq++;
    const char *name = ui_type_name(v, type);
    if (v->ndropsq[type][side] == 0)
        snprintf(msg, (size_t)len, "The %s has no square it may be dropped on in this variant", name);
    else if (free_sq == 0)
        snprintf(msg, (size_t)len, "The %s cannot be dropped: all %d squares it may be dropped on are occupied",
                 name, v->ndropsq[type][side]);
    else
        snprintf(msg, (size_t)len, "The %s cannot be dropped: every drop would leave your king in check", name);
}

/* Appends to msg what the typed effects "xe7^d5..." say that the move
 * from-to does not do; returns true when something was said. */
static bool wrong_effects(const Ui *u, const Move *m, const char *rest, char *msg, int len)
{
    MoveEffects fx;
    move_effects(&u->game.g.pos, m, &fx);
    bool said = false;
    for (const char *s = rest; *s;) {
        if (!strchr("x^%:", *s)) {
            s++;
            continue;
        }
        s++;
        int sq = nc_parse_sq(u->game.v, &s);
        if (sq < 0)
            continue;
        bool real = false;
        for (int i = 0; i < fx.n; i++)
            real = real || fx.sq[i] == sq;
        if (!real) {
            char n[8];
            size_t l = strlen(msg);
            snprintf(msg + l, (size_t)len - l, "%s nothing is removed on %s", said ? "," : ":",
                     nc_sqname(u->game.v, sq, n));
            said = true;
        }
    }
    return said;
}

/* For a typed drop "X@sq..." that names no legal move: the piece is not
 * in hand, the square is taken, or the drop is refused (ui_explain_refusal). */
static bool explain_drop(const Ui *u, const char *typed, char *msg, int len)
{
    const Position *p = &u->game.g.pos;
    if (!typed[0] || typed[1] != '@')
        return false;
    int type = nc_type_of_letter(u->game.v, typed[0]);
    const char *t = typed + 2;
    int sq = nc_parse_sq(u->game.v, &t);
    if (type < 0 || sq <= 0)
        return false;
    char n[8];
    nc_sqname(u->game.v, sq, n);
    if (!p->hand[p->side][type])
        snprintf(msg, (size_t)len, "No move %s: %s has no %s in hand", typed, side_name(p->side),
                 ui_type_name(u->game.v, type));
    else if (p->board[sq] != NC_EMPTY)
        snprintf(msg, (size_t)len, "No move %s: %s is occupied", typed, n);
    else
        ui_explain_refusal(u, 0, type, sq, msg, len);
    return true;
}

/* For a typed "from-to..." that names no legal move: says what is wrong
 * with the squares or the effects the player typed. */
static void explain_from_to(const Ui *u, const char *typed, const char *err, char *msg, int len)
{
    const Position *p = &u->game.g.pos;
    if (explain_drop(u, typed, msg, len))
        return;
    const char *t = typed;
    int from = nc_parse_sq(u->game.v, &t);
    if (from > 0 && (*t == '-' || *t == 'x'))
        t++;
    int to = from > 0 ? nc_parse_sq(u->game.v, &t) : -1;
    char a[8], text[160];
    if (from <= 0 || to <= 0) {
        snprintf(msg, (size_t)len, "%s", err);
        return;
    }
    nc_sqname(u->game.v, from, a);
    int code = p->board[from];
    if (code == NC_EMPTY) {
        snprintf(msg, (size_t)len, "No move %s: there is no piece on %s", typed, a);
        return;
    }
    if (nc_colour(code) != p->side) {
        snprintf(msg, (size_t)len, "No move %s: the %s on %s is %s's; it is %s to move", typed,
                 ui_type_name(u->game.v, nc_type(code)), a, side_name(nc_colour(code)), side_name(p->side));
        return;
    }
    for (int i = 0; i < u->board.legal.n; i++) {
        const Move *m = &u->board.legal.m[i];
        if (m->kind == MK_DROP || m->from != from || m->to != to)
            continue;
        snprintf(msg, (size_t)len, "No move %s", typed);
        if (!wrong_effects(u, m, t, msg, len)) {
            size_t l = strlen(msg);
            snprintf(msg + l, (size_t)len - l, ": its effects are written differently");
        }
        size_t l = strlen(msg);
        snprintf(msg + l, (size_t)len - l, "; the move from %s to %s is %s", a, nc_sqname(u->game.v, to, text + 100),
                 move_to_text(p, m, text, 100));
        return;
    }
    ui_explain_refusal(u, from, -1, to, msg, len);
}

/* The typed text without surrounding blanks and without the colon that
 * follows a move in the hint ("Hint: c7-e6xe6: captures ..."): a colon
 * marks an exile only when a square follows it. */
static void trim_typed(const char *in, char *out, size_t size)
{
    while (*in == ' ')
        in++;
    snprintf(out, size, "%s", in);
    size_t n = strlen(out);
    while (n > 0 && (out[n - 1] == ' ' || out[n - 1] == ':'))
        out[--n] = 0;
}

/* Castlings that move the king like the king step m: the player is asked
 * which one was meant, as when the target is chosen on the board. */
static int add_castlings(const Ui *u, const Move *m, Move *c, int n, int max)
{
    if (m->kind == MK_CASTLE || m->kind == MK_DROP || !u->game.v->types[nc_type(u->game.g.pos.board[m->from])].royal)
        return n;
    for (int i = 0; i < u->board.legal.n && n < max; i++) {
        const Move *k = &u->board.legal.m[i];
        if (k->kind == MK_CASTLE && k->from == m->from && k->to == m->to)
            c[n++] = *k;
    }
    return n;
}

int ui_typed_move(Ui *u, const char *typed, Move *c, int max, char *msg, int len)
{
    char buf[160];
    trim_typed(typed, buf, sizeof buf);
    msg[0] = 0;
    if (!buf[0]) {
        snprintf(msg, (size_t)len, "No move typed");
        return 0;
    }
    MoveRead r;
    switch (move_read_input(&u->game.g.pos, buf, &r)) {
    case MOVE_READ_OK:
        c[0] = r.move;
        return add_castlings(u, &r.move, c, 1, max);
    case MOVE_READ_AMBIGUOUS:
        /* a short form naming several moves: they are offered in a menu */
        if (r.ncand > 1) {
            int n = r.ncand < max ? r.ncand : max;
            memcpy(c, r.cand, sizeof *c * (size_t)n);
            return n;
        }
        break;
    case MOVE_READ_ILLEGAL:
        explain_from_to(u, buf, r.msg, msg, len);
        return 0;
    default:
        break;
    }
    snprintf(msg, (size_t)len, "%s", r.msg);
    return 0;
}
