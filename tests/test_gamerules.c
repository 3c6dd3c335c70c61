/* The game-rule vocabulary of the data files (doc/data-files.md): game-end
 * rules on material, checkmate and stalemate results, must-capture,
 * castling per wing and with a non-royal piece, captures-to-hand with
 * promoted pieces; their file:line errors; and the search's scores for
 * such ends.  Expected move counts were recorded from Fairy-Stockfish 11.1
 * on the same positions (its legal-move list is empty once such a rule has
 * ended the game, so perft there is 0, as ours). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "datafile/datafile.h"
#include "rules/rules.h"
#include "notation/notation.h"
#include "search/search.h"
#include "test_variant.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void start(Game *g, const Variant *v, const char *fen)
{
    Position p;
    char err[256];
    if (!fen)
        pos_start(&p, v);
    else if (pos_from_fen(&p, v, fen, err, sizeof err))
        fail_msg("%s: %s", fen, err);
    game_init(g, &p);
}

static void play(Game *g, const char *moves)
{
    char buf[400];
    snprintf(buf, sizeof buf, "%s", moves);
    for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " ")) {
        Move m;
        char err[256];
        if (move_from_text(&g->pos, tok, &m, err, sizeof err))
            fail_msg("%s: %s", tok, err);
        game_push(g, &m);
    }
}

/* Status, winner and perft 1 (Fairy-Stockfish's count) after the moves. */
static void expect(const char *variant, const char *fen, const char *moves, GameStatus st, int winner,
                   uint64_t perft1)
{
    Variant *v = test_variant(variant);
    Game g;
    start(&g, v, fen);
    play(&g, moves);
    GameStatus got = game_status(&g);
    if (got != st)
        fail_msg("%s %s %s: status '%s', expected '%s'", variant, fen ? fen : "start", moves, game_status_text(got),
                 game_status_text(st));
    assert_int_equal(game_winner(&g, got), winner);
    assert_int_equal(perft(&g.pos, 1), perft1);
    game_free(&g);
    variant_free(v);
}

static void test_bare_king(void **state)
{
    (void)state;
    /* shatranj: the bare side to move plays on while the other has one
     * piece besides its king (it may take it), and loses against two */
    expect("shatranj", "3k4/8/8/8/8/8/8/R2K4 b - - 0 1", "", GS_ONGOING, -1, 5);
    expect("shatranj", "3k4/8/8/8/8/8/8/RR1K4 b - - 0 1", "", GS_BARE_KING, NC_WHITE, 0);
    expect("shatranj", "3k4/8/8/8/8/8/8/R2K4 w - - 0 1", "", GS_BARE_KING, NC_WHITE, 0);
    /* taking the last piece back leaves bare kings: a draw, as in chess */
    expect("shatranj", "3k4/8/8/8/8/8/3r4/3K4 w - - 0 1", "d1-d2xd2", GS_BARE_KINGS, -1, 5);
    /* losers: the bare king wins */
    expect("losers", "k7/8/8/8/8/8/8/K6r w - - 0 1", "", GS_BARE_KING, NC_WHITE, 0);
}

static void test_extinction_and_no_pieces(void **state)
{
    (void)state;
    expect("extinction", NULL, "e2-e4 e7-e5 d1-h5 d8-h4", GS_ONGOING, -1, 37);
    expect("extinction", NULL, "e2-e4 e7-e5 d1-h5 d8-h4 h5-h4xh4", GS_EXTINCTION, NC_WHITE, 0);
    expect("antichess", "8/8/8/8/8/8/p7/1R6 b - - 0 1", "a2-b1xb1=Q", GS_NO_PIECES, NC_WHITE, 0);
    expect("horde", "4k3/8/8/8/8/8/8/8 w - - 0 1", "", GS_NO_PIECES, NC_BLACK, 0);
    /* horde: a two-square step from the first rank leaves no en-passant
     * target (b3xa2 would be a seventh move) */
    expect("horde", "4k3/8/8/8/8/1p6/8/P7 w - - 0 1", "a1-a3", GS_ONGOING, -1, 6);
}

