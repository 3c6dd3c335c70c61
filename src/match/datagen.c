/* The --datagen front end (datagen.h): workers that each play whole games
 * with their own Search and append each finished game's records to the
 * file in one write, and the progress line.  The record format is
 * datagen_file.c's; openings come from match_openings.c. */
#include "datagen.h"
#include "book.h"
#include "frontend/frontend.h"
#include "datagen_file.h"
#include "match_openings.h"

#include "rules/rules.h"
#include "session.h"
#include "notation/notation.h"
#include "files/safe_file.h"

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Games still going after DG_MAX_PLIES plies are drawn; a game is won once
 * the search has scored it DG_WIN_SCORE or more for the same side DG_WIN_PLIES
 * plies in a row (both sides agreeing), which spares the long won endings. */
#define DG_MAX_PLIES 400
#define DG_WIN_SCORE 1500
#define DG_WIN_PLIES 6
#define DG_HASH_MB 16
#define DG_MAX_WORKERS 64
#define DG_REPORT_SECONDS 10

typedef struct {
    const Options *opt;
    const Variant *v;
    const NnueNet *net; /* --nnue FILE's; NULL: the hand-made evaluation */
    char net_file[1100];
    Game base;
    OpeningBook book; /* n == 0: none */
    int nrandom;
    long long nodes;
    uint64_t seed;
    long long end_game;
    int fd;
    pthread_mutex_t write_lock;
    atomic_llong next_game, games, positions, nodes_searched;
    atomic_int failed;
    char err[512]; /* the first worker's failure, under write_lock */
} Gen;

/* One position kept while its game is played: the result comes last. */
typedef struct {
    char text[NC_POS_TEXT_MAX];
    int score, ply;
} Kept;

/* The pieces of each type and colour, on the board and in hand: a move
 * that changes them takes, crushes or promotes. */
static void material(const Position *p, int out[2][NC_MAX_TYPES])
{
    for (int c = 0; c < 2; c++)
        for (int t = 0; t < p->v->ntypes; t++)
            out[c][t] = p->count[nc_code(t, c)] + p->hand[c][t];
}

static bool changes_material(const Position *p, const Move *m)
{
    int before[2][NC_MAX_TYPES] = {{0}}, after[2][NC_MAX_TYPES] = {{0}};
    Position q = *p;
    Undo u;
    material(p, before);
    make_move(&q, m, &u);
    material(&q, after);
    return memcmp(before, after, sizeof before) != 0;
}

static void fail_with(Gen *gen, const char *msg)
{
    pthread_mutex_lock(&gen->write_lock);
    if (!atomic_load(&gen->failed))
        snprintf(gen->err, sizeof gen->err, "%s", msg);
    atomic_store(&gen->failed, 1);
    pthread_mutex_unlock(&gen->write_lock);
}

/* Starts g at game gi's opening: the book's line gi mod n, then the random
 * plies drawn from the seed and gi.  0, or -1 with a message in err. */
static int start_game(Gen *gen, long long gi, Game *g, char *err, size_t errlen)
{
    Opening op; /* the book and the base game are only read */
    int rc = opening_build(gen->book.n ? &gen->book : NULL, &gen->base, (int)(gi % 1000000007), gen->nrandom,
                           gen->seed, &op, err, errlen);
    if (rc == 0) {
        game_init(g, &op.start);
        for (int i = 0; i < op.nmoves; i++)
            game_push(g, &op.moves[i]);
    }
    return rc;
}

/* Plays g to its end from the search's moves, keeping the quiet positions
 * in kept; the result for White in half points. */
static int play_out(Gen *gen, Search *s, Game *g, Kept *kept, int *nkept)
{
    SearchLimits lim = {.nodes = gen->nodes, .level = 10};
    int start = g->nply, run = 0, run_sign = 0;
    GameStatus st;
    *nkept = 0;
    while ((st = game_status(g)) == GS_ONGOING && g->nply - start < DG_MAX_PLIES) {
        SearchInfo in;
        search_run(s, g, &lim, &in);
        atomic_fetch_add(&gen->nodes_searched, (long long)in.nodes);
        if (!in.has_best)
            break;
        int white = g->pos.side == NC_WHITE ? in.score : -in.score;
        bool mate = in.score > SEARCH_MATE - 1000 || in.score < -(SEARCH_MATE - 1000);
        if (!mate && !in_check(&g->pos) && !changes_material(&g->pos, &in.best)) {
            Kept *k = &kept[(*nkept)++];
            pos_to_fen(&g->pos, k->text, sizeof k->text);
            k->score = white;
            k->ply = g->nply;
        }
        int sign = white >= DG_WIN_SCORE ? 1 : white <= -DG_WIN_SCORE ? -1 : 0;
        run = sign && sign == run_sign ? run + 1 : sign ? 1 : 0;
        run_sign = sign;
        if (run >= DG_WIN_PLIES)
            return sign > 0 ? 2 : 0;
        game_push(g, &in.best);
    }
    int w = st == GS_ONGOING ? -1 : game_winner(g, st);
    return w == NC_WHITE ? 2 : w == NC_BLACK ? 0 : 1;
}

