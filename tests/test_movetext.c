/* Move text: every legal move's text parses back to the same move, in
 * random positions of every variant; short forms; the coordinate form of
 * other engines (each legal move's coordinates name it, or are refused as
 * ambiguous exactly when another legal move has the same); exact error
 * messages. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "datafile/datafile.h"
#include "rules/rules.h"
#include "notation/notation.h"
#include "test_light.h"
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

static uint64_t rng_state = 99;
static uint64_t rnd(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

/* Every legal move's text in two random games (one in the lighter run)
 * reads back to that move. */
static void round_trip_variant(const char *name, const char *titans)
{
    Variant *v = load(name, titans);
    int checked = 0;
    for (int game = 0; game < test_size(2, 1); game++) {
        Position p;
        pos_start(&p, v);
        for (int ply = 0; ply < 70; ply++) {
            MoveList ml;
            gen_legal(&p, &ml);
            if (ml.n == 0)
                break;
            for (int i = 0; i < ml.n; i++) {
                char text[160], err[256];
                move_to_text(&p, &ml.m[i], text, sizeof text);
                Move back;
                int rc = move_from_text(&p, text, &back, err, sizeof err);
                if (rc)
                    fail_msg("%s: '%s' does not parse: %s", name, text, err);
                assert_true(move_equal(&back, &ml.m[i]));
                checked++;
            }
            Undo u;
            make_move(&p, &ml.m[rnd() % (uint64_t)ml.n], &u);
        }
    }
    assert_true(checked > 500);
    variant_free(v);
}

static void test_round_trips(void **state)
{
    (void)state;
    round_trip_variant("chess", NULL);
    round_trip_variant("capablanca", NULL);
    round_trip_variant("titan-chess", NULL);
    round_trip_variant("stealth-ninja", NULL);
    round_trip_variant("flying-warmachines", NULL);
    round_trip_variant("chess-titan-rooks", NULL);
    round_trip_variant("titan-chess-titans", NULL);
    round_trip_variant("stealth-ninja", "knight,ninja-warrior,pawn");
}

static void expect_parse(Variant *v, const char *fen, const char *input, const char *expect_text)
{
    Position p;
    char err[256];
    if (pos_from_fen(&p, v, fen, err, sizeof err))
        fail_msg("%s: %s", fen, err);
    Move m;
    int rc = move_from_text(&p, input, &m, err, sizeof err);
    if (rc)
        fail_msg("'%s': %s", input, err);
    char text[160];
    move_to_text(&p, &m, text, sizeof text);
    assert_string_equal(text, expect_text);
}

static void expect_error(Variant *v, const char *fen, const char *input, const char *message)
{
    Position p;
    char err[256];
    assert_int_equal(pos_from_fen(&p, v, fen, err, sizeof err), 0);
    Move m;
    assert_int_equal(move_from_text(&p, input, &m, err, sizeof err), -1);
    assert_string_equal(err, message);
}

