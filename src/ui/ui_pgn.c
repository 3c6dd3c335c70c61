/* Saved games: PGN with [Variant], [FEN] when the game did not begin at the
 * setup, [TimeControl] and a [%clk] after each move when the game has
 * clocks, and the moves in SAN or the move text (pgn.c).  Files are replaced atomically
 * (ui_files.c) so a crash or a full disk never leaves half a game behind.  Nothing is drawn
 * here, and a failed load leaves the game as it was.  Where the game in
 * progress is kept is ui_autosave.c's. */
#include "ui_internal.h"
#include "notation/notation.h"

#include "text/quote.h"

#include <fcntl.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

bool ui_pgn_at_setup(const Ui *u)
{
    Position p;
    pos_start(&p, u->v);
    char a[1024], b[1024];
    pos_to_fen(&p, a, sizeof a);
    pos_to_fen(&u->start, b, sizeof b);
    return !strcmp(a, b);
}

static const char *result_token(const Ui *u)
{
    return pgn_result_of(ui_game_over(u) ? u->result : NULL);
}

/* After each ply: the loaded game's comments, then "[%clk 0:04:58]" (the
 * mover's clock) when there are clocks. */
typedef struct {
    const Ui *u;
    char *buf;
    size_t cap;
    bool nomem;  /* a comment could not be made: the write fails */
} Comments;

static const char *comment_at(void *ctx, int ply, char *small, size_t smalllen)
{
    Comments *c = ctx;
    const Ui *u = c->u;
    (void)small;
    (void)smalllen;
    const char *note = ui_origin_note(u, ply);
    char clk[48] = "";
    if (ply >= 0 && u->clock.on) {
        char t[32];
        gameclock_clk_text(gameclock_after(&u->clock, ply, (u->start.side + ply) & 1), t, sizeof t);
        snprintf(clk, sizeof clk, "[%%clk %s]", t);
    }
    if (!note)
        note = "";
    size_t need = strlen(note) + strlen(clk) + 2;
    if (need > c->cap) {
        char *b = realloc(c->buf, need);
        if (!b) {
            c->nomem = true;
            return NULL;
        }
        c->buf = b;
        c->cap = need;
    }
    snprintf(c->buf, c->cap, "%s%s%s", note, note[0] && clk[0] ? " " : "", clk);
    return c->buf;
}

/* After each ply: the loaded game's NAGs. */
static const char *nags_at(void *ctx, int ply, char *buf, size_t len)
{
    (void)buf;
    (void)len;
    return ui_origin_nags(((Comments *)ctx)->u, ply);
}

/* The tags this program writes itself; the loaded game's others follow
 * them as they were. */
static bool our_tag(const char *name)
{
    static const char *const ours[] = {"Event", "Site", "Date", "Round", "White", "Black", "Result",
                                       "Variant", "VariantSetup", "VariantOptions", "Titans", "Level",
                                       "SetUp", "FEN", "TimeControl", "Termination", "PlyCount"};
    for (size_t i = 0; i < sizeof ours / sizeof ours[0]; i++)
        if (!strcmp(name, ours[i]))
            return true;
    return false;
}

/* The player's name the loaded game gave the side, NULL when it named
 * none but the kind of player (our own files) or nothing. */
const char *ui_player_tag(const Ui *u, int side)
{
    const char *v = ui_origin_tag(&u->origin, side ? "Black" : "White");
    if (!v || !v[0] || !strcmp(v, "?") || !strcmp(v, "human") || !strcmp(v, "computer"))
        return NULL;
    return v;
}

/* The loaded game's value of a tag of the Seven Tag Roster, else ours. */
static void put_kept(FILE *f, const Ui *u, const char *name, const char *ours)
{
    const char *v = ui_origin_tag(&u->origin, name);
    pgn_put_tag(f, name, v && v[0] ? v : ours);
}

/* [Termination] in the PGN standard's words; the result is [Result]'s.
 * An end the loaded file recorded in other words keeps them. */
static const char *termination(const Ui *u)
{
    const char *loaded = ui_origin_tag(&u->origin, "Termination");
    if (u->end == END_RECORDED && loaded && loaded[0])
        return loaded;
    return pgn_termination_of(u->end == END_TIME);
}

