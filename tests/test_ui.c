/* Screen tests without a terminal: ncurses draws into its virtual screen
 * (newterm on /dev/null), and the tests read back characters and
 * attributes: labels, missing squares, glyphs, Titan marks, the highlight
 * of each move kind, colour tiers, layout limits, PGN save and load, the
 * stack of screens, and a redraw benchmark. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "ui/ui_internal.h"
#include "ui/ui_dialog.h"
#include "ui/ui_game_screen.h"
#include "ui/ui_screen.h"
#include "ui/ui_start.h"
#include "ui/ui_tutorial.h"
#include "notation/notation.h"

#include <curses.h>
#include <errno.h>
#include <locale.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef NC_TEST_DATA_DIR
#define NC_TEST_DATA_DIR "data"
#endif

static SCREEN *scr;
static FILE *scr_out, *scr_in;
static Ui U;

static void open_screen(const char *term, int rows, int cols)
{
    scr_out = fopen("/dev/null", "w");
    scr_in = fopen("/dev/null", "r");
    assert_non_null(scr_out);
    scr = newterm(term, scr_out, scr_in);
    assert_non_null(scr);
    set_term(scr);
    resize_term(rows, cols);
}

static void close_screen(void)
{
    endwin();
    delscreen(scr);
    fclose(scr_out);
    fclose(scr_in);
    scr = NULL;
}

static Ui *new_ui(const char *variant, const char *fen)
{
    ui_game_free(&U);
    memset(&U, 0, sizeof U);
    U.board.drop_type = -1;
    U.mode.tut_type = -1;
    U.look.utf8 = true;
    U.engine.level = 1;
    char err[512];
    int rc = ui_game_new(&U, NC_TEST_DATA_DIR, variant, NULL, NULL, NULL, fen, err, sizeof err);
    if (rc)
        fail_msg("%s: %s", variant, err);
    ui_colours_init(&U);
    return &U;
}

static int sq(const Ui *u, const char *name)
{
    const char *s = name;
    int q = nc_parse_sq(u->game.v, &s);
    assert_true(q > 0);
    return q;
}

/* Character and attributes at the centre of a square's cell. */
static chtype cell_at(const Ui *u, int square, int dx)
{
    int y, x;
    ui_square_cell(u, square, &y, &x);
    return mvinch(y + u->look.lay.ch / 2, x + u->look.lay.cw / 2 + dx);
}

/* Colour pair at the centre of a square (read as a wide cell, because
 * mvinch cannot represent the chess glyphs). */
static int pair_at(const Ui *u, int square)
{
    int y, x;
    ui_square_cell(u, square, &y, &x);
    cchar_t cc;
    wchar_t w[8];
    attr_t a;
    short pair;
    mvin_wch(y + u->look.lay.ch / 2, x + u->look.lay.cw / 2, &cc);
    getcchar(&cc, w, &a, &pair, NULL);
    return pair;
}

/* The move-kind mark of an occupied square: left of the piece in small
 * cells, in the top-left corner of larger ones. */
static int mark_at(const Ui *u, int square)
{
    int y, x;
    ui_square_cell(u, square, &y, &x);
    if (u->look.lay.ch > 1)
        return (int)(mvinch(y, x) & A_CHARTEXT);
    return (int)(mvinch(y, x + u->look.lay.cw / 2 - 1) & A_CHARTEXT);
}

static int expect_pair(int bg, int fg)
{
    return 1 + bg * FG_COUNT + fg;
}

static void wide_at(const Ui *u, int square, wchar_t *out)
{
    int y, x;
    ui_square_cell(u, square, &y, &x);
    cchar_t cc;
    mvin_wch(y + u->look.lay.ch / 2, x + u->look.lay.cw / 2, &cc);
    attr_t a;
    short pair;
    getcchar(&cc, out, &a, &pair, NULL);
}

static bool screen_has(const char *text)
{
    int rows, cols;
    getmaxyx(stdscr, rows, cols);
    char line[512];
    for (int y = 0; y < rows; y++) {
        int n = 0;
        for (int x = 0; x < cols && n < 511; x++)
            line[n++] = (char)(mvinch(y, x) & A_CHARTEXT);
        line[n] = 0;
        if (strstr(line, text))
            return true;
    }
    return false;
}

static int setup(void **state)
{
    (void)state;
    setlocale(LC_ALL, "C.UTF-8");
    unsetenv("NO_COLOR");
    open_screen("xterm-256color", 24, 80);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    ui_game_free(&U);
    memset(&U, 0, sizeof U);
    close_screen();
    return 0;
}

static void select_at(Ui *u, const char *name)
{
    u->board.cursor = sq(u, name);
    ui_select(u, u->board.cursor);
}

static void test_every_variant_fits_80x24(void **state)
{
    (void)state;
    const char *names[] = {"chess", "capablanca", "titan-chess", "stealth-ninja", "flying-warmachines",
                           "chess-titan-rooks", "titan-chess-titans"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        Ui *u = new_ui(names[i], NULL);
        ui_layout(u, 24, 80);
        assert_false(u->look.lay.too_small);
        assert_true(u->look.lay.px + 30 <= 80);
        /* Too small: the message names the size needed. */
        ui_layout(u, 12, 40);
        assert_true(u->look.lay.too_small);
        assert_true(u->look.lay.need_w <= 80 && u->look.lay.need_h <= 24);
    }
    /* Bigger terminals grow the cells. */
    Ui *u = new_ui("titan-chess", NULL);
    ui_layout(u, 24, 80);
    int small = u->look.lay.cw;
    ui_layout(u, 60, 160);
    assert_true(u->look.lay.cw > small && u->look.lay.ch > 1);
}

static void test_too_small_message_and_recovery(void **state)
{
    (void)state;
    Ui *u = new_ui("titan-chess", NULL);
    resize_term(15, 50);
    ui_draw(u);
    assert_true(screen_has("Terminal too small"));
    assert_true(screen_has("need at least"));
    resize_term(24, 80);
    ui_draw(u);
    assert_false(screen_has("Terminal too small"));
    assert_true(screen_has("Titan Chess"));
}

static void test_titan_chess_labels(void **state)
{
    (void)state;
    Ui *u = new_ui("titan-chess", NULL);
    ui_draw(u);
    /* Ranks 12 at the top and 1 at the bottom; files a-l below. */
    int y, x;
    ui_square_cell(u, sq(u, "a12"), &y, &x);
    assert_int_equal(mvinch(y, 0) & A_CHARTEXT, '1');
    assert_int_equal(mvinch(y, 1) & A_CHARTEXT, '2');
    ui_square_cell(u, sq(u, "l1"), &y, &x);
    assert_int_equal(mvinch(y + 1, x + 1) & A_CHARTEXT, 'l');
    assert_true(screen_has(" a  b  c  d  e  f  g  h  i  j  k  l"));
    /* Light and dark squares differ: a1 is dark, b1 light. */
    assert_int_equal(pair_at(u, sq(u, "c5")), expect_pair(BG_DARK, FG_MARK));
    assert_int_equal(pair_at(u, sq(u, "d5")), expect_pair(BG_LIGHT, FG_MARK));
}

static void test_irregular_board(void **state)
{
    (void)state;
    Ui *u = new_ui("stealth-ninja", NULL);
    ui_draw(u);
    assert_true(screen_has("11 "));
    assert_true(screen_has(" 0 "));
    /* e0 holds a White Ninja Warrior; d0 and g11 do not exist: blank, no colour. */
    int e0 = sq(u, "e0");
    assert_int_equal(cell_at(u, e0, 0) & A_CHARTEXT, 'W');
    assert_true(pair_at(u, e0) > 0);
    int y, x;
    ui_square_cell(u, e0, &y, &x);
    for (int k = 1; k <= 4; k++) {
        /* d0, c0, b0, a0: the cells left of e0 */
        for (int dx = 0; dx < u->look.lay.cw; dx++) {
            chtype c = mvinch(y, x - k * u->look.lay.cw + dx);
            assert_int_equal(c & A_CHARTEXT, ' ');
            assert_int_equal(PAIR_NUMBER(c & A_COLOR), 0);
        }
    }
    /* The cursor never rests on a hole: from e0 left it reaches d1. */
    u->board.cursor = e0;
    ui_cursor_step(u, -1, 0);
    assert_int_equal(u->board.cursor, sq(u, "d1"));
    u->board.cursor = sq(u, "e1");
    ui_cursor_step(u, 0, -1);
    assert_int_equal(u->board.cursor, e0);
    /* Hands of both sides are shown. */
    assert_true(screen_has("White hand:"));
    assert_true(screen_has("Black hand:"));
}

static void test_glyphs_letters_and_titans(void **state)
{
    (void)state;
    Ui *u = new_ui("chess-titan-rooks", NULL);
    ui_draw(u);
    wchar_t w[8];
    wide_at(u, sq(u, "e1"), w);
    assert_int_equal(w[0], 0x2654);
    wide_at(u, sq(u, "e8"), w);
    assert_int_equal(w[0], 0x265a);
    /* Titan rooks carry the shield brackets. */
    assert_int_equal(cell_at(u, sq(u, "a1"), -1) & A_CHARTEXT, '[');
    assert_int_equal(cell_at(u, sq(u, "a1"), 1) & A_CHARTEXT, ']');
    assert_int_not_equal(cell_at(u, sq(u, "b1"), -1) & A_CHARTEXT, '[');
    /* --ascii: letters, case for colour. */
    u->look.ascii = true;
    ui_draw(u);
    assert_int_equal(cell_at(u, sq(u, "e1"), 0) & A_CHARTEXT, 'K');
    assert_int_equal(cell_at(u, sq(u, "e8"), 0) & A_CHARTEXT, 'k');
    assert_int_equal(cell_at(u, sq(u, "a8"), 0) & A_CHARTEXT, 'r');
    /* Fairy pieces are letters even in UTF-8. */
    u = new_ui("titan-chess", NULL);
    ui_draw(u);
    assert_int_equal(cell_at(u, sq(u, "a1"), 0) & A_CHARTEXT, 'F');
    assert_int_equal(cell_at(u, sq(u, "a12"), 0) & A_CHARTEXT, 'f');
}

