/* Data files: every error class gives its exact "FILE:LINE: message", and
 * every shipped variant loads. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "datafile/datafile.h"
#include "rules/rules.h"
#include "notation/notation.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define BASE_HEAD "variant t\n  board 8x8\n"
#define BASE_PIECES "  pieces king rook\n"
#define TEN_LINES "  describe t\n  describe t\n  describe t\n  describe t\n  describe t\n  describe t\n  describe t\n" \
                  "  describe t\n  describe t\n  describe t\n"
/* 16 white rooks: eight such ranks and a king are one piece too many */
#define ROOK_RANK "RRRRRRRRRRRRRRRR"
#define BASE_SETUP "  setup main 4k3/8/8/8/8/8/8/R3K3 w - - 0 1\n"
#define SETUP_NAMED(name) "  setup " name " 4k3/8/8/8/8/8/8/R3K3 w - - 0 1\n"

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
    {"piece a\n move jump orth\nend\n", "t.txt:2: unknown move kind 'jump' (slide, leap, bent, flyover, hop)"},
    {"piece a\n move slide up\nend\n",
     "t.txt:2: unknown direction 'up' (orth, diag, all, fwd, back, side, fwd-diag, back-diag)"},
    {"piece a\n move leap 2-1\nend\n", "t.txt:2: bad leap '2-1' (expected two numbers like 2,1)"},
    {"piece a\n move leap 5,1\nend\n", "t.txt:2: leap '5,1' is longer than 4 squares"},
    {"piece a\n move bent all\nend\n", "t.txt:2: a bent move starts 'diag' or 'orth', not 'all'"},
    {"piece a\n move slide orth range=3-1\nend\n", "t.txt:2: bad range '3-1' (expected N, N-M or N-, each 1-64)"},
    {"piece a\n move slide orth range=x\nend\n", "t.txt:2: bad range 'x' (expected N, N-M or N-, each 1-64)"},
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
    {BASE_HEAD BASE_PIECES "  drop rook\n" BASE_SETUP "end\n", "t.txt:4: 'drop' needs a piece type and 'squares=...', 'rank=N' or 'anywhere'"},
    {BASE_HEAD BASE_PIECES "  drop rook squares=z9\n" BASE_SETUP "end\n", "t.txt:4: no square 'z9' on this board"},
    {BASE_HEAD BASE_PIECES "  drop rook rank=9\n" BASE_SETUP "end\n", "t.txt:4: rank= must be a rank of the board, not '9'"},
    {BASE_HEAD BASE_PIECES "  drop rook everywhere\n" BASE_SETUP "end\n", "t.txt:4: unknown drop option 'everywhere' (squares=, rank=, anywhere, slide)"},
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
    {BASE_HEAD BASE_PIECES "  promote-to rook rook\n" BASE_SETUP "end\n", "t.txt:4: piece type 'rook' listed twice in promote-to"},
    {"variant t\n  board 16x16\n" BASE_PIECES "  setup main k15/16/16/16/16/16/16/K15/"
     ROOK_RANK "/" ROOK_RANK "/" ROOK_RANK "/" ROOK_RANK "/" ROOK_RANK "/" ROOK_RANK "/" ROOK_RANK "/" ROOK_RANK
     " w - - 0 1\n" "end\n",
     "t.txt:4: setup 'main': position text: too many pieces of one side, at p1"},
    {BASE_HEAD BASE_PIECES "  promote-to\n" BASE_SETUP "end\n", "t.txt:4: 'promote-to' needs piece types"},
    {BASE_HEAD BASE_PIECES "  titans\n" BASE_SETUP "end\n", "t.txt:4: 'titans' needs piece types"},
    {BASE_HEAD BASE_PIECES "  option scepter\n" BASE_SETUP "end\n",
     "t.txt:4: 'option' needs a name and a description"},
    {BASE_HEAD BASE_PIECES BASE_SETUP SETUP_NAMED("b") SETUP_NAMED("c") SETUP_NAMED("d") SETUP_NAMED("e") "end\n",
     "t.txt:8: more than 4 setups"},
    {BASE_HEAD BASE_PIECES BASE_SETUP TEN_LINES TEN_LINES TEN_LINES TEN_LINES TEN_LINES TEN_LINES TEN_LINES
     TEN_LINES TEN_LINES "  describe t\n  describe t\n  describe t\n  describe t\n  describe t\n  describe t\n"
     "  describe t\n"
     "end\n",
     "t.txt:98: more than 96 lines in a variant block"},
    {"# nothing but a comment\n", "t.txt: no 'variant' block"},
    /* repeated lines: never "the last one wins" */
    {BASE_HEAD "  board 9x9\n" BASE_PIECES BASE_SETUP "end\n", "t.txt:3: repeated 'board' line (first at line 2)"},
    {BASE_HEAD BASE_PIECES BASE_PIECES BASE_SETUP "end\n", "t.txt:4: repeated 'pieces' line (first at line 3)"},
    {BASE_HEAD BASE_PIECES "  title A\n  title B\n" BASE_SETUP "end\n", "t.txt:5: repeated 'title' line (first at line 4)"},
    {BASE_HEAD BASE_PIECES "  castling none\n  castling fixed 2 rook\n" BASE_SETUP "end\n",
     "t.txt:5: repeated 'castling' line (first at line 4)"},
    {BASE_HEAD BASE_PIECES "  scepter squares=e8\n  scepter squares=d8\n" BASE_SETUP "end\n",
     "t.txt:5: repeated 'scepter' line (first at line 4)"},
    {BASE_HEAD BASE_PIECES BASE_SETUP "  setup main 4k3/8/8/8/8/8/8/R3K3 w - - 0 1\nend\n",
     "t.txt:5: setup 'main' is given twice (first at line 4)"},
    {BASE_HEAD BASE_PIECES "  option scepter One.\n  option scepter Two.\n" BASE_SETUP "end\n",
     "t.txt:5: option 'scepter' is given twice (first at line 4)"},
    {"piece a\n letter X\n letter Y\nend\n", "t.txt:3: repeated 'letter' line (first at line 2)"},
    {"piece a\n value 1\n value 2\nend\n", "t.txt:3: repeated 'value' line (first at line 2)"},
    {"piece a\n title A\n title B\nend\n", "t.txt:3: repeated 'title' line (first at line 2)"},
    {"piece a\n move slide orth range=1 range=2\nend\n", "t.txt:2: 'range=' given twice in one move"},
    /* words that were read as something they are not */
    {"piece a\n move slide orth range=3-x-\nend\n", "t.txt:2: bad range '3-x-' (expected N, N-M or N-, each 1-64)"},
    {"piece a\n move slide orth range=3-+4\nend\n", "t.txt:2: bad range '3-+4' (expected N, N-M or N-, each 1-64)"},
    {"piece a\n move slide orth range=65\nend\n", "t.txt:2: bad range '65' (expected N, N-M or N-, each 1-64)"},
    {"piece a\n move slide orth range=2-65\nend\n", "t.txt:2: bad range '2-65' (expected N, N-M or N-, each 1-64)"},
    {"piece a\n move slide orth,,diag\nend\n", "t.txt:2: empty direction in 'orth,,diag'"},
    {"piece a\n move slide orth over=empty++enemy\nend\n",
     "t.txt:2: bad value 'empty++enemy' for over= (empty, friend, enemy, occupied, any)"},
    {"piece a\n move leap +2,1\nend\n", "t.txt:2: bad leap '+2,1' (expected two numbers like 2,1)"},
    {"piece a\n value +5\nend\n", "t.txt:2: value must be a whole number of centipawns 0-100000, not '+5'"},
    {"piece a\n royal yes\nend\n", "t.txt:2: 'royal' takes no value, not 'yes'"},
    {"piece a\n letter X\n move slide orth\nend a\n", "t.txt:4: 'end' takes nothing after it, not 'a'"},
    {"variant t\n board 08x8\nend\n", "t.txt:2: board must be WIDTHxHEIGHT with each 1-16, not '08x8'"},
    {BASE_HEAD BASE_PIECES "  centre-rank 05\n" BASE_SETUP "end\n", "t.txt:4: centre-rank must be a rank of the board, not '05'"},
    {BASE_HEAD BASE_PIECES "  drop rook squares=e01\n" BASE_SETUP "end\n", "t.txt:4: no square 'e01' on this board"},
    {BASE_HEAD BASE_PIECES "  drop rook slide\n" BASE_SETUP "end\n",
     "t.txt:4: 'drop' needs a piece type and 'squares=...', 'rank=N' or 'anywhere'"},
    {BASE_HEAD BASE_PIECES "  drop rook squares=\n" BASE_SETUP "end\n", "t.txt:4: squares= needs a list, e.g. squares=a,b"},
    {BASE_HEAD BASE_PIECES "  drop rook squares=e4,,e5\n" BASE_SETUP "end\n", "t.txt:4: empty item in squares=e4,,e5"},
    {BASE_HEAD BASE_PIECES "  drop rook squares=e4,e4\n" BASE_SETUP "end\n", "t.txt:4: drop square e4 given twice for 'rook'"},
    {BASE_HEAD BASE_PIECES "  drop rook rank=2\n  drop rook squares=e2\n" BASE_SETUP "end\n",
     "t.txt:5: drop square e2 given twice for 'rook'"},
    {BASE_HEAD BASE_PIECES "  titans rook,,king\n" BASE_SETUP "end\n", "t.txt:4: empty item in titans rook,,king"},
    {BASE_HEAD BASE_PIECES "  insane-ninja rook from= squares=e8\n" BASE_SETUP "end\n",
     "t.txt:4: from= needs a list, e.g. from=a,b"},
    {BASE_HEAD BASE_PIECES "  insane-ninja rook from=rook,,king squares=e8\n" BASE_SETUP "end\n",
     "t.txt:4: empty item in from=rook,,king"},
    {BASE_HEAD BASE_PIECES "  insane-ninja rook from=king,king squares=e8\n" BASE_SETUP "end\n",
     "t.txt:4: piece type 'king' listed twice in from="},
    {BASE_HEAD BASE_PIECES "  scepter squares=e8,e8\n" BASE_SETUP "end\n", "t.txt:4: square 'e8' listed twice in squares="},
    {BASE_HEAD BASE_PIECES "  insane-ninja rook from=king squares=e8,d8\n  scepter squares=e8\n" BASE_SETUP "end\n",
     "t.txt:5: insane-ninja and scepter need the same squares (line 4 gives others)"},
    {BASE_HEAD BASE_PIECES "  option scepter S.\n" BASE_SETUP "end\n", "t.txt:4: option 'scepter' needs a 'scepter' line"},
    {BASE_HEAD BASE_PIECES "  insane-ninja rook from=king squares=e8\n" BASE_SETUP "end\n",
     "t.txt:4: 'insane-ninja' line without an 'option insane-ninja DESCRIPTION' line"},
    {BASE_HEAD BASE_PIECES "  missing a8\n  drop rook squares=b1,a1\n" BASE_SETUP "end\n",
     "t.txt:5: drop square a1 has no mirror square a8 for Black on this board"},
    {BASE_HEAD BASE_PIECES "  missing a1\n  option scepter S.\n  scepter squares=a8\n" BASE_SETUP "end\n",
     "t.txt:6: square 'a8' has no mirror square a1 for Black on this board"},
    /* outside text is quoted: no control byte reaches the terminal */
    {BASE_HEAD BASE_PIECES "  titans rook,\033c\n" BASE_SETUP "end\n", "t.txt:4: no piece type '\\x1bc' in variant t"},
    {"piece a\n \033[31m\nend\n", "t.txt:2: unknown keyword '\\x1b[31m' in piece block"},
    {"piece a\n move slide \xff\xfe\nend\n",
     "t.txt:2: unknown direction '\\xff\\xfe' (orth, diag, all, fwd, back, side, fwd-diag, back-diag)"},
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
    assert_int_equal(variant_set_setup(v, "\033[2J", err, sizeof err), -1);
    assert_string_equal(err, "no setup '\\x1b[2J' in variant chess");
    assert_int_equal(variant_set_options(v, "\033[2J", err, sizeof err), -1);
    assert_string_equal(err, "no option '\\x1b[2J' in variant chess");
    variant_free(v);
}

