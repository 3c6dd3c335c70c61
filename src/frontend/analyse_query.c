/* --analyse FILE (analyse_query.h): the game --load would open, searched
 * position by position (analysis/), written back with [%eval] comments,
 * NAGs and the better lines. */
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
    const Position *start;
    const Game *g;
    const MoveAnalysis *a;
} Report;

static int white_view(const Report *r, int ply, int score)
{
    return (r->start->side + ply) % 2 == NC_WHITE ? score : -score;
}

/* A score as [%eval] writes it: pawns from White's view, or #N (#-N)
 * for a mate in N moves by White (Black). */
static void eval_text(int white_score, char *buf, size_t len)
{
    int a = white_score < 0 ? -white_score : white_score;
    if (a > SEARCH_MATE - 1000)
        snprintf(buf, len, "#%s%d", white_score < 0 ? "-" : "", (SEARCH_MATE - a + 1) / 2);
    else
        snprintf(buf, len, "%.2f", white_score / 100.0);
}

static const char *judgement_nag(MoveJudgement j)
{
    return j == JUDGED_BLUNDER ? "$4" : j == JUDGED_MISTAKE ? "$2" : j == JUDGED_INACCURACY ? "$6" : "";
}

static const char *judgement_word(MoveJudgement j)
{
    return j == JUDGED_BLUNDER ? "Blunder" : j == JUDGED_MISTAKE ? "Mistake" : "Inaccuracy";
}

static const char *nag_at(void *ctx, int ply, char *buf, size_t len)
{
    const Report *r = ctx;
    if (ply < 0)
        return NULL;
    snprintf(buf, len, "%s", judgement_nag(r->a[ply].judgement));
    return buf;
}

static const char *comment_at(void *ctx, int ply, char *buf, size_t len)
{
    const Report *r = ctx;
    if (ply < 0)
        return NULL;
    const MoveAnalysis *a = &r->a[ply];
    if (a->played_score == SEARCH_MATE || a->played_score == -SEARCH_MATE)
        return NULL; /* the game is over: no score to give */
    char after[32], before[32], best[160];
    eval_text(white_view(r, ply, a->played_score), after, sizeof after);
    int n = snprintf(buf, len, "[%%eval %s]", after);
    if (a->judgement != JUDGED_GOOD && a->nline > 0 && n >= 0 && (size_t)n < len) {
        Position p = *r->start;
        for (int i = 0; i < ply; i++) {
            Undo u;
            make_move(&p, &r->g->moves[i], &u);
        }
        move_label(&p, &a->line[0], best, sizeof best);
        eval_text(white_view(r, ply, a->best_score), before, sizeof before);
        snprintf(buf + n, len - (size_t)n, " %s (%s -> %s). %s was best.", judgement_word(a->judgement), before, after,
                 best);
    }
    return buf;
}

static int variation_at(void *ctx, int ply, const Move **line)
{
    const Report *r = ctx;
    const MoveAnalysis *a = &r->a[ply];
    if (a->judgement == JUDGED_GOOD || a->nline == 0)
        return 0;
    *line = a->line;
    return a->nline;
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

static int write_report(const TagList *tl, const Report *r, const char *result)
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
    PgnNotes notes = {nag_at, comment_at, variation_at, (void *)r};
    if (pgn_write_noted(stdout, r->start, r->g->moves, r->g->nply, &notes, result) || fflush(stdout)) {
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
    Report r = {&start, &g, a};
    rc = write_report(&tl, &r, result_token(&g, &t));
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
