/* How a game ends (game.h), under RULINGS.md: checkmate, stalemate,
 * threefold repetition counting the start position, 100 plies (a mate on
 * the 100th wins), bare kings (a piece in hand or a Titan is material),
 * Capture the Scepter, and which one is reported when several hold. */
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

static Variant *load(const char *name, const char *options)
{
    Variant *v = test_variant(name);
    char err[200];
    if (options)
        assert_int_equal(variant_set_options(v, options, err, sizeof err), 0);
    return v;
}

static void start(Game *g, const Variant *v, const char *fen)
{
    Position p;
    char err[256];
    if (pos_from_fen(&p, v, fen, err, sizeof err))
        fail_msg("%s: %s", fen, err);
    game_init(g, &p);
}

/* Plays the moves (space-separated move texts). */
static void play(Game *g, const char *moves)
{
    char buf[400];
    snprintf(buf, sizeof buf, "%s", moves);
    for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " ")) {
        Move m;
        char err[256];
        if (move_from_text(&g->pos, tok, &m, err, sizeof err))
            fail_msg("%s: %s", tok, err);
        game_push(g, &m);
    }
}

/* The status after the moves, and the winner it gives. */
static void expect(const char *variant, const char *options, const char *fen, const char *moves, GameStatus st,
                   int winner)
{
    Variant *v = load(variant, options);
    Game g;
    start(&g, v, fen);
    play(&g, moves);
    GameStatus got = game_status(&g);
    if (got != st)
        fail_msg("%s after '%s': %s, expected %s", fen, moves, game_status_text(got), game_status_text(st));
    assert_int_equal(game_winner(&g, got), winner);
    game_free(&g);
    variant_free(v);
}

#define CHESS "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
#define KNIGHTS "g1-f3 g8-f6 f3-g1 f6-g8"

static void mate_and_stalemate(void **state)
{
    (void)state;
    expect("chess", NULL, "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", "", GS_ONGOING, -1);
    expect("chess", NULL, "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", "a1-a8", GS_CHECKMATE, NC_WHITE);
    expect("chess", NULL, "r5k1/8/8/8/8/8/5PPP/6K1 b - - 0 1", "a8-a1", GS_CHECKMATE, NC_BLACK);
    expect("chess", NULL, "k7/8/8/8/8/8/8/K5Q1 w - - 0 1", "g1-b6", GS_STALEMATE, -1);
    /* a check that is no mate */
    expect("chess", NULL, "6k1/5pp1/8/8/8/8/5PPP/R5K1 w - - 0 1", "a1-a8", GS_ONGOING, -1);
}

static void repetition(void **state)
{
    (void)state;
    /* the start position counts: it is there for the third time after 8 plies */
    expect("chess", NULL, CHESS, KNIGHTS, GS_ONGOING, -1);
    expect("chess", NULL, CHESS, KNIGHTS " " KNIGHTS, GS_REPETITION, -1);
    /* a set-up start position too */
    expect("chess", NULL, "4k3/8/8/8/8/8/8/R3K3 w - - 10 20", "a1-a2 e8-d8 a2-a1 d8-e8 a1-a2 e8-d8 a2-a1 d8-e8",
           GS_REPETITION, -1);
    /* the third time of a later position */
    expect("chess", NULL, CHESS, "g1-f3 g8-f6 f3-g1 f6-g8 g1-f3 g8-f6 f3-g1 f6-g8", GS_REPETITION, -1);
    expect("chess", NULL, CHESS, "g1-f3 g8-f6 f3-g1 f6-g8 g1-f3 g8-f6 f3-g1", GS_ONGOING, -1);
    /* castling rights differ: the king went and came back, not the same position */
    expect("chess", NULL, "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1-d1 e8-d8 d1-e1 d8-e8 e1-d1 e8-d8 d1-e1 d8-e8",
           GS_ONGOING, -1);
    expect("chess", NULL, "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1",
           "e1-d1 e8-d8 d1-e1 d8-e8 e1-d1 e8-d8 d1-e1 d8-e8 e1-d1 e8-d8 d1-e1 d8-e8", GS_REPETITION, -1);
}

/* No window: moves that reset the 100-ply count but can be undone (a ninja
 * pawn's step aside and back) leave the earlier positions reachable. */
static void repetition_across_resets(void **state)
{
    (void)state;
    const char *sn = "****2****/10/4k5/4j5/10/10/10/10/4J5/4K5/10/****2****[] w - - 0 1";
    expect("stealth-ninja", NULL, sn, "e3-f3 e8-f8 f3-e3 f8-e8 e3-f3 e8-f8 f3-e3", GS_ONGOING, -1);
    expect("stealth-ninja", NULL, sn, "e3-f3 e8-f8 f3-e3 f8-e8 e3-f3 e8-f8 f3-e3 f8-e8", GS_REPETITION, -1);
    /* a capture makes the earlier positions unreachable */
    expect("chess", NULL, "4k3/8/8/8/8/8/p7/R3K3 w - - 0 1", "a1-a2xa2 e8-d8 a2-a1 d8-e8 a1-a2 e8-d8 a2-a1 d8-e8",
           GS_ONGOING, -1);
}

