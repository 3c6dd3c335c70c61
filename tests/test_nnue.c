/* The neural evaluation's C side, with small random nets the test writes:
 * the accumulators updated from each move's Undo equal a refresh after
 * every move of random games in every seed variant and Titan
 * configuration, with drops and captures to hand (crazyhouse); the
 * evaluation is colour-symmetric; damaged, truncated, foreign and
 * misshapen net files are refused with their message; the search with a
 * net (this test links the NC_DEBUG library, which checks every update
 * the search makes against a refresh). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "nnue/nnue.h"
#include "notation/notation.h"
#include "rules/rules.h"
#include "search/search.h"
#include "test_mirror.h"
#include "test_variant.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static uint64_t rng_state = 0x243F6A8885A308D3ull;

static int rnd(int n)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (int)(rng_state % (uint64_t)n);
}

/* A random net's bytes for v. */
static unsigned char *random_net(const Variant *v, int hidden, size_t *len)
{
    size_t f = (size_t)nnue_features(v), h = (size_t)hidden;
    int16_t *w = malloc(sizeof *w * f * h), *b = malloc(sizeof *b * h), *o = malloc(sizeof *o * 2 * h);
    assert_non_null(w);
    assert_non_null(b);
    assert_non_null(o);
    for (size_t i = 0; i < f * h; i++)
        w[i] = (int16_t)(rnd(129) - 64);
    for (size_t i = 0; i < h; i++)
        b[i] = (int16_t)(rnd(129) - 32);
    for (size_t i = 0; i < 2 * h; i++)
        o[i] = (int16_t)(rnd(129) - 64);
    unsigned char *bytes = nnue_write(v, hidden, w, b, o, rnd(2001) - 1000, 400, len);
    free(w);
    free(b);
    free(o);
    assert_non_null(bytes);
    return bytes;
}

static NnueNet *net_for(const Variant *v, int hidden)
{
    size_t len;
    unsigned char *bytes = random_net(v, hidden, &len);
    char err[300];
    NnueNet *n = nnue_parse(bytes, len, v, err, sizeof err);
    if (!n)
        fail_msg("the net does not parse: %s", err);
    free(bytes);
    return n;
}

static void assert_same_acc(const NnueNet *n, const NnueAcc *a, const NnueAcc *b, const char *what, int ply)
{
    for (int c = 0; c < 2; c++)
        if (memcmp(a->v[c], b->v[c], sizeof(int16_t) * (size_t)nnue_hidden(n)))
            fail_msg("%s: ply %d: the updated accumulator of view %d differs from a refresh", what, ply, c);
}

/* Random games: after each move the update equals a refresh, and every
 * position scores as its colour-mirrored twin. */
static void random_games(const char *name, const char *options, const char *titans, const char *setup, int games)
{
    Variant *v = test_variant_with(name, options, titans, setup);
    NnueNet *n = net_for(v, 32);
    NnueAcc *acc = malloc(sizeof *acc * 2), *fresh = malloc(sizeof *fresh);
    assert_non_null(acc);
    assert_non_null(fresh);
    long plies = 0, drops = 0, removals = 0;
    for (int g = 0; g < games; g++) {
        Position p;
        pos_start(&p, v);
        nnue_refresh(n, &p, &acc[0]);
        for (int ply = 0; ply < 200; ply++) {
            MoveList ml;
            gen_legal(&p, &ml);
            if (ml.n == 0)
                break;
            const Move *m = &ml.m[rnd(ml.n)];
            drops += m->kind == MK_DROP;
            Undo u;
            make_move(&p, m, &u);
            removals += u.nch > 2;
            nnue_update(n, &p, &u, &acc[0], &acc[1]);
            nnue_refresh(n, &p, fresh);
            assert_same_acc(n, &acc[1], fresh, name, ply);
            Position q;
            mirror_position(&p, &q);
            NnueAcc *mirrored = &acc[0];
            nnue_refresh(n, &q, mirrored);
            assert_int_equal(nnue_evaluate(n, &acc[1], p.side), nnue_evaluate(n, mirrored, q.side));
            acc[0] = acc[1];
            plies++;
        }
    }
    fprintf(stderr, "%-20s %-40s plies %ld drops %ld multi-square moves %ld\n", name, titans ? titans : "", plies,
            drops, removals);
    assert_true(plies >= 300);
    nnue_free(n);
    free(acc);
    free(fresh);
    variant_free(v);
}

