/* The start screen: variant, setup, optional rules, Titans, players,
 * level and clocks, each item a line of one menu so that it works with keys
 * or mouse.  Every variant shows the same items under the same keys (1-9,
 * c, p, q); the key of a value (players, level, clocks) selects its item, and
 * left/right and +/- change the current item's value either way.  The
 * optional rules and the Titans are checklists that stay open until done;
 * typed Titan names are checked at once and added to the ticked ones.  Enter on the first line starts
 * Titan Chess, human against the computer.  q and Esc quit (or go back
 * to the game in progress).  It pops with the choice; starting the game is
 * for the screen below.  Its pickers, checklists and the Titan names'
 * prompt are dialogs (ui_dialog.c) answered through its resume, so its
 * tick, which keeps the game behind it saved, runs while they are open. */
#include "ui_start.h"

#include "datafile/datafile.h"

#include <curses.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    char name[48], title[64], desc[160];
    int nsetups, noptions;
    char setups[4][24];
    char options[4][24], option_desc[4][120];
    int ntypes;
    char type_name[NC_MAX_TYPES][32], type_title[NC_MAX_TYPES][48];
    bool royal[NC_MAX_TYPES], titan[NC_MAX_TYPES];  /* titan: by the variant itself */
} VariantInfo;

/* The variants the start screen offers at most. */
#define UI_MAX_VARIANTS 128

/* Reads the variants of the data path into out; what could not be offered
 * (a file with errors, more than max) is told in problem. */
static int read_variants(const char *dir, VariantInfo *out, int max, char *problem, size_t plen)
{
    char **names;
    int n = variant_list(dir, &names), k = 0, bad = 0;
    problem[0] = 0;
    if (n > max)
        snprintf(problem, plen, "%d variants found; the first %d (the limit) are offered", n, max);
    for (int i = 0; i < n; i++) {
        DataErrors errs;
        errs.n = 0;
        Variant *v = k < max ? variant_load(dir, names[i], &errs) : NULL;
        if (!v && k < max && bad++ == 0 && !problem[0])
            snprintf(problem, plen, "variant %s not offered: %s", names[i], errs.n ? errs.msg[0] : "cannot be read");
        if (v) {
            VariantInfo *vi = &out[k++];
            memset(vi, 0, sizeof *vi);
            snprintf(vi->name, sizeof vi->name, "%s", names[i]);
            snprintf(vi->title, sizeof vi->title, "%s", v->title);
            snprintf(vi->desc, sizeof vi->desc, "%s", v->description ? v->description : "");
            vi->nsetups = v->nsetups;
            for (int s = 0; s < v->nsetups && s < 4; s++)
                snprintf(vi->setups[s], sizeof vi->setups[s], "%s", v->setup_name[s]);
            vi->noptions = v->noptions;
            for (int o = 0; o < v->noptions && o < 4; o++) {
                snprintf(vi->options[o], sizeof vi->options[o], "%s", v->options[o].name);
                snprintf(vi->option_desc[o], sizeof vi->option_desc[o], "%s",
                         v->options[o].description ? v->options[o].description : "");
            }
            vi->ntypes = v->ntypes;
            for (int t = 0; t < v->ntypes; t++) {
                snprintf(vi->type_name[t], sizeof vi->type_name[t], "%s", v->types[t].name);
                snprintf(vi->type_title[t], sizeof vi->type_title[t], "%s", ui_type_name(v, t));
                vi->royal[t] = v->types[t].royal;
                vi->titan[t] = v->types[t].titan;
            }
            variant_free(v);
        }
        free(names[i]);
    }
    free(names);
    return k;
}

static bool option_on(const char *list, const char *name)
{
    size_t n = strlen(name);
    for (const char *s = list; *s;) {
        const char *e = strchr(s, ',');
        size_t l = e ? (size_t)(e - s) : strlen(s);
        if (l == n && !strncmp(s, name, n))
            return true;
        s += l + (e ? 1 : 0);
    }
    return false;
}

