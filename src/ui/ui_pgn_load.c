/* Loading a saved game: the PGN read by the one loader of games
 * (pgn_game_read) into a new game built aside, its tags, comments
 * and NAGs kept for saving it back (ui_pgn_origin.c), its clocks from
 * [TimeControl] and [%clk]; then the game it replaces left saved
 * (ui_autosave.c) and the new one put in its place.  A failed load leaves
 * the game as it was.  Nothing is drawn here. */
#include "ui_internal.h"
#include "notation/notation.h"

#include "text/quote.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* The game being read, built aside in n; its tags kept as read. */
typedef struct {
    Ui *u;       /* the screen's game, whose settings the new one takes */
    Ui *n;
    UiOrigin tags;
    bool begun;
    bool nomem;
    char warn[800];   /* the first warning: a false '+' or '#' */
} Loading;

/* Every tag, kept to be written back when the game is saved. */
static void load_tag(void *ctx, const char *name, const char *value)
{
    Loading *ld = ctx;
    if (ui_origin_add_tag(&ld->tags, name, value))
        ld->nomem = true;
}

/* The new game of the tags' variant, setup, Titans and position, with the
 * file's time control (a game saved without one gets the clocks this
 * program was asked for, --time, if any). */
static int load_begin(void *ctx, const PgnTags *t, Game **g, char *err, int errlen)
{
    Loading *ld = ctx;
    Ui *n = ld->n, *u = ld->u;
    n->board.drop_type = -1;
    n->look.utf8 = u->look.utf8;
    n->look.ascii = u->look.ascii;
    n->look.colours = u->look.colours;
    ld->begun = true;
    if (ui_game_new(n, u->data_dir, t->variant, t->setup, t->options, t->titans, t->fen, err, errlen))
        return -1;
    n->files.origin = ld->tags;
    memset(&ld->tags, 0, sizeof ld->tags);
    double base, inc;
    char e[200];
    if (t->time_control[0] && gameclock_parse_tc(t->time_control, &base, &inc, e, sizeof e) == 0)
        ui_clock_configure(n, base, inc);
    else if (u->clocks.clock.base > 0)
        ui_clock_configure(n, u->clocks.clock.base, u->clocks.clock.inc);
    *g = &n->game.g;
    return 0;
}

/* Plays a move checked against the game being read. */
static void load_played(void *ctx, const Move *m, const char *warn)
{
    Loading *ld = ctx;
    if (warn[0] && !ld->warn[0])
        snprintf(ld->warn, sizeof ld->warn, "%s", warn);
    ui_play(ld->n, m);
}

/* A [%clk] after a move sets the mover's clock to what it showed. */
static void load_comment(void *ctx, const char *text, size_t len, int ply)
{
    Loading *ld = ctx;
    double secs;
    if (ply > 0 && ld->n->clocks.clock.on && gameclock_find_clk(text, len, &secs))
        gameclock_set_last(&ld->n->clocks.clock, (ld->n->game.start.side + ply - 1) & 1, secs);
    if (ui_origin_add_note(&ld->n->files.origin, text, len, ply, ld->n->clocks.clock.on))
        ld->nomem = true;
}

static void load_nag(void *ctx, const char *nag, int ply)
{
    Loading *ld = ctx;
    if (ui_origin_add_nag(&ld->n->files.origin, nag, ply))
        ld->nomem = true;
}

/* A game whose position is not over but whose tags record an end (a flag
 * fell, a resignation, a draw agreed, an adjudication) loads as over. */
