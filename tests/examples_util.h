/* Helpers for tests/test_examples.c: build positions from piece lists,
 * compare the legal move texts starting with a prefix against an expected
 * set, play moves by their text.  Written from the rule texts and
 * doc/position-text.md, doc/move-text.md; geometry is hard-coded here on
 * purpose so that the tests do not take the board shape from the engine. */
#ifndef NC_EXAMPLES_UTIL_H
#define NC_EXAMPLES_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rules/rules.h"
#include "notation/notation.h"
#include "datafile/datafile.h"

#define TXT 160

/* Number of failed checks in the running test; every test ends with
 * FINISH(), so that one test reports all its mismatches at once. */
static int g_fail;

static int reset_fail(void **state)
{
    (void)state;
    g_fail = 0;
    return 0;
}

#define FINISH() assert_int_equal(g_fail, 0)

/* ---- variants ---------------------------------------------------------- */

static Variant *load_variant(const char *name, const char *setup,
                             const char *options, const char *titans)
{
    static DataErrors errs;
    char err[256] = "";
    memset(&errs, 0, sizeof errs);
    Variant *v = variant_load(NC_TEST_DATA_DIR, name, &errs);
    if (!v) {
        data_errors_print(&errs, stderr);
        fail_msg("variant \"%s\" did not load from %s", name, NC_TEST_DATA_DIR);
    }
    if (setup && variant_set_setup(v, setup, err, sizeof err) != 0)
        fail_msg("variant_set_setup(%s, \"%s\") failed: %s", name, setup, err);
    if (options && variant_set_options(v, options, err, sizeof err) != 0)
        fail_msg("variant_set_options(%s, \"%s\") failed: %s", name, options, err);
    if (titans && variant_set_titans(v, titans, err, sizeof err) != 0)
        fail_msg("variant_set_titans(%s, \"%s\") failed: %s", name, titans, err);
    return v;
}

/* ---- boards ------------------------------------------------------------ */

enum { BOARD_CHESS, BOARD_TITAN, BOARD_NINJA };

static void board_geom(int kind, int *width, int *lo, int *hi)
{
    switch (kind) {
    case BOARD_CHESS: *width = 8; *lo = 1; *hi = 8; break;
    case BOARD_TITAN: *width = 12; *lo = 1; *hi = 12; break;
    default: *width = 10; *lo = 0; *hi = 11; break;
    }
}

/* Stealth Ninja / Flying Warmachines: ranks 0 and 11 exist only on e, f. */
static bool sq_missing(int kind, int file, int rank)
{
    return kind == BOARD_NINJA && (rank == 0 || rank == 11) && file != 4 && file != 5;
}

/* pieces: space-separated "Xsq" tokens, e.g. "Ff4 Pe4 rd4 kl12". */
static void build_board(char *out, size_t outsz, int kind, const char *pieces)
{
    char grid[20][20];
    int width, lo, hi;
    board_geom(kind, &width, &lo, &hi);
    memset(grid, 0, sizeof grid);
    const char *s = pieces;
    while (*s) {
        while (*s == ' ') s++;
        if (!*s) break;
        char letter = *s++;
        int file = *s++ - 'a';
        char *end;
        long rank = strtol(s, &end, 10);
        if (end == s || file < 0 || file >= width || rank < lo || rank > hi
            || sq_missing(kind, file, (int)rank))
            fail_msg("test bug: bad piece token in \"%s\"", pieces);
        if (grid[rank][file])
            fail_msg("test bug: two pieces on one square in \"%s\"", pieces);
        grid[rank][file] = letter;
        s = end;
    }
    size_t n = 0;
    for (int r = hi; r >= lo; r--) {
        int empty = 0;
        for (int f = 0; f < width; f++) {
            if (sq_missing(kind, f, r) || grid[r][f]) {
                if (empty) n += (size_t)snprintf(out + n, outsz - n, "%d", empty);
                empty = 0;
                out[n++] = sq_missing(kind, f, r) ? '*' : grid[r][f];
                out[n] = 0;
            } else {
                empty++;
            }
        }
        if (empty) n += (size_t)snprintf(out + n, outsz - n, "%d", empty);
        if (r != lo) out[n++] = '/';
        out[n] = 0;
    }
}

/* hand: NULL for variants without drops, else the letters inside [...]. */
static void build_fen(char *out, size_t outsz, int kind, const char *pieces,
                      const char *hand, const char *rest)
{
    char board[512];
    build_board(board, sizeof board, kind, pieces);
    if (hand)
        snprintf(out, outsz, "%s[%s] %s", board, hand, rest);
    else
        snprintf(out, outsz, "%s %s", board, rest);
}

static void set_fen(Position *p, const Variant *v, const char *fen)
{
    char err[256] = "";
    if (pos_from_fen(p, v, fen, err, sizeof err) != 0)
        fail_msg("position text rejected: %s\n  %s", fen, err);
}

static void set_pos(Position *p, const Variant *v, int kind, const char *pieces,
                    const char *hand, const char *rest)
{
    char fen[600];
    build_fen(fen, sizeof fen, kind, pieces, hand, rest);
    set_fen(p, v, fen);
}

