/* Learned tables in a weights file (doc/data-files.md, "Learned tables"):
 * the reader's exact FILE:LINE messages for each kind of bad table, that a
 * file with tables changes the evaluation by what its numbers say, that
 * tables the same as the derived ones change nothing, and that the
 * evaluation with learned tables stays colour-symmetric. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "test_mirror.h"
#include "test_variant.h"

#include "datafile/datafile.h"
#include "rules/rules.h"
#include "search/eval.h"
#include "search/eval_terms.h"
#include "notation/notation.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rnd(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* Appends to buf a table of type t's half for v; the number of a square
 * is num(ctx, rank, file), '.' off the board. */
static void append_table(char *buf, size_t len, const Variant *v, int t, int half,
                         int (*num)(void *, int, int), void *ctx)
{
    size_t n = strlen(buf);
    n += (size_t)snprintf(buf + n, len - n, "table %s %s %dx%d\n", v->types[t].name, half ? "eg" : "mg", v->width,
                          v->height);
    for (int rank = v->height - 1; rank >= 0; rank--) {
        for (int f = 0; f < v->width; f++) {
            if (v->exists[nc_sq(v, f, rank)])
                n += (size_t)snprintf(buf + n, len - n, "%s%d", f ? " " : "", num(ctx, rank, f));
            else
                n += (size_t)snprintf(buf + n, len - n, "%s.", f ? " " : "");
        }
        n += (size_t)snprintf(buf + n, len - n, "\n");
    }
    assert_true(n < len);
}

static int zero(void *ctx, int rank, int file)
{
    (void)ctx, (void)rank, (void)file;
    return 0;
}

static int random_number(void *ctx, int rank, int file)
{
    (void)rank, (void)file;
    return (int)(rnd(ctx) % 401) - 200;
}

/* The derived table of one white code (DerivedCtx), plus `plus` on one square. */
typedef struct {
    const int16_t *pst;
    const Variant *v;
    int plus_sq, plus;
} DerivedCtx;

static int derived(void *ctx, int rank, int file)
{
    DerivedCtx *d = ctx;
    int sq = nc_sq(d->v, file, rank);
    return d->pst[sq] + (sq == d->plus_sq ? d->plus : 0);
}

typedef struct {
    const char *text;
    const char *message; /* the first problem */
} ErrorCase;

static char *with_rows(const char *head, int rows, const char *row, const char *tail)
{
    char *s = malloc(4096);
    assert_non_null(s);
    strcpy(s, head);
    for (int i = 0; i < rows; i++)
        strcat(s, row);
    strcat(s, tail);
    return s;
}

#define ROW "0 0 0 0 0 0 0 0\n"

