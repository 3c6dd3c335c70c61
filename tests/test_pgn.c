/* Saved games with SAN and clocks: a game of 114 plies with captures,
 * castling, en passant and promotion saved the way the game screen saves
 * it passes Debian's pgn-extract without a complaint and reaches the same
 * final position there; random games are written in SAN exactly as
 * pgn-extract rewrites them; what pgn-extract writes of it loads back; the
 * clocks ([TimeControl], [%clk]) come back after a save; the screen's
 * clock (start, flag, the computer's time) and the clock's arithmetic and
 * texts; PGN comments other programs write; a loaded game's tags,
 * comments and NAGs written back; the ends that tags record. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "notation/notation.h"
#include "ui/ui_internal.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef NC_TEST_DATA_DIR
#define NC_TEST_DATA_DIR "data"
#endif

/* Both sides castle, en passant at once, many captures, an
 * under-promotion with check. */
static const char *const long_game =
    "e4 e6 e5 d5 exd6 Bxd6 Nf3 Nf6 Bc4 O-O O-O Nc6 d4 b6 Nc3 Bb7 Bg5 h6 Bxf6 Qxf6 Ne4 Qf4 Nxd6 cxd6 "
    "Re1 Rad8 c3 Na5 Bd3 Bxf3 Qxf3 Qxf3 gxf3 Nc6 Be4 Rc8 Bxc6 Rxc6 Re2 Rfc8 Rae1 Kf8 a4 a5 b4 axb4 "
    "cxb4 Rc4 b5 Rxd4 a5 bxa5 b6 Rb4 b7 Rb8 Re4 Rxe4 Rxe4 Rxb7 Re1 a4 Ra1 Rb4 Kg2 a3 Kg3 Rb2 Kg4 a2 "
    "h4 Rb1 Rxa2 Rb4+ f4 g5 hxg5 hxg5 Kxg5 Rxf4 Kxf4 e5+ Kf5 Ke7 Ra7+ Ke8 Kf6 d5 Kxe5 d4 Kxd4 f5 Ke5 "
    "f4 Kxf4 Kf8 Kg5 Kg8 f4 Kh8 f5 Kg8 f6 Kh8 f7 Kh7 f8=N+ Kh8 Kg6 Kg8 Rg7+ Kh8 Rh7+ Kg8";

/* The file system calls a save makes, in order (the test's executable is
 * linked with --wrap=fsync,--wrap=rename): "fsync PATH" with the path the
 * descriptor names, "rename FROM TO". */
static char fs_log[64][1300];
static int fs_nlog;
int __real_fsync(int fd);
int __real_rename(const char *from, const char *to);

int __wrap_fsync(int fd);
int __wrap_fsync(int fd)
{
    char link[64], target[512];
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    ssize_t n = readlink(link, target, sizeof target - 1);
    target[n > 0 ? n : 0] = 0;
    if (fs_nlog < 64)
        snprintf(fs_log[fs_nlog++], sizeof fs_log[0], "fsync %s", target);
    return __real_fsync(fd);
}

int __wrap_rename(const char *from, const char *to);
int __wrap_rename(const char *from, const char *to)
{
    if (fs_nlog < 64)
        snprintf(fs_log[fs_nlog++], sizeof fs_log[0], "rename %s %s", from, to);
    return __real_rename(from, to);
}

static char tmpdir[64];

static int make_tmpdir(void **state)
{
    (void)state;
    snprintf(tmpdir, sizeof tmpdir, "/tmp/nc-test-pgn-XXXXXX");
    assert_non_null(mkdtemp(tmpdir));
    return 0;
}

static int remove_tmpdir(void **state)
{
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    return system(cmd) == 0 ? 0 : -1;
}

static void new_ui_at(Ui *u, const char *variant, const char *fen)
{
    memset(u, 0, sizeof *u);
    u->board.drop_type = -1;
    u->mode.tut_type = -1;
    char err[512];
    if (ui_game_new(u, NC_TEST_DATA_DIR, variant, NULL, NULL, NULL, fen, err, sizeof err))
        fail_msg("%s: %s", variant, err);
}

static void new_ui(Ui *u, const char *variant)
{
    new_ui_at(u, variant, NULL);
}

