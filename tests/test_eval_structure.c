/* The evaluation's pawn structure, open lines, development, colour-bound
 * pair, slide reach, king reach, pawn threat and hanging terms (src/search/eval.c): for each term a pair of positions that differs in
 * that feature alone, evaluated with every weight 0 but the term's own,
 * must differ by exactly the weight times the change in its count, in
 * orthodox chess and in Titan Chess; the split by weight (eval_terms.h)
 * must credit the same count.  A term left out or with its sign turned
 * gives 0 or the opposite. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "test_variant.h"

#include "rules/rules.h"
#include "search/eval.h"
#include "search/eval_terms.h"
#include "notation/notation.h"

#include <stdlib.h>
#include <string.h>

enum { WEIGHT = 37 }; /* distinctive: no other term gives it */

typedef struct {
    int score; /* the evaluation from White's view (eval_terms' score) */
    int phase;
    double count; /* the term's credited measure, blended by the phase */
} Probe;

static Probe probe(const Variant *v, int weight, const char *fen)
{
    Position p;
    char err[256];
    if (pos_from_fen(&p, v, fen, err, sizeof err))
        fail_msg("%s: %s", fen, err);
    EvalProbe *ep = eval_probe_new(v);
    assert_non_null(ep);
    EvalTerms t;
    eval_probe_terms(ep, &p, &t);
    eval_probe_free(ep);
    /* the probe counts every term; the search's tables count a term only
     * when its weight is set, and must score the same */
    EvalTables *et = malloc(sizeof *et);
    assert_non_null(et);
    eval_init(et, v);
    int direct = eval_position(et, &p) * (p.side == NC_WHITE ? 1 : -1);
    free(et);
    if (direct != t.score)
        fail_msg("%s: the search's evaluation %d, the probe's %d", fen, direct, t.score);
    Probe r = {.score = t.score, .phase = t.phase};
    r.count = (t.mg[weight] * t.phase + t.eg[weight] * (256 - t.phase)) / 256.0;
    return r;
}

/* Asserts that with only the named weight set (to WEIGHT), the score of
 * `with` minus that of `without` is `count` times WEIGHT, both at the
 * given phase, and that eval_terms credits the same count. */
static void check_pair(const char *variant, const char *name, int phase, const char *with, const char *without,
                       int count)
{
    Variant *v = test_variant(variant);
    int i = eval_weight_find(name);
    assert_true(i >= 0);
    memset(&v->eval_weights, 0, sizeof v->eval_weights);
    /* the derived square tables, not a variant's learned ones, whose
     * squares would differ between the two positions too */
    memset(&v->eval_learned, 0, sizeof v->eval_learned);
    *eval_weight_ref(&v->eval_weights, i) = WEIGHT;
    Probe a = probe(v, i, with), b = probe(v, i, without);
    if (a.phase != phase || b.phase != phase)
        fail_msg("%s %s: phases %d and %d, not %d", variant, name, a.phase, b.phase, phase);
    if (a.score - b.score != count * WEIGHT)
        fail_msg("%s %s: %d - %d, not %d * %d", variant, name, a.score, b.score, count, WEIGHT);
    if (a.count - b.count != count)
        fail_msg("%s %s: credited %g - %g, not %d", variant, name, a.count, b.count, count);
    variant_free(v);
}

#define CHESS_START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
#define TITAN_START                                                                                           \
    "frylvqkulyrf/jjjwnbbnwjjj/pppppppppppp/12/12/12/12/12/12/PPPPPPPPPPPP/JJJWNBBNWJJJ/FRYLVQKULYRF w - - 0 1"

/* c2 and c3 against c2 and d3 (the d-pawn gone from d2 in both). */
static void doubled_chess(void **state)
{
    (void)state;
    const char *with = "rnbqkbnr/pppppppp/8/8/8/2P5/PPP1PPPP/RNBQKBNR w KQkq - 0 1";
    const char *without = "rnbqkbnr/pppppppp/8/8/8/3P4/PPP1PPPP/RNBQKBNR w KQkq - 0 1";
    check_pair("chess", "doubled-mg", 256, with, without, -1);
    check_pair("chess", "doubled-eg", 0, "4k3/pppppppp/8/8/8/2P5/PPP1PPPP/4K3 w - - 0 1",
               "4k3/pppppppp/8/8/8/3P4/PPP1PPPP/4K3 w - - 0 1", -1);
}