/* En-passant targets are part of the position only while a legal move
 * takes on them (RULINGS.md: the same possible moves). */
static void repetition_and_en_passant(void **state)
{
    (void)state;
    /* after e2-e4 no black pawn can take on e3: the same as later with Black to move */
    expect("chess", NULL, CHESS, "e2-e4 g8-f6 g1-f3 f6-g8 f3-g1 g8-f6 g1-f3 f6-g8 f3-g1", GS_REPETITION, -1);
    expect("chess", NULL, CHESS, "e2-e4 g8-f6 g1-f3 f6-g8 f3-g1 g8-f6 g1-f3 f6-g8", GS_ONGOING, -1);
    /* after d7-d5 the pawn on e5 can take on d6: that position is not repeated later */
    const char *ep = "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1";
    expect("chess", NULL, ep, "d7-d5 e1-e2 e8-e7 e2-e1 e7-e8 e1-e2 e8-e7 e2-e1 e7-e8", GS_ONGOING, -1);
    expect("chess", NULL, ep, "d7-d5 e1-e2 e8-e7 e2-e1 e7-e8 e1-e2 e8-e7 e2-e1 e7-e8 e1-e2 e8-e7 e2-e1 e7-e8",
           GS_REPETITION, -1);
}

static void hundred_plies(void **state)
{
    (void)state;
    expect("chess", NULL, "4k3/8/8/8/8/8/8/R3K3 w - - 98 60", "a1-a2", GS_ONGOING, -1);
    expect("chess", NULL, "4k3/8/8/8/8/8/8/R3K3 w - - 99 60", "a1-a2", GS_FIFTY, -1);
    /* a capture or a pawn move on the 100th ply resets the count */
    expect("chess", NULL, "4k3/8/8/8/8/8/r7/R3K3 w - - 99 60", "a1-a2xa2", GS_ONGOING, -1);
    expect("chess", NULL, "4k3/8/8/8/8/8/P7/R3K3 w - - 99 60", "a2-a3", GS_ONGOING, -1);
    /* a mate on the 100th ply wins; a stalemate there is a stalemate */
    expect("chess", NULL, "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 99 60", "a1-a8", GS_CHECKMATE, NC_WHITE);
    expect("chess", NULL, "k7/8/8/8/8/8/8/K5Q1 w - - 99 60", "g1-b6", GS_STALEMATE, -1);
    /* repetition before 100 plies when both hold */
    expect("chess", NULL, "4k3/8/8/8/8/8/8/R3K3 w - - 92 20", "a1-a2 e8-d8 a2-a1 d8-e8 a1-a2 e8-d8 a2-a1 d8-e8",
           GS_REPETITION, -1);
}

static void bare_kings(void **state)
{
    (void)state;
    expect("chess", NULL, "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "", GS_BARE_KINGS, -1);
    expect("chess", NULL, "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1", "", GS_ONGOING, -1);
    expect("chess", NULL, "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1", "e1-e2xe2", GS_BARE_KINGS, -1);
    /* before repetition */
    expect("chess", NULL, "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "e1-d1 e8-d8 d1-e1 d8-e8 e1-d1 e8-d8 d1-e1 d8-e8",
           GS_BARE_KINGS, -1);
    /* a piece in hand is material */
    expect("stealth-ninja", NULL, "****2****/10/4k5/10/10/10/10/10/10/4K5/10/****2****[J] w - - 0 1", "", GS_ONGOING,
           -1);
    expect("stealth-ninja", NULL, "****2****/10/4k5/10/10/10/10/10/10/4K5/10/****2****[] w - - 0 1", "",
           GS_BARE_KINGS, -1);
    /* a Titan is material */
    expect("chess-titan-rooks", NULL, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "", GS_ONGOING, -1);
}

static void scepter_first(void **state)
{
    (void)state;
    const char *fen = "****2****/4K5/10/10/10/10/10/10/10/10/k9/****2****[] w - - 0 1";
    /* kings alone: bare kings; the white king then lands on e11 */
    expect("stealth-ninja", "scepter", fen, "", GS_BARE_KINGS, -1);
    expect("stealth-ninja", "scepter", fen, "e10-e11", GS_SCEPTER, -1);
    expect("stealth-ninja", NULL, fen, "e10-e11", GS_BARE_KINGS, -1);
    /* landing there uncovers a mate: the Scepter comes first */
    const char *mate = "****2****/k3K4R/9R/10/10/10/10/10/10/10/10/****2****[] w - - 0 1";
    expect("stealth-ninja", NULL, mate, "e10-e11", GS_CHECKMATE, NC_WHITE);
    expect("stealth-ninja", "scepter", mate, "e10-e11", GS_SCEPTER, -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(mate_and_stalemate),
        cmocka_unit_test(repetition),
        cmocka_unit_test(repetition_across_resets),
        cmocka_unit_test(repetition_and_en_passant),
        cmocka_unit_test(hundred_plies),
        cmocka_unit_test(bare_kings),
        cmocka_unit_test(scepter_first),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
