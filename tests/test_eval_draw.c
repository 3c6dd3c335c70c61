/* The evaluation's draw knowledge (src/search/eval_draw.c): the wrong rook
 * pawn, material that cannot mate (colourbound pieces on one colour, a
 * piece or two of a kind that the solver finds do not force mate), on the
 * orthodox board and the big ones, and the variants whose game ends make
 * "cannot mate" something other than a draw.  Each check names the wrong
 * code that would make it fail. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "endgame/eg_store.h"
#include "rules/rules.h"
#include "search/eval.h"
#include "search/search.h"
#include "test_variant.h"
#include "notation/notation.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void position_from(Position *p, const Variant *v, const char *fen)
{
    char err[256];
    if (pos_from_fen(p, v, fen, err, sizeof err))
        fail_msg("bad position text %s: %s", fen, err);
}

/* The static evaluation (side to move's view) with the cheap tables only. */
static int eval_of(const char *variant, const char *fen)
{
    Variant *v = test_variant(variant);
    EvalTables *e = malloc(sizeof *e);
    assert_non_null(e);
    eval_init(e, v);
    Position p;
    position_from(&p, v, fen);
    int score = eval_position(e, &p);
    free(e);
    variant_free(v);
    return score;
}

/* The search's score at a fixed depth (side to move's view). */
static int search_score(const char *variant, const char *fen, int depth)
{
    Variant *v = test_variant(variant);
    Position p;
    position_from(&p, v, fen);
    Game g;
    game_init(&g, &p);
    Search *s = search_new(8);
    assert_non_null(s);
    SearchLimits lim = {.depth = depth, .level = 10};
    SearchInfo in;
    search_run(s, &g, &lim, &in);
    assert_true(in.done);
    search_free(s);
    game_free(&g);
    variant_free(v);
    return in.score;
}

/* Wrong rook pawn: the bishop (c1, d8) does not control the promotion
 * corner (a8, h1) and the bare king is on or next to it.  Fails when
 * wrong_rook_pawn() is left out (the pawn and bishop score about +5), or
 * when it looks at the wrong side's corner. */
static void wrong_rook_pawn_is_zero(void **state)
{
    (void)state;
    assert_int_equal(eval_of("chess", "k7/8/8/8/8/8/P7/K1B5 w - - 0 1"), 0);
    assert_int_equal(eval_of("chess", "k7/8/8/8/8/8/P7/K1B5 b - - 0 1"), 0);
    assert_int_equal(eval_of("chess", "8/1k6/8/8/8/P7/8/K1B5 w - - 0 1"), 0);
    assert_int_equal(eval_of("chess", "k2b4/7p/8/8/8/8/8/6K1 b - - 0 1"), 0);
    assert_int_equal(search_score("chess", "k7/8/8/8/8/8/P7/K1B5 w - - 0 1", 8), 0);
    assert_int_equal(search_score("chess", "1k6/8/8/8/P7/8/8/K1B5 b - - 0 1", 8), 0);
}

/* The same material wins with the right bishop, a pawn off the edge or
 * the king away from the corner.  Fails when the corner's colour is not
 * compared with the bishop's, when any file counts as an edge, or when
 * the king's distance to the corner is not looked at. */
static void other_bishop_pawn_endings_win(void **state)
{
    (void)state;
    assert_true(eval_of("chess", "k7/8/8/8/8/8/P7/KB6 w - - 0 1") > 300);
    assert_true(search_score("chess", "k7/8/8/8/8/8/P7/KB6 w - - 0 1", 8) > 300);
    assert_true(eval_of("chess", "k7/8/8/8/8/8/1P6/K1B5 w - - 0 1") > 300);
    assert_true(search_score("chess", "k7/8/8/8/8/8/1P6/K1B5 w - - 0 1", 8) > 300);
    assert_true(eval_of("chess", "8/8/8/4k3/8/8/P7/K1B5 w - - 0 1") > 300);
    assert_true(eval_of("chess", "k7/8/8/8/8/8/P7/K1BB4 w - - 0 1") > 300);
}

