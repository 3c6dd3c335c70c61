/* The piece-move vocabulary beyond slides and leaps (doc/data-files.md):
 * hops, leaps in chosen directions, regions, royals that may not face each
 * other, promotion zones with limits, first moves and their rights in the
 * position text, en passant after a diagonal double step; exact move sets
 * in small positions and the loader's messages. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "datafile/datafile.h"
#include "rules/rules.h"
#include "notation/notation.h"
#include "test_variant.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A test variant: 8x8, a king, the pieces given, a setup. */
static Variant *load_text(const char *text)
{
    DataErrors errs;
    Variant *v = variant_load_text(NC_TEST_DATA_DIR, "t.txt", text, &errs);
    if (!v)
        data_errors_print(&errs, stderr);
    assert_non_null(v);
    return v;
}

static int cmp_text(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The legal moves of the position whose text starts with `prefix` (a
 * square such as "d4-" or "" for all), sorted, joined by spaces. */
static void moves_from(const Variant *v, const char *fen, const char *prefix, char *out, size_t outlen)
{
    Position p;
    char err[256];
    int rc = pos_from_fen(&p, v, fen, err, sizeof err);
    if (rc)
        fail_msg("%s: %s", fen, err);
    MoveList *ml = malloc(sizeof *ml);
    assert_non_null(ml);
    gen_legal(&p, ml);
    static char texts[NC_MAX_MOVES][160];
    char *list[NC_MAX_MOVES];
    int n = 0;
    for (int i = 0; i < ml->n; i++) {
        move_to_text(&p, &ml->m[i], texts[n], sizeof texts[n]);
        if (!strncmp(texts[n], prefix, strlen(prefix))) {
            list[n] = texts[n];
            n++;
        }
    }
    qsort(list, (size_t)n, sizeof list[0], cmp_text);
    out[0] = 0;
    for (int i = 0; i < n; i++)
        snprintf(out + strlen(out), outlen - strlen(out), "%s%s", i ? " " : "", list[i]);
    free(ml);
}

static void expect_moves(const Variant *v, const char *fen, const char *prefix, const char *expected)
{
    char got[8192];
    moves_from(v, fen, prefix, got, sizeof got);
    if (strcmp(got, expected))
        fail_msg("%s, moves '%s':\nexpected: %s\n     got: %s", fen, prefix, expected, got);
}

#define PIECES_KING "piece king\n letter K\n royal\n move slide all range=1\nend\n"

static void test_hop(void **state)
{
    (void)state;
    Variant *v = load_text(PIECES_KING "piece cannon\n letter C\n move slide orth to=empty\n move hop orth to=enemy\nend\n"
                                       "variant t\n board 8x8\n pieces king cannon\n setup main 4k3/8/8/8/8/8/8/4K3 w - - 0 1\nend\n");
    /* d4: up over the screen d6 onto d8 (not onto the empty d7); right over
     * the enemy screen f4 onto h4; left the screen b4 is a friend and so
     * is a4 beyond it; down no screen. */
    expect_moves(v, "3c3k/8/3c4/8/CC1C1c1c/8/8/K7 w - - 0 1", "d4-",
                 "d4-c4 d4-d1 d4-d2 d4-d3 d4-d5 d4-d8xd8 d4-e4 d4-h4xh4");
    /* No screen, no capture: a lone cannon captures nothing. */
    expect_moves(v, "4k3/8/8/8/3C2c1/8/8/K7 w - - 0 1", "d4-",
                 "d4-a4 d4-b4 d4-c4 d4-d1 d4-d2 d4-d3 d4-d5 d4-d6 d4-d7 d4-d8 d4-e4 d4-f4");
    /* Check by a cannon over a screen: the king must leave the line or a
     * piece must step between (a second screen) or the screen must go. */
    expect_moves(v, "4k3/8/8/8/8/4C3/4C3/4K3 b - - 0 1", "", "e8-d7 e8-d8 e8-f7 e8-f8");
    variant_free(v);
}

static void test_leap_dirs(void **state)
{
    (void)state;
    Variant *v = load_text(PIECES_KING
                           "piece shogi-knight\n letter N\n move leap 2,1 dirs=fwd-narrow\nend\n"
                           "piece wide\n letter W\n move leap 2,1 dirs=fwd-wide\nend\n"
                           "piece backer\n letter B\n move leap 2,1 dirs=back\nend\n"
                           "piece sider\n letter S\n move leap 2,0 dirs=side\nend\n"
                           "variant t\n board 8x8\n pieces king shogi-knight wide backer sider\n"
                           " setup main 4k3/8/8/8/8/8/8/4K3 w - - 0 1\nend\n");
    expect_moves(v, "7k/8/8/8/3N4/8/8/K7 w - - 0 1", "d4-", "d4-c6 d4-e6");
    expect_moves(v, "7k/8/8/8/3W4/8/8/K7 w - - 0 1", "d4-", "d4-b5 d4-f5");
    expect_moves(v, "7k/8/8/8/3B4/8/8/K7 w - - 0 1", "d4-", "d4-b3 d4-c2 d4-e2 d4-f3");
    expect_moves(v, "7k/8/8/8/3S4/8/8/K7 w - - 0 1", "d4-", "d4-b4 d4-f4");
    /* Black's forward is down the board. */
    expect_moves(v, "7k/8/8/8/3n4/8/8/K7 b - - 0 1", "d4-", "d4-c2 d4-e2");
    variant_free(v);
}

static void test_region_and_royal_sight(void **state)
{
    (void)state;
    Variant *v = test_variant("xiangqi");
    /* The general in the palace corner d1: e1 and d2 only (c1 is outside). */
    expect_moves(v, "5k3/9/9/9/9/9/9/9/9/3K5 w - - 0 1", "d1-", "d1-d2 d1-e1");
    /* Black's palace is d8-f10: from f8 the general may go to e8 and f9,
     * not to g8 or f7. */
    expect_moves(v, "9/9/5k3/9/9/9/9/9/9/3K5 b - - 0 1", "f8-", "f8-e8 f8-f9");
    /* Facing generals: the white general may not step onto the open
     * e-file, and a chariot between the generals is pinned to it. */
    expect_moves(v, "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1", "d1-", "d1-d2");
    expect_moves(v, "4k4/9/4r4/9/9/4R4/9/9/9/4K4 w - - 0 1", "e5-",
                 "e5-e2 e5-e3 e5-e4 e5-e6 e5-e7 e5-e8xe8");
    /* The elephant never crosses the river: from e5 only back. */
    expect_moves(v, "4k4/9/9/9/9/4B4/9/9/9/3K5 w - - 0 1", "e5-", "e5-c3 e5-g3");
    /* A position where the generals see each other is refused. */
    Position p;
    char err[256];
    assert_int_equal(pos_from_fen(&p, v, "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1", err, sizeof err), -1);
    assert_string_equal(err, "position text: the royal pieces see each other, which the variant forbids");
    variant_free(v);
}

static void test_promotion_zone(void **state)
{
    (void)state;
    Variant *v = test_variant("grand");
    /* White lacks its queen and a rook: from rank 8 to 9 a pawn may stay
     * a pawn or take either; onto rank 10 it must take one of them. */
    expect_moves(v, "r7rk/2P2P4/1P2p5/10/10/10/10/10/1NB1KCABN1/R9 w - - 0 1", "b8-",
                 "b8-b9 b8-b9=Q b8-b9=R");
    expect_moves(v, "r7rk/2P2P4/1P2p5/10/10/10/10/10/1NB1KCABN1/R9 w - - 0 1", "f9-", "f9-f10=Q f9-f10=R");
    /* Nothing lost: a pawn on rank 9 cannot go on, one on rank 8 only
     * as a pawn. */
    expect_moves(v, "r7rk/2P2P4/1P2p5/10/10/10/10/10/1NBQKCABN1/R7R1 w - - 0 1", "f9-", "");
    expect_moves(v, "r7rk/2P2P4/1P2p5/10/10/10/10/10/1NBQKCABN1/R7R1 w - - 0 1", "b8-", "b8-b9");
    variant_free(v);
}

#define BEROLINA                                                                                                   \
    PIECES_KING "piece berolina\n letter P\n promotes\n move slide fwd-diag range=1 to=empty\n"                    \
                " move slide fwd-diag range=2 to=empty start=on ep-source\n move slide fwd range=1 to=enemy ep-capture\nend\n" \
                "piece queen\n letter Q\n move slide all\nend\n"                                                   \
                "variant t\n board 8x8\n pieces king queen berolina\n start-rank 2\n promotion-rank 8\n promote-to queen\n" \
                " setup main 4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1\nend\n"

static void test_berolina_en_passant(void **state)
{
    (void)state;
    Variant *v = load_text(BEROLINA);
    Position p;
    char err[256], fen[NC_POS_TEXT_MAX];
    assert_int_equal(pos_from_fen(&p, v, "4k3/8/8/8/2p5/8/1P6/4K3 w - - 0 1", err, sizeof err), 0);
    Move m;
    assert_int_equal(move_from_text(&p, "b2-d4", &m, err, sizeof err), 0);
    Undo u;
    make_move(&p, &m, &u);
    /* The double step b2-d4 passed c3, and c3 alone. */
    pos_to_fen(&p, fen, sizeof fen);
    assert_string_equal(fen, "4k3/8/8/8/2pP4/8/8/4K3 b - c3 0 1");
    /* The black pawn on c4 captures straight forward onto c3, taking d4. */
    expect_moves(v, fen, "c4-", "c4-b3 c4-c3xd4 c4-d3");
    /* Read back, the target names the same pawn. */
    assert_int_equal(pos_from_fen(&p, v, fen, err, sizeof err), 0);
    assert_int_equal(p.nep, 1);
    char sq[4];
    assert_string_equal(nc_sqname(v, p.ep_victim, sq), "d4");
    /* Black's double step g7-e5 leaves f6; no capture along the g-file. */
    assert_int_equal(pos_from_fen(&p, v, "4k3/6p1/8/8/8/8/8/4K3 b - - 0 1", err, sizeof err), 0);
    assert_int_equal(move_from_text(&p, "g7-e5", &m, err, sizeof err), 0);
    make_move(&p, &m, &u);
    pos_to_fen(&p, fen, sizeof fen);
    assert_string_equal(fen, "4k3/8/8/4p3/8/8/8/4K3 w - f6 0 2");
    /* Two pawns whose runs both pass c3 make the field ambiguous. */
    assert_int_equal(pos_from_fen(&p, v, "4k3/8/8/8/1P1P4/8/8/4K3 b - c3 0 1", err, sizeof err), -1);
    assert_string_equal(err, "position text: the en-passant squares fit the runs of more than one pawn");
    variant_free(v);
}


/* Plays the moves (short texts) from the start and returns the position text. */
static void play_line(const Variant *v, Position *p, const char *const *moves, char *fen)
{
    char err[256];
    pos_start(p, v);
    for (int i = 0; moves[i]; i++) {
        Move m;
        if (move_from_text(p, moves[i], &m, err, sizeof err))
            fail_msg("%s: %s", moves[i], err);
        Undo u;
        make_move(p, &m, &u);
    }
    pos_to_fen(p, fen, NC_POS_TEXT_MAX);
}

static void test_first_moves(void **state)
{
    (void)state;
    Variant *v = test_variant("cambodian");
    const char *start = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1";
    /* The king's leaps to the next rank and nothing else of its first move. */
    expect_moves(v, start, "d1-", "d1-b2 d1-c2 d1-d2 d1-e2 d1-f2");
    /* The met jumps two squares forward, also to capture. */
    expect_moves(v, "rnsmksnr/8/pppSpppp/8/8/PPPPPPPP/8/RN1KMSNR b DEde - 0 1", "d8-", "d8-c7 d8-d6xd6 d8-e7");
    /* Not while in check: the king in check by the knight on d6 may not leap. */
    expect_moves(v, "rnsmksnr/8/pppNpppp/8/8/PPPPPPPP/8/R1SKMSNR b DEde - 0 1", "e8-", "e8-d7 e8-e7");
    /* Back on the start squares after moving, the pieces keep no right: the
     * same board is another position (text and hash). */
    Position p, q;
    char fen[NC_POS_TEXT_MAX];
    static const char *const line[] = {"d1-c2", "d8-c7", "c2-d1", "c7-d8", NULL};
    play_line(v, &p, line, fen);
    assert_string_equal(fen, "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w Ee - 4 3");
    pos_start(&q, v);
    assert_true(p.key != q.key);
    expect_moves(v, fen, "d1-", "d1-c2 d1-d2 d1-e2");
    /* A capture on the square ends the right of the piece taken there. */
    char err[256];
    assert_int_equal(pos_from_fen(&p, v, "rnsmksnr/8/ppp1pppp/8/3N4/PPPPPPPP/8/R1SKMSNR w DEde - 0 1", err, sizeof err), 0);
    Move m;
    Undo u;
    assert_int_equal(move_from_text(&p, "d4-c6", &m, err, sizeof err), 0);
    make_move(&p, &m, &u);
    assert_int_equal(move_from_text(&p, "a8-a7", &m, err, sizeof err), 0);
    make_move(&p, &m, &u);
    assert_int_equal(move_from_text(&p, "c6-d8", &m, err, sizeof err), 0);
    make_move(&p, &m, &u);
    pos_to_fen(&p, fen, sizeof fen);
    assert_string_equal(fen, "1nsNksnr/r7/pp2pppp/8/8/PPPPPPPP/8/R1SKMSNR b DEe - 0 2");
    variant_free(v);
}

static void test_first_move_text_errors(void **state)
{
    (void)state;
    Variant *v = test_variant("cambodian");
    Position p;
    char err[256];
    assert_int_equal(pos_from_fen(&p, v, "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w CDEde - 0 1", err, sizeof err), -1);
    assert_string_equal(err, "position text: first-move right 'C' needs a White piece with a first move on c1");
    assert_int_equal(pos_from_fen(&p, v, "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEdee - 0 1", err, sizeof err), -1);
    assert_string_equal(err, "position text: first-move right 'e' is given twice");
    assert_int_equal(pos_from_fen(&p, v, "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w K - 0 1", err, sizeof err), -1);
    assert_string_equal(err, "position text: castling right 'K' does not exist in this variant");
    variant_free(v);
}

static void test_first_move_lost_to(void **state)
{
    (void)state;
    Variant *v = load_text(
        "piece leaper\n letter K\n royal\n move slide all range=1\n move leap 2,1 dirs=fwd-wide to=empty first\nend\n"
        "piece rook\n letter R\n move slide orth\nend\n"
        "variant t\n board 8x8\n pieces leaper rook\n first-move-lost-to rook\n"
        " setup main 2r1k3/8/8/8/8/8/8/R3K3 w Ee - 0 1\nend\n");
    Position p;
    char fen[NC_POS_TEXT_MAX];
    /* a1-a8 reaches the black king's rank, though c8 stands between */
    static const char *const onto_rank[] = {"a1-a8", NULL};
    play_line(v, &p, onto_rank, fen);
    assert_string_equal(fen, "R1r1k3/8/8/8/8/8/8/4K3 b E - 1 1");
    /* a1-a2 aims at nothing: the right stays */
    static const char *const elsewhere[] = {"a1-a2", NULL};
    play_line(v, &p, elsewhere, fen);
    assert_string_equal(fen, "2r1k3/8/8/8/8/8/R7/4K3 b Ee - 1 1");
    variant_free(v);
}

typedef struct {
    const char *text;
    const char *message;
} ErrorCase;

#define HEAD PIECES_KING
#define VARIANT(lines) "variant t\n board 8x8\n pieces king pawn queen rook\n" lines " setup main 4k3/8/8/8/8/8/8/4K3 w - - 0 1\nend\n"

static const ErrorCase error_cases[] = {
    {"piece a\n letter A\n move hop orth range=2\nend\n", "t.txt:3: a hop takes only to=, zone= and start="},
    {"piece a\n letter A\n move hop orth over=any\nend\n", "t.txt:3: a hop takes only to=, zone= and start="},
    {"piece a\n letter A\n move hop orth take-over\nend\n", "t.txt:3: a hop takes only to=, zone= and start="},
    {"piece a\n letter A\n move leap 2,1 ep-source\nend\n", "t.txt:3: ep-source and ep-capture are for slides"},
    {"piece a\n letter A\n move hop orth ep-capture\nend\n", "t.txt:3: a hop takes only to=, zone= and start="},
    {"piece a\n letter A\n move slide orth dirs=fwd\nend\n",
     "t.txt:3: dirs= is for leaps (the directions of a slide follow its kind)"},
    {"piece a\n letter A\n move leap 2,1 dirs=up\nend\n",
     "t.txt:3: bad value 'up' for dirs= (fwd, back, side, fwd-narrow, fwd-wide, back-narrow, back-wide)"},
    {"piece a\n letter A\n move leap 2,1 dirs=side\nend\n", "t.txt:3: dirs=side leaves the leap 2,1 no direction"},
    {"piece a\n letter A\n move leap 2,1 dirs=fwd,\nend\n", "t.txt:3: empty direction in 'fwd,'"},
    {"piece a\n letter A\n move leap 2,1 dirs=fwd dirs=back\nend\n", "t.txt:3: 'dirs=' given twice in one move"},
    {"piece a\n letter A\n move slide fwd range=2 first start=on\nend\n",
     "t.txt:3: start= cannot go with first or not-in-check"},
    {"piece a\n letter A\n move leap 2,1 not-in-check\nend\n",
     "t.txt:3: not-in-check is for moves to empty squares (to=empty)"},
    {HEAD VARIANT(" first-move-lost-to\n"), "t.txt:9: 'first-move-lost-to' needs one piece type"},
    {HEAD VARIANT(" first-move-lost-to bishop\n"), "t.txt:9: piece type 'bishop' is not in this variant"},
    {HEAD VARIANT(" first-move-lost-to rook\n first-move-lost-to rook\n"),
     "t.txt:10: repeated 'first-move-lost-to' line (first at line 9)"},
    {HEAD VARIANT(" promotion-zone 6\n"), "t.txt:9: promotion-zone needs a promotion-rank line"},
    {HEAD VARIANT(" promotion-rank 8\n promotion-zone 8\n"),
     "t.txt:10: promotion-zone must be a rank below the promotion rank 8, not '8'"},
    {HEAD VARIANT(" promotion-rank 8\n promotion-zone 6\n promotion-zone 7\n"),
     "t.txt:11: repeated 'promotion-zone' line (first at line 10)"},
    {HEAD VARIANT(" promotion-limit queen\n"), "t.txt:9: bad promotion limit 'queen' (expected TYPE=N, N 1-99)"},
    {HEAD VARIANT(" promotion-limit queen=0\n"), "t.txt:9: bad promotion limit 'queen=0' (expected TYPE=N, N 1-99)"},
    {HEAD VARIANT(" promotion-limit bishop=1\n"), "t.txt:9: piece type 'bishop' is not in this variant"},
    {HEAD VARIANT(" promotion-limit queen=1 queen=2\n"), "t.txt:9: piece type 'queen' limited twice"},
    {HEAD VARIANT(" promotion-limit\n"),
     "t.txt:9: 'promotion-limit' needs TYPE=N items, e.g. 'promotion-limit queen=1'"},
    {HEAD VARIANT(" region king\n"), "t.txt:9: 'region' needs piece types and squares, e.g. 'region king d1-f3'"},
    {HEAD VARIANT(" region king d1-z3\n"), "t.txt:9: bad region squares 'd1-z3' (a square or two corners, like d1-f3)"},
    {HEAD VARIANT(" region king,bishop d1-f3\n"), "t.txt:9: piece type 'bishop' is not in this variant"},
    {HEAD VARIANT(" region king d1-f3\n region queen,king a1\n"),
     "t.txt:10: piece type 'king' is given a region twice"},
    {HEAD VARIANT(" region king, d1-f3\n"), "t.txt:9: empty item in region king,"},
    {HEAD VARIANT(" royals-may-not-face rank\n"), "t.txt:9: royals-may-not-face takes 'file', 'orth' or 'all'"},
    {HEAD VARIANT(" royals-may-not-face file\n royals-may-not-face all\n"),
     "t.txt:10: repeated 'royals-may-not-face' line (first at line 9)"},
};

static void test_error_messages(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof error_cases / sizeof error_cases[0]; i++) {
        DataErrors errs;
        Variant *v = variant_load_text(NC_TEST_DATA_DIR, "t.txt", error_cases[i].text, &errs);
        if (v || errs.n == 0 || strcmp(errs.msg[0], error_cases[i].message) != 0) {
            fprintf(stderr, "case %zu:\n%s\nexpected: %s\n     got: %s\n", i, error_cases[i].text,
                    error_cases[i].message, v ? "(loaded)" : errs.n ? errs.msg[0] : "(no message)");
            variant_free(v);
            fail();
        }
    }
}

