/* Guards of the computer opponent's search itself, in every seed variant:
 * the search with its transposition table and pruning compared with the
 * plain search of itself (SEARCH_NO_TT, SEARCH_NO_PRUNING); forced mates,
 * exact whatever the move order, and mates that need the check extension
 * at a fixed depth; colour-mirrored endings evaluated and searched alike;
 * a tactics set solved at a fixed node count, and a losing capture
 * declined; and thousands of random positions over every shipped variant
 * and level, each answer checked legal by the rules core. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "datafile/datafile.h"
#include "rules/rules.h"
#include "notation/notation.h"
#include "search/eval.h"
#include "search/search.h"
#include "test_light.h"
#include "test_mirror.h"
#include "test_variant.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define PLAIN (SEARCH_NO_TT | SEARCH_NO_PRUNING)
#define MATE_IN(n) (SEARCH_MATE - (2 * (n) - 1))

static const char *const seed_variants[] = {"chess", "capablanca", "titan-chess", "stealth-ninja",
                                            "flying-warmachines", "titan-chess-titans"};
#define NSEED (sizeof seed_variants / sizeof seed_variants[0])

static uint64_t rnd(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

static void game_from(Game *g, const Variant *v, const char *fen)
{
    Position p;
    char err[256];
    if (pos_from_fen(&p, v, fen, err, sizeof err))
        fail_msg("%s: bad position text %s: %s", v->name, fen, err);
    game_init(g, &p);
}

/* A position reached by `plies` random legal moves from the start (fewer
 * when the game ends first); false when it has no legal move. */
static bool random_game(Game *g, const Variant *v, int plies, uint64_t *r)
{
    Position p;
    pos_start(&p, v);
    game_init(g, &p);
    for (int i = 0; i < plies; i++) {
        MoveList ml;
        gen_legal(&g->pos, &ml);
        if (ml.n == 0 || g->pos.scepter)
            return false;
        game_push(g, &ml.m[rnd(r) % (uint64_t)ml.n]);
    }
    MoveList ml;
    gen_legal(&g->pos, &ml);
    return ml.n > 0 && !g->pos.scepter;
}

/* The lighter run's searches build no endgame table, and main() gives
 * them an empty cache of their own, so that no table another test builds
 * meanwhile changes a search between two that are compared: the guards
 * here are the search's own, and the tables' building, minutes under the
 * sanitizers, is test_endgame's and test_eval_draw's to check. */
static unsigned table_flags(void)
{
    return test_light() ? SEARCH_NO_TABLE_BUILDS : 0;
}

/* A fresh search (empty table and history) of g to a fixed depth or
 * node count at full strength. */
static void search_fresh(Search *s, const Game *g, int depth, long long nodes, unsigned flags, SearchInfo *in)
{
    search_clear(s);
    SearchLimits lim = {.depth = depth, .nodes = nodes, .level = 10, .flags = flags | table_flags()};
    search_run(s, g, &lim, in);
    assert_true(in->done);
}

static const char *fen_of(const Position *p)
{
    static char buf[1024];
    pos_to_fen(p, buf, sizeof buf);
    return buf;
}

static bool is_legal_move(Position *p, const Move *m)
{
    MoveList ml;
    gen_legal(p, &ml);
    for (int i = 0; i < ml.n; i++)
        if (move_equal(&ml.m[i], m))
            return true;
    return false;
}

/* ---- 1. the table and the pruning against the plain search ---- */

/* With pruning off (the quiescence search's delta pruning included), the
 * table may change the search's scores only through entries from deeper
 * or other paths; at depths 1-4 on random positions that does not happen,
 * so every score must be the plain one exactly (144 of 144 agree).  The
 * lighter run takes two positions a variant instead of six. */