/* King and bishop, or bishops on one colour, cannot mate; on both colours
 * they can, and so can a rook.  Fails when the colourbound test passes a
 * knight-like piece or the bishops' square colours are not compared. */
static void colourbound_material_cannot_mate(void **state)
{
    (void)state;
    assert_int_equal(eval_of("chess", "8/8/8/3k4/8/8/8/KB6 w - - 0 1"), 0);
    assert_int_equal(search_score("chess", "8/8/8/3k4/8/8/8/KB6 w - - 0 1", 8), 0);
    assert_int_equal(eval_of("chess", "8/8/8/3k4/8/8/8/KB1B4 b - - 0 1"), 0);
    assert_true(eval_of("chess", "8/8/8/3k4/8/8/8/KBB5 w - - 0 1") > 300);
    assert_true(eval_of("chess", "8/8/8/3k4/8/8/8/KR6 w - - 0 1") > 300);
    assert_true(search_score("chess", "8/8/8/3k4/8/8/8/KR6 w - - 0 1", 6) > 300);
    /* the knight is not colourbound: without the solver it keeps its value */
    assert_true(eval_of("chess", "8/8/8/3k4/8/8/8/KN6 w - - 0 1") > 200);
}

/* The solver's one-piece verdict: king and knight do not force mate, so
 * the search scores 0; two knights neither (the two-piece verdict; built
 * in seconds, left to the plain build under the sanitizers).  Fails when
 * draw_prepare() does not ask for the verdicts the root needs. */
static void solver_verdicts_in_the_search(void **state)
{
    (void)state;
    assert_int_equal(search_score("chess", "8/8/8/3k4/8/8/8/KN6 w - - 0 1", 8), 0);
    assert_int_equal(search_score("chess", "8/8/3k4/8/8/8/8/1n5K b - - 0 1", 8), 0);
#ifndef NC_SANITIZED
    assert_int_equal(search_score("chess", "8/8/8/3k4/8/8/8/KNN5 w - - 0 1", 8), 0);
#endif
    /* bishop and knight mate: not scaled */
    assert_true(search_score("chess", "8/8/8/3k4/8/8/8/KNB5 w - - 0 1", 6) > 300);
}

/* A side ahead that cannot mate keeps an eighth of its lead against
 * pieces (their own king's blockers make rare mates possible): bishops on
 * one colour against a knight score near 0, a rook against a knight keeps
 * its lead.  Fails without the scaling, or with it applied to a side that
 * can mate. */
static void cannot_mate_against_pieces_is_near_zero(void **state)
{
    (void)state;
    int s = eval_of("chess", "8/8/4n3/3k4/8/8/8/KB1B4 w - - 0 1");
    assert_true(s >= 0 && s < 80);
    assert_true(eval_of("chess", "8/8/4n3/3k4/8/8/8/KR6 w - - 0 1") > 100);
}

static int type_of(const Variant *v, const char *name)
{
    for (int t = 0; t < v->ntypes; t++)
        if (!strcmp(v->types[t].name, name))
            return t;
    fail_msg("%s has no piece %s", v->name, name);
    return -1;
}

/* What the derivation finds on the big boards: the Leaping Ninja Guard,
 * the Ninja Guard, the Flying WarElephant and the bishop are colourbound,
 * the knight, Ferz-Knight, Ninja Warrior and Wazir-Knight are not; pawns
 * keep to their file, ninja pawns do not.  Fails when the colour test
 * ignores the board's squares or the pieces' captures. */
static void big_boards_classified(void **state)
{
    (void)state;
    static const struct {
        const char *variant, *bound, *free, *leaper;
    } cases[] = {{"titan-chess", "leaping-ninja-guard", "ninja-warrior", "knight"},
                 {"stealth-ninja", "ninja-guard", "ninja-warrior", "knight"},
                 {"flying-warmachines", "flying-warelephant", "wazir-knight", "ferz-knight"}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        Variant *v = test_variant(cases[i].variant);
        EvalTables *e = malloc(sizeof *e);
        assert_non_null(e);
        eval_init(e, v);
        assert_true(e->draw.usable);
        assert_true(e->draw.colourbound[type_of(v, cases[i].bound)]);
        assert_false(e->draw.colourbound[type_of(v, cases[i].free)]);
        assert_false(e->draw.colourbound[type_of(v, cases[i].leaper)]);
        assert_true(e->draw.colourbound[type_of(v, "bishop")]);
        assert_true(e->draw.file_bound[NC_WHITE][type_of(v, "pawn")]);
        assert_false(e->draw.file_bound[NC_WHITE][type_of(v, "ninja-pawn")]);
        free(e);
        variant_free(v);
    }
}

