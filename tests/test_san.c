/* SAN: which variants use it, the exact text of moves of every kind
 * (disambiguation, captures, en passant, promotion, castling, check and
 * mate, Capablanca's pieces and castling), reading it back, its errors,
 * and the typed-move reader that accepts SAN beside the move text. */
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
#include <string.h>

static Variant *load(const char *name, const char *titans)
{
    Variant *v = test_variant(name);
    char err[200];
    if (titans)
        assert_int_equal(variant_set_titans(v, titans, err, sizeof err), 0);
    return v;
}

static void setup(Position *p, const Variant *v, const char *fen)
{
    char err[256];
    if (fen == NULL) {
        pos_start(p, v);
        return;
    }
    if (pos_from_fen(p, v, fen, err, sizeof err))
        fail_msg("%s: %s", fen, err);
}

/* The SAN of the legal move written `text` in our move text. */
static const char *san_of(Position *p, const char *text)
{
    static char buf[NC_SAN_MAX];
    Move m;
    char err[256];
    if (move_from_text(p, text, &m, err, sizeof err))
        fail_msg("%s: %s", text, err);
    return san_format(p, &m, buf, sizeof buf);
}

/* Plays SAN text on p. */
static void play_san(Position *p, const char *san)
{
    Move m;
    char err[256];
    if (san_parse(p, san, &m, err, sizeof err))
        fail_msg("%s: %s", san, err);
    Undo u;
    make_move(p, &m, &u);
}

static void test_which_variants(void **state)
{
    (void)state;
    const char *yes[] = {"chess", "capablanca"};
    const char *no[] = {"titan-chess", "stealth-ninja", "flying-warmachines", "titan-chess-titans", "chess-titan-rooks"};
    for (size_t i = 0; i < sizeof yes / sizeof *yes; i++) {
        Variant *v = load(yes[i], NULL);
        assert_true(san_applies(v));
        variant_free(v);
    }
    for (size_t i = 0; i < sizeof no / sizeof *no; i++) {
        Variant *v = load(no[i], NULL);
        if (san_applies(v))
            fail_msg("%s should keep the move text", no[i]);
        variant_free(v);
    }
    /* Titans chosen at the start take SAN away from chess too. */
    Variant *v = load("chess", "rook");
    assert_false(san_applies(v));
    variant_free(v);
}

