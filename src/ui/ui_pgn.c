/* Saving games: PGN with [Variant], [FEN] when the game did not begin at
 * the setup, [TimeControl] and a [%clk] after each move when the game has
 * clocks, and the moves in SAN or the move text (pgn.c), with what a loaded
 * game kept of its file (ui_pgn_origin.c).  Files are replaced atomically
 * (ui_files.c) so a crash or a full disk never leaves half a game behind.
 * Nothing is drawn here.  Reading is ui_pgn_load.c's; where the game in
 * progress is kept is ui_autosave.c's. */
#include "ui_internal.h"
#include "notation/notation.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

bool ui_pgn_at_setup(const Ui *u)
{
    Position p;
    pos_start(&p, u->game.v);
    char a[1024], b[1024];
    pos_to_fen(&p, a, sizeof a);
    pos_to_fen(&u->game.start, b, sizeof b);
    return !strcmp(a, b);
}

static const char *result_token(const Ui *u)
{
    return pgn_result_of(ui_game_over(u) ? u->game.result : NULL);
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
    if (ply >= 0 && u->clocks.clock.on) {
        char t[32];
        gameclock_clk_text(gameclock_after(&u->clocks.clock, ply, (u->game.start.side + ply) & 1), t, sizeof t);
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
    const char *v = ui_origin_tag(&u->files.origin, side ? "Black" : "White");
    if (!v || !v[0] || !strcmp(v, "?") || !strcmp(v, "human") || !strcmp(v, "computer"))
        return NULL;
    return v;
}

/* The loaded game's value of a tag of the Seven Tag Roster, else ours. */
static void put_kept(FILE *f, const Ui *u, const char *name, const char *ours)
{
    const char *v = ui_origin_tag(&u->files.origin, name);
    pgn_put_tag(f, name, v && v[0] ? v : ours);
}

/* [Termination] in the PGN standard's words; the result is [Result]'s.
 * An end the loaded file recorded in other words keeps them. */
static const char *termination(const Ui *u)
{
    const char *loaded = ui_origin_tag(&u->files.origin, "Termination");
    if (u->game.end == END_RECORDED && loaded && loaded[0])
        return loaded;
    return pgn_termination_of(u->game.end == END_TIME);
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
        pgn_put_tag(f, c ? "Black" : "White", name ? name : u->game.player[c] == PL_COMPUTER ? "computer" : "human");
    }
    pgn_put_tag(f, "Result", result_token(u));
    pgn_put_tag(f, "Variant", u->game.vname);
    if (u->game.setup[0])
        pgn_put_tag(f, "VariantSetup", u->game.setup);
    if (u->game.options[0])
        pgn_put_tag(f, "VariantOptions", u->game.options);
    if (u->game.titans[0])
        pgn_put_tag(f, "Titans", u->game.titans);
    if (u->engine.level) {
        char lv[8];
        snprintf(lv, sizeof lv, "%d", u->engine.level);
        pgn_put_tag(f, "Level", lv);
    }
    if (!ui_pgn_at_setup(u)) {
        char fen[1024];
        pos_to_fen(&u->game.start, fen, sizeof fen);
        pgn_put_tag(f, "SetUp", "1");
        pgn_put_tag(f, "FEN", fen);
    }
    if (u->clocks.clock.on) {
        char tc[48];
        gameclock_tc_text(&u->clocks.clock, tc, sizeof tc);
        pgn_put_tag(f, "TimeControl", tc);
    }
    if (u->game.result[0] && ui_game_over(u))
        pgn_put_tag(f, "Termination", termination(u));
    if (ui_origin_tag(&u->files.origin, "PlyCount")) {
        char n[16];
        snprintf(n, sizeof n, "%d", u->game.g.nply);
        pgn_put_tag(f, "PlyCount", n);
    }
    for (int i = 0; i < u->files.origin.ntags; i++)
        if (!our_tag(u->files.origin.tags[i].name))
            pgn_put_tag(f, u->files.origin.tags[i].name, u->files.origin.tags[i].value);
    fputc('\n', f);
    Comments c = {u, NULL, 0, false};
    ((UiOrigin *)&u->files.origin)->nomem = false; /* ui_origin_note's flag, reset for this write */
    int rc = pgn_write_annotated(f, &u->game.start, u->game.g.moves, u->game.g.nply, nags_at, comment_at, &c,
                                 result_token(u));
    free(c.buf);
    if (rc || c.nomem || u->files.origin.nomem)
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
