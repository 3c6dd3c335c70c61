/* The checkmate drill: a start drawn at random (or from a seed) among the
 * positions the endgame table says the attacker (White, to move) mates
 * from; the player plays White, the table plays the defence that delays
 * mate the longest, and the end is reported against the shortest mate.
 * A material that wins only some positions is drilled from those, and
 * says so with the table's counts.
 * The game in progress (app) is untouched but for its message; the drill
 * is this screen's own Ui, as the tutorial's sandbox is.  The tables live
 * in one store for the program's life (one terminal, one drill). */
#include "ui_drill.h"
#include "ui_board_input.h"

#include "datafile/datafile.h"
#include "endgame/endgame.h"

#include <curses.h>
#include <string.h>
#include <time.h>

typedef struct {
    Ui t;
    DrillChoice c;
    const EgTable *tab;
    EgStats st;     /* the table's counts: the evidence when it does not force mate */
    uint64_t rng;
    int shortest;   /* moves to mate from the start */
    int used;       /* White's moves so far */
    bool over;
    Move cand[16];  /* the moves the "Which move?" dialog offers */
    int ncand;
    char materials[64][8]; /* the material of each item of the material menu */
    int nmaterials;
} Drill;

/* What the dialog open over the drill asks (its tag). */
enum { ASK_NONE, ASK_MOVE, ASK_WHICH, ASK_HELP, ASK_MATERIAL };

static Drill drill;
static EgStore *store;

static EgStore *the_store(bool progress)
{
    if (!store)
        store = eg_store_new(NULL, progress);
    return store;
}

static const char *variant_of(const DrillChoice *c, const Ui *app)
{
    if (c->variant[0])
        return c->variant;
    return app && app->game.v ? app->game.vname : "titan-chess";
}

/* The table of the material, when the attacker wins anywhere: a material
 * that does not force mate (the Ninja Warrior on Titan Chess's board,
 * which its rule text says mates) is drilled from the positions it wins,
 * with the counts.  st: the table's counts. */
static const EgTable *mating_table(const Variant *v, const char *material, bool progress, EgStats *st, char *err,
                                   int errlen)
{
    EgMaterial m;
    if (eg_material_parse(v, material, NC_WHITE, &m, err, errlen))
        return NULL;
    EgStore *s = the_store(progress);
    const EgTable *t = s ? eg_store_get(s, v, &m, true, true, err, errlen) : NULL;
    if (!s)
        snprintf(err, (size_t)errlen, "out of memory");
    if (!t)
        return NULL;
    eg_stats(t, st);
    if (!st->wins[0]) {
        snprintf(err, (size_t)errlen, "%s cannot force mate in %s: no position is won, so no drill", m.name,
                 v->name);
        return NULL;
    }
    return t;
}

int ui_drill_prepare(const char *data_dir, const DrillChoice *c, char *err, int errlen)
{
    if (!c->material[0])
        return 0;
    DataErrors errs;
    Variant *v = variant_load(data_dir, variant_of(c, NULL), &errs);
    if (!v) {
        snprintf(err, (size_t)errlen, "%s", errs.n ? errs.msg[0] : "the variant does not load");
        return -1;
    }
    EgStats st;
    int rc = mating_table(v, c->material, true, &st, err, errlen) ? 0 : -1;
    variant_free(v);
    return rc;
}

/* A new start: a won position with White to move, drawn at random. */
static void new_start(Drill *d)
{
    size_t i = eg_random_win(d->tab, &d->rng);
    Position p;
    eg_position(d->tab, i, true, &p);
    d->t.board.cursor = 0;
    ui_game_reset(&d->t, &p);
    d->shortest = d->tab->wtm[i];
    d->used = 0;
    d->over = false;
    const EgStats *st = &d->st;
    if (eg_forces_mate(st))
        ui_msg(&d->t, false, "Drill %s: mate the black king. n new start, m type a move, q back", d->tab->mat.name);
    else
        ui_msg(&d->t, false, "%s cannot force mate in %s: White to move wins %llu of %llu positions (%.1f%%). "
               "This start is one: mate in %d. n new start", d->tab->mat.name, d->t.game.v->title,
               (unsigned long long)st->wins[0], (unsigned long long)st->legal[0],
               100.0 * (double)st->wins[0] / (double)st->legal[0], d->shortest);
}

