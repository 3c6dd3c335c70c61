#include "session.h"

#include "datafile.h"
#include "movetext.h"

#include <stdlib.h>
#include <string.h>

#ifndef NC_VERSION
#define NC_VERSION "0.1"
#endif

Variant *session_variant(const Options *opt, const char *name)
{
    DataErrors errs;
    Variant *v = variant_load(opt->data_dir, name ? name : opt->variant, &errs);
    if (!v) {
        data_errors_print(&errs, stderr);
        return NULL;
    }
    char err[256];
    if ((opt->setup && variant_set_setup(v, opt->setup, err, sizeof err)) ||
        (opt->options && variant_set_options(v, opt->options, err, sizeof err)) ||
        (opt->titans && variant_set_titans(v, opt->titans, err, sizeof err))) {
        fprintf(stderr, "ninjachess: %s\n", err);
        variant_free(v);
        return NULL;
    }
    return v;
}

int session_game(const Options *opt, const Variant *v, Game *g, char *err, int errlen)
{
    Position start;
    if (opt->fen) {
        if (pos_from_fen(&start, v, opt->fen, err, errlen))
            return -1;
    } else {
        pos_start(&start, v);
    }
    game_init(g, &start);
    for (int i = 0; i < opt->nplay; i++) {
        Move m;
        if (g->pos.scepter) {
            snprintf(err, (size_t)errlen, "move '%s' after the game ended", opt->play[i]);
            return -1;
        }
        if (move_from_text(&g->pos, opt->play[i], &m, err, errlen))
            return -1;
        game_push(g, &m);
    }
    return 0;
}

void options_usage(FILE *out)
{
    fputs("usage: ninjachess [OPTION]...\n"
          "With no query option, starts the game screen.\n"
          "\n"
          "Game:\n"
          "  --variant NAME           the variant (see --list-variants)\n"
          "  --setup NAME             start setup of the variant (e.g. second)\n"
          "  --option LIST            switch optional rules on (e.g. insane-ninja,scepter)\n"
          "  --titans LIST            make these piece types Titans (names or letters)\n"
          "  --fen TEXT               start from this position text\n"
          "  --play MOVE...           apply these moves first (until the next option)\n"
          "  --white human|computer   who plays White (also --black)\n"
          "  --level N                computer strength 1-10\n"
          "  --load FILE              load a saved game\n"
          "  --tutorial               open the tutorial\n"
          "  --ascii                  draw pieces as letters only\n"
          "\n"
          "Rules queries:\n"
          "  --list-variants          list the variants found in the data directory\n"
          "  --check-variant FILE     check a variant file; print FILE:LINE: message for each problem\n"
          "  --moves                  print every legal move, one per line\n"
          "  --perft N [--divide]     count move sequences of N plies; last line 'nodes N'\n"
          "  --print-fen              print the position text of the position reached\n"
          "  --status                 print whether the game has ended, and how\n"
          "  --bench                  print perft and search speed on fixed positions\n"
          "\n"
          "Engine:\n"
          "  --think SECONDS | --depth N | --nodes N   search and print the chosen move last\n"
          "  --selfplay N [--levels A,B]               play N computer games without the screen\n"
          "  --xboard                                  speak the XBoard protocol\n"
          "\n"
          "  --data-dir DIR           read data files from DIR\n"
          "  --help, --version\n",
          out);
}

static int bad(const char *fmt, const char *arg)
{
    fprintf(stderr, "ninjachess: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\n");
    return 2;
}

static int parse_int(const char *s, long lo, long hi, long *out)
{
    char *end;
    long v = strtol(s, &end, 10);
    if (!*s || *end || v < lo || v > hi)
        return -1;
    *out = v;
    return 0;
}

