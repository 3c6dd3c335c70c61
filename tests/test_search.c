/* The computer opponent: mates, tactics, stopping, legality of every move
 * it returns, determinism of the threaded search, and level strength; and
 * the colour symmetry of its evaluation. */
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
#include "search/timeman.h"
#include "test_light.h"
#include "test_mirror.h"
#include "test_variant.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void game_from(Game *g, const Variant *v, const char *fen)
{
    Position p;
    char err[256];
    if (fen) {
        if (pos_from_fen(&p, v, fen, err, sizeof err))
            fail_msg("bad position text %s: %s", fen, err);
    } else {
        pos_start(&p, v);
    }
    game_init(g, &p);
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

/* The lighter run's searches build no endgame table (only those already
 * cached count): the mates and captures asked for below are the search's
 * own, and the tables' building, minutes under the sanitizers, is
 * test_endgame's and test_eval_draw's to check. */
static unsigned table_flags(void)
{
    return test_light() ? SEARCH_NO_TABLE_BUILDS : 0;
}

/* Searches to a depth at full strength; returns the move text of the best
 * move in buf and the score. */
static int search_text(const char *variant, const char *fen, int depth, char *buf, int buflen, Move *best)
{
    Variant *v = test_variant(variant);
    Game g;
    game_from(&g, v, fen);
    Search *s = search_new(8);
    assert_non_null(s);
    SearchLimits lim = {.depth = depth, .level = 10, .flags = table_flags()};
    SearchInfo in;
    search_run(s, &g, &lim, &in);
    assert_true(in.done);
    assert_true(in.has_best);
    assert_true(is_legal_move(&g.pos, &in.best));
    move_to_text(&g.pos, &in.best, buf, buflen);
    if (best)
        *best = in.best;
    search_free(s);
    game_free(&g);
    variant_free(v);
    return in.score;
}

#define MATE_IN(n) (SEARCH_MATE - (2 * (n) - 1))

static void mate_in_one_chess(void **state)
{
    (void)state;
    char buf[160];
    int sc = search_text("chess", "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", 4, buf, sizeof buf, NULL);
    assert_string_equal(buf, "a1-a8");
    assert_int_equal(sc, MATE_IN(1));
}

static void mate_in_two_chess(void **state)
{
    (void)state;
    char buf[160];
    int sc = search_text("chess", "k7/8/2K5/8/8/8/8/7R w - - 0 1", 6, buf, sizeof buf, NULL);
    assert_int_equal(sc, MATE_IN(2));
}

static void mate_in_three_chess(void **state)
{
    (void)state;
    char buf[160];
    int sc = search_text("chess", "k7/8/8/3K4/8/8/8/7R w - - 0 1", 8, buf, sizeof buf, NULL);
    assert_int_equal(sc, MATE_IN(3));
}

/* MultiPV: with three lines asked, the mate comes first with its mate
 * score, the lines start with three different legal moves, best first;
 * the search's best move and score are line 1's.  With fewer legal moves
 * than lines, one line per move. */
static void multipv_lines(void **state)
{
    (void)state;
    Variant *v = test_variant("chess");
    Game g;
    game_from(&g, v, "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
    Search *s = search_new(8);
    assert_non_null(s);
    SearchInfo in;
    search_run(s, &g, &(SearchLimits){.depth = 5, .level = 10, .lines = 3}, &in);
    assert_int_equal(in.nlines, 3);
    char buf[64];
    move_to_text(&g.pos, &in.lines[0].pv[0], buf, sizeof buf);
    assert_string_equal(buf, "a1-a8");
    assert_int_equal(in.lines[0].score, MATE_IN(1));
    assert_true(move_equal(&in.best, &in.lines[0].pv[0]));
    assert_int_equal(in.score, in.lines[0].score);
    for (int k = 0; k < 3; k++) {
        assert_true(in.lines[k].npv >= 1);
        assert_true(is_legal_move(&g.pos, &in.lines[k].pv[0]));
        for (int j = 0; j < k; j++)
            assert_false(move_equal(&in.lines[j].pv[0], &in.lines[k].pv[0]));
        if (k)
            assert_true(in.lines[k].score <= in.lines[k - 1].score);
    }
    assert_true(in.lines[1].score < MATE_IN(1) - 100); /* no second mate in one */
    game_free(&g);

    /* two legal moves (Ka7, Kb8), four lines asked */
    game_from(&g, v, "k7/8/2K5/8/8/8/8/7R b - - 0 1");
    search_run(s, &g, &(SearchLimits){.depth = 4, .level = 10, .lines = 4}, &in);
    assert_int_equal(in.nlines, 2);
    assert_false(move_equal(&in.lines[0].pv[0], &in.lines[1].pv[0]));
    game_free(&g);

    /* one line unless asked */
    game_from(&g, v, NULL);
    search_run(s, &g, &(SearchLimits){.depth = 4, .level = 10}, &in);
    assert_int_equal(in.nlines, 1);
    assert_true(move_equal(&in.best, &in.lines[0].pv[0]));
    game_free(&g);
    search_free(s);
    variant_free(v);
}

/* The bomber flies over the knight on c11 and lands on c12: the king on h12
 * is then removable by a fly-over along rank 12, and cannot escape. */
static void mate_by_flyover_titan(void **state)
{
    (void)state;
    char buf[160];
    int sc = search_text("titan-chess", "7k4/2n3jjj3/2F9/12/12/12/12/12/12/12/12/K11 w - - 0 1", 4, buf, sizeof buf,
                         NULL);
    assert_string_equal(buf, "c10-c12xc11");
    assert_int_equal(sc, MATE_IN(1));
}

static void mate_in_three_titan(void **state)
{
    (void)state;
    char buf[160];
    int sc = search_text("titan-chess", "k11/12/12/3K8/12/12/12/12/12/12/12/11R w - - 0 1", 8, buf, sizeof buf, NULL);
    assert_int_equal(sc, MATE_IN(3));
}

static void mate_in_two_ten_by_ten(void **state)
{
    (void)state;
    char buf[160];
    const char *fen = "****2****/k9/10/2K7/10/10/10/10/10/10/9R/****2****[] w - - 0 1";
    assert_int_equal(search_text("stealth-ninja", fen, 6, buf, sizeof buf, NULL), MATE_IN(2));
    assert_int_equal(search_text("flying-warmachines", fen, 6, buf, sizeof buf, NULL), MATE_IN(2));
}

/* A ninja pawn dropped on i2 slides to i5 and attacks the king on j6, whose
 * flight squares are its own pawns or covered by the knights. */
static void mate_by_drop_stealth(void **state)
{
    (void)state;
    char buf[160];
    Move m;
    int sc = search_text("stealth-ninja", "****2****/10/10/10/8pp/8pk/10/7N2/7N2/10/K9/****2****[J] w - - 0 1", 4, buf,
                         sizeof buf, &m);
    assert_int_equal(m.kind, MK_DROP);
    assert_string_equal(buf, "J@i2-i5");
    assert_int_equal(sc, MATE_IN(1));
}

/* A warmachine leaps three squares to c10 and attacks a10 and b10 at once. */
static void mate_warmachine(void **state)
{
    (void)state;
    char buf[160];
    int sc = search_text("flying-warmachines", "****2****/k9/pp8/10/2M7/10/10/10/10/10/9K/****2****[] w - - 0 1", 4, buf,
                         sizeof buf, NULL);
    assert_int_equal(sc, MATE_IN(1));
}

/* Mate by a Titan crush.  Black's rook is a Titan on g7, in front of its
 * own king on h8; h7 and g8 are the king's own pieces.  The bishop moving to
 * the long diagonal threatens to move onto g7, pushing the Titan north-east
 * onto h8, which crushes the king: check by a push.  No black piece can
 * reach the diagonal or take the bishop, the king cannot move, and a rook
 * move away from g7 lets the bishop take the king directly: mate. */
static void mate_by_titan_crush(void **state)
{
    (void)state;
    const char *fen = "6bk/6rp/8/8/8/8/8/2B1K3 w - - 0 1";
    Variant *v = test_variant("chess-titan-rooks");
    assert_true(v->has_titans);
    Game g;
    game_from(&g, v, fen);
    assert_false(in_check(&g.pos));
    /* the rules API: after c1-b2 Black is in check (the push would crush
     * the king) and has no legal move */
    Move m;
    char err[256];
    if (move_from_text(&g.pos, "c1-b2", &m, err, sizeof err))
        fail_msg("c1-b2: %s", err);
    Position after = g.pos;
    Undo u;
    make_move(&after, &m, &u);
    assert_true(in_check(&after));
    MoveList ml;
    gen_legal(&after, &ml);
    assert_int_equal(ml.n, 0);
    /* the threat is a crush: the bishop's move onto g7 pushes the Titan
     * rook onto h8 and crushes the king there */
    assert_true(sq_removable(&after, after.king[NC_BLACK], NC_WHITE));
    Position threat = after;
    threat.side = NC_WHITE; /* White's moves in the position after */
    threat.key = pos_compute_key(&threat);
    MoveList wl;
    gen_pseudo(&threat, &wl);
    bool crush = false;
    for (int i = 0; i < wl.n && !crush; i++) {
        MoveEffects fx;
        move_effects(&threat, &wl.m[i], &fx);
        for (int k = 0; k < fx.n; k++)
            if (fx.kind[k] == FX_CRUSH && fx.sq[k] == after.king[NC_BLACK])
                crush = true;
    }
    assert_true(crush);
    Game mated;
    game_init(&mated, &after);
    assert_int_equal(game_status(&mated), GS_CHECKMATE);
    game_free(&mated);
    game_free(&g);
    variant_free(v);

    /* the search finds it */
    char buf[160];
    Move best;
    int sc = search_text("chess-titan-rooks", fen, 4, buf, sizeof buf, &best);
    assert_string_equal(buf, "c1-b2");
    assert_true(move_equal(&best, &m));
    assert_int_equal(sc, MATE_IN(1));
}

static void hanging_piece_taken(void **state)
{
    (void)state;
    char buf[160];
    search_text("chess", "4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1", 4, buf, sizeof buf, NULL);
    assert_string_equal(buf, "d1-d5xd5");
    /* the same by a fly-over capture on the big board */
    search_text("titan-chess", "7k4/12/12/12/12/12/q11/12/12/12/12/F5K5 w - - 0 1", 4, buf, sizeof buf, NULL);
    assert_string_equal(buf, "a1-a7xa6");
    /* and by a Titan crush: the rook pushes the Titan rook onto the queen */
    search_text("chess-titan-rooks", "4k3/8/q7/r7/8/8/8/R3K3 w - - 0 1", 4, buf, sizeof buf, NULL);
    assert_string_equal(buf, "a1-a5^a5%a6");
}

/* A capture in the quiescence search that gives mate: the side in check
 * may not stand pat.  At depth 1, taking the rook (b4xa6) lets the queen
 * take h2 with mate, which only the check evasions of quiescence see; the
 * pruning is off so that the queen's capture of a defended-looking pawn is
 * searched at all. */
static void quiescence_sees_capture_mate(void **state)
{
    (void)state;
    Variant *v = test_variant("chess");
    Game g;
    game_from(&g, v, "6k1/5ppp/r2b4/8/1N5q/8/5PPP/5RK1 w - - 0 1");
    Search *s = search_new(8);
    assert_non_null(s);
    SearchLimits lim = {.depth = 1, .level = 10, .flags = SEARCH_NO_PRUNING};
    SearchInfo in;
    search_run(s, &g, &lim, &in);
    char buf[160];
    move_to_text(&g.pos, &in.best, buf, sizeof buf);
    assert_string_not_equal(buf, "b4-a6xa6");
    assert_true(in.score > -SEARCH_MATE + 100);
    search_free(s);
    game_free(&g);
    variant_free(v);
}

/* The 100-ply rule: with 99 plies gone every quiet move draws, but a mate
 * delivered on the 100th ply still counts. */
static void hundred_ply_rule(void **state)
{
    (void)state;
    char buf[160];
    assert_int_equal(search_text("chess", "k7/8/8/8/8/8/8/K5Q1 w - - 99 80", 5, buf, sizeof buf, NULL), 0);
    assert_int_equal(search_text("chess", "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 99 80", 3, buf, sizeof buf, NULL),
                     MATE_IN(1));
}

static void checkmated_has_no_move(void **state)
{
    (void)state;
    Variant *v = test_variant("chess");
    Game g;
    game_from(&g, v, "R5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1");
    Search *s = search_new(1);
    SearchLimits lim = {.depth = 3, .level = 10};
    SearchInfo in;
    search_run(s, &g, &lim, &in);
    assert_true(in.done);
    assert_false(in.has_best);
    search_free(s);
    game_free(&g);
    variant_free(v);
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* CPU time of the whole process, every thread: unlike the wall clock it
 * does not grow while a loaded machine runs other processes. */
static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void stop_returns_at_once(void **state)
{
    (void)state;
    const char *variants[] = {"chess", "titan-chess"};
    for (int k = 0; k < 2; k++) {
        Variant *v = test_variant(variants[k]);
        Game g;
        game_from(&g, v, NULL);
        Search *s = search_new(16);
        SearchLimits lim = {.seconds = 60, .level = 10}; /* would think for a minute */
        assert_int_equal(search_start(s, &g, &lim), 0);
        struct timespec ts = {0, 150 * 1000000L};
        nanosleep(&ts, NULL);
        SearchInfo in;
        assert_false(search_poll(s, &in));
        double t0 = now(), c0 = cpu_now();
        search_stop(s);
        search_wait(s, &in);
        double dt = now() - t0, cpu = cpu_now() - c0;
        /* The search stops within its next node-count check, a millisecond
         * or so of work: far less than finishing the iteration (hundreds
         * of milliseconds here).  The CPU time measures that work even on a
         * loaded machine; the wall clock only guards against a hang. */
        assert_true(cpu < 0.05);
        assert_true(dt < 2.0);
        assert_true(in.done);
        assert_true(in.has_best);
        assert_true(is_legal_move(&g.pos, &in.best));
        /* stopping at once, before any iteration completed, still gives a move */
        search_start(s, &g, &lim);
        search_stop(s);
        search_wait(s, &in);
        assert_true(in.has_best);
        assert_true(is_legal_move(&g.pos, &in.best));
        /* stopping when idle is harmless */
        search_stop(s);
        search_free(s);
        game_free(&g);
        variant_free(v);
    }
}

/* The threaded search and the synchronous one agree at a fixed depth. */
static void threaded_matches_sync(void **state)
{
    (void)state;
    Variant *v = test_variant("capablanca");
    Game g;
    game_from(&g, v, NULL);
    Search *s = search_new(16);
    SearchLimits lim = {.depth = 6, .level = 10};
    SearchInfo a, b;
    search_run(s, &g, &lim, &a);
    search_clear(s);
    search_start(s, &g, &lim);
    while (!search_poll(s, &b)) {
        struct timespec ts = {0, 1000000L};
        nanosleep(&ts, NULL);
    }
    search_wait(s, &b);
    assert_true(move_equal(&a.best, &b.best));
    assert_int_equal(a.score, b.score);
    assert_true(a.nodes == b.nodes);
    assert_int_equal(b.depth, 6);
    search_free(s);
    game_free(&g);
    variant_free(v);
}

static uint64_t rnd(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* Positions reached by random legal moves: every returned move is legal,
 * and a move is returned exactly when one exists.  Twelve games a
 * variant, two in the lighter run. */
static void never_illegal(void **state)
{
    (void)state;
    const char *variants[] = {"chess", "capablanca", "titan-chess", "stealth-ninja", "flying-warmachines",
                              "chess-titan-rooks", "titan-chess-titans"};
    uint64_t r = 0x1234567ULL;
    int searched = 0, games = test_size(12, 2);
    for (size_t k = 0; k < sizeof variants / sizeof variants[0]; k++) {
        Variant *v = test_variant(variants[k]);
        Search *s = search_new(4);
        for (int gi = 0; gi < games; gi++) {
            Game g;
            game_from(&g, v, NULL);
            int plies = 120;
            for (int ply = 0; ply < plies; ply++) {
                MoveList ml;
                gen_legal(&g.pos, &ml);
                if (ply % 3 == 0 || ml.n == 0) {
                    SearchLimits lim = {.depth = 1 + (int)(rnd(&r) % 3), .nodes = 3000, .level = (int)(rnd(&r) % 11)};
                    SearchInfo in;
                    search_run(s, &g, &lim, &in);
                    searched++;
                    assert_true(in.done);
                    if (ml.n == 0 || g.pos.scepter) {
                        assert_false(in.has_best);
                    } else {
                        assert_true(in.has_best);
                        if (!is_legal_move(&g.pos, &in.best)) {
                            char fen[1024];
                            pos_to_fen(&g.pos, fen, sizeof fen);
                            fail_msg("illegal move returned in %s: %s", variants[k], fen);
                        }
                    }
                }
                if (ml.n == 0 || g.pos.scepter)
                    break;
                game_push(&g, &ml.m[rnd(&r) % (uint64_t)ml.n]);
            }
            game_free(&g);
        }
        search_free(s);
        variant_free(v);
    }
    assert_true(searched > test_size(1000, 150));
}

/* A node cap is exact on one thread: the search stops on the cap's node
 * and counts none entered after it, whatever caps and positions (a node
 * entered after the stop was once counted, so `--nodes N` reported N + 1). */
static void node_cap_exact(void **state)
{
    (void)state;
    const struct {
        const char *variant, *fen; /* fen NULL: the start */
    } cases[] = {
        {"chess", NULL},
        {"chess", "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"},
        {"capablanca", NULL},
        {"titan-chess", NULL},
        {"stealth-ninja", NULL},
        {"flying-warmachines", NULL},
    };
    int step = test_size(23, 61), searched = 0;
    Search *s = search_new(4);
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        Variant *v = test_variant(cases[k].variant);
        Game g;
        game_from(&g, v, cases[k].fen);
        for (int cap = 500; cap <= 3500; cap += step) {
            SearchInfo in;
            search_clear(s);
            search_run(s, &g, &(SearchLimits){.nodes = cap, .level = 10, .flags = table_flags()}, &in);
            searched++;
            if (in.nodes != (uint64_t)cap)
                fail_msg("%s from %s, --nodes %d: the search counted %llu nodes", cases[k].variant,
                         cases[k].fen ? cases[k].fen : "the start", cap, (unsigned long long)in.nodes);
        }
        game_free(&g);
        variant_free(v);
    }
    search_free(s);
    assert_true(searched > 6 * 3000 / step);
}

/* With helper threads sharing the table: every returned move is legal in
 * positions reached by random moves of every seed variant, the nodes
 * counted include the helpers', a stop ends every thread at once, and one
 * thread again gives the single-threaded search back exactly.  Three
 * games a variant, one in the lighter run, which also compares the
 * threads at depth 6 instead of 7. */
static void threads_never_illegal(void **state)
{
    (void)state;
    const char *variants[] = {"chess", "capablanca", "titan-chess", "stealth-ninja", "flying-warmachines",
                              "titan-chess-titans"};
    uint64_t r = 0xABCDEF1ULL;
    for (size_t k = 0; k < sizeof variants / sizeof variants[0]; k++) {
        Variant *v = test_variant(variants[k]);
        Search *s = search_new(4);
        assert_true(search_set_threads(s, 3));
        assert_int_equal(search_threads(s), 3);
        for (int gi = 0; gi < test_size(3, 1); gi++) {
            Game g;
            game_from(&g, v, NULL);
            for (int ply = 0; ply < 60; ply++) {
                MoveList ml;
                gen_legal(&g.pos, &ml);
                if (ml.n == 0 || g.pos.scepter)
                    break;
                if (ply % 10 == 9) {
                    SearchInfo in;
                    search_run(s, &g, &(SearchLimits){.depth = 5, .nodes = 20000, .level = 10}, &in);
                    assert_true(in.done && in.has_best);
                    if (!is_legal_move(&g.pos, &in.best)) {
                        char fen[1024];
                        pos_to_fen(&g.pos, fen, sizeof fen);
                        fail_msg("illegal move with threads in %s: %s", variants[k], fen);
                    }
                }
                game_push(&g, &ml.m[rnd(&r) % (uint64_t)ml.n]);
            }
            game_free(&g);
        }
        search_free(s);
        variant_free(v);
    }

    Variant *v = test_variant("chess");
    Game g;
    game_from(&g, v, NULL);
    Search *s = search_new(16);
    SearchInfo one, again, in;
    int depth = test_size(7, 6);
    search_run(s, &g, &(SearchLimits){.depth = depth, .level = 10}, &one);
    assert_true(search_set_threads(s, 2));
    search_clear(s);
    search_run(s, &g, &(SearchLimits){.depth = depth, .level = 10}, &in);
    assert_true(is_legal_move(&g.pos, &in.best));
    /* a node cap counts the helper's nodes too */
    search_clear(s);
    search_run(s, &g, &(SearchLimits){.nodes = 30000, .level = 10}, &in);
    assert_true(in.nodes < 30000 + 4096);
    /* a stop ends the helpers with the main search */
    search_start(s, &g, &(SearchLimits){.seconds = 60, .level = 10});
    struct timespec ts = {0, 100 * 1000000L};
    nanosleep(&ts, NULL);
    double t0 = now();
    search_stop(s);
    search_wait(s, &in);
    assert_true(now() - t0 < 2.0);
    assert_true(in.done && is_legal_move(&g.pos, &in.best));
    assert_false(search_set_threads(s, 0));
    assert_false(search_set_threads(s, SEARCH_MAX_THREADS + 1));
    assert_true(search_set_threads(s, 1));
    search_clear(s);
    /* the legality tests above reordered the position's piece list, which
     * orders the moves: the same search needs the same position */
    game_free(&g);
    game_from(&g, v, NULL);
    search_run(s, &g, &(SearchLimits){.depth = depth, .level = 10}, &again);
    assert_true(again.nodes == one.nodes && move_equal(&again.best, &one.best));
    search_free(s);
    game_free(&g);
    variant_free(v);
}

/* Every shipped variant's evaluation scores a position and its mirrored
 * twin alike, over positions reached by random moves. */
static void eval_colour_symmetry(void **state)
{
    (void)state;
    const char *variants[] = {"chess", "capablanca", "titan-chess", "stealth-ninja", "flying-warmachines",
                              "chess-titan-rooks", "titan-chess-titans"};
    uint64_t r = 0xC0FFEEULL;
    EvalTables *et = malloc(sizeof *et);
    assert_non_null(et);
    int compared = 0;
    for (size_t k = 0; k < sizeof variants / sizeof variants[0]; k++) {
        Variant *v = test_variant(variants[k]);
        eval_init(et, v);
        for (int gi = 0; gi < 6; gi++) {
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
                char err[256];
                assert_true(pos_ok(&q, err, sizeof err));
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
    assert_true(compared >= 300);
}

/* Plays a game between two levels from a start position; returns the
 * stronger side's result: 1 win, 0.5 draw or material ahead, 0 otherwise. */
static double play(const Variant *v, int strong, int weak, int strong_colour, uint64_t seed)
{
    Game g;
    game_from(&g, v, NULL);
    Search *s[2] = {search_new(4), search_new(4)};
    uint64_t r = seed;
    /* two random plies so that games differ */
    for (int k = 0; k < 2; k++) {
        MoveList ml;
        gen_legal(&g.pos, &ml);
        game_push(&g, &ml.m[rnd(&r) % (uint64_t)ml.n]);
    }
    GameStatus st;
    while ((st = game_status(&g)) == GS_ONGOING && g.nply < 160) {
        int me = g.pos.side == strong_colour ? 0 : 1;
        SearchLimits lim = {.nodes = 20000, .level = me == 0 ? strong : weak};
        SearchInfo in;
        search_run(s[me], &g, &lim, &in);
        assert_true(in.has_best);
        game_push(&g, &in.best);
    }
    double res;
    int w = game_winner(&g, st);
    if (w >= 0) {
        res = w == strong_colour ? 1.0 : 0.0;
    } else {
        int mat[2] = {0, 0};
        for (int c = 0; c < 2; c++)
            for (int i = 0; i < g.pos.npieces[c]; i++)
                mat[c] += v->types[nc_type(g.pos.board[g.pos.plist[c][i]])].value;
        res = mat[strong_colour] > mat[strong_colour ^ 1] + 300 ? 0.75 : 0.5;
    }
    search_free(s[0]);
    search_free(s[1]);
    game_free(&g);
    return res;
}

static void levels_differ(void **state)
{
    (void)state;
    Variant *v = test_variant("chess");
    double total = 0;
    for (int i = 0; i < 2; i++)
        total += play(v, 6, 1, i == 0 ? NC_WHITE : NC_BLACK, 77 + (uint64_t)i);
    variant_free(v);
    assert_true(total >= 1.5);
}

static bool near(double x, double want)
{
    return x > want - 1e-9 && x < want + 1e-9;
}

/* Thinking time from the clock: a target and a most, both latency-free. */
static void timeman_plans(void **state)
{
    (void)state;
    TimeBudget b = timeman_plan(&(TimeControl){.per_move = 0.2, .time_left = -1});
    assert_true(near(b.target, 0.2) && near(b.most, 0.2));
    /* 60 s and 2 s a move, no moves per session: 60/30 + 0.8 * 2, three times that at most */
    b = timeman_plan(&(TimeControl){.time_left = 60, .increment = 2});
    assert_true(near(b.target, 3.6 - 0.05) && near(b.most, 10.8 - 0.05));
    /* the last move before the control: never more than 0.4 of the clock */
    b = timeman_plan(&(TimeControl){.time_left = 10, .moves_per_session = 40, .moves_played = 39});
    assert_true(near(b.target, 4 - 0.05) && near(b.most, 4 - 0.05));
    /* 40 moves in the session, 10 played: 30 to go */
    b = timeman_plan(&(TimeControl){.time_left = 90, .moves_per_session = 40, .moves_played = 10});
    assert_true(near(b.target, 3 - 0.05) && near(b.most, 9 - 0.05));
    /* a nonsensical session length counts as the whole game, never a division by it */
    b = timeman_plan(&(TimeControl){.time_left = 90, .moves_per_session = -5, .moves_played = 7});
    assert_true(near(b.target, 3 - 0.05));
    /* no clock: the default 5 s, or nothing when a depth limit is set */
    b = timeman_plan(&(TimeControl){.time_left = -1});
    assert_true(near(b.target, 5) && near(b.most, 5));
    b = timeman_plan(&(TimeControl){.time_left = -1, .depth_limited = true});
    assert_true(near(b.most, 0));
}

/* Nodes of a fixed-depth search from a fresh search object, and its best
 * move as text; name=value pairs in params are set first. */
static uint64_t search_nodes(const char *variant, int depth, const char *param, int value, char *best, int bestlen)
{
    Variant *v = test_variant(variant);
    Game g;
    game_from(&g, v, NULL);
    Search *s = search_new(16);
    assert_non_null(s);
    if (param)
        assert_true(search_set_param(s, param, value));
    SearchInfo in;
    search_run(s, &g, &(SearchLimits){.depth = depth, .level = 10}, &in);
    assert_true(in.done && in.has_best);
    move_to_text(&g.pos, &in.best, best, bestlen);
    search_free(s);
    game_free(&g);
    variant_free(v);
    return in.nodes;
}

/* The search's signature: node counts of fixed-depth searches.  Any change
 * to the search's shape (pruning, ordering, the table's bounds) changes
 * them; a change that should not (a restructuring) must leave them.  A
 * change meant to alter the search updates these figures deliberately, with
 * its measurement in the commit message. */
static void search_signature(void **state)
{
    (void)state;
    static const struct {
        const char *variant;
        int depth;
        uint64_t nodes;
    } sig[] = {
        {"chess", 10, 147886},
        {"capablanca", 7, 73460},
        {"titan-chess", 7, 25615},
        {"stealth-ninja", 7, 40382},
        {"flying-warmachines", 7, 64973},
    };
    int wrong = 0;
    for (size_t i = 0; i < sizeof sig / sizeof sig[0]; i++) {
        char best[64];
        uint64_t n = search_nodes(sig[i].variant, sig[i].depth, NULL, 0, best, sizeof best);
        printf("signature %s depth %d: %llu nodes (pinned %llu), %s\n", sig[i].variant, sig[i].depth,
               (unsigned long long)n, (unsigned long long)sig[i].nodes, best);
        wrong += n != sig[i].nodes;
    }
    assert_int_equal(wrong, 0);
}

/* A level-10 search given no limit thinks for time-no-limit-ms and ends;
 * told to search until stopped (analysis, UCI's go infinite) it runs on
 * past that until stopped.  The cap is set to 100 ms here; the margins
 * (done by 3 s, still running at 1 s) hold on a loaded machine. */
static void until_stopped_runs_on(void **state)
{
    (void)state;
    Variant *v = test_variant("chess");
    Game g;
    game_from(&g, v, NULL);
    Search *s = search_new(16);
    assert_true(search_set_param(s, "time-no-limit-ms", 100));
    SearchInfo in;
    SearchLimits capped = {.level = 10};
    assert_int_equal(search_start(s, &g, &capped), 0);
    double t0 = now();
    bool done = false;
    while (!(done = search_poll(s, &in)) && now() - t0 < 3.0) {
        struct timespec ts = {0, 20 * 1000000L};
        nanosleep(&ts, NULL);
    }
    assert_true(done);
    search_wait(s, &in);
    SearchLimits endless = {.level = 10, .flags = SEARCH_UNTIL_STOPPED};
    assert_int_equal(search_start(s, &g, &endless), 0);
    struct timespec second = {1, 0};
    nanosleep(&second, NULL);
    assert_false(search_poll(s, &in));
    search_stop(s);
    search_wait(s, &in);
    assert_true(in.has_best);
    assert_true(is_legal_move(&g.pos, &in.best));
    search_free(s);
    game_free(&g);
    variant_free(v);
}

/* The tunable constants: each has a name, its default inside its range;
 * unknown names and values out of range are refused; a value changes the
 * search, and the default gives it back. */
static void search_params(void **state)
{
    (void)state;
    int n = search_param_count();
    assert_true(n >= 30);
    for (int i = 0; i < n; i++) {
        const char *name, *meaning;
        int def, min, max;
        assert_true(search_param_describe(i, &name, &def, &min, &max, &meaning));
        assert_true(min <= def && def <= max);
        assert_true(strlen(name) > 0 && strlen(meaning) > 0);
    }
    const char *name, *meaning;
    int def, min, max;
    assert_false(search_param_describe(n, &name, &def, &min, &max, &meaning));
    Search *s = search_new(1);
    assert_false(search_set_param(s, "no-such-parameter", 1));
    assert_false(search_set_param(s, "rfp-margin", 100000));
    assert_true(search_set_param(s, "rfp-margin", 110));
    search_free(s);
    char b1[64], b2[64], b3[64];
    uint64_t plain = search_nodes("chess", 8, NULL, 0, b1, sizeof b1);
    /* null move from depth 64: never */
    uint64_t no_null = search_nodes("chess", 8, "nmp-depth", 64, b2, sizeof b2);
    uint64_t same = search_nodes("chess", 8, "nmp-depth", 3, b3, sizeof b3);
    assert_true(no_null != plain);
    assert_int_equal(same, plain);
    /* a list of them: all or nothing */
    char why[200];
    assert_true(search_params_apply(NULL, "rfp-margin=120,lmp-base=5", why, sizeof why));
    assert_false(search_params_apply(NULL, "rfp-margin=120,nope=5", why, sizeof why));
    assert_non_null(strstr(why, "nope"));
    assert_false(search_params_apply(NULL, "rfp-margin=12x", why, sizeof why));
    assert_non_null(strstr(why, "from 10 to 1000"));
    assert_false(search_params_apply(NULL, "rfp-margin", why, sizeof why));
    assert_false(search_params_apply(NULL, "", why, sizeof why));
    s = search_new(1);
    assert_false(search_params_apply(s, "nmp-depth=64,bad=1", why, sizeof why));
    search_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(mate_in_one_chess),
        cmocka_unit_test(multipv_lines),
        cmocka_unit_test(mate_in_two_chess),
        cmocka_unit_test(mate_in_three_chess),
        cmocka_unit_test(mate_by_flyover_titan),
        cmocka_unit_test(mate_in_three_titan),
        cmocka_unit_test(mate_in_two_ten_by_ten),
        cmocka_unit_test(mate_by_drop_stealth),
        cmocka_unit_test(mate_warmachine),
        cmocka_unit_test(mate_by_titan_crush),
        cmocka_unit_test(hanging_piece_taken),
        cmocka_unit_test(quiescence_sees_capture_mate),
        cmocka_unit_test(hundred_ply_rule),
        cmocka_unit_test(checkmated_has_no_move),
        cmocka_unit_test(stop_returns_at_once),
        cmocka_unit_test(until_stopped_runs_on),
        cmocka_unit_test(threaded_matches_sync),
        cmocka_unit_test(never_illegal),
        cmocka_unit_test(node_cap_exact),
        cmocka_unit_test(levels_differ),
        cmocka_unit_test(eval_colour_symmetry),
        cmocka_unit_test(timeman_plans),
        cmocka_unit_test(search_signature),
        cmocka_unit_test(search_params),
        cmocka_unit_test(threads_never_illegal),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