/* ---- limits, each at its boundary: the limit itself loads, one more is refused ---- */

/* Text made with printf-style arguments, malloc'd. */
static char *text_of(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static char *text_of(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *t = malloc((size_t)n + 1);
    assert_non_null(t);
    va_start(ap, fmt);
    vsnprintf(t, (size_t)n + 1, fmt, ap);
    va_end(ap);
    return t;
}

/* A run of n copies of c. */
static char *run_of(char c, int n)
{
    char *t = malloc((size_t)n + 1);
    assert_non_null(t);
    memset(t, c, (size_t)n);
    t[n] = 0;
    return t;
}

/* The text loads (and is freed); returns nothing so each check stays one line. */
static void expect_loads(char *text)
{
    DataErrors errs;
    Variant *v = variant_load_text(NC_TEST_DATA_DIR, "t.txt", text, &errs);
    if (!v) {
        fprintf(stderr, "expected to load:\n%.300s\n", text);
        data_errors_print(&errs, stderr);
    }
    assert_non_null(v);
    variant_free(v);
    free(text);
}

/* The text is refused with message as its first problem (and is freed). */
static void expect_refused(char *text, const char *message)
{
    DataErrors errs;
    Variant *v = variant_load_text(NC_TEST_DATA_DIR, "t.txt", text, &errs);
    if (v || errs.n == 0 || strcmp(errs.msg[0], message)) {
        fprintf(stderr, "text:\n%.300s\nexpected: %s\n     got: %s\n", text, message,
                v ? "(loaded)" : errs.n ? errs.msg[0] : "(no message)");
        variant_free(v);
        fail();
    }
    free(text);
}

#define VALID_BODY BASE_PIECES BASE_SETUP "end\n"

static void test_line_limits(void **state)
{
    (void)state;
    /* "  describe " is 11 bytes: the line is exactly 1023 bytes, then 1024 */
    char *d = run_of('x', 1012);
    expect_loads(text_of(BASE_HEAD "  describe %s\n" VALID_BODY, d));
    expect_refused(text_of(BASE_HEAD "  describe %sx\n" VALID_BODY, d), "t.txt:3: line longer than 1023 bytes");
    free(d);
    char words[300] = "";
    for (int i = 0; i < 39; i++)
        strcat(words, " rook");
    expect_loads(text_of(BASE_HEAD "  titans%s\n" VALID_BODY, words));
    expect_refused(text_of(BASE_HEAD "  titans%s rook\n" VALID_BODY, words), "t.txt:3: more than 40 words on a line");
    /* a title or describe line is text: its words are not counted, none is lost */
    char *many = text_of("%s%s%s", words, words, words);
    DataErrors errs;
    char *t = text_of(BASE_HEAD "  describe%s\n" VALID_BODY, many);
    Variant *v = variant_load_text(NC_TEST_DATA_DIR, "t.txt", t, &errs);
    assert_non_null(v);
    assert_string_equal(v->description, many + 1);
    variant_free(v);
    free(t);
    free(many);
    /* a long line is refused before its words could be read as something valid */
    char *pad = run_of(' ', 1100);
    expect_refused(text_of(BASE_HEAD BASE_PIECES "  castling none%s# comment\n" BASE_SETUP "end\n", pad),
                   "t.txt:4: line longer than 1023 bytes");
    free(pad);
}

static void test_name_limits(void **state)
{
    (void)state;
    char *n31 = run_of('p', 31), *n47 = run_of('v', 47), *n23 = run_of('s', 23), *t63 = run_of('T', 63);
    expect_loads(text_of("piece %s\n letter X\n move slide orth\nend\n" BASE_HEAD "  pieces king %s\n"
                         "  setup main 4k3/8/8/8/8/8/8/X3K3 w - - 0 1\nend\n", n31, n31));
    expect_refused(text_of("piece %sp\n letter X\n move slide orth\nend\n", n31),
                   "t.txt:1: piece name 'pppppppppppppppppppppppppppppppp' is longer than 31 bytes");
    expect_loads(text_of(BASE_HEAD "  pieces king %s=rook\n  setup main 4k3/8/8/8/8/8/8/R3K3 w - - 0 1\nend\n", n31));
    expect_refused(text_of(BASE_HEAD "  pieces king %sp=rook\n" BASE_SETUP "end\n", n31),
                   "t.txt:3: piece type name 'pppppppppppppppppppppppppppppppp' is longer than 31 bytes");
    expect_loads(text_of("variant %s\n  board 8x8\n" VALID_BODY, n47));
    expect_refused(text_of("variant %sv\n  board 8x8\n" VALID_BODY, n47),
                   "t.txt:1: variant name 'vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv' is longer than 47 bytes");
    expect_loads(text_of(BASE_HEAD BASE_PIECES "  setup %s 4k3/8/8/8/8/8/8/R3K3 w - - 0 1\nend\n", n23));
    expect_refused(text_of(BASE_HEAD BASE_PIECES "  setup %ss 4k3/8/8/8/8/8/8/R3K3 w - - 0 1\nend\n", n23),
                   "t.txt:4: setup name 'ssssssssssssssssssssssss' is longer than 23 bytes");
    expect_loads(text_of(BASE_HEAD BASE_PIECES "  title %s\n" BASE_SETUP "end\n", t63));
    expect_refused(text_of(BASE_HEAD BASE_PIECES "  title %sT\n" BASE_SETUP "end\n", t63),
                   "t.txt:4: title longer than 63 bytes");
    t63[47] = 0;
    expect_loads(text_of("piece a\n title %s\n letter X\n move slide orth\nend\n" BASE_HEAD "  pieces king a\n"
                         "  setup main 4k3/8/8/8/8/8/8/X3K3 w - - 0 1\nend\n", t63));
    expect_refused(text_of("piece a\n title %sT\nend\n", t63), "t.txt:2: title longer than 47 bytes");
    free(n31), free(n47), free(n23), free(t63);
}

/* Seventeen piece definitions, letters A-Q but K, named p1..p17. */
static char *seventeen_pieces(void)
{
    const char *letters = "ABCDEFGHIJLMNOPQS";
    char *t = text_of("%s", "");
    for (int i = 0; i < 17; i++) {
        char *n = text_of("%spiece p%d\n letter %c\n move slide orth\nend\n", t, i + 1, letters[i]);
        free(t);
        t = n;
    }
    return t;
}

static void test_promotion_limit(void **state)
{
    (void)state;
    char *defs = seventeen_pieces();
    const char *types = "p1 p2 p3 p4 p5 p6 p7 p8 p9 p10 p11 p12 p13 p14 p15 p16";
    expect_loads(text_of("%s" BASE_HEAD "  pieces king %s p17\n  promote-to %s\n  setup main 4k3/8/8/8/8/8/8/4K3 w - - 0 1\nend\n",
                         defs, types, types));
    expect_refused(text_of("%s" BASE_HEAD "  pieces king %s p17\n  promote-to %s\n  promote-to p17\n"
                           "  setup main 4k3/8/8/8/8/8/8/4K3 w - - 0 1\nend\n",
                           defs, types, types),
                   "t.txt:73: more than 16 promotion choices");
    /* on one line too (the list was cut there without a word) */
    expect_refused(text_of("%s" BASE_HEAD "  pieces king %s p17\n  promote-to %s p17\n"
                           "  setup main 4k3/8/8/8/8/8/8/4K3 w - - 0 1\nend\n",
                           defs, types, types),
                   "t.txt:72: more than 16 promotion choices");
    free(defs);
}

static void test_drop_and_special_limits(void **state)
{
    (void)state;
    /* drop squares reach the whole board (once the limit was 32: a rook
     * could then be dropped on a1-h4 only) */
    DataErrors errs;
    char *text = text_of(BASE_HEAD BASE_PIECES "  drop rook anywhere\n" BASE_SETUP "end\n");
    Variant *v = variant_load_text(NC_TEST_DATA_DIR, "t.txt", text, &errs);
    free(text);
    assert_non_null(v);
    int rook = nc_type_of_letter(v, 'R');
    assert_int_equal(v->ndropsq[rook][NC_WHITE], 64);
    assert_int_equal(v->ndropsq[rook][NC_BLACK], 64);
    variant_free(v);
    expect_refused(text_of(BASE_HEAD BASE_PIECES "  drop rook anywhere\n  drop rook squares=h8\n" BASE_SETUP "end\n"),
                   "t.txt:5: drop square h8 given twice for 'rook'");
    expect_loads(text_of(BASE_HEAD BASE_PIECES "  option scepter S.\n  scepter squares=a8,b8,c8,d8\n" BASE_SETUP "end\n"));
    expect_refused(text_of(BASE_HEAD BASE_PIECES "  scepter squares=a8,b8,c8,d8,e8\n" BASE_SETUP "end\n"),
                   "t.txt:4: more than 4 squares in squares=");
    /* the two rules share their squares: the same set in any order is fine */
    expect_loads(text_of(BASE_HEAD BASE_PIECES "  insane-ninja rook from=king squares=e8,d8\n  scepter squares=d8,e8\n"
                         "  option scepter S.\n  option insane-ninja I.\n" BASE_SETUP "end\n"));
    expect_refused(text_of(BASE_HEAD BASE_PIECES "  insane-ninja rook from=king squares=e8,d8\n  scepter squares=d8,e8,f8\n"
                           BASE_SETUP "end\n"),
                   "t.txt:5: insane-ninja and scepter need the same squares (line 4 gives others)");
}

static void test_move_limits(void **state)
{
    (void)state;
    const char *use = BASE_HEAD "  pieces king a\n  setup main 4k3/8/8/8/8/8/8/X3K3 w - - 0 1\nend\n";
    expect_loads(text_of("piece a\n letter X\n move slide orth range=1-3 take-over\nend\n%s", use));
    expect_refused(text_of("piece a\n letter X\n move slide orth range=1-4 take-over\nend\n%s", use),
                   "t.txt:3: take-over needs a range of at most 3 squares");
    expect_loads(text_of("piece a\n letter X\n move slide orth range=64\n move slide diag range=1-64\nend\n%s", use));
    expect_loads(text_of("piece a\n letter X\n move leap 4,4\nend\n%s", use));
    expect_refused(text_of("piece a\n letter X\n move leap 4,5\nend\n%s", use), "t.txt:3: leap '4,5' is longer than 4 squares");
    char moves[600] = "";
    for (int i = 0; i < 12; i++)
        strcat(moves, " move slide orth\n");
    expect_loads(text_of("piece a\n letter X\n%send\n%s", moves, use));
    expect_refused(text_of("piece a\n letter X\n%s move slide orth\nend\n%s", moves, use),
                   "t.txt:15: piece 'a' has more than 12 moves");
}

/* King e1, rooks a1 and h1: 4 and 3 squares away. */
static void test_castling_distance(void **state)
{
    (void)state;
    const char *setup = "  setup main r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\nend\n";
    DataErrors errs;
    char *t = text_of(BASE_HEAD BASE_PIECES "  castling fixed 3 rook\n%s", setup);
    Variant *v = variant_load_text(NC_TEST_DATA_DIR, "t.txt", t, &errs);
    free(t);
    assert_non_null(v);
    /* the king lands on the rook's square, the rook next to it (g1) */
    Position p;
    char err[200];
    assert_int_equal(pos_from_fen(&p, v, "4k3/8/8/8/8/8/8/R3K2R w K - 0 1", err, sizeof err), 0);
    MoveList ml;
    gen_legal(&p, &ml);
    int castles = 0;
    for (int i = 0; i < ml.n; i++)
        if (ml.m[i].kind == MK_CASTLE) {
            char a[4], b[4];
            assert_string_equal(nc_sqname(v, ml.m[i].to, a), "h1");
            assert_string_equal(nc_sqname(v, ml.m[i].aux2, b), "g1");
            castles++;
        }
    assert_int_equal(castles, 1);
    variant_free(v);
    expect_refused(text_of(BASE_HEAD BASE_PIECES "  castling fixed 4 rook\n%s", setup),
                   "t.txt:5: setup 'main': castling: king distance 4 is more than the 3 squares from the white king to "
                   "its higher-file rook in setup 'main'");
    expect_refused(text_of(BASE_HEAD BASE_PIECES "  castling fixed 15 rook\n%s", setup),
                   "t.txt:5: setup 'main': castling: king distance 15 is more than the 4 squares from the white king to "
                   "its lower-file rook in setup 'main'");
    expect_refused(text_of(BASE_HEAD BASE_PIECES "  castling fixed 16 rook\n%s", setup),
                   "t.txt:4: castling fixed needs a king distance 1-15, not '16'");
}

/* 26 piece types, one for each letter (the king is K), loads; a 27th
 * cannot have a letter of its own.  The type table (32) is never the limit. */
static void test_type_limits(void **state)
{
    (void)state;
    char *defs = text_of("%s", ""), *names = text_of("%s", "king");
    for (char c = 'A'; c <= 'Z'; c++) {
        if (c == 'K')
            continue;
        char *d = text_of("%spiece t-%c\n letter %c\n move slide orth\nend\n", defs, c + 32, c);
        char *n = text_of("%s t-%c", names, c + 32);
        free(defs), free(names);
        defs = d, names = n;
    }
    const char *setup = "  setup main 4k3/8/8/8/8/8/8/4K3 w - - 0 1\nend\n";
    expect_loads(text_of("%s" BASE_HEAD "  pieces %s\n%s", defs, names, setup));
    expect_refused(text_of("%s" BASE_HEAD "  pieces %s rook\n%s", defs, names, setup),
                   "t.txt:103: letter 'R' is used by both 't-r' and 'rook'");
    free(defs), free(names);
    expect_loads(text_of("variant t\n  board 16x16\n  pieces king\n  setup main k15/16/16/16/16/16/16/16/16/16/16/16/16/"
                         "16/16/K15 w - - 0 1\nend\n"));
    expect_refused(text_of("variant t\n  board 16x17\nend\n"), "t.txt:2: board must be WIDTHxHEIGHT with each 1-16, not '16x17'");
    const char *use = BASE_HEAD "  pieces king a\n  setup main 4k3/8/8/8/8/8/8/X3K3 w - - 0 1\nend\n";
    expect_loads(text_of("piece a\n letter X\n value 100000\n move slide orth\nend\n%s", use));
    expect_refused(text_of("piece a\n letter X\n value 100001\n move slide orth\nend\n%s", use),
                   "t.txt:3: value must be a whole number of centipawns 0-100000, not '100001'");
    expect_loads(text_of(BASE_HEAD BASE_PIECES BASE_SETUP SETUP_NAMED("b") SETUP_NAMED("c") SETUP_NAMED("d") "end\n"));
}

static void test_block_limits(void **state)
{
    (void)state;
    /* 96 lines in a variant block: board, pieces, setup and 93 more */
    char *lines = text_of("%s", "");
    for (int i = 0; i < 93; i++) {
        char *n = text_of("%s  describe t\n", lines);
        free(lines);
        lines = n;
    }
    expect_loads(text_of(BASE_HEAD "%s" VALID_BODY, lines));
    expect_refused(text_of(BASE_HEAD "%s  describe t\n" VALID_BODY, lines), "t.txt:98: more than 96 lines in a variant block");
    free(lines);
    /* 96 piece definitions with pieces.txt's */
    char path[1024];
    snprintf(path, sizeof path, "%s/pieces.txt", NC_TEST_DATA_DIR);
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    int have = 0;
    char buf[1100];
    while (fgets(buf, sizeof buf, f))
        have += !strncmp(buf, "piece ", 6);
    fclose(f);
    char *defs = text_of("%s", "");
    for (int i = have; i < 96; i++) {
        char *n = text_of("%spiece extra%d\n letter X\n move slide orth\nend\n", defs, i);
        free(defs);
        defs = n;
    }
    expect_loads(text_of("%s" BASE_HEAD VALID_BODY, defs));
    char msg[200];
    snprintf(msg, sizeof msg, "t.txt:%d: more than 96 piece definitions (pieces.txt and the variant file together)",
             4 * (96 - have) + 1);
    expect_refused(text_of("%spiece one-more\n letter X\n move slide orth\nend\n" BASE_HEAD VALID_BODY, defs), msg);
    free(defs);
}

/* Writes n bytes of text to a new file under dir; returns its path (static). */
static const char *write_file(const char *dir, const char *text, size_t n)
{
    static char path[700];
    int len = snprintf(path, sizeof path, "%s/v.txt", dir);
    assert_true(len > 0 && (size_t)len < sizeof path);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(text, 1, n, f), n);
    fclose(f);
    return path;
}

