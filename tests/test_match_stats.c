/* The match statistics (src/frontend/match_stats.c): Elo, its 95% error
 * bar and LOS of known records (per game and per pair), the pentanomial
 * SPRT's verdicts on made-up pair records, and the parsing of --sprt
 * values.  Figures computed by hand from the formulas in the manual page,
 * the SPRT's by tools/sprt_pairs.py. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "match/match_stats.h"

#include <math.h>

static void test_elo_conversion(void **state)
{
    (void)state;
    assert_float_equal(stats_elo_of_score(0.5), 0.0, 1e-9);
    assert_float_equal(stats_elo_of_score(0.75), 190.848501887865, 1e-6);
    assert_float_equal(stats_score_of_elo(stats_elo_of_score(0.3)), 0.3, 1e-12);
    assert_true(isinf(stats_elo_of_score(1.0)) && stats_elo_of_score(1.0) > 0);
    assert_true(isinf(stats_elo_of_score(0.0)) && stats_elo_of_score(0.0) < 0);
}

static void test_estimate_60_40(void **state)
{
    (void)state;
    MatchRecord r = {60, 40, 0};
    EloEstimate e;
    stats_estimate(&r, &e);
    assert_int_equal(e.games, 100);
    assert_float_equal(e.score, 0.6, 1e-12);
    assert_float_equal(e.elo, 70.4365, 1e-3);
    /* score 0.6 +- 1.96 * sqrt(0.24 / 100), mapped to Elo, half the width */
    assert_float_equal(e.elo_margin, 70.5712, 1e-3);
    /* Phi((60 - 40) / sqrt(100)) = Phi(2) */
    assert_float_equal(e.los, 0.977250, 1e-5);
}

static void test_estimate_with_draws(void **state)
{
    (void)state;
    MatchRecord r = {30, 20, 50};
    EloEstimate e;
    stats_estimate(&r, &e);
    assert_float_equal(e.score, 0.55, 1e-12);
    assert_float_equal(e.elo, 34.8601, 1e-3);
    assert_float_equal(e.elo_margin, 48.4702, 1e-3);
    assert_float_equal(e.los, 0.921350, 1e-5);
}

static void test_estimate_edges(void **state)
{
    (void)state;
    EloEstimate e;
    MatchRecord none = {0, 0, 0};
    stats_estimate(&none, &e);
    assert_int_equal(e.games, 0);
    MatchRecord even = {10, 10, 0};
    stats_estimate(&even, &e);
    assert_float_equal(e.elo, 0.0, 1e-9);
    assert_float_equal(e.elo_margin, 163.3214, 1e-3);
    assert_float_equal(e.los, 0.5, 1e-12);
    MatchRecord draws = {0, 0, 8};
    stats_estimate(&draws, &e);
    assert_float_equal(e.elo, 0.0, 1e-9);
    assert_true(isinf(e.elo_margin)); /* no variance: no error bar yet */
    assert_float_equal(e.los, 0.5, 1e-12);
    MatchRecord all = {5, 0, 0};
    stats_estimate(&all, &e);
    assert_true(isinf(e.elo) && e.elo > 0);
    assert_true(e.los > 0.98);
}

static void test_estimate_pairs(void **state)
{
    (void)state;
    EloEstimate e;
    int even[5] = {0, 10, 20, 10, 0};
    stats_estimate_pairs(even, &e);
    assert_int_equal(e.games, 80);
    assert_float_equal(e.elo, 0.0, 1e-9);
    /* pair scores 1/4 and 3/4 around 1/2: variance 1/32 over 40 pairs */
    assert_float_equal(e.elo_margin, 38.2203, 1e-3);
    assert_float_equal(e.los, 0.5, 1e-12);
    int ahead[5] = {5, 10, 50, 20, 15};
    stats_estimate_pairs(ahead, &e);
    assert_float_equal(e.score, 0.575, 1e-12);
    assert_float_equal(e.elo, 52.5116, 1e-3);
    assert_float_equal(e.elo_margin, 35.1328, 1e-3);
    assert_float_equal(e.los, 0.998583, 1e-5);
    int none[5] = {0, 0, 0, 0, 0};
    stats_estimate_pairs(none, &e);
    assert_int_equal(e.games, 0);
    int same[5] = {0, 0, 7, 0, 0};
    stats_estimate_pairs(same, &e);
    assert_true(isinf(e.elo_margin));
    assert_float_equal(e.los, 0.5, 1e-12);
}