/* Appends the game's records to the file in one write, so that the lines
 * of two workers never mix.  0, or -1 with the reason in err. */
static int write_game(Gen *gen, const Kept *kept, int nkept, int result2, long long gi, char *buf, char *err,
                      size_t errlen)
{
    size_t len = 0;
    for (int i = 0; i < nkept; i++) {
        DgRecord r = {kept[i].text, kept[i].score, result2, kept[i].ply, gi};
        len += (size_t)dg_format(&r, buf + len, DG_LINE_MAX);
    }
    pthread_mutex_lock(&gen->write_lock);
    size_t done = 0;
    while (done < len) {
        ssize_t n = write(gen->fd, buf + done, len - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            snprintf(err, errlen, "%s: %s", gen->opt->datagen, n < 0 ? strerror(errno) : "nothing written");
            break;
        }
        done += (size_t)n;
    }
    pthread_mutex_unlock(&gen->write_lock);
    return done == len ? 0 : -1;
}

static void *worker_main(void *arg)
{
    Gen *gen = arg;
    Search *s = search_new(DG_HASH_MB);
    Kept *kept = malloc(sizeof *kept * (DG_MAX_PLIES + 1));
    char *buf = malloc((size_t)DG_LINE_MAX * (DG_MAX_PLIES + 1));
    char err[512];
    if (!s || !kept || !buf || !search_set_nnue(s, gen->net))
        fail_with(gen, "out of memory");
    while (!atomic_load(&gen->failed)) {
        long long gi = atomic_fetch_add(&gen->next_game, 1);
        if (gi >= gen->end_game)
            break;
        Game g;
        if (start_game(gen, gi, &g, err, sizeof err)) {
            fail_with(gen, err);
            break;
        }
        search_clear(s);
        int nkept, result2 = play_out(gen, s, &g, kept, &nkept);
        game_free(&g);
        if (write_game(gen, kept, nkept, result2, gi, buf, err, sizeof err)) {
            fail_with(gen, err);
            break;
        }
        atomic_fetch_add(&gen->positions, nkept);
        atomic_fetch_add(&gen->games, 1);
    }
    free(buf);
    free(kept);
    if (s)
        search_free(s);
    return NULL;
}

/* The book: --openings, else the variant's own (book_file), else none
 * (said on stderr).  0, or -1 after printing why. */
static int load_book(Gen *gen, const Options *opt)
{
    char file[1100], err[600];
    const char *path = opt->openings;
    if (!path) {
        int found = book_file(opt->data_dir, gen->v->name, file, sizeof file, err, sizeof err);
        if (found < 0) {
            fprintf(stderr, "ninjachess: %s\n", err);
            return -1;
        }
        if (!found) {
            fprintf(stderr, "ninjachess: no opening book for %s (books/%s.txt); games start from the setup\n",
                    gen->v->name, gen->v->name);
            return 0;
        }
        path = file;
    }
    if (openings_load(path, &gen->base, &gen->book, err, sizeof err)) {
        fprintf(stderr, "ninjachess: %s\n", err);
        return -1;
    }
    return 0;
}

/* Opens the file for appending after checking where it leaves off; writes
 * the header when it is new and a comment line for this run.  0, or -1
 * after printing why. */
