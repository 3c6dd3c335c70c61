/* Data files: every error class gives its exact "FILE:LINE: message", and
 * every shipped variant loads. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "datafile.h"
#include "position.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BASE_HEAD "variant t\n  board 8x8\n"
#define BASE_PIECES "  pieces king rook\n"
#define TEN_TITLES "  title t\n  title t\n  title t\n  title t\n  title t\n  title t\n  title t\n  title t\n  title t\n  title t\n"
/* 16 white rooks: eight such ranks and a king are one piece too many */
#define ROOK_RANK "RRRRRRRRRRRRRRRR"
#define BASE_SETUP "  setup main 4k3/8/8/8/8/8/8/R3K3 w - - 0 1\n"

typedef struct {
    const char *text;
    const char *message; /* expected first problem */
} ErrorCase;

static const ErrorCase cases[] = {
    /* block structure */
    {"board 8x8\n", "t.txt:1: 'board' outside a piece or variant block"},
    {"piece Bad_Name\nend\n", "t.txt:1: 'piece' needs one name of lower-case letters, digits and '-'"},
    {"piece a\n letter X\n move slide orth\nend\npiece a\n letter Y\n move slide orth\nend\n",
     "t.txt:5: piece 'a' is defined twice (first on line 1)"},
    {BASE_HEAD BASE_PIECES BASE_SETUP "end\nvariant u\nend\n", "t.txt:6: a file holds one variant; 'u' is the second"},
    {"piece a\n move slide orth\nend\n", "t.txt:1: piece 'a' has no letter"},
    {"piece a\n letter X\nend\n", "t.txt:1: piece 'a' has no moves"},
    {"piece a\n letter X\n move slide orth\npiece b\n", "t.txt:4: block 'a' (line 1) not closed with 'end'"},
    {"piece a\n letter X\n move slide orth\n", "t.txt:1: block 'a' not closed with 'end'"},
    {"piece a\n title\nend\n", "t.txt:2: 'title' needs a value"},
    {"piece a\n describe\nend\n", "t.txt:2: 'describe' needs a value"},
    {"piece a\n letter xy\nend\n", "t.txt:2: letter must be one upper-case letter A-Z, not 'xy'"},
    {"piece a\n value -3\nend\n", "t.txt:2: value must be a whole number of centipawns 0-100000, not '-3'"},
    {"piece a\n colour red\nend\n", "t.txt:2: unknown keyword 'colour' in piece block"},
    /* movement vocabulary */
    {"piece a\n move slide\nend\n", "t.txt:2: 'move' needs a kind and directions, e.g. 'move slide orth'"},
    {"piece a\n move jump orth\nend\n", "t.txt:2: unknown move kind 'jump' (slide, leap, bent, flyover)"},
    {"piece a\n move slide up\nend\n",
     "t.txt:2: unknown direction 'up' (orth, diag, all, fwd, back, side, fwd-diag, back-diag)"},
    {"piece a\n move leap 2-1\nend\n", "t.txt:2: bad leap '2-1' (expected two numbers like 2,1)"},
    {"piece a\n move leap 5,1\nend\n", "t.txt:2: leap '5,1' is longer than 4 squares"},
    {"piece a\n move bent all\nend\n", "t.txt:2: a bent move starts 'diag' or 'orth', not 'all'"},
    {"piece a\n move slide orth range=3-1\nend\n", "t.txt:2: bad range '3-1' (expected N, N-M or N-)"},
    {"piece a\n move slide orth range=x\nend\n", "t.txt:2: bad range 'x' (expected N, N-M or N-)"},
    {"piece a\n move slide orth over=wall\nend\n",
     "t.txt:2: bad value 'wall' for over= (empty, friend, enemy, occupied, any)"},
    {"piece a\n move slide orth to=friend\nend\n", "t.txt:2: bad value 'friend' for to= (empty, enemy, any)"},
    {"piece a\n move slide orth zone=middle\nend\n",
     "t.txt:2: bad value 'middle' for zone= (any, before, upto, at, past)"},
    {"piece a\n move slide orth start=yes\nend\n", "t.txt:2: bad value 'yes' for start= (on, off)"},
    {"piece a\n move slide orth sideways\nend\n", "t.txt:2: unknown move option 'sideways'"},
    {"piece a\n move slide orth speed=3\nend\n", "t.txt:2: unknown move option 'speed'"},
    {"piece a\n move leap 2,1 range=2\nend\n", "t.txt:2: a leap takes no range"},
    {"piece a\n move slide orth take-over\nend\n", "t.txt:2: take-over needs a range of at most 3 squares"},
    {"piece a\n letter X\n move leap 1,0\n move leap 1,1\n move leap 2,0\n move leap 2,1\n move leap 2,2\n"
     " move leap 3,0\n move leap 3,1\n move leap 3,2\n move leap 3,3\n move leap 4,0\n move leap 4,1\n"
     " move leap 4,2\n move leap 4,3\nend\n",
     "t.txt:15: piece 'a' has more than 12 moves"},
    /* variant blocks */
    {"variant t\n pieces king\n setup main k7/8/8/8/8/8/8/K7 w - - 0 1\nend\n", "t.txt:1: variant 't' has no 'board' line"},
    {"variant t\n board 17x8\nend\n", "t.txt:2: board must be WIDTHxHEIGHT with each 1-16, not '17x8'"},
    {"variant t\n board 8x8\nend\n", "t.txt:1: variant 't' has no 'pieces' line"},
    {BASE_HEAD "  pieces king kinght\n" BASE_SETUP "end\n", "t.txt:3: unknown piece type 'kinght'"},
    {BASE_HEAD "  pieces king rook rook\n" BASE_SETUP "end\n", "t.txt:3: piece type 'rook' listed twice"},
    {BASE_HEAD "  pieces king rook Tower=rook\n" BASE_SETUP "end\n", "t.txt:3: bad piece type name 'Tower'"},
    {BASE_HEAD "  pieces king rook tower=castle\n" BASE_SETUP "end\n", "t.txt:3: unknown piece type 'castle'"},
    {BASE_HEAD "  pieces king pawn run-pawn\n" BASE_SETUP "end\n", "t.txt:3: letter 'P' is used by both 'pawn' and 'run-pawn'"},
    {BASE_HEAD BASE_PIECES "  rank-base 2\n" BASE_SETUP "end\n", "t.txt:4: rank-base must be 0 or 1"},
    {BASE_HEAD BASE_PIECES "  missing\n" BASE_SETUP "end\n", "t.txt:4: 'missing' needs squares, e.g. 'missing a0-d0 g0-j0'"},
    {BASE_HEAD BASE_PIECES "  missing a1-b2\n" BASE_SETUP "end\n", "t.txt:4: bad square range 'a1-b2' (squares of one rank, like a0-d0)"},
    {BASE_HEAD BASE_PIECES "  centre-rank 9\n" BASE_SETUP "end\n", "t.txt:4: centre-rank must be a rank of the board, not '9'"},
    {BASE_HEAD "  pieces king rook pawn\n  promotion-rank 8\n  promote-to king\n" BASE_SETUP "end\n",
     "t.txt:5: cannot promote to royal piece type 'king'"},
    {BASE_HEAD "  pieces king rook pawn\n  promotion-rank 8\n  promote-to queen\n" BASE_SETUP "end\n",
     "t.txt:5: piece type 'queen' is not in this variant"},
    {BASE_HEAD "  pieces king rook pawn\n  start-rank 2\n" BASE_SETUP "end\n",
     "t.txt:1: piece type 'pawn' promotes but the variant has no promotion-rank and promote-to"},
    {BASE_HEAD "  pieces king rook run-pawn\n  start-rank 2\n  promotion-rank 8\n  promote-to rook\n" BASE_SETUP "end\n",
     "t.txt:1: piece type 'run-pawn' refers to the centre rank but the variant has no centre-rank"},
    {BASE_HEAD "  pieces king rook pawn\n  promotion-rank 8\n  promote-to rook\n" BASE_SETUP "end\n",
     "t.txt:1: piece type 'pawn' refers to the start rank but the variant has no start-rank"},
    {BASE_HEAD BASE_PIECES "  castling sideways\n" BASE_SETUP "end\n",
     "t.txt:4: castling must be 'none', 'flexible ROOK' or 'fixed N ROOK'"},
    {BASE_HEAD BASE_PIECES "  castling fixed 0 rook\n" BASE_SETUP "end\n",
     "t.txt:4: castling fixed needs a king distance 1-15, not '0'"},
    {BASE_HEAD BASE_PIECES "  castling flexible\n" BASE_SETUP "end\n",
     "t.txt:4: castling needs the rook's piece type, e.g. 'castling flexible rook'"},
    {BASE_HEAD BASE_PIECES "  castling flexible rook\n" BASE_SETUP "end\n",
     "t.txt:5: setup 'main': castling: no rook on the higher-file side of the white king in setup 'main'"},
    {BASE_HEAD BASE_PIECES "  drop rook\n" BASE_SETUP "end\n", "t.txt:4: 'drop' needs a piece type and 'squares=...' or 'rank=N'"},
    {BASE_HEAD BASE_PIECES "  drop rook squares=z9\n" BASE_SETUP "end\n", "t.txt:4: no square 'z9' on this board"},
    {BASE_HEAD BASE_PIECES "  drop rook rank=9\n" BASE_SETUP "end\n", "t.txt:4: rank= must be a rank of the board, not '9'"},
    {BASE_HEAD BASE_PIECES "  drop rook anywhere\n" BASE_SETUP "end\n", "t.txt:4: unknown drop option 'anywhere' (squares=, rank=, slide)"},
    {BASE_HEAD BASE_PIECES "  titans king\n" BASE_SETUP "end\n", "t.txt:4: royal piece type 'king' cannot be a Titan"},
    {BASE_HEAD BASE_PIECES "  titans bishop\n" BASE_SETUP "end\n", "t.txt:4: no piece type 'bishop' in variant t"},
    {BASE_HEAD BASE_PIECES "  option fog Nobody sees anything.\n" BASE_SETUP "end\n",
     "t.txt:4: unknown optional rule 'fog' (insane-ninja, scepter)"},
    {BASE_HEAD BASE_PIECES "  scepter e8\n" BASE_SETUP "end\n", "t.txt:4: expected 'scepter squares=SQ,...'"},
    {BASE_HEAD BASE_PIECES "  insane-ninja rook\n" BASE_SETUP "end\n",
     "t.txt:4: expected 'insane-ninja TYPE from=TYPE,... squares=SQ,...'"},
    {BASE_HEAD BASE_PIECES "  gravity on\n" BASE_SETUP "end\n", "t.txt:4: unknown keyword 'gravity' in variant block"},
    {BASE_HEAD "  pieces king rook king-copy\n" BASE_SETUP "end\npiece king-copy\n letter X\n royal\n move slide all range=1\nend\n",
     "t.txt:3: more than one royal piece type"},
    {BASE_HEAD BASE_PIECES "end\n", "t.txt:1: variant 't' has no 'setup' line"},
    {BASE_HEAD BASE_PIECES "  setup main\n" "end\n", "t.txt:4: 'setup' needs a name and a position text"},
    {BASE_HEAD BASE_PIECES "  setup main 4k3/8/8/8/8/8/8/R3K2 w - - 0 1\n" "end\n",
     "t.txt:4: setup 'main': position text: rank 1 is shorter than the board"},
    {BASE_HEAD BASE_PIECES "  setup main 4k3/8/8/8/8/8/8/R3X3 w - - 0 1\n" "end\n",
     "t.txt:4: setup 'main': position text: unknown piece letter 'X'"},
    {BASE_HEAD BASE_PIECES "  setup main 4k3/8/8/8/8/8/8/R3K3 w -  0 1\n" "end\n",
     "t.txt:4: setup 'main': position text: bad en-passant square near ' 0 1'"},
    {BASE_HEAD BASE_PIECES "  promote-to rook rook rook rook rook rook rook rook\n"
     "  promote-to rook rook rook rook rook rook rook rook\n  promote-to rook\n" BASE_SETUP "end\n",
     "t.txt:6: more than 16 promotion choices"},
    {"variant t\n  board 16x16\n" BASE_PIECES "  setup main k15/16/16/16/16/16/16/K15/"
     ROOK_RANK "/" ROOK_RANK "/" ROOK_RANK "/" ROOK_RANK "/" ROOK_RANK "/" ROOK_RANK "/" ROOK_RANK "/" ROOK_RANK
     " w - - 0 1\n" "end\n",
     "t.txt:4: setup 'main': position text: too many pieces of one side, at p1"},
    {BASE_HEAD BASE_PIECES "  promote-to\n" BASE_SETUP "end\n", "t.txt:4: 'promote-to' needs piece types"},
    {BASE_HEAD BASE_PIECES "  titans\n" BASE_SETUP "end\n", "t.txt:4: 'titans' needs piece types"},
    {BASE_HEAD BASE_PIECES "  option scepter\n" BASE_SETUP "end\n",
     "t.txt:4: 'option' needs a name and a description"},
    {BASE_HEAD BASE_PIECES BASE_SETUP BASE_SETUP BASE_SETUP BASE_SETUP BASE_SETUP "end\n",
     "t.txt:8: more than 4 setups"},
    {BASE_HEAD BASE_PIECES BASE_SETUP TEN_TITLES TEN_TITLES TEN_TITLES TEN_TITLES TEN_TITLES TEN_TITLES TEN_TITLES
     TEN_TITLES TEN_TITLES "  title t\n  title t\n  title t\n  title t\n  title t\n  title t\n  title t\n"
     "end\n",
     "t.txt:98: too many lines in variant block"},
    {"# nothing but a comment\n", "t.txt: no 'variant' block"},
};