/* The pentanomial SPRT's LLR, bounds and verdicts.  The expected figures
 * come from tools/sprt_pairs.py (Python, its "approx" line: the same
 * normal approximation computed apart from this code), e.g.
 * `tools/sprt_pairs.py 0 5 10 60 200 110 30`; its exact maximum-likelihood
 * LLR ("mle") is within 7% of each. */
static void test_sprt_pairs(void **state)
{
    (void)state;
    SprtSpec gain = {0, 5, 0.05, 0.05};
    SprtState s;
    int h1[5] = {10, 60, 200, 110, 30};
    stats_sprt_pairs(h1, &gain, &s);
    assert_int_equal(s.pairs, 410);
    assert_float_equal(s.lower, -2.944439, 1e-6);
    assert_float_equal(s.upper, 2.944439, 1e-6);
    assert_float_equal(s.llr, 3.198692, 1e-6);
    assert_int_equal(s.decision, SPRT_H1);
    int short_of_h1[5] = {10, 60, 200, 100, 30};
    stats_sprt_pairs(short_of_h1, &gain, &s);
    assert_float_equal(s.llr, 2.811533, 1e-6);
    assert_int_equal(s.decision, SPRT_CONTINUE);
    SprtSpec ten = {0, 10, 0.05, 0.05};
    int h0[5] = {30, 140, 250, 100, 30};
    stats_sprt_pairs(h0, &ten, &s);
    assert_float_equal(s.llr, -3.703677, 1e-6);
    assert_int_equal(s.decision, SPRT_H0);
    int mirrored[5] = {30, 100, 250, 140, 30};
    stats_sprt_pairs(mirrored, &ten, &s);
    assert_float_equal(s.llr, 1.603790, 1e-6);
    assert_int_equal(s.decision, SPRT_CONTINUE);
    /* a simplification: no worse than -5 Elo */
    SprtSpec simpl = {-5, 0, 0.05, 0.05};
    int kept[5] = {5, 40, 300, 60, 20};
    stats_sprt_pairs(kept, &simpl, &s);
    assert_float_equal(s.llr, 3.535940, 1e-6);
    assert_int_equal(s.decision, SPRT_H1);
    int worse[5] = {30, 120, 300, 80, 15};
    stats_sprt_pairs(worse, &simpl, &s);
    assert_float_equal(s.llr, -2.627847, 1e-6);
    assert_int_equal(s.decision, SPRT_CONTINUE);
    /* other error rates move the bounds */
    SprtSpec loose = {0, 10, 0.1, 0.2};
    int few[5] = {3, 0, 0, 0, 4};
    stats_sprt_pairs(few, &loose, &s);
    assert_int_equal(s.pairs, 7);
    assert_float_equal(s.lower, -1.504077, 1e-6);
    assert_float_equal(s.upper, 2.079442, 1e-6);
    assert_float_equal(s.llr, 0.026416, 1e-6);
    /* no pairs, or pairs that all score the same: no evidence yet */
    int none[5] = {0, 0, 0, 0, 0};
    stats_sprt_pairs(none, &gain, &s);
    assert_int_equal(s.pairs, 0);
    assert_float_equal(s.llr, 0.0, 0);
    assert_int_equal(s.decision, SPRT_CONTINUE);
    int same[5] = {0, 0, 7, 0, 0};
    stats_sprt_pairs(same, &gain, &s);
    assert_float_equal(s.llr, 0.0, 0);
    assert_int_equal(s.decision, SPRT_CONTINUE);
}

static void test_sprt_parse(void **state)
{
    (void)state;
    SprtSpec sp;
    assert_int_equal(stats_parse_sprt("0,10", &sp), 0);
    assert_float_equal(sp.elo0, 0, 0);
    assert_float_equal(sp.elo1, 10, 0);
    assert_float_equal(sp.alpha, 0.05, 0);
    assert_float_equal(sp.beta, 0.05, 0);
    assert_int_equal(stats_parse_sprt("-5,2.5,0.1,0.2", &sp), 0);
    assert_float_equal(sp.elo0, -5, 0);
    assert_float_equal(sp.alpha, 0.1, 1e-12);
    assert_float_equal(sp.beta, 0.2, 1e-12);
    const char *bad[] = {"", "5", "5,0", "0,5,", "0,5,0.05", "0,5,0.7,0.05", "a,b", "0,5x"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_int_equal(stats_parse_sprt(bad[i], &sp), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_elo_conversion),   cmocka_unit_test(test_estimate_60_40),
        cmocka_unit_test(test_estimate_with_draws), cmocka_unit_test(test_estimate_edges),
        cmocka_unit_test(test_estimate_pairs),   cmocka_unit_test(test_sprt_pairs),    cmocka_unit_test(test_sprt_parse),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