static void test_mate_and_stalemate_results(void **state)
{
    (void)state;
    expect("shatranj", "k7/2Q5/1K6/8/8/8/8/8 b - - 0 1", "", GS_STALEMATE, NC_WHITE, 0);
    expect("antichess", "8/8/8/p7/P7/8/8/8 w - - 0 1", "", GS_STALEMATE, NC_WHITE, 0);
    expect("losers", NULL, "f2-f3 e7-e5 g2-g4 d8-h4", GS_CHECKMATE, NC_WHITE, 0);
    expect("chess", NULL, "f2-f3 e7-e5 g2-g4 d8-h4", GS_CHECKMATE, NC_BLACK, 0);
}

static void test_must_capture(void **state)
{
    (void)state;
    /* after e3 b5 the bishop must take */
    expect("antichess", NULL, "e2-e3 b7-b5", GS_ONGOING, -1, 1);
    expect("giveaway", NULL, "e2-e4 d7-d5", GS_ONGOING, -1, 1);
    /* losers: the only capture (the pinned knight's) is illegal, so the
     * king's four steps are legal; then Black must take the knight */
    Variant *v = test_variant("losers");
    Game g;
    start(&g, v, "k7/8/8/b7/8/1p6/3N4/4K3 w - - 0 1");
    assert_int_equal(perft(&g.pos, 1), 4);
    assert_int_equal(perft(&g.pos, 2), 4);
    game_free(&g);
    variant_free(v);
}

/* The castling moves in the position, as move texts joined by spaces. */
static void castlings(const char *variant, const char *fen, char *out, size_t outlen)
{
    Variant *v = test_variant(variant);
    Game g;
    start(&g, v, fen);
    MoveList ml;
    gen_legal(&g.pos, &ml);
    out[0] = 0;
    for (int i = 0; i < ml.n; i++)
        if (ml.m[i].kind == MK_CASTLE) {
            char t[64];
            move_to_text(&g.pos, &ml.m[i], t, sizeof t);
            snprintf(out + strlen(out), outlen - strlen(out), "%s%s", out[0] ? " " : "", t);
        }
    game_free(&g);
    variant_free(v);
}

static void test_castling(void **state)
{
    (void)state;
    char buf[200];
    /* janus: three squares to the a-file side, four to the j-file side */
    castlings("janus", "r3k4r/10/10/10/10/10/10/R3K4R w KQkq - 0 1", buf, sizeof buf);
    assert_string_equal(buf, "e1-b1,a1-c1 e1-i1,j1-h1");
    /* extinction: the king is not royal, so an attacked square does not
     * stop it (Fairy-Stockfish: 19 moves here, 17 in chess) */
    const char *fen = "rnbqk3/pppppppp/8/8/8/8/PPPPPr1P/RNBQK2R w KQq - 0 1";
    castlings("extinction", fen, buf, sizeof buf);
    assert_string_equal(buf, "e1-g1,h1-f1");
    castlings("chess", fen, buf, sizeof buf);
    assert_string_equal(buf, "");
    /* horde: White has no king, so no castling rights either */
    Variant *v = test_variant("horde");
    Position p;
    char err[200];
    assert_int_equal(pos_from_fen(&p, v, "rnbqkbnr/pppppppp/8/8/8/8/8/RPPPPPPR w Kkq - 0 1", err, sizeof err), -1);
    assert_string_equal(err, "position text: castling right 'K' does not exist in this variant");
    variant_free(v);
}