/* Loads the file at path: NULL or the variant, first message in msg. */
static Variant *load_path(const char *path, char *msg, size_t len)
{
    DataErrors errs;
    Variant *v = variant_load_file(NC_TEST_DATA_DIR, path, &errs);
    snprintf(msg, len, "%s", errs.n ? errs.msg[0] : "");
    return v;
}

static void test_file_reading(void **state)
{
    (void)state;
    char dir[] = "/tmp/nc-datafile-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char msg[600], want[600];
    /* a NUL byte: once reported as an unclosed block */
    static const char nul[] = "variant t\n  board 8x8\n  pieces king\0 rook\n" BASE_SETUP "end\n";
    const char *path = write_file(dir, nul, sizeof nul - 1);
    assert_null(load_path(path, msg, sizeof msg));
    snprintf(want, sizeof want, "%s: NUL byte at line 3", path);
    assert_string_equal(msg, want);
    /* exactly the file size limit loads; one byte more is refused */
    const char *body = BASE_HEAD VALID_BODY;
    size_t limit = 1 << 20, blen = strlen(body);
    char *big = malloc(limit + 2);
    assert_non_null(big);
    memcpy(big, body, blen);
    memset(big + blen, '\n', limit + 1 - blen);
    path = write_file(dir, big, limit);
    Variant *v = load_path(path, msg, sizeof msg);
    assert_non_null(v);
    variant_free(v);
    path = write_file(dir, big, limit + 1);
    assert_null(load_path(path, msg, sizeof msg));
    snprintf(want, sizeof want, "%s: file larger than 1048576 bytes", path);
    assert_string_equal(msg, want);
    free(big);
    /* a directory opens but cannot be read: once "no 'variant' block" */
    assert_null(load_path(dir, msg, sizeof msg));
    snprintf(want, sizeof want, "%s: cannot read (Is a directory)", dir);
    assert_string_equal(msg, want);
    remove(path);
    rmdir(dir);
}

