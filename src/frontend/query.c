/* The command-line queries on variants and on one position, including the
 * one-shot search.  Reads no input; the game screen and the protocols
 * live elsewhere. */
#include "query.h"
#include "common.h"
#include "nnue_query.h"

#include "datafile/datafile.h"
#include "rules/rules.h"
#include "notation/notation.h"
#include "session.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int query_list_variants(const Options *o)
{
    char **names;
    int n = variant_list(o->data_dir, &names);
    if (n == 0) {
        fprintf(stderr, "ninjachess: no variants found in the data directories (%s)\n", o->data_dir);
        return 1;
    }
    int rc = 0;
    for (int i = 0; i < n; i++) {
        DataErrors errs;
        Variant *v = variant_load(o->data_dir, names[i], &errs);
        char file[1024] = "";
        if (v && variant_file(o->data_dir, names[i], file, sizeof file, &errs) == 0) {
            /* the description, then where the variant comes from */
            printf("%-22s %s (%s)\n", names[i], v->description ? v->description : v->title, file);
            variant_free(v);
        } else {
            for (int k = 0; k < errs.n; k++)
                fprintf(stderr, "ninjachess: %s\n", errs.msg[k]);
            rc = 1;
        }
        free(names[i]);
    }
    free(names);
    return rc;
}

int query_check_variant(const Options *o)
{
    DataErrors errs;
    Variant *v = variant_load_file(o->data_dir, o->check_variant, &errs);
    if (!v) {
        data_errors_print(&errs, stdout);
        return 1;
    }
    printf("%s: variant %s is valid\n", o->check_variant, v->name);
    variant_free(v);
    return 0;
}

/* ---- moves and perft ---- */

typedef char MoveText[160];

static void *xmalloc(size_t n)
{
    void *q = malloc(n);
    if (!q) {
        fprintf(stderr, "ninjachess: out of memory\n");
        exit(1);
    }
    return q;
}

/* Order of the moves by text: indices into texts, by insertion sort
 * (lists are short). */
static int *order_by_text(MoveText *texts, int n)
{
    int *idx = xmalloc(sizeof *idx * (size_t)(n > 0 ? n : 1));
    for (int i = 0; i < n; i++)
        idx[i] = i;
    for (int i = 1; i < n; i++) {
        int k = idx[i];
        int j = i - 1;
        while (j >= 0 && strcmp(texts[idx[j]], texts[k]) > 0) {
            idx[j + 1] = idx[j];
            j--;
        }
        idx[j + 1] = k;
    }
    return idx;
}

