/* The game's clocks on the screen: the time control of the games to come,
 * running the clock of the side to move, the bell when a human's runs low,
 * the loss on time, and the clocks' line in the panel.  The arithmetic is
 * gameclock.c's; the game (ui_game.c) tells the clock of each move and
 * takeback and plans the computer's time from its clock. */
#include "ui_internal.h"

#include "rules/rules.h"
#include "search/search.h"

#include <curses.h>
#include <string.h>

void ui_clock_configure(Ui *u, double base, double inc)
{
    u->clocks.clock.base = base;
    u->clocks.clock.inc = inc;
    if (u->game.v && u->game.g.nply == 0)
        gameclock_init(&u->clocks.clock, base, inc);
}

/* Whether the side that did not run out of time could still mate: not
 * when it has nothing but royal pieces (a bare king), on the board or in
 * hand.  Other material counts as enough, as the PGN standard's "flag
 * loses" does unless mate is plainly impossible. */
static bool can_mate(const Position *p, int side)
{
    const Variant *v = p->v;
    for (int t = 0; t < v->ntypes; t++) {
        if (v->types[t].royal)
            continue;
        if (p->count[nc_code(t, side)] > 0 || p->hand[side][t] > 0)
            return true;
    }
    return false;
}

static void flag_falls(Ui *u, int side)
{
    const char *who = side == NC_WHITE ? "White" : "Black";
    ui_computer_stop(u);
    u->game.end = END_TIME;
    u->save.changes++;
    const char *other = side == NC_WHITE ? "Black" : "White";
    if (can_mate(&u->game.g.pos, side ^ 1)) {
        snprintf(u->game.result, sizeof u->game.result, "%s, %s lost on time", side == NC_WHITE ? "0-1" : "1-0", who);
        ui_msg(u, false, "%s ran out of time: %s wins", who, other);
    } else {
        snprintf(u->game.result, sizeof u->game.result, "1/2-1/2, %s out of time, %s cannot mate", who, other);
        ui_msg(u, false, "%s ran out of time, but %s cannot mate: a draw", who, other);
    }
}

/* Rings once when a human's clock falls under a tenth of the base time
 * (ten seconds at most), and again only after it has been above it. */
static void tell_low(Ui *u, int side, double left)
{
    double low = u->clocks.clock.base / 10 < 10 ? u->clocks.clock.base / 10 : 10;
    if (left >= low || u->game.player[side] != PL_HUMAN) {
        u->clocks.low_told[side] = false;
        return;
    }
    if (!u->clocks.low_told[side] && left > 0)
        ui_bell(u);
    u->clocks.low_told[side] = true;
}

void ui_clock_tick(Ui *u)
{
    GameClock *c = &u->clocks.clock;
    if (!c->on || u->mode.tutorial)
        return;
    double now = nc_seconds();
    int side = u->game.g.pos.side;
    if (ui_game_over(u)) {
        if (c->turn_start >= 0)
            gameclock_stop(c, now, side);
        return;
    }
    /* The first move of a game costs no time, as on most chess servers:
     * the clocks start once it is made. */
    if (c->turn_start < 0 && u->game.g.nply > 0)
        gameclock_start(c, now);
    if (c->turn_start >= 0)
        tell_low(u, side, gameclock_left(c, side, side, now));
    if (c->turn_start >= 0 && gameclock_left(c, side, side, now) <= 0) {
        gameclock_stop(c, now, side);
        c->left[side] = 0;
        flag_falls(u, side);
    }
}

int ui_clock_draw(const Ui *u, int y)
{
    if (!u->clocks.clock.on)
        return y;
    const Layout *l = &u->look.lay;
    double now = nc_seconds();
    int side = u->game.g.pos.side;
    int running = u->clocks.clock.turn_start >= 0 ? side : -1;
    int x = l->px;
    for (int c = 0; c < 2; c++) {
        char t[16], item[40];
        gameclock_display(gameclock_left(&u->clocks.clock, c, running, now), t, sizeof t);
        snprintf(item, sizeof item, "%s %s", c == NC_WHITE ? "White" : "Black", t);
        int w = (int)strlen(item);
        if (x > l->px && x + w > l->px + l->pw - 1) { /* a narrow panel: one clock a line */
            x = l->px;
            y++;
        }
        attrset(c == running ? A_BOLD | A_REVERSE : A_NORMAL);
        mvaddstr(y, x, item);
        attrset(A_NORMAL);
        x += w + 2;
    }
    return y + 1;
}
