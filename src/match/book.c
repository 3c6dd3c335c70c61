/* Opening books (book.h): making one with --make-book, and finding the
 * shipped book of a variant in the data path.  Positions are drawn from a
 * seeded generator and judged by the public search only, so a book is
 * made again the same from the same options. */
#include "book.h"
#include "frontend/frontend.h"

#include "datafile/datafile.h"
#include "rules/rules.h"
#include "session.h"
#include "notation/notation.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Tries per position wanted before giving up: a variant where almost no
 * random start is balanced needs fewer random plies, not more tries. */
#define BOOK_TRIES_PER_POSITION 200
#define BOOK_HASH_MB 16

int book_file(const char *path, const char *name, char *file, size_t len, char *err, size_t errlen)
{
    const char *s = path, *d;
    int n;
    while ((d = data_path_next(&s, &n))) {
        if (snprintf(file, len, "%.*s/books/%s.txt", n, d, name) >= (int)len) {
            snprintf(err, errlen, "%.*s: data directory path too long for its books", n, d);
            return -1;
        }
        struct stat st;
        if (stat(file, &st) == 0)
            return 1;
        if (errno != ENOENT && errno != ENOTDIR) {
            snprintf(err, errlen, "%s: cannot open (%s)", file, strerror(errno));
            return -1;
        }
    }
    return 0;
}

/* Position keys already in the book: open addressing, 0 marks a free slot
 * (a key of 0 is stored as 1; a false "seen" costs one try). */
typedef struct {
    uint64_t *slot;
    size_t mask;
} KeySet;

static int keyset_init(KeySet *k, int n)
{
    size_t size = 64;
    while (size < (size_t)n * 4)
        size *= 2;
    k->slot = calloc(size, sizeof *k->slot);
    k->mask = size - 1;
    return k->slot ? 0 : -1;
}

/* The slot of key: where it is, or the free slot where it goes (the set
 * holds at most a quarter of its slots, so there is always one). */
static uint64_t *keyset_slot(KeySet *k, uint64_t key)
{
    key = key ? key : 1;
    size_t i = key & k->mask;
    while (k->slot[i] && k->slot[i] != key)
        i = (i + 1) & k->mask;
    return &k->slot[i];
}

/* plies random legal plies on g, none ending the game (each drawn again a
 * few times when it would); false when the walk could not go on. */
static bool random_walk(Game *g, int plies, uint64_t *rng)
{
    for (int k = 0; k < plies; k++) {
        bool placed = false;
        for (int attempt = 0; attempt < 16 && !placed; attempt++) {
            Move m;
            if (fe_random_move(g, rng, &m))
                return false;
            game_push(g, &m);
            placed = game_status(g) == GS_ONGOING;
            if (!placed)
                game_pop(g);
        }
        if (!placed)
            return false;
    }
    return true;
}

typedef struct {
    int want, plies;
    long long nodes;
    uint64_t seed;
    char (*texts)[NC_POS_TEXT_MAX];
    int kept;
    long tried;
} Book;

/* One try: a random walk from the options' start, kept when new and
 * balanced.  0, or -1 after printing why. */
static int book_try(Book *b, const Options *opt, const Variant *v, Search *s, KeySet *seen, uint64_t *rng)
{
    Game g;
    char err[512];
    if (session_game(opt, v, &g, err, sizeof err)) {
        fprintf(stderr, "ninjachess: %s\n", err);
        return -1;
    }
    b->tried++;
    uint64_t *slot;
    if (random_walk(&g, b->plies, rng) && !*(slot = keyset_slot(seen, g.pos.key))) {
        SearchLimits lim = {.nodes = b->nodes, .level = 10};
        SearchInfo in;
        search_clear(s);
        search_run(s, &g, &lim, &in);
        if (in.has_best && in.score >= -BOOK_MARGIN && in.score <= BOOK_MARGIN) {
            *slot = g.pos.key ? g.pos.key : 1;
            pos_to_fen(&g.pos, b->texts[b->kept++], NC_POS_TEXT_MAX);
        }
    }
    game_free(&g);
    return 0;
}

static void book_write(const Book *b, const Options *opt, const Variant *v)
{
    printf("# Opening book of %s: start positions for --openings and --datagen (doc/data-files.md).\n", v->name);
    printf("# Made by: ninjachess --make-book %d --variant %s", b->want, opt->variant);
    if (opt->setup)
        printf(" --setup %s", opt->setup);
    if (opt->options)
        printf(" --option %s", opt->options);
    if (opt->titans)
        printf(" --titans %s", opt->titans);
    printf(" --random-plies %d --nodes %lld --seed %llu\n", b->plies, b->nodes, (unsigned long long)b->seed);
    printf("# Each: %d random legal plies from the start, kept when new and a search of %lld nodes\n", b->plies,
           b->nodes);
    printf("# scores it within +/-%d centipawns; %d kept of %ld tried.\n", BOOK_MARGIN, b->kept, b->tried);
    for (int i = 0; i < b->kept; i++)
        printf("%s\n", b->texts[i]);
    fflush(stdout);
}

int book_make_main(const Options *opt)
{
    if (!opt->variant) {
        fprintf(stderr, "ninjachess: --make-book needs --variant NAME\n");
        return 1;
    }
    Book b = {.want = opt->make_book, .plies = opt->random_plies ? opt->random_plies : BOOK_DEFAULT_PLIES,
              .nodes = opt->nodes ? opt->nodes : BOOK_DEFAULT_NODES, .seed = (uint64_t)opt->seed};
    Variant *v = session_variant(opt, NULL);
    if (!v)
        return 1;
    KeySet seen = {0};
    Search *s = search_new(BOOK_HASH_MB);
    b.texts = malloc(sizeof *b.texts * (size_t)b.want);
    int rc = 1;
    if (!s || !b.texts || keyset_init(&seen, b.want)) {
        fprintf(stderr, "ninjachess: out of memory\n");
        goto out;
    }
    /* the hand-made evaluation judges the balance unless a net is named */
    fe_search_net(s, opt, v, FE_NET_ASKED, NULL, 0);
    uint64_t rng = fe_mix(b.seed) | 1;
    long limit = (long)b.want * BOOK_TRIES_PER_POSITION;
    while (b.kept < b.want && b.tried < limit)
        if (book_try(&b, opt, v, s, &seen, &rng))
            goto out;
    if (b.kept < b.want) {
        fprintf(stderr, "ninjachess: only %d of %ld random starts of %s scored within +/-%d; try fewer random plies\n",
                b.kept, b.tried, v->name, BOOK_MARGIN);
        goto out;
    }
    book_write(&b, opt, v);
    fprintf(stderr, "ninjachess: %d positions kept of %ld tried\n", b.kept, b.tried);
    rc = 0;
out:
    free(seen.slot);
    free(b.texts);
    if (s)
        search_free(s);
    variant_free(v);
    return rc;
}