/* A variant loaded by name carries the name of its file. */
static void test_variant_named_after_file(void **state)
{
    (void)state;
    char dir[] = "/tmp/nc-datafile-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char pieces[600], target[600], vdir[600], file[700];
    snprintf(pieces, sizeof pieces, "%s/pieces.txt", dir);
    snprintf(target, sizeof target, "%s/pieces.txt", NC_TEST_DATA_DIR);
    assert_int_equal(symlink(target, pieces), 0);
    snprintf(vdir, sizeof vdir, "%s/variants", dir);
    assert_int_equal(mkdir(vdir, 0700), 0);
    write_file(vdir, "variant other\n  board 8x8\n" VALID_BODY, strlen("variant other\n  board 8x8\n" VALID_BODY));
    DataErrors errs;
    assert_null(variant_load(dir, "v", &errs));
    snprintf(file, sizeof file, "%s/v.txt: variant 'other' must be named after its file: 'variant v'", vdir);
    assert_int_equal(errs.n, 1);
    assert_string_equal(errs.msg[0], file);
    write_file(vdir, "variant v\n  board 8x8\n" VALID_BODY, strlen("variant v\n  board 8x8\n" VALID_BODY));
    Variant *v = variant_load(dir, "v", &errs);
    assert_non_null(v);
    variant_free(v);
    snprintf(file, sizeof file, "%s/v.txt", vdir);
    remove(file);
    rmdir(vdir);
    remove(pieces);
    rmdir(dir);
}