/* ---- move lists -------------------------------------------------------- */

static char got_t[NC_MAX_MOVES][TXT];
static char exp_t[NC_MAX_MOVES][TXT];
static MoveList g_ml;

static int cmp_txt(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

/* Sorted texts of the legal moves starting with prefix ("" = all). */
static int collect(Position *p, const char *prefix, char (*out)[TXT])
{
    size_t pl = strlen(prefix);
    int n = 0;
    gen_legal(p, &g_ml);
    for (int i = 0; i < g_ml.n; i++) {
        char buf[TXT];
        buf[0] = 0;
        move_to_text(p, &g_ml.m[i], buf, sizeof buf);
        if (strncmp(buf, prefix, pl) == 0) {
            memcpy(out[n], buf, TXT);
            n++;
        }
    }
    qsort(out, (size_t)n, TXT, cmp_txt);
    return n;
}

static int split_sorted(const char *list, char (*out)[TXT])
{
    int n = 0;
    const char *s = list;
    while (*s) {
        while (*s == ' ') s++;
        if (!*s) break;
        size_t k = strcspn(s, " ");
        memcpy(out[n], s, k);
        out[n][k] = 0;
        n++;
        s += k;
    }
    qsort(out, (size_t)n, TXT, cmp_txt);
    return n;
}

static void print_list(const char *title, char (*t)[TXT], int n)
{
    fprintf(stderr, "    %s (%d):", title, n);
    for (int i = 0; i < n; i++) fprintf(stderr, " %s", t[i]);
    fprintf(stderr, "\n");
}

/* Compares the legal moves starting with prefix with the expected set
 * (space-separated texts). */
static bool check_moves(Position *p, const char *what, const char *prefix,
                        const char *expected)
{
    int ng = collect(p, prefix, got_t);
    int ne = split_sorted(expected, exp_t);
    bool same = ng == ne;
    for (int i = 0; same && i < ng; i++)
        if (strcmp(got_t[i], exp_t[i]) != 0) same = false;
    if (same) return true;
    g_fail++;
    char fen[600];
    pos_to_fen(p, fen, sizeof fen);
    fprintf(stderr, "MISMATCH: %s\n  position: %s\n  moves starting \"%s\":\n",
            what, fen, prefix);
    print_list("expected", exp_t, ne);
    print_list("got     ", got_t, ng);
    fprintf(stderr, "    missing:   ");
    for (int i = 0; i < ne; i++) {
        bool found = false;
        for (int j = 0; j < ng; j++) if (!strcmp(exp_t[i], got_t[j])) found = true;
        if (!found) fprintf(stderr, " %s", exp_t[i]);
    }
    fprintf(stderr, "\n    unexpected:");
    for (int j = 0; j < ng; j++) {
        bool found = false;
        for (int i = 0; i < ne; i++) if (!strcmp(exp_t[i], got_t[j])) found = true;
        if (!found) fprintf(stderr, " %s", got_t[j]);
    }
    fprintf(stderr, "\n");
    return false;
}

/* Plays the legal move with exactly this text; false (and a failure) if
 * there is none. */
static bool play(Position *p, const char *text)
{
    gen_legal(p, &g_ml);
    for (int i = 0; i < g_ml.n; i++) {
        char buf[TXT];
        buf[0] = 0;
        move_to_text(p, &g_ml.m[i], buf, sizeof buf);
        if (strcmp(buf, text) == 0) {
            Undo u;
            Move m = g_ml.m[i];
            make_move(p, &m, &u);
            return true;
        }
    }
    g_fail++;
    char fen[600];
    pos_to_fen(p, fen, sizeof fen);
    fprintf(stderr, "MISSING MOVE: %s is not legal in %s\n", text, fen);
    int n = collect(p, "", got_t);
    print_list("legal moves", got_t, n);
    return false;
}

#define PLAY(p, text) do { if (!play((p), (text))) FINISH(); } while (0)

static void want_board(const Position *p, const char *what, int kind, const char *pieces)
{
    char want[512], fen[600];
    build_board(want, sizeof want, kind, pieces);
    pos_to_fen(p, fen, sizeof fen);
    size_t k = strcspn(fen, " [");
    if (strlen(want) != k || strncmp(fen, want, k) != 0) {
        g_fail++;
        fprintf(stderr, "BOARD MISMATCH: %s\n  expected board: %s\n  got position:   %s\n",
                what, want, fen);
    }
}

static void want_check(const Position *p, const char *what, bool want)
{
    if (in_check(p) != want) {
        g_fail++;
        char fen[600];
        pos_to_fen(p, fen, sizeof fen);
        fprintf(stderr, "CHECK MISMATCH: %s\n  position: %s\n  expected in_check = %d\n",
                what, fen, (int)want);
    }
}

static void want_nmoves(Position *p, const char *what, int want)
{
    int n = collect(p, "", got_t);
    if (n != want) {
        g_fail++;
        char fen[600];
        pos_to_fen(p, fen, sizeof fen);
        fprintf(stderr, "MOVE COUNT MISMATCH: %s\n  position: %s\n  expected %d legal moves\n",
                what, fen, want);
        print_list("got", got_t, n);
    }
}

#endif