/* Legal moves of p with their texts, both sorted by text. */
static int sorted_moves(Position *p, MoveList *ml, MoveText **texts_out)
{
    gen_legal(p, ml);
    size_t cnt = ml->n > 0 ? (size_t)ml->n : 1;
    MoveText *texts = xmalloc(sizeof *texts * cnt);
    for (int i = 0; i < ml->n; i++)
        move_to_text(p, &ml->m[i], texts[i], sizeof texts[i]);
    int *idx = order_by_text(texts, ml->n);
    MoveList sorted;
    MoveText *st = xmalloc(sizeof *st * cnt);
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

static int print_moves(Position *p)
{
    MoveList ml;
    MoveText *texts;
    int n = sorted_moves(p, &ml, &texts);
    for (int i = 0; i < n; i++)
        printf("%s\n", texts[i]);
    free(texts);
    return 0;
}

/* Perft per root move, sorted by text; returns the total. */
static uint64_t perft_divide(Position *p, int depth)
{
    uint64_t total = 0;
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
    return total;
}

/* The last line is "nodes N". */
static int print_perft(Position *p, int depth, bool divide)
{
    uint64_t total;
    if (depth <= 0)
        total = 1;
    else if (!divide)
        total = perft(p, depth);
    else
        total = perft_divide(p, depth);
    printf("nodes %llu\n", (unsigned long long)total);
    return 0;
}

/* ---- one-shot search ---- */

static void sleep_ms(int ms)
{
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

/* Searches on the search thread, printing an info line per new depth. */
static int think(const Options *opt, Game *g)
{
    Search *s = search_new(FE_HASH_MB);
    if (!s) {
        fprintf(stderr, "ninjachess: out of memory\n");
        return 1;
    }
    if (fe_search_configure(s, opt, 1)) {
        search_free(s);
        return 1;
    }
    char eval[1200];
    fe_search_net(s, opt, g->pos.v, FE_NET_DEFAULT, eval, sizeof eval);
    printf("info string evaluation: %s\n", eval);
    SearchLimits lim = {.depth = opt->depth, .seconds = opt->think, .nodes = opt->nodes, .level = opt->level};
    search_start(s, g, &lim);
    SearchInfo in;
    int shown = 0;
    for (;;) {
        bool done = search_poll(s, &in);
        if (in.depth > shown) {
            fe_print_info(&g->pos, &in);
            shown = in.depth;
        }
        if (done)
            break;
        sleep_ms(5);
    }
    search_wait(s, &in);
    search_free(s);
    if (in.note[0])
        fprintf(stderr, "ninjachess: %s\n", in.note);
    if (!in.has_best) {
        GameStatus st = game_status(g);
        fprintf(stderr, "ninjachess: no move to play (%s)\n", game_status_text(st));
        return 1;
    }
    char buf[160];
    move_to_text(&g->pos, &in.best, buf, sizeof buf);
    printf("%s\n", buf);
    return 0;
}

/* ---- one position ---- */

bool query_asked(const Options *o)
{
    return o->moves || o->perft >= 0 || o->print_fen || o->status || o->think > 0 || o->depth > 0 ||
           o->nodes > 0;
}

/* ended: the end a loaded file records while its position is not over. */
static void print_status(Game *g, const char *ended)
{
    if (ended[0]) {
        printf("%s\n", ended);
        return;
    }
    GameStatus s = game_status(g);
    int w = game_winner(g, s);
    /* The Scepter's name does not say how it ends (a draw, unlike a
     * capture of the king's), so the outcome is spelled out. */
    printf("%s%s\n", game_status_text(s),
           w >= 0 ? (w == NC_WHITE ? ": White wins" : ": Black wins") : s == GS_SCEPTER ? ": a draw" : "");
}

static int answer(const Options *o, Game *g, const char *ended)
{
    int rc = 0;
    if (o->print_fen) {
        char buf[1024];
        pos_to_fen(&g->pos, buf, sizeof buf);
        printf("%s\n", buf);
    }
    if (o->status)
        print_status(g, ended);
    if (o->moves)
        rc = print_moves(&g->pos);
    if (o->perft >= 0)
        rc = print_perft(&g->pos, o->perft, o->divide);
    if (!rc && (o->think > 0 || o->depth > 0 || o->nodes > 0))
        rc = think(o, g);
    return rc;
}

/* --load FILE with a query: the variant and game the file holds. */
static int query_loaded(const Options *o)
{
    Variant *v;
    Game g;
    char err[1200], ended[300];
    if (session_load_ended(o, &v, &g, ended, sizeof ended, err, sizeof err)) {
        fprintf(stderr, "ninjachess: %s\n", err);
        return 1;
    }
    int rc = answer(o, &g, ended);
    game_free(&g);
    variant_free(v);
    return rc;
}

int query_main(const Options *o)
{
    if (o->load)
        return query_loaded(o);
    if (!o->variant) {
        fprintf(stderr, "ninjachess: this query needs --variant NAME\n");
        return 1;
    }
    Variant *v = session_variant(o, NULL);
    if (!v)
        return 1;
    Game g;
    char err[512];
    if (session_game(o, v, &g, err, sizeof err)) {
        fprintf(stderr, "ninjachess: %s\n", err);
        variant_free(v);
        return 1;
    }
    int rc = answer(o, &g, "");
    game_free(&g);
    variant_free(v);
    return rc;
}