static void toggle_option(char *list, size_t len, const char *name)
{
    char out[96] = "";
    bool was = option_on(list, name);
    for (const char *s = list; *s;) {
        const char *e = strchr(s, ',');
        size_t l = e ? (size_t)(e - s) : strlen(s);
        if (!(l == strlen(name) && !strncmp(s, name, l)) && l) {
            size_t o = strlen(out);
            snprintf(out + o, sizeof out - o, "%s%.*s", o ? "," : "", (int)l, s);
        }
        s += l + (e ? 1 : 0);
    }
    if (!was) {
        size_t o = strlen(out);
        snprintf(out + o, sizeof out - o, "%s%s", o ? "," : "", name);
    }
    snprintf(list, len, "%s", out);
}

enum { A_START, A_VARIANT, A_SETUP, A_OPTIONS, A_TITANS, A_WHITE, A_BLACK, A_LEVEL, A_CLOCKS, A_TUTORIAL, A_PUZZLE, A_QUIT };
#define START_ITEMS (A_QUIT + 1)

/* The time controls offered (base and increment in seconds), none first;
 * the config's and the one the games begun here have (--time or the last
 * choice) join them in their places when they are not among them. */
static const double common_clocks[][2] = {{0, 0},    {60, 0},   {180, 2},  {300, 3},
                                          {600, 5},  {900, 10}, {1800, 0}};
#define NCOMMON (int)(sizeof common_clocks / sizeof common_clocks[0])

/* One screen at a time: the stack holds at most one start screen. */
static struct {
    VariantInfo vars[UI_MAX_VARIANTS];
    int nv, cur;              /* variants read, the one chosen */
    char opts[96], tit[160], set[24];
    char note[600];           /* menu title: "New game" or why not */
    double clocks[NCOMMON + 2][2]; /* the time controls offered, in order */
    int nclocks, clock;       /* how many; the one chosen */
    char lines[START_ITEMS][200];
    const char *items[START_ITEMS];
    int act[START_ITEMS];
    UiMenu menu;
    int asked;                /* the question open over it: ASK_* */
} st;

/* Adds a time control to those offered, in order of base time then
 * increment, unless it is there; returns its index. */
static int offer_clock(double base, double inc)
{
    int i = 0;
    while (i < st.nclocks && (st.clocks[i][0] < base || (st.clocks[i][0] == base && st.clocks[i][1] < inc)))
        i++;
    if (i < st.nclocks && st.clocks[i][0] == base && st.clocks[i][1] == inc)
        return i;
    memmove(st.clocks[i + 1], st.clocks[i], sizeof st.clocks[0] * (size_t)(st.nclocks - i));
    st.clocks[i][0] = base;
    st.clocks[i][1] = inc;
    st.nclocks++;
    return i;
}

/* The common time controls, the config's and the games' begun here
 * (--time or the last choice), which is chosen. */
static void offer_clocks(const Ui *u)
{
    st.nclocks = 0;
    for (int i = 0; i < NCOMMON; i++)
        offer_clock(common_clocks[i][0], common_clocks[i][1]);
    if (u->cfg.time.set)
        offer_clock(u->cfg.time.base_seconds, u->cfg.time.increment_seconds);
    st.clock = offer_clock(u->clocks.tc_base > 0 ? u->clocks.tc_base : 0, u->clocks.tc_base > 0 ? u->clocks.tc_inc : 0);
}

/* "5+3", "0:30+1" (whole minutes or M:SS) as --time takes them; "none". */
static void clock_text(const double *c, char *buf, size_t len)
{
    double base = c[0];
    if (base <= 0)
        snprintf(buf, len, "none");
    else if (base == (long)base && (long)base % 60)
        snprintf(buf, len, "%ld:%02ld+%g", (long)base / 60, (long)base % 60, c[1]);
    else
        snprintf(buf, len, "%g+%g", base / 60, c[1]);
}

