/* --analyse FILE (analyse_query.h): the game --load would open, searched
 * position by position (analysis/), written back with [%eval] comments,
 * NAGs and the better lines (analysis_pgn_notes). */
#include "analyse_query.h"

#include "analysis/analysis.h"
#include "common.h"
#include "nnue_query.h"
#include "notation/notation.h"
#include "session.h"
#include "text/quote.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Nodes a position when no budget is given. */
#define ANALYSE_DEFAULT_NODES 300000

typedef struct {
    char (*name)[64];
    char **value;
    int n, cap;
    bool failed;
} TagList;

static void keep_tag(void *ctx, const char *name, const char *value)
{
    TagList *t = ctx;
    if (t->failed)
        return;
    if (t->n == t->cap) {
        int cap = t->cap ? 2 * t->cap : 16;
        char(*nn)[64] = realloc(t->name, sizeof *nn * (size_t)cap);
        if (nn)
            t->name = nn;
        char **nv = realloc(t->value, sizeof *nv * (size_t)cap);
        if (nv)
            t->value = nv;
        if (!nn || !nv) {
            t->failed = true;
            return;
        }
        t->cap = cap;
    }
    snprintf(t->name[t->n], sizeof t->name[0], "%s", name);
    t->value[t->n] = strdup(value);
    if (!t->value[t->n]) {
        t->failed = true;
        return;
    }
    t->n++;
}

static void tags_free(TagList *t)
{
    for (int i = 0; i < t->n; i++)
        free(t->value[i]);
    free(t->name);
    free(t->value);
}

/* The file's tags in its order, and what PgnTags keeps of them. */
static int read_tags(const char *path, TagList *tl, PgnTags *t, char *err, int errlen)
{
    size_t len;
    char *text = pgn_read_file(path, &len, err, errlen);
    if (!text)
        return -1;
    char file[600];
    nc_quote(path, file, sizeof file);
    const char *s = text;
    int line = 1;
    int rc = pgn_read_tags_each(&s, &line, t, file, keep_tag, tl, err, errlen);
    free(text);
    if (rc == 0 && tl->failed) {
        snprintf(err, (size_t)errlen, "%s: out of memory for its tags", file);
        rc = -1;
    }
    return rc;
}

typedef struct {
    bool tty;
} Progress;

static bool show_progress(void *ctx, int done, int total)
{
    const Progress *pr = ctx;
    if (!pr->tty)
        return true;
    enum { WIDTH = 40 };
    int filled = total ? done * WIDTH / total : WIDTH;
    char bar[WIDTH + 1];
    for (int i = 0; i < WIDTH; i++)
        bar[i] = i < filled ? '#' : '.';
    bar[WIDTH] = 0;
    fprintf(stderr, "\ranalysing [%s] %d/%d", bar, done, total);
    if (done == total)
        fputc('\n', stderr);
    fflush(stderr);
    return true;
}

static void print_summary(const Position *start, const MoveAnalysis *a, int nply, const PgnTags *t)
{
    SideSummary sum[2];
    analysis_summary(start, a, nply, sum);
    for (int c = NC_WHITE; c <= NC_BLACK; c++) {
        const char *who = c == NC_WHITE ? t->white : t->black;
        char q[200];
        fprintf(stderr, "%s%s%s%s: %d moves, %d inaccuracies, %d mistakes, %d blunders, average centipawn loss %.0f\n",
                c == NC_WHITE ? "White" : "Black", who[0] ? " (" : "", who[0] ? nc_quote(who, q, sizeof q) : "",
                who[0] ? ")" : "", sum[c].moves, sum[c].inaccuracies, sum[c].mistakes, sum[c].blunders,
                sum[c].average_cp_loss);
    }
}

/* The result token: the game's own when its moves end it (a file's
 * [Result] may say otherwise), else the one the tags record. */
static const char *result_token(Game *g, const PgnTags *t)
{
    GameStatus st = game_status(g);
    if (st == GS_ONGOING)
        return pgn_result_of(t->result);
    int w = game_winner(g, st);
    return w == NC_WHITE ? "1-0" : w == NC_BLACK ? "0-1" : "1/2-1/2";
}

static int write_report(const TagList *tl, const AnalysisReport *r, int nply, const char *result)
{
    bool has_result = false;
    for (int i = 0; i < tl->n; i++) {
        bool is_result = strcmp(tl->name[i], "Result") == 0;
        has_result |= is_result;
        if (strcmp(tl->name[i], "Annotator"))
            pgn_put_tag(stdout, tl->name[i], is_result ? result : tl->value[i]);
    }
    if (!has_result)
        pgn_put_tag(stdout, "Result", result);
    pgn_put_tag(stdout, "Annotator", "ninjachess " NC_VERSION);
    fputc('\n', stdout);
    PgnNotes notes = analysis_pgn_notes(r);
    if (pgn_write_noted(stdout, r->start, r->moves, nply, &notes, result) || fflush(stdout)) {
        perror("ninjachess: --analyse: writing the report");
        return 1;
    }
    return 0;
}

int analyse_main(const Options *opt)
{
    Options lo = *opt;
    lo.load = opt->analyse;
    char err[1200], ended[300];
    TagList tl = {0};
    PgnTags t;
    if (read_tags(opt->analyse, &tl, &t, err, sizeof err)) {
        fprintf(stderr, "ninjachess: %s\n", err);
        tags_free(&tl);
        return 1;
    }
    Variant *v;
    Game g;
    if (session_load_ended(&lo, &v, &g, ended, sizeof ended, err, sizeof err)) {
        fprintf(stderr, "ninjachess: %s\n", err);
        tags_free(&tl);
        return 1;
    }
    int rc = 1;
    Search *s = search_new(FE_HASH_MB);
    MoveAnalysis *a = calloc((size_t)(g.nply > 0 ? g.nply : 1), sizeof *a);
    if (!s || !a) {
        fprintf(stderr, "ninjachess: --analyse: out of memory\n");
        goto done;
    }
    if (fe_search_configure(s, opt, 1))
        goto done;
    fe_search_net(s, opt, v, FE_NET_DEFAULT, NULL, 0);
    SearchLimits lim = {.level = opt->level, .depth = opt->depth, .nodes = opt->nodes, .seconds = opt->think};
    if (!lim.depth && !lim.nodes && lim.seconds <= 0)
        lim.nodes = ANALYSE_DEFAULT_NODES;
    Progress pr = {isatty(STDERR_FILENO) == 1};
    analysis_run(s, &g, &lim, a, show_progress, &pr);
    Position start = g.pos;
    for (int i = g.nply - 1; i >= 0; i--)
        unmake_move(&start, &g.moves[i], &g.undos[i]);
    AnalysisReport r = {&start, g.moves, a};
    rc = write_report(&tl, &r, g.nply, result_token(&g, &t));
    print_summary(&start, a, g.nply, &t);
done:
    free(a);
    if (s)
        search_free(s);
    game_free(&g);
    variant_free(v);
    tags_free(&tl);
    return rc;
}