static void bad_tables_refused_with_their_line(void **state)
{
    (void)state;
    Variant *v = test_variant("chess-no-castling");
    char *texts[32];
    const char *messages[32];
    int n = 0;
#define CASE(t, m) (texts[n] = (t), messages[n++] = (m))
    CASE(with_rows("table dragon mg 8x8\n", 8, ROW, ""),
         "w.eval:1: unknown piece 'dragon' (variant chess-no-castling has no piece of that name)");
    CASE(with_rows("mobility 4\ntable knight mg 10x8\n", 8, ROW, ""),
         "w.eval:2: table 'knight mg' is for a 10x8 board, variant chess-no-castling's is 8x8");
    CASE(with_rows("table knight mg 8\n", 8, ROW, ""), "w.eval:1: table 'knight mg': '8' is not a board size such as 8x8");
    CASE(with_rows("table knight xg 8x8\n", 8, ROW, ""), "w.eval:1: table of 'knight': 'xg' is not 'mg' or 'eg'");
    CASE(with_rows("table knight mg\n", 8, ROW, ""),
         "w.eval:1: a table line is 'table PIECE mg|eg WIDTHxHEIGHT', not 3 words");
    CASE(with_rows("table knight mg 8x8\n", 7, ROW, "mobility 3\n"),
         "w.eval:1: table 'knight mg' has 7 rows, the board has 8 ranks");
    CASE(with_rows("table knight mg 8x8\n", 9, ROW, ""), "w.eval:1: table 'knight mg' has 9 rows, the board has 8 ranks");
    CASE(with_rows("table knight mg 8x8\n" ROW "0 0 0 0 0 0 0\n", 6, ROW, ""),
         "w.eval:3: table 'knight mg' row 2: 7 numbers, the board has 8 files");
    CASE(with_rows("table knight eg 8x8\n" ROW ROW "0 0 0 2001 0 0 0 0\n", 5, ROW, ""),
         "w.eval:4: table 'knight eg' row 3: 2001 is outside the range -2000 to 2000");
    CASE(with_rows("table knight eg 8x8\n" "0 0 0 -2001 0 0 0 0\n", 7, ROW, ""),
         "w.eval:2: table 'knight eg' row 1: -2001 is outside the range -2000 to 2000");
    CASE(with_rows("table knight eg 8x8\n" "0 0 0 5x 0 0 0 0\n", 7, ROW, ""),
         "w.eval:2: table 'knight eg' row 1: '5x' is not a whole number");
    CASE(with_rows("table knight eg 8x8\n" "0 0 0 . 0 0 0 0\n", 7, ROW, ""),
         "w.eval:2: table 'knight eg' row 1: '.' on d8, a square of the board (a number is needed)");
    char *twice = with_rows("table knight mg 8x8\n", 8, ROW, "table knight eg 8x8\n");
    char *twice2 = with_rows(twice, 8, ROW, "table knight mg 8x8\n");
    free(twice);
    CASE(with_rows(twice2, 8, ROW, ""), "w.eval:19: table 'knight mg' given again (first on line 1)");
    free(twice2);
    CASE(with_rows("0 0 0\n", 0, "", ""), "w.eval:1: a row of numbers outside a table (doc/data-files.md, 'Learned tables')");
    CASE(with_rows("value knight 20001\n", 0, "", ""), "w.eval:1: value of 'knight': 20001 is outside its range 0 to 20000");
    CASE(with_rows("value knight -1\n", 0, "", ""), "w.eval:1: value of 'knight': -1 is outside its range 0 to 20000");
    CASE(with_rows("value knight 3.5\n", 0, "", ""), "w.eval:1: value of 'knight': '3.5' is not a whole number");
    CASE(with_rows("value king 1\n", 0, "", ""), "w.eval:1: piece 'king' is royal: the evaluation counts no value for it");
    CASE(with_rows("value knight 300\nvalue knight 310\n", 0, "", ""),
         "w.eval:2: value of 'knight' given again (first on line 1)");
    CASE(with_rows("value knight\n", 0, "", ""), "w.eval:1: a value line is 'value PIECE N' (three words), not 2 words");
    CASE(with_rows("value dragon 5\n", 0, "", ""),
         "w.eval:1: unknown piece 'dragon' (variant chess-no-castling has no piece of that name)");
#undef CASE
    EvalLearned *before = malloc(sizeof *before);
    assert_non_null(before);
    *before = v->eval_learned;
    EvalWeights wbefore = v->eval_weights;
    for (int i = 0; i < n; i++) {
        DataErrors errs = {0};
        assert_int_equal(eval_file_parse("w.eval", texts[i], v, &errs), -1);
        assert_true(errs.n >= 1);
        if (strcmp(errs.msg[0], messages[i]))
            fail_msg("case %d: got '%s', expected '%s'", i, errs.msg[0], messages[i]);
        /* a bad file changes nothing */
        assert_memory_equal(&v->eval_learned, before, sizeof *before);
        assert_memory_equal(&v->eval_weights, &wbefore, sizeof wbefore);
        free(texts[i]);
    }
    /* without the variant, tables are refused rather than skipped */
    DataErrors errs = {0};
    EvalWeights w;
    eval_weights_default(&w);
    assert_int_equal(eval_weights_parse("w.eval", "mobility 3\nvalue knight 300\n", &w, &errs), -1);
    assert_string_equal(errs.msg[0],
                        "w.eval:2: 'value' lines are read only with their variant (its pieces and board)");
    free(before);
    variant_free(v);
}

/* A board with squares off it: each one takes '.', and only those. */
static void squares_off_the_board(void **state)
{
    (void)state;
    Variant *v = test_variant("stealth-ninja");
    /* without the shipped file's learned tables: only what text gives */
    memset(&v->eval_learned, 0, sizeof v->eval_learned);
    char *text = malloc(8192);
    assert_non_null(text);
    text[0] = '\0';
    int t = 0;
    while (strcmp(v->types[t].name, "knight"))
        t++;
    append_table(text, 8192, v, t, 0, zero, NULL);
    DataErrors errs = {0};
    assert_int_equal(eval_file_parse("w.eval", text, v, &errs), 0);
    assert_true(v->eval_learned.has_table[t][NC_LEARNED_MG]);
    assert_false(v->eval_learned.has_table[t][NC_LEARNED_EG]);
    /* the top row is ". . . . 0 0 . . . .": a number on a0's twin, a11 */
    char *dot = strstr(text, "\n.") + 1;
    *dot = '7';
    errs.n = 0;
    assert_int_equal(eval_file_parse("w.eval", text, v, &errs), -1);
    assert_string_equal(errs.msg[0], "w.eval:2: table 'knight mg' row 1: a11 is not a square of the board (write '.')");
    free(text);
    variant_free(v);
}

/* A knight table equal to the derived one but 100 more on d4, and knights
 * worth 400: White, a knight ahead with one on d4, gains exactly 100 and a
 * knight's 80 centipawns; tables equal to the derived ones change nothing. */