static void add_item(int act, const char *fmt, ...)
#ifdef __GNUC__
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static void add_item(int act, const char *fmt, ...)
{
    int n = st.menu.n;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(st.lines[n], sizeof st.lines[n], fmt, ap);
    va_end(ap);
    st.items[n] = st.lines[n];
    st.act[n] = act;
    st.menu.n = n + 1;
}

/* The menu's lines follow the choices made so far; every variant has
 * every line, so that each keeps its key. */
static void build_menu(const Ui *u)
{
    const VariantInfo *vi = &st.vars[st.cur];
    st.menu.title = st.note;
    st.menu.items = st.items;
    st.menu.keys = "12345678c9pq";
    st.menu.n = 0;
    add_item(A_START, "Start the game");
    add_item(A_VARIANT, "Variant: %s - %s", vi->title, vi->desc);
    if (vi->nsetups > 1)
        add_item(A_SETUP, "Setup:   %s", st.set[0] ? st.set : vi->setups[0]);
    else
        add_item(A_SETUP, "Setup:   the only one of this variant");
    if (vi->noptions)
        add_item(A_OPTIONS, "Rules:   %s", st.opts[0] ? st.opts : "standard (no optional rules)");
    else
        add_item(A_OPTIONS, "Rules:   this variant has no optional rules");
    add_item(A_TITANS, "Titans:  %s", st.tit[0] ? st.tit : "as the variant says");
    add_item(A_WHITE, "White:   %s", u->game.player[0] == PL_COMPUTER ? "computer" : "human");
    add_item(A_BLACK, "Black:   %s", u->game.player[1] == PL_COMPUTER ? "computer" : "human");
    add_item(A_LEVEL, "Level:   %d (computer strength 1-10; left/right or +/- change it)",
             u->engine.level ? u->engine.level : 10);
    char tc[40];
    clock_text(st.clocks[st.clock], tc, sizeof tc);
    if (st.clocks[st.clock][0] > 0)
        add_item(A_CLOCKS, "Clocks:  %s (minutes each + seconds added a move)", tc);
    else
        add_item(A_CLOCKS, "Clocks:  none (left/right choose a time control)");
    add_item(A_TUTORIAL, "Tutorial: learn the pieces of this variant");
    add_item(A_PUZZLE, "Puzzles: find the winning line in this variant");
    add_item(A_QUIT, u->game.v ? "Back to the game" : "Quit");
    if (st.menu.cur >= st.menu.n)
        st.menu.cur = 0;
}

/* Checks the choices by building the game aside, so that a bad Titan list
 * is told here; returns false with the reason in the menu's title. */
static bool choices_valid(const Ui *u)
{
    char err[400];
    Ui probe;
    memset(&probe, 0, sizeof probe);
    probe.board.drop_type = -1;
    bool ok = ui_game_new(&probe, u->data_dir, st.vars[st.cur].name, st.set, st.opts, st.tit, NULL, err,
                          sizeof err) == 0;
    if (!ok)
        snprintf(st.note, sizeof st.note, "%s", err);
    ui_game_free(&probe);
    return ok;
}

static void start_game(Ui *u)
{
    ScreenResult r;
    memset(&r, 0, sizeof r);
    r.chosen = true;
    /* the next start screen offers the same clocks first */
    u->clocks.tc_base = r.game.clock_base = st.clocks[st.clock][0];
    u->clocks.tc_inc = r.game.clock_inc = st.clocks[st.clock][1];
    snprintf(r.game.variant, sizeof r.game.variant, "%s", st.vars[st.cur].name);
    snprintf(r.game.setup, sizeof r.game.setup, "%s", st.set);
    snprintf(r.game.options, sizeof r.game.options, "%s", st.opts);
    snprintf(r.game.titans, sizeof r.game.titans, "%s", st.tit);
    screen_pop(&r);
}

