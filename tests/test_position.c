/* Positions: random games in every variant (this program links the library
 * built with NC_DEBUG, so pos_ok() checks hash, counts and lists after every
 * make and unmake), exact restoration by unmake, and position-text round trips. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "datafile/datafile.h"
#include "rules/rules.h"
#include "test_light.h"
#include "test_variant.h"
#include "notation/notation.h"

#include <stdio.h>
#include <string.h>

static uint64_t rng_state = 12345;
static uint64_t rnd(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

static void assert_same_state(const Position *a, const Position *b)
{
    assert_memory_equal(a->board, b->board, sizeof a->board);
    assert_memory_equal(a->hand, b->hand, sizeof a->hand);
    assert_int_equal(a->side, b->side);
    assert_int_equal(a->castle, b->castle);
    assert_int_equal(a->nep, b->nep);
    assert_memory_equal(a->ep, b->ep, sizeof a->ep[0] * a->nep);
    assert_int_equal(a->ep_victim, b->ep_victim);
    assert_int_equal(a->halfmove, b->halfmove);
    assert_int_equal(a->fullmove, b->fullmove);
    assert_int_equal(a->scepter, b->scepter);
    assert_true(a->key == b->key);
    assert_int_equal(a->npieces[0], b->npieces[0]);
    assert_int_equal(a->npieces[1], b->npieces[1]);
    assert_int_equal(a->king[0], b->king[0]);
    assert_int_equal(a->king[1], b->king[1]);
}

/* The position text of p parses back to the same position and prints the same. */
static void assert_fen_round_trip(const Position *p)
{
    char fen[1024], fen2[1024], err[256];
    pos_to_fen(p, fen, sizeof fen);
    Position q;
    int rc = pos_from_fen(&q, p->v, fen, err, sizeof err);
    if (rc)
        fprintf(stderr, "%s\n%s\n", fen, err);
    assert_int_equal(rc, 0);
    pos_to_fen(&q, fen2, sizeof fen2);
    assert_string_equal(fen, fen2);
    assert_true(q.key == p->key);
    assert_memory_equal(q.board, p->board, sizeof q.board);
}

typedef struct {
    uint64_t plies, captures, pushes, drops, castles, promotions;
} GameStats;

static bool in_list(const MoveList *ml, const Move *m)
{
    for (int i = 0; i < ml->n; i++)
        if (move_equal(&ml->m[i], m))
            return true;
    return false;
}

/* move_is_pseudo_legal against the generator: every pseudo-legal move of p
 * is recognised, and each move of the position before (in `earlier`) is
 * recognised exactly when p has it too (under must-capture, which the
 * check leaves out, at least when p has it). */
static void check_pseudo_legal_test(Position *p, const MoveList *earlier)
{
    static MoveList now, scratch;
    gen_pseudo(p, &now);
    for (int i = 0; i < now.n; i++)
        assert_true(move_is_pseudo_legal(p, &now.m[i], &scratch));
    for (int i = 0; i < earlier->n; i++) {
        bool has = in_list(&now, &earlier->m[i]), said = move_is_pseudo_legal(p, &earlier->m[i], &scratch);
        if (p->v->must_capture ? has && !said : has != said)
            fail_msg("move_is_pseudo_legal says %d, the generator %d", said, has);
    }
}

static void random_games(Variant *v, int games, int max_plies, GameStats *st)
{
    /* the pseudo-legal moves one and two plies before */
    static MoveList earlier[2];
    for (int gi = 0; gi < games; gi++) {
        Position start;
        pos_start(&start, v);
        Game g;
        game_init(&g, &start);
        for (int ply = 0; ply < max_plies; ply++) {
            Position *p = &g.pos;
            MoveList ml;
            gen_legal(p, &ml);
            if (ml.n == 0)
                break;
            /* every legal move: make, check, unmake, compare */
            Position before = *p;
            for (int i = 0; i < ml.n; i++) {
                Undo u;
                make_move(p, &ml.m[i], &u);
                char err[200];
                if (!pos_ok(p, err, sizeof err))
                    fail_msg("after make: %s", err);
                unmake_move(p, &ml.m[i], &u);
                assert_same_state(p, &before);
            }
            assert_fen_round_trip(p);
            /* every third position (the check is a full generation) */
            for (int back = 1; back <= 2 && back <= ply && ply % 3 == 0; back++)
                check_pseudo_legal_test(p, &earlier[(ply - back) % 2]);
            gen_pseudo(p, &earlier[ply % 2]);
            /* prefer moves that remove pieces now and then, to reach
             * endgames, pushes and promotions */
            int pick = (int)(rnd() % (uint64_t)ml.n);
            if (rnd() % 3 == 0)
                for (int i = 0; i < ml.n; i++) {
                    int j = (pick + i) % ml.n;
                    MoveEffects fx;
                    move_effects(p, &ml.m[j], &fx);
                    if (fx.n || ml.m[j].promo) {
                        pick = j;
                        break;
                    }
                }
            const Move *m = &ml.m[pick];
            MoveEffects fx;
            move_effects(p, m, &fx);
            st->plies++;
            st->captures += fx.n > 0;
            st->pushes += (m->flags & MF_PUSH) != 0;
            st->drops += m->kind == MK_DROP;
            st->castles += m->kind == MK_CASTLE;
            st->promotions += m->promo && m->kind == MK_NORMAL;
            game_push(&g, m);
            if (game_status(&g) != GS_ONGOING)
                break;
        }
        /* unwinding the whole game gives the start position back */
        while (game_pop(&g))
            ;
        assert_same_state(&g.pos, &start);
        game_free(&g);
    }
}