static void play(Ui *u, const char *moves)
{
    char buf[4096];
    snprintf(buf, sizeof buf, "%s", moves);
    for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " ")) {
        Move m;
        char err[256];
        if (move_from_input(&u->game.g.pos, tok, &m, err, sizeof err))
            fail_msg("%s: %s", tok, err);
        ui_play(u, &m);
    }
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        fail_msg("cannot read %s", path);
    static char buf[65536];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = 0;
    fclose(f);
    return buf;
}

static const char *pgn_extract(void)
{
    if (access("/usr/games/pgn-extract", X_OK) == 0)
        return "/usr/games/pgn-extract";
    if (system("command -v pgn-extract >/dev/null") == 0)
        return "pgn-extract";
    fail_msg("pgn-extract is not installed (./setup installs it)");
    return NULL;
}

/* The position in pgn-extract's last { "FEN" } comment. */
static void last_fen(const char *text, char *fen, size_t len)
{
    const char *at = NULL;
    for (const char *s = strstr(text, "{ \""); s; s = strstr(s + 1, "{ \""))
        at = s + 3;
    assert_non_null(at);
    const char *end = strchr(at, '"');
    assert_non_null(end);
    snprintf(fen, len, "%.*s", (int)(end - at), at);
}

/* Sets each side's clock after every ply to known values, as if the game
 * had been played with them (the real clock runs on wall time). */
static void set_clocks(Ui *u)
{
    for (int i = 1; i < u->clocks.clock.n; i++) {
        int mover = (i - 1) & 1;
        u->clocks.clock.after[i][mover ^ 1] = u->clocks.clock.after[i - 1][mover ^ 1];
        u->clocks.clock.after[i][mover] = 300 - i * (mover ? 2.5 : 1.25);
    }
    u->clocks.clock.left[0] = u->clocks.clock.after[u->clocks.clock.n - 1][0];
    u->clocks.clock.left[1] = u->clocks.clock.after[u->clocks.clock.n - 1][1];
}

static void test_saved_game_read_by_pgn_extract(void **state)
{
    (void)state;
    Ui u;
    new_ui(&u, "chess");
    ui_clock_configure(&u, 300, 3);
    play(&u, long_game);
    assert_int_equal(u.game.g.nply, 114);
    assert_int_equal(u.clocks.clock.n, 115);
    set_clocks(&u);
    char path[128], out[128], errs[128], err[512];
    snprintf(path, sizeof path, "%s/saved.pgn", tmpdir);
    snprintf(out, sizeof out, "%s/extracted.pgn", tmpdir);
    snprintf(errs, sizeof errs, "%s/extract.err", tmpdir);
    assert_int_equal(ui_pgn_save(&u, path, err, sizeof err), 0);
    const char *saved = slurp(path);
    assert_non_null(strstr(saved, "[TimeControl \"300+3\"]"));
    assert_non_null(strstr(saved, "1. e4 {[%clk 0:04:58]} 1... e6 {[%clk 0:04:55]} 2. e5"));
    assert_non_null(strstr(saved, "3. exd6"));
    assert_non_null(strstr(saved, "O-O"));
    assert_non_null(strstr(saved, "f8=N+"));
    char cmd[600];
    snprintf(cmd, sizeof cmd, "'%s' -F -s --output '%s' '%s' 2>'%s'", pgn_extract(), out, path, errs);
    assert_int_equal(system(cmd), 0);
    assert_string_equal(slurp(errs), "");
    char fen[200], ours[1024];
    last_fen(slurp(out), fen, sizeof fen);
    pos_to_fen(&u.game.g.pos, ours, sizeof ours);
    assert_string_equal(fen, ours);
    assert_string_equal(ours, "5Nk1/7R/6K1/8/8/8/8/8 w - - 7 58");

    /* What pgn-extract wrote (its spacing, comments and line breaks) loads
     * back: the same moves and the clocks of every ply. */
    Ui back;
    new_ui(&back, "capablanca");
    assert_int_equal(ui_pgn_load(&back, out, err, sizeof err), 0);
    assert_string_equal(back.game.vname, "chess");
    assert_int_equal(back.game.g.nply, 114);
    for (int i = 0; i < 114; i++)
        assert_true(move_equal(&back.game.g.moves[i], &u.game.g.moves[i]));
    assert_true(back.clocks.clock.on);
    assert_true(back.clocks.clock.base == 300 && back.clocks.clock.inc == 3);
    for (int i = 0; i < 114; i++) {
        int mover = i & 1;
        /* [%clk] holds whole seconds */
        assert_int_equal((int)gameclock_after(&back.clocks.clock, i, mover),
                         (int)gameclock_after(&u.clocks.clock, i, mover));
    }
    assert_int_equal((int)back.clocks.clock.left[0], (int)u.clocks.clock.left[0]);
    assert_int_equal((int)back.clocks.clock.left[1], (int)u.clocks.clock.left[1]);
    ui_game_free(&back);
    ui_game_free(&u);
}