/* The h-pawn alone once the g-pawn stands on f3 instead of g3. */
static void isolated_chess(void **state)
{
    (void)state;
    check_pair("chess", "isolated-mg", 256, "rnbqkbnr/pppppppp/8/8/8/5P2/PPPPPP1P/RNBQKBNR w KQkq - 0 1",
               "rnbqkbnr/pppppppp/8/8/8/6P1/PPPPPP1P/RNBQKBNR w KQkq - 0 1", -1);
    check_pair("chess", "isolated-eg", 0, "4k3/pppppppp/8/8/8/5P2/PPPPPP1P/4K3 w - - 0 1",
               "4k3/pppppppp/8/8/8/6P1/PPPPPP1P/4K3 w - - 0 1", -1);
}

/* An enemy knight right ahead of e4 blocks it; an own one does not. */
static void blocked_chess(void **state)
{
    (void)state;
    check_pair("chess", "blocked-mg", 256, "r1bqkbnr/pppppppp/8/4n3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1",
               "r1bqkbnr/pppppppp/8/3n4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1", -1);
    check_pair("chess", "blocked-mg", 256, "rnbqkbnr/pppppppp/8/4N3/4P3/8/PPPP1PPP/RNBQKB1R w KQkq - 0 1",
               "rnbqkbnr/pppppppp/8/3N4/4P3/8/PPPP1PPP/RNBQKB1R w KQkq - 0 1", 0);
    /* in the endgame, by the enemy king */
    check_pair("chess", "blocked-eg", 0, "8/6pp/8/4k3/4P3/8/PP6/4K3 w - - 0 1", "8/6pp/3k4/8/4P3/8/PP6/4K3 w - - 0 1",
               -1);
}

/* A rook on d3 against c3: the d-file without pawns (open), without
 * White's (half-open); each weight counts only its own kind of file. */
static void open_files_chess(void **state)
{
    (void)state;
    const char *open = "rnbqkbnr/ppp1pppp/8/8/8/3R4/PPP1PPPP/1NBQKBNR w Kkq - 0 1";
    const char *open_c3 = "rnbqkbnr/ppp1pppp/8/8/8/2R5/PPP1PPPP/1NBQKBNR w Kkq - 0 1";
    const char *half = "rnbqkbnr/pppppppp/8/8/8/3R4/PPP1PPPP/1NBQKBNR w Kkq - 0 1";
    const char *half_c3 = "rnbqkbnr/pppppppp/8/8/8/2R5/PPP1PPPP/1NBQKBNR w Kkq - 0 1";
    check_pair("chess", "open-file", 256, open, open_c3, 1);
    check_pair("chess", "half-open-file", 256, half, half_c3, 1);
    check_pair("chess", "open-file", 256, half, half_c3, 0);
    check_pair("chess", "half-open-file", 256, open, open_c3, 0);
}

/* The start against the g1 knight on f3 or the queen on d3; the rook
 * (the castling piece) is left out. */
static void undeveloped_chess(void **state)
{
    (void)state;
    check_pair("chess", "undeveloped", 256, CHESS_START, "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 0 1",
               -1);
    check_pair("chess", "undeveloped", 256, CHESS_START, "rnbqkbnr/pppppppp/8/8/8/3Q4/PPPPPPPP/RNB1KBNR w KQkq - 0 1",
               -1);
    check_pair("chess", "undeveloped", 256, "rnbqkbnr/pppppppp/8/8/7P/8/PPPPPPP1/RNBQKBNR w KQkq - 0 1",
               "rnbqkbnr/pppppppp/8/8/7P/7R/PPPPPPP1/RNBQKBN1 w Qkq - 0 1", 0);
}

/* Titan Chess: the e3 pawn on d4 (d3, d4 doubled; a file with a ninja
 * pawn and a pawn counts one, as at the start); the b-file's ninja pawn
 * and pawn on c4 and c5 (the a-file's two alone). */
