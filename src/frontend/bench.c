/* The --bench front end: perft and search benchmarks on fixed positions.
 * The positions and depths are part of the signature: changing them
 * changes the reference figures. */
#include "bench.h"
#include "common.h"
#include "nnue_query.h"

#include "rules/rules.h"
#include "datafile/datafile.h"
#include "notation/notation.h"

#include <stdio.h>
#include <string.h>

static const char kiwipete[] = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/* Loads variant and sets p to fen or the start; NULL after printing why. */
static Variant *bench_position(const char *dir, const char *variant, const char *fen, Position *p)
{
    DataErrors errs;
    Variant *v = variant_load(dir, variant, &errs);
    if (!v) {
        data_errors_print(&errs, stderr);
        return NULL;
    }
    char err[256];
    if (!fen) {
        pos_start(p, v);
    } else if (pos_from_fen(p, v, fen, err, sizeof err)) {
        fprintf(stderr, "ninjachess: %s\n", err);
        variant_free(v);
        return NULL;
    }
    return v;
}

static double knodes_per_s(uint64_t nodes, double seconds)
{
    return seconds > 0 ? (double)nodes / seconds / 1000 : 0.0;
}

/* ---- perft ---- */

static const struct {
    const char *variant, *label, *fen;
    int depth;
    uint64_t expect; /* 0 when no published figure exists */
} perft_cases[] = {
    {"chess", "chess start", NULL, 5, 4865609},
    {"chess", "chess kiwipete", kiwipete, 4, 4085603},
    {"titan-chess", "titan-chess start", NULL, 3, 0},
    {"stealth-ninja", "stealth-ninja start", NULL, 3, 0},
    {"flying-warmachines", "flying-warmachines start", NULL, 3, 0},
};

static int bench_perft(const char *dir)
{
    uint64_t all_nodes = 0;
    double all_time = 0;
    int rc = 0;
    for (size_t i = 0; i < sizeof perft_cases / sizeof perft_cases[0]; i++) {
        Position p;
        Variant *v = bench_position(dir, perft_cases[i].variant, perft_cases[i].fen, &p);
        if (!v)
            return 1;
        double t0 = nc_seconds();
        uint64_t n = perft(&p, perft_cases[i].depth);
        double dt = nc_seconds() - t0;
        all_nodes += n;
        all_time += dt;
        bool wrong = perft_cases[i].expect && n != perft_cases[i].expect;
        printf("perft %-26s depth %d  nodes %12llu  %7.3f s  %8.0f knodes/s%s\n", perft_cases[i].label,
               perft_cases[i].depth, (unsigned long long)n, dt, knodes_per_s(n, dt), wrong ? "  WRONG COUNT" : "");
        if (wrong)
            rc = 1;
        fflush(stdout);
        variant_free(v);
    }
    printf("perft total nodes %llu  %.3f s  %.0f knodes/s\n", (unsigned long long)all_nodes, all_time,
           knodes_per_s(all_nodes, all_time));
    return rc;
}

/* ---- search ---- */

typedef struct {
    const char *variant, *fen;
    int plies; /* deterministic pseudo-random plies played from the start first */
    int depth;
} SearchCase;

static const SearchCase search_cases[] = {
    {"chess", NULL, 0, 11},
    {"chess", kiwipete, 0, 8},
    {"chess", NULL, 12, 10},
    {"capablanca", NULL, 0, 9},
    {"capablanca", NULL, 12, 9},
    {"titan-chess", NULL, 0, 7},
    {"titan-chess", NULL, 16, 7},
    {"stealth-ninja", NULL, 0, 7},
    {"stealth-ninja", NULL, 16, 7},
    {"flying-warmachines", NULL, 0, 7},
    {"flying-warmachines", NULL, 16, 7},
};

/* Plays the case's pseudo-random plies (the same ones on every run). */
static void play_random_plies(Game *g, int plies)
{
    uint64_t r = 88172645463325252ULL;
    for (int k = 0; k < plies; k++) {
        Move m;
        if (fe_random_move(g, &r, &m))
            break;
        game_push(g, &m);
    }
}

/* Runs one case on a cleared search and prints its line; the nodes and
 * seconds go to the totals.  With opt, the search evaluates with --nnue's
 * net.  Non-zero when the position cannot be set up. */