/* One case on each big board: a colourbound piece alone, or two on one
 * colour, score 0; two on both colours win; a Ninja Warrior alone (the
 * solver: no forced mate on 10x10) scores 0 in the search. */
static void big_boards_cannot_mate(void **state)
{
    (void)state;
    assert_int_equal(eval_of("titan-chess", "k11/12/12/12/12/12/12/12/12/12/12/KL10 w - - 0 1"), 0);
    assert_true(eval_of("titan-chess", "k11/12/12/12/12/12/12/12/12/12/12/KLL9 w - - 0 1") > 200);
    assert_int_equal(eval_of("stealth-ninja", "****2****/k9/10/10/10/10/10/10/10/10/KG1G6/****2****[] w - - 0 1"), 0);
    assert_true(eval_of("stealth-ninja", "****2****/k9/10/10/10/10/10/10/10/10/KGG7/****2****[] w - - 0 1") > 200);
    assert_int_equal(eval_of("flying-warmachines", "****2****/k9/10/10/10/10/10/10/10/10/KE8/****2****[] w - - 0 1"), 0);
    assert_true(eval_of("flying-warmachines", "****2****/k9/10/10/10/10/10/10/10/10/KEE7/****2****[] w - - 0 1") > 200);
    assert_int_equal(search_score("stealth-ninja", "****2****/10/10/10/4k5/10/10/10/10/10/KW8/****2****[] w - - 0 1", 4), 0);
}

/* The wrong rook pawn on the 10x10 board with squares outside the box:
 * 0 with a pawn; a ninja pawn leaves its file (fails when the file test
 * is not asked), and the right bishop wins. */
static void big_board_wrong_rook_pawn(void **state)
{
    (void)state;
    assert_int_equal(eval_of("stealth-ninja", "****2****/k9/10/10/10/10/10/10/P9/10/K1B7/****2****[] w - - 0 1"), 0);
    assert_int_equal(search_score("stealth-ninja", "****2****/k9/10/10/10/10/10/10/P9/10/K1B7/****2****[] w - - 0 1", 6), 0);
    assert_true(eval_of("stealth-ninja", "****2****/k9/10/10/10/10/10/10/J9/10/K1B7/****2****[] w - - 0 1") > 300);
    assert_true(eval_of("stealth-ninja", "****2****/k9/10/10/10/10/10/10/P9/10/KB8/****2****[] w - - 0 1") > 300);
}

/* Where a bare king loses (shatranj) or the game ends otherwise
 * (antichess, extinction), cannot mate is no draw: the scores stay.
 * Fails when default_game_ends() is not asked. */
static void other_game_ends_not_scaled(void **state)
{
    (void)state;
    assert_true(eval_of("shatranj", "8/8/8/3k4/8/8/8/KQ6 w - - 0 1") > 100);
    Variant *v = test_variant("shatranj");
    EvalTables *e = malloc(sizeof *e);
    assert_non_null(e);
    eval_init(e, v);
    assert_false(e->draw.usable);
    assert_true(e->draw.colourbound[type_of(v, "ferz")]); /* so only the game end keeps the score */
    variant_free(v);
    static const char *const others[] = {"antichess", "extinction", "crazyhouse", "xiangqi"};
    for (size_t i = 0; i < sizeof others / sizeof others[0]; i++) {
        v = test_variant(others[i]);
        eval_init(e, v);
        assert_false(e->draw.usable);
        variant_free(v);
    }
    free(e);
}

/* Where losing every piece wins, a piece more is worse, not better:
 * antichess and losers without White's b1 knight score higher for White
 * than their start; in chess, lower.  Fails when material keeps its sign. */
