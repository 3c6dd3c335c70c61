/* Evaluation weights: the weights file reader's exact messages, where a
 * variant's file is found, that a file's weights change the evaluation as
 * they say, and that the evaluation split by weight (eval_terms.h) adds up
 * to the evaluation. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "test_variant.h"

#include "datafile/datafile.h"
#include "rules/rules.h"
#include "search/eval.h"
#include "search/eval_terms.h"
#include "notation/notation.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct {
    const char *text;
    const char *message; /* the first problem */
} ErrorCase;

static const ErrorCase cases[] = {
    {"mobilty 5\n", "w.eval:1: unknown weight 'mobilty' (doc/data-files.md lists them)"},
    {"# comment\nmobility 7\nmobility 8\n", "w.eval:3: weight 'mobility' given again (first on line 2)"},
    {"mobility 101\n", "w.eval:1: weight 'mobility': 101 is outside its range -100 to 100"},
    {"mobility -101\n", "w.eval:1: weight 'mobility': -101 is outside its range -100 to 100"},
    {"shelter-near-cap 9\n", "w.eval:1: weight 'shelter-near-cap': 9 is outside its range 0 to 8"},
    {"passed-phase 258\n", "w.eval:1: weight 'passed-phase': 258 is outside its range 0 to 257"},
    {"mobility five\n", "w.eval:1: weight 'mobility': 'five' is not a whole number"},
    {"mobility 05\n", "w.eval:1: weight 'mobility': '05' is not a whole number"},
    {"mobility +5\n", "w.eval:1: weight 'mobility': '+5' is not a whole number"},
    {"mobility 2.5\n", "w.eval:1: weight 'mobility': '2.5' is not a whole number"},
    {"mobility 99999999999\n", "w.eval:1: weight 'mobility': '99999999999' is not a whole number"},
    {"\nmobility\n", "w.eval:2: a weight line is 'name value' (two words), not 1 words"},
    {"mobility 5 6\n", "w.eval:1: a weight line is 'name value' (two words), not 3 words"},
    {"mobility_cap 5\n", "w.eval:1: unknown weight 'mobility_cap' (doc/data-files.md lists them)"},
};

static void error_messages(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        DataErrors errs = {0};
        EvalWeights w;
        eval_weights_default(&w);
        EvalWeights before = w;
        assert_int_equal(eval_weights_parse("w.eval", cases[i].text, &w, &errs), -1);
        assert_true(errs.n >= 1);
        if (strcmp(errs.msg[0], cases[i].message))
            fail_msg("case %zu: got '%s', expected '%s'", i, errs.msg[0], cases[i].message);
        assert_memory_equal(&w, &before, sizeof w); /* a bad file changes nothing */
    }
}

static void line_limit_and_every_problem(void **state)
{
    (void)state;
    char *text = malloc(2100);
    assert_non_null(text);
    memset(text, 'x', 2000);
    strcpy(text + 2000, "\nfoo 1\nmobility x\n");
    DataErrors errs = {0};
    EvalWeights w;
    eval_weights_default(&w);
    assert_int_equal(eval_weights_parse("w.eval", text, &w, &errs), -1);
    assert_int_equal(errs.n, 3);
    assert_string_equal(errs.msg[0], "w.eval:1: line longer than 1023 bytes");
    assert_string_equal(errs.msg[1], "w.eval:2: unknown weight 'foo' (doc/data-files.md lists them)");
    assert_string_equal(errs.msg[2], "w.eval:3: weight 'mobility': 'x' is not a whole number");
    free(text);
}

static void good_file(void **state)
{
    (void)state;
    DataErrors errs = {0};
    EvalWeights w, d;
    eval_weights_default(&w);
    eval_weights_default(&d);
    assert_int_equal(eval_weights_parse("w.eval", "# tuned\n\n  side-to-move   -3  # note\r\nmobility 100\n", &w, &errs),
                     0);
    assert_int_equal(errs.n, 0);
    assert_int_equal(w.side_to_move, -3);
    assert_int_equal(w.mobility, 100);
    w.side_to_move = d.side_to_move;
    w.mobility = d.mobility;
    assert_memory_equal(&w, &d, sizeof w); /* the others keep their defaults */
    assert_int_equal(d.mobility, 5);
    assert_int_equal(d.passed_phase, 160);
    assert_int_equal(eval_weight_find("king-advance"), (int)(offsetof(EvalWeights, king_advance) / sizeof(int)));
    assert_int_equal(eval_weight_find("king_advance"), -1);
}

/* A scratch data directory with variants/; removed by the caller. */
static char *scratch_dir(void)
{
    char *dir = strdup("/tmp/nc-weights-XXXXXX");
    assert_non_null(dir);
    assert_non_null(mkdtemp(dir));
    char sub[256];
    snprintf(sub, sizeof sub, "%s/variants", dir);
    assert_int_equal(mkdir(sub, 0755), 0);
    return dir;
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    assert_int_equal(fclose(f), 0);
}