/* After each ply: the end, when it has come. */
static void check_end(Drill *d)
{
    Ui *t = &d->t;
    int moves;
    if (ui_game_over(t)) {
        d->over = true;
        if (t->game.status == GS_CHECKMATE)
            ui_msg(t, false, "Mated in %d move%s; the shortest mate was %d%s. n for a new start", d->used,
                   d->used == 1 ? "" : "s", d->shortest, d->used == d->shortest ? " (perfect)" : "");
        else
            ui_msg(t, true, "Drawn (%s) after %d moves; mate was possible in %d. n for a new start",
                   game_status_text(t->game.status), d->used, d->shortest);
    } else if (eg_outcome(d->tab, &t->game.g.pos, &moves) == EG_RES_DRAW) {
        d->over = true;
        ui_msg(t, true, "The mate is gone: the defence holds a draw now. n for a new start");
    }
}

/* White's move, then the table's defence. */
static void play_white(Drill *d, const Move *m)
{
    Ui *t = &d->t;
    ui_play(t, m);
    d->used++;
    check_end(d);
    if (d->over)
        return;
    Move reply;
    if (eg_best_move(d->tab, &t->game.g.pos, &reply)) {
        ui_play(t, &reply);
        check_end(d);
    }
    if (!d->over)
        ui_msg(t, false, "%d move%s played", d->used, d->used == 1 ? "" : "s");
}

/* The drill's questions are dialogs over it (ui_dialog.c); the answers
 * come back through drill_resume. */
static void ask(Drill *d, bool ok)
{
    if (!ok)
        ui_msg(&d->t, true, "The question does not fit on the screen's dialog");
}

static void move_typed(Drill *d, const char *typed)
{
    char err[256];
    Move m;
    if (!typed[0] || d->over)
        return;
    if (move_from_input(&d->t.game.g.pos, typed, &m, err, sizeof err)) /* SAN too, where the game has it */
        ui_msg(&d->t, true, "%s", err);
    else
        play_white(d, &m);
}

/* The moves the board named: one is played, among several the player
 * picks. */
static void play_named(Ui *t, void *self, const Move *m)
{
    (void)t; /* the drill's own board, inside self */
    play_white(self, m);
}

/* A menu of the materials that win, of one piece (built now if need be)
 * and of two pieces when their tables are cached; those that win only
 * some positions say so.  Asked as a dialog (drill_resume goes on); false
 * with the reason when there is nothing to ask. */
static bool choose_material(Drill *d, char *err, int errlen)
{
    const Variant *v = d->t.game.v;
    char (*names)[8] = d->materials, labels[64][64];
    const char *items[64];
    int n = 0, king = -1;
    for (int t = 0; t < v->ntypes; t++)
        if (v->types[t].royal)
            king = t;
    ui_msg(&d->t, false, "Looking up the endgame tables of %s ...", v->name);
    ui_draw(&d->t);
    refresh();
    for (int a = 0; a < v->ntypes && king >= 0; a++)
        for (int b = a - 1; b < v->ntypes && n < 64; b++) {
            char text[4] = {v->types[king].letter, v->types[a].letter, b >= a ? v->types[b].letter : 0, 0};
            EgMaterial m;
            char e[300];
            if (eg_material_parse(v, text, NC_WHITE, &m, e, sizeof e))
                continue;
            const EgTable *t = eg_store_get(the_store(false), v, &m, false, true, e, sizeof e);
            EgStats st;
            if (!t)
                continue;
            eg_stats(t, &st);
            if (st.wins[0]) {
                snprintf(names[n], sizeof names[n], "%s", m.name);
                if (eg_forces_mate(&st))
                    snprintf(labels[n], sizeof labels[n], "%s", m.name);
                else
                    snprintf(labels[n], sizeof labels[n], "%s (no forced mate: %.2f%% of positions won)", m.name,
                             100.0 * (double)st.wins[0] / (double)st.legal[0]);
                items[n] = labels[n];
                n++;
            }
        }
    d->nmaterials = n;
    if (!n)
        snprintf(err, (size_t)errlen, "no endgame table of %s wins", v->name);
    else if (!screen_ask_menu(ASK_MATERIAL, "Checkmate drill: which material?", items, n))
        snprintf(err, (size_t)errlen, "the menu of materials does not fit on the screen's dialog");
    else
        return true;
    return false;
}

/* The drill from its table: the first start. */
static bool begin(Ui *u, Drill *d, char *err, int errlen)
{
    if (!(d->tab = mating_table(d->t.game.v, d->c.material, false, &d->st, err, errlen)))
        return false;
    ui_computer_stop(u);
    d->rng = d->c.seed ? (uint64_t)d->c.seed : (uint64_t)time(NULL) ^ (uint64_t)(uintptr_t)d;
    new_start(d);
    return true;
}