static void test_error_messages(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        DataErrors errs;
        Variant *v = variant_load_text(NC_TEST_DATA_DIR, "t.txt", cases[i].text, &errs);
        if (v || errs.n == 0 || strcmp(errs.msg[0], cases[i].message) != 0) {
            fprintf(stderr, "case %zu:\n%s\nexpected: %s\n     got: %s\n", i, cases[i].text, cases[i].message,
                    v ? "(loaded)" : errs.n ? errs.msg[0] : "(no message)");
            variant_free(v);
            fail();
        }
    }
}

static void test_several_problems_reported(void **state)
{
    (void)state;
    DataErrors errs;
    Variant *v = variant_load_text(NC_TEST_DATA_DIR, "t.txt",
                                   "piece a\n letter xy\n move slide up\n value many\nend\n", &errs);
    assert_null(v);
    assert_int_equal(errs.n, 5);
    assert_string_equal(errs.msg[0], "t.txt:2: letter must be one upper-case letter A-Z, not 'xy'");
    assert_string_equal(errs.msg[1], "t.txt:3: unknown direction 'up' (orth, diag, all, fwd, back, side, fwd-diag, back-diag)");
    assert_string_equal(errs.msg[2], "t.txt:4: value must be a whole number of centipawns 0-100000, not 'many'");
    assert_string_equal(errs.msg[3], "t.txt:1: piece 'a' has no letter");
    assert_string_equal(errs.msg[4], "t.txt:1: piece 'a' has no moves");
}

