/* XBoard move text (src/frontend/xboard_variant.c), which the engine and
 * the match controller both write and read: in random positions of every
 * shipped variant each legal move's text reads back (xb_parse_move) to
 * exactly that move; the one-square castling of flexible castling and the
 * king step to the same square get different texts; the forms XBoard
 * itself uses for castling (its own two-leg form, king takes own rook,
 * O-O / O-O-O) name the castling meant. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "datafile/datafile.h"
#include "notation/notation.h"
#include "rules/rules.h"
#include "test_light.h"
#include "test_variant.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rng_state = 4242;
static uint64_t rnd(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

static Position at(const Variant *v, const char *fen)
{
    Position p;
    char err[256];
    int rc = pos_from_fen(&p, v, fen, err, sizeof err);
    if (rc)
        fail_msg("%s: %s", fen, err);
    return p;
}

/* Every legal move of p: its text reads back to it.  Counts castlings
 * checked into *castles. */
static int check_position(const char *label, Position *p, int *castles)
{
    MoveList ml;
    gen_legal(p, &ml);
    for (int i = 0; i < ml.n; i++) {
        char text[64], fen[1024];
        xb_move_text(p, &ml.m[i], text, sizeof text);
        Move back;
        if (xb_parse_move(p, text, &back) == 0 && move_equal(&back, &ml.m[i])) {
            *castles += ml.m[i].kind == MK_CASTLE;
            continue;
        }
        pos_to_fen(p, fen, sizeof fen);
        for (int j = 0; j < ml.n; j++) {
            char other[64];
            xb_move_text(p, &ml.m[j], other, sizeof other);
            if (j != i && strcmp(other, text) == 0)
                fail_msg("%s: '%s' names two legal moves (kinds %d and %d) in %s", label, text, ml.m[i].kind,
                         ml.m[j].kind, fen);
        }
        fail_msg("%s: '%s' does not read back to its move in %s", label, text, fen);
    }
    return ml.n;
}

/* A random move; more often one that clears the king's rank (neither the
 * king nor a castling rook moves), so that castlings of every length
 * become legal, and now and then a castling when there is one. */
static int pick_move(const Variant *v, const Position *p, const MoveList *ml)
{
    int pick = (int)(rnd() % (uint64_t)ml->n);
    int k = p->king[p->side], c = p->side;
    uint64_t r = rnd() % 8;
    for (int i = 0; i < ml->n && k && r < 5; i++) {
        const Move *m = &ml->m[(pick + i) % ml->n];
        bool clears = m->kind == MK_NORMAL && m->from != k && v->rank_of[m->from] == v->rank_of[k] &&
                      v->rank_of[m->to] != v->rank_of[k] && m->from != v->castle_rook_sq[c][0] &&
                      m->from != v->castle_rook_sq[c][1];
        if ((r < 2 && m->kind == MK_CASTLE) || (r >= 2 && clears))
            return (pick + i) % ml->n;
    }
    return pick;
}

/* Seeded random games: at least `positions` positions checked (a quarter
 * of them in the lighter run). */
static void round_trip(const char *name, const char *options, const char *titans, const char *setup, int positions)
{
    positions = test_size(positions, positions / 4);
    Variant *v = test_variant_with(name, options, titans, setup);
    char label[160];
    snprintf(label, sizeof label, "%s%s%s", name, titans ? " titans " : "", titans ? titans : "");
    int checked = 0, moves = 0, castles = 0;
    for (int game = 0; checked < positions && game < 4 * positions; game++) {
        Position start;
        pos_start(&start, v);
        Game g;
        game_init(&g, &start);
        for (int ply = 0; ply < 120 && checked < positions; ply++) {
            Position *p = &g.pos;
            int n = check_position(label, p, &castles);
            checked++;
            moves += n;
            if (n == 0)
                break;
            MoveList ml;
            gen_legal(p, &ml);
            int pick = pick_move(v, p, &ml);
            game_push(&g, &ml.m[pick]);
            if (game_status(&g) != GS_ONGOING)
                break;
        }
        game_free(&g);
    }
    fprintf(stderr, "%-22s %4d positions %7d moves %5d castlings\n", label, checked, moves, castles);
    assert_true(checked >= positions);
    variant_free(v);
}

static bool has_castling(const Variant *v)
{
    Position p;
    pos_start(&p, v);
    return p.castle != 0;
}

/* Every variant in data/variants, and the option, Titan and setup
 * versions of the three games. */