static void table_agrees_with_plain(void **state)
{
    (void)state;
    uint64_t r = 0x5EA12C4ULL;
    Search *s = search_new(1);
    assert_non_null(s);
    int compared = 0, differ = 0, games = test_size(6, 2);
    for (size_t k = 0; k < NSEED; k++) {
        Variant *v = test_variant(seed_variants[k]);
        for (int gi = 0; gi < games; gi++) {
            Game g;
            if (random_game(&g, v, 6 + (int)(rnd(&r) % 40), &r)) {
                for (int d = 1; d <= 4; d++) {
                    SearchInfo a, b;
                    search_fresh(s, &g, d, 0, PLAIN, &a);
                    search_fresh(s, &g, d, 0, SEARCH_NO_PRUNING, &b);
                    compared++;
                    if (a.score == b.score)
                        continue;
                    differ++;
                    print_message("%s depth %d: plain %d, with the table %d: %s\n", v->name, d, a.score, b.score,
                                  fen_of(&g.pos));
                }
            }
            game_free(&g);
        }
        variant_free(v);
    }
    search_free(s);
    print_message("table against plain: %d of %d fixed-depth scores differ\n", differ, compared);
    assert_true(compared >= test_size(120, 40));
    assert_int_equal(differ, 0);
}

/* Pawn endings transpose a lot: at depth 9 the table must save most of
 * the plain search's nodes, 2.5 times fewer at least (measured 3.0 to
 * 11.4 times fewer; with the bound flags of stored nodes swapped, 1.0 to
 * 1.7, measured before chess had its own weights) and keep its score
 * near (the quiescence search takes stored bounds of any depth, so the
 * table brings deeper results in: measured within 80 centipawns). */
static void table_cuts_pawn_endings(void **state)
{
    (void)state;
    static const struct {
        const char *variant, *fen;
    } endings[] = {
        {"chess", "8/8/3k4/8/2PK4/8/8/8 w - - 0 1"},
        {"chess", "8/2k5/8/1p1p4/1P1P4/8/5K2/8 w - - 0 1"},
        {"capablanca", "10/10/4k5/10/3PK5/10/10/10 w - - 0 1"},
        {"titan-chess", "12/12/12/12/12/5k6/12/12/4PK6/12/12/12 w - - 0 1"},
        {"stealth-ninja", "****2****/10/10/10/4k5/10/10/3PK5/10/10/10/****2****[] w - - 0 1"},
        {"flying-warmachines", "****2****/10/10/2k7/1p1p6/1P1P6/10/10/6K3/10/10/****2****[] w - - 0 1"},
    };
    Search *s = search_new(16);
    assert_non_null(s);
    for (size_t i = 0; i < sizeof endings / sizeof endings[0]; i++) {
        Variant *v = test_variant(endings[i].variant);
        Game g;
        game_from(&g, v, endings[i].fen);
        SearchInfo plain, table;
        search_fresh(s, &g, 9, 0, PLAIN, &plain);
        search_fresh(s, &g, 9, 0, SEARCH_NO_PRUNING, &table);
        print_message("%s depth 9: plain %d (%llu nodes), table %d (%llu nodes)\n", v->name, plain.score,
                      (unsigned long long)plain.nodes, table.score, (unsigned long long)table.nodes);
        if (table.nodes * 5 > plain.nodes * 2)
            fail_msg("%s: the table saves too little: %llu nodes against %llu plain", v->name,
                     (unsigned long long)table.nodes, (unsigned long long)plain.nodes);
        assert_true(abs(table.score - plain.score) <= 100);
        game_free(&g);
        variant_free(v);
    }
    search_free(s);
}

/* Scores of every root move by the plain search of depth - 1 below it
 * (depth when the move gives check, as the root extends it); the best
 * and the runner-up.  False when a move ends the game or a score is a
 * mate, where the comparison says nothing. */