static void pawn_structure_titan(void **state)
{
    (void)state;
    check_pair("titan-chess", "doubled-mg", 256,
               "frylvqkulyrf/jjjwnbbnwjjj/pppppppppppp/12/12/12/12/12/3P8/PPPP1PPPPPPP/JJJWNBBNWJJJ/FRYLVQKULYRF w - - 0 1",
               TITAN_START, -1);
    check_pair("titan-chess", "isolated-mg", 256,
               "frylvqkulyrf/jjjwnbbnwjjj/pppppppppppp/12/12/12/12/2P9/2J9/P1PPPPPPPPPP/J1JWNBBNWJJJ/FRYLVQKULYRF w - - 0 1",
               TITAN_START, -2);
    check_pair("titan-chess", "blocked-mg", 256,
               "frylvqkulyrf/jjjw1bbnwjjj/pppppppppppp/12/12/12/12/12/4n7/PPPPPPPPPPPP/JJJWNBBNWJJJ/FRYLVQKULYRF w - - 0 1",
               "frylvqkulyrf/jjjw1bbnwjjj/pppppppppppp/12/12/12/12/4n7/12/PPPPPPPPPPPP/JJJWNBBNWJJJ/FRYLVQKULYRF w - - 0 1",
               -1);
}

/* Titan Chess: the Flying Bomber on a1 against the (diagonal) Raptor
 * there, the a-file emptied of both sides' pawns or of White's. */
static void open_files_titan(void **state)
{
    (void)state;
    check_pair("titan-chess", "open-file", 256,
               "frylvqkulyrf/1jjwnbbnwjjj/1ppppppppppp/12/1p10/1j10/12/1P10/1J10/1PPPPPPPPPPP/1JJWNBBNWJJJ/FRYLVQKULYRF w - - 0 1",
               "frylvqkulyrf/1jjwnbbnwjjj/1ppppppppppp/12/1p10/1j10/12/1P10/1J10/1PPPPPPPPPPP/1JJWNBBNWJJJ/YRFLVQKULYRF w - - 0 1",
               1);
    check_pair("titan-chess", "half-open-file", 256,
               "frylvqkulyrf/jjjwnbbnwjjj/pppppppppppp/12/12/12/12/1P10/1J10/1PPPPPPPPPPP/1JJWNBBNWJJJ/FRYLVQKULYRF w - - 0 1",
               "frylvqkulyrf/jjjwnbbnwjjj/pppppppppppp/12/12/12/12/1P10/1J10/1PPPPPPPPPPP/1JJWNBBNWJJJ/YRFLVQKULYRF w - - 0 1",
               1);
}

/* Titan Chess: the start against the Flying Bomber or the e2 knight out
 * on the sixth rank; the rook (the castling piece) is left out. */
static void undeveloped_titan(void **state)
{
    (void)state;
    check_pair("titan-chess", "undeveloped", 256, TITAN_START,
               "frylvqkulyrf/jjjwnbbnwjjj/pppppppppppp/12/12/12/F11/12/12/PPPPPPPPPPPP/JJJWNBBNWJJJ/1RYLVQKULYRF w - - 0 1",
               -1);
    check_pair("titan-chess", "undeveloped", 256, TITAN_START,
               "frylvqkulyrf/jjjwnbbnwjjj/pppppppppppp/12/12/12/4N7/12/12/PPPPPPPPPPPP/JJJW1BBNWJJJ/FRYLVQKULYRF w - - 0 1",
               -1);
    check_pair("titan-chess", "undeveloped", 256, TITAN_START,
               "frylvqkulyrf/jjjwnbbnwjjj/pppppppppppp/12/12/12/1R10/12/12/PPPPPPPPPPPP/JJJWNBBNWJJJ/F1YLVQKULYRF w - - 0 1",
               0);
}

/* Bishops on c1 and f1 (both colours) against c1 and g1 (one); knights
 * are not colour-bound; Black's pair counts against White.  (The pawns
 * keep bishops of one colour from being a draw.) */