static void test_captures_to_hand(void **state)
{
    (void)state;
    Variant *v = test_variant("crazyhouse");
    Game g;
    char fen[NC_POS_TEXT_MAX];
    start(&g, v, NULL);
    play(&g, "e2-e4 d7-d5 e4-d5xd5 d8-d5xd5");
    pos_to_fen(&g.pos, fen, sizeof fen);
    assert_string_equal(fen, "rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR[Pp] w KQkq - 0 3");
    /* a drop anywhere: 4 more moves per empty square, pawn drops on ranks 2-7 */
    play(&g, "P@d7");
    assert_int_equal(game_status(&g), GS_ONGOING);
    assert_int_equal(perft(&g.pos, 2), 149); /* Fairy-Stockfish */
    game_free(&g);
    /* a promoted piece is marked '~' and goes back to hand as a pawn */
    start(&g, v, "8/Pk6/8/8/8/8/8/4K3[] w - - 0 1");
    play(&g, "a7-a8=Q");
    pos_to_fen(&g.pos, fen, sizeof fen);
    assert_string_equal(fen, "Q~7/1k6/8/8/8/8/8/4K3[] b - - 0 1");
    play(&g, "b7-a8xa8");
    pos_to_fen(&g.pos, fen, sizeof fen);
    assert_string_equal(fen, "k7/8/8/8/8/8/8/4K3[p] w - - 0 2");
    assert_int_equal(perft(&g.pos, 3), 1648); /* Fairy-Stockfish */
    assert_true(game_pop(&g));
    pos_to_fen(&g.pos, fen, sizeof fen);
    assert_string_equal(fen, "Q~7/1k6/8/8/8/8/8/4K3[] b - - 0 1");
    game_free(&g);
    /* read back: the mark decides what the capture gives */
    Position p;
    char err[200];
    assert_int_equal(pos_from_fen(&p, v, "2Q~k4/8/8/8/8/8/8/4K3[] b - - 0 1", err, sizeof err), 0);
    assert_int_equal(perft(&p, 3), 376);
    assert_int_equal(pos_from_fen(&p, v, "2Qk4/8/8/8/8/8/8/4K3[] b - - 0 1", err, sizeof err), 0);
    assert_int_equal(perft(&p, 3), 449);
    assert_int_equal(pos_from_fen(&p, v, "2K~k4/8/8/8/8/8/8/8[] b - - 0 1", err, sizeof err), -1);
    assert_string_equal(err, "position text: 'K~' on c8: only promotion choices of a variant with captures-to-hand "
                             "are marked promoted");
    variant_free(v);
    v = test_variant("chess");
    assert_int_equal(pos_from_fen(&p, v, "2Q~k4/8/8/8/8/8/8/4K3 b - - 0 1", err, sizeof err), -1);
    assert_string_equal(err, "position text: 'Q~' on c8: only promotion choices of a variant with captures-to-hand "
                             "are marked promoted");
    variant_free(v);
}

static void expect_refused(const char *body, const char *message)
{
    char text[2048];
    snprintf(text, sizeof text, "variant t\n  board 8x8\n%s  setup main 4k3/8/8/8/8/8/8/R3K3 w - - 0 1\nend\n", body);
    DataErrors errs;
    Variant *v = variant_load_text(NC_TEST_DATA_DIR, "t.txt", text, &errs);
    if (v || errs.n == 0 || strcmp(errs.msg[0], message)) {
        fprintf(stderr, "text:\n%s\nexpected: %s\n     got: %s\n", text, message,
                v ? "(loaded)" : errs.n ? errs.msg[0] : "(no message)");
        variant_free(v);
        fail();
    }
}