static bool root_gap(Search *s, Game *g, int depth, Move *best, int *best_score, int *second)
{
    MoveList ml;
    gen_legal(&g->pos, &ml);
    *best_score = *second = -SEARCH_MATE;
    for (int i = 0; i < ml.n; i++) {
        game_push(g, &ml.m[i]);
        SearchInfo in;
        bool ok = game_status(g) == GS_ONGOING;
        if (ok) {
            search_fresh(s, g, depth - 1 + (in_check(&g->pos) ? 1 : 0), 0, PLAIN, &in);
            ok = in.has_best && abs(in.score) < SEARCH_MATE - 1000;
        }
        game_pop(g);
        if (!ok)
            return false;
        int sc = -in.score;
        if (sc > *best_score) {
            *second = *best_score;
            *best_score = sc;
            *best = ml.m[i];
        } else if (sc > *second) {
            *second = sc;
        }
    }
    return ml.n >= 2;
}

/* Where the plain search sees one move clearly best (150 centipawns
 * ahead of every other at depth 2), the full search at depth 2 plays it,
 * and its score stays near the plain one: pruning may cut lines, but not
 * the one that matters.  (The full quiescence search skips captures that
 * lose the capturing piece, which the plain one plays out: measured up to
 * 145 centipawns apart.)  Three positions a variant, one in the lighter
 * run. */
static void full_search_keeps_clear_best(void **state)
{
    (void)state;
    uint64_t r = 0xB0B0CAFEULL;
    Search *s = search_new(1);
    assert_non_null(s);
    int checked = 0, worst = 0, per_variant = test_size(3, 1);
    for (size_t k = 0; k < NSEED; k++) {
        Variant *v = test_variant(seed_variants[k]);
        int here = 0;
        for (int gi = 0; gi < 30 && here < per_variant; gi++) {
            Game g;
            Move best;
            int bs, second;
            if (random_game(&g, v, 8 + (int)(rnd(&r) % 50), &r) && root_gap(s, &g, 2, &best, &bs, &second) &&
                bs - second >= 150) {
                SearchInfo plain, full;
                search_fresh(s, &g, 2, 0, PLAIN, &plain);
                search_fresh(s, &g, 2, 0, 0, &full);
                assert_true(move_equal(&plain.best, &best));
                if (!move_equal(&full.best, &best) || abs(full.score - plain.score) > 200) {
                    char a[160], b[160];
                    move_to_text(&g.pos, &best, a, sizeof a);
                    move_to_text(&g.pos, &full.best, b, sizeof b);
                    fail_msg("%s: plain %s %d (next best %d), full %s %d: %s", v->name, a, plain.score, second, b,
                             full.score, fen_of(&g.pos));
                }
                if (abs(full.score - plain.score) > worst)
                    worst = abs(full.score - plain.score);
                here++;
            }
            game_free(&g);
        }
        assert_true(here >= 1);
        checked += here;
        variant_free(v);
    }
    search_free(s);
    print_message("clear best moves kept: %d positions, largest score difference %d\n", checked, worst);
    assert_true(checked >= test_size(12, (int)NSEED));
}

/* Forced mates are exact whatever the move order: the plain search
 * first sees each mate below at depth `first` (not at first - 1), and
 * from there on the search with the table gives exactly the same mate
 * score; the full search, whose pruning near the leaves may delay a mate,
 * gives it at first + 3 (measured: from first + 1 to first + 3, depending
 * on the mate and the size of the table).  The defender keeps a blocked pawn, so
 * that no endgame table answers. */