/* Random games saved, then rewritten by pgn-extract in its own SAN: every
 * move is written as pgn-extract writes it (piece letters, disambiguation,
 * captures, promotion, castling, check and mate marks). */
static void random_games_agree(const char *fen, uint64_t seed, int games)
{
    int compared = 0;
    for (int k = 0; k < games; k++) {
        Ui u;
        new_ui_at(&u, "chess", fen);
        for (int ply = 0; ply < 250 && !ui_game_over(&u); ply++) {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            Move m = u.board.legal.m[seed % (uint64_t)u.board.legal.n];
            ui_play(&u, &m);
        }
        char path[128], out[128], err[512];
        snprintf(path, sizeof path, "%s/random.pgn", tmpdir);
        snprintf(out, sizeof out, "%s/random-san.txt", tmpdir);
        assert_int_equal(ui_pgn_save(&u, path, err, sizeof err), 0);
        char cmd[600];
        snprintf(cmd, sizeof cmd, "'%s' -Wsan -C -N -V --notags --nomovenumbers --noresults -w 100000 -s '%s' >'%s' 2>&1",
                 pgn_extract(), path, out);
        assert_int_equal(system(cmd), 0);
        char *theirs = slurp(out);
        int i = 0;
        for (char *tok = strtok(theirs, " \n"); tok; tok = strtok(NULL, " \n"), i++) {
            if (i >= u.game.g.nply)
                fail_msg("pgn-extract wrote more moves than the game has: '%s'", tok);
            if (strcmp(tok, u.game.text[i]))
                fail_msg("ply %d: we write '%s', pgn-extract '%s'", i + 1, u.game.text[i], tok);
        }
        assert_int_equal(i, u.game.g.nply);
        compared += i;
        ui_game_free(&u);
    }
    assert_true(compared > games * 20);
}

static void test_san_as_pgn_extract_writes_it(void **state)
{
    (void)state;
    random_games_agree(NULL, 2024, 6);
    /* many pieces of one kind: disambiguation by file, rank and both */
    random_games_agree("rnnnk3/8/8/8/8/8/8/RNNNKNNR w - - 0 1", 77, 3);
    random_games_agree("r3k2r/pPpppppp/8/8/8/8/PpPPPPPP/R3K2R w KQkq - 0 1", 5, 3);
}

/* Without a time control nothing about clocks is written. */
static void test_no_clocks(void **state)
{
    (void)state;
    Ui u;
    new_ui(&u, "chess");
    play(&u, "e4 e5");
    char path[128], err[512];
    snprintf(path, sizeof path, "%s/plain.pgn", tmpdir);
    assert_int_equal(ui_pgn_save(&u, path, err, sizeof err), 0);
    const char *saved = slurp(path);
    assert_null(strstr(saved, "TimeControl"));
    assert_null(strstr(saved, "%clk"));
    assert_non_null(strstr(saved, "\n\n1. e4 e5 *\n"));
    ui_game_free(&u);
}

/* Other variants keep the move text in saved games. */
static void test_other_variants_keep_move_text(void **state)
{
    (void)state;
    Ui u;
    new_ui(&u, "stealth-ninja");
    play(&u, "e2-e5 e9-e7 J@e2-e4");
    char path[128], err[512];
    snprintf(path, sizeof path, "%s/ninja.pgn", tmpdir);
    assert_int_equal(ui_pgn_save(&u, path, err, sizeof err), 0);
    assert_non_null(strstr(slurp(path), "1. e2-e5 e9-e7 2. J@e2-e4 *"));
    assert_string_equal(u.game.text[2], "J@e2-e4");
    ui_game_free(&u);
}