static void tables_change_the_evaluation(void **state)
{
    (void)state;
    Variant *v = test_variant("chess-no-castling");
    EvalTables *et = malloc(sizeof *et);
    assert_non_null(et);
    eval_init(et, v);
    Position p;
    char err[256];
    assert_int_equal(pos_from_fen(&p, v, "r1bqkbnr/pppppppp/8/8/3N4/8/PPPPPPPP/R1BQKBNR w - - 0 1", err, sizeof err),
                     0);
    int t = nc_type_of_letter(v, 'N');
    assert_int_equal(v->types[t].value, 320);
    int before = eval_position(et, &p);
    char *text = malloc(16384);
    assert_non_null(text);
    int code = nc_code(t, NC_WHITE), d4 = nc_sq(v, 3, 3);
    for (int plus = 0; plus <= 100; plus += 100) {
        strcpy(text, plus ? "value knight 400\n" : "");
        DerivedCtx mg = {et->pst_mg[code], v, d4, plus}, eg = {et->pst_eg[code], v, d4, plus};
        append_table(text, 16384, v, t, 0, derived, &mg);
        append_table(text, 16384, v, t, 1, derived, &eg);
        Variant *w = test_variant("chess-no-castling");
        DataErrors errs = {0};
        assert_int_equal(eval_file_parse("w.eval", text, w, &errs), 0);
        EvalTables *wt = malloc(sizeof *wt);
        assert_non_null(wt);
        eval_init(wt, w);
        assert_true(wt->fingerprint != et->fingerprint || !plus);
        Position q;
        assert_int_equal(pos_from_fen(&q, w, "r1bqkbnr/pppppppp/8/8/3N4/8/PPPPPPPP/R1BQKBNR w - - 0 1", err, sizeof err),
                         0);
        assert_int_equal(eval_position(wt, &q), before + (plus ? 100 + 80 : 0));
        /* the split by weight still adds up: the learned part is fixed */
        EvalProbe *ep = eval_probe_new(w);
        assert_non_null(ep);
        EvalTerms terms;
        eval_probe_terms(ep, &q, &terms);
        double sum = terms.fixed;
        for (int i = 0; i < eval_weight_count; i++)
            sum += eval_weight_get(&w->eval_weights, i) *
                   (terms.mg[i] * terms.phase + terms.eg[i] * (256 - terms.phase)) / 256;
        assert_true(sum - terms.score < 3 && terms.score - sum < 3);
        eval_probe_free(ep);
        free(wt);
        variant_free(w);
    }
    free(text);
    free(et);
    variant_free(v);
}

/* Random learned tables for every type of each variant: a position and
 * its colour-mirrored twin still score the same. */
static void learned_tables_colour_symmetric(void **state)
{
    (void)state;
    const char *variants[] = {"chess", "capablanca", "stealth-ninja", "titan-chess", "flying-warmachines"};
    uint64_t r = 0xAB1EULL;
    char *text = malloc(1 << 19);
    EvalTables *et = malloc(sizeof *et);
    assert_non_null(text);
    assert_non_null(et);
    int compared = 0;
    for (size_t k = 0; k < sizeof variants / sizeof variants[0]; k++) {
        Variant *v = test_variant(variants[k]);
        text[0] = '\0';
        for (int t = 0; t < v->ntypes; t++) {
            if (!v->types[t].royal)
                snprintf(text + strlen(text), 64, "value %s %d\n", v->types[t].name, (int)(rnd(&r) % 1000) + 50);
            append_table(text, 1 << 19, v, t, 0, random_number, &r);
            append_table(text, 1 << 19, v, t, 1, random_number, &r);
        }
        DataErrors errs = {0};
        if (eval_file_parse("w.eval", text, v, &errs))
            fail_msg("%s: %s", variants[k], errs.msg[0]);
        eval_init(et, v);
        for (int gi = 0; gi < 4; gi++) {
            Position p, q;
            pos_start(&p, v);
            for (int ply = 0; ply < 80; ply++) {
                MoveList ml;
                gen_legal(&p, &ml);
                if (ml.n == 0)
                    break;
                Undo u;
                make_move(&p, &ml.m[rnd(&r) % (uint64_t)ml.n], &u);
                if (ply % 8 != 7)
                    continue;
                mirror_position(&p, &q);
                int a = eval_position(et, &p), b = eval_position(et, &q);
                if (a != b) {
                    char fen[1024];
                    pos_to_fen(&p, fen, sizeof fen);
                    fail_msg("%s: %d but %d mirrored: %s", variants[k], a, b, fen);
                }
                compared++;
            }
        }
        variant_free(v);
    }
    free(et);
    free(text);
    assert_true(compared >= 150);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(bad_tables_refused_with_their_line),
        cmocka_unit_test(squares_off_the_board),
        cmocka_unit_test(tables_change_the_evaluation),
        cmocka_unit_test(learned_tables_colour_symmetric),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