static void colour_pair_chess(void **state)
{
    (void)state;
    check_pair("chess", "colour-pair", 25, "4k3/p7/8/8/8/8/7P/2B1KB2 w - - 0 1", "4k3/p7/8/8/8/8/7P/2B1K1B1 w - - 0 1",
               1);
    check_pair("chess", "colour-pair", 25, "4k3/p7/8/8/8/8/7P/1N2KN2 w - - 0 1", "4k3/p7/8/8/8/8/7P/1N2K1N1 w - - 0 1",
               0);
    check_pair("chess", "colour-pair", 25, "2b1kb2/p7/8/8/8/8/7P/4K3 w - - 0 1", "2b1k1b1/p7/8/8/8/8/7P/4K3 w - - 0 1",
               -1);
}

/* The a1 rook reaches a2-a8 and b1-d1 (10), or a2, a3, the pawn on a4
 * and b1-d1 (6).  The Black rook on h8 reaches h7-h1 and g8, f8 (9), or
 * h7-h4, the bishop on h3 and g8, f8 (7); the bishop reaches 7 squares
 * from h3 and from a3.  A Black pawn on c2 guards b1 and d1 from the a1
 * rook (8 squares left); a White one there takes nothing from it. */
static void slide_reach_chess(void **state)
{
    (void)state;
    check_pair("chess", "slide-reach", 19, "4k3/8/8/8/p7/8/8/R3K3 w - - 0 1", "4k3/8/8/7p/8/8/8/R3K3 w - - 0 1", -4);
    check_pair("chess", "slide-reach", 32, "4k2r/8/8/8/8/7B/8/4K3 w - - 0 1", "4k2r/8/8/8/8/B7/8/4K3 w - - 0 1",
               (7 - 7) - (7 - 9));
    check_pair("chess", "slide-reach", 19, "4k3/8/8/8/8/8/2p5/R3K3 w - - 0 1", "4k3/8/8/7p/8/8/8/R3K3 w - - 0 1", -2);
    check_pair("chess", "slide-reach", 19, "4k3/8/8/8/8/8/2P5/R3K3 w - - 0 1", "4k3/8/8/8/8/8/7P/R3K3 w - - 0 1", 0);
}

/* The b1 knight on f5 reaches e7, next to the Black king, and on e4
 * nothing of its zone; Black's on f4 reaches e2, on e5 nothing. */
static void king_reach_chess(void **state)
{
    (void)state;
    check_pair("chess", "king-reach", 256, "rnbqkbnr/pppppppp/8/5N2/8/8/PPPPPPPP/R1BQKBNR w KQkq - 0 1",
               "rnbqkbnr/pppppppp/8/8/4N3/8/PPPPPPPP/R1BQKBNR w KQkq - 0 1", 1);
    check_pair("chess", "king-reach", 256, "r1bqkbnr/pppppppp/8/8/5n2/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
               "r1bqkbnr/pppppppp/8/4n3/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", -1);
}

/* Black to move: the e4 pawn guards the knight on d5, not on a5; White
 * to move, that is White's to take and counts nothing.  Black's d6 pawn
 * guards the knight on e5, not on a1.  A pawn guarding a pawn or the
 * king does not count. */
static void pawn_threat_chess(void **state)
{
    (void)state;
    check_pair("chess", "pawn-threat", 12, "4k3/8/8/3n4/4P3/8/8/4K3 b - - 0 1", "4k3/8/8/n7/4P3/8/8/4K3 b - - 0 1",
               1);
    check_pair("chess", "pawn-threat", 12, "4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", "4k3/8/8/n7/4P3/8/8/4K3 w - - 0 1",
               0);
    check_pair("chess", "pawn-threat", 12, "4k3/8/3p4/4N3/8/8/8/4K3 w - - 0 1", "4k3/8/3p4/8/8/8/8/N3K3 w - - 0 1",
               -1);
    check_pair("chess", "pawn-threat", 0, "8/8/8/3p4/4P3/8/8/k3K3 b - - 0 1", "8/8/8/p7/4P3/8/8/k3K3 b - - 0 1", 0);
    check_pair("chess", "pawn-threat", 0, "4k3/8/8/4p3/3K4/8/8/8 w - - 0 1", "4k3/8/8/4p3/8/8/8/1K6 w - - 0 1", 0);
}

/* Black to move: the d1 rook attacks the knight on d5, which nothing
 * defends, and on a5 nothing; defended by a pawn on e6 (not on e4) or
 * beside its king it is not hanging; White to move, it counts nothing.
 * The d8 rook attacks White's undefended knight on d5.  In the variant
 * where rooks are Titans the a4 rook the bishop attacks is never taken,
 * so it is not hanging either. */