static void mates_agree_exactly(void **state)
{
    (void)state;
    static const struct {
        const char *variant, *fen;
        int mate_in, first;
    } mates[] = {
        {"chess", "k7/8/2K5/8/6p1/6P1/8/7R w - - 0 1", 2, 3},
        {"chess", "k7/8/8/3K4/6p1/6P1/8/7R w - - 0 1", 3, 5},
        {"capablanca", "k9/10/2K7/10/6p3/6P3/10/9R w - - 0 1", 2, 3},
        {"titan-chess", "k11/12/12/3K8/12/12/12/6p5/6P5/12/12/11R w - - 0 1", 3, 5},
        {"stealth-ninja", "****2****/k9/10/2K7/10/10/6p3/6P3/10/10/9R/****2****[] w - - 0 1", 2, 3},
        {"flying-warmachines", "****2****/k9/10/2K7/10/10/6p3/6P3/10/10/9R/****2****[] w - - 0 1", 2, 3},
    };
    Search *s = search_new(4);
    assert_non_null(s);
    for (size_t i = 0; i < sizeof mates / sizeof mates[0]; i++) {
        Variant *v = test_variant(mates[i].variant);
        Game g;
        game_from(&g, v, mates[i].fen);
        int mate = MATE_IN(mates[i].mate_in), first = mates[i].first;
        SearchInfo in;
        search_fresh(s, &g, first - 1, 0, PLAIN, &in);
        assert_true(in.score < SEARCH_MATE - 1000);
        for (int d = first; d <= first + 3; d++) {
            static const unsigned flags[3] = {PLAIN, SEARCH_NO_PRUNING, 0};
            for (int f = 0; f < 3; f++) {
                if (flags[f] == 0 && d < first + 3)
                    continue;
                search_fresh(s, &g, d, 0, flags[f], &in);
                if (in.score != mate)
                    fail_msg("%s depth %d flags %u: %d, not mate in %d: %s", v->name, d, flags[f], in.score,
                             mates[i].mate_in, mates[i].fen);
            }
        }
        game_free(&g);
        variant_free(v);
    }
    search_free(s);
}

/* Mates whose checking moves the search sees only because checks extend
 * by one ply: a mate in one at depth 1 (the root's extension) and a mate in
 * two at depth 2 (the extension inside the tree), plain and full. */
static void mates_at_extended_depth(void **state)
{
    (void)state;
    static const struct {
        const char *variant, *fen, *move;
        int depth, mate_in;
    } mates[] = {
        /* the queen takes the bishop with check, the rook must take, the
         * knight smothers the king */
        {"chess", "3r2bk/6pp/7N/8/8/1Q6/8/6K1 w - - 0 1", "b3-g8xg8", 2, 2},
        {"capablanca", "k9/ppr7/10/4A5/10/10/10/9K w - - 0 1", "e5-c7xc7", 1, 1},
        {"titan-chess", "7k4/2n3jjj3/2F9/12/12/12/12/12/12/12/12/K11 w - - 0 1", "c10-c12xc11", 1, 1},
        {"stealth-ninja", "****2****/10/10/10/8pp/8pk/10/7N2/7N2/10/K9/****2****[J] w - - 0 1", "J@i2-i5", 1, 1},
        {"flying-warmachines", "****2****/k9/pp8/10/2M7/10/10/10/10/10/9K/****2****[] w - - 0 1", NULL, 1, 1},
        {"chess-titan-rooks", "6bk/6rp/8/8/8/8/8/2B1K3 w - - 0 1", "c1-b2", 1, 1},
    };
    Search *s = search_new(1);
    assert_non_null(s);
    for (size_t i = 0; i < sizeof mates / sizeof mates[0]; i++) {
        Variant *v = test_variant(mates[i].variant);
        Game g;
        game_from(&g, v, mates[i].fen);
        for (int f = 0; f < 2; f++) {
            SearchInfo in;
            search_fresh(s, &g, mates[i].depth, 0, f ? 0 : PLAIN, &in);
            char buf[160];
            move_to_text(&g.pos, &in.best, buf, sizeof buf);
            if (in.score != MATE_IN(mates[i].mate_in) || (mates[i].move && strcmp(buf, mates[i].move)))
                fail_msg("%s depth %d%s: %s scored %d, not mate in %d by %s", v->name, mates[i].depth,
                         f ? "" : " plain", buf, in.score, mates[i].mate_in, mates[i].move ? mates[i].move : "any");
        }
        game_free(&g);
        variant_free(v);
    }
    search_free(s);
}

/* ---- colour symmetry of endings ---- */

/* Endings with passed promoting pieces of both colours, unequal so that
 * the passed-piece bonus decides: each and its colour-mirrored twin get
 * the same evaluation and the same plain and full search scores. */
