/* The static exchange evaluation (search/see.c): exchanges worked out by
 * hand from the rule texts, in every way these pieces remove others, each
 * compared with the variant's own piece values. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <cmocka.h>

#include "rules/rules.h"
#include "notation/notation.h"
#include "search/see.h"
#include "test_variant.h"

/* The exchange value of the move text `move` in the position text `fen`,
 * with the data file's piece values. */
static int see_of(const Variant *v, const char *fen, const char *move)
{
    Position p;
    char err[256];
    if (pos_from_fen(&p, v, fen, err, sizeof err))
        fail_msg("bad position text %s: %s", fen, err);
    Move m;
    if (move_from_text(&p, move, &m, err, sizeof err))
        fail_msg("%s: %s", move, err);
    assert_true(move_is_legal(&p, &m));
    int value[NC_MAX_TYPES];
    for (int t = 0; t < v->ntypes; t++)
        value[t] = v->types[t].value;
    MoveList *scratch = malloc(sizeof *scratch);
    assert_non_null(scratch);
    uint64_t key = p.key;
    int result = see(&p, &m, value, scratch);
    free(scratch);
    /* the position is as it was */
    assert_true(p.key == key);
    assert_true(pos_ok(&p, err, sizeof err));
    return result;
}

static int val(const Variant *v, char letter)
{
    int t = nc_type_of_letter(v, letter);
    assert_true(t >= 0);
    return v->types[t].value;
}

/* A queen taking a pawn that a pawn defends loses the queen for it; an
 * undefended pawn is simply won. */
static void defended_and_undefended(void **state)
{
    (void)state;
    Variant *v = test_variant("chess");
    assert_int_equal(see_of(v, "4k3/8/3p4/4p3/8/8/8/4Q1K1 w - - 0 1", "e1-e5"), val(v, 'P') - val(v, 'Q'));
    assert_int_equal(see_of(v, "4k3/8/8/4p3/8/8/8/4Q1K1 w - - 0 1", "e1-e5"), val(v, 'P'));
    variant_free(v);
}

/* Pieces behind the ones that take join in: two rooks against one. */
static void pieces_behind_join_in(void **state)
{
    (void)state;
    Variant *v = test_variant("chess");
    assert_int_equal(see_of(v, "4r1k1/8/8/4p3/8/8/4R3/4R1K1 w - - 0 1", "e2-e5"), val(v, 'P'));
    /* with one rook the defender wins the rook for the pawn */
    assert_int_equal(see_of(v, "4r1k1/8/8/4p3/8/8/8/4R1K1 w - - 0 1", "e1-e5"), val(v, 'P') - val(v, 'R'));
    variant_free(v);
}

/* The king takes back only where it cannot be taken: here the rook
 * behind the queen guards d7, so the queen's capture wins the pawn. */
static void royal_piece_takes_back_only_when_safe(void **state)
{
    (void)state;
    Variant *v = test_variant("chess");
    assert_int_equal(see_of(v, "4k3/3p4/8/8/8/8/3Q4/3RK3 w - - 0 1", "d2-d7"), val(v, 'P'));
    assert_int_equal(see_of(v, "4k3/3p4/8/8/8/8/3Q4/4K3 w - - 0 1", "d2-d7"), val(v, 'P') - val(v, 'Q'));
    variant_free(v);
}

/* En passant removes the pawn beside the square taken; the bishop then
 * takes the pawn that landed on d6. */
static void en_passant(void **state)
{
    (void)state;
    Variant *v = test_variant("chess");
    assert_int_equal(see_of(v, "k7/4b3/8/3pP3/8/8/8/K7 w - d6 0 1", "e5-d6"), 0);
    assert_int_equal(see_of(v, "k7/8/8/3pP3/8/8/8/K7 w - d6 0 1", "e5-d6"), val(v, 'P'));
    variant_free(v);
}

/* A flying bomber takes the knight it flies over; the exchange goes on
 * where the bomber lands, which the rook on the ninth rank reaches. */
static void fly_over_continues_where_the_piece_lands(void **state)
{
    (void)state;
    Variant *v = test_variant("titan-chess");
    assert_int_equal(see_of(v, "r6k4/12/12/12/4n7/12/12/12/12/12/12/4F1K5 w - - 0 1", "e1-e9"), val(v, 'N'));
    assert_int_equal(see_of(v, "r6k4/12/12/r11/4n7/12/12/12/12/12/12/4F1K5 w - - 0 1", "e1-e9"),
                     val(v, 'N') - val(v, 'F'));
    variant_free(v);
}

/* Double captures count both pieces: the raptor's and the ninja
 * warrior's. */