/* A 16x16 setup with 224 white pieces is refused, not cut. */
static void test_crowded_setup(void **state)
{
    (void)state;
    char *ranks = text_of("%s", "k15");
    for (int i = 0; i < 14; i++) {
        char *n = text_of("%s/" ROOK_RANK, ranks);
        free(ranks);
        ranks = n;
    }
    expect_refused(text_of("variant t\n  board 16x16\n" BASE_PIECES "  setup main %s/K15 w - - 0 1\nend\n", ranks),
                   "t.txt:4: setup 'main': position text: too many pieces of one side, at a7");
    free(ranks);
}

/* More problems than are kept: the last message says so. */
static void test_many_problems(void **state)
{
    (void)state;
    char *t = text_of("%s", "piece a\n");
    for (int i = 0; i < 70; i++) {
        char *n = text_of("%s colour red\n", t);
        free(t);
        t = n;
    }
    DataErrors errs;
    Variant *v = variant_load_text(NC_TEST_DATA_DIR, "t.txt", t, &errs);
    free(t);
    assert_null(v);
    assert_int_equal(errs.n, 64);
    assert_string_equal(errs.msg[62], "t.txt:64: unknown keyword 'colour' in piece block");
    assert_string_equal(errs.msg[63], "t.txt: more problems; only the first 63 are listed");
}