static void test_foreign_text(void **state)
{
    (void)state;
    Ui u;
    new_ui(&u, "chess");
    char err[512];
    /* rest-of-line comments, a NAG, a nested variation holding a comment
     * with a parenthesis, move numbers glued to the move, "0-0". */
    const char *text = "[Event \"x\"]\n[Variant \"Standard\"]\n\n"
                       "1.e4 e5 ; the king's pawn\n2.Nf3 $1 Nc6 (2...d6 {Philidor (1749)} (2...f5?)) "
                       "3.Bc4 Bc5 4.0-0 Nf6 1/2-1/2\n";
    ui_clock_configure(&u, 60, 1); /* as --time 1+1 asks: a file without clocks gets them */
    assert_int_equal(ui_pgn_load_text(&u, text, "x.pgn", err, sizeof err), 0);
    assert_int_equal(u.game.g.nply, 8);
    assert_string_equal(u.game.text[6], "O-O");
    assert_true(u.clocks.clock.on && u.clocks.clock.base == 60 && u.clocks.clock.inc == 1);
    assert_int_equal(ui_pgn_load_text(&u, "[Event \"x\"]\n\n1. e4 (1. d4 *\n", "x.pgn", err, sizeof err), -1);
    assert_string_equal(err, "x.pgn: line 3: variation '(' is not closed");
    assert_int_equal(ui_pgn_load_text(&u, "[Event \"x\"]\n\n1. e4 [x] e5 *\n", "x.pgn", err, sizeof err), -1);
    assert_string_equal(err, "x.pgn: line 3: '[' inside the moves (a tag must start a line)");
    /* a second game's tags end the first game */
    assert_int_equal(ui_pgn_load_text(&u, "[Event \"x\"]\n\n1. e4 e5\n[Event \"y\"]\n\n1. d4 *\n", "x.pgn", err,
                                      sizeof err), 0);
    assert_int_equal(u.game.g.nply, 2);
    assert_int_equal(ui_pgn_load_text(&u, "[Event \"x\"]\n\n1. e4 e5 2. Nd5 *\n", "x.pgn", err, sizeof err), -1);
    assert_string_equal(err, "x.pgn: line 3: move 2 'Nd5': illegal move 'Nd5'");
    /* move text without tags is a game of chess */
    assert_int_equal(ui_pgn_load_text(&u, "\n1. e4 e5 2. Nf3 Nc6 *\n", "x.pgn", err, sizeof err), 0);
    assert_int_equal(u.game.g.nply, 4);
    assert_string_equal(u.game.vname, "chess");
    assert_int_equal(ui_pgn_load_text(&u, "1.d4 *\n", "x.pgn", err, sizeof err), 0);
    assert_int_equal(u.game.g.nply, 1);
    assert_int_equal(ui_pgn_load_text(&u, "e4 e5 *\n", "x.pgn", err, sizeof err), -1);
    assert_string_equal(err, "x.pgn is not a saved game (no PGN tags at the start)");
    /* the "e.p." suffix of an en-passant capture */
    assert_int_equal(ui_pgn_load_text(&u, "[Event \"x\"]\n\n1. e4 Nf6 2. e5 d5 3. exd6 e.p. exd6 *\n", "x.pgn",
                                      err, sizeof err), 0);
    assert_int_equal(u.game.g.nply, 6);
    assert_string_equal(u.game.text[4], "exd6");
    assert_int_equal(ui_pgn_load_text(&u, "[Event \"x\"]\n\ne.p. e4 *\n", "x.pgn", err, sizeof err), -1);
    /* a false check mark: the move stands, the message warns */
    assert_int_equal(ui_pgn_load_text(&u, "[Event \"x\"]\n\n1. e4+ e5 2. Nf3# *\n", "x.pgn", err, sizeof err), 0);
    assert_int_equal(u.game.g.nply, 3);
    assert_true(u.msg_error);
    assert_string_equal(u.msg, "Warning: x.pgn: line 3: move 1: move 'e4+' does not give check; read as e4");
    /* a move that is wrong without its mark too keeps its error */
    assert_int_equal(ui_pgn_load_text(&u, "[Event \"x\"]\n\n1. e4 e5 2. Nd5+ *\n", "x.pgn", err, sizeof err), -1);
    assert_string_equal(err, "x.pgn: line 3: move 2 'Nd5+': illegal move 'Nd5+'");
    ui_game_free(&u);
}