static void test_round_trip_all_variants(void **state)
{
    (void)state;
    DIR *d = opendir(NC_TEST_DATA_DIR "/variants");
    assert_non_null(d);
    int variants = 0;
    for (struct dirent *e; (e = readdir(d));) {
        size_t len = strlen(e->d_name);
        if (len < 5 || strcmp(e->d_name + len - 4, ".txt") != 0)
            continue;
        char name[256];
        snprintf(name, sizeof name, "%.*s", (int)(len - 4), e->d_name);
        Variant *v = test_variant_with(name, NULL, NULL, NULL);
        bool castles = has_castling(v);
        variant_free(v);
        /* most positions in the games with flexible castling */
        bool flexible = strcmp(name, "titan-chess") == 0 || strcmp(name, "stealth-ninja") == 0 ||
                        strcmp(name, "flying-warmachines") == 0;
        round_trip(name, NULL, NULL, NULL, flexible ? 300 : castles ? 100 : 40);
        variants++;
    }
    closedir(d);
    assert_true(variants >= 30);
    round_trip("stealth-ninja", "insane-ninja,scepter", NULL, NULL, 200);
    round_trip("stealth-ninja", NULL, NULL, "second", 200);
    round_trip("stealth-ninja", "insane-ninja", "pawn,ninja-warrior,stealth-gryphon", NULL, 200);
    round_trip("flying-warmachines", NULL, "flying-warmachine,ninja-pawn,queen", NULL, 200);
    round_trip("titan-chess", NULL, "rook,queen", NULL, 200);
}

/* Stealth Ninja, White's king f1 with g1 and h1 empty (XBoard calls rank
 * 1 of the 10x12 box "2"): the king step f1-g1 and the one-square castling
 * f1-g1,i1-f1. */
static const char stealth_short[] =
    "****ww****/grnbqkbnrg/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/GRNBQK2RG/****WW****[JJJJSTjjjjst] w KQkq - 0 1";

static void find_king_moves(Position *p, int to, Move *step, Move *castle1)
{
    MoveList ml;
    gen_legal(p, &ml);
    int steps = 0, castles = 0;
    for (int i = 0; i < ml.n; i++) {
        if (ml.m[i].from != p->king[p->side] || ml.m[i].to != to)
            continue;
        if (ml.m[i].kind == MK_CASTLE)
            *castle1 = ml.m[i], castles++;
        else
            *step = ml.m[i], steps++;
    }
    assert_int_equal(steps, 1);
    assert_int_equal(castles, 1);
}

static int sq(const Variant *v, const char *name)
{
    for (int i = 0; i < v->nsquares; i++) {
        char buf[8];
        if (strcmp(nc_sqname(v, v->squares[i], buf), name) == 0)
            return v->squares[i];
    }
    fail_msg("no square %s", name);
    return -1;
}

static void expect_text(Position *p, const Move *m, const char *text)
{
    char buf[64];
    xb_move_text(p, m, buf, sizeof buf);
    assert_string_equal(buf, text);
    Move back;
    assert_int_equal(xb_parse_move(p, text, &back), 0);
    assert_true(move_equal(&back, m));
}

static void expect_parse(Position *p, const char *text, const Move *m)
{
    Move back;
    if (xb_parse_move(p, text, &back))
        fail_msg("'%s' is refused", text);
    assert_true(move_equal(&back, m));
}

static const Move *castling_to(Position *p, MoveList *ml, const char *king_to)
{
    gen_legal(p, ml);
    int to = sq(p->v, king_to);
    for (int i = 0; i < ml->n; i++)
        if (ml->m[i].kind == MK_CASTLE && ml->m[i].to == to)
            return &ml->m[i];
    fail_msg("no castling to %s", king_to);
    return NULL;
}

static void test_stealth_one_square_castling(void **state)
{
    (void)state;
    Variant *v = test_variant_with("stealth-ninja", NULL, NULL, NULL);
    Position p = at(v, stealth_short);
    Move step, castle1;
    find_king_moves(&p, sq(v, "g1"), &step, &castle1);
    assert_int_equal(castle1.aux, sq(v, "i1"));
    assert_int_equal(castle1.aux2, sq(v, "f1"));
    /* the king step keeps its text; the castling is XBoard's two-leg
     * form: the king to its rook's square, then on to where it stops */
    expect_text(&p, &step, "f2g2");
    expect_text(&p, &castle1, "f2i2,i2g2");
    /* the form XBoard sends for it: the king's move, then the rook's */
    expect_parse(&p, "f2g2,i2f2", &castle1);
    /* the longer castlings keep the king's move as text */
    MoveList ml;
    expect_text(&p, castling_to(&p, &ml, "h1"), "f2h2");
    expect_text(&p, castling_to(&p, &ml, "i1"), "f2i2");
    /* O-O: the castling in which the king moves two squares, as in chess */
    expect_parse(&p, "O-O", castling_to(&p, &ml, "h1"));
    expect_parse(&p, "0-0", castling_to(&p, &ml, "h1"));
    Move back;
    assert_int_equal(xb_parse_move(&p, "O-O-O", &back), -1); /* c1-e1 are occupied */
    variant_free(v);
}