static void endings_colour_symmetric(void **state)
{
    (void)state;
    static const struct {
        const char *variant, *fen;
    } endings[] = {
        {"chess", "8/1P6/8/3k4/8/5p2/1K6/8 w - - 0 1"},
        {"chess", "4k3/8/2p5/8/5P2/8/P7/4K3 b - - 0 1"},
        {"chess", "8/6pk/8/1R6/8/8/Pr4P1/6K1 w - - 0 1"},
        {"capablanca", "10/2P7/10/4k5/10/7p2/2K7/10 w - - 0 1"},
        {"capablanca", "5k4/10/1p8/10/8P1/10/P9/5K4 w - - 0 1"},
        {"titan-chess", "12/12/2P9/12/6k5/12/12/12/9p2/12/1K10/12 w - - 0 1"},
        {"titan-chess", "6k5/12/12/1j10/12/12/12/12/9J2/12/12/5K6 b - - 0 1"},
        {"titan-chess-titans", "12/12/2P9/12/6k5/12/12/12/9p2/12/1K10/12 w - - 0 1"},
        {"stealth-ninja", "****2****/10/2P7/10/6k3/10/10/7p2/10/1K8/10/****2****[] w - - 0 1"},
        {"stealth-ninja", "****2****/10/5k4/10/1j8/10/10/8J1/10/5K4/10/****2****[] b - - 0 1"},
        {"flying-warmachines", "****2****/10/2P7/10/6k3/10/10/7p2/10/1K8/10/****2****[] w - - 0 1"},
        {"flying-warmachines", "****2****/10/5k4/10/1j8/10/10/8J1/10/5K4/10/****2****[] b - - 0 1"},
    };
    EvalTables *et = malloc(sizeof *et);
    assert_non_null(et);
    Search *s = search_new(1);
    assert_non_null(s);
    int broken = 0;
    for (size_t i = 0; i < sizeof endings / sizeof endings[0]; i++) {
        Variant *v = test_variant(endings[i].variant);
        eval_init(et, v);
        Game g, gm;
        game_from(&g, v, endings[i].fen);
        Position q;
        mirror_position(&g.pos, &q);
        char err[256];
        assert_true(pos_ok(&q, err, sizeof err));
        game_init(&gm, &q);
        /* every asymmetry is reported before the test fails */
        int a = eval_position(et, &g.pos), b = eval_position(et, &q);
        if (a != b) {
            print_error("%s: evaluation %d but %d mirrored: %s\n", v->name, a, b, endings[i].fen);
            broken++;
        }
        for (int f = 0; f < 2; f++) {
            SearchInfo x, y;
            search_fresh(s, &g, 4, 0, f ? 0 : PLAIN, &x);
            search_fresh(s, &gm, 4, 0, f ? 0 : PLAIN, &y);
            if (x.score != y.score) {
                print_error("%s depth 4%s: %d but %d mirrored: %s\n", v->name, f ? "" : " plain", x.score,
                            y.score, endings[i].fen);
                broken++;
            }
        }
        game_free(&g);
        game_free(&gm);
        variant_free(v);
    }
    search_free(s);
    free(et);
    assert_int_equal(broken, 0);
}

/* ---- 2. tactics at a fixed node count ---- */

#define TACTIC_NODES 4000

typedef struct {
    const char *variant, *fen;
    const char *move;       /* the move text of the solution */
    int kind;               /* FX_* that the solution does (-1: none) */
    int removed;            /* pieces it removes (captured or crushed) */
    const char *about;
} Tactic;