/* The tutorial teaches the chosen variant, which becomes the game. */
static void open_tutorial(Ui *u)
{
    char err[400];
    if (ui_game_new(u, u->data_dir, st.vars[st.cur].name, st.set, st.opts, st.tit, NULL, err, sizeof err) == 0)
        screen_push(SCR_TUTORIAL, NULL, 0);
}

/* The program's own variants lead the list; the rest follow by name. */
static const char *const seed_variants[] = {"titan-chess", "stealth-ninja", "flying-warmachines"};

static bool is_seed(const char *name)
{
    for (size_t s = 0; s < sizeof seed_variants / sizeof seed_variants[0]; s++)
        if (!strcmp(name, seed_variants[s]))
            return true;
    return false;
}

/* The variants in the picker's order: order[i] is the index in st.vars
 * of the i-th item. */
static int picker_order(int *order)
{
    int n = 0;
    for (size_t s = 0; s < sizeof seed_variants / sizeof seed_variants[0]; s++)
        for (int i = 0; i < st.nv; i++)
            if (!strcmp(st.vars[i].name, seed_variants[s]))
                order[n++] = i;
    for (int i = 0; i < st.nv; i++)
        if (!is_seed(st.vars[i].name))
            order[n++] = i;
    return n;
}

/* The questions the start screen asks (the dialog's tags); st.asked is
 * the one open. */
enum { ASK_NONE, ASK_VARIANT, ASK_SETUP, ASK_OPTIONS, ASK_TITANS, ASK_TITAN_NAMES };

static void asked(int tag, bool ok)
{
    st.asked = ok ? tag : ASK_NONE;
    if (!ok)
        snprintf(st.note, sizeof st.note, "The question could not be asked: its texts are too long");
}

static void choose_variant(void)
{
    char vl[UI_MAX_VARIANTS][200];
    const char *vitems[UI_MAX_VARIANTS];
    int order[UI_MAX_VARIANTS], n = picker_order(order);
    for (int i = 0; i < n; i++) {
        snprintf(vl[i], sizeof vl[i], "%s - %s", st.vars[order[i]].title, st.vars[order[i]].desc);
        vitems[i] = vl[i];
    }
    if (n > UI_MENU_MAX) {
        snprintf(st.note, sizeof st.note, "%d variants found; the picker lists the first %d (--variant takes any)",
                 n, UI_MENU_MAX);
        n = UI_MENU_MAX;
    }
    MenuLook look = {0, NULL, true};
    asked(ASK_VARIANT, screen_ask_menu_as(ASK_VARIANT, "Variant (a letter jumps to it)", vitems, n, &look));
}

static void variant_chosen(int c)
{
    int order[UI_MAX_VARIANTS], n = picker_order(order);
    if (c >= 0 && c < n && order[c] != st.cur) {
        st.cur = order[c];
        st.opts[0] = st.tit[0] = st.set[0] = 0;
    }
}

static void choose_setup(void)
{
    const VariantInfo *vi = &st.vars[st.cur];
    const char *sitems[4];
    if (vi->nsetups < 1) {
        snprintf(st.note, sizeof st.note, "%s has only one setup", vi->title);
        return;
    }
    for (int i = 0; i < vi->nsetups && i < 4; i++)
        sitems[i] = vi->setups[i];
    asked(ASK_SETUP, screen_ask_menu(ASK_SETUP, "Setup", sitems, vi->nsetups < 4 ? vi->nsetups : 4));
}

static void setup_chosen(int c)
{
    const VariantInfo *vi = &st.vars[st.cur];
    if (c >= 0 && c < vi->nsetups && c < 4)
        snprintf(st.set, sizeof st.set, "%s", vi->setups[c]);
}

static int option_count(void)
{
    return st.vars[st.cur].noptions < 4 ? st.vars[st.cur].noptions : 4;
}

/* A checklist of the optional rules; each choice toggles one and the
 * list is asked again, on that item, until Done or Esc. */