static void test_missing_file(void **state)
{
    (void)state;
    DataErrors errs;
    Variant *v = variant_load_file(NC_TEST_DATA_DIR, "/nonexistent/x.txt", &errs);
    assert_null(v);
    assert_int_equal(errs.n, 1);
    assert_string_equal(errs.msg[0], "/nonexistent/x.txt: cannot open (No such file or directory)");
    v = variant_load(NC_TEST_DATA_DIR, "no-such-variant", &errs);
    assert_null(v);
    assert_string_equal(errs.msg[0], "no-such-variant: unknown variant (see --list-variants)");
}

static void test_valid_minimal_variant(void **state)
{
    (void)state;
    DataErrors errs;
    Variant *v = variant_load_text(NC_TEST_DATA_DIR, "t.txt",
                                   BASE_HEAD BASE_PIECES BASE_SETUP "end\n", &errs);
    assert_non_null(v);
    assert_int_equal(v->ntypes, 2);
    assert_int_equal(v->nsquares, 64);
    variant_free(v);
}

/* A piece defined in the variant's own file is usable: new pieces need no C. */
static void test_local_piece(void **state)
{
    (void)state;
    DataErrors errs;
    Variant *v = variant_load_text(NC_TEST_DATA_DIR, "t.txt",
                                   "piece camel\n letter X\n move leap 3,1\nend\n"
                                   "variant t\n board 8x8\n pieces king camel\n"
                                   " setup main 4k3/8/8/8/8/8/8/X3K3 w - - 0 1\nend\n",
                                   &errs);
    assert_non_null(v);
    assert_int_equal(v->types[1].atoms[0].ndirs, 8);
    variant_free(v);
}