static void test_highlight_quiet_capture_promo(void **state)
{
    (void)state;
    Ui *u = new_ui("chess", "1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    ui_colours_init(u);
    select_at(u, "a7");
    ui_draw(u);
    assert_int_equal(u->board.hl[sq(u, "a8")], HL_PROMO);
    assert_int_equal(u->board.hl[sq(u, "b8")], HL_PROMO);
    assert_int_equal(pair_at(u, sq(u, "a8")), expect_pair(BG_PROMO, FG_MARK));
    assert_int_equal(cell_at(u, sq(u, "a8"), 0) & A_CHARTEXT, '=');
    u = new_ui("chess", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
    ui_colours_init(u);
    select_at(u, "e4");
    ui_draw(u);
    assert_int_equal(u->board.hl[sq(u, "e5")], HL_QUIET);
    assert_int_equal(u->board.hl[sq(u, "d5")], HL_CAPTURE);
    assert_int_equal(pair_at(u, sq(u, "e5")), expect_pair(BG_QUIET, FG_MARK));
    assert_int_equal(pair_at(u, sq(u, "d5")), expect_pair(BG_CAPTURE, FG_BLACK));
    assert_int_equal(mark_at(u, sq(u, "d5")), 'x');
    assert_int_equal(cell_at(u, sq(u, "e5"), 0) & A_CHARTEXT, '+');
}

static void test_highlight_flyover_and_hover(void **state)
{
    (void)state;
    Ui *u = new_ui("titan-chess", "12/12/12/12/12/3p8/12/12/3F8/12/12/6K4k w - - 0 1");
    select_at(u, "d4");
    ui_draw(u);
    /* The bomber flies over d7 to d8: d8 is a fly-over landing with its
     * own mark, d7 is removed. */
    assert_int_equal(u->board.hl[sq(u, "d8")], HL_FLYOVER);
    assert_int_equal(cell_at(u, sq(u, "d8"), 0) & A_CHARTEXT, '~');
    assert_int_equal(pair_at(u, sq(u, "d8")), expect_pair(BG_FLYOVER, FG_MARK));
    assert_int_equal(u->board.hl[sq(u, "d7")], HL_REMOVED);
    assert_int_equal(u->board.hl[sq(u, "d6")], HL_QUIET);
    assert_int_equal(pair_at(u, sq(u, "d7")), expect_pair(BG_REMOVED, FG_BLACK));
    assert_int_equal(mark_at(u, sq(u, "d7")), '*');
    /* Hovering d8 says what goes, and marks it. */
    u->board.cursor = sq(u, "d8");
    ui_hover(u);
    assert_non_null(strstr(u->board.hover, "captures d7"));
    assert_true(u->board.removes[sq(u, "d7")]);
}

static void test_highlight_push_and_castle(void **state)
{
    (void)state;
    Ui *u = new_ui("chess-titan-rooks", "4k3/8/8/3n4/3r4/8/8/3RK3 w - - 0 1");
    ui_colours_init(u);
    select_at(u, "d1");
    ui_draw(u);
    assert_int_equal(u->board.hl[sq(u, "d4")], HL_PUSH);
    assert_int_equal(u->board.hl[sq(u, "d5")], HL_REMOVED);
    assert_int_equal(pair_at(u, sq(u, "d4")), expect_pair(BG_PUSH, FG_BLACK));
    assert_int_equal(mark_at(u, sq(u, "d4")), '^');
    u->board.cursor = sq(u, "d4");
    ui_hover(u);
    assert_non_null(strstr(u->board.hover, "crushes d5"));

    u = new_ui("flying-warmachines", "****m1****/4k5/10/10/10/10/10/10/10/10/1R3K2R1/****2****[] w KQ - 0 1");
    ui_colours_init(u);
    select_at(u, "f1");
    ui_draw(u);
    assert_int_equal(u->board.hl[sq(u, "g1")], HL_CASTLE);
    assert_int_equal(u->board.hl[sq(u, "i1")], HL_CASTLE);
    assert_int_equal(u->board.hl[sq(u, "f2")], HL_QUIET);
    assert_int_equal(pair_at(u, sq(u, "g1")), expect_pair(BG_CASTLE, FG_MARK));
    /* g1 is both a king step and a castling: two candidates. */
    Move c[8];
    assert_int_equal(ui_candidates(u, sq(u, "g1"), c, 8), 2);
}

static void test_drop_squares(void **state)
{
    (void)state;
    Ui *u = new_ui("stealth-ninja", NULL);
    ui_colours_init(u);
    char err[256];
    Move m;
    assert_int_equal(move_from_text(&u->game.g.pos, "e2-e5", &m, err, sizeof err), 0);
    ui_play(u, &m);
    assert_int_equal(move_from_text(&u->game.g.pos, "e9-e7", &m, err, sizeof err), 0);
    ui_play(u, &m);
    ui_select_drop(u, nc_type_of_letter(u->game.v, 'J'));
    ui_draw(u);
    assert_int_equal(u->board.hl[sq(u, "e2")], HL_QUIET);
    assert_int_equal(u->board.hl[sq(u, "e4")], HL_QUIET);
    assert_int_equal(u->board.hl[sq(u, "d2")], HL_NONE);
    assert_int_equal(pair_at(u, sq(u, "e3")), expect_pair(BG_QUIET, FG_MARK));
    /* The move list shows the moving piece's letter and the move text. */
    assert_true(screen_has("1. Pe2-e5"));
    assert_true(screen_has("Pe9-e7"));
}

static void test_check_and_last_move(void **state)
{
    (void)state;
    Ui *u = new_ui("chess", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    ui_colours_init(u);
    char err[256];
    Move m;
    assert_int_equal(move_from_text(&u->game.g.pos, "a1-a8", &m, err, sizeof err), 0);
    ui_play(u, &m);
    u->board.cursor = sq(u, "d4");
    ui_draw(u);
    assert_true(u->game.in_check);
    assert_int_equal(pair_at(u, sq(u, "e8")), expect_pair(BG_CHECK, FG_BLACK));
    assert_true(screen_has("CHECK"));
    int p = pair_at(u, sq(u, "a1"));
    assert_true(p == expect_pair(BG_LAST_DARK, FG_MARK) || p == expect_pair(BG_LAST_LIGHT, FG_MARK));
}

static void test_monochrome_and_8_colours(void **state)
{
    (void)state;
    close_screen();
    setenv("NO_COLOR", "1", 1);
    open_screen("xterm-256color", 24, 80);
    Ui *u = new_ui("chess", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
    ui_colours_init(u);
    assert_int_equal(u->look.colours, 0);
    select_at(u, "e4");
    u->board.cursor = sq(u, "h1");
    ui_draw(u);
    /* No colour pairs; dark squares in reverse video; marks tell the kinds. */
    assert_int_equal(pair_at(u, sq(u, "c3")), 0);
    assert_true(cell_at(u, sq(u, "c3"), 0) & A_REVERSE);
    assert_false(cell_at(u, sq(u, "d3"), 0) & A_REVERSE);
    assert_int_equal(cell_at(u, sq(u, "e5"), 0) & A_CHARTEXT, '+');
    assert_int_equal(mark_at(u, sq(u, "d5")), 'x');
    unsetenv("NO_COLOR");
    close_screen();
    open_screen("xterm", 24, 80);
    u = new_ui("chess", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
    ui_colours_init(u);
    assert_int_equal(u->look.colours, 8);
    select_at(u, "e4");
    ui_draw(u);
    assert_int_equal(pair_at(u, sq(u, "d5")), expect_pair(BG_CAPTURE, FG_BLACK));
    close_screen();
    open_screen("xterm-256color", 24, 80);
}

/* WCAG 2 relative luminance of one of xterm's eight default colours
 * (black, red3, green3, yellow3, blue2, magenta3, cyan3, gray90). */
static double xterm8_luminance(int c)
{
    static const int rgb[8][3] = {{0, 0, 0},       {205, 0, 0},   {0, 205, 0},   {205, 205, 0},
                                  {0, 0, 238},     {205, 0, 205}, {0, 205, 205}, {229, 229, 229}};
    assert_true(c >= 0 && c < 8);
    double lin[3];
    for (int k = 0; k < 3; k++) {
        double v = rgb[c][k] / 255.0;
        lin[k] = v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4);
    }
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2];
}

/* The rule for an eight-colour pair: text and background differ and have
 * at least 3:1 contrast in xterm's default palette (never white on white,
 * yellow, cyan or green; never black on black or blue). */
static void assert_pair_legible8(int pair, const char *what, int bg)
{
    short f, b;
    assert_int_equal(pair_content((short)pair, &f, &b), OK);
    double lf = xterm8_luminance(f), lb = xterm8_luminance(b);
    double ratio = lf > lb ? (lf + 0.05) / (lb + 0.05) : (lb + 0.05) / (lf + 0.05);
    if (f == b || ratio < 3.0)
        fail_msg("%s on background %d: colour %d on %d, contrast %.2f", what, bg, f, b, ratio);
}

/* Attributes of the wide cell at the centre of a square. */
static attr_t glyph_attrs(const Ui *u, int square)
{
    int y, x;
    ui_square_cell(u, square, &y, &x);
    cchar_t cc;
    wchar_t w[8];
    attr_t a;
    short pair;
    mvin_wch(y + u->look.lay.ch / 2, x + u->look.lay.cw / 2, &cc);
    getcchar(&cc, w, &a, &pair, NULL);
    return a & ~(attr_t)A_COLOR;
}

/* Eight colours (TERM=xterm): every pair a square can use is legible for
 * both sides' pieces and the marks; drawn: a white piece on a light
 * square, selected, in check, and a capture target. */
static void test_8_colour_pairs_legible(void **state)
{
    (void)state;
    close_screen();
    open_screen("xterm", 24, 80);
    Ui *u = new_ui("chess", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
    assert_int_equal(u->look.colours, 8);
    static const char *const side[FG_COUNT] = {"white piece", "black piece", "mark"};
    for (int bg = 0; bg < BG_COUNT; bg++)
        for (int fg = 0; fg < FG_COUNT; fg++)
            assert_pair_legible8(expect_pair(bg, fg), side[fg], bg);
    select_at(u, "e4");
    u->board.cursor = sq(u, "a8");
    ui_draw(u);
    assert_pair_legible8(pair_at(u, sq(u, "e4")), "selected white piece", BG_SELECTED);
    assert_pair_legible8(pair_at(u, sq(u, "e1")), "white king on a dark square", BG_DARK);
    assert_pair_legible8(pair_at(u, sq(u, "d5")), "capture target", BG_CAPTURE);
    u = new_ui("chess", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    char err[256];
    Move m;
    assert_int_equal(move_from_text(&u->game.g.pos, "a1-a8", &m, err, sizeof err), 0);
    ui_play(u, &m);
    u->board.cursor = sq(u, "d4");
    ui_draw(u);
    assert_pair_legible8(pair_at(u, sq(u, "a8")), "white rook, last move", BG_LAST_LIGHT);
    assert_pair_legible8(pair_at(u, sq(u, "e8")), "black king in check", BG_CHECK);
    /* A blue piece is not bold: xterm would brighten it. */
    short f, b;
    pair_content((short)pair_at(u, sq(u, "e1")), &f, &b);
    assert_true(f == COLOR_WHITE || !(glyph_attrs(u, sq(u, "e1")) & A_BOLD));
    close_screen();
    open_screen("xterm-256color", 24, 80);
}

/* Without colour each side's glyph has an attribute of its own, the same
 * on light squares, reverse-video dark ones and the last move's. */
static void test_no_colour_sides_differ(void **state)
{
    (void)state;
    close_screen();
    setenv("NO_COLOR", "1", 1);
    open_screen("xterm-256color", 24, 80);
    Ui *u = new_ui("chess", "3qk3/8/8/8/8/8/8/3QK3 w - - 0 1");
    assert_int_equal(u->look.colours, 0);
    char err[256];
    Move m;
    assert_int_equal(move_from_text(&u->game.g.pos, "d1-d5", &m, err, sizeof err), 0);
    ui_play(u, &m);
    u->board.cursor = sq(u, "a4");
    ui_draw(u);
    /* d5 (light, last move) and e1 (dark) hold White; d8 (dark), e8 (light) Black. */
    attr_t plain = ~(attr_t)A_REVERSE;
    attr_t w1 = glyph_attrs(u, sq(u, "d5")) & plain, w2 = glyph_attrs(u, sq(u, "e1")) & plain;
    attr_t k1 = glyph_attrs(u, sq(u, "d8")) & plain, k2 = glyph_attrs(u, sq(u, "e8")) & plain;
    printf("White %#lx %#lx, Black %#lx %#lx\n", (unsigned long)w1, (unsigned long)w2, (unsigned long)k1,
           (unsigned long)k2);
    assert_int_equal(w1, w2);
    assert_int_equal(k1, k2);
    assert_true(w1 & ~k1);
    assert_true(k1 & ~w1);
    unsetenv("NO_COLOR");
    close_screen();
    open_screen("xterm-256color", 24, 80);
}

static void test_tutorial_panel(void **state)
{
    (void)state;
    Ui *u = new_ui("titan-chess", "12/12/12/12/12/12/12/12/12/12/12/12 w - - 0 1");
    u->mode.tutorial = true;
    int t = nc_type_of_letter(u->game.v, 'F');
    Position p = u->game.g.pos;
    pos_put(&p, sq(u, "f6"), nc_code(t, NC_WHITE));
    p.key = pos_compute_key(&p);
    ui_game_reset(u, &p);
    u->mode.tut_type = t;
    select_at(u, "f6");
    ui_draw(u);
    assert_true(screen_has("Flying Bomber (F)"));
    assert_true(screen_has("Moves as a rook"));
    assert_int_equal(u->board.hl[sq(u, "f12")], HL_QUIET);
}

static char *tmpdir(void)
{
    static char dir[64];
    snprintf(dir, sizeof dir, "/tmp/nc_test_ui_XXXXXX");
    assert_non_null(mkdtemp(dir));
    return dir;
}

static void test_pgn_round_trip(void **state)
{
    (void)state;
    Ui *u = new_ui("stealth-ninja", NULL);
    const char *moves[] = {"e2-e5", "e9-e7", "J@e2-e4", "d9-d7"};
    for (int i = 0; i < 4; i++) {
        Move m;
        char err[256];
        assert_int_equal(move_from_text(&u->game.g.pos, moves[i], &m, err, sizeof err), 0);
        ui_play(u, &m);
    }
    char fen[1024], fen2[1024], path[256], err[512];
    pos_to_fen(&u->game.g.pos, fen, sizeof fen);
    char *dir = tmpdir();
    snprintf(path, sizeof path, "%s/game.pgn", dir);
    assert_int_equal(ui_pgn_save(u, path, err, sizeof err), 0);
    FILE *f = fopen(path, "r");
    char text[4096];
    size_t n = fread(text, 1, sizeof text - 1, f);
    text[n] = 0;
    fclose(f);
    assert_non_null(strstr(text, "[Variant \"stealth-ninja\"]"));
    assert_null(strstr(text, "[FEN"));
    assert_non_null(strstr(text, "1. e2-e5 e9-e7 2. J@e2-e4 d9-d7 *"));
    Ui *v = new_ui("chess", NULL);
    assert_int_equal(ui_pgn_load(v, path, err, sizeof err), 0);
    pos_to_fen(&v->game.g.pos, fen2, sizeof fen2);
    assert_string_equal(fen, fen2);
    assert_int_equal(v->game.g.nply, 4);
    unlink(path);

    /* A game from a position writes [FEN]. */
    u = new_ui("chess", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    assert_int_equal(ui_pgn_save(u, path, err, sizeof err), 0);
    f = fopen(path, "r");
    n = fread(text, 1, sizeof text - 1, f);
    text[n] = 0;
    fclose(f);
    assert_non_null(strstr(text, "[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 0 1\"]"));
    unlink(path);
    rmdir(dir);
}

/* Loading a game replaces the game, not the player's settings: the config,
 * the board's look, the search's threads and the time control of new
 * games stay as they were. */
static void test_pgn_load_keeps_settings(void **state)
{
    (void)state;
    Ui *u = new_ui("chess", NULL);
    u->cfg.bell = -1;
    u->cfg.keys[0] = 'z';
    u->cfg.analysis = 1;
    u->look.flipped = true;
    u->look.ascii = true;
    u->engine.threads = 3;
    u->clocks.tc_base = 300;
    u->clocks.tc_inc = 2;
    char err[512];
    assert_int_equal(ui_pgn_load_text(u, "[Variant \"capablanca\"]\n\n1. e2-e4 *\n", "x.pgn", err, sizeof err), 0);
    assert_string_equal(u->game.vname, "capablanca");
    assert_int_equal(u->cfg.bell, -1);
    assert_int_equal(u->cfg.keys[0], 'z');
    assert_int_equal(u->cfg.analysis, 1);
    assert_true(u->look.flipped);
    assert_true(u->look.ascii);
    assert_int_equal(u->engine.threads, 3);
    assert_true(u->clocks.tc_base == 300 && u->clocks.tc_inc == 2);
}

static void test_pgn_damaged(void **state)
{
    (void)state;
    Ui *u = new_ui("chess", NULL);
    char err[512];
    assert_int_equal(ui_pgn_load_text(u, "hello world\n", "x.pgn", err, sizeof err), -1);
    assert_non_null(strstr(err, "not a saved game"));
    /* No [Variant] tag: orthodox chess, as the PGN standard has it. */
    assert_int_equal(ui_pgn_load_text(u, "[Event \"x\"]\n\n1. e2-e4 *\n", "x.pgn", err, sizeof err), 0);
    assert_string_equal(u->game.vname, "chess");
    assert_int_equal(ui_pgn_load_text(u, "[Variant \"nosuch\"]\n\n*\n", "x.pgn", err, sizeof err), -1);
    assert_int_equal(ui_pgn_load_text(u, "[Variant \"chess\"]\n\n1. e2-e4 e7-e4 *\n", "x.pgn", err, sizeof err), -1);
    assert_non_null(strstr(err, "move 1 'e7-e4'"));
    assert_int_equal(ui_pgn_load_text(u, "[Variant \"chess\"\n", "x.pgn", err, sizeof err), -1);
    assert_int_equal(ui_pgn_load_text(u, "[Variant \"chess\"]\n[FEN \"8/8 w\"]\n*", "x.pgn", err, sizeof err), -1);
    /* Nothing is cut: an over-long value or move is refused, naming the limit. */
    char text[4000];
    snprintf(text, sizeof text, "[Variant \"chess\"]\n[Titans \"%0170d\"]\n\n*\n", 0);
    assert_int_equal(ui_pgn_load_text(u, text, "x.pgn", err, sizeof err), -1);
    assert_string_equal(err, "x.pgn: line 2: the value of tag Titans is longer than 159 bytes");
    snprintf(text, sizeof text, "[Variant \"chess\"]\n[Event \"%01100d\"]\n\n*\n", 0);
    assert_int_equal(ui_pgn_load_text(u, text, "x.pgn", err, sizeof err), -1);
    assert_string_equal(err, "x.pgn: line 2: the value of tag Event is longer than 1023 bytes");
    snprintf(text, sizeof text, "[Variant \"chess\"]\n\n1. e2-e4%0300d *\n", 0);
    assert_int_equal(ui_pgn_load_text(u, text, "x.pgn", err, sizeof err), -1);
    assert_string_equal(err, "x.pgn: line 3: a move longer than 199 bytes");
    /* a player name longer than the old 15-byte field is kept whole */
    assert_int_equal(ui_pgn_load_text(u, "[Variant \"chess\"]\n[White \"computer of a long name\"]\n\n*\n", "x.pgn",
                                      err, sizeof err), 0);
    assert_int_equal(u->game.player[0], PL_HUMAN);
    /* The current game is untouched by failed loads. */
    assert_string_equal(u->game.vname, "chess");
    assert_int_equal(ui_pgn_load(u, "/nonexistent/x.pgn", err, sizeof err), -1);
    assert_non_null(strstr(err, "cannot open"));
}

static void test_atomic_write_and_autosave_path(void **state)
{
    (void)state;
    char *dir = tmpdir();
    char path[256], err[256];
    snprintf(path, sizeof path, "%s/a.txt", dir);
    assert_int_equal(ui_atomic_write(path, "one", 3, err, sizeof err), 0);
    assert_int_equal(ui_atomic_write(path, "two", 3, err, sizeof err), 0);
    FILE *f = fopen(path, "r");
    char buf[8] = {0};
    assert_int_equal(fread(buf, 1, 7, f), 3);
    fclose(f);
    assert_string_equal(buf, "two");
    unlink(path);
    snprintf(path, sizeof path, "%s/nodir/a.txt", dir);
    assert_int_equal(ui_atomic_write(path, "x", 1, err, sizeof err), -1);
    assert_non_null(strstr(err, "cannot write"));
    setenv("XDG_STATE_HOME", dir, 1);
    char ap[512];
    assert_int_equal(ui_autosave_path(ap, sizeof ap, true), 0);
    char want[256];
    snprintf(want, sizeof want, "%s/ninjachess/autosave.pgn", dir);
    assert_string_equal(ap, want);
    snprintf(want, sizeof want, "%s/ninjachess", dir);
    rmdir(want);
    rmdir(dir);
}

/* ---- the game in progress kept in the state directory ---- */

static char state_home[128];

/* A fresh XDG_STATE_HOME; returns the games directory's path. */
static const char *fresh_state(void)
{
    static char games[256];
    snprintf(state_home, sizeof state_home, "/tmp/nc_test_state_XXXXXX");
    assert_non_null(mkdtemp(state_home));
    setenv("XDG_STATE_HOME", state_home, 1);
    snprintf(games, sizeof games, "%s/ninjachess/games", state_home);
    return games;
}

static void remove_tree(const char *dir)
{
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
}

/* How many names in dir end in suffix. */
static int count_files(const char *dir, const char *suffix)
{
    char cmd[400];
    snprintf(cmd, sizeof cmd, "ls '%s' 2>/dev/null | grep -c -- '%s$'", dir, suffix);
    FILE *p = popen(cmd, "r");
    int n = -1;
    assert_int_equal(fscanf(p, "%d", &n), 1);
    pclose(p);
    return n;
}

static void read_text(const char *path, char *buf, size_t len)
{
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    size_t n = fread(buf, 1, len - 1, f);
    buf[n] = 0;
    fclose(f);
}

static Ui *player_ui(Ui *u, const char *variant)
{
    memset(u, 0, sizeof *u);
    u->board.drop_type = -1;
    u->look.utf8 = true;
    char err[512];
    if (ui_game_new(u, NC_TEST_DATA_DIR, variant, NULL, NULL, NULL, NULL, err, sizeof err))
        fail_msg("%s: %s", variant, err);
    u->game.player[0] = u->game.player[1] = PL_HUMAN;
    return u;
}

static void play_text(Ui *u, const char *text);

/* Every move is on disk before the next key: the file of the game has it
 * at once, undo and redo too, and nothing is written before a move. */
static void test_saved_after_every_move(void **state)
{
    (void)state;
    const char *games = fresh_state();
    Ui a;
    player_ui(&a, "chess");
    ui_autosave_tick(&a);
    assert_int_equal(count_files(games, ".pgn"), 0);
    play_text(&a, "e2-e4");
    ui_autosave_tick(&a);
    assert_int_equal(count_files(games, ".pgn"), 1);
    assert_int_equal(count_files(games, ".lock"), 1);
    char text[4096];
    read_text(a.save.game_file, text, sizeof text);
    assert_non_null(strstr(text, "1. e4 *"));
    play_text(&a, "e7-e5");
    ui_autosave_tick(&a);
    read_text(a.save.game_file, text, sizeof text);
    assert_non_null(strstr(text, "1. e4 e5 *"));
    assert_true(ui_undo(&a));
    ui_autosave_tick(&a);
    read_text(a.save.game_file, text, sizeof text);
    assert_null(strstr(text, "e5 *"));
    assert_true(ui_redo(&a));
    ui_autosave_tick(&a);
    read_text(a.save.game_file, text, sizeof text);
    assert_non_null(strstr(text, "1. e4 e5 *"));
    assert_int_equal(count_files(games, "tmp......"), 0);
    ui_autosave_leave(&a);
    assert_int_equal(count_files(games, ".pgn"), 1);  /* unfinished: kept */
    assert_int_equal(count_files(games, ".lock"), 0);
    ui_game_free(&a);
    remove_tree(state_home);
}

/* Two instances: each game has its own file, and a game another instance
 * holds is not offered; once given up it is, with its moves. */
static void test_two_instances_and_lock(void **state)
{
    (void)state;
    const char *games = fresh_state();
    Ui a, b;
    player_ui(&a, "chess");
    player_ui(&b, "chess");
    play_text(&a, "e2-e4");
    ui_autosave_tick(&a);
    SavedGame g[4];
    char note[1400];
    assert_int_equal(ui_saved_games(&b, true, g, 4, note, sizeof note), 0);
    play_text(&b, "d2-d4");
    ui_autosave_tick(&b);
    assert_int_equal(count_files(games, ".pgn"), 2);
    assert_string_not_equal(a.save.game_file, b.save.game_file);
    ui_autosave_leave(&b);
    /* a still plays its game: only b's is offered (to a third instance). */
    Ui c;
    player_ui(&c, "chess");
    assert_int_equal(ui_saved_games(&c, true, g, 4, note, sizeof note), 1);
    assert_int_equal(g[0].plies, 1);
    /* While it is offered to c, it is not offered to anyone else. */
    assert_int_equal(ui_saved_games(&b, false, g + 1, 3, note, sizeof note), 0);
    char err[512];
    assert_int_equal(ui_saved_game_resume(&c, &g[0], err, sizeof err), 0);
    assert_int_equal(c.game.g.nply, 1);
    assert_string_equal(c.game.text[0], "d4");
    assert_int_equal(c.save.changes, c.save.saved_changes); /* resumed: nothing new to write */
    ui_autosave_leave(&a);
    assert_int_equal(ui_saved_games(&b, false, g, 4, note, sizeof note), 1);
    assert_int_equal(g[0].plies, 1);
    char text[4096];
    read_text(g[0].path, text, sizeof text);
    assert_non_null(strstr(text, "1. e4"));
    ui_saved_game_release(&g[0]);
    ui_autosave_leave(&c);
    ui_game_free(&a);
    ui_game_free(&b);
    ui_game_free(&c);
    remove_tree(state_home);
}

/* A save cut short (SIGKILL between write and rename) leaves a temporary
 * file: removed when the game is next taken up, not while it is played. */
static void test_cut_save_leftovers(void **state)
{
    (void)state;
    const char *games = fresh_state();
    Ui a, b;
    player_ui(&a, "chess");
    player_ui(&b, "chess");
    play_text(&a, "e2-e4");
    ui_autosave_tick(&a);
    char tmp[1200];
    snprintf(tmp, sizeof tmp, "%s.tmpAbC123", a.save.game_file);
    FILE *f = fopen(tmp, "w");
    fputs("[Variant \"ch", f);
    fclose(f);
    SavedGame g[2];
    char note[1400];
    assert_int_equal(ui_saved_games(&b, false, g, 2, note, sizeof note), 0);
    assert_int_equal(access(tmp, F_OK), 0);   /* a still plays it */
    ui_autosave_leave(&a);
    assert_int_equal(ui_saved_games(&b, false, g, 2, note, sizeof note), 1);
    assert_int_equal(access(tmp, F_OK), -1);
    assert_string_equal(note, "");
    assert_int_equal(count_files(games, ".pgn"), 1);
    ui_saved_game_release(&g[0]);
    ui_game_free(&a);
    ui_game_free(&b);
    remove_tree(state_home);
}

/* A saved game is offered to the same variant, setup, options and Titans
 * only, not to a game from a position; bare starts see them all. */
static void test_saved_game_matching(void **state)
{
    (void)state;
    fresh_state();
    Ui a;
    player_ui(&a, "chess");
    play_text(&a, "e2-e4");
    ui_autosave_leave(&a);
    ui_game_free(&a);
    Ui f;
    memset(&f, 0, sizeof f);
    char err[512];
    assert_int_equal(ui_game_new(&f, NC_TEST_DATA_DIR, "chess", NULL, NULL, NULL,
                                 "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", err, sizeof err), 0);
    f.game.player[0] = f.game.player[1] = PL_HUMAN;
    play_text(&f, "a1-a2");
    ui_autosave_leave(&f);
    ui_game_free(&f);
    SavedGame g[4];
    char note[1400];
    Ui t;
    player_ui(&t, "titan-chess");
    assert_int_equal(ui_saved_games(&t, true, g, 4, note, sizeof note), 0);
    ui_game_free(&t);
    player_ui(&t, "stealth-ninja");
    play_text(&t, "e2-e5");
    ui_autosave_leave(&t);
    ui_game_free(&t);
    memset(&t, 0, sizeof t);
    assert_int_equal(ui_game_new(&t, NC_TEST_DATA_DIR, "stealth-ninja", NULL, "scepter", NULL, NULL, err,
                                 sizeof err), 0);
    assert_int_equal(ui_saved_games(&t, true, g, 4, note, sizeof note), 0);
    ui_game_free(&t);
    memset(&t, 0, sizeof t);
    assert_int_equal(ui_game_new(&t, NC_TEST_DATA_DIR, "stealth-ninja", "second", NULL, NULL, NULL, err,
                                 sizeof err), 0);
    assert_int_equal(ui_saved_games(&t, true, g, 4, note, sizeof note), 0);
    ui_game_free(&t);
    player_ui(&t, "stealth-ninja");
    assert_int_equal(ui_saved_games(&t, true, g, 4, note, sizeof note), 1);
    ui_saved_game_release(&g[0]);
    ui_game_free(&t);
    /* The same rules named in another order are the same game. */
    memset(&t, 0, sizeof t);
    assert_int_equal(ui_game_new(&t, NC_TEST_DATA_DIR, "stealth-ninja", NULL, "scepter,insane-ninja", NULL, NULL,
                                 err, sizeof err), 0);
    t.game.player[0] = t.game.player[1] = PL_HUMAN;
    play_text(&t, "e2-e5");
    ui_autosave_leave(&t);
    ui_game_free(&t);
    memset(&t, 0, sizeof t);
    assert_int_equal(ui_game_new(&t, NC_TEST_DATA_DIR, "stealth-ninja", NULL, "insane-ninja,scepter", NULL, NULL,
                                 err, sizeof err), 0);
    assert_int_equal(ui_saved_games(&t, true, g, 4, note, sizeof note), 1);
    ui_saved_game_release(&g[0]);
    ui_game_free(&t);
    player_ui(&t, "chess");
    assert_int_equal(ui_saved_games(&t, true, g, 4, note, sizeof note), 1);
    assert_int_equal(g[0].plies, 1);
    read_text(g[0].path, err, sizeof err);
    assert_null(strstr(err, "[FEN"));
    ui_saved_game_release(&g[0]);
    assert_int_equal(ui_saved_games(&t, false, g, 4, note, sizeof note), 4);
    for (int i = 0; i < 4; i++)
        ui_saved_game_release(&g[i]);
    ui_game_free(&t);
    remove_tree(state_home);
}

/* A finished game is saved with its result, then moves to finished/ when
 * left, and is never offered; a new game left at ply 0 keeps the others. */
static void test_finished_game_and_ply_zero(void **state)
{
    (void)state;
    const char *games = fresh_state();
    Ui a;
    player_ui(&a, "chess");
    play_text(&a, "f2-f3");
    play_text(&a, "e7-e5");
    play_text(&a, "g2-g4");
    ui_autosave_tick(&a);
    Ui z;
    player_ui(&z, "chess");
    ui_autosave_leave(&z);   /* a game left at ply 0 */
    ui_game_free(&z);
    assert_int_equal(count_files(games, ".pgn"), 1);
    play_text(&a, "d8-h4");
    ui_autosave_tick(&a);
    assert_true(ui_game_over(&a));
    char text[4096], fin[300];
    read_text(a.save.game_file, text, sizeof text);
    assert_non_null(strstr(text, "[Result \"0-1\"]"));
    snprintf(fin, sizeof fin, "%s/finished", games);
    ui_autosave_leave(&a);
    assert_int_equal(count_files(games, ".pgn"), 0);
    assert_int_equal(count_files(fin, ".pgn"), 1);
    SavedGame g[2];
    char note[1400];
    assert_int_equal(ui_saved_games(&a, false, g, 2, note, sizeof note), 0);
    ui_game_free(&a);
    remove_tree(state_home);
}

/* The autosave.pgn of earlier versions is offered, as a game in games/. */
static void test_old_autosave_offered(void **state)
{
    (void)state;
    const char *games = fresh_state();
    char path[512];
    assert_int_equal(ui_autosave_path(path, sizeof path, true), 0);
    FILE *f = fopen(path, "w");
    fputs("[Variant \"chess\"]\n[Result \"*\"]\n\n1. e2-e4 e7-e5 *\n", f);
    fclose(f);
    Ui a;
    player_ui(&a, "titan-chess");
    SavedGame g[2];
    char note[1400], err[512];
    assert_int_equal(ui_saved_games(&a, false, g, 2, note, sizeof note), 1);
    assert_int_equal(g[0].plies, 2);
    assert_int_equal(access(path, F_OK), -1);
    assert_int_equal(count_files(games, ".pgn"), 1);
    assert_int_equal(ui_saved_game_resume(&a, &g[0], err, sizeof err), 0);
    assert_string_equal(a.game.vname, "chess");
    ui_autosave_leave(&a);
    ui_game_free(&a);
    remove_tree(state_home);
}

/* A save that fails says so on the message line, in the error colour,
 * with the path and the reason; the game goes on and is saved later. */
static void test_save_failure_shown(void **state)
{
    (void)state;
    fresh_state();
    char file[300], bad[320];
    snprintf(file, sizeof file, "%s/a-file", state_home);
    FILE *f = fopen(file, "w");
    fclose(f);
    snprintf(bad, sizeof bad, "%s/state", file);
    setenv("XDG_STATE_HOME", bad, 1);
    Ui a;
    player_ui(&a, "chess");
    play_text(&a, "e2-e4");
    a.msg[0] = 0;
    ui_autosave_tick(&a);
    assert_true(a.save.save_failed);
    assert_true(a.msg_error);
    assert_non_null(strstr(a.msg, "Game not saved"));
    assert_non_null(strstr(a.msg, "a-file"));
    assert_non_null(strstr(a.msg, strerror(ENOTDIR)));
    assert_int_equal(ui_autosave(&a), -1);
    a.msg[0] = 0;
    ui_autosave_tick(&a);   /* no new change: the warning stays */
    assert_non_null(strstr(a.msg, "Game not saved"));
    play_text(&a, "e7-e5");
    assert_int_equal(a.game.g.nply, 2);
    setenv("XDG_STATE_HOME", state_home, 1);
    ui_autosave_tick(&a);   /* a new change: saved again */
    assert_false(a.save.save_failed);
    char text[4096];
    read_text(a.save.game_file, text, sizeof text);
    assert_non_null(strstr(text, "1. e4 e5 *"));
    ui_autosave_leave(&a);
    ui_game_free(&a);
    remove_tree(state_home);
}

/* With XDG_STATE_HOME unset (or relative), the state is under HOME. */
static void test_autosave_path_from_home(void **state)
{
    (void)state;
    char *home = tmpdir();
    setenv("HOME", home, 1);
    unsetenv("XDG_STATE_HOME");
    char ap[512], want[512], err[512];
    assert_int_equal(ui_autosave_path(ap, sizeof ap, false), 0);
    snprintf(want, sizeof want, "%s/.local/state/ninjachess/autosave.pgn", home);
    assert_string_equal(ap, want);
    setenv("XDG_STATE_HOME", "relative/dir", 1);
    assert_int_equal(ui_state_dir(ap, sizeof ap, "games", true, err, sizeof err), 0);
    snprintf(want, sizeof want, "%s/.local/state/ninjachess/games", home);
    assert_string_equal(ap, want);
    assert_int_equal(access(want, W_OK), 0);
    Ui a;
    player_ui(&a, "chess");
    play_text(&a, "e2-e4");
    assert_int_equal(ui_autosave(&a), 0);
    assert_int_equal(strncmp(a.save.game_file, want, strlen(want)), 0);
    ui_autosave_leave(&a);
    ui_game_free(&a);
    unsetenv("HOME");
    unsetenv("XDG_STATE_HOME");
    assert_int_equal(ui_state_dir(ap, sizeof ap, "", false, err, sizeof err), -1);
    assert_non_null(strstr(err, "HOME"));
    remove_tree(home);
}

/* Loading a directory, a missing file and an unclosed comment. */
static void test_load_errors_named(void **state)
{
    (void)state;
    Ui *u = new_ui("chess", NULL);
    char err[512];
    assert_int_equal(ui_pgn_load(u, "/tmp", err, sizeof err), -1);
    assert_non_null(strstr(err, "'/tmp' is a directory"));
    assert_int_equal(ui_pgn_load(u, "/nonexistent/x.pgn", err, sizeof err), -1);
    assert_non_null(strstr(err, strerror(ENOENT)));
    assert_int_equal(ui_pgn_load_text(u, "[Variant \"chess\"]\n\n1. e2-e4 {a comment\nthat goes on\n",
                                      "x.pgn", err, sizeof err), -1);
    assert_non_null(strstr(err, "x.pgn: line 3: comment"));
    assert_string_equal(u->game.vname, "chess");
}

/* What a save costs on a long Titan Chess game: the screen must not feel
 * it, so well under 10 ms each (fsync included). */
static void test_save_cost_long_game(void **state)
{
    (void)state;
    fresh_state();
    Ui a;
    player_ui(&a, "titan-chess");
    for (int i = 0; i < 300 && !ui_game_over(&a); i++) {
        Move m = a.board.legal.m[(i * 7 + 3) % a.board.legal.n];
        ui_play(&a, &m);
    }
    int n = 50;
    struct timespec t0, t1;
    clock_t c0 = clock();
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (int i = 0; i < n; i++) {
        a.save.changes++;
        assert_int_equal(ui_autosave(&a), 0);
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double cpu = 1000.0 * (double)(clock() - c0) / CLOCKS_PER_SEC / n;
    double wall = ((double)(t1.tv_sec - t0.tv_sec) * 1e3 + (double)(t1.tv_nsec - t0.tv_nsec) / 1e6) / n;
    struct stat st;
    stat(a.save.game_file, &st);
    printf("save of a %d-ply Titan Chess game (%ld bytes): %.3f ms wall, %.3f ms CPU\n", a.game.g.nply,
           (long)st.st_size, wall, cpu);
    assert_true(a.game.g.nply >= 100);
    assert_true(cpu < 5.0);
    ui_autosave_leave(&a);
    ui_game_free(&a);
    remove_tree(state_home);
}

static void test_undo_redo(void **state)
{
    (void)state;
    Ui *u = new_ui("chess", NULL);
    u->game.player[1] = PL_HUMAN;
    Move m;
    char err[256];
    assert_int_equal(move_from_text(&u->game.g.pos, "e2-e4", &m, err, sizeof err), 0);
    ui_play(u, &m);
    assert_int_equal(move_from_text(&u->game.g.pos, "e7-e5", &m, err, sizeof err), 0);
    ui_play(u, &m);
    assert_true(ui_undo(u));
    assert_int_equal(u->game.g.nply, 1);
    assert_true(ui_redo(u));
    assert_int_equal(u->game.g.nply, 2);
    assert_string_equal(u->game.text[1], "e5");
    /* Against the computer both plies go back. */
    u->game.player[1] = PL_COMPUTER;
    assert_true(ui_undo(u));
    assert_int_equal(u->game.g.nply, 0);
    assert_true(ui_redo(u));
    assert_int_equal(u->game.g.nply, 2);
}

static void play_text(Ui *u, const char *text)
{
    Move m;
    char err[256];
    if (move_from_text(&u->game.g.pos, text, &m, err, sizeof err))
        fail_msg("%s: %s", text, err);
    ui_play(u, &m);
}

/* Each side's clock now (the side to move's running). */
static double clock_now(const Ui *u, int side)
{
    return gameclock_left(&u->clocks.clock, side, u->game.g.pos.side, nc_seconds());
}

/* Undo then redo leaves both clocks as they were: the time the side to
 * move had used on its turn is not given back, and the side that moved
 * last does not get its thinking time back either (issue 39). */
static void test_undo_redo_keeps_clocks(void **state)
{
    (void)state;
    Ui *u = new_ui("chess", NULL);
    u->game.player[0] = u->game.player[1] = PL_HUMAN;
    ui_clock_configure(u, 60, 2);
    play_text(u, "e2-e4");             /* the first move costs nothing: 62 */
    ui_clock_tick(u);
    u->clocks.clock.turn_start -= 5;          /* Black thinks for 5 s: 57 */
    play_text(u, "e7-e5");
    u->clocks.clock.turn_start -= 7;          /* White has used 7 s of its turn: 55 */
    assert_true(fabs(clock_now(u, NC_WHITE) - 55) < 0.5 && fabs(clock_now(u, NC_BLACK) - 57) < 0.01);

    assert_true(ui_undo(u));           /* Black to move again, as before e5 */
    assert_true(fabs(clock_now(u, NC_BLACK) - 60) < 0.5 && fabs(clock_now(u, NC_WHITE) - 62) < 0.01);
    assert_true(ui_redo(u));
    assert_int_equal(u->game.g.nply, 2);
    assert_true(fabs(clock_now(u, NC_WHITE) - 55) < 0.5);
    assert_true(fabs(clock_now(u, NC_BLACK) - 57) < 0.01);
    assert_true(u->clocks.clock.turn_start >= 0); /* White's clock runs on */

    /* Two plies back and forth; the [%clk] of each ply as it was. */
    assert_true(ui_undo(u) && ui_undo(u));
    assert_int_equal(u->game.g.nply, 0);
    assert_true(u->clocks.clock.turn_start < 0); /* no move left: the clocks wait for the first */
    assert_true(ui_redo(u));
    assert_true(fabs(clock_now(u, NC_WHITE) - 62) < 0.01);
    assert_true(ui_redo(u));
    assert_true(fabs(clock_now(u, NC_WHITE) - 55) < 0.5 && fabs(clock_now(u, NC_BLACK) - 57) < 0.01);
    assert_true(gameclock_after(&u->clocks.clock, 0, NC_WHITE) == 62);
    assert_true(fabs(gameclock_after(&u->clocks.clock, 1, NC_BLACK) - 57) < 0.01);

    /* Against the computer both plies go back and come back together. */
    u->game.player[1] = PL_COMPUTER;
    play_text(u, "g1-f3");             /* 55 + 2: 57 */
    u->clocks.clock.turn_start -= 4;          /* the computer thinks 4 s: 55 */
    play_text(u, "b8-c6");
    u->clocks.clock.turn_start -= 3;          /* White has used 3 s: 54 */
    assert_true(ui_undo(u));
    assert_int_equal(u->game.g.nply, 2);
    assert_true(ui_redo(u));
    assert_int_equal(u->game.g.nply, 4);
    assert_true(fabs(clock_now(u, NC_WHITE) - 54) < 0.5 && fabs(clock_now(u, NC_BLACK) - 55) < 0.5);

    /* Another move after an undo: the plies taken back are gone with
     * their clocks; White's turn starts from its clock of then (62). */
    assert_true(ui_undo(u));
    assert_int_equal(u->game.g.nply, 2);
    play_text(u, "d2-d4");
    assert_false(ui_redo(u));
    assert_int_equal(u->clocks.clock.n, 4);
    assert_true(fabs(gameclock_after(&u->clocks.clock, 2, NC_WHITE) - 64) < 0.5);
    ui_game_free(u);
}

/* Continuing from a reviewed position is a takeback: the clocks are as
 * they were there, and the next move's [%clk] follows from them. */
static void test_review_continue_clocks(void **state)
{
    (void)state;
    Ui *u = new_ui("chess", NULL);
    u->game.player[0] = u->game.player[1] = PL_HUMAN;
    ui_clock_configure(u, 60, 0);
    play_text(u, "e2-e4");
    ui_clock_tick(u);
    const char *moves[] = {"e7-e5", "g1-f3", "b8-c6"};
    for (int i = 0; i < 3; i++) {
        u->clocks.clock.turn_start -= 10;     /* each side thinks 10 s */
        play_text(u, moves[i]);
    }
    assert_true(fabs(u->clocks.clock.left[NC_WHITE] - 50) < 0.5 && fabs(u->clocks.clock.left[NC_BLACK] - 40) < 0.5);
    ui_review(u, 2);
    ui_review_continue(u);
    assert_int_equal(u->game.g.nply, 2);
    assert_true(fabs(clock_now(u, NC_WHITE) - 60) < 0.5 && fabs(clock_now(u, NC_BLACK) - 50) < 0.5);
    play_text(u, "d2-d4");
    assert_int_equal(u->clocks.clock.n, 4);
    assert_true(fabs(gameclock_after(&u->clocks.clock, 2, NC_WHITE) - 60) < 0.5);
    ui_game_free(u);
}

/* The tutorial and the start screen open over the game and hand it back
 * as it was (or with the game chosen), through the stack alone. */
/* The same screens as the program's. */
static const Screen *const test_screens[SCR_COUNT] = {
    [SCR_START] = &ui_start_screen,
    [SCR_GAME] = &ui_game_screen,
    [SCR_TUTORIAL] = &ui_tutorial_screen,
    [SCR_DIALOG] = &ui_dialog_screen,
};

static void test_screen_stack(void **state)
{
    (void)state;
    Ui *u = new_ui("chess", NULL);
    u->game.player[0] = u->game.player[1] = PL_HUMAN;
    play_text(u, "e2-e4");
    screen_stack_reset(u, test_screens);
    screen_push(SCR_GAME, NULL, 0);
    assert_int_equal(screen_depth(), 1);
    assert_int_equal(screen_top(), SCR_GAME);

    screen_key('t');
    assert_int_equal(screen_top(), SCR_DIALOG); /* the tutorial's first question */
    screen_key('2');                            /* the Queen */
    assert_int_equal(screen_depth(), 2);
    assert_int_equal(screen_top(), SCR_TUTORIAL);
    screen_draw();
    assert_true(screen_has("Chess - tutorial"));
    assert_true(screen_has("Queen: its moves are marked"));
    screen_key('x'); /* removes the sandbox's queen, not a piece of the game */
    screen_key('q');
    assert_int_equal(screen_depth(), 1);
    assert_int_equal(screen_top(), SCR_GAME);
    assert_false(u->mode.tutorial);
    assert_int_equal(u->game.g.nply, 1);
    assert_int_equal(u->game.g.pos.board[sq(u, "e4")], nc_code(nc_type_of_letter(u->game.v, 'P'), NC_WHITE));
    assert_string_equal(u->msg, "Back from the tutorial");
    screen_draw();
    assert_true(screen_has("1. e4"));
    assert_false(screen_has("Chess - tutorial"));

    screen_key('n');
    /* "Leave this game for a new one?": a dialog over the game. */
    assert_int_equal(screen_top(), SCR_DIALOG);
    screen_draw();
    assert_true(screen_has("Leave this game for a new one?"));
    assert_true(screen_has("1. e4"));
    screen_key('y');
    assert_int_equal(screen_top(), SCR_START);
    screen_draw();
    assert_true(screen_has("Start the game"));
    screen_key(27); /* back to the game in progress */
    assert_int_equal(screen_top(), SCR_GAME);
    assert_int_equal(u->game.g.nply, 1);
    u->clocks.tc_base = 180; /* the clocks of the games begun here: 3+2 */
    u->clocks.tc_inc = 2;
    screen_key('n');
    screen_key('y');
    screen_draw();
    assert_true(screen_has("c Clocks:  3+2"));
    screen_key('\n');
    assert_int_equal(screen_depth(), 1);
    assert_int_equal(screen_top(), SCR_GAME);
    assert_true(screen_last_result()->chosen);
    assert_string_equal(screen_last_result()->game.variant, "chess");
    assert_int_equal(u->game.g.nply, 0);
    assert_string_equal(u->msg, "New game of Chess");
    assert_true(u->clocks.clock.on && u->clocks.clock.base == 180 && u->clocks.clock.inc == 2);

    assert_false(screen_quit_requested());
    screen_key('q');
    assert_true(screen_quit_requested());
    screen_stack_reset(u, test_screens);
    assert_int_equal(screen_depth(), 0);
    assert_int_equal(screen_top(), SCR_COUNT);
}

/* The move prompt is a dialog over the game: the game's tick runs under
 * it, and a flag that falls closes it with the loss told (issue 35). */
static void test_flag_falls_under_the_move_prompt(void **state)
{
    (void)state;
    Ui *u = new_ui("chess", NULL);
    u->game.player[0] = u->game.player[1] = PL_HUMAN;
    ui_clock_configure(u, 60, 0);
    play_text(u, "e2-e4");
    screen_stack_reset(u, test_screens);
    screen_push(SCR_GAME, NULL, 0);
    screen_key(':');
    assert_int_equal(screen_top(), SCR_DIALOG);
    screen_key('e');
    screen_tick(); /* Black's clock starts with the first move made */
    assert_int_equal(screen_top(), SCR_DIALOG);
    assert_true(u->clocks.clock.turn_start >= 0);
    screen_draw();
    assert_true(screen_has("Move: e"));
    assert_true(screen_has("1. e4"));
    u->clocks.clock.left[NC_BLACK] = 0;
    screen_tick();
    assert_int_equal(screen_top(), SCR_GAME);
    assert_int_equal(u->game.end, END_TIME);
    assert_string_equal(u->msg, "Black ran out of time: White wins");
    screen_draw();
    assert_false(screen_has("Move: e"));
    screen_stack_reset(u, test_screens);
}

/* The start screen in place of the game, as at start-up: its choice is
 * left for the caller when the stack runs empty, and the game below a
 * replaced screen is not touched. */
static void test_screen_replace_and_last_result(void **state)
{
    (void)state;
    Ui *u = new_ui("chess", NULL);
    play_text(u, "e2-e4");
    screen_stack_reset(u, test_screens);
    screen_push(SCR_GAME, NULL, 0);
    screen_replace(SCR_START, NULL, 0);
    assert_int_equal(screen_depth(), 1);
    assert_int_equal(screen_top(), SCR_START);
    screen_key('\n');
    assert_int_equal(screen_depth(), 0);
    assert_true(screen_last_result()->chosen);
    assert_string_equal(screen_last_result()->game.variant, "chess");
    assert_int_equal(u->game.g.nply, 1);
    screen_stack_reset(u, test_screens);
    assert_false(screen_last_result()->chosen);
}

/* Typed moves: what is wrong is said with the squares typed (issue 10). */
static void test_typed_move_messages(void **state)
{
    (void)state;
    Ui *u = new_ui("titan-chess", NULL);
    Move c[16];
    char msg[256];
    assert_int_equal(ui_typed_move(u, "e3-e6xe7", c, 16, msg, sizeof msg), 0);
    assert_string_equal(msg, "No move e3-e6xe7: nothing is removed on e7; the move from e3 to e6 is e3-e6");
    /* e1 emptied. */
    u = new_ui("titan-chess", "frylvqkulyrf/jjjwnbbnwjjj/pppppppppppp/12/12/12/12/12/12/PPPPPPPPPPPP/"
                              "JJJWNBBNWJJJ/FRYL1QKULYRF w KQkq - 0 1");
    assert_int_equal(ui_typed_move(u, "e1-e3", c, 16, msg, sizeof msg), 0);
    assert_string_equal(msg, "No move e1-e3: there is no piece on e1");
    assert_int_equal(ui_typed_move(u, "f10-f9", c, 16, msg, sizeof msg), 0);
    assert_string_equal(msg, "No move f10-f9: the Pawn on f10 is Black's; it is White to move");
    assert_int_equal(ui_typed_move(u, "e3-e8", c, 16, msg, sizeof msg), 0);
    assert_string_equal(msg, "The Pawn on e3 cannot go to e8");
    /* The hint's move with its colon, as copied from the message line. */
    u = new_ui("titan-chess", "12/12/12/12/12/2N9/4p7/12/12/12/12/6K4k w - - 0 1");
    assert_int_equal(ui_typed_move(u, "c7-e6xe6:", c, 16, msg, sizeof msg), 1);
    char text[160];
    move_to_text(&u->game.g.pos, &c[0], text, sizeof text);
    assert_string_equal(text, "c7-e6xe6");
    /* A pinned piece: the king would be left in check. */
    u = new_ui("chess", "4k3/8/8/8/4r3/8/4B3/4K3 w - - 0 1");
    assert_int_equal(ui_typed_move(u, "e2-d3", c, 16, msg, sizeof msg), 0);
    assert_string_equal(msg, "Not allowed: that move to d3 would leave your king in check");
}

/* A typed drop that names no legal move says why. */
static void test_typed_drop_messages(void **state)
{
    (void)state;
    Ui *u = new_ui("stealth-ninja", NULL);
    Move c[16];
    char msg[256];
    assert_int_equal(ui_typed_move(u, "S@e0", c, 16, msg, sizeof msg), 0);
    assert_string_equal(msg, "No move S@e0: e0 is occupied");
    assert_int_equal(ui_typed_move(u, "S@e5", c, 16, msg, sizeof msg), 0);
    assert_string_equal(msg, "The Stealth Gryphon cannot be dropped on e5");
    assert_int_equal(ui_typed_move(u, "I@e5", c, 16, msg, sizeof msg), 0);
    assert_string_equal(msg, "No move I@e5: White has no Insane Ninja in hand");
}

/* A typed king step that is also a castling offers both (issue 10). */
static void test_typed_king_step_or_castling(void **state)
{
    (void)state;
    Ui *u = new_ui("titan-chess", "6k5/12/12/12/12/12/12/12/12/12/12/1R4K3R1 w KQ - 0 1");
    Move c[16];
    char msg[256];
    int n = ui_typed_move(u, "g1-h1", c, 16, msg, sizeof msg);
    assert_true(n >= 2);
    bool step = false, castle = false;
    for (int i = 0; i < n; i++) {
        step = step || c[i].kind != MK_CASTLE;
        castle = castle || c[i].kind == MK_CASTLE;
        assert_int_equal(c[i].to, sq(u, "h1"));
    }
    assert_true(step && castle);
}

/* A hand piece that cannot be dropped: the reason (issue 10). */
static void test_no_drop_reason(void **state)
{
    (void)state;
    Ui *u = new_ui("stealth-ninja", NULL);
    char msg[256];
    int t = -1;
    for (int i = 0; i < u->game.v->ntypes; i++)
        if (u->game.g.pos.hand[NC_WHITE][i] && u->game.v->ndropsq[i][NC_WHITE] > 0)
            t = i;
    assert_true(t >= 0);
    /* Every drop square of it filled: each is named as occupied. */
    for (int i = 0; i < u->game.v->ndropsq[t][NC_WHITE]; i++) {
        int s = u->game.v->dropsq[t][NC_WHITE][i];
        if (u->game.g.pos.board[s] == NC_EMPTY)
            pos_put(&u->game.g.pos, s,
                    nc_code(nc_type_of_letter(u->game.v, 'P') >= 0 ? nc_type_of_letter(u->game.v, 'P') : 0, NC_WHITE));
    }
    ui_explain_no_drop(u, t, msg, sizeof msg);
    assert_non_null(strstr(msg, "cannot be dropped: all"));
    assert_non_null(strstr(msg, "squares it may be dropped on are occupied"));
}

/* Cursor steps on the boards with rear squares (issue 10). */
static void test_cursor_irregular(void **state)
{
    (void)state;
    const char *names[] = {"stealth-ninja", "flying-warmachines"};
    for (int i = 0; i < 2; i++) {
        Ui *u = new_ui(names[i], NULL);
        const Variant *v = u->game.v;
        int f0 = sq(u, "f0");
        assert_int_equal(ui_cursor_target(v, f0, -1, 0), sq(u, "e0"));
        assert_int_equal(ui_cursor_target(v, sq(u, "e0"), -1, 0), sq(u, "d1"));
        assert_int_equal(ui_cursor_target(v, f0, 1, 0), sq(u, "g1"));
        assert_int_equal(ui_cursor_target(v, f0, 0, 1), sq(u, "f1"));
        assert_int_equal(ui_cursor_target(v, sq(u, "d1"), 0, -1), sq(u, "e0"));
        assert_int_equal(ui_cursor_target(v, sq(u, "a1"), 0, -1), sq(u, "a1"));
        assert_int_equal(ui_cursor_target(v, sq(u, "e10"), 0, -1), sq(u, "e9"));
        assert_int_equal(ui_cursor_target(v, sq(u, "e11"), -1, 0), sq(u, "d10"));
        /* f0 h h k: e0, d1, d2 */
        u->board.cursor = f0;
        ui_cursor_step(u, -1, 0);
        ui_cursor_step(u, -1, 0);
        ui_cursor_step(u, 0, 1);
        assert_int_equal(u->board.cursor, sq(u, "d2"));
        /* Every square reaches a neighbour each way unless at the edge. */
        for (int k = 0; k < v->nsquares; k++)
            assert_true(v->exists[ui_cursor_target(v, v->squares[k], 1, 0)]);
    }
}

/* After a move, removed pieces' squares and pushed Titans' new squares
 * stay marked apart from origin and destination (issue 10). */
static void test_last_move_marks(void **state)
{
    (void)state;
    Ui *u = new_ui("titan-chess", "12/12/12/12/12/3p8/12/12/3F8/12/12/6K4k w - - 0 1");
    char err[256];
    Move m;
    assert_int_equal(move_from_text(&u->game.g.pos, "d4-d8xd7", &m, err, sizeof err), 0);
    ui_play(u, &m);
    u->board.cursor = sq(u, "a12");
    ui_draw(u);
    assert_int_equal(u->board.lastmark[sq(u, "d7")], LM_GONE);
    assert_int_equal(u->board.lastmark[sq(u, "d4")], LM_MOVE);
    assert_int_equal(u->board.lastmark[sq(u, "d8")], LM_MOVE);
    assert_int_equal(pair_at(u, sq(u, "d7")), expect_pair(BG_LAST_GONE, FG_MARK));
    assert_int_equal(cell_at(u, sq(u, "d7"), 0) & A_CHARTEXT, '*');
    int p = pair_at(u, sq(u, "d4"));
    assert_true(p == expect_pair(BG_LAST_DARK, FG_MARK) || p == expect_pair(BG_LAST_LIGHT, FG_MARK));
    assert_true(p != pair_at(u, sq(u, "d7")));
    /* A push crushing a knight: the Titan's new square d5 is marked. */
    u = new_ui("chess-titan-rooks", "4k3/8/8/3n4/3r4/8/8/3RK3 w - - 0 1");
    assert_int_equal(move_from_text(&u->game.g.pos, "d1-d4^d4%d5", &m, err, sizeof err), 0);
    ui_play(u, &m);
    u->board.cursor = sq(u, "a8");
    ui_draw(u);
    assert_int_equal(u->board.lastmark[sq(u, "d5")], LM_PUSHED);
    assert_int_equal(pair_at(u, sq(u, "d5")), expect_pair(BG_LAST_PUSHED, FG_BLACK));
    assert_int_equal(mark_at(u, sq(u, "d5")), '^');
    /* The marks last until the next move only. */
    assert_int_equal(move_from_text(&u->game.g.pos, "e8-e7", &m, err, sizeof err), 0);
    ui_play(u, &m);
    assert_int_equal(u->board.lastmark[sq(u, "d5")], LM_NONE);
    assert_int_equal(u->board.lastmark[sq(u, "e7")], LM_MOVE);
}

/* A chain push exiling the last Titan: every pushed Titan's new square. */
static void test_last_move_marks_chain(void **state)
{
    (void)state;
    Ui *u = new_ui("chess-titan-rooks", "3r4/3r4/8/8/8/8/8/3RK2k w - - 0 1");
    MoveList ml;
    gen_legal(&u->game.g.pos, &ml);
    int found = -1;
    char text[160];
    for (int i = 0; i < ml.n; i++) {
        move_to_text(&u->game.g.pos, &ml.m[i], text, sizeof text);
        if (!strncmp(text, "d1-d7", 5))
            found = i;
    }
    assert_true(found >= 0);
    move_to_text(&u->game.g.pos, &ml.m[found], text, sizeof text);
    assert_string_equal(text, "d1-d7^d7:d8");
    uint8_t marks[NC_MAX_SQ];
    ui_move_marks(&u->game.g.pos, &ml.m[found], marks);
    assert_int_equal(marks[sq(u, "d8")], LM_PUSHED);
    assert_int_equal(marks[sq(u, "d7")], LM_MOVE);
    assert_int_equal(marks[sq(u, "d1")], LM_MOVE);
}

/* WCAG 2 relative luminance of an xterm 256-colour palette entry. */
static double xterm_luminance(int i)
{
    static const int level[6] = {0, 95, 135, 175, 215, 255};
    int rgb[3];
    if (i >= 232) {
        rgb[0] = rgb[1] = rgb[2] = 8 + 10 * (i - 232);
    } else if (i == 16 || i >= 16) {
        rgb[0] = level[(i - 16) / 36];
        rgb[1] = level[((i - 16) / 6) % 6];
        rgb[2] = level[(i - 16) % 6];
    } else {
        fail_msg("colour %d is not from the 6x6x6 cube or the grey ramp", i);
    }
    double lin[3];
    for (int k = 0; k < 3; k++) {
        double c = rgb[k] / 255.0;
        lin[k] = c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
    }
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2];
}

static double contrast(int a, int b)
{
    double la = xterm_luminance(a), lb = xterm_luminance(b);
    return la > lb ? (la + 0.05) / (lb + 0.05) : (lb + 0.05) / (la + 0.05);
}

/* Every background that can hold a piece has 4.5:1 contrast to both
 * sides' pieces; those that only hold a (black) mark, to the mark. */
static void test_contrast_256(void **state)
{
    (void)state;
    Ui *u = new_ui("chess", NULL);
    int white = ui_piece256(u, NC_WHITE), black = ui_piece256(u, NC_BLACK);
    assert_true(contrast(231, 16) > 20.9 && contrast(231, 16) < 21.1);
    for (int bg = 0; bg < BG_COUNT; bg++) {
        int c = ui_bg256(u, bg);
        bool mark_only = bg == BG_QUIET || bg == BG_CASTLE || bg == BG_LAST_GONE;
        printf("background %2d: colour %3d, white %.2f, black %.2f\n", bg, c, contrast(white, c),
               contrast(black, c));
        assert_true(contrast(black, c) >= 4.5);
        if (!mark_only)
            assert_true(contrast(white, c) >= 4.5);
    }
    /* The last move's tint differs from both square colours. */
    assert_true(ui_bg256(u, BG_LAST_LIGHT) != ui_bg256(u, BG_LIGHT));
    assert_true(ui_bg256(u, BG_LAST_DARK) != ui_bg256(u, BG_DARK));
}

/* A hint is marked on the board until the position changes. */
static void test_hint_marked(void **state)
{
    (void)state;
    Ui *u = new_ui("chess", NULL);
    char err[256];
    assert_int_equal(move_from_text(&u->game.g.pos, "g1-f3", &u->engine.hint_move, err, sizeof err), 0);
    u->engine.hint_key = u->game.g.pos.key;
    u->engine.have_hint = true;
    u->board.cursor = sq(u, "a4");
    ui_draw(u);
    assert_int_equal(pair_at(u, sq(u, "f3")), expect_pair(BG_HINT, FG_MARK));
    assert_int_equal(cell_at(u, sq(u, "f3"), 0) & A_CHARTEXT, '!');
    assert_int_equal(mark_at(u, sq(u, "g1")), '!');
    Move m;
    assert_int_equal(move_from_text(&u->game.g.pos, "e2-e4", &m, err, sizeof err), 0);
    ui_play(u, &m);
    ui_draw(u);
    assert_true(pair_at(u, sq(u, "f3")) != expect_pair(BG_HINT, FG_MARK));
}

/* "~" at the save and open prompts: HOME, a named user's home, nothing
 * else touched; an unknown user is refused. */
static void test_expand_path(void **state)
{
    (void)state;
    char out[512], *old = getenv("HOME") ? strdup(getenv("HOME")) : NULL;
    setenv("HOME", "/home/someone", 1);
    assert_int_equal(ui_expand_path("~/games/a.pgn", out, sizeof out), 0);
    assert_string_equal(out, "/home/someone/games/a.pgn");
    assert_int_equal(ui_expand_path("~", out, sizeof out), 0);
    assert_string_equal(out, "/home/someone");
    assert_int_equal(ui_expand_path("a~b.pgn", out, sizeof out), 0);
    assert_string_equal(out, "a~b.pgn");
    assert_int_equal(ui_expand_path("~root/x.pgn", out, sizeof out), 0);
    assert_true(strlen(out) > 6 && !strcmp(out + strlen(out) - 6, "/x.pgn") && out[0] == '/');
    assert_int_equal(ui_expand_path("~no-such-user-here/x.pgn", out, sizeof out), -1);
    assert_int_equal(ui_expand_path("~/x.pgn", out, 10), -1); /* does not fit */
    if (old) {
        setenv("HOME", old, 1);
        free(old);
    } else {
        unsetenv("HOME");
    }
}

/* The config file: values, and errors naming the file and line. */
static void test_config_parse(void **state)
{
    (void)state;
    UiConfig c;
    char err[512];
    const char *good = "# my colours\n\ncolour.light = 250\ncolor.white-piece=230\nglyphs = ascii\n"
                       "key.undo = U\nlevel = 4  # stronger\ntime = 5+3\nthreads = 3\n";
    assert_int_equal(ui_config_parse(&c, good, "cfg", err, sizeof err), 0);
    assert_true(c.bg_set[BG_LIGHT] && c.bg256[BG_LIGHT] == 250);
    assert_true(c.piece_set[NC_WHITE] && c.piece256[NC_WHITE] == 230);
    assert_int_equal(c.glyphs, UI_GLYPHS_ASCII);
    assert_int_equal(c.level, 4);
    assert_int_equal(c.threads, 3);
    assert_true(c.time.set);
    assert_int_equal(c.time.base_seconds, 300);
    assert_int_equal(c.time.increment_seconds, 3);
    assert_string_equal(c.time.text, "5+3");
    assert_int_equal(ui_config_key(&c, 'U'), 'u');
    assert_int_equal(ui_config_key(&c, 'x'), 'x');
    static const struct {
        const char *text, *err;
    } bad[] = {
        {"level = 4\nlevl = 3\n", "cfg:2: unknown setting 'levl' (colour.NAME, key.ACTION, glyphs, level, threads, time, bell, "
                                          "analysis-vs-computer)"},
        {"colour.light = 300\n", "cfg:1: colour.light: '300' is not a colour number 0-255 of the 256-colour palette"},
        {"\ncolour.sky = 3\n", "cfg:2: unknown colour 'colour.sky' (white-piece, black-piece, light, dark, "
                                "last-light, last-dark, ... see ninjachess(6))"},
        {"glyphs = fancy\n", "cfg:1: glyphs: 'fancy' is neither 'unicode' nor 'ascii'"},
        {"key.undo = ctrl-u\n", "cfg:1: key.undo: 'ctrl-u' is not one printable character"},
        {"key.jump = j\n", "cfg:1: unknown action 'key.jump' (move, drop, undo, redo, flip, hint, move-now, "
                           "switch, new, resign, draw, save, open, tutorial, help, quit, back, forward, analysis, lines)"},
        {"level = 11\n", "cfg:1: level: '11' is not a level 1-10"},
        {"threads = 0\n", "cfg:1: threads: '0' is not a number of threads 1-64"},
        {"time = 5+\n", "cfg:1: time: '5+': the increment after '+' must be 0 to 600 seconds"},
        {"time = blitz\n", "cfg:1: time: 'blitz' is not a time control MINUTES+SECONDS (e.g. 5+3)"},
        {"# ok\nlevel 3\n", "cfg:2: expected 'name = value', got 'level 3'"},
        {"key.undo = U\nkey.redo = U\n", "cfg:2: key.redo: 'U' is already the key of undo"},
        {"key.undo = q\nlevel = 3\n", "cfg:1: key.undo = q leaves quit with no key (give it another with key.quit)"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_int_equal(ui_config_parse(&c, bad[i].text, "cfg", err, sizeof err), -1);
        assert_string_equal(err, bad[i].err);
    }
    /* every wrong line is told, one a line, not only the first */
    assert_int_equal(ui_config_parse(&c, "levl = 3\nlevel = 4\nglyphs = fancy\nbell = loud\n", "cfg", err,
                                     sizeof err), -1);
    assert_string_equal(err, "cfg:1: unknown setting 'levl' (colour.NAME, key.ACTION, glyphs, level, threads, "
                             "time, bell, analysis-vs-computer)\ncfg:3: glyphs: 'fancy' is neither 'unicode' nor 'ascii'\n"
                             "cfg:4: bell: 'loud' is neither 'on' nor 'off'");
    /* keys swapped: each action keeps one */
    assert_int_equal(ui_config_parse(&c, "key.undo = q\nkey.quit = u\n", "cfg", err, sizeof err), 0);
    assert_int_equal(ui_config_key(&c, 'q'), 'u');
    assert_int_equal(ui_config_key(&c, 'u'), 'q');
    UiTimeControl tc;
    assert_int_equal(ui_time_control_parse("1:30+0", &tc, err, sizeof err), 0);
    assert_int_equal(tc.base_seconds, 90);
    assert_int_equal(ui_time_control_parse("0+5", &tc, err, sizeof err), -1);
}

/* The file is found through XDG_CONFIG_HOME, else HOME; a missing file is
 * no error, a bad one names its path and line. */
/* Whether a help page's key column (the first 20 columns) names key. */
static bool key_column_has(char (*lines)[UI_HELP_LINE], int n, int key)
{
    for (int i = 1; i < n; i++)
        if (memchr(lines[i], key, 20))
            return true;
    return false;
}

/* The help and the key line name the keys the config gives; every action
 * has a key in the help; each screen tells its own keys, in 79 columns. */
static void test_help_keys(void **state)
{
    (void)state;
    Ui *u = new_ui("chess", NULL);
    char err[512], lines[40][UI_HELP_LINE], line[160];
    assert_int_equal(ui_config_parse(&u->cfg, "key.undo = U\nkey.flip = F\nkey.help = H\n", "cfg", err,
                                     sizeof err), 0);
    int n = ui_key_help(u, lines, 40);
    bool undo = false, flip = false;
    for (int i = 0; i < n; i++) {
        undo |= strstr(lines[i], "  U / r ") && strstr(lines[i], "undo / redo");
        flip |= !strncmp(lines[i], "  F ", 4) && strstr(lines[i], "flip the board");
    }
    assert_true(undo);
    assert_true(flip);
    for (int i = 0; ui_config_action_name(i); i++) {
        int k = ui_config_action_key(&u->cfg, ui_config_action_name(i));
        if (!key_column_has(lines, n, k))
            fail_msg("no key for %s ('%c') in the help", ui_config_action_name(i), k);
    }
    ui_key_line(u, false, line, sizeof line);
    assert_non_null(strstr(line, "U/r undo/redo"));
    assert_non_null(strstr(line, "H help"));
    assert_true(strlen(line) <= 79);
    u->review.reviewing = true;
    ui_key_line(u, false, line, sizeof line);
    assert_non_null(strstr(line, "H help"));
    assert_true(strlen(line) <= 79);
    u->review.reviewing = false;
    /* The drill and the tutorial: their keys, not the game's. */
    static const int sets[] = {UI_KEYS_DRILL, UI_KEYS_TUTORIAL};
    static const char *const own[] = {"a new start", "place a piece"};
    for (int s = 0; s < 2; s++) {
        u->mode.keys_of = sets[s];
        n = ui_key_help(u, lines, 40);
        bool found = false, game = false;
        for (int i = 0; i < n; i++) {
            found |= strstr(lines[i], own[s]) != NULL;
            game |= strstr(lines[i], "resign") || strstr(lines[i], "save as PGN");
        }
        assert_true(found);
        assert_false(game);
        for (int lesson = 0; lesson < 2; lesson++) {
            ui_key_line(u, lesson, line, sizeof line);
            assert_non_null(strstr(line, "? help"));
            assert_true(strlen(line) <= 79);
        }
    }
}

static void test_config_file(void **state)
{
    (void)state;
    char dir[] = "/tmp/nc_cfg_XXXXXX", path[600], err[800];
    assert_non_null(mkdtemp(dir));
    char *old_xdg = getenv("XDG_CONFIG_HOME") ? strdup(getenv("XDG_CONFIG_HOME")) : NULL;
    setenv("XDG_CONFIG_HOME", dir, 1);
    assert_int_equal(ui_config_path(path, sizeof path), 0);
    char want[600];
    snprintf(want, sizeof want, "%s/ninjachess/config", dir);
    assert_string_equal(path, want);
    UiConfig c;
    assert_int_equal(ui_config_load(&c, err, sizeof err), 0);
    snprintf(want, sizeof want, "%s/ninjachess", dir);
    assert_int_equal(mkdir(want, 0700), 0);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs("level = 2\nglyphs = round\n", f);
    fclose(f);
    assert_int_equal(ui_config_load(&c, err, sizeof err), -1);
    snprintf(want, sizeof want, "%s/ninjachess/config:2: glyphs: 'round' is neither 'unicode' nor 'ascii'", dir);
    assert_string_equal(err, want);
    unlink(path);
    snprintf(want, sizeof want, "%s/ninjachess", dir);
    rmdir(want);
    rmdir(dir);
    if (old_xdg)
        setenv("XDG_CONFIG_HOME", old_xdg, 1);
    else
        unsetenv("XDG_CONFIG_HOME");
    free(old_xdg);
}

/* The move list: every ply, the moving piece's letter, scrolling with
 * the review, and clicks naming plies; review positions and continuing
 * from one (issue 10). */
static void test_move_list_and_review(void **state)
{
    (void)state;
    Ui *u = new_ui("chess", NULL);
    const char *plies[] = {"a2-a3", "a7-a6", "b2-b3", "b7-b6", "c2-c3", "c7-c6", "d2-d3", "d7-d6",
                           "e2-e3", "e7-e6", "f2-f3", "f7-f6", "g2-g3", "g7-g6", "h2-h3", "h7-h6",
                           "a3-a4", "a6-a5", "b3-b4", "b6-b5", "c3-c4", "c6-c5", "d3-d4", "d6-d5", "e3-e4", "e6-e5", "f3-f4", "f6-f5",
                           "g3-g4", "g6-g5", "h3-h4", "h6-h5", "b1-d2", "b8-d7"};
    int n = (int)(sizeof plies / sizeof plies[0]);
    for (int i = 0; i < n; i++)
        play_text(u, plies[i]);
    char label[200];
    ui_move_label(u, 0, label, sizeof label);
    assert_string_equal(label, "a3");
    ui_move_label(u, 33, label, sizeof label);
    assert_string_equal(label, "Nd7");
    ui_draw(u);
    /* 80x24: the end of the game is shown, not its start. */
    assert_true(screen_has("17. Nd2"));
    assert_false(screen_has(" 1. a3"));
    assert_true(screen_has("of 17]"));
    ui_review(u, 0);
    ui_draw(u);
    assert_true(u->review.reviewing);
    assert_true(screen_has(" 1. a3"));
    assert_true(screen_has("Reviewing: after the start"));
    /* The board shows the start position, the game stays where it is. */
    assert_int_equal(ui_shown_pos(u)->board[sq(u, "a2")], u->game.start.board[sq(u, "a2")]);
    assert_int_equal(u->game.g.nply, n);
    /* A click on Black's second move reviews the position after it. */
    int y = u->look.lay.list_y + 1, x = u->look.lay.list_x[1];
    assert_int_equal(ui_list_ply_at(u, y, x), 3);
    assert_int_equal(ui_list_ply_at(u, y, u->look.lay.list_x[0]), 2);
    ui_review(u, 4);
    ui_draw(u);
    assert_true(screen_has("after 2... b6"));
    assert_int_equal(ui_shown_pos(u)->board[sq(u, "b6")], nc_code(nc_type_of_letter(u->game.v, 'P'), NC_BLACK));
    assert_int_equal(ui_shown_pos(u)->board[sq(u, "c3")], NC_EMPTY);
    /* Its last-move marks are those of b7-b6. */
    assert_int_equal(u->board.lastmark[sq(u, "b7")], LM_MOVE);
    assert_int_equal(u->board.lastmark[sq(u, "b6")], LM_MOVE);
    assert_int_equal(u->board.lastmark[sq(u, "g8")], LM_NONE);
    /* Continuing drops the later plies. */
    ui_review_continue(u);
    assert_false(u->review.reviewing);
    assert_int_equal(u->game.g.nply, 4);
    assert_int_equal(u->game.g.pos.board[sq(u, "c3")], NC_EMPTY);
    play_text(u, "e2-e4");
    ui_move_label(u, 4, label, sizeof label);
    assert_string_equal(label, "e4");
    /* The end of the review is the game's position. */
    ui_review(u, 2);
    ui_review(u, 99);
    assert_false(u->review.reviewing);
}

/* The computer answers a draw offer from its evaluation (issue 10). */
static void test_computer_draw_answer(void **state)
{
    (void)state;
    int score;
    Ui *u = new_ui("chess", "3qk3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert_false(ui_computer_accepts_draw(u, NC_BLACK, &score));
    assert_true(score > 500);
    u = new_ui("chess", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
    assert_true(ui_computer_accepts_draw(u, NC_BLACK, &score));
    assert_true(score < -500);
    u = new_ui("chess", "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1");
    assert_true(ui_computer_accepts_draw(u, NC_WHITE, &score) == (score <= UI_DRAW_ACCEPT_CP));
    assert_true(score > -100 && score < 100);
    ui_game_free(u);
}

/* The panel cuts nothing at 80x24: the level, the Titans, the hover. */
static void test_panel_not_cut(void **state)
{
    (void)state;
    Ui *u = new_ui("titan-chess", NULL);
    u->game.player[1] = PL_COMPUTER;
    u->engine.level = 10;
    ui_draw(u);
    assert_true(screen_has("level 10"));
    ui_game_free(&U);
    memset(&U, 0, sizeof U);
    U.board.drop_type = -1;
    U.look.utf8 = true;
    char err[512];
    assert_int_equal(ui_game_new(&U, NC_TEST_DATA_DIR, "stealth-ninja", NULL, "insane-ninja,scepter", NULL, NULL,
                                 err, sizeof err), 0);
    u = &U;
    ui_draw(u);
    assert_true(screen_has("Setup: main. Rules: insane-ninja,scepter."));
    /* A long preview wraps instead of being cut. */
    u = new_ui("chess-titan-rooks", "4k3/8/8/3n4/3r4/8/8/3RK3 w - - 0 1");
    select_at(u, "d1");
    u->board.cursor = sq(u, "d4");
    ui_hover(u);
    ui_draw(u);
    assert_true(strlen(u->board.hover) > (size_t)u->look.lay.pw - 1);
    assert_true(screen_has("pushes d4 (Rook),"));
    assert_true(screen_has("crushes d5 (Knight)"));
}

static void test_redraw_benchmark(void **state)
{
    (void)state;
    close_screen();
    open_screen("xterm-256color", 60, 200);
    Ui *u = new_ui("titan-chess", NULL);
    ui_colours_init(u);
    select_at(u, "e3");
    clock_t t0 = clock();
    int n = 200;
    for (int i = 0; i < n; i++)
        ui_draw(u);
    double ms = 1000.0 * (double)(clock() - t0) / CLOCKS_PER_SEC / n;
    printf("redraw of the 12x12 board at 200x60: %.3f ms CPU\n", ms);
    assert_true(ms < 5.0);
    close_screen();
    open_screen("xterm-256color", 24, 80);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_variant_fits_80x24),
        cmocka_unit_test(test_too_small_message_and_recovery),
        cmocka_unit_test(test_titan_chess_labels),
        cmocka_unit_test(test_irregular_board),
        cmocka_unit_test(test_glyphs_letters_and_titans),
        cmocka_unit_test(test_highlight_quiet_capture_promo),
        cmocka_unit_test(test_highlight_flyover_and_hover),
        cmocka_unit_test(test_highlight_push_and_castle),
        cmocka_unit_test(test_drop_squares),
        cmocka_unit_test(test_check_and_last_move),
        cmocka_unit_test(test_monochrome_and_8_colours),
        cmocka_unit_test(test_8_colour_pairs_legible),
        cmocka_unit_test(test_no_colour_sides_differ),
        cmocka_unit_test(test_tutorial_panel),
        cmocka_unit_test(test_pgn_round_trip),
        cmocka_unit_test(test_pgn_load_keeps_settings),
        cmocka_unit_test(test_pgn_damaged),
        cmocka_unit_test(test_atomic_write_and_autosave_path),
        cmocka_unit_test(test_saved_after_every_move),
        cmocka_unit_test(test_two_instances_and_lock),
        cmocka_unit_test(test_cut_save_leftovers),
        cmocka_unit_test(test_saved_game_matching),
        cmocka_unit_test(test_finished_game_and_ply_zero),
        cmocka_unit_test(test_old_autosave_offered),
        cmocka_unit_test(test_save_failure_shown),
        cmocka_unit_test(test_autosave_path_from_home),
        cmocka_unit_test(test_load_errors_named),
        cmocka_unit_test(test_save_cost_long_game),
        cmocka_unit_test(test_undo_redo),
        cmocka_unit_test(test_undo_redo_keeps_clocks),
        cmocka_unit_test(test_review_continue_clocks),
        cmocka_unit_test(test_screen_stack),
        cmocka_unit_test(test_screen_replace_and_last_result),
        cmocka_unit_test(test_flag_falls_under_the_move_prompt),
        cmocka_unit_test(test_redraw_benchmark),
        cmocka_unit_test(test_typed_move_messages),
        cmocka_unit_test(test_typed_king_step_or_castling),
        cmocka_unit_test(test_typed_drop_messages),
        cmocka_unit_test(test_no_drop_reason),
        cmocka_unit_test(test_cursor_irregular),
        cmocka_unit_test(test_last_move_marks),
        cmocka_unit_test(test_last_move_marks_chain),
        cmocka_unit_test(test_contrast_256),
        cmocka_unit_test(test_hint_marked),
        cmocka_unit_test(test_config_parse),
        cmocka_unit_test(test_expand_path),
        cmocka_unit_test(test_config_file),
        cmocka_unit_test(test_help_keys),
        cmocka_unit_test(test_move_list_and_review),
        cmocka_unit_test(test_computer_draw_answer),
        cmocka_unit_test(test_panel_not_cut),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