static void found_along_the_path(void **state)
{
    (void)state;
    char *dir = scratch_dir(), path[512], file[512];
    char data_path[1024];
    snprintf(data_path, sizeof data_path, "%s:%s", dir, NC_TEST_DATA_DIR);
    DataErrors errs = {0};
    /* none: the defaults (this variant ships without a weights file) */
    assert_int_equal(eval_weights_file(data_path, "chess-no-castling", file, sizeof file, &errs), 0);
    Variant *v = variant_load(data_path, "chess-no-castling", &errs);
    assert_non_null(v);
    assert_int_equal(v->eval_weights.side_to_move, 10);
    variant_free(v);
    /* in the first directory, beside no variant file: still the variant's */
    snprintf(path, sizeof path, "%s/variants/chess-no-castling.eval", dir);
    write_file(path, "side-to-move 33\n");
    assert_int_equal(eval_weights_file(data_path, "chess-no-castling", file, sizeof file, &errs), 1);
    assert_string_equal(file, path);
    v = variant_load(data_path, "chess-no-castling", &errs);
    assert_non_null(v);
    assert_int_equal(v->eval_weights.side_to_move, 33);
    variant_free(v);
    /* a bad one is an error of the variant */
    write_file(path, "side-to-move 3000\n");
    assert_null(variant_load(data_path, "chess-no-castling", &errs));
    assert_int_equal(errs.n, 1);
    char want[700];
    snprintf(want, sizeof want, "%s:1: weight 'side-to-move': 3000 is outside its range -200 to 200", path);
    assert_string_equal(errs.msg[0], want);
    /* a variant file given by its path takes the file beside it */
    char vfile[512];
    snprintf(vfile, sizeof vfile, "%s/variants/chess-no-castling.txt", NC_TEST_DATA_DIR);
    v = variant_load_file(data_path, vfile, &errs);
    assert_non_null(v);
    assert_int_equal(v->eval_weights.side_to_move, 10);
    variant_free(v);
    unlink(path);
    snprintf(path, sizeof path, "%s/variants", dir);
    rmdir(path);
    rmdir(dir);
    free(dir);
}

static void weights_change_the_evaluation(void **state)
{
    (void)state;
    Variant *v = test_variant("chess-no-castling");
    EvalTables *et = malloc(sizeof *et);
    assert_non_null(et);
    Position p;
    pos_start(&p, v);
    eval_init(et, v);
    uint64_t fp = eval_fingerprint(v);
    assert_int_equal(eval_position(et, &p), 10); /* a symmetric start: only the side to move */
    DataErrors errs = {0};
    assert_int_equal(eval_weights_parse("w.eval", "side-to-move 47\n", &v->eval_weights, &errs), 0);
    assert_true(eval_fingerprint(v) != fp); /* the search rebuilds its tables */
    eval_init(et, v);
    assert_int_equal(eval_position(et, &p), 47);
    /* a lone extra knight's mobility on an open board: d4 has 8 moves */
    char err[256];
    assert_int_equal(pos_from_fen(&p, v, "4k3/8/8/8/3N4/8/8/4K3 w - - 0 1", err, sizeof err), 0);
    eval_init(et, v);
    int with = eval_position(et, &p);
    assert_int_equal(eval_weights_parse("w.eval", "mobility 0\ncentre 0\n", &v->eval_weights, &errs), 0);
    eval_init(et, v);
    int without = eval_position(et, &p);
    assert_true(with > without); /* a central knight was worth more than its material */
    free(et);
    variant_free(v);
}

static uint64_t rnd(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* fixed + the weighted terms is the evaluation, up to the rounding of the
 * tables (at most a centipawn or so per piece); checked over positions of
 * random games, with the defaults and with other weights. */
static void terms_add_up(void **state)
{
    (void)state;
    const char *variants[] = {"chess", "titan-chess-titans", "crazyhouse", "stealth-ninja", "flying-warmachines",
                              "antichess"};
    const char *other = "side-to-move 31\nmobility 9\nking-advance 7\npassed 40\nhand-percent 70\ntitan-percent 50\n"
                        "pressure-near 5\nadvance-eg-near 300\nmobility-cap 20\ncolour-pair 33\nslide-reach 4\n"
                        "king-reach 6\n";
    uint64_t r = 0x5EEDULL;
    int compared = 0;
    double total_error = 0;
    for (size_t k = 0; k < 2 * sizeof variants / sizeof variants[0]; k++) {
        Variant *v = test_variant(variants[k / 2]);
        DataErrors errs = {0};
        if (k % 2)
            assert_int_equal(eval_weights_parse("w.eval", other, &v->eval_weights, &errs), 0);
        EvalProbe *ep = eval_probe_new(v);
        assert_non_null(ep);
        Position p;
        pos_start(&p, v);
        for (int ply = 0; ply < 120; ply++) {
            MoveList ml;
            gen_legal(&p, &ml);
            if (ml.n == 0)
                break;
            Undo u;
            make_move(&p, &ml.m[rnd(&r) % (uint64_t)ml.n], &u);
            EvalTerms t;
            eval_probe_terms(ep, &p, &t);
            double sum = t.fixed;
            for (int i = 0; i < eval_weight_count; i++)
                sum += eval_weight_get(&v->eval_weights, i) * (t.mg[i] * t.phase + t.eg[i] * (256 - t.phase)) / 256;
            double error = fabs(sum - t.score);
            if (error > 2 + p.npieces[0] + p.npieces[1])
                fail_msg("%s ply %d: terms give %.2f, the evaluation %d", variants[k / 2], ply, sum, t.score);
            total_error += error;
            compared++;
        }
        eval_probe_free(ep);
        variant_free(v);
    }
    assert_true(compared >= 800);
    assert_true(total_error / compared < 3.0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(error_messages),
        cmocka_unit_test(line_limit_and_every_problem),
        cmocka_unit_test(good_file),
        cmocka_unit_test(found_along_the_path),
        cmocka_unit_test(weights_change_the_evaluation),
        cmocka_unit_test(terms_add_up),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