static void test_shipped_variants_load(void **state)
{
    (void)state;
    char **names;
    int n = variant_list(NC_TEST_DATA_DIR, &names);
    assert_true(n >= 7);
    for (int i = 0; i < n; i++) {
        DataErrors errs;
        Variant *v = variant_load(NC_TEST_DATA_DIR, names[i], &errs);
        if (!v)
            data_errors_print(&errs, stderr);
        assert_non_null(v);
        for (int t = 0; t < v->ntypes; t++)
            assert_non_null(v->types[t].description);
        variant_free(v);
        free(names[i]);
    }
    free(names);
}

/* "NAME=DEFINITION" gives a type its own name in the variant. */
static void test_type_alias(void **state)
{
    (void)state;
    DataErrors errs;
    Variant *v = variant_load(NC_TEST_DATA_DIR, "titan-chess", &errs);
    assert_non_null(v);
    int t = nc_type_of_letter(v, 'P');
    assert_string_equal(v->types[t].name, "pawn");
    assert_string_equal(v->types[nc_type_of_letter(v, 'J')].name, "ninja-pawn");
    char err[200];
    assert_int_equal(variant_set_titans(v, "pawn,ninja-pawn", err, sizeof err), 0);
    assert_true(v->types[t].titan);
    variant_free(v);
}

