/* The position text read from outside (doc/position-text.md): every field's
 * limits, the positions that cannot arise, and pos_to_fen's worst case.
 * Each case asserts the exact message. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "datafile/datafile.h"
#include "rules/rules.h"
#include "test_variant.h"
#include "notation/notation.h"

#include <stdio.h>
#include <string.h>

static void expect_error(const char *variant, const char *fen, const char *message)
{
    Variant *v = test_variant(variant);
    Position p;
    char err[256] = "";
    int rc = pos_from_fen(&p, v, fen, err, sizeof err);
    if (rc == 0)
        fail_msg("accepted: %s", fen);
    assert_string_equal(err, message);
    variant_free(v);
}

/* fen is accepted and written back as itself. */
static void expect_ok(const char *variant, const char *fen)
{
    Variant *v = test_variant(variant);
    Position p;
    char err[256] = "", back[NC_POS_TEXT_MAX];
    if (pos_from_fen(&p, v, fen, err, sizeof err))
        fail_msg("%s: %s", fen, err);
    pos_to_fen(&p, back, sizeof back);
    assert_string_equal(back, fen);
    variant_free(v);
}

#define CHESS_TAIL "/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

static void counts_past_the_edge(void **state)
{
    (void)state;
    expect_error("chess", "rnbqkbnr/pppppppp/99" CHESS_TAIL,
                 "position text: empty-square count 99 runs past the end of rank 6 (8 files)");
    expect_error("chess", "rnbqkbnr/pppppppp/4P100" CHESS_TAIL,
                 "position text: empty-square count 100 runs past the end of rank 6 (8 files)");
    expect_error("chess", "rnbqkbnr/pppppppp/9" CHESS_TAIL,
                 "position text: empty-square count 9 runs past the end of rank 6 (8 files)");
    /* 2^32 + 8: wraps to 8 in 32 bits */
    expect_error("chess", "rnbqkbnr/pppppppp/4294967304" CHESS_TAIL,
                 "position text: empty-square count 4294967304 runs past the end of rank 6 (8 files)");
    expect_error("chess", "rnbqkbnr/pppppppp/000000000000000000000000000000000000000000000000009" CHESS_TAIL,
                 "position text: empty-square count 0000000000000000000000000000... runs past the end of rank 6 (8 files)");
    expect_error("chess", "rnbqkbnr/pppppppp/8P/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                 "position text: rank 6 is longer than the board's 8 files");
    expect_error("chess", "rnbqkbnr/pppppppp/0/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                 "position text: empty-square count 0 in rank 6");
    expect_ok("titan-chess", "frylvqkulyrf/jjjwnbbnwjjj/pppppppppppp/12/12/12/12/12/12/PPPPPPPPPPPP/JJJWNBBNWJJJ/"
                             "FRYLVQKULYRF w KQkq - 0 1");
}

#define START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - "

static void counters(void **state)
{
    (void)state;
    expect_ok("chess", START "999999 999999");
    expect_error("chess", START "1000000 1", "position text: half-move clock '1000000' is not a number from 0 to 999999");
    /* 2^32 + 1 and 2^64 + 1 wrap to 1 */
    expect_error("chess", START "0 4294967297", "position text: move number '4294967297' is not a number from 1 to 999999");
    expect_error("chess", START "18446744073709551617 1",
                 "position text: half-move clock '18446744073709551617' is not a number from 0 to 999999");
    expect_error("chess", START "-1 1", "position text: half-move clock '-1' is not a number from 0 to 999999");
    expect_error("chess", START "+1 1", "position text: half-move clock '+1' is not a number from 0 to 999999");
    expect_error("chess", START "0 0", "position text: move number '0' is not a number from 1 to 999999");
    expect_error("chess", START "5x 1", "position text: half-move clock '5x' is not a number from 0 to 999999");
    expect_error("chess", START "0 1 \x1b[2J", "position text: unexpected text '\\x1b[2J' at the end");
}

#define E4 "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq "
#define TITAN_G6 "frylvqkulyrf/jjjwnbbnwjjj/pppppppppppp/12/12/12/6P5/12/12/PPPPPP1PPPPP/JJJWNBBNWJJJ/FRYLVQKULYRF b KQkq "

static void en_passant(void **state)
{
    (void)state;
    expect_ok("chess", E4 "e3 0 1");
    expect_error("chess", E4 "e4 0 1", "position text: en-passant square e4 is not empty");
    expect_error("chess", E4 "e3 3 1", "position text: half-move clock 3 with en-passant squares: a pawn just moved, so it is 0");
    /* a knight does not leave targets */
    expect_error("chess", "rnbqkbnr/pppppppp/8/8/4N3/8/PPPP1PPP/RNBQKB1R b KQkq e3 0 1",
                 "position text: no white pawn that leaves en-passant squares stands beyond them, on e4");
    /* the pawn of the side to move is not the one that just ran */
    expect_error("chess", "rnbqkbnr/pppp1ppp/8/8/4p3/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1",
                 "position text: no white pawn that leaves en-passant squares stands beyond them, on e4");
    /* e2 is occupied: the pawn on e4 came from elsewhere */
    expect_error("chess", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPPPPPP/RNBQKBN1 b Qkq e3 0 1",
                 "position text: the pawn on e4 cannot have advanced over the en-passant squares from e2");
    /* from e1 no pawn runs */
    expect_error("chess", "rnbqkbnr/pppppppp/8/8/8/4P3/PPPP1PPP/RNBQ1BNR b kq e2 0 1",
                 "position text: the pawn on e3 cannot have advanced over the en-passant squares from e1");
    expect_error("chess", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq z9 0 1",
                 "position text: bad en-passant square near 'z9 0 1'");
    expect_error("chess", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq \x01\xff 0 1",
                 "position text: bad en-passant square near '\\x01\\xff 0 1'");
    /* Titan Chess: g3-g6 passes g4 and g5; g4-g6 passes g5 only */
    expect_ok("titan-chess", TITAN_G6 "g4,g5 0 1");
    expect_ok("titan-chess", TITAN_G6 "g5 0 1");
    expect_error("titan-chess", TITAN_G6 "g5,g4 0 1",
                 "position text: en-passant squares must follow one file in the direction of the pawn's move");
    expect_error("titan-chess", TITAN_G6 "g4,g5,g6 0 1", "position text: en-passant square g6 is not empty");
    /* ninja pawns never leave targets */
    expect_error("stealth-ninja",
                 "****ww****/grnbqkbnrg/pppppppppp/10/10/10/5J4/10/10/PPPPPPPPPP/GRNBQKBNRG/****WW****[JJJSTjjjjst] b KQkq f3,f4 0 1",
                 "position text: no white pawn that leaves en-passant squares stands beyond them, on f5");
    expect_ok("stealth-ninja",
              "****ww****/grnbqkbnrg/pppppppppp/10/10/10/5P4/10/10/PPPPP1PPPP/GRNBQKBNRG/****WW****[JJJJSTjjjjst] b KQkq f3,f4 0 1");
    /* a Titan pawn leaves none */
    Variant *v = test_variant("chess-titan-rooks");
    char err[256];
    assert_int_equal(variant_set_titans(v, "pawn", err, sizeof err), 0);
    Position p;
    assert_int_equal(pos_from_fen(&p, v, E4 "e3 0 1", err, sizeof err), -1);
    assert_string_equal(err, "position text: no white pawn that leaves en-passant squares stands beyond them, on e4");
    variant_free(v);
}

static void side_not_to_move_in_check(void **state)
{
    (void)state;
    expect_error("chess", "4k3/8/8/8/8/8/8/4Q1K1 w - - 0 1",
                 "position text: Black is in check (its King on e8 could be taken) but it is White's turn");
    expect_ok("chess", "4k3/8/8/8/8/8/8/4Q1K1 b - - 0 1");
    /* removable by a fly-over: a bomber on e2 flies over the king on e6 */
    expect_error("titan-chess", "12/12/12/12/12/12/4k7/12/12/12/4F7/K11 w - - 0 1",
                 "position text: Black is in check (its King on e6 could be taken) but it is White's turn");
}

static void kings(void **state)
{
    (void)state;
    expect_error("chess", "4k3/8/8/8/8/8/8/8 w - - 0 1", "position text: White has 0 Kings; this variant needs 1");
    expect_error("chess", "8/8/8/8/8/8/8/4K3 w - - 0 1", "position text: Black has 0 Kings; this variant needs 1");
    expect_error("chess", "4k3/8/8/8/8/8/8/3KK3 w - - 0 1", "position text: White has 2 Kings; this variant needs 1");
    expect_error("titan-chess", "12/12/12/12/12/12/12/12/12/12/12/6K5 w - - 0 1",
                 "position text: Black has 0 Kings; this variant needs 1");
    /* no royal piece at all: a diagram, as the rule texts' examples */
    expect_ok("titan-chess", "12/12/12/12/12/12/12/12/12/6P5/12/12 w - - 0 1");
}

static void pawn_ranks(void **state)
{
    (void)state;
    expect_error("chess", "4k3/8/8/8/8/8/8/4K2P w - - 0 1",
                 "position text: the Pawn on h1 cannot be there: it never moves back from rank 2");
    expect_error("chess", "4k2p/8/8/8/8/8/8/4K3 w - - 0 1",
                 "position text: the Pawn on h8 cannot be there: it never moves back from rank 7");
    expect_error("chess", "4k2P/8/8/8/8/8/8/4K3 w - - 0 1", "position text: a piece that must promote stands on h8");
    /* Titan Chess: rank 2 holds ninja pawns; a pawn there is no further back than the rule texts' diagrams */
    expect_error("titan-chess", "k10K/12/12/12/12/12/12/12/12/12/12/J11 w - - 0 1",
                 "position text: the Ninja Pawn on a1 cannot be there: it never moves back from rank 2");
    expect_ok("titan-chess", "k10K/12/12/12/12/12/12/12/12/12/1P10/12 w - - 0 1");
    expect_error("stealth-ninja", "****ww****/grnbqkbnrg/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/GRNBQKBNRG/****WJ****[JJJSTjjjjst] w KQkq - 0 1",
                 "position text: the Ninja Pawn on f0 cannot be there: it never moves back from rank 1");
    /* a Titan pawn may have been pushed there */
    Variant *v = test_variant("chess-titan-rooks");
    char err[256];
    assert_int_equal(variant_set_titans(v, "pawn", err, sizeof err), 0);
    Position p;
    assert_int_equal(pos_from_fen(&p, v, "4k3/8/8/8/8/8/8/4K2P w - - 0 1", err, sizeof err), 0);
    variant_free(v);
}

#define TITAN_START "frylvqkulyrf/jjjwnbbnwjjj/pppppppppppp/12/12/12/12/12/12/PPPPPPPPPPPP/JJJWNBBNWJJJ/FRYLVQKULYRF w "

static void castling(void **state)
{
    (void)state;
    expect_error("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w " "KKQQ - 0 1", "position text: castling right 'K' is given twice");
    expect_error("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w " "KH - 0 1", "position text: castling right 'H' is given twice");
    expect_error("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w " "Qq\x7f - 0 1", "position text: bad castling right '\\x7f'");
    expect_error("chess", "4k3/8/8/8/8/8/8/4K3 w kq - 0 1",
                 "position text: castling right 'k' needs the king and rook on their start squares");
    /* 12 files: K is the higher-file wing, not file k; B names the rook on b1 */
    Variant *v = test_variant("titan-chess");
    Position p;
    char err[256], back[NC_POS_TEXT_MAX];
    assert_int_equal(pos_from_fen(&p, v, TITAN_START "KBkb - 0 1", err, sizeof err), 0);
    pos_to_fen(&p, back, sizeof back);
    assert_string_equal(back, TITAN_START "KQkq - 0 1");
    assert_int_equal(pos_from_fen(&p, v, TITAN_START "K - 0 1", err, sizeof err), 0);
    pos_to_fen(&p, back, sizeof back);
    assert_string_equal(back, TITAN_START "K - 0 1");
    variant_free(v);
    expect_error("titan-chess", TITAN_START "BQ - 0 1", "position text: castling right 'Q' is given twice");
}

/* A 16x16 board and five droppable types (A-E) that step anywhere onto an
 * empty square: the longest position text there is. */
#define BLOCKER(n, l) "piece blocker-" n "\n  letter " l "\n  move slide all range=1 to=empty\nend\n"
static const char worst_variant[] =
    BLOCKER("a", "A") BLOCKER("b", "B") BLOCKER("c", "C") BLOCKER("d", "D") BLOCKER("e", "E")
    "variant worst\n  board 16x16\n  pieces king blocker-a blocker-b blocker-c blocker-d blocker-e\n"
    "  drop blocker-a rank=2\n  drop blocker-b rank=2\n  drop blocker-c rank=2\n  drop blocker-d rank=2\n"
    "  drop blocker-e rank=2\n  setup main 15k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 w - - 0 1\nend\n";

static Variant *load_worst(void)
{
    DataErrors errs;
    Variant *v = variant_load_text(NC_TEST_DATA_DIR, "worst.txt", worst_variant, &errs);
    if (!v)
        data_errors_print(&errs, stderr);
    assert_non_null(v);
    return v;
}

static void hand_limits(void **state)
{
    (void)state;
    Variant *v = load_worst();
    char fen[2048], err[256];
    Position p;
    /* 32 of one type */
    snprintf(fen, sizeof fen, "15k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K15[%s] w - - 0 1",
             "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
    assert_int_equal(pos_from_fen(&p, v, fen, err, sizeof err), -1);
    assert_string_equal(err, "position text: more than 31 'A' in hand");
    /* 31 + 31 + 31 + 31 + 5 = 129 */
    char hand[200] = "";
    for (int i = 0; i < 129; i++)
        hand[i] = (char)('A' + (i < 124 ? i / 31 : 4));
    hand[129] = 0;
    snprintf(fen, sizeof fen, "15k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K15[%s] w - - 0 1", hand);
    assert_int_equal(pos_from_fen(&p, v, fen, err, sizeof err), -1);
    assert_string_equal(err, "position text: more than 128 pieces in White's hand");
    hand[128] = 0;
    snprintf(fen, sizeof fen, "15k/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K15[%s] w - - 0 1", hand);
    assert_int_equal(pos_from_fen(&p, v, fen, err, sizeof err), 0);
    variant_free(v);
}

/* Every square filled, 128 pieces in each hand, the largest counters: the
 * text fits NC_POS_TEXT_MAX; a short buffer gets a cut, terminated text
 * and the whole length, never a write past its end. */
static void longest_text(void **state)
{
    (void)state;
    Variant *v = load_worst();
    char board[400] = "", hand[300] = "", fen[2048], err[256];
    for (int r = 0; r < 16; r++) {
        char rank[17];
        for (int f = 0; f < 16; f++)
            rank[f] = r < 8 ? 'a' : 'A';
        rank[16] = 0;
        if (r == 0)
            rank[15] = 'k';
        if (r == 15)
            rank[0] = 'K';
        snprintf(board + strlen(board), sizeof board - strlen(board), "%s%s", r ? "/" : "", rank);
    }
    for (int i = 0; i < 256; i++) {
        int k = i % 128;
        char l = (char)('A' + (k < 124 ? k / 31 : 4));
        hand[i] = i < 128 ? l : (char)(l - 'A' + 'a');
    }
    snprintf(fen, sizeof fen, "%s[%s] b - - 999999 999999", board, hand);
    Position p;
    if (pos_from_fen(&p, v, fen, err, sizeof err))
        fail_msg("%s", err);
    char out[NC_POS_TEXT_MAX + 8];
    memset(out, 'z', sizeof out);
    int n = pos_to_fen(&p, out, NC_POS_TEXT_MAX);
    assert_int_equal(n, (int)strlen(out));
    assert_true(n < NC_POS_TEXT_MAX);
    assert_int_equal(n, 271 + 258 + 3 + 1 + 1 + 1 + 14);
    assert_int_equal(out[NC_POS_TEXT_MAX], 'z');
    char small[40];
    memset(small, 'z', sizeof small);
    assert_int_equal(pos_to_fen(&p, small, 32), n);
    assert_int_equal((int)strlen(small), 31);
    assert_int_equal(small[32], 'z');
    assert_memory_equal(small, out, 31);
    variant_free(v);
}

static uint64_t rng = 12345;
static unsigned rnd(unsigned n)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (unsigned)(rng % n);
}

/* Random edits of good texts: each is refused with one printable line, or
 * accepted and then written as a text that reads back to itself. */
static void mutated_texts(void **state)
{
    (void)state;
    static const char *const cases[][2] = {
        {"chess", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"},
        {"titan-chess", TITAN_G6 "g4,g5 0 1"},
        {"stealth-ninja", "****ww****/grnbqkbnrg/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/GRNBQKBNRG/****WW****[JJJJSTjjjjst] w KQkq - 0 1"},
    };
    static const char alphabet[] = "0123456789/*[]-, wbKQkqPpJjRrNnBbe\x01\xff";
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        Variant *v = test_variant(cases[c][0]);
        for (int iter = 0; iter < 10000; iter++) {
            char text[300];
            snprintf(text, sizeof text, "%s", cases[c][1]);
            for (int k = 1 + (int)rnd(3); k > 0; k--) {
                size_t len = strlen(text), at = rnd((unsigned)len + 1);
                char ch = alphabet[rnd(sizeof alphabet - 1)];
                if (rnd(3) == 0 && len > 0)
                    memmove(text + at, text + at + (at < len), len - at); /* delete */
                else if (rnd(2) == 0 && at < len)
                    text[at] = ch; /* replace */
                else if (len + 1 < sizeof text) {
                    memmove(text + at + 1, text + at, len - at + 1); /* insert */
                    text[at] = ch;
                }
            }
            Position p, q;
            char err[256] = "", out[NC_POS_TEXT_MAX], out2[NC_POS_TEXT_MAX];
            if (pos_from_fen(&p, v, text, err, sizeof err)) {
                assert_true(strncmp(err, "position text: ", 15) == 0);
                for (const char *e = err; *e; e++)
                    if ((unsigned char)*e < 0x20 || (unsigned char)*e >= 0x7f)
                        fail_msg("'%s' gives an unprintable message", text);
                continue;
            }
            pos_to_fen(&p, out, sizeof out);
            if (pos_from_fen(&q, v, out, err, sizeof err))
                fail_msg("'%s' was accepted, but its text '%s' is refused: %s", text, out, err);
            pos_to_fen(&q, out2, sizeof out2);
            assert_string_equal(out, out2);
        }
        variant_free(v);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(counts_past_the_edge),
        cmocka_unit_test(counters),
        cmocka_unit_test(en_passant),
        cmocka_unit_test(side_not_to_move_in_check),
        cmocka_unit_test(kings),
        cmocka_unit_test(pawn_ranks),
        cmocka_unit_test(castling),
        cmocka_unit_test(hand_limits),
        cmocka_unit_test(longest_text),
        cmocka_unit_test(mutated_texts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