static void test_too_many_regions(void **state)
{
    (void)state;
    char text[4096] = PIECES_KING, names[200] = "";
    for (int i = 0; i < NC_MAX_REGIONS + 1; i++) {
        snprintf(text + strlen(text), sizeof text - strlen(text), "piece p%d\n letter %c\n move slide orth\nend\n", i,
                 'A' + i);
        snprintf(names + strlen(names), sizeof names - strlen(names), " p%d", i);
    }
    snprintf(text + strlen(text), sizeof text - strlen(text), "variant t\n board 8x8\n pieces king%s\n", names);
    for (int i = 0; i < NC_MAX_REGIONS + 1; i++)
        snprintf(text + strlen(text), sizeof text - strlen(text), " region p%d a1-h2\n", i);
    snprintf(text + strlen(text), sizeof text - strlen(text), " setup main 4k3/8/8/8/8/8/8/4K3 w - - 0 1\nend\n");
    DataErrors errs;
    Variant *v = variant_load_text(NC_TEST_DATA_DIR, "t.txt", text, &errs);
    assert_null(v);
    char expected[100];
    /* king 5 lines, 9 pieces of 4, then variant, board, pieces, 8 regions */
    snprintf(expected, sizeof expected, "t.txt:%d: more than %d regions", 5 + 4 * (NC_MAX_REGIONS + 1) + 3 + NC_MAX_REGIONS + 1,
             NC_MAX_REGIONS);
    assert_string_equal(errs.msg[0], expected);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hop),
        cmocka_unit_test(test_leap_dirs),
        cmocka_unit_test(test_region_and_royal_sight),
        cmocka_unit_test(test_promotion_zone),
        cmocka_unit_test(test_berolina_en_passant),
        cmocka_unit_test(test_first_moves),
        cmocka_unit_test(test_first_move_text_errors),
        cmocka_unit_test(test_first_move_lost_to),
        cmocka_unit_test(test_error_messages),
        cmocka_unit_test(test_too_many_regions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