static void choose_options(int cur)
{
    const VariantInfo *vi = &st.vars[st.cur];
    int n = option_count();
    if (n == 0) {
        snprintf(st.note, sizeof st.note, "%s has no optional rules", vi->title);
        return;
    }
    char ol[5][200];
    const char *oitems[5];
    for (int i = 0; i < n; i++) {
        snprintf(ol[i], sizeof ol[i], "[%c] %s: %s", option_on(st.opts, vi->options[i]) ? 'x' : ' ',
                 vi->options[i], vi->option_desc[i]);
        oitems[i] = ol[i];
    }
    oitems[n] = "Done";
    MenuLook look = {cur, NULL, false};
    asked(ASK_OPTIONS, screen_ask_menu_as(ASK_OPTIONS, "Optional rules: Enter switches one on or off", oitems,
                                          n + 1, &look));
}

static void option_chosen(int c)
{
    int n = option_count();
    if (c < 0 || c >= n)
        return;
    toggle_option(st.opts, sizeof st.opts, st.vars[st.cur].options[c]);
    choose_options(c);
}

/* The names of the types that may be made Titans, for messages. */
static void titan_candidates(const VariantInfo *vi, char *buf, size_t len)
{
    size_t n = 0;
    buf[0] = 0;
    for (int t = 0; t < vi->ntypes; t++)
        if (!vi->royal[t] && n < len)
            n += (size_t)snprintf(buf + n, len - n, "%s%s", n ? ", " : "", vi->type_name[t]);
}

/* Typed Titan names, checked at once against the variant; they are added
 * to the types already ticked. */
static void titans_typed(Ui *u, const char *typed, char *list, size_t len)
{
    const VariantInfo *vi = &st.vars[st.cur];
    char err[300], names[700], all[400];
    DataErrors errs;
    errs.n = 0;
    Variant *v = variant_load(u->data_dir, vi->name, &errs);
    if (!v)
        return;
    snprintf(all, sizeof all, "%s%s%s", list, list[0] && typed[0] ? "," : "", typed);
    if (variant_set_titans(v, all, err, sizeof err)) {
        titan_candidates(vi, names, sizeof names);
        snprintf(st.note, sizeof st.note, "%.250s. Valid: %.300s", err, names);
    } else {
        /* Kept as type names, whatever was typed, for the checklist. */
        size_t k = 0;
        list[0] = 0;
        for (int t = 0; t < v->ntypes; t++)
            if (v->types[t].titan && !vi->titan[t] && k < len)
                k += (size_t)snprintf(list + k, len - k, "%s%s", k ? "," : "", v->types[t].name);
        snprintf(st.note, sizeof st.note, "Titans: %s", list[0] ? list : "as the variant says");
    }
    variant_free(v);
}

/* The variant's non-royal types, which the Titans' checklist offers. */
static int titan_types(int *types)
{
    const VariantInfo *vi = &st.vars[st.cur];
    int n = 0;
    for (int t = 0; t < vi->ntypes; t++)
        if (!vi->royal[t])
            types[n++] = t;
    return n;
}

/* A checklist of the variant's non-royal types (those that are Titans by
 * the variant's own rules are marked and stay), then "Type the names..."
 * (also t) and Done; asked again after each choice until Done or Esc. */
static void choose_titans(int cur)
{
    const VariantInfo *vi = &st.vars[st.cur];
    int types[NC_MAX_TYPES], n = titan_types(types);
    char tl[NC_MAX_TYPES + 2][120], keys[NC_MAX_TYPES + 3];
    const char *titems[NC_MAX_TYPES + 2];
    for (int i = 0; i < n + 2; i++)
        keys[i] = i == n ? 't' : i < 9 ? (char)('1' + i) : ' ';
    keys[n + 2] = 0;
    for (int i = 0; i < n; i++) {
        int t = types[i];
        snprintf(tl[i], sizeof tl[i], "[%c] %s%s", vi->titan[t] || option_on(st.tit, vi->type_name[t]) ? 'x' : ' ',
                 vi->type_title[t], vi->titan[t] ? " (a Titan in this variant)" : "");
        titems[i] = tl[i];
    }
    titems[n] = "Type the names...";
    titems[n + 1] = "Done";
    const char *title =
        st.note[0] && strcmp(st.note, "New game") ? st.note : "Titans: Enter marks a piece type; t types names";
    MenuLook look = {cur, keys, false};
    asked(ASK_TITANS, screen_ask_menu_as(ASK_TITANS, title, titems, n + 2, &look));
}