static void updates_seed_variants(void **state)
{
    (void)state;
    random_games("chess", NULL, NULL, NULL, 4);
    random_games("capablanca", NULL, NULL, NULL, 3);
    random_games("titan-chess", NULL, NULL, NULL, 3);
    random_games("stealth-ninja", "insane-ninja,scepter", NULL, NULL, 3);
    random_games("flying-warmachines", NULL, NULL, NULL, 3);
}

static void updates_titans_and_hands(void **state)
{
    (void)state;
    random_games("chess-titan-rooks", NULL, NULL, NULL, 4);
    random_games("titan-chess-titans", NULL, NULL, NULL, 3);
    random_games("stealth-ninja", "insane-ninja", "pawn,ninja-warrior,stealth-gryphon", NULL, 3);
    random_games("flying-warmachines", NULL, "flying-warmachine,ninja-pawn,queen", NULL, 3);
    random_games("crazyhouse", NULL, NULL, NULL, 4);
}

/* The evaluation follows the net: a net of zero weights but the output
 * bias scores the bias times the scale over QA x QB. */
static void evaluation_of_a_known_net(void **state)
{
    (void)state;
    Variant *v = test_variant("chess");
    size_t f = (size_t)nnue_features(v), len;
    int16_t *w = calloc(f * 16, sizeof *w), b[16] = {0}, o[32] = {0};
    assert_non_null(w);
    b[0] = 100;  /* one hidden unit always on, clipped at QA */
    o[0] = 64;   /* the side to move's view of it, weight 1.0 */
    unsigned char *bytes = nnue_write(v, 16, w, b, o, 0, 400, &len);
    char err[300];
    NnueNet *n = nnue_parse(bytes, len, v, err, sizeof err);
    assert_non_null(n);
    Position p;
    pos_start(&p, v);
    NnueAcc a;
    nnue_refresh(n, &p, &a);
    assert_int_equal(nnue_evaluate(n, &a, NC_WHITE), 100 * 64 * 400 / (NNUE_QA * NNUE_QB));
    nnue_free(n);
    free(bytes);
    free(w);
    variant_free(v);
}

static void expect_refused(const unsigned char *b, size_t len, const Variant *v, const char *want)
{
    char err[300] = "";
    NnueNet *n = nnue_parse(b, len, v, err, sizeof err);
    assert_null(n);
    if (!strstr(err, want))
        fail_msg("expected '%s' in '%s'", want, err);
}

static void bad_nets_refused(void **state)
{
    (void)state;
    Variant *chess = test_variant("chess"), *capa = test_variant("capablanca");
    size_t len;
    unsigned char *b = random_net(chess, 16, &len);
    expect_refused(b, len - 1, chess, "cut short or padded");
    expect_refused(b, 20, chess, "no NCNNUE header");
    b[len / 2] ^= 1;
    expect_refused(b, len, chess, "checksum does not match");
    b[len / 2] ^= 1;
    char err[300];
    NnueNet *ok = nnue_parse(b, len, chess, err, sizeof err);
    assert_non_null(ok); /* the same bytes, undamaged */
    /* the checksum that names it: the file's last word, little-endian */
    uint32_t last = (uint32_t)b[len - 4] | (uint32_t)b[len - 3] << 8 | (uint32_t)b[len - 2] << 16 |
                    (uint32_t)b[len - 1] << 24;
    assert_int_equal(nnue_checksum(ok), last);
    assert_int_not_equal(last, 0);
    nnue_free(ok);
    expect_refused(b, len, capa, "a net of variant 'chess', not of capablanca");
    b[8] = 2;
    expect_refused(b, len, chess, "net format version 2");
    free(b);
    b = random_net(chess, 24, &len);
    expect_refused(b, len, chess, "a hidden layer of 24");
    free(b);

    /* from files: missing, a FIFO, a good one */
    char dir[] = "/tmp/nc_nnue_XXXXXX", path[64];
    assert_non_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/missing.nnue", dir);
    assert_null(nnue_load(path, chess, err, sizeof err));
    assert_non_null(strstr(err, "No such file"));
    snprintf(path, sizeof path, "%s/fifo.nnue", dir);
    assert_int_equal(mkfifo(path, 0600), 0);
    assert_null(nnue_load(path, chess, err, sizeof err));
    assert_non_null(strstr(err, "not a regular file"));
    unlink(path);
    snprintf(path, sizeof path, "%s/chess.nnue", dir);
    b = random_net(chess, 16, &len);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(b, 1, len, f), len);
    fclose(f);
    NnueNet *n = nnue_load(path, chess, err, sizeof err);
    assert_non_null(n);
    assert_int_equal(nnue_hidden(n), 16);
    nnue_free(n);
    free(b);
    unlink(path);
    rmdir(dir);
    variant_free(chess);
    variant_free(capa);
}