/* Paths that do not fit are refused, not cut into another file's name. */
static void test_long_paths(void **state)
{
    (void)state;
    char *dir = run_of('d', 1013);
    dir[0] = '/';
    DataErrors errs;
    Variant *v = variant_load_text(dir, "t.txt", BASE_HEAD VALID_BODY, &errs);
    assert_null(v);
    assert_int_equal(errs.n, 1);
    /* the path is quoted and visibly cut: "/ddd...ddd...: data directory ..." */
    const char *tail = "...: data directory path longer than 1012 bytes";
    assert_true(strlen(errs.msg[0]) > strlen(tail));
    assert_string_equal(errs.msg[0] + strlen(errs.msg[0]) - strlen(tail), tail);
    free(dir);
    char *path = run_of('p', 1024);
    v = variant_load_file(NC_TEST_DATA_DIR, path, &errs);
    assert_null(v);
    tail = "...: path longer than 1023 bytes";
    assert_string_equal(errs.msg[0] + strlen(errs.msg[0]) - strlen(tail), tail);
    path[1023] = 0;
    v = variant_load_file(NC_TEST_DATA_DIR, path, &errs);
    assert_null(v);
    tail = "...: cannot open (File name too long)";
    assert_string_equal(errs.msg[0] + strlen(errs.msg[0]) - strlen(tail), tail);
    free(path);
    v = variant_load(NC_TEST_DATA_DIR, "vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv", &errs);
    assert_null(v);
    assert_string_equal(errs.msg[0], "vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv: not a variant name (see --list-variants)");
    v = variant_load(NC_TEST_DATA_DIR, "\033]0;x", &errs);
    assert_null(v);
    assert_string_equal(errs.msg[0], "\\x1b]0;x: not a variant name (see --list-variants)");
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
        cmocka_unit_test(test_line_limits),
        cmocka_unit_test(test_name_limits),
        cmocka_unit_test(test_promotion_limit),
        cmocka_unit_test(test_drop_and_special_limits),
        cmocka_unit_test(test_move_limits),
        cmocka_unit_test(test_castling_distance),
        cmocka_unit_test(test_type_limits),
        cmocka_unit_test(test_block_limits),
        cmocka_unit_test(test_file_reading),
        cmocka_unit_test(test_variant_named_after_file),
        cmocka_unit_test(test_crowded_setup),
        cmocka_unit_test(test_many_problems),
        cmocka_unit_test(test_long_paths),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