static void titan_chosen(int c)
{
    const VariantInfo *vi = &st.vars[st.cur];
    int types[NC_MAX_TYPES], n = titan_types(types);
    if (c < 0 || c >= n + 1)
        return;
    if (c == n) {
        asked(ASK_TITAN_NAMES,
              screen_ask_line(ASK_TITAN_NAMES, "Titan types (names or letters, comma-separated): ", "", 160));
        return;
    }
    if (!vi->titan[types[c]])
        toggle_option(st.tit, sizeof st.tit, vi->type_name[types[c]]);
    choose_titans(c);
}

/* The prompt answered (or not): back to the checklist, on its
 * "Type the names..." item. */
static void titans_named(Ui *u, const ScreenResult *r)
{
    int types[NC_MAX_TYPES];
    if (r->chosen)
        titans_typed(u, r->text, st.tit, sizeof st.tit);
    choose_titans(titan_types(types));
}

/* Left/right and +/- on an item: the next or previous value. */
static void change_value(Ui *u, int act, int step)
{
    const VariantInfo *vi = &st.vars[st.cur];
    switch (act) {
    case A_VARIANT:
        st.cur = (st.cur + step + st.nv) % st.nv;
        st.opts[0] = st.tit[0] = st.set[0] = 0;
        break;
    case A_SETUP: {
        int i = 0;
        for (int k = 0; k < vi->nsetups && k < 4; k++)
            if (!strcmp(st.set, vi->setups[k]))
                i = k;
        if (vi->nsetups > 1)
            snprintf(st.set, sizeof st.set, "%s", vi->setups[(i + step + vi->nsetups) % vi->nsetups]);
        break;
    }
    case A_WHITE: u->game.player[0] ^= 1; break;
    case A_BLACK: u->game.player[1] ^= 1; break;
    case A_LEVEL: {
        int lv = (u->engine.level ? u->engine.level : 10) + step;
        u->engine.level = lv < 1 ? 1 : lv > 10 ? 10 : lv;
        break;
    }
    case A_CLOCKS:
        st.clock = (st.clock + step + st.nclocks) % st.nclocks;
        break;
    default:
        snprintf(st.note, sizeof st.note,
                 "Enter opens this item; left/right change variant, setup, players, level, clocks");
    }
}

static void act_on(Ui *u, int act)
{
    switch (act) {
    case A_START:
        if (choices_valid(u))
            start_game(u);
        break;
    case A_TUTORIAL:
        if (choices_valid(u))
            open_tutorial(u);
        break;
    case A_PUZZLE: screen_push(SCR_PUZZLE, st.vars[st.cur].name, strlen(st.vars[st.cur].name) + 1); break;
    case A_VARIANT: choose_variant(); break;
    case A_SETUP: choose_setup(); break;
    case A_OPTIONS: choose_options(0); break;
    case A_TITANS: choose_titans(0); break;
    case A_WHITE: u->game.player[0] ^= 1; break;
    case A_BLACK: u->game.player[1] ^= 1; break;
    case A_LEVEL: change_value(u, A_LEVEL, 1); break;
    case A_CLOCKS: change_value(u, A_CLOCKS, 1); break;
    case A_QUIT:
        screen_pop(NULL);
        break;
    }
}

/* The choices start from the game in progress when it is of the same
 * variant, else from Titan Chess (or the first variant found). */