static void test_short_forms_and_errors(void **state)
{
    (void)state;
    Variant *chess = load("chess", NULL);
    const char *start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    expect_parse(chess, start, "e2e4", "e2-e4");
    expect_error(chess, start, "e2-e4+", "move 'e2-e4+' does not give check");
    expect_error(chess, start, "e2-e4#", "move 'e2-e4#' does not give mate");
    expect_error(chess, start, "e2+-e4", "malformed move 'e2+-e4' (expected e.g. e2-e4, see the move text)");
    expect_error(chess, start, "e2-e4++", "malformed move 'e2-e4++' (expected e.g. e2-e4, see the move text)");
    expect_error(chess, start, "+", "move '+' names no move before its mark");
    /* a check, a mate, a mate is also a check, a check that is no mate */
    const char *mate1 = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1";
    expect_parse(chess, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1-a8+", "a1-a8");
    expect_parse(chess, mate1, "a1-a8#", "a1-a8");
    expect_parse(chess, mate1, "a1a8+", "a1-a8");
    expect_error(chess, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1-a8#", "move 'a1-a8#' does not give mate");
    /* outside text is quoted; an overlong text is refused, not cut */
    expect_error(chess, start, "e2-e5\x1b[2J", "malformed move 'e2-e5\\x1b[2J' (expected e.g. e2-e4, see the move text)");
    expect_error(chess, start, "e2-e5\xff\xfe", "malformed move 'e2-e5\\xff\\xfe' (expected e.g. e2-e4, see the move text)");
    /* valid UTF-8 is shown as it is */
    expect_error(chess, start, "e2-\xc3\xa9", "malformed move 'e2-\xc3\xa9' (expected e.g. e2-e4, see the move text)");
    char longtext[200];
    memset(longtext, 'a', sizeof longtext);
    memcpy(longtext, "e2-e4", 5);
    longtext[199] = 0;
    expect_error(chess, start, longtext,
                 "move text 'e2-e4aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa...' is longer than 159 characters");
    expect_error(chess, "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "e1-e2\x07", "malformed move 'e1-e2\\x07' (expected e.g. e2-e4, see the move text)");
    expect_parse(chess, "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4-d5", "e4-d5xd5");
    expect_parse(chess, "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5xd5", "e4-d5xd5");
    expect_parse(chess, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", "e5-d6xd5");
    expect_parse(chess, "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8=N", "a7-a8=N");
    expect_parse(chess, "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1-g1,h1-f1", "e1-g1,h1-f1");
    expect_error(chess, start, "e2-e5", "illegal move 'e2-e5'");
    expect_error(chess, start, "banana", "malformed move 'banana' (expected e.g. e2-e4, see the move text)");
    expect_error(chess, start, "", "empty move");
    expect_error(chess, "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7-a8",
                 "ambiguous move 'a7-a8': could be a7-a8=Q, a7-a8=R, a7-a8=B, a7-a8=N");
    variant_free(chess);

    Variant *titan = load("titan-chess", NULL);
    /* a one-square castling is not a king step */
    const char *castle = "frylvqkulyrf/jjjwnbbnwjjj/pppppppppppp/12/12/12/12/12/12/PPPPPPPPPPPP/JJJWNBBNWJJJ/F1YLVQK3RF w Kkq - 0 1";
    expect_parse(titan, castle, "g1-h1", "g1-h1");
    expect_parse(titan, castle, "g1-h1,k1-g1", "g1-h1,k1-g1");
    expect_parse(titan, castle, "g1-i1,k1-h1", "g1-i1,k1-h1");
    variant_free(titan);

    Variant *sn = load("stealth-ninja", NULL);
    const char *snstart = "****ww****/grnbqkbnrg/pppppppppp/10/10/10/10/10/10/PPPPPPPP1P/GRNBQKBNRG/****1W****[JJJJSTjjjjst] w KQkq - 0 1";
    expect_parse(sn, snstart, "J@i2", "J@i2");
    expect_parse(sn, snstart, "J@i2-i5", "J@i2-i5");
    expect_parse(sn, snstart, "s@e0", "S@e0");
    expect_error(sn, snstart, "J@i2-i6", "illegal move 'J@i2-i6'");
    variant_free(sn);
}

/* The legal moves of p whose coordinate form is text. */
static int coord_twins(Position *p, const MoveList *ml, const char *text)
{
    int n = 0;
    for (int i = 0; i < ml->n; i++) {
        char buf[32];
        move_to_coord(p, &ml->m[i], p->v->rank_base, buf, sizeof buf);
        n += strcmp(buf, text) == 0;
    }
    return n;
}

/* Every legal move's coordinate form, in random games: it parses back to
 * the move, or is refused as ambiguous naming the move, exactly when
 * another legal move has the same coordinates (and no shorter form tells
 * them apart). */
static void coord_round_trip(const char *name)
{
    Variant *v = load(name, NULL);
    int checked = 0;
    for (int game = 0; game < 1; game++) {
        Position p;
        pos_start(&p, v);
        for (int ply = 0; ply < 40; ply++) {
            MoveList ml;
            gen_legal(&p, &ml);
            if (ml.n == 0)
                break;
            for (int i = 0; i < ml.n; i++) {
                char coord[32], full[160], err[512];
                move_to_coord(&p, &ml.m[i], v->rank_base, coord, sizeof coord);
                move_to_text(&p, &ml.m[i], full, sizeof full);
                Move back;
                int twins = coord_twins(&p, &ml, coord);
                if (move_from_text(&p, coord, &back, err, sizeof err) == 0) {
                    if (!move_equal(&back, &ml.m[i]) && twins == 1)
                        fail_msg("%s: '%s' gives another move than %s", name, coord, full);
                    checked++;
                } else {
                    if (twins < 2 || strncmp(err, "ambiguous move", 14) != 0)
                        fail_msg("%s: '%s' (%s, %d alike) refused: %s", name, coord, full, twins, err);
                }
            }
            Undo u;
            make_move(&p, &ml.m[rnd() % (uint64_t)ml.n], &u);
        }
    }
    assert_true(checked > 300);
    variant_free(v);
}

static void test_coordinate_round_trips(void **state)
{
    (void)state;
    const char *names[] = {"chess", "capablanca", "titan-chess", "stealth-ninja", "flying-warmachines",
                           "chess-titan-rooks", "makruk", "knightmate"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        coord_round_trip(names[i]);
}

static void test_coordinate_form(void **state)
{
    (void)state;
    Variant *chess = load("chess", NULL);
    const char *promo = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1";
    expect_parse(chess, promo, "a7a8q", "a7-a8=Q");
    expect_parse(chess, promo, "a7a8N", "a7-a8=N");
    expect_parse(chess, promo, "a7a8q+", "a7-a8=Q");
    expect_error(chess, promo, "a7a8k", "illegal move 'a7a8k'");
    expect_error(chess, promo, "a7a8z", "malformed move 'a7a8z' (expected e.g. e2-e4, see the move text)");
    expect_error(chess, promo, "a7a8", "ambiguous move 'a7a8': could be a7-a8=Q, a7-a8=R, a7-a8=B, a7-a8=N");
    /* castling as the king's move, as other engines print it */
    expect_parse(chess, "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1", "e1-g1,h1-f1");
    expect_parse(chess, "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1c1", "e1-c1,a1-d1");
    Position p;
    char err[256], buf[32];
    assert_int_equal(pos_from_fen(&p, chess, promo, err, sizeof err), 0);
    MoveList ml;
    gen_legal(&p, &ml);
    Move m;
    assert_int_equal(move_from_text(&p, "a7-a8=R", &m, err, sizeof err), 0);
    move_to_coord(&p, &m, 1, buf, sizeof buf);
    assert_string_equal(buf, "a7a8r");
    move_to_coord(&p, &m, 0, buf, sizeof buf); /* XBoard's labels on a board of 10 ranks */
    assert_string_equal(buf, "a6a7r");
    variant_free(chess);

    /* makruk: the pawn promotes to a met, letter M */
    Variant *mk = load("makruk", NULL);
    const char *mkpos = "4k3/8/8/7P/8/8/8/4K3 w - - 0 1";
    expect_parse(mk, mkpos, "h5h6m", "h5-h6=M");
    expect_parse(mk, mkpos, "h5h6", "h5-h6=M");
    expect_error(mk, mkpos, "h5h6s", "illegal move 'h5h6s'");
    expect_error(mk, mkpos, "h5h6q", "malformed move 'h5h6q' (expected e.g. e2-e4, see the move text)");
    variant_free(mk);

    /* drops: X@SQ names where the piece ends */
    Variant *sn = load("stealth-ninja", NULL);
    const char *snstart = "****ww****/grnbqkbnrg/pppppppppp/10/10/10/10/10/10/PPPPPPPP1P/GRNBQKBNRG/****1W****[JJJJSTjjjjst] w KQkq - 0 1";
    expect_parse(sn, snstart, "S@e0", "S@e0");
    expect_parse(sn, snstart, "J@i5", "J@i2-i5");
    variant_free(sn);

    /* several of our moves behind one coordinate move: the error names them */
    Variant *titan = load("titan-chess", NULL);
    const char *castle = "frylvqkulyrf/jjjwnbbnwjjj/pppppppppppp/12/12/12/12/12/12/PPPPPPPPPPPP/JJJWNBBNWJJJ/F1YLVQK3RF w Kkq - 0 1";
    expect_error(titan, castle, "g1h1", "ambiguous move 'g1h1': could be g1-h1, g1-h1,k1-g1");
    variant_free(titan);
}

/* Random edits of legal move texts: each names a legal move (whose text
 * reads back to it) or is refused with one printable line.  20000 edits,
 * 5000 in the lighter run. */
static void test_mutated_texts(void **state)
{
    (void)state;
    Variant *v = load("titan-chess", NULL);
    Position p;
    pos_start(&p, v);
    MoveList ml;
    gen_legal(&p, &ml);
    static const char alphabet[] = "abcdefghijklm0123456789-x^%:=@,+# QNJ\x01\x1b\xc3\xff";
    int accepted = 0, edits = test_size(20000, 5000);
    for (int iter = 0; iter < edits; iter++) {
        char text[200];
        move_to_text(&p, &ml.m[rnd() % (uint64_t)ml.n], text, sizeof text);
        for (int k = 1 + (int)(rnd() % 3); k > 0; k--) {
            size_t len = strlen(text), at = (size_t)(rnd() % (len + 1));
            char ch = alphabet[rnd() % (sizeof alphabet - 1)];
            if (rnd() % 3 == 0 && len > 0)
                memmove(text + at, text + at + (at < len), len - at);
            else if (at < len && rnd() % 2)
                text[at] = ch;
            else if (len + 1 < sizeof text) {
                memmove(text + at + 1, text + at, len - at + 1);
                text[at] = ch;
            }
        }
        Move m;
        char err[256] = "";
        if (move_from_text(&p, text, &m, err, sizeof err) == 0) {
            char back[160];
            Move again;
            move_to_text(&p, &m, back, sizeof back);
            assert_int_equal(move_from_text(&p, back, &again, err, sizeof err), 0);
            assert_true(move_equal(&m, &again));
            accepted++;
            continue;
        }
        assert_true(err[0] != 0);
        for (const unsigned char *e = (const unsigned char *)err; *e; e++)
            if (*e < 0x20 || *e >= 0x7f) /* no byte here forms valid UTF-8 */
                fail_msg("'%s' gives an unprintable message: %s", text, err);
    }
    assert_true(accepted > edits / 200);
    variant_free(v);
}

/* The structured reader the screen uses: what went wrong, and the moves a
 * text that names several could be, in the move text and in SAN. */
static void test_read_results(void **state)
{
    (void)state;
    Variant *v = test_variant("chess");
    Position p;
    char err[200];
    /* knights on b1 and f3 both reach d2; pawn e2 can go to e3 or e4 */
    assert_int_equal(pos_from_fen(&p, v, "4k3/8/8/8/8/5N2/4P3/1N2K3 w - - 0 1", err, sizeof err), 0);
    MoveRead r;
    assert_int_equal(move_read_input(&p, "e2-e4", &r), MOVE_READ_OK);
    assert_string_equal(move_to_text(&p, &r.move, err, sizeof err), "e2-e4");
    assert_int_equal(move_read_input(&p, "Nd2", &r), MOVE_READ_AMBIGUOUS);
    assert_int_equal(r.ncand, 2);
    char a[160], b[160];
    move_to_text(&p, &r.cand[0], a, sizeof a);
    move_to_text(&p, &r.cand[1], b, sizeof b);
    assert_true((!strcmp(a, "b1-d2") && !strcmp(b, "f3-d2")) || (!strcmp(a, "f3-d2") && !strcmp(b, "b1-d2")));
    assert_non_null(strstr(r.msg, "ambiguous move 'Nd2': could be"));
    assert_int_equal(move_read_input(&p, "e2-e5", &r), MOVE_READ_ILLEGAL);
    assert_int_equal(r.ncand, 0);
    assert_string_equal(r.msg, "illegal move 'e2-e5'");
    assert_int_equal(move_read_input(&p, "zz9", &r), MOVE_READ_MALFORMED);
    assert_int_equal(move_read_input(&p, "e2-e4#", &r), MOVE_READ_BAD_MARK);
    assert_string_equal(r.msg, "move 'e2-e4#' does not give mate");
    assert_int_equal(move_read_input(&p, "Qd1", &r), MOVE_READ_ILLEGAL);
    /* the move text's own short forms: one text, several promotions */
    assert_int_equal(pos_from_fen(&p, v, "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", err, sizeof err), 0);
    assert_int_equal(move_read_text(&p, "b7-b8", &r), MOVE_READ_AMBIGUOUS);
    assert_int_equal(r.ncand, 4);
    variant_free(v);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trips),
        cmocka_unit_test(test_short_forms_and_errors),
        cmocka_unit_test(test_coordinate_form),
        cmocka_unit_test(test_coordinate_round_trips),
        cmocka_unit_test(test_mutated_texts),
        cmocka_unit_test(test_read_results),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
