/* --find-puzzles and --check-puzzles (puzzles.h). */
#include "puzzles.h"

#include "puzzle/puzzle.h"
#include "session.h"
#include "text/quote.h"
#include "common.h"
#include "nnue_query.h"

#include <dirent.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FIND_NODES 100000      /* a position's first search, unless --nodes */
#define CONFIRM_FACTOR 4       /* the confirming search's nodes, times the first's */
#define FIRST_PLY 4            /* the first moves of a game make no puzzles */
#define MAX_SEEN 65536
#define QUICK_GAP_DIV 3        /* a candidate's quick gap: at least the rule's gap over this */

/* The finding rule: a win of 3 pawns, every other move 3 pawns worse and
 * not winning. */
static PuzzleRule find_rule(const Options *opt)
{
    return (PuzzleRule){opt->nodes > 0 ? opt->nodes : FIND_NODES, 300, 300, 300};
}

/* The checking rule, looser than the finding one, so that a puzzle found
 * stays one when the search changes a little. */
static PuzzleRule check_rule(const Options *opt)
{
    return (PuzzleRule){opt->nodes > 0 ? opt->nodes : FIND_NODES, 200, 150, 450};
}

typedef struct {
    const Options *opt;
    Search *s;
    char variant[64];
    uint64_t *seen;  /* positions already made puzzles of (keys) */
    int nseen, found, games;
    PuzzleRule find, confirm;
} Finder;

static bool seen_before(Finder *f, uint64_t key)
{
    for (int i = 0; i < f->nseen; i++)
        if (f->seen[i] == key)
            return true;
    if (f->nseen < MAX_SEEN)
        f->seen[f->nseen++] = key;
    return false;
}

/* A quick two-line search of a position: its best score, the mover's
 * view, and how far the second move falls short of it (a large number
 * when there is no second move). */
static int quick_score(Finder *f, const Game *g, int *gap)
{
    SearchInfo in;
    search_run(f->s, g, &(SearchLimits){.nodes = f->find.nodes / 10, .level = 10, .lines = 2}, &in);
    int top = in.nlines > 0 ? in.lines[0].score : in.score;
    *gap = in.nlines > 1 ? top - in.lines[1].score : 1 << 20;
    return top;
}

static int find_in_game(void *ctx, const Variant *v, const Game *g, const PgnTags *t, int index)
{
    (void)t;
    Finder *f = ctx;
    if (!f->variant[0]) {
        snprintf(f->variant, sizeof f->variant, "%s", v->name);
        puzzle_write_header(stdout, v);
        fe_search_net(f->s, f->opt, v, FE_NET_DEFAULT, NULL, 0);
    } else if (strcmp(f->variant, v->name)) {
        fprintf(stderr, "ninjachess: game %d is of %s, not %s: a puzzle file holds one variant; not searched\n",
                index + 1, v->name, f->variant);
        return 0;
    }
    Position start = g->pos;
    for (int i = g->nply - 1; i >= 0; i--)
        unmake_move(&start, &g->moves[i], &g->undos[i]);
    Game h;
    game_init(&h, &start);
    int before[2] = {0, 0}; /* the quick score when each side last moved */
    int found = 0;
    for (int ply = 0; ply <= g->nply; ply++) {
        if (ply >= FIRST_PLY && game_status(&h) == GS_ONGOING) {
            int side = h.pos.side;
            int gap;
            int now = quick_score(f, &h, &gap);
            /* new chances only: the side was not already winning; and a
             * second move close to the first already is no puzzle */
            if (now >= f->find.win_cp * 2 / 3 && before[side] < f->find.win_cp &&
                gap >= f->find.gap_cp / QUICK_GAP_DIV && !seen_before(f, h.pos.key)) {
                Puzzle p;
                if (puzzle_find(f->s, &h, &f->find, &f->confirm, &p)) {
                    snprintf(p.source, sizeof p.source, "game %d ply %d", index + 1, ply);
                    puzzle_write(stdout, &p);
                    fflush(stdout);
                    found++;
                }
            }
            before[side] = now;
        }
        if (ply < g->nply)
            game_push(&h, &g->moves[ply]);
    }
    game_free(&h);
    f->found += found;
    f->games++;
    fprintf(stderr, "ninjachess: game %d: %d puzzle%s (%d in all)\n", index + 1, found, found == 1 ? "" : "s",
            f->found);
    return 0;
}

int puzzles_find_main(const Options *opt)
{
    Finder f = {.opt = opt};
    f.find = find_rule(opt);
    f.confirm = f.find;
    f.confirm.nodes *= CONFIRM_FACTOR;
    f.s = search_new(FE_HASH_MB);
    f.seen = malloc(sizeof *f.seen * MAX_SEEN);
    int rc = 1;
    char err[1200];
    if (!f.s || !f.seen)
        fprintf(stderr, "ninjachess: --find-puzzles: out of memory\n");
    else if (fe_search_configure(f.s, opt, 1) == 0) {
        if (session_each_game(opt, opt->find_puzzles, find_in_game, &f, err, sizeof err))
            fprintf(stderr, "ninjachess: %s\n", err);
        else
            rc = 0;
    }
    if (rc == 0 && fflush(stdout)) {
        perror("ninjachess: --find-puzzles: writing the puzzles");
        rc = 1;
    }
    free(f.seen);
    if (f.s)
        search_free(f.s);
    return rc;
}

