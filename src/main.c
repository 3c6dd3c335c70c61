/* ninjachess: command-line entry point. */
#include "cli.h"
#include "datafile.h"
#include "game.h"
#include "movegen.h"
#include "movetext.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef NC_VERSION
#define NC_VERSION "0.1"
#endif

static void usage(FILE *out)
{
    fputs("usage: ninjachess [OPTION]...\n"
          "\n"
          "Rules queries:\n"
          "  --list-variants          list the variants found in the data directory\n"
          "  --check-variant FILE     check a variant file; print FILE:LINE: message for each problem\n"
          "  --variant NAME           the variant to use\n"
          "  --setup NAME             start setup of the variant (e.g. second)\n"
          "  --option LIST            switch optional rules on (e.g. insane-ninja,scepter)\n"
          "  --titans LIST            make these piece types Titans (names or letters)\n"
          "  --fen TEXT               start from this position text instead\n"
          "  --play MOVE...           apply these moves first (until the next option)\n"
          "  --moves                  print every legal move, one per line\n"
          "  --perft N [--divide]     count move sequences of N plies; last line 'nodes N'\n"
          "  --print-fen              print the position text of the position reached\n"
          "  --status                 print whether the game has ended, and how\n"
          "  --bench                  print perft speed on fixed positions\n"
          "  --data-dir DIR           read data files from DIR\n"
          "  --help, --version\n",
          out);
}

static int fail(const char *fmt, const char *arg)
{
    fprintf(stderr, "ninjachess: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\n");
    return 1;
}

int main(int argc, char **argv)
{
    const char *data_dir_opt = NULL, *variant_name = NULL, *setup = NULL, *options = NULL, *titans = NULL;
    const char *fen = NULL, *check_file = NULL;
    bool list = false, moves = false, divide = false, bench = false, print_fen = false, status = false;
    int perft_depth = -1;
    const char **play = calloc((size_t)argc + 1, sizeof *play);
    int nplay = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
#define NEED_ARG()                                                        \
    do {                                                                  \
        if (i + 1 >= argc)                                                \
            return fail("option %s needs an argument", a);                \
    } while (0)
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return 0;
        } else if (!strcmp(a, "--version")) {
            printf("ninjachess %s\n", NC_VERSION);
            return 0;
        } else if (!strcmp(a, "--list-variants")) {
            list = true;
        } else if (!strcmp(a, "--check-variant")) {
            NEED_ARG();
            check_file = argv[++i];
        } else if (!strcmp(a, "--variant")) {
            NEED_ARG();
            variant_name = argv[++i];
        } else if (!strcmp(a, "--setup")) {
            NEED_ARG();
            setup = argv[++i];
        } else if (!strcmp(a, "--option")) {
            NEED_ARG();
            options = argv[++i];
        } else if (!strcmp(a, "--titans")) {
            NEED_ARG();
            titans = argv[++i];
        } else if (!strcmp(a, "--fen")) {
            NEED_ARG();
            fen = argv[++i];
        } else if (!strcmp(a, "--data-dir")) {
            NEED_ARG();
            data_dir_opt = argv[++i];
        } else if (!strcmp(a, "--moves")) {
            moves = true;
        } else if (!strcmp(a, "--divide")) {
            divide = true;
        } else if (!strcmp(a, "--bench")) {
            bench = true;
        } else if (!strcmp(a, "--print-fen")) {
            print_fen = true;
        } else if (!strcmp(a, "--status")) {
            status = true;
        } else if (!strcmp(a, "--perft")) {
            NEED_ARG();
            char *end;
            long d = strtol(argv[++i], &end, 10);
            if (*end || d < 0 || d > 20)
                return fail("--perft needs a depth 0-20, not '%s'", argv[i]);
            perft_depth = (int)d;
        } else if (!strcmp(a, "--play")) {
            while (i + 1 < argc && strncmp(argv[i + 1], "--", 2) != 0)
                play[nplay++] = argv[++i];
        } else {
            fprintf(stderr, "ninjachess: unknown option '%s'\n", a);
            usage(stderr);
            return 1;
        }
    }
    const char *dir = data_dir_find(data_dir_opt);

    if (list) {
        char **names;
        int n = variant_list(dir, &names);
        if (n == 0)
            return fail("no variants found in %s/variants", dir);
        int rc = 0;
        for (int i = 0; i < n; i++) {
            DataErrors errs;
            Variant *v = variant_load(dir, names[i], &errs);
            if (v) {
                printf("%-22s %s\n", names[i], v->description ? v->description : v->title);
                variant_free(v);
            } else {
                data_errors_print(&errs, stderr);
                rc = 1;
            }
            free(names[i]);
        }
        free(names);
        return rc;
    }
    if (check_file) {
        DataErrors errs;
        Variant *v = variant_load_file(dir, check_file, &errs);
        if (!v) {
            data_errors_print(&errs, stdout);
            return 1;
        }
        printf("%s: variant %s is valid\n", check_file, v->name);
        variant_free(v);
        return 0;
    }
    if (bench)
        return cli_bench_perft(dir);
    if (!variant_name) {
        if (moves || perft_depth >= 0 || nplay || fen || print_fen || status)
            return fail("%s needs --variant NAME", "this query");
        usage(stdout);
        return 0;
    }
    DataErrors errs;
    Variant *v = variant_load(dir, variant_name, &errs);
    if (!v) {
        data_errors_print(&errs, stderr);
        return 1;
    }
    char err[512];
    if (setup && variant_set_setup(v, setup, err, sizeof err))
        return fail("%s", err);
    if (options && variant_set_options(v, options, err, sizeof err))
        return fail("%s", err);
    if (titans && variant_set_titans(v, titans, err, sizeof err))
        return fail("%s", err);
    Position start;
    if (fen) {
        if (pos_from_fen(&start, v, fen, err, sizeof err))
            return fail("%s", err);
    } else {
        pos_start(&start, v);
    }
    Game g;
    game_init(&g, &start);
    for (int i = 0; i < nplay; i++) {
        Move m;
        if (g.pos.scepter)
            return fail("move '%s' after the game ended", play[i]);
        if (move_from_text(&g.pos, play[i], &m, err, sizeof err))
            return fail("%s", err);
        game_push(&g, &m);
    }
    int rc = 0;
    if (print_fen) {
        char buf[1024];
        pos_to_fen(&g.pos, buf, sizeof buf);
        printf("%s\n", buf);
    }
    if (status) {
        GameStatus s = game_status(&g);
        int w = game_winner(&g, s);
        printf("%s%s\n", game_status_text(s), w < 0 ? "" : w == NC_WHITE ? ": White wins" : ": Black wins");
    }
    if (moves)
        rc = cli_moves(&g.pos);
    if (perft_depth >= 0)
        rc = cli_perft(&g.pos, perft_depth, divide);
    game_free(&g);
    variant_free(v);
    free(play);
    return rc;
}