int ui_pgn_write(const Ui *u, FILE *f)
{
    char date[16] = "????.??.??";
    time_t now = time(NULL);
    struct tm tm;
    if (localtime_r(&now, &tm))
        strftime(date, sizeof date, "%Y.%m.%d", &tm);
    put_kept(f, u, "Event", "ninjachess game");
    put_kept(f, u, "Site", "?");
    put_kept(f, u, "Date", date);
    put_kept(f, u, "Round", "-");
    for (int c = 0; c < 2; c++) {
        const char *name = ui_player_tag(u, c);
        pgn_put_tag(f, c ? "Black" : "White", name ? name : u->player[c] == PL_COMPUTER ? "computer" : "human");
    }
    pgn_put_tag(f, "Result", result_token(u));
    pgn_put_tag(f, "Variant", u->vname);
    if (u->setup[0])
        pgn_put_tag(f, "VariantSetup", u->setup);
    if (u->options[0])
        pgn_put_tag(f, "VariantOptions", u->options);
    if (u->titans[0])
        pgn_put_tag(f, "Titans", u->titans);
    if (u->level) {
        char lv[8];
        snprintf(lv, sizeof lv, "%d", u->level);
        pgn_put_tag(f, "Level", lv);
    }
    if (!ui_pgn_at_setup(u)) {
        char fen[1024];
        pos_to_fen(&u->start, fen, sizeof fen);
        pgn_put_tag(f, "SetUp", "1");
        pgn_put_tag(f, "FEN", fen);
    }
    if (u->clock.on) {
        char tc[48];
        gameclock_tc_text(&u->clock, tc, sizeof tc);
        pgn_put_tag(f, "TimeControl", tc);
    }
    if (u->result[0] && ui_game_over(u))
        pgn_put_tag(f, "Termination", termination(u));
    if (ui_origin_tag(&u->origin, "PlyCount")) {
        char n[16];
        snprintf(n, sizeof n, "%d", u->g.nply);
        pgn_put_tag(f, "PlyCount", n);
    }
    for (int i = 0; i < u->origin.ntags; i++)
        if (!our_tag(u->origin.tags[i].name))
            pgn_put_tag(f, u->origin.tags[i].name, u->origin.tags[i].value);
    fputc('\n', f);
    Comments c = {u, NULL, 0, false};
    ((UiOrigin *)&u->origin)->nomem = false; /* ui_origin_note's flag, reset for this write */
    int rc = pgn_write_annotated(f, &u->start, u->g.moves, u->g.nply, nags_at, comment_at, &c, result_token(u));
    free(c.buf);
    if (rc || c.nomem || u->origin.nomem)
        return -1;
    return ferror(f) ? -1 : 0;
}

int ui_pgn_save(Ui *u, const char *path, char *err, int errlen)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f) {
        snprintf(err, (size_t)errlen, "out of memory");
        return -1;
    }
    int rc = ui_pgn_write(u, f);
    fclose(f);
    if (rc == 0)
        rc = ui_origin_write(u, path, buf, len, err, errlen);
    else
        snprintf(err, (size_t)errlen, "cannot write %s", path);
    free(buf);
    return rc;
}

/* ---- reading ---- */

/* The game being read, built aside. */
typedef struct {
    Ui *n;
    const char *name;
    const char *end;  /* where the game's text ended */
    bool nomem;
    char warn[800];   /* the first warning: a false '+' or '#' */
} Loading;

/* Plays one move of the move text on the game being read, or says why it
 * cannot be. */
static int load_move(void *ctx, const char *mv, int ply, int line, char *err, int errlen)
{
    Loading *ld = ctx;
    Ui *n = ld->n;
    Move m;
    char w[600];
    if (pgn_game_move(&n->g, mv, ld->name, line, ply, &m, w, sizeof w, err, errlen))
        return -1;
    if (w[0] && !ld->warn[0])
        snprintf(ld->warn, sizeof ld->warn, "%s", w);
    ui_play(n, &m);
    return 0;
}

/* A [%clk] after a move sets the mover's clock to what it showed. */
static void load_comment(void *ctx, const char *text, size_t len, int ply)
{
    Loading *ld = ctx;
    double secs;
    if (ply > 0 && ld->n->clock.on && gameclock_find_clk(text, len, &secs))
        gameclock_set_last(&ld->n->clock, (ld->n->start.side + ply - 1) & 1, secs);
    if (ui_origin_add_note(&ld->n->origin, text, len, ply, ld->n->clock.on))
        ld->nomem = true;
}