static void test_irregular_board(void **state)
{
    (void)state;
    DataErrors errs;
    Variant *v = variant_load(NC_TEST_DATA_DIR, "stealth-ninja", &errs);
    assert_non_null(v);
    assert_int_equal(v->nsquares, 104);
    const char *s = "e0";
    assert_true(nc_parse_sq(v, &s) >= 0);
    s = "d0";
    assert_int_equal(nc_parse_sq(v, &s), -1);
    s = "f11";
    int sq = nc_parse_sq(v, &s);
    assert_true(sq >= 0);
    char buf[4];
    assert_string_equal(nc_sqname(v, sq, buf), "f11");
    variant_free(v);
}

static void test_titan_setting(void **state)
{
    (void)state;
    DataErrors errs;
    Variant *v = variant_load(NC_TEST_DATA_DIR, "chess", &errs);
    char err[200];
    assert_int_equal(variant_set_titans(v, "king", err, sizeof err), -1);
    assert_string_equal(err, "royal piece type 'king' cannot be a Titan");
    assert_int_equal(variant_set_titans(v, "dragon", err, sizeof err), -1);
    assert_string_equal(err, "no piece type 'dragon' in variant chess");
    assert_int_equal(variant_set_titans(v, "rook,N", err, sizeof err), 0);
    assert_true(v->types[nc_type_of_letter(v, 'R')].titan);
    assert_true(v->types[nc_type_of_letter(v, 'N')].titan);
    assert_false(v->types[nc_type_of_letter(v, 'B')].titan);
    assert_int_equal(variant_set_options(v, "fog", err, sizeof err), -1);
    assert_string_equal(err, "no option 'fog' in variant chess");
    assert_int_equal(variant_set_setup(v, "second", err, sizeof err), -1);
    assert_string_equal(err, "no setup 'second' in variant chess");
    variant_free(v);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_error_messages),
        cmocka_unit_test(test_several_problems_reported),
        cmocka_unit_test(test_missing_file),
        cmocka_unit_test(test_valid_minimal_variant),
        cmocka_unit_test(test_local_piece),
        cmocka_unit_test(test_shipped_variants_load),
        cmocka_unit_test(test_type_alias),
        cmocka_unit_test(test_irregular_board),
        cmocka_unit_test(test_titan_setting),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