/* The search with a net: in this debug build every accumulator it updates
 * is checked against a refresh (NNUE_ASSERT_OK), the move is legal, the
 * net changes what the search does, and without the net the search is as
 * before; a net of another variant is not used. */
static void search_with_net(void **state)
{
    (void)state;
    const char *names[] = {"chess", "titan-chess", "stealth-ninja", "flying-warmachines", "crazyhouse"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        Variant *v = test_variant(names[i]);
        NnueNet *n = net_for(v, 32);
        Position p;
        pos_start(&p, v);
        Game g;
        game_init(&g, &p);
        for (int k = 0; k < 6; k++) { /* a few random moves first */
            MoveList ml;
            gen_legal(&g.pos, &ml);
            game_push(&g, &ml.m[rnd(ml.n)]);
        }
        Search *s = search_new(8), *s_net = search_new(8), *s_off = search_new(8);
        assert_non_null(s);
        assert_non_null(s_net);
        assert_non_null(s_off);
        SearchInfo plain, neural, again;
        SearchLimits lim = {.depth = 5, .level = 10};
        search_run(s, &g, &lim, &plain);
        assert_true(search_set_nnue(s_net, n));
        search_run(s_net, &g, &lim, &neural);
        MoveList ml;
        Position q = g.pos; /* the move generator reorders the piece lists, and node counts follow their order */
        gen_legal(&q, &ml);
        bool legal = false;
        for (int k = 0; k < ml.n; k++)
            legal |= move_equal(&ml.m[k], &neural.best);
        assert_true(legal);
        assert_true(neural.nodes != plain.nodes || neural.score != plain.score);
        assert_true(search_set_nnue(s_off, n));
        assert_true(search_set_nnue(s_off, NULL));
        search_run(s_off, &g, &lim, &again);
        assert_int_equal(again.nodes, plain.nodes);
        game_free(&g);
        search_free(s);
        search_free(s_net);
        search_free(s_off);
        nnue_free(n);
        variant_free(v);
    }
    /* a chess net in a Capablanca game: the hand-made evaluation plays */
    Variant *chess = test_variant("chess"), *capa = test_variant("capablanca");
    NnueNet *n = net_for(chess, 16);
    Position p;
    pos_start(&p, capa);
    Game g;
    game_init(&g, &p);
    Search *s = search_new(8), *s_net = search_new(8);
    SearchInfo plain, with;
    search_run(s, &g, &(SearchLimits){.depth = 4, .level = 10}, &plain);
    assert_true(search_set_nnue(s_net, n));
    search_run(s_net, &g, &(SearchLimits){.depth = 4, .level = 10}, &with);
    assert_int_equal(with.nodes, plain.nodes);
    search_free(s);
    search_free(s_net);
    game_free(&g);
    nnue_free(n);
    variant_free(chess);
    variant_free(capa);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(evaluation_of_a_known_net),
        cmocka_unit_test(bad_nets_refused),
        cmocka_unit_test(updates_seed_variants),
        cmocka_unit_test(updates_titans_and_hands),
        cmocka_unit_test(search_with_net),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