static void test_file_errors(void **state)
{
    (void)state;
    const char *kr = "  pieces king rook\n";
    char b[600];
#define BODY(x) (snprintf(b, sizeof b, "%s%s", kr, x), b)
    expect_refused(BODY("  game-end sometimes loses\n"),
                   "t.txt:4: game-end must be 'checkmate', 'stalemate', 'bare-king', 'no-pieces' or 'extinction' and "
                   "a result, e.g. 'game-end stalemate loses'");
    expect_refused(BODY("  game-end checkmate draws\n"),
                   "t.txt:4: 'checkmate' must be followed by wins or loses, not 'draws'");
    expect_refused(BODY("  game-end stalemate ties\n"),
                   "t.txt:4: 'stalemate' must be followed by wins, loses or draws, not 'ties'");
    expect_refused(BODY("  game-end stalemate wins now\n"), "t.txt:4: unexpected 'now' after 'game-end stalemate wins'");
    expect_refused(BODY("  game-end extinction loses\n"),
                   "t.txt:4: game-end extinction needs piece types, e.g. 'game-end extinction loses king,queen'");
    expect_refused(BODY("  game-end extinction loses rook,queen\n"), "t.txt:4: piece type 'queen' is not in this variant");
    expect_refused(BODY("  game-end bare-king loses soon\n"),
                   "t.txt:4: unexpected 'soon' after 'game-end bare-king loses'");
    expect_refused(BODY("  game-end no-pieces wins\n  game-end no-pieces wins\n  game-end no-pieces wins\n"
                        "  game-end no-pieces wins\n  game-end no-pieces wins\n"),
                   "t.txt:8: more than 4 game-end rules on material");
    expect_refused("  pieces rook\n  game-end bare-king loses\n", "t.txt:4: game-end bare-king needs a royal piece type");
    expect_refused(BODY("  must-capture now\n"), "t.txt:4: 'must-capture' takes nothing after it, not 'now'");
    expect_refused(BODY("  must-capture\n  must-capture\n"), "t.txt:5: repeated 'must-capture' line (first at line 4)");
    expect_refused(BODY("  captures-to-hand\n"),
                   "t.txt:4: captures-to-hand: piece type 'rook' can be taken but has no 'drop' line");
    expect_refused(BODY("  castling fixed 3,4,5 rook\n"), "t.txt:4: more than 2 distances in castling fixed");
    expect_refused(BODY("  castling fixed 3,x rook\n"), "t.txt:4: castling fixed needs a king distance 1-15, not 'x'");
    expect_refused(BODY("  castling fixed 2 rook king=queen\n"), "t.txt:4: piece type 'queen' is not in this variant");
    expect_refused(BODY("  castling fixed 1,4 rook\n"),
                   "t.txt:5: setup 'main': castling: no rook on the higher-file side of the white king in setup 'main'");
#undef BODY
}

static int search_score(const char *variant, const char *fen, int depth)
{
    Variant *v = test_variant(variant);
    Game g;
    start(&g, v, fen);
    Search *s = search_new(8);
    assert_non_null(s);
    SearchLimits lim = {.depth = depth, .level = 10};
    SearchInfo in;
    search_run(s, &g, &lim, &in);
    assert_true(in.done && in.has_best);
    search_free(s);
    game_free(&g);
    variant_free(v);
    return in.score;
}

#define MATE_IN(n) (SEARCH_MATE - (2 * (n) - 1))

static void test_search_scores(void **state)
{
    (void)state;
    /* taking the last black piece wins once Black has moved its bare king */
    assert_int_equal(search_score("shatranj", "3k4/8/8/8/8/8/8/rR1K4 w - - 0 1", 4), MATE_IN(2) + 1);
    /* extinction: taking the last queen wins at once */
    assert_int_equal(search_score("extinction", "rnb1kbnr/pppp1ppp/8/4p2Q/4P2q/8/PPPP1PPP/RNB1KBNR w KQkq - 2 3", 3),
                     MATE_IN(1));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bare_king),
        cmocka_unit_test(test_extinction_and_no_pieces),
        cmocka_unit_test(test_mate_and_stalemate_results),
        cmocka_unit_test(test_must_capture),
        cmocka_unit_test(test_castling),
        cmocka_unit_test(test_captures_to_hand),
        cmocka_unit_test(test_file_errors),
        cmocka_unit_test(test_search_scores),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