/* A tag value with quotes and backslashes: pgn_put_tag escapes both, and
 * the reader gives the same value back. */
static void test_tag_escapes_round_trip(void **state)
{
    (void)state;
    const char *white = "Bobby \"the kid\" F\\ischer";
    char buf[512] = {0};
    FILE *f = fmemopen(buf, sizeof buf - 1, "w");
    assert_non_null(f);
    pgn_put_tag(f, "White", white);
    pgn_put_tag(f, "Black", "\"");
    fputs("\n1. e4 *\n", f);
    fclose(f);
    assert_non_null(strstr(buf, "[White \"Bobby \\\"the kid\\\" F\\\\ischer\"]"));
    PgnTags t;
    const char *sp = buf;
    int line = 1;
    char err[512];
    assert_int_equal(pgn_read_tags(&sp, &line, &t, "x.pgn", err, sizeof err), 0);
    assert_string_equal(t.white, white);
    assert_string_equal(t.black, "\"");
}

/* What ui_pgn_write makes of u, in a string the caller frees. */
static char *written(const Ui *u)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    assert_int_equal(ui_pgn_write(u, f), 0);
    fclose(f);
    return buf;
}

/* A loaded game keeps its tags, comments and NAGs (glyphs as NAGs) when
 * written back; comments after moves taken back and replaced go. */
static void test_loaded_game_kept(void **state)
{
    (void)state;
    Ui u;
    new_ui(&u, "chess");
    char err[512];
    const char *text = "[Event \"Paris\"]\n[White \"Morphy, Paul\"]\n[ECO \"C41\"]\n[Result \"*\"]\n\n"
                       "{start} 1. e4 e5 2. Nf3! d6 $14 {Philidor} 3. d4?! Bg4 {weak} *\n";
    assert_int_equal(ui_pgn_load_text(&u, text, "x.pgn", err, sizeof err), 0);
    char *out = written(&u);
    assert_non_null(strstr(out, "[Event \"Paris\"]\n"));
    assert_non_null(strstr(out, "[White \"Morphy, Paul\"]\n"));
    assert_non_null(strstr(out, "[Black \"human\"]\n"));
    assert_non_null(strstr(out, "[ECO \"C41\"]\n"));
    assert_non_null(strstr(out, "{start} 1. e4 e5 2. Nf3 $1 d6 $14 {Philidor} 3. d4 $6 Bg4 {weak} *"));
    free(out);
    assert_string_equal(ui_player_tag(&u, 0), "Morphy, Paul");
    assert_null(ui_player_tag(&u, 1));
    /* Bg4 taken back and another move played: its comment goes, the rest stays. */
    assert_true(ui_undo(&u));
    Move m;
    assert_int_equal(move_from_input(&u.game.g.pos, "Nf6", &m, err, sizeof err), 0);
    ui_play(&u, &m);
    out = written(&u);
    assert_non_null(strstr(out, "{Philidor} 3. d4 $6 Nf6 *"));
    assert_null(strstr(out, "weak"));
    free(out);
    ui_game_free(&u);
}

/* A game whose tags record an end its position does not show loads as
 * over, and is written with [Termination] in the PGN standard's words. */