static void test_format_chess(void **state)
{
    (void)state;
    Variant *v = load("chess", NULL);
    Position p;
    setup(&p, v, NULL);
    assert_string_equal(san_of(&p, "g1-f3"), "Nf3");
    assert_string_equal(san_of(&p, "e2-e4"), "e4");
    /* by file, by rank, by both */
    setup(&p, v, "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
    assert_string_equal(san_of(&p, "b1-d2"), "Nbd2");
    assert_string_equal(san_of(&p, "f1-d2"), "Nfd2");
    assert_string_equal(san_of(&p, "f1-h2"), "Nh2");
    setup(&p, v, "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1");
    assert_string_equal(san_of(&p, "a1-a3"), "R1a3");
    assert_string_equal(san_of(&p, "a5-a3"), "R5a3");
    setup(&p, v, "4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1");
    assert_string_equal(san_of(&p, "a1-b2"), "Qa1b2");
    assert_string_equal(san_of(&p, "a3-b2"), "Q3b2");
    assert_string_equal(san_of(&p, "c1-b2"), "Qcb2");
    /* captures, en passant, promotion with and without check */
    setup(&p, v, "4k3/8/8/3pP3/4n3/3P4/8/4K1N1 w - d6 0 1");
    assert_string_equal(san_of(&p, "e5-d6xd5"), "exd6");
    assert_string_equal(san_of(&p, "d3-e4xe4"), "dxe4");
    setup(&p, v, "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    assert_string_equal(san_of(&p, "b7-b8=Q"), "b8=Q+");
    assert_string_equal(san_of(&p, "b7-b8=N"), "b8=N");
    /* castling both ways */
    setup(&p, v, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_string_equal(san_of(&p, "e1-g1,h1-f1"), "O-O");
    assert_string_equal(san_of(&p, "e1-c1,a1-d1"), "O-O-O");
    assert_string_equal(san_of(&p, "h1-h8xh8"), "Rxh8+");
    /* mate */
    setup(&p, v, NULL);
    play_san(&p, "f3");
    play_san(&p, "e5");
    play_san(&p, "g4");
    assert_string_equal(san_of(&p, "d8-h4"), "Qh4#");
    variant_free(v);
}

static void test_format_capablanca(void **state)
{
    (void)state;
    Variant *v = load("capablanca", NULL);
    Position p;
    setup(&p, v, NULL);
    assert_string_equal(san_of(&p, "c1-b3"), "Ab3");
    assert_string_equal(san_of(&p, "h1-i3"), "Ci3");
    assert_string_equal(san_of(&p, "i1-h3"), "Nh3");
    assert_string_equal(san_of(&p, "j2-j4"), "j4");
    /* the king castles three squares: f1-i1 with the rook to h1, f1-c1 with it to d1 */
    setup(&p, v, "r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1");
    assert_string_equal(san_of(&p, "f1-i1,j1-h1"), "O-O");
    assert_string_equal(san_of(&p, "f1-c1,a1-d1"), "O-O-O");
    /* promotion to the new pieces */
    setup(&p, v, "5k4/1P8/10/10/10/10/10/5K4 w - - 0 1");
    assert_string_equal(san_of(&p, "b7-b8=A"), "b8=A");
    assert_string_equal(san_of(&p, "b7-b8=C"), "b8=C+");
    variant_free(v);
}

static void expect_parse(Position *p, const char *san, const char *text)
{
    Move m;
    char err[256], got[160];
    if (san_parse(p, san, &m, err, sizeof err))
        fail_msg("%s: %s", san, err);
    assert_string_equal(move_to_text(p, &m, got, sizeof got), text);
}

static void expect_error(Position *p, const char *san, const char *msg)
{
    Move m;
    char err[256];
    assert_int_equal(san_parse(p, san, &m, err, sizeof err), -1);
    assert_string_equal(err, msg);
}

static void test_parse(void **state)
{
    (void)state;
    Variant *v = load("chess", NULL);
    Position p;
    setup(&p, v, NULL);
    expect_parse(&p, "Nf3", "g1-f3");
    expect_parse(&p, "Ng1f3", "g1-f3");
    expect_parse(&p, "Ng1-f3!?", "g1-f3");
    expect_parse(&p, "e4", "e2-e4");
    expect_error(&p, "e5", "illegal move 'e5'");
    expect_error(&p, "Ke2", "illegal move 'Ke2'");
    expect_error(&p, "Zf3", "malformed move 'Zf3' (expected SAN such as Nf3, exd5, e8=Q or O-O)");
    expect_error(&p, "Nf3+", "move 'Nf3+' does not give check");
    setup(&p, v, "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
    expect_error(&p, "Nd2", "ambiguous move 'Nd2': could be Nbd2, Nfd2");
    expect_parse(&p, "Nbd2", "b1-d2");
    expect_parse(&p, "Nfd2", "f1-d2");
    expect_error(&p, "N1d2", "ambiguous move 'N1d2': could be Nbd2, Nfd2");
    setup(&p, v, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    expect_parse(&p, "exd6", "e5-d6xd5");
    expect_parse(&p, "exd6e.p.", "e5-d6xd5");
    setup(&p, v, "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    expect_parse(&p, "b8=Q+", "b7-b8=Q");
    expect_parse(&p, "b8N", "b7-b8=N");
    expect_error(&p, "b8", "move 'b8' must name what the pawn becomes (e.g. b8=Q)");
    expect_error(&p, "b8=K", "malformed move 'b8=K' (expected SAN such as Nf3, exd5, e8=Q or O-O)");
    setup(&p, v, "r3k2r/8/8/8/8/8/8/R3K2R w Kkq - 0 1");
    expect_parse(&p, "O-O", "e1-g1,h1-f1");
    expect_parse(&p, "0-0", "e1-g1,h1-f1");
    expect_error(&p, "O-O-O", "illegal move 'O-O-O': castling on that side is not possible now");
    setup(&p, v, NULL);
    play_san(&p, "f3");
    play_san(&p, "e5");
    play_san(&p, "g4");
    expect_parse(&p, "Qh4#", "d8-h4");
    variant_free(v);
}

/* In random games every legal move has a SAN of its own that reads back
 * as that move: the disambiguation is complete and never too much. */
static void round_trip(const char *name)
{
    Variant *v = load(name, NULL);
    uint64_t rng = 12345;
    int checked = 0;
    for (int game = 0; game < 4; game++) {
        Position p;
        pos_start(&p, v);
        for (int ply = 0; ply < 120; ply++) {
            MoveList ml;
            gen_legal(&p, &ml);
            if (ml.n == 0)
                break;
            static char sans[NC_MAX_MOVES][NC_SAN_MAX];
            for (int i = 0; i < ml.n; i++) {
                san_format(&p, &ml.m[i], sans[i], sizeof sans[i]);
                for (int k = 0; k < i; k++)
                    if (!strcmp(sans[k], sans[i]))
                        fail_msg("%s: two moves written %s", name, sans[i]);
                Move back;
                char err[256];
                if (san_parse(&p, sans[i], &back, err, sizeof err))
                    fail_msg("%s: '%s' does not read back: %s", name, sans[i], err);
                assert_true(move_equal(&back, &ml.m[i]));
                checked++;
            }
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            Undo u;
            make_move(&p, &ml.m[rng % (uint64_t)ml.n], &u);
        }
    }
    assert_true(checked > 3000);
    variant_free(v);
}

static void test_round_trip_chess(void **state)
{
    (void)state;
    round_trip("chess");
}

static void test_round_trip_capablanca(void **state)
{
    (void)state;
    round_trip("capablanca");
}

static void test_typed_input(void **state)
{
    (void)state;
    Variant *v = load("chess", NULL);
    Position p;
    setup(&p, v, NULL);
    const char *forms[] = {"e2-e4", "e2e4", "e4"};
    for (size_t i = 0; i < 3; i++) {
        Move m;
        char err[256], text[160];
        assert_int_equal(move_from_input(&p, forms[i], &m, err, sizeof err), 0);
        assert_string_equal(move_to_text(&p, &m, text, sizeof text), "e2-e4");
    }
    Move m;
    char err[256], label[160];
    assert_int_equal(move_from_input(&p, "Nf3", &m, err, sizeof err), 0);
    assert_string_equal(move_label(&p, &m, label, sizeof label), "Nf3");
    assert_int_equal(move_from_input(&p, "Nf4", &m, err, sizeof err), -1);
    assert_string_equal(err, "illegal move 'Nf4'");
    /* a move-text error stays the move text's */
    assert_int_equal(move_from_input(&p, "e2-e5", &m, err, sizeof err), -1);
    assert_string_equal(err, "illegal move 'e2-e5'");
    variant_free(v);
    /* Variants without SAN read and show the move text only. */
    v = load("titan-chess", NULL);
    setup(&p, v, NULL);
    assert_int_equal(move_from_input(&p, "Nf3", &m, err, sizeof err), -1);
    assert_non_null(strstr(err, "malformed move 'Nf3'"));
    assert_int_equal(move_from_input(&p, "e3-e5", &m, err, sizeof err), 0);
    assert_string_equal(move_label(&p, &m, label, sizeof label), "e3-e5");
    variant_free(v);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_which_variants),
        cmocka_unit_test(test_format_chess),
        cmocka_unit_test(test_format_capablanca),
        cmocka_unit_test(test_parse),
        cmocka_unit_test(test_round_trip_chess),
        cmocka_unit_test(test_round_trip_capablanca),
        cmocka_unit_test(test_typed_input),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