/* Whether a file called name (after the last '/') is in list[0..n). */
static bool name_listed(char **list, int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (!strcmp(strrchr(list[i], '/') + 1, name))
            return true;
    return false;
}

/* Every .txt file of the data path's puzzles directories, a name in an
 * earlier directory hiding the same name later (a player's own file
 * replaces the shipped one, as variant files do); NULL-terminated.  NULL
 * after printing why: a directory that cannot be read, a path too long,
 * no memory. */
static char **shipped_files(const char *data_path, int *n)
{
    char **list = calloc(1, sizeof *list);
    *n = 0;
    const char *walk = data_path, *d;
    int len;
    bool ok = list != NULL;
    while (ok && (d = data_path_next(&walk, &len))) {
        char dir[1024], q[1100];
        if (snprintf(dir, sizeof dir, "%.*s/puzzles", len, d) >= (int)sizeof dir) {
            printf("%.*s: the data directory's path is too long\n", len, d);
            ok = false;
            break;
        }
        DIR *dp = opendir(dir);
        if (!dp) {
            if (errno != ENOENT) {
                printf("%s: cannot read the directory: %s\n", nc_quote(dir, q, sizeof q), strerror(errno));
                ok = false;
            }
            continue;
        }
        int earlier = *n;
        for (struct dirent *de; ok && (de = readdir(dp));) {
            size_t l = strlen(de->d_name);
            if (de->d_name[0] == '.' || l < 5 || strcmp(de->d_name + l - 4, ".txt") ||
                name_listed(list, earlier, de->d_name))
                continue;
            char **nl = realloc(list, sizeof *nl * (size_t)(*n + 2));
            size_t need = strlen(dir) + l + 2;
            char *path = nl ? malloc(need) : NULL;
            if (nl)
                list = nl;
            if (!path) {
                printf("%s: out of memory for the list of puzzle files\n", nc_quote(dir, q, sizeof q));
                ok = false;
                break;
            }
            snprintf(path, need, "%s/%s", dir, de->d_name);
            list[*n] = path;
            list[++*n] = NULL;
        }
        closedir(dp);
    }
    if (!ok) {
        for (int i = 0; list && i < *n; i++)
            free(list[i]);
        free(list);
        *n = 0;
        return NULL;
    }
    return list;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int check_file(Search *s, const char *path, const Options *opt, int *npuzzles)
{
    DataErrors *e = calloc(1, sizeof *e);
    if (!e) {
        printf("%s: out of memory\n", path);
        return 1;
    }
    PuzzleFile pf;
    int problems = 0;
    if (puzzle_file_read(path, opt->data_dir, &pf, e)) {
        data_errors_print(e, stdout);
        int n = e->n > 0 ? e->n : 1;
        free(e);
        return n;
    }
    fe_search_net(s, opt, pf.v, FE_NET_DEFAULT, NULL, 0);
    PuzzleRule r = check_rule(opt);
    for (int i = 0; i < pf.n; i++) {
        char why[300], q[600];
        if (puzzle_check(s, &pf.p[i], &r, why, sizeof why)) {
            printf("%s:%d: %s\n", nc_quote(path, q, sizeof q), pf.p[i].line, why);
            problems++;
        }
    }
    *npuzzles += pf.n;
    puzzle_file_free(&pf);
    free(e);
    return problems;
}

int puzzles_check_main(const Options *opt)
{
    int nfiles = opt->npuzzle_files;
    char **files = NULL;
    if (nfiles == 0) {
        files = shipped_files(opt->data_dir, &nfiles);
        if (!files)
            return 1;
        if (nfiles == 0) {
            printf("%s: no puzzles/ directory with puzzle files in the data path\n", opt->data_dir);
            free(files);
            return 1;
        }
        qsort(files, (size_t)nfiles, sizeof *files, cmp_str);
    }
    Search *s = search_new(FE_HASH_MB);
    if (!s || fe_search_configure(s, opt, 1)) {
        fprintf(stderr, "ninjachess: --check-puzzles: no search\n");
        return 1;
    }
    int problems = 0, npuzzles = 0;
    for (int i = 0; i < nfiles; i++)
        problems += check_file(s, files ? files[i] : opt->puzzle_files[i], opt, &npuzzles);
    if (!problems)
        printf("%d puzzle%s in %d file%s: each has one winning move\n", npuzzles, npuzzles == 1 ? "" : "s", nfiles,
               nfiles == 1 ? "" : "s");
    for (int i = 0; files && i < nfiles; i++)
        free(files[i]);
    free(files);
    search_free(s);
    return problems ? 1 : 0;
}
