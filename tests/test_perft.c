/* Perft: move-generation counts against published figures (orthodox chess),
 * Fairy-Stockfish (Capablanca chess, xiangqi, minixiangqi, shako, grand,
 * cambodian), and the seed variants' counts agreed with an independent
 * implementation of the rulings; and the quiescence search's generator
 * (gen_noisy) against the full one. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "datafile/datafile.h"
#include "rules/rules.h"
#include "notation/notation.h"

#include <stdio.h>
#include <string.h>

typedef struct {
    const char *variant;
    const char *options; /* optional rules, or NULL */
    const char *fen;     /* NULL: the start position */
    int depth;
    uint64_t nodes;
} PerftCase;

static const PerftCase cases[] = {
    /* orthodox chess: the standard test positions */
    {"chess", NULL, NULL, 5, 4865609},
    {"chess", NULL, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4, 4085603},
    {"chess", NULL, "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5, 674624},
    {"chess", NULL, "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 4, 422333},
    {"chess", NULL, "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 4, 2103487},
    {"chess", NULL, "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 4, 3894594},
    /* Capablanca chess: Fairy-Stockfish's counts */
    {"capablanca", NULL, NULL, 4, 805128},
    {"capablanca", NULL, "r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1", 4, 887784},
    /* hops, regions, royals that may not face, promotion zones: Fairy-Stockfish's counts */
    {"xiangqi", NULL, NULL, 3, 79666},
    {"xiangqi", NULL, "rn1akabnr/7C1/c3b4/p1p1p1p1p/4c4/1C2P4/P1P3P1P/2N1B4/9/R1BAKA1NR w - - 12 7", 3, 62885},
    {"minixiangqi", NULL, NULL, 4, 127164},
    {"shako", NULL, NULL, 3, 185938},
    {"shako", NULL, "cr5c2/e1nbk1bnr1/p1p1pp1p1p/1p5ep1/5Rp3/3P4P1/1qp7/PPP1PPPP1P/1RN3BN1E/2B1KQC2C w - - 2 16", 3, 160607},
    {"grand", NULL, NULL, 3, 259514},
    {"grand", NULL, "r7rk/2P2P4/1P2p5/10/10/10/10/10/1NB1KCABN1/R9 w - - 0 1", 3, 245886},
    {"grand", NULL, "r1n6r/2P2P3k/1P2p5/10/10/10/10/10/1N2K3N1/R9 w - - 0 1", 3, 47589},
    {"cambodian", NULL, NULL, 4, 361793},
    {"cambodian", NULL, "rnsmksnr/8/pppNpppp/8/8/PPPPPPPP/8/R1SKMSNR b DEde - 0 1", 3, 1969},
    {"cambodian", NULL, "rnsmksnr/8/pppSpppp/8/8/PPPPPPPP/8/RN1KMSNR b DEde - 0 1", 3, 13149},
};

static void run_case(const PerftCase *c)
{
    DataErrors errs;
    Variant *v = variant_load(NC_TEST_DATA_DIR, c->variant, &errs);
    if (!v)
        data_errors_print(&errs, stderr);
    assert_non_null(v);
    char err[256];
    if (c->options)
        assert_int_equal(variant_set_options(v, c->options, err, sizeof err), 0);
    Position p;
    if (c->fen) {
        int rc = pos_from_fen(&p, v, c->fen, err, sizeof err);
        if (rc)
            fprintf(stderr, "%s\n", err);
        assert_int_equal(rc, 0);
    } else {
        pos_start(&p, v);
    }
    uint64_t key = p.key;
    uint64_t n = perft(&p, c->depth);
    if (n != c->nodes)
        fprintf(stderr, "%s %s depth %d: got %llu, expected %llu\n", c->variant, c->fen ? c->fen : "start", c->depth,
                (unsigned long long)n, (unsigned long long)c->nodes);
    assert_int_equal(n, c->nodes);
    assert_true(p.key == key);
    variant_free(v);
}

static void test_perft_cases(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        run_case(&cases[i]);
}

static uint64_t next_random(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* The moves of gen_pseudo that gen_noisy must list: a piece's move that
 * removes, pushes or promotes. */
static bool wanted_noisy(const Position *p, const Move *m)
{
    return m->kind == MK_NORMAL && (m->cap[0] || m->promo || (m->flags & MF_PUSH) || p->board[m->to] != NC_EMPTY);
}

/* gen_noisy lists exactly the noisy moves of gen_pseudo, in its order, in
 * positions of random games of variants with every kind of move: drops,
 * hops, Titans, promotions, en passant, and must-capture. */
static void test_noisy_moves(void **state)
{
    (void)state;
    const char *variants[] = {"chess", "capablanca", "titan-chess", "titan-chess-titans", "stealth-ninja",
                              "flying-warmachines", "chess-titan-rooks", "crazyhouse", "antichess", "xiangqi",
                              "grand", "shako", "makruk"};
    static MoveList all, noisy;
    uint64_t r = 0x9E3779B97F4A7C15ULL;
    long compared = 0, noisy_seen = 0;
    for (size_t k = 0; k < sizeof variants / sizeof variants[0]; k++) {
        DataErrors errs;
        Variant *v = variant_load(NC_TEST_DATA_DIR, variants[k], &errs);
        if (!v)
            data_errors_print(&errs, stderr);
        assert_non_null(v);
        for (int game = 0; game < 4; game++) {
            Position p;
            pos_start(&p, v);
            for (int ply = 0; ply < 160; ply++) {
                gen_pseudo(&p, &all);
                gen_noisy(&p, &noisy);
                int n = 0;
                for (int i = 0; i < all.n; i++) {
                    if (!wanted_noisy(&p, &all.m[i]))
                        continue;
                    assert_true(n < noisy.n);
                    if (!move_equal(&all.m[i], &noisy.m[n]))
                        fail_msg("%s ply %d: noisy move %d differs", variants[k], ply, n);
                    n++;
                }
                assert_int_equal(n, noisy.n);
                compared++;
                noisy_seen += n;
                MoveList legal;
                gen_legal(&p, &legal);
                if (legal.n == 0)
                    break;
                Undo u;
                make_move(&p, &legal.m[next_random(&r) % (uint64_t)legal.n], &u);
            }
        }
        variant_free(v);
    }
    assert_true(compared > 3000 && noisy_seen > 10000);

    /* must-capture: a capture is there, so the quiet promotions are not */
    DataErrors errs;
    Variant *v = variant_load(NC_TEST_DATA_DIR, "antichess", &errs);
    assert_non_null(v);
    Position p;
    char err[256];
    assert_int_equal(pos_from_fen(&p, v, "8/P7/8/8/8/8/8/Rn6 w - - 0 1", err, sizeof err), 0);
    gen_noisy(&p, &noisy);
    assert_int_equal(noisy.n, 1);
    assert_true(noisy.m[0].promo == 0 && p.board[noisy.m[0].to] != NC_EMPTY); /* the rook takes the knight */
    variant_free(v);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_perft_cases),
        cmocka_unit_test(test_noisy_moves),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