static void test_recorded_end(void **state)
{
    (void)state;
    static const struct {
        const char *result, *termination, *how;
        int winner, end;
        const char *text, *written;
    } cases[] = {
        {"0-1", "time forfeit", "time forfeit", NC_BLACK, END_TIME, "0-1, White lost on time", "time forfeit"},
        {"1-0", "normal", "resignation", NC_WHITE, END_RESIGN, "1-0, Black resigned", "normal"},
        {"1/2-1/2", "normal", "draw agreed", -1, END_AGREED, "1/2-1/2, draw agreed", "normal"},
        {"1-0", "adjudication", "adjudication", NC_WHITE, END_RECORDED, "1-0, adjudication", "adjudication"},
        {"1-0", "1-0, Black lost on time", "time forfeit", NC_WHITE, END_TIME, "1-0, Black lost on time",
         "time forfeit"},
        {"0-1", "", "result as recorded", NC_BLACK, END_RECORDED, "0-1, result as recorded", "normal"},
        {"*", "", "", -2, END_NONE, "", NULL},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        PgnTags t;
        memset(&t, 0, sizeof t);
        strcpy(t.result, cases[i].result);
        strcpy(t.termination, cases[i].termination);
        char how[300] = "";
        assert_int_equal(pgn_recorded_end(&t, how, sizeof how), cases[i].winner);
        if (cases[i].winner != -2)
            assert_string_equal(how, cases[i].how);
        char text[400], err[512];
        snprintf(text, sizeof text, "[Result \"%s\"]\n%s%s%s\n1. e4 e5 %s\n", cases[i].result,
                 cases[i].termination[0] ? "[Termination \"" : "", cases[i].termination,
                 cases[i].termination[0] ? "\"]\n" : "", cases[i].result);
        Ui u;
        new_ui(&u, "chess");
        assert_int_equal(ui_pgn_load_text(&u, text, "x.pgn", err, sizeof err), 0);
        assert_int_equal(u.game.end, cases[i].end);
        assert_string_equal(u.game.result, cases[i].text);
        char *out = written(&u);
        char want[120];
        snprintf(want, sizeof want, "[Result \"%s\"]", cases[i].result);
        assert_non_null(strstr(out, want));
        if (cases[i].written) {
            snprintf(want, sizeof want, "[Termination \"%s\"]", cases[i].written);
            assert_non_null(strstr(out, want));
        } else {
            assert_null(strstr(out, "[Termination"));
        }
        free(out);
        ui_game_free(&u);
    }
}

/* The autosave makes its file durable: the game is written to a
 * temporary file that is fsynced before it is renamed over the game's
 * file, and the directory is fsynced after (else a crash may leave an
 * empty or partial file under the game's name). */
static void test_autosave_syncs_before_rename(void **state)
{
    (void)state;
    char state_home[128];
    snprintf(state_home, sizeof state_home, "%s/state", tmpdir);
    setenv("XDG_STATE_HOME", state_home, 1);
    Ui u;
    new_ui(&u, "chess");
    play(&u, "e2-e4 e7-e5");
    fs_nlog = 0;
    assert_int_equal(ui_autosave(&u), 0);
    assert_true(u.save.game_file[0]);
    int synced = -1, renamed = -1, dir_synced = -1;
    char tmp[1200] = "";
    for (int i = 0; i < fs_nlog; i++) {
        char from[600], to[600];
        if (sscanf(fs_log[i], "rename %599s %599s", from, to) == 2 && !strcmp(to, u.save.game_file)) {
            renamed = i;
            snprintf(tmp, sizeof tmp, "fsync %s", from);
        }
    }
    assert_true(renamed >= 0);
    char dir[1200];
    snprintf(dir, sizeof dir, "fsync %s", u.save.game_file);
    *strrchr(dir, '/') = 0;
    for (int i = 0; i < fs_nlog; i++) {
        if (!strcmp(fs_log[i], tmp) && i < renamed)
            synced = i;
        if (!strcmp(fs_log[i], dir) && i > renamed)
            dir_synced = i;
    }
    assert_true(synced >= 0 && synced < renamed);
    assert_true(dir_synced > renamed);
    ui_game_free(&u);
}

/* The screen reads a saved game as --load does (test_load.sh): a move
 * after a threefold repetition is refused with the same message, and the
 * game shown stays as it was. */
static void test_move_after_repetition(void **state)
{
    (void)state;
    Ui u;
    new_ui(&u, "chess");
    play(&u, "e2-e4");
    char err[512];
    const char *text = "[Event \"x\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. e4 *\n";
    assert_int_equal(ui_pgn_load_text(&u, text, "rep.pgn", err, sizeof err), -1);
    assert_string_equal(err, "rep.pgn: line 3: move 'e4' after the game ended");
    assert_int_equal(u.game.g.nply, 1);
    /* without the last move it loads, as a draw */
    const char *drawn = "[Event \"x\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 *\n";
    assert_int_equal(ui_pgn_load_text(&u, drawn, "rep.pgn", err, sizeof err), 0);
    assert_int_equal(u.game.g.nply, 8);
    assert_int_equal(game_status(&u.game.g), GS_REPETITION);
    ui_game_free(&u);
}