static int open_output(Gen *gen, const Options *opt)
{
    char header[512], err[1400], run[1400], eval[700];
    long long records;
    dg_header(opt, gen->v->name, header, sizeof header);
    /* A regular file only, as it is read back to resume; never through a
     * link, which could lead to anyone's file. */
    gen->fd = sf_open_append(opt->datagen, 0644, false, err, sizeof err);
    if (gen->fd < 0) {
        fprintf(stderr, "ninjachess: %s: %s\n", opt->datagen, err);
        return -1;
    }
    if (dg_scan(opt->datagen, header, &gen->end_game, &records, err, sizeof err)) {
        fprintf(stderr, "ninjachess: %s\n", err);
        return -1;
    }
    long long first = gen->end_game;
    atomic_store(&gen->next_game, first);
    gen->end_game = first + opt->games;
    dg_evaluation(gen->net, gen->net_file, eval, sizeof eval);
    snprintf(run, sizeof run, "# games %lld-%lld: nodes %lld, random plies %d, seed %llu, %s, %s\n", first,
             gen->end_game - 1, gen->nodes, gen->nrandom, (unsigned long long)gen->seed,
             gen->book.n ? "from the book" : "from the setup", eval);
    off_t size = lseek(gen->fd, 0, SEEK_END);
    if ((size == 0 && write(gen->fd, header, strlen(header)) != (ssize_t)strlen(header)) ||
        write(gen->fd, run, strlen(run)) != (ssize_t)strlen(run)) {
        fprintf(stderr, "ninjachess: %s: %s\n", opt->datagen, strerror(errno));
        return -1;
    }
    fprintf(stderr, "ninjachess: datagen %s: games %lld-%lld (%lld positions already in %s)\n", gen->v->name, first,
            gen->end_game - 1, records, opt->datagen);
    return 0;
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void progress(Gen *gen, double t0)
{
    double dt = now_seconds() - t0;
    long long pos = atomic_load(&gen->positions);
    double nodes = (double)atomic_load(&gen->nodes_searched);
    fprintf(stderr, "datagen: %lld games, %lld positions, %.0f positions/s, %.0f nodes/s, %.0f s\n",
            atomic_load(&gen->games), pos, dt > 0 ? (double)pos / dt : 0.0, dt > 0 ? nodes / dt : 0.0, dt);
}

/* Runs the workers and prints progress until they are done; 0, or -1. */
static int run_workers(Gen *gen, int nworkers)
{
    pthread_t th[DG_MAX_WORKERS];
    int started = 0;
    double t0 = now_seconds(), last = t0;
    for (; started < nworkers; started++)
        if (pthread_create(&th[started], NULL, worker_main, gen))
            break;
    if (started == 0) {
        fprintf(stderr, "ninjachess: cannot start a worker thread\n");
        return -1;
    }
    while (atomic_load(&gen->games) < gen->opt->games && !atomic_load(&gen->failed)) {
        nanosleep(&(struct timespec){0, 100000000}, NULL);
        if (now_seconds() - last >= DG_REPORT_SECONDS) {
            last = now_seconds();
            progress(gen, t0);
        }
    }
    for (int i = 0; i < started; i++)
        pthread_join(th[i], NULL);
    progress(gen, t0);
    if (atomic_load(&gen->failed)) {
        fprintf(stderr, "ninjachess: %s\n", gen->err);
        return -1;
    }
    return 0;
}

int datagen_main(const Options *opt)
{
    if (!opt->variant || !opt->games) {
        fprintf(stderr, "ninjachess: --datagen FILE needs --variant NAME and --games N\n");
        return 1;
    }
    static Gen gen; /* large (the base game's position); one per run */
    gen.opt = opt;
    gen.nodes = opt->nodes ? opt->nodes : DG_DEFAULT_NODES;
    gen.seed = (uint64_t)opt->seed;
    gen.fd = -1;
    pthread_mutex_init(&gen.write_lock, NULL);
    Variant *v = session_variant(opt, NULL);
    if (!v)
        return 1;
    gen.v = v;
    char problem[1600];
    /* the scores stay the hand-made evaluation's unless a net is named */
    gen.net = fe_net_for(opt, opt->data_dir, v, FE_NET_ASKED, gen.net_file, sizeof gen.net_file, problem,
                         sizeof problem);
    char err[512];
    int rc = 1;
    if (session_game(opt, v, &gen.base, err, sizeof err)) {
        fprintf(stderr, "ninjachess: %s\n", err);
        variant_free(v);
        return 1;
    }
    if (load_book(&gen, opt) == 0) {
        gen.nrandom = opt->random_plies ? opt->random_plies
                      : gen.book.n      ? DG_DEFAULT_PLIES_BOOK
                                        : DG_DEFAULT_PLIES_NO_BOOK;
        long cores = sysconf(_SC_NPROCESSORS_ONLN);
        int nworkers = opt->concurrency ? opt->concurrency : cores > 0 ? (int)cores : 1;
        if (nworkers > DG_MAX_WORKERS)
            nworkers = DG_MAX_WORKERS;
        if (open_output(&gen, opt) == 0 && run_workers(&gen, nworkers) == 0)
            rc = 0;
    }
    if (gen.fd >= 0)
        close(gen.fd);
    openings_free(&gen.book);
    game_free(&gen.base);
    variant_free(v);
    return rc;
}
