/* Shared by the command-line front ends: score and PV text, info lines,
 * random moves.  Holds no state and reads no input. */
#include "common.h"

#include "rules/rules.h"
#include "notation/notation.h"

#include <stdio.h>
#include <string.h>

void fe_format_score(int score, char *buf, size_t len)
{
    if (score > SEARCH_MATE - 1000)
        snprintf(buf, len, "mate %d", (SEARCH_MATE - score + 1) / 2);
    else if (score < -(SEARCH_MATE - 1000))
        snprintf(buf, len, "mate -%d", (SEARCH_MATE + score) / 2);
    else
        snprintf(buf, len, "%d", score);
}

static bool is_legal(Position *p, const Move *m)
{
    MoveList ml;
    gen_legal(p, &ml);
    for (int j = 0; j < ml.n; j++)
        if (move_equal(&ml.m[j], m))
            return true;
    return false;
}

void fe_format_pv(const Position *start, const Move *pv, int npv, char *out, size_t len, MoveWriter write)
{
    Position p = *start;
    size_t used = 0;
    out[0] = 0;
    for (int i = 0; i < npv; i++) {
        if (!is_legal(&p, &pv[i]))
            break;
        char buf[160];
        write(&p, &pv[i], buf, sizeof buf);
        size_t bl = strlen(buf);
        if (used + bl + 2 >= len)
            break;
        if (used)
            out[used++] = ' ';
        memcpy(out + used, buf, bl + 1);
        used += bl;
        Undo u;
        make_move(&p, &pv[i], &u);
    }
}

static void write_move_text(const Position *p, const Move *m, char *buf, size_t len)
{
    move_to_text(p, m, buf, (int)len);
}

void fe_print_info(const Position *p, const SearchInfo *in)
{
    char sc[32], pv[2048];
    fe_format_score(in->score, sc, sizeof sc);
    fe_format_pv(p, in->pv, in->npv, pv, sizeof pv, write_move_text);
    printf("info depth %d seldepth %d score %s nodes %llu time %.2f nps %.0f pv %s\n", in->depth, in->seldepth, sc,
           (unsigned long long)in->nodes, in->seconds, in->seconds > 0 ? (double)in->nodes / in->seconds : 0.0,
           pv);
    fflush(stdout);
}

uint64_t fe_rng(uint64_t *state)
{
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    return *state;
}

uint64_t fe_mix(uint64_t x)
{
    x += 0x9E3779B97F4A7C15ULL;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

int fe_random_move(Game *g, uint64_t *rng, Move *out)
{
    MoveList ml;
    gen_legal(&g->pos, &ml);
    if (!ml.n)
        return -1;
    *out = ml.m[fe_rng(rng) % (uint64_t)ml.n];
    return 0;
}

int fe_search_params(Search *s, const Options *opt)
{
    char why[200];
    if (opt->search_params && !search_params_apply(s, opt->search_params, why, sizeof why)) {
        fprintf(stderr, "ninjachess: --search-param: %s\n", why);
        return 1;
    }
    return 0;
}

int fe_search_configure(Search *s, const Options *opt, int default_threads)
{
    if (fe_search_params(s, opt))
        return 1;
    int threads = opt->threads > 0 ? opt->threads : default_threads;
    if (!search_set_threads(s, threads)) {
        fprintf(stderr, "ninjachess: cannot start %d search threads\n", threads);
        return 1;
    }
    return 0;
}

int fe_search_param_list(void)
{
    for (int i = 0; i < search_param_count(); i++) {
        const char *name, *meaning;
        int def, min, max;
        search_param_describe(i, &name, &def, &min, &max, &meaning);
        printf("%-20s %6d %6d %6d  %s\n", name, def, min, max, meaning);
    }
    return 0;
}