/* `games` random games of a variant (a third of them, rounded up, in the
 * lighter run), with enough plies, captures, and pushes or drops where
 * asked. */
static void run_variant(const char *name, const char *options, const char *titans, const char *setup, int games,
                        bool expect_pushes, bool expect_drops)
{
    Variant *v = test_variant_with(name, options, titans, setup);
    GameStats st = {0};
    random_games(v, test_size(games, (games + 2) / 3), 220, &st);
    fprintf(stderr, "%-20s %-24s plies %llu captures %llu pushes %llu drops %llu castles %llu promotions %llu\n", name,
            titans ? titans : "", (unsigned long long)st.plies, (unsigned long long)st.captures,
            (unsigned long long)st.pushes, (unsigned long long)st.drops, (unsigned long long)st.castles,
            (unsigned long long)st.promotions);
    assert_true(st.plies >= (uint64_t)test_size(1000, 300));
    assert_true(st.captures > 0);
    if (expect_pushes)
        assert_true(st.pushes > 0);
    if (expect_drops)
        assert_true(st.drops > 0);
    variant_free(v);
}

static void test_random_chess(void **s) { (void)s; run_variant("chess", NULL, NULL, NULL, 12, false, false); }
static void test_random_capablanca(void **s) { (void)s; run_variant("capablanca", NULL, NULL, NULL, 10, false, false); }
static void test_random_titan_chess(void **s) { (void)s; run_variant("titan-chess", NULL, NULL, NULL, 8, false, false); }
static void test_random_stealth(void **s)
{
    (void)s;
    run_variant("stealth-ninja", "insane-ninja,scepter", NULL, NULL, 10, false, true);
    run_variant("stealth-ninja", NULL, NULL, "second", 6, false, true);
}
static void test_random_warmachines(void **s) { (void)s; run_variant("flying-warmachines", NULL, NULL, NULL, 10, false, true); }
static void test_random_titan_variants(void **s)
{
    (void)s;
    run_variant("chess-titan-rooks", NULL, NULL, NULL, 12, true, false);
    run_variant("titan-chess-titans", NULL, NULL, NULL, 8, true, false);
    run_variant("stealth-ninja", "insane-ninja", "pawn,ninja-warrior,stealth-gryphon", NULL, 8, true, true);
    run_variant("flying-warmachines", NULL, "flying-warmachine,ninja-pawn,queen", NULL, 8, true, true);
}

/* The variants of the game-rule vocabulary (game-end rules, must-capture,
 * captures-to-hand with promoted stand-ins, castling per wing and with a
 * non-royal piece); their games are short, so more of them. */
static void test_random_game_rule_variants(void **s)
{
    (void)s;
    static const struct {
        const char *name;
        int games;
        bool drops;
    } vs[] = {
        {"shatranj", 16, false},  {"courier", 16, false},  {"janus", 16, false},  {"horde", 16, false},
        {"extinction", 60, false}, {"antichess", 40, false}, {"giveaway", 40, false}, {"losers", 40, false},
        {"crazyhouse", 16, true}, {"capahouse", 16, true},
    };
    for (size_t i = 0; i < sizeof vs / sizeof vs[0]; i++)
        run_variant(vs[i].name, NULL, NULL, NULL, vs[i].games, false, vs[i].drops);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_chess),
        cmocka_unit_test(test_random_capablanca),
        cmocka_unit_test(test_random_titan_chess),
        cmocka_unit_test(test_random_stealth),
        cmocka_unit_test(test_random_warmachines),
        cmocka_unit_test(test_random_titan_variants),
        cmocka_unit_test(test_random_game_rule_variants),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