static void giving_pieces_away_is_good(void **state)
{
    (void)state;
    static const char *const fen[] = {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
                                      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR w - - 0 1"};
    assert_true(eval_of("antichess", fen[1]) > eval_of("antichess", fen[0]) + 200);
    assert_true(eval_of("losers", fen[1]) > eval_of("losers", fen[0]) + 200);
    assert_true(eval_of("chess", fen[1]) < eval_of("chess", fen[0]) - 200);
}

/* The verdicts are the same whether or not the cache held the tables:
 * first with an empty cache directory (the tables are built), then with
 * the files that run left.  Fails when draw_prepare() only reads the cache.
 * Told not to build (a search short of time), it uses what is cached. */
static void verdicts_do_not_depend_on_the_cache(void **state)
{
    (void)state;
    char dir[] = "/tmp/nc-eval-draw-XXXXXX";
    assert_non_null(mkdtemp(dir));
    Variant *v = test_variant("chess");
    Position p;
    position_from(&p, v, "8/8/8/3k4/8/8/8/KN6 w - - 0 1");
    Position q;
    position_from(&q, v, "8/8/8/3k4/8/8/8/KQ6 w - - 0 1");
    int n = type_of(v, "knight"), queen = type_of(v, "queen");
    uint8_t seen[2][2];
    for (int run = 0; run < 2; run++) {
        EvalTables *e = malloc(sizeof *e);
        assert_non_null(e);
        eval_init(e, v);
        EgStore *store = eg_store_new(dir, false);
        assert_non_null(store);
        draw_prepare(&e->draw, store, &p, true);
        assert_true(e->draw.use_verdict[NC_WHITE][n]);
        seen[run][0] = e->draw.verdict[NC_WHITE][n];
        assert_int_equal(eval_position(e, &p), 0);
        draw_prepare(&e->draw, store, &q, true);
        assert_false(e->draw.use_verdict[NC_WHITE][n]); /* per root */
        seen[run][1] = e->draw.verdict[NC_WHITE][queen];
        assert_true(eval_position(e, &p) > 200);
        eg_store_free(store);
        free(e);
    }
    assert_int_equal(seen[0][0], DRAW_VERDICT_NO_MATE);
    assert_int_equal(seen[1][0], DRAW_VERDICT_NO_MATE);
    assert_int_equal(seen[0][1], DRAW_VERDICT_MATES);
    assert_int_equal(seen[1][1], DRAW_VERDICT_MATES);
    /* a search without time to build: a cached table still counts, a
     * missing one gives no verdict and the knight keeps its value */
    char empty[] = "/tmp/nc-eval-draw-XXXXXX";
    assert_non_null(mkdtemp(empty));
    const char *dirs[2] = {dir, empty};
    for (int k = 0; k < 2; k++) {
        EvalTables *e = malloc(sizeof *e);
        assert_non_null(e);
        eval_init(e, v);
        EgStore *store = eg_store_new(dirs[k], false);
        assert_non_null(store);
        draw_prepare(&e->draw, store, &p, false);
        assert_int_equal(e->draw.verdict[NC_WHITE][n], k == 0 ? DRAW_VERDICT_NO_MATE : DRAW_VERDICT_UNKNOWN);
        if (k == 0)
            assert_int_equal(eval_position(e, &p), 0);
        else
            assert_true(eval_position(e, &p) > 200);
        eg_store_free(store);
        free(e);
    }
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", empty);
    assert_int_equal(system(cmd), 0);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
    variant_free(v);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(wrong_rook_pawn_is_zero),
        cmocka_unit_test(other_bishop_pawn_endings_win),
        cmocka_unit_test(colourbound_material_cannot_mate),
        cmocka_unit_test(solver_verdicts_in_the_search),
        cmocka_unit_test(cannot_mate_against_pieces_is_near_zero),
        cmocka_unit_test(big_boards_classified),
        cmocka_unit_test(big_boards_cannot_mate),
        cmocka_unit_test(big_board_wrong_rook_pawn),
        cmocka_unit_test(other_game_ends_not_scaled),
        cmocka_unit_test(giving_pieces_away_is_good),
        cmocka_unit_test(verdicts_do_not_depend_on_the_cache),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