static bool drill_open(Ui *u, const void *arg, void **self)
{
    Drill *d = &drill;
    ui_game_free(&d->t);
    memset(d, 0, sizeof *d);
    if (arg)
        d->c = *(const DrillChoice *)arg;
    Ui *t = &d->t;
    t->board.drop_type = -1;
    t->mode.tut_type = -1;
    t->look.utf8 = u->look.utf8;
    t->look.ascii = u->look.ascii;
    t->look.colours = u->look.colours;
    t->game.player[0] = t->game.player[1] = PL_HUMAN; /* the drill answers for Black itself */
    t->mode.player_text[1] = "endgame table";
    t->mode.keys_of = UI_KEYS_DRILL;
    char err[400];
    const char *name = variant_of(&d->c, u);
    /* Without a material the menu of them is asked once the drill is on
     * the stack; the drill begins with the answer (drill_resume). */
    if (ui_game_new(t, u->data_dir, name, NULL, NULL, NULL, NULL, err, sizeof err) ||
        (!d->c.material[0] ? !choose_material(d, err, sizeof err) : !begin(u, d, err, sizeof err))) {
        ui_msg(u, true, "drill: %s", err);
        ui_game_free(t);
        memset(d, 0, sizeof *d);
        return false;
    }
    *self = d;
    return true;
}

static void drill_draw(Ui *u, void *self)
{
    (void)u;
    ui_draw(&((Drill *)self)->t);
}

static void drill_key(Ui *u, void *self, int k)
{
    Drill *d = self;
    Ui *t = &d->t;
    if (!d->tab)
        return; /* no material chosen yet */
    if (k == 'q') {
        ui_msg(u, false, "Back from the drill");
        screen_pop(NULL);
        return;
    }
    /* The cursor moves in a drill that is over; the rest of the board's
     * keys wait for a new start. */
    if (ui_board_cursor_key(t, k))
        return;
    Move c[32];
    int n;
    if (k == 'n')
        new_start(d);
    else if (k == 'f')
        t->look.flipped = !t->look.flipped;
    else if (k == KEY_RESIZE)
        return;
    else if (k == '?' || k == KEY_F(1))
        ask(d, screen_ask_help(ASK_HELP, t));
    else if (d->over)
        ui_msg(t, true, "The drill is over: n for a new start, q back");
    else if (k == 'm' || k == ':')
        ask(d, screen_ask_line(ASK_MOVE, "Move: ", "", 160));
    else if ((n = ui_board_key(t, k, c, 32)) > 0)
        ui_board_candidates(t, c, n, play_named, d, ASK_WHICH, d->cand, &d->ncand);
    else if (n < 0)
        ui_msg(t, true, "Drill keys: arrows and Enter move, m type a move, n new start, f flip, ? help, q back");
}

/* The material chosen: the drill begins; none, or no table: back. */
static void material_answered(Ui *u, Drill *d, const ScreenResult *r)
{
    char err[400];
    if (!r->chosen || r->choice >= d->nmaterials)
        snprintf(err, sizeof err, "no drill chosen");
    else {
        snprintf(d->c.material, sizeof d->c.material, "%s", d->materials[r->choice]);
        if (begin(u, d, err, sizeof err))
            return;
    }
    ui_msg(u, true, "drill: %s", err);
    screen_pop(NULL);
}

static void drill_resume(Ui *u, void *self, ScreenId from, const ScreenResult *r)
{
    Drill *d = self;
    if (from != SCR_DIALOG || !r)
        return;
    if (r->tag == ASK_MATERIAL)
        material_answered(u, d, r);
    else if (r->tag == ASK_MOVE && r->chosen)
        move_typed(d, r->text);
    else if (r->tag == ASK_WHICH && (!r->chosen || r->choice >= d->ncand))
        ui_msg(&d->t, false, "Move cancelled");
    else if (r->tag == ASK_WHICH && !d->over)
        play_white(d, &d->cand[r->choice]);
}

static void drill_close(Ui *u, void *self)
{
    (void)u;
    Drill *d = self;
    ui_game_free(&d->t);
    memset(d, 0, sizeof *d);
}

const Screen ui_drill_screen = {
    .name = "drill",
    .open = drill_open,
    .draw = drill_draw,
    .key = drill_key,
    .resume = drill_resume,
    .close = drill_close,
};