static void recorded_end(Ui *n, const PgnTags *t)
{
    char how[300];
    int w = pgn_recorded_end(t, how, sizeof how);
    if (ui_game_over(n) || w == -2)
        return;
    const char *res = w == NC_WHITE ? "1-0" : w == NC_BLACK ? "0-1" : "1/2-1/2";
    const char *loser = w == NC_WHITE ? "Black" : "White";
    if (!strcmp(how, "time forfeit")) {
        n->game.end = END_TIME;
        if (w >= 0)
            snprintf(n->game.result, sizeof n->game.result, "%s, %s lost on time", res, loser);
        else
            snprintf(n->game.result, sizeof n->game.result, "%s, out of time against a side that cannot mate", res);
    } else if (!strcmp(how, "resignation")) {
        n->game.end = END_RESIGN;
        snprintf(n->game.result, sizeof n->game.result, "%s, %s resigned", res, loser);
    } else if (!strcmp(how, "draw agreed")) {
        n->game.end = END_AGREED;
        snprintf(n->game.result, sizeof n->game.result, "%s, draw agreed", res);
    } else {
        n->game.end = END_RECORDED;
        snprintf(n->game.result, sizeof n->game.result, "%s, %s", res, how);
    }
}

/* Puts the loaded game n into u, keeping the player's screen settings and
 * taking the game's players and level where the tags name them. */
static void adopt_game(Ui *u, Ui *n, const PgnTags *t)
{
    ui_computer_stop(u);
    ui_autosave_leave(u);
    Ui old = *u;
    *u = *n;
    /* The player's and the screen's, not the game's: the data path, the
     * config (keys, bell, analysis), the board's look, the search's
     * threads and evaluation, the time control of new games. */
    u->data_dir = old.data_dir;
    u->cfg = old.cfg;
    u->look = old.look;
    u->engine.threads = old.engine.threads;
    u->engine.no_net = old.engine.no_net;
    u->clocks.tc_base = old.clocks.tc_base;
    u->clocks.tc_inc = old.clocks.tc_inc;
    u->engine.level = t->level ? t->level : old.engine.level;
    u->game.player[0] = t->white[0] ? (!strcmp(t->white, "computer") ? PL_COMPUTER : PL_HUMAN) : old.game.player[0];
    u->game.player[1] = t->black[0] ? (!strcmp(t->black, "computer") ? PL_COMPUTER : PL_HUMAN) : old.game.player[1];
    snprintf(u->files.written, sizeof u->files.written, "%s", old.files.written);
    ui_game_free(&old); /* its search too: the next is made with this game's variant and net */
    /* Nothing to save until it changes; it gets a file of its own then. */
    u->save.changes = u->save.saved_changes = u->save.failed_changes = 0;
    const Position *p = &u->game.g.pos;
    u->board.cursor = p->king[p->side] ? p->king[p->side] : u->game.v->squares[0];
    ui_refresh(u);
}

int ui_pgn_load_text(Ui *u, const char *text, const char *name, char *err, int errlen)
{
    PgnTags t;
    int line = 1;
    const char *s = text;
    /* Build the new game aside, so a bad file leaves the current one alone. */
    Ui n;
    memset(&n, 0, sizeof n);
    Loading ld;
    memset(&ld, 0, sizeof ld);
    ld.u = u;
    ld.n = &n;
    PgnGameHooks h = {load_tag, load_begin, load_played, load_comment, load_nag};
    int rc = pgn_game_read(&s, &line, name, &h, &ld, &t, err, errlen);
    if (rc == 0 && (ld.nomem || ui_origin_set_moves(&n.files.origin, n.game.g.moves, n.game.g.nply) ||
                    ui_origin_set_text(&n.files.origin, text, s))) {
        snprintf(err, (size_t)errlen, "%s: out of memory", name);
        rc = -1;
    }
    ui_origin_free(&ld.tags);
    if (rc) {
        if (ld.begun)
            ui_game_free(&n);
        return -1;
    }
    recorded_end(&n, &t);
    adopt_game(u, &n, &t);
    if (ld.warn[0])
        ui_msg(u, true, "Warning: %s", ld.warn);
    return 0;
}

int ui_pgn_load(Ui *u, const char *path, char *err, int errlen)
{
    size_t len;
    char *buf = pgn_read_file(path, &len, err, errlen);
    if (!buf)
        return -1;
    char q[600];
    int rc = ui_pgn_load_text(u, buf, nc_quote(path, q, sizeof q), err, errlen);
    free(buf);
    if (rc == 0)
        ui_origin_real_path(path, u->files.origin.path);
    return rc;
}