static const Tactic tactics[] = {
    {"chess", "3r2bk/6pp/7N/8/8/1Q6/8/6K1 w - - 0 1", "b3-g8xg8", FX_CAPTURE, 1,
     "queen sacrifice, smothered mate"},
    {"chess", "r3k3/8/8/1N6/8/8/8/4K3 w - - 0 1", "b5-c7", -1, 0, "knight forks king and rook"},
    {"capablanca", "k9/ppr7/10/4A5/10/10/10/9K w - - 0 1", "e5-c7xc7", FX_CAPTURE, 1, "archbishop mates"},
    {"titan-chess", "7k4/12/12/12/12/12/12/4r7/3n8/2Y9/12/K11 w - - 0 1", "c3-e5xd4xe5", FX_CAPTURE, 2,
     "raptor takes two"},
    {"titan-chess", "r6k4/12/12/12/4n7/12/12/12/12/12/12/4F1K5 w - - 0 1", "e1-e9xe8", FX_CAPTURE, 1,
     "bomber flies over a knight"},
    {"titan-chess-titans", "7k4/12/12/12/12/12/5q6/4r7/12/2B9/12/K11 w - - 0 1", "c3-e5^e5%f6", FX_CRUSH, 1,
     "Titan rook pushed onto the queen"},
    {"stealth-ninja", "****2****/5k4/10/10/10/4r5/4n5/4W5/10/10/K9/****2****[] w - - 0 1", "e4-e6xe5xe6",
     FX_CAPTURE, 2, "ninja warrior jumps and takes two"},
    {"stealth-ninja", "****2****/10/10/10/8pp/8pk/10/7N2/7N2/10/K9/****2****[J] w - - 0 1", "J@i2-i5", -1, 0,
     "ninja pawn dropped mates"},
    {"flying-warmachines", "****2****/10/10/10/10/3k1r4/10/10/10/1B8/K9/****2****[J] w - - 0 1", "J@e2-e5", -1, 0,
     "ninja pawn dropped forks king and rook"},
};

/* The search's choice at a node limit. */
static Move choice_at(Search *s, const Game *g, long long nodes)
{
    SearchInfo in;
    search_fresh(s, g, 0, nodes, 0, &in);
    assert_true(in.has_best);
    return in.best;
}

/* Whether, in p, the piece on `sq` could be taken by the side to move. */
static bool can_take(Position *p, int sq)
{
    MoveList ml;
    gen_legal(p, &ml);
    for (int i = 0; i < ml.n; i++) {
        MoveEffects fx;
        move_effects(p, &ml.m[i], &fx);
        for (int k = 0; k < fx.n; k++)
            if (fx.kind[k] == FX_CAPTURE && fx.sq[k] == sq)
                return true;
    }
    return false;
}

static void check_tactic(Search *s, const Tactic *t)
{
    Variant *v = test_variant(t->variant);
    Game g;
    game_from(&g, v, t->fen);
    Move sol;
    char err[256];
    if (move_from_text(&g.pos, t->move, &sol, err, sizeof err))
        fail_msg("%s: %s: %s", t->variant, t->move, err);
    assert_true(is_legal_move(&g.pos, &sol));
    /* what the solution does, by the rules core */
    MoveEffects fx;
    move_effects(&g.pos, &sol, &fx);
    int removed = 0, kinds = 0;
    for (int k = 0; k < fx.n; k++) {
        if (fx.kind[k] != FX_PUSH)
            removed++;
        if ((int)fx.kind[k] == t->kind)
            kinds++;
    }
    if (removed != t->removed || (t->kind >= 0 && kinds == 0))
        fail_msg("%s: %s removes %d pieces, not %d", t->variant, t->move, removed, t->removed);
    /* found at the limit, and from how many nodes on (doubling) */
    Move m = choice_at(s, &g, TACTIC_NODES);
    char buf[160];
    move_to_text(&g.pos, &m, buf, sizeof buf);
    if (!move_equal(&m, &sol))
        fail_msg("%s (%s): %s at %d nodes, not %s", t->variant, t->about, buf, TACTIC_NODES, t->move);
    long long need = TACTIC_NODES;
    for (long long n = TACTIC_NODES / 2; n >= 16; n /= 2) {
        Move e = choice_at(s, &g, n);
        if (!move_equal(&e, &sol))
            break;
        need = n;
    }
    print_message("%-19s %-40s %-14s found from %lld nodes (limit %d)\n", t->variant, t->about, t->move, need,
                  TACTIC_NODES);
    /* a good margin: found with a quarter of the limit */
    assert_true(need * 4 <= TACTIC_NODES);
    game_free(&g);
    variant_free(v);
}