/* The screen's clock: it starts with the first move, a flag ends the game
 * (a draw when the other side has a bare king), the computer's thinking
 * time comes from its own clock. */
static void test_screen_clock(void **state)
{
    (void)state;
    Ui u;
    new_ui(&u, "chess");
    ui_clock_configure(&u, 60, 2);
    ui_clock_tick(&u);
    assert_true(u.clocks.clock.turn_start < 0); /* not before the first move */
    play(&u, "e4");
    assert_true(u.clocks.clock.left[NC_WHITE] == 62);
    ui_clock_tick(&u);
    assert_true(u.clocks.clock.turn_start >= 0);
    /* 60 s left and 2 s a move: a thirtieth of the clock plus most of the
     * increment as the target, three times that at most */
    SearchLimits lim = {0};
    ui_clock_limits(&u, &lim);
    assert_true(lim.target_seconds > 3.4 && lim.target_seconds < 3.6);
    assert_true(lim.seconds > 10.6 && lim.seconds < 10.9);
    u.clocks.clock.turn_start -= 61; /* Black thinks for a minute */
    ui_clock_tick(&u);
    assert_int_equal(u.game.end, END_TIME);
    assert_string_equal(u.game.result, "1-0, Black lost on time");
    assert_true(u.clocks.clock.left[NC_BLACK] == 0 && u.clocks.clock.turn_start < 0);
    ui_game_free(&u);

    new_ui_at(&u, "chess", "4k3/8/8/8/8/8/8/QK6 b - - 0 1");
    ui_clock_configure(&u, 60, 0);
    play(&u, "Kd7");
    ui_clock_tick(&u);
    u.clocks.clock.turn_start -= 61;
    ui_clock_tick(&u);
    assert_int_equal(u.game.end, END_TIME);
    assert_string_equal(u.game.result, "1/2-1/2, White out of time, Black cannot mate");
    /* taking the move back gives the clocks back and the game goes on */
    assert_true(ui_undo(&u));
    assert_int_equal(u.game.end, END_NONE);
    assert_true(u.clocks.clock.left[NC_WHITE] == 60 && u.clocks.clock.left[NC_BLACK] == 60);
    ui_game_free(&u);
}