int options_parse(Options *o, int argc, char **argv)
{
    memset(o, 0, sizeof *o);
    o->perft = -1;
    const char *dir = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *val = i + 1 < argc ? argv[i + 1] : NULL;
        long n;
#define TAKE(field)                                                         \
    do {                                                                    \
        if (!val)                                                           \
            return bad("option %s needs an argument", a);                   \
        o->field = val;                                                     \
        i++;                                                                \
    } while (0)
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            options_usage(stdout);
            return 1;
        } else if (!strcmp(a, "--version")) {
            printf("ninjachess %s\n", NC_VERSION);
            return 1;
        } else if (!strcmp(a, "--list-variants")) {
            o->list_variants = true;
        } else if (!strcmp(a, "--check-variant")) {
            TAKE(check_variant);
        } else if (!strcmp(a, "--variant")) {
            TAKE(variant);
        } else if (!strcmp(a, "--setup")) {
            TAKE(setup);
        } else if (!strcmp(a, "--option")) {
            TAKE(options);
        } else if (!strcmp(a, "--titans")) {
            TAKE(titans);
        } else if (!strcmp(a, "--fen")) {
            TAKE(fen);
        } else if (!strcmp(a, "--data-dir")) {
            if (!val)
                return bad("option %s needs an argument", a);
            dir = val;
            i++;
        } else if (!strcmp(a, "--white")) {
            TAKE(white);
        } else if (!strcmp(a, "--black")) {
            TAKE(black);
        } else if (!strcmp(a, "--load")) {
            TAKE(load);
        } else if (!strcmp(a, "--levels")) {
            TAKE(levels);
        } else if (!strcmp(a, "--moves")) {
            o->moves = true;
        } else if (!strcmp(a, "--divide")) {
            o->divide = true;
        } else if (!strcmp(a, "--bench")) {
            o->bench = true;
        } else if (!strcmp(a, "--print-fen")) {
            o->print_fen = true;
        } else if (!strcmp(a, "--status")) {
            o->status = true;
        } else if (!strcmp(a, "--tutorial")) {
            o->tutorial = true;
        } else if (!strcmp(a, "--ascii")) {
            o->ascii = true;
        } else if (!strcmp(a, "--xboard")) {
            o->xboard = true;
        } else if (!strcmp(a, "--perft")) {
            if (!val || parse_int(val, 0, 20, &n))
                return bad("--perft needs a depth 0-20, not '%s'", val ? val : "");
            o->perft = (int)n;
            i++;
        } else if (!strcmp(a, "--level")) {
            if (!val || parse_int(val, 1, 10, &n))
                return bad("--level needs a level 1-10, not '%s'", val ? val : "");
            o->level = (int)n;
            i++;
        } else if (!strcmp(a, "--depth")) {
            if (!val || parse_int(val, 1, 100, &n))
                return bad("--depth needs a depth 1-100, not '%s'", val ? val : "");
            o->depth = (int)n;
            i++;
        } else if (!strcmp(a, "--selfplay")) {
            if (!val || parse_int(val, 1, 100000, &n))
                return bad("--selfplay needs a number of games, not '%s'", val ? val : "");
            o->selfplay = (int)n;
            i++;
        } else if (!strcmp(a, "--nodes")) {
            if (!val || parse_int(val, 1, 2000000000L, &n))
                return bad("--nodes needs a node count, not '%s'", val ? val : "");
            o->nodes = n;
            i++;
        } else if (!strcmp(a, "--think")) {
            char *end;
            double s = val ? strtod(val, &end) : 0;
            if (!val || *end || !(s > 0 && s <= 86400))
                return bad("--think needs a number of seconds, not '%s'", val ? val : "");
            o->think = s;
            i++;
        } else if (!strcmp(a, "--play")) {
            while (i + 1 < argc && strncmp(argv[i + 1], "--", 2) != 0) {
                if (o->nplay >= NC_MAX_PLAY)
                    return bad("too many moves after %s", a);
                o->play[o->nplay++] = argv[++i];
            }
        } else {
            fprintf(stderr, "ninjachess: unknown option '%s' (see --help)\n", a);
            return 2;
        }
#undef TAKE
    }
    if (o->white && strcmp(o->white, "human") && strcmp(o->white, "computer"))
        return bad("--white must be 'human' or 'computer', not '%s'", o->white);
    if (o->black && strcmp(o->black, "human") && strcmp(o->black, "computer"))
        return bad("--black must be 'human' or 'computer', not '%s'", o->black);
    o->data_dir = data_dir_find(dir);
    return 0;
}