static void tactics_at_fixed_nodes(void **state)
{
    (void)state;
    Search *s = search_new(16);
    assert_non_null(s);
    for (size_t i = 0; i < sizeof tactics / sizeof tactics[0]; i++)
        if (tactics[i].move)
            check_tactic(s, &tactics[i]);
    search_free(s);
}

/* A capture that loses: the bomber could fly over the knight on e8, but
 * would land on e9 under the rook on e12 (a bomber for a knight), which a
 * rook's capture of the knight would not.  The search at the node limit
 * declines it. */
static void losing_captures_declined(void **state)
{
    (void)state;
    static const struct {
        const char *variant, *fen, *bad;
        int removed;
    } traps[] = {
        {"titan-chess", "4r2k4/12/12/12/4n7/12/12/12/12/12/12/4F1K5 w - - 0 1", "e1-e9xe8", 1},
    };
    Search *s = search_new(16);
    assert_non_null(s);
    for (size_t i = 0; i < sizeof traps / sizeof traps[0]; i++) {
        Variant *v = test_variant(traps[i].variant);
        Game g;
        game_from(&g, v, traps[i].fen);
        Move bad;
        char err[256];
        if (move_from_text(&g.pos, traps[i].bad, &bad, err, sizeof err))
            fail_msg("%s: %s", traps[i].bad, err);
        assert_true(is_legal_move(&g.pos, &bad));
        MoveEffects fx;
        move_effects(&g.pos, &bad, &fx);
        assert_int_equal(fx.n, traps[i].removed);
        Move m = choice_at(s, &g, TACTIC_NODES);
        if (move_equal(&m, &bad))
            fail_msg("%s: the losing %s played at %d nodes", v->name, traps[i].bad, TACTIC_NODES);
        game_free(&g);
        variant_free(v);
    }
    search_free(s);
}

/* The solutions that remove nothing themselves: the stealth-ninja drop
 * mates; the knight's move and the warmachines drop give check and attack
 * the rook, which falls next move whatever the reply. */
static void quiet_tactics_do_what_they_say(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof tactics / sizeof tactics[0]; i++) {
        const Tactic *t = &tactics[i];
        if (t->kind >= 0)
            continue;
        Variant *v = test_variant(t->variant);
        Game g;
        game_from(&g, v, t->fen);
        Move m;
        char err[256];
        assert_int_equal(move_from_text(&g.pos, t->move, &m, err, sizeof err), 0);
        assert_int_equal(m.kind, t->move[1] == '@' ? MK_DROP : MK_NORMAL);
        game_push(&g, &m);
        assert_true(in_check(&g.pos));
        if (strstr(t->about, "mates")) {
            assert_int_equal(game_status(&g), GS_CHECKMATE);
        } else {
            /* every reply leaves Black's rook to be taken */
            int rook = 0;
            for (int k = 0; k < v->nsquares; k++) {
                int c = g.pos.board[v->squares[k]];
                if (c != NC_EMPTY && nc_colour(c) == NC_BLACK && v->types[nc_type(c)].letter == 'R')
                    rook = v->squares[k];
            }
            assert_true(rook != 0);
            MoveList ml;
            gen_legal(&g.pos, &ml);
            assert_true(ml.n > 0);
            for (int r = 0; r < ml.n; r++) {
                Position after = g.pos;
                Undo u;
                make_move(&after, &ml.m[r], &u);
                assert_true(can_take(&after, rook));
            }
        }
        game_free(&g);
        variant_free(v);
    }
}

/* ---- 3. legality over thousands of random positions ---- */

/* Every shipped variant (and Titan Chess with its Titans), at every level
 * with small node limits: each answer is a legal move of the rules core,
 * and there is one exactly when a legal move exists.  The lighter run
 * plays a quarter of the games, every variant and level still searched. */