static void hanging_chess(void **state)
{
    (void)state;
    check_pair("chess", "hanging", 32, "4k3/8/8/3n4/8/8/8/3RK3 b - - 0 1", "4k3/8/8/n7/8/8/8/3RK3 b - - 0 1", 1);
    check_pair("chess", "hanging", 32, "4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1", "4k3/8/8/n7/8/8/8/3RK3 w - - 0 1", 0);
    check_pair("chess", "hanging", 32, "4k3/8/4p3/3n4/8/8/8/3RK3 b - - 0 1", "4k3/8/8/3n4/4p3/8/8/3RK3 b - - 0 1",
               -1);
    check_pair("chess", "hanging", 32, "4k3/3n4/8/8/8/8/8/3RK3 b - - 0 1", "4k3/8/8/3n4/8/8/8/3RK3 b - - 0 1", -1);
    check_pair("chess", "hanging", 32, "3rk3/8/8/3N4/8/8/8/4K3 w - - 0 1", "3rk3/8/8/N7/8/8/8/4K3 w - - 0 1", -1);
    check_pair("chess", "hanging", 32, "4k3/8/8/8/r7/8/8/3BK3 b - - 0 1", "4k3/8/8/r7/8/8/8/3BK3 b - - 0 1", 1);
    check_pair("chess-titan-rooks", "hanging", 32, "4k3/8/8/8/r7/8/8/3BK3 b - - 0 1", "4k3/8/8/r7/8/8/8/3BK3 b - - 0 1",
               0);
}

/* What one piece reaches, counted by hand: the f1 rook f2-f8 and g1, h1
 * (9), of them f7 and f8 next to the king on g8; the e6 knight lands on
 * f8 and g7 of that zone. */
static void piece_reach_counts(void **state)
{
    (void)state;
    static const struct {
        const char *fen;
        int sq_file, sq_rank, reach, zone;
    } cases[] = {
        {"6k1/8/8/8/8/8/8/4KR2 w - - 0 1", 5, 0, 9, 2},
        {"6k1/8/4N3/8/8/8/8/4K3 w - - 0 1", 4, 5, 0, 2},
        /* the d2 knight lands on f1 by the king on e1, and off the board
         * below e1, which is no square of its zone */
        {"4k3/8/8/8/8/8/3n4/4K3 w - - 0 1", 3, 1, 0, 1},
    };
    Variant *v = test_variant("chess");
    *eval_weight_ref(&v->eval_weights, eval_weight_find("king-reach")) = 1;
    EvalTables *e = malloc(sizeof *e);
    assert_non_null(e);
    eval_init(e, v);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        Position p;
        char err[256];
        if (pos_from_fen(&p, v, cases[i].fen, err, sizeof err))
            fail_msg("%s: %s", cases[i].fen, err);
        uint8_t marks[NC_MAX_SQ];
        eval_live_marks(e, &p, marks);
        int sq = nc_sq(v, cases[i].sq_file, cases[i].sq_rank);
        LiveReach lr = {0};
        eval_piece_reach(e, &p, marks, sq, p.board[sq], &lr);
        if (lr.reach != cases[i].reach || lr.zone != cases[i].zone)
            fail_msg("%s: reach %d, zone %d; not %d, %d", cases[i].fen, lr.reach, lr.zone, cases[i].reach,
                     cases[i].zone);
    }
    free(e);
    variant_free(v);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(doubled_chess),        cmocka_unit_test(isolated_chess),
        cmocka_unit_test(blocked_chess),        cmocka_unit_test(open_files_chess),
        cmocka_unit_test(undeveloped_chess),    cmocka_unit_test(pawn_structure_titan),
        cmocka_unit_test(open_files_titan),     cmocka_unit_test(undeveloped_titan),
        cmocka_unit_test(colour_pair_chess),    cmocka_unit_test(slide_reach_chess),
        cmocka_unit_test(king_reach_chess),     cmocka_unit_test(piece_reach_counts),
        cmocka_unit_test(pawn_threat_chess),    cmocka_unit_test(hanging_chess),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