static void test_clock_arithmetic(void **state)
{
    (void)state;
    double b, i;
    char err[200];
    assert_int_equal(gameclock_parse("5+3", &b, &i, err, sizeof err), 0);
    assert_true(b == 300 && i == 3);
    assert_int_equal(gameclock_parse("0:30+1", &b, &i, err, sizeof err), 0);
    assert_true(b == 30 && i == 1);
    assert_int_equal(gameclock_parse("2.5", &b, &i, err, sizeof err), 0);
    assert_true(b == 150 && i == 0);
    assert_int_equal(gameclock_parse("5+", &b, &i, err, sizeof err), -1);
    assert_string_equal(err, "time control '5+' is not MINUTES+SECONDS (e.g. 5+3 or 0:30+1)");
    assert_int_equal(gameclock_parse("5:3+1", &b, &i, err, sizeof err), -1);
    assert_int_equal(gameclock_parse("0+5", &b, &i, err, sizeof err), -1);
    assert_string_equal(err, "time control '0+5' is out of range (more than 0 and at most 600 minutes, at most 600 seconds a move)");
    assert_int_equal(gameclock_parse("601", &b, &i, err, sizeof err), -1);
    assert_int_equal(gameclock_parse_tc("300+3", &b, &i, err, sizeof err), 0);
    assert_true(b == 300 && i == 3);
    assert_int_equal(gameclock_parse_tc("-", &b, &i, err, sizeof err), -1);
    assert_int_equal(gameclock_parse_tc("40/9000", &b, &i, err, sizeof err), -1);

    GameClock c;
    memset(&c, 0, sizeof c);
    gameclock_init(&c, 60, 2);
    char t[32];
    gameclock_tc_text(&c, t, sizeof t);
    assert_string_equal(t, "60+2");
    gameclock_start(&c, 100.0);
    assert_true(gameclock_left(&c, NC_WHITE, NC_WHITE, 104.0) == 56);
    gameclock_moved(&c, NC_WHITE, 105.0);                      /* 5 s used, 2 back */
    assert_true(c.left[NC_WHITE] == 57);
    assert_true(gameclock_left(&c, NC_BLACK, NC_BLACK, 107.0) == 58);
    assert_true(gameclock_left(&c, NC_WHITE, NC_BLACK, 107.0) == 57); /* not running */
    gameclock_moved(&c, NC_BLACK, 113.0);
    assert_true(c.left[NC_BLACK] == 54);
    assert_true(gameclock_after(&c, 0, NC_WHITE) == 57 && gameclock_after(&c, 1, NC_BLACK) == 54);
    gameclock_undo(&c, 120.0);                                 /* White had used 7 s */
    assert_true(c.left[NC_WHITE] == 57 && c.left[NC_BLACK] == 60);
    assert_true(gameclock_redo(&c, 130.0));                    /* as at the undo */
    assert_true(c.left[NC_WHITE] == 57 && c.left[NC_BLACK] == 54);
    assert_true(gameclock_left(&c, NC_WHITE, NC_WHITE, 130.0) == 50);
    assert_false(gameclock_redo(&c, 131.0));
    gameclock_undo(&c, 140.0);
    gameclock_undo(&c, 140.0);                                 /* no ply left: stopped */
    assert_true(c.turn_start < 0 && c.left[NC_WHITE] == 60 && c.left[NC_BLACK] == 60);
    assert_true(gameclock_redo(&c, 150.0));                    /* the first ply's clocks */
    assert_true(c.left[NC_WHITE] == 57 && c.left[NC_BLACK] == 60 && c.turn_start == 150.0);
    gameclock_moved(&c, NC_BLACK, 151.0);                      /* another move: no redo */
    assert_true(c.left[NC_BLACK] == 60 + 2 - 1);
    assert_false(gameclock_redo(&c, 152.0));
    gameclock_free(&c);

    gameclock_clk_text(3725.9, t, sizeof t);
    assert_string_equal(t, "1:02:05");
    gameclock_clk_text(-3, t, sizeof t);
    assert_string_equal(t, "0:00:00");
    double s;
    const char *cm = " [%clk 0:04:58] [%eval 0.3]";
    assert_true(gameclock_find_clk(cm, strlen(cm), &s) && s == 298);
    cm = "[%clk 1:02:03.5]";
    assert_true(gameclock_find_clk(cm, strlen(cm), &s) && s == 3723.5);
    cm = "{ [%clk\n0:04:45] }"; /* pgn-extract breaks lines inside comments */
    assert_true(gameclock_find_clk(cm, strlen(cm), &s) && s == 285);
    cm = "[%clk soon]";
    assert_false(gameclock_find_clk(cm, strlen(cm), &s));
    gameclock_display(7.36, t, sizeof t);
    assert_string_equal(t, "0:07.3");
    gameclock_display(65, t, sizeof t);
    assert_string_equal(t, "1:05");
    gameclock_display(3725, t, sizeof t);
    assert_string_equal(t, "1:02:05");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_saved_game_read_by_pgn_extract),
        cmocka_unit_test(test_tag_escapes_round_trip),
        cmocka_unit_test(test_move_after_repetition),
        cmocka_unit_test(test_autosave_syncs_before_rename),
        cmocka_unit_test(test_san_as_pgn_extract_writes_it),
        cmocka_unit_test(test_no_clocks),
        cmocka_unit_test(test_other_variants_keep_move_text),
        cmocka_unit_test(test_foreign_text),
        cmocka_unit_test(test_loaded_game_kept),
        cmocka_unit_test(test_recorded_end),
        cmocka_unit_test(test_screen_clock),
        cmocka_unit_test(test_clock_arithmetic),
    };
    return cmocka_run_group_tests(tests, make_tmpdir, remove_tmpdir);
}