static bool start_open(Ui *u, const void *arg, void **self)
{
    (void)arg;
    (void)self;
    char problem[600];
    st.nv = read_variants(u->data_dir, st.vars, UI_MAX_VARIANTS, problem, sizeof problem);
    if (st.nv == 0) {
        ui_msg(u, true, "%s", problem[0] ? problem : "no variants found in the data directories (see --list-variants)");
        return false;
    }
    if (problem[0])
        ui_msg(u, true, "%s", problem);
    st.cur = 0;
    for (int i = 0; i < st.nv; i++)
        if (!strcmp(st.vars[i].name, u->game.v ? u->game.vname : "titan-chess"))
            st.cur = i;
    st.opts[0] = st.tit[0] = st.set[0] = 0;
    if (u->game.v && !strcmp(u->game.vname, st.vars[st.cur].name)) {
        snprintf(st.opts, sizeof st.opts, "%s", u->game.options);
        snprintf(st.tit, sizeof st.tit, "%s", u->game.titans);
        snprintf(st.set, sizeof st.set, "%s", u->game.setup);
    }
    offer_clocks(u);
    snprintf(st.note, sizeof st.note, "New game");
    st.menu.cur = 0;
    st.asked = 0;
    return true;
}

/* The menu over the screen behind it: the game, or the title line; a
 * question asked from it is drawn over that screen alone. */
static void start_draw(Ui *u, void *self)
{
    (void)self;
    build_menu(u);
    ui_draw(u);
    if (st.asked == ASK_NONE)
        ui_menu_draw(&st.menu);
}

/* The game behind the start screen stays saved while the player chooses
 * (a save that failed is tried again), menus open or not. */
static void start_tick(Ui *u, void *self)
{
    (void)self;
    ui_autosave_tick(u);
}

/* The answer of the question asked last; a checklist is asked again
 * until it is done. */
static void start_resume(Ui *u, void *self, ScreenId from, const ScreenResult *r)
{
    (void)self;
    if (from != SCR_DIALOG)
        return;
    int tag = st.asked;
    st.asked = ASK_NONE;
    if (!r || r->tag != tag)
        return;
    int c = r->chosen ? r->choice : MENU_CANCEL;
    switch (tag) {
    case ASK_VARIANT: variant_chosen(c); break;
    case ASK_SETUP: setup_chosen(c); break;
    case ASK_OPTIONS: option_chosen(c); break;
    case ASK_TITANS: titan_chosen(c); break;
    case ASK_TITAN_NAMES: titans_named(u, r); break;
    default: break;
    }
}

static void start_key(Ui *u, void *self, int k)
{
    (void)self;
    build_menu(u);
    if (k == KEY_LEFT || k == KEY_RIGHT || k == '+' || k == '-' || k == 'h' || k == 'l') {
        snprintf(st.note, sizeof st.note, "New game");
        change_value(u, st.act[st.menu.cur], k == KEY_RIGHT || k == '+' || k == 'l' ? 1 : -1);
        return;
    }
    int pick = ui_menu_key(&st.menu, k);
    if (pick == MENU_OPEN)
        return;
    snprintf(st.note, sizeof st.note, "New game");
    /* The key of a value (players, level, clocks) only selects its item:
     * a key pressed to get there must not change it on the way. */
    int a = pick >= 0 ? st.act[pick] : -1;
    bool item_key = (k >= '1' && k <= '9') || k == 'c';
    if (item_key && (a == A_WHITE || a == A_BLACK || a == A_LEVEL || a == A_CLOCKS)) {
        st.menu.cur = pick;
        snprintf(st.note, sizeof st.note, "Left/right or +/- change it; Enter too");
        return;
    }
    if (pick == MENU_CANCEL) {
        /* Back to the game in progress, or out of the program. */
        screen_pop(NULL);
        return;
    }
    /* The menu stays on the item just used. */
    st.menu.cur = pick;
    act_on(u, st.act[pick]);
}

const Screen ui_start_screen = {
    .name = "start",
    .open = start_open,
    .draw = start_draw,
    .key = start_key,
    .tick = start_tick,
    .resume = start_resume,
};