static void never_illegal_everywhere(void **state)
{
    (void)state;
    static const char *const variants[] = {
        "chess", "capablanca", "titan-chess", "stealth-ninja", "flying-warmachines", "titan-chess-titans",
        "chess-titan-rooks", "almost-chess", "amazon-chess", "antichess", "cambodian", "capahouse",
        "chess-no-castling", "chigorin-chess", "courier", "crazyhouse", "embassy", "extinction", "giveaway",
        "gothic", "grand", "horde", "janus", "knightmate", "losers", "makruk", "minixiangqi", "shako",
        "shatranj", "xiangqi"};
    uint64_t r = 0xD1CE5EEDULL;
    int searched = 0, per_level[11] = {0};
    for (size_t k = 0; k < sizeof variants / sizeof variants[0]; k++) {
        Variant *v = test_variant(variants[k]);
        bool seed = k < 6;
        Search *s = search_new(2);
        assert_non_null(s);
        for (int gi = 0; gi < (seed ? test_size(12, 3) : test_size(4, 1)); gi++) {
            Game g;
            Position p;
            pos_start(&p, v);
            game_init(&g, &p);
            for (int ply = 0; ply < 160; ply++) {
                MoveList ml;
                gen_legal(&g.pos, &ml);
                bool over = ml.n == 0 || g.pos.scepter || game_status(&g) != GS_ONGOING;
                if (ply % 2 == 0 || over) {
                    int level = 1 + (int)(rnd(&r) % 10);
                    SearchLimits lim = {.nodes = 200 + (long long)(rnd(&r) % 600), .level = level,
                                        .flags = table_flags()};
                    SearchInfo in;
                    search_run(s, &g, &lim, &in);
                    searched++;
                    per_level[level]++;
                    assert_true(in.done);
                    if (ml.n == 0 || g.pos.scepter) {
                        assert_false(in.has_best);
                    } else if (!in.has_best || !is_legal_move(&g.pos, &in.best)) {
                        fail_msg("%s level %d: %s move: %s", variants[k], level, in.has_best ? "illegal" : "no",
                                 fen_of(&g.pos));
                    }
                }
                if (over)
                    break;
                game_push(&g, &ml.m[rnd(&r) % (uint64_t)ml.n]);
            }
            game_free(&g);
        }
        search_free(s);
        variant_free(v);
    }
    print_message("never illegal: %d searches of random positions\n", searched);
    for (int l = 1; l <= 10; l++)
        assert_true(per_level[l] >= test_size(100, 25));
    assert_true(searched >= test_size(4000, 1000));
}

static clock_t mark;
static int cpu_report(void **state)
{
    (void)state;
    print_message("(%.1f s of processor time)\n", (double)(clock() - mark) / CLOCKS_PER_SEC);
    mark = clock();
    return 0;
}

int main(void)
{
    char cache[] = "/tmp/nc_guard_cache_XXXXXX", tables[64];
    bool own_cache = test_light() && mkdtemp(cache);
    if (own_cache)
        setenv("XDG_CACHE_HOME", cache, 1);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_teardown(table_agrees_with_plain, cpu_report),
        cmocka_unit_test_teardown(table_cuts_pawn_endings, cpu_report),
        cmocka_unit_test_teardown(full_search_keeps_clear_best, cpu_report),
        cmocka_unit_test_teardown(mates_agree_exactly, cpu_report),
        cmocka_unit_test_teardown(mates_at_extended_depth, cpu_report),
        cmocka_unit_test_teardown(endings_colour_symmetric, cpu_report),
        cmocka_unit_test_teardown(tactics_at_fixed_nodes, cpu_report),
        cmocka_unit_test_teardown(losing_captures_declined, cpu_report),
        cmocka_unit_test_teardown(quiet_tactics_do_what_they_say, cpu_report),
        cmocka_unit_test_teardown(never_illegal_everywhere, cpu_report),
    };
    int failed = cmocka_run_group_tests(tests, NULL, NULL);
    if (own_cache) {
        snprintf(tables, sizeof tables, "%s/ninjachess", cache);
        rmdir(tables);
        rmdir(cache);
    }
    return failed;
}