static void double_captures(void **state)
{
    (void)state;
    Variant *v = test_variant("titan-chess");
    assert_int_equal(see_of(v, "7k4/12/12/12/12/12/12/4r7/3n8/2Y9/12/K11 w - - 0 1", "c3-e5"),
                     val(v, 'N') + val(v, 'R'));
    /* a rook on the e-file takes the raptor back */
    assert_int_equal(see_of(v, "7k4/12/4r7/12/12/12/12/4r7/3n8/2Y9/12/K11 w - - 0 1", "c3-e5"),
                     val(v, 'N') + val(v, 'R') - val(v, 'Y'));
    variant_free(v);
    v = test_variant("stealth-ninja");
    assert_int_equal(see_of(v, "****2****/5k4/10/10/10/4r5/4n5/4W5/10/10/K9/****2****[] w - - 0 1", "e4-e6"),
                     val(v, 'N') + val(v, 'R'));
    variant_free(v);
}

/* A pushed Titan crushes what stands behind it: the queen is won, and a
 * piece of the pusher's own crushed so counts against it. */
static void titan_crush(void **state)
{
    (void)state;
    Variant *v = test_variant("titan-chess-titans");
    assert_int_equal(see_of(v, "7k4/12/12/12/12/12/5q6/4r7/12/2B9/12/K11 w - - 0 1", "c3-e5"), val(v, 'Q'));
    assert_int_equal(see_of(v, "7k4/12/12/12/12/12/5Q6/4r7/12/2B9/12/K11 w - - 0 1", "c3-e5"), -val(v, 'Q'));
    variant_free(v);
}

/* Whether the pseudo-legal move m removes the piece on sq as the check
 * test counts it: captured (also flown or jumped over) or crushed. */
static bool removes_square(const Position *p, const Move *m, int sq)
{
    MoveEffects fx;
    move_effects(p, m, &fx);
    for (int k = 0; k < fx.n; k++)
        if (fx.sq[k] == sq && (fx.kind[k] == FX_CAPTURE || fx.kind[k] == FX_CRUSH))
            return true;
    return false;
}

static bool listed(const MoveList *ml, const Move *m)
{
    for (int i = 0; i < ml->n; i++)
        if (move_equal(&ml->m[i], m))
            return true;
    return false;
}

/* gen_removals lists exactly the pseudo-legal moves that remove the piece
 * on sq (in any order), for every enemy piece of positions of random games. */
static void removals_in_random_games(const char *name, const char *titans, int games)
{
    Variant *v = test_variant_with(name, NULL, titans, NULL);
    static MoveList all, rem;
    uint64_t rng = 2026;
    long checked = 0;
    for (int gi = 0; gi < games; gi++) {
        Position p;
        pos_start(&p, v);
        for (int ply = 0; ply < 160; ply++) {
            gen_legal(&p, &all);
            if (all.n == 0)
                break;
            MoveList pseudo;
            gen_pseudo(&p, &pseudo);
            for (int i = 0; i < p.npieces[p.side ^ 1]; i++) {
                int sq = p.plist[p.side ^ 1][i];
                gen_removals(&p, sq, p.side, &rem);
                int expect = 0;
                for (int j = 0; j < pseudo.n; j++)
                    if (removes_square(&p, &pseudo.m[j], sq)) {
                        expect++;
                        if (!listed(&rem, &pseudo.m[j]))
                            fail_msg("%s: a removal of square %d is missing", name, sq);
                    }
                for (int j = 0; j < rem.n; j++)
                    if (!listed(&pseudo, &rem.m[j]) || !removes_square(&p, &rem.m[j], sq))
                        fail_msg("%s: listed a move that does not remove square %d", name, sq);
                checked += expect;
            }
            rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
            Undo u;
            make_move(&p, &all.m[(rng >> 33) % (uint64_t)all.n], &u);
        }
    }
    print_message("%-19s %s: %ld removals compared\n", name, titans ? titans : "", checked);
    assert_true(checked > 100);
    variant_free(v);
}

/* every seed variant, and Titans, which push and crush */
static void removals_match_the_generator(void **state)
{
    (void)state;
    removals_in_random_games("chess", NULL, 6);
    removals_in_random_games("titan-chess", NULL, 4);
    removals_in_random_games("stealth-ninja", NULL, 4);
    removals_in_random_games("flying-warmachines", NULL, 4);
    removals_in_random_games("titan-chess-titans", NULL, 4);
    removals_in_random_games("chess", "rook,knight", 4);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(defended_and_undefended),
        cmocka_unit_test(pieces_behind_join_in),
        cmocka_unit_test(royal_piece_takes_back_only_when_safe),
        cmocka_unit_test(en_passant),
        cmocka_unit_test(fly_over_continues_where_the_piece_lands),
        cmocka_unit_test(double_captures),
        cmocka_unit_test(titan_crush),
        cmocka_unit_test(removals_match_the_generator),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