static void load_nag(void *ctx, const char *nag, int ply)
{
    Loading *ld = ctx;
    if (ui_origin_add_nag(&ld->n->origin, nag, ply))
        ld->nomem = true;
}

static void load_end(void *ctx, const char *at)
{
    ((Loading *)ctx)->end = at;
}

/* Every tag, kept to be written back when the game is saved. */
typedef struct {
    UiOrigin o;
    bool nomem;
} TagList;

static void load_tag(void *ctx, const char *name, const char *value)
{
    TagList *tl = ctx;
    if (ui_origin_add_tag(&tl->o, name, value))
        tl->nomem = true;
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
        n->end = END_TIME;
        if (w >= 0)
            snprintf(n->result, sizeof n->result, "%s, %s lost on time", res, loser);
        else
            snprintf(n->result, sizeof n->result, "%s, out of time against a side that cannot mate", res);
    } else if (!strcmp(how, "resignation")) {
        n->end = END_RESIGN;
        snprintf(n->result, sizeof n->result, "%s, %s resigned", res, loser);
    } else if (!strcmp(how, "draw agreed")) {
        n->end = END_AGREED;
        snprintf(n->result, sizeof n->result, "%s, draw agreed", res);
    } else {
        n->end = END_RECORDED;
        snprintf(n->result, sizeof n->result, "%s, %s", res, how);
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
    u->data_dir = old.data_dir;
    u->flipped = old.flipped;
    u->lay = old.lay;
    u->search = old.search;
    u->level = t->level ? t->level : old.level;
    u->player[0] = t->white[0] ? (!strcmp(t->white, "computer") ? PL_COMPUTER : PL_HUMAN) : old.player[0];
    u->player[1] = t->black[0] ? (!strcmp(t->black, "computer") ? PL_COMPUTER : PL_HUMAN) : old.player[1];
    snprintf(u->written, sizeof u->written, "%s", old.written);
    old.search = NULL;
    ui_game_free(&old);
    /* Nothing to save until it changes; it gets a file of its own then. */
    u->changes = u->saved_changes = u->failed_changes = 0;
    u->cursor = u->g.pos.king[u->g.pos.side] ? u->g.pos.king[u->g.pos.side] : u->v->squares[0];
    ui_refresh(u);
}

int ui_pgn_load_text(Ui *u, const char *text, const char *name, char *err, int errlen)
{
    PgnTags t;
    int line = 1;
    const char *s = text;
    TagList tl;
    memset(&tl, 0, sizeof tl);
    if (pgn_read_tags_each(&s, &line, &t, name, load_tag, &tl, err, errlen)) {
        ui_origin_free(&tl.o);
        return -1;
    }
    /* Build the new game aside, so a bad file leaves the current one alone. */
    Ui n;
    memset(&n, 0, sizeof n);
    n.drop_type = -1;
    n.utf8 = u->utf8;
    n.ascii = u->ascii;
    n.colours = u->colours;
    char e[400];
    if (ui_game_new(&n, u->data_dir, t.variant, t.setup, t.options, t.titans, t.fen, e, sizeof e)) {
        snprintf(err, (size_t)errlen, "%s: %s", name, e);
        ui_game_free(&n);
        ui_origin_free(&tl.o);
        return -1;
    }
    n.origin = tl.o;
    /* The file's time control; a game saved without one gets the clocks
     * this program was asked for (--time), if any. */
    double base, inc;
    if (t.time_control[0] && gameclock_parse_tc(t.time_control, &base, &inc, e, sizeof e) == 0)
        ui_clock_configure(&n, base, inc);
    else if (u->clock.base > 0)
        ui_clock_configure(&n, u->clock.base, u->clock.inc);
    Loading ld = {&n, name, NULL, tl.nomem, ""};
    PgnReader r = {load_move, load_comment, load_end, load_nag};
    int rc = pgn_read_moves(s, line, name, &r, &ld, err, errlen);
    if (rc == 0 && (ld.nomem || ui_origin_set_moves(&n.origin, n.g.moves, n.g.nply) ||
                    ui_origin_set_text(&n.origin, text, ld.end ? ld.end : text + strlen(text)))) {
        snprintf(err, (size_t)errlen, "%s: out of memory", name);
        rc = -1;
    }
    if (rc) {
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
        ui_origin_real_path(path, u->origin.path);
    return rc;
}
