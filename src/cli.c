/* Command-line queries on the rules (no screen): list and check variants,
 * list moves, perft, benchmark. */
#include "cli.h"
#include "clock.h"

#include "datafile.h"
#include "game.h"
#include "movegen.h"
#include "movetext.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int cmp_text(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

typedef char MoveText[160];

/* Legal moves of p with their texts, sorted by text. */
static int sorted_moves(Position *p, MoveList *ml, MoveText **texts_out)
{
    gen_legal(p, ml);
    size_t cnt = ml->n > 0 ? (size_t)ml->n : 1;
    MoveText *texts = malloc(sizeof *texts * cnt);
    if (!texts) {
        fprintf(stderr, "ninjachess: out of memory\n");
        exit(1);
    }
    /* sort moves and texts together: text, then the index in the list */
    for (int i = 0; i < ml->n; i++)
        move_to_text(p, &ml->m[i], texts[i], sizeof texts[i]);
    int *idx = malloc(sizeof *idx * cnt);
    for (int i = 0; i < ml->n; i++)
        idx[i] = i;
    for (int i = 1; i < ml->n; i++) { /* insertion sort: lists are short */
        int k = idx[i];
        int j = i - 1;
        while (j >= 0 && cmp_text(texts[idx[j]], texts[k]) > 0) {
            idx[j + 1] = idx[j];
            j--;
        }
        idx[j + 1] = k;
    }
    MoveList sorted;
    MoveText *st = malloc(sizeof *st * cnt);
    if (!idx || !st) {
        fprintf(stderr, "ninjachess: out of memory\n");
        exit(1);
    }
    for (int i = 0; i < ml->n; i++) {
        sorted.m[i] = ml->m[idx[i]];
        memcpy(st[i], texts[idx[i]], sizeof st[i]);
    }
    sorted.n = ml->n;
    *ml = sorted;
    free(texts);
    free(idx);
    *texts_out = st;
    return ml->n;
}

int cli_moves(Position *p)
{
    MoveList ml;
    MoveText *texts;
    int n = sorted_moves(p, &ml, &texts);
    for (int i = 0; i < n; i++)
        printf("%s\n", texts[i]);
    free(texts);
    return 0;
}

int cli_perft(Position *p, int depth, bool divide)
{
    uint64_t total = 0;
    if (depth <= 0) {
        total = 1;
    } else if (!divide) {
        total = perft(p, depth);
    } else {
        MoveList ml;
        MoveText *texts;
        int n = sorted_moves(p, &ml, &texts);
        for (int i = 0; i < n; i++) {
            Undo u;
            make_move(p, &ml.m[i], &u);
            uint64_t c = depth > 1 ? perft(p, depth - 1) : 1;
            unmake_move(p, &ml.m[i], &u);
            printf("%s: %llu\n", texts[i], (unsigned long long)c);
            total += c;
        }
        free(texts);
    }
    printf("nodes %llu\n", (unsigned long long)total);
    return 0;
}

int cli_bench_perft(const char *dir)
{
    static const struct {
        const char *variant, *label, *fen;
        int depth;
        uint64_t expect; /* 0 when no published figure exists */
    } cases[] = {
        {"chess", "chess start", NULL, 5, 4865609},
        {"chess", "chess kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4, 4085603},
        {"titan-chess", "titan-chess start", NULL, 3, 0},
        {"stealth-ninja", "stealth-ninja start", NULL, 3, 0},
        {"flying-warmachines", "flying-warmachines start", NULL, 3, 0},
    };
    uint64_t all_nodes = 0;
    double all_time = 0;
    int rc = 0;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        DataErrors errs;
        Variant *v = variant_load(dir, cases[i].variant, &errs);
        if (!v) {
            data_errors_print(&errs, stderr);
            return 1;
        }
        Position p;
        char err[256];
        if (cases[i].fen) {
            if (pos_from_fen(&p, v, cases[i].fen, err, sizeof err)) {
                fprintf(stderr, "ninjachess: %s\n", err);
                variant_free(v);
                return 1;
            }
        } else {
            pos_start(&p, v);
        }
        double t0 = nc_seconds();
        uint64_t n = perft(&p, cases[i].depth);
        double dt = nc_seconds() - t0;
        all_nodes += n;
        all_time += dt;
        printf("perft %-26s depth %d  nodes %12llu  %7.3f s  %8.0f knodes/s%s\n", cases[i].label, cases[i].depth,
               (unsigned long long)n, dt, dt > 0 ? (double)n / dt / 1000 : 0.0,
               cases[i].expect && n != cases[i].expect ? "  WRONG COUNT" : "");
        if (cases[i].expect && n != cases[i].expect)
            rc = 1;
        fflush(stdout);
        variant_free(v);
    }
    printf("perft total nodes %llu  %.3f s  %.0f knodes/s\n", (unsigned long long)all_nodes, all_time,
           all_time > 0 ? (double)all_nodes / all_time / 1000 : 0.0);
    return rc;
}