/* Black's side, both wings open, and the second setup (rooks in the
 * corners): each castling and king step has a text of its own. */
static void test_stealth_castling_both_wings(void **state)
{
    (void)state;
    Variant *v = test_variant_with("stealth-ninja", NULL, NULL, NULL);
    Position p = at(v, "****ww****/gr3k2rg/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/GRNBQKBNRG/****WW****[JJJJSTjjjjst] b "
                       "KQkq - 0 1");
    int castles = 0;
    check_position("stealth-ninja black", &p, &castles);
    assert_int_equal(castles, 3 + 4); /* f11 to g..i and e..b */
    Move step, castle1;
    find_king_moves(&p, sq(v, "e10"), &step, &castle1);
    expect_text(&p, &step, "f11e11");
    expect_text(&p, &castle1, "f11b11,b11e11");
    MoveList ml;
    expect_parse(&p, "O-O-O", castling_to(&p, &ml, "d10"));
    expect_parse(&p, "O-O", castling_to(&p, &ml, "h10"));
    variant_free(v);

    v = test_variant_with("stealth-ninja", NULL, NULL, "second");
    p = at(v, "****ww****/rnbgqkgbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/R4K3R/****WW****[JJJJSTjjjjst] w KQkq - 0 "
              "1");
    castles = 0;
    check_position("stealth-ninja second", &p, &castles);
    assert_int_equal(castles, 4 + 5);
    find_king_moves(&p, sq(v, "g1"), &step, &castle1);
    expect_text(&p, &castle1, "f2j2,j2g2");
    variant_free(v);
}

/* Orthodox chess keeps e1g1; king takes own rook (Chess960 style) is read
 * as the castling it names. */
static void test_chess_castling_texts(void **state)
{
    (void)state;
    Variant *v = test_variant_with("chess", NULL, NULL, NULL);
    Position p = at(v, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    MoveList ml;
    expect_text(&p, castling_to(&p, &ml, "g1"), "e1g1");
    expect_text(&p, castling_to(&p, &ml, "c1"), "e1c1");
    expect_parse(&p, "e1h1", castling_to(&p, &ml, "g1"));
    expect_parse(&p, "e1a1", castling_to(&p, &ml, "c1"));
    expect_parse(&p, "O-O", castling_to(&p, &ml, "g1"));
    expect_parse(&p, "O-O-O", castling_to(&p, &ml, "c1"));
    Move back;
    assert_int_equal(xb_parse_move(&p, "e1f1,h1e1", &back), -1); /* no one-square castling in chess */
    variant_free(v);

    /* Capablanca: the king castles three squares, f1-i1 */
    v = test_variant_with("capablanca", NULL, NULL, NULL);
    p = at(v, "r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1");
    expect_text(&p, castling_to(&p, &ml, "i1"), "f1i1");
    expect_parse(&p, "f1j1", castling_to(&p, &ml, "i1"));
    expect_parse(&p, "O-O-O", castling_to(&p, &ml, "c1"));
    variant_free(v);
}

/* The variants feature: ours first, then the rest of the data path's
 * names (chess and capablanca as XBoard's own); a list that does not fit
 * says so and ends after a whole name. */
static void test_variant_list(void **state)
{
    (void)state;
    char *names[] = {"aaaa", "capablanca", "chess", "titan-chess", "bbbb"};
    const char *all = "normal,capablanca,titan-chess,stealth-ninja,flying-warmachines,chess-titan-rooks,"
                      "titan-chess-titans,aaaa,bbbb";
    char buf[200];
    assert_int_equal(xb_variant_list(names, 5, buf, strlen(all) + 1), 0);
    assert_string_equal(buf, all);
    assert_int_equal(xb_variant_list(names, 5, buf, strlen(all)), -1);
    assert_string_equal(buf, "normal,capablanca,titan-chess,stealth-ninja,flying-warmachines,chess-titan-rooks,"
                             "titan-chess-titans,aaaa");
    assert_int_equal(xb_variant_list(names, 5, buf, 90), -1);
    assert_string_equal(buf, "normal,capablanca,titan-chess,stealth-ninja,flying-warmachines,chess-titan-rooks");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_stealth_one_square_castling),
        cmocka_unit_test(test_stealth_castling_both_wings),
        cmocka_unit_test(test_chess_castling_texts),
        cmocka_unit_test(test_round_trip_all_variants),
        cmocka_unit_test(test_variant_list),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