static int bench_search_case(Search *s, const char *dir, const SearchCase *c, const Options *opt, uint64_t *nodes,
                             double *seconds)
{
    Position p;
    Variant *v = bench_position(dir, c->variant, c->fen, &p);
    if (!v)
        return 1;
    if (opt) {
        char desc[1200];
        fe_search_net(s, opt, v, FE_NET_ASKED, desc, sizeof desc);
        if (strncmp(desc, "net ", 4)) {
            fprintf(stderr, "ninjachess: --bench: %s is not a net of %s\n", opt->nnue, c->variant);
            variant_free(v);
            return 1;
        }
    }
    Game g;
    game_init(&g, &p);
    play_random_plies(&g, c->plies);
    search_clear(s);
    SearchLimits lim = {.depth = c->depth, .level = 10};
    SearchInfo in;
    double t0 = nc_seconds();
    search_run(s, &g, &lim, &in);
    double dt = nc_seconds() - t0;
    char mv[160] = "-";
    if (in.has_best)
        move_to_text(&g.pos, &in.best, mv, sizeof mv);
    printf("search %-18s %-9s +%-2d plies depth %-2d nodes %10llu  %7.3f s  %6.0f knodes/s  best %s%s\n", c->variant,
           c->fen ? "(fen)" : "(start)", c->plies, c->depth, (unsigned long long)in.nodes, dt,
           knodes_per_s(in.nodes, dt), mv, opt ? "  (net)" : "");
    fflush(stdout);
    *nodes += in.nodes;
    *seconds += dt;
    game_free(&g);
    if (opt)
        search_set_nnue(s, NULL); /* the net was for this variant */
    variant_free(v);
    return 0;
}

/* The total node count is the search's signature; --search-param's
 * values give another search's, to compare two settings' trees (always on
 * one thread, whatever --threads says, so that the count is the same
 * every run). */
static int bench_search(const Options *opt)
{
    const char *dir = opt->data_dir;
    Search *s = search_new(FE_HASH_MB);
    if (!s)
        return 1;
    if (fe_search_params(s, opt)) {
        search_free(s);
        return 1;
    }
    uint64_t total = 0;
    double total_t = 0;
    int rc = 0;
    for (size_t i = 0; i < sizeof search_cases / sizeof search_cases[0]; i++)
        if (bench_search_case(s, dir, &search_cases[i], NULL, &total, &total_t))
            rc = 1;
    printf("search total nodes %llu  %.3f s  %.0f knodes/s\n", (unsigned long long)total, total_t,
           knodes_per_s(total, total_t));
    search_free(s);
    return rc;
}

/* --bench --nnue FILE: each case of the net's variant (or its start and a
 * position 16 plies on, at depth 7, when it has none; at --depth when
 * given) with the hand-made evaluation and with the net, in one run so
 * that the machine's load falls on both alike. */
static int bench_net(const Options *opt)
{
    const char *variant = opt->variant ? opt->variant : "chess";
    SearchCase own[sizeof search_cases / sizeof search_cases[0]];
    size_t n = 0;
    for (size_t i = 0; i < sizeof search_cases / sizeof search_cases[0]; i++)
        if (!strcmp(search_cases[i].variant, variant))
            own[n++] = search_cases[i];
    if (n == 0) {
        own[n++] = (SearchCase){variant, NULL, 0, 7};
        own[n++] = (SearchCase){variant, NULL, 16, 7};
    }
    for (size_t i = 0; i < n && opt->depth > 0; i++)
        own[i].depth = opt->depth;
    Search *s = search_new(FE_HASH_MB);
    if (!s)
        return 1;
    uint64_t nodes[2] = {0, 0};
    double secs[2] = {0, 0};
    int rc = 0;
    for (size_t i = 0; i < n && !rc; i++)
        for (int with_net = 0; with_net < 2 && !rc; with_net++)
            rc = bench_search_case(s, opt->data_dir, &own[i], with_net ? opt : NULL, &nodes[with_net], &secs[with_net]);
    search_free(s);
    if (rc)
        return rc;
    double hand = knodes_per_s(nodes[0], secs[0]), net = knodes_per_s(nodes[1], secs[1]);
    printf("search %s hand-made %.0f knodes/s, net %.0f knodes/s: the net at %.2f of the speed\n", variant, hand, net,
           hand > 0 ? net / hand : 0);
    return 0;
}

int bench_main(const Options *opt)
{
    if (opt->nnue)
        return bench_net(opt);
    int rc = bench_perft(opt->data_dir);
    return bench_search(opt) || rc;
}
