/* The command-line options: one table gives getopt_long its long options,
 * checks each value and prints --help, so that an option cannot be parsed
 * without being documented.  Checks only the shape of values (numbers in
 * range, known words); variants, moves and files are checked by whoever
 * uses them. */
#include "options.h"

#include "datafile/datafile.h"
#include "rules/rules.h"
#include "search/search.h"

#include <getopt.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#ifndef NC_VERSION
#define NC_VERSION "0.1"
#endif

typedef enum {
    ARG_FLAG,     /* no value: sets a bool */
    ARG_TEXT,     /* a word kept as given */
    ARG_INT,      /* an integer in [lo, hi], stored in an int */
    ARG_COUNT,    /* an integer in [lo, hi], stored in a long long */
    ARG_SECONDS,  /* a positive number of seconds, at most a day */
    ARG_MOVES,    /* every following word up to the next option */
    ARG_ENGINE,   /* a command line, given at most twice (engines A and B) */
    ARG_FILES,    /* a flag, then every following word up to the next option */
    ARG_HELP,
    ARG_VERSION,
} ArgKind;

typedef enum { SEC_GAME, SEC_QUERY, SEC_ENGINE, SEC_MATCH, SEC_OTHER, SEC_COUNT } Section;

typedef struct {
    const char *name;
    ArgKind kind;
    size_t field;          /* offsetof(Options, ...); unused for help/version */
    long long lo, hi;      /* ARG_INT, ARG_COUNT */
    const char *value;     /* value's name in --help; for numbers also the error's "needs ..." */
    Section section;
    const char *help;
} OptionSpec;

#define FIELD(f) offsetof(Options, f)

static const OptionSpec option_table[] = {
    {"variant", ARG_TEXT, FIELD(variant), 0, 0, "NAME", SEC_GAME, "the variant (see --list-variants)"},
    {"setup", ARG_TEXT, FIELD(setup), 0, 0, "NAME", SEC_GAME, "start setup of the variant (e.g. second)"},
    {"option", ARG_TEXT, FIELD(options), 0, 0, "LIST", SEC_GAME, "switch optional rules on (e.g. insane-ninja,scepter)"},
    {"titans", ARG_TEXT, FIELD(titans), 0, 0, "LIST", SEC_GAME, "make these piece types Titans (names or letters)"},
    {"fen", ARG_TEXT, FIELD(fen), 0, 0, "TEXT", SEC_GAME, "start from this position text"},
    {"play", ARG_MOVES, FIELD(play), 0, 0, "MOVE...", SEC_GAME, "apply these moves first (until the next option)"},
    {"white", ARG_TEXT, FIELD(white), 0, 0, "human|computer", SEC_GAME, "who plays White (default human)"},
    {"black", ARG_TEXT, FIELD(black), 0, 0, "human|computer", SEC_GAME, "who plays Black (default computer)"},
    {"level", ARG_INT, FIELD(level), 1, 10, "a level 1-10", SEC_GAME, "computer strength 1-10"},
    {"load", ARG_TEXT, FIELD(load), 0, 0, "FILE", SEC_GAME, "load a saved game (also for the queries)"},
    {"time", ARG_TEXT, FIELD(time), 0, 0, "MIN+SEC", SEC_GAME, "play with clocks: minutes each, seconds added a move (e.g. 5+3)"},
    {"tutorial", ARG_FLAG, FIELD(tutorial), 0, 0, NULL, SEC_GAME, "open the tutorial"},
    {"drill", ARG_TEXT, FIELD(drill), 0, 0, "MATERIAL", SEC_GAME, "checkmate drill: mate a bare king with MATERIAL (e.g. KR)"},
    {"puzzle", ARG_FLAG, FIELD(puzzle), 0, 0, NULL, SEC_GAME,
     "puzzles of --variant (default: the first seed variant with puzzles): find the winning line"},
    {"drill-seed", ARG_COUNT, FIELD(drill_seed), 1, 4000000000000000000LL, "a number", SEC_GAME,
     "with --drill: the start position's seed (default: a new one)"},
    {"ascii", ARG_FLAG, FIELD(ascii), 0, 0, NULL, SEC_GAME, "draw pieces as letters only"},
    {"list-variants", ARG_FLAG, FIELD(list_variants), 0, 0, NULL, SEC_QUERY, "list the variants found in the data directory"},
    {"check-variant", ARG_TEXT, FIELD(check_variant), 0, 0, "FILE", SEC_QUERY,
     "check a variant file; print FILE:LINE: message for each problem"},
    {"check-lessons", ARG_FILES, FIELD(check_lessons), 0, 0, "[FILE...]", SEC_QUERY,
     "check lesson files (default: the shipped ones) against the rules"},
    {"moves", ARG_FLAG, FIELD(moves), 0, 0, NULL, SEC_QUERY, "print every legal move, one per line"},
    {"perft", ARG_INT, FIELD(perft), 0, 20, "a depth 0-20", SEC_QUERY, "count move sequences of N plies; last line 'nodes N'"},
    {"divide", ARG_FLAG, FIELD(divide), 0, 0, NULL, SEC_QUERY, "with --perft: the count under each legal move"},
    {"print-fen", ARG_FLAG, FIELD(print_fen), 0, 0, NULL, SEC_QUERY, "print the position text of the position reached"},
    {"status", ARG_FLAG, FIELD(status), 0, 0, NULL, SEC_QUERY, "print whether the game has ended, and how"},
    {"endgame", ARG_TEXT, FIELD(endgame), 0, 0, "MATERIAL", SEC_QUERY,
     "solve king and pieces against a bare king (KR, KBN; K* or K** for all); last line 'longest mate N'"},
    {"find-puzzles", ARG_TEXT, FIELD(find_puzzles), 0, 0, "FILE", SEC_QUERY,
     "write the puzzles (one winning move) found in FILE's games to stdout; --nodes: each search (default 100000)"},
    {"check-puzzles", ARG_FILES, FIELD(check_puzzles), 0, 0, "[FILE...]", SEC_QUERY,
     "check puzzle files (default: the shipped ones): each solution the only win"},
    {"analyse", ARG_TEXT, FIELD(analyse), 0, 0, "FILE", SEC_QUERY,
     "score every move of FILE's game, mark mistakes with the better line; annotated PGN on stdout"},
    {"eval-terms", ARG_TEXT, FIELD(eval_terms), 0, 0, "FILE", SEC_QUERY,
     "the evaluation of each position of FILE's games (or position texts; - for stdin) split by weight"},
    {"eval-tables", ARG_FLAG, FIELD(eval_tables), 0, 0, NULL, SEC_QUERY,
     "print the piece values and square tables the evaluation uses, as a weights file's table section"},
    {"bench", ARG_FLAG, FIELD(bench), 0, 0, NULL, SEC_QUERY, "print perft and search speed on fixed positions"},
    {"think", ARG_SECONDS, FIELD(think), 0, 0, "a number of seconds", SEC_ENGINE, "search this long and print the chosen move last"},
    {"depth", ARG_INT, FIELD(depth), 1, 100, "a depth 1-100", SEC_ENGINE, "search to this depth and print the chosen move last"},
    {"nodes", ARG_COUNT, FIELD(nodes), 1, 2000000000LL, "a node count", SEC_ENGINE, "search this many nodes and print the chosen move last (--xboard, --match: each move, whatever the clock)"},
    {"nnue", ARG_TEXT, FIELD(nnue), 0, 0, "FILE", SEC_ENGINE,
     "evaluate with the neural network FILE instead of the data path's variants/NAME.nnue"},
    {"no-nnue", ARG_FLAG, FIELD(no_nnue), 0, 0, NULL, SEC_ENGINE,
     "evaluate by hand-made rules, not with the variant's neural network"},
    {"nnue-features", ARG_TEXT, FIELD(nnue_features), 0, 0, "FILE", SEC_QUERY,
     "write the network input features of a --datagen file's positions to stdout, for tools/train_nnue.py"},
    {"threads", ARG_INT, FIELD(threads), 1, SEARCH_MAX_THREADS, "a number of threads 1-64", SEC_ENGINE,
     "search with N threads at level 10 (default 1; the game screen: the cores less one)"},
    {"search-param-list", ARG_FLAG, FIELD(search_param_list), 0, 0, NULL, SEC_ENGINE,
     "list the search's tunable constants: name, default, lowest, highest, meaning"},
    {"search-param", ARG_TEXT, FIELD(search_params), 0, 0, "NAME=N,...", SEC_ENGINE,
     "set the search's tunable constants (doc/search.md lists them)"},
    {"selfplay", ARG_INT, FIELD(selfplay), 1, 100000, "a number of games", SEC_ENGINE, "play N computer games without the screen"},
    {"levels", ARG_TEXT, FIELD(levels), 0, 0, "A,B", SEC_ENGINE, "with --selfplay: the two levels (1-10 or random)"},
    {"make-book", ARG_INT, FIELD(make_book), 1, 100000, "a number of positions", SEC_ENGINE,
     "write N balanced opening positions (after --random-plies, default 8) to stdout"},
    {"datagen", ARG_TEXT, FIELD(datagen), 0, 0, "FILE", SEC_ENGINE,
     "append --games self-play games' positions, scores and results to FILE"},
    {"check-data", ARG_TEXT, FIELD(check_data), 0, 0, "FILE", SEC_QUERY,
     "check a --datagen file against the rules; print FILE:LINE: message for each problem"},
    {"xboard", ARG_FLAG, FIELD(xboard), 0, 0, NULL, SEC_ENGINE, "speak the XBoard protocol (CECP v2)"},
    {"uci", ARG_FLAG, FIELD(uci), 0, 0, NULL, SEC_ENGINE, "speak the Universal Chess Interface (UCI)"},
    {"match", ARG_FLAG, FIELD(match), 0, 0, NULL, SEC_MATCH, "play two XBoard engines against each other"},
    {"engine", ARG_ENGINE, FIELD(engine), 0, 0, "CMD", SEC_MATCH,
     "engine A, then B (default: this program's --xboard)"},
    {"games", ARG_INT, FIELD(games), 1, 1000000, "a number of games", SEC_MATCH, "games to play (default 2)"},
    {"openings", ARG_TEXT, FIELD(openings), 0, 0, "FILE", SEC_MATCH,
     "one position text or move list a line; each played twice"},
    {"random-plies", ARG_INT, FIELD(random_plies), 0, 100, "a number of plies 0-100", SEC_MATCH,
     "openings of N random plies (after --openings' line)"},
    {"st", ARG_SECONDS, FIELD(st), 0, 0, "a number of seconds", SEC_MATCH, "fixed time per move (default 1)"},
    {"tc", ARG_TEXT, FIELD(tc), 0, 0, "MIN+INC", SEC_MATCH, "a clock: base minutes (or M:SS) plus seconds a move"},
    {"time-margin", ARG_SECONDS, FIELD(time_margin), 0, 0, "a number of seconds", SEC_MATCH,
     "lateness forgiven before a loss on time (default 0.5)"},
    {"adjudicate-plies", ARG_INT, FIELD(adjudicate_plies), 1, 100000, "a number of plies", SEC_MATCH,
     "a game still going after N plies is a draw"},
    {"adjudicate-score", ARG_TEXT, FIELD(adjudicate_score), 0, 0, "CP,PLIES", SEC_MATCH,
     "a win once both engines score it CP or more for PLIES plies"},
    {"pgn", ARG_TEXT, FIELD(pgn), 0, 0, "FILE", SEC_MATCH, "append every game to FILE (also --selfplay)"},
    {"sprt", ARG_TEXT, FIELD(sprt), 0, 0, "E0,E1", SEC_MATCH, "test A is E0 (H0) or E1 (H1) Elo stronger; stop at a verdict"},
    {"concurrency", ARG_INT, FIELD(concurrency), 1, 64, "a number 1-64", SEC_MATCH, "games played at once (default 1)"},
    {"report-every", ARG_INT, FIELD(report_every), 1, 1000000, "a number of games", SEC_MATCH,
     "print the statistics every N games (default 10)"},
    {"seed", ARG_COUNT, FIELD(seed), 0, 4000000000000000000LL, "a number", SEC_MATCH,
     "seed of the random openings (default 0; --selfplay: a new one each run)"},
    {"data-dir", ARG_TEXT, FIELD(data_dir_arg), 0, 0, "DIR", SEC_OTHER, "read data files from DIR"},
    {"help", ARG_HELP, 0, 0, 0, NULL, SEC_OTHER, "print this help (also -h)"},
    {"version", ARG_VERSION, 0, 0, 0, NULL, SEC_OTHER, "print the version"},
};

enum { NOPTIONS = sizeof option_table / sizeof option_table[0] };

static const char *const section_title[SEC_COUNT] = {"Game", "Rules queries", "Engine", "Match", "Other"};

/* The value's name as --help shows it: numbers as N or SECONDS. */
static const char *value_name(const OptionSpec *o)
{
    switch (o->kind) {
    case ARG_INT: case ARG_COUNT: return "N";
    case ARG_SECONDS: return "SECONDS";
    case ARG_TEXT: case ARG_MOVES: case ARG_ENGINE: case ARG_FILES: return o->value;
    default: return NULL;
    }
}

void options_usage(FILE *out)
{
    fputs("usage: ninjachess [OPTION]...\n"
          "With no query option, starts the game screen.\n",
          out);
    for (int s = 0; s < SEC_COUNT; s++) {
        fprintf(out, "\n%s:\n", section_title[s]);
        for (int i = 0; i < NOPTIONS; i++) {
            const OptionSpec *o = &option_table[i];
            if (o->section != (Section)s)
                continue;
            char left[64];
            const char *val = value_name(o);
            snprintf(left, sizeof left, "--%s%s%s", o->name, val ? " " : "", val ? val : "");
            fprintf(out, "  %-24s %s\n", left, o->help);
        }
    }
}

/* Prints "ninjachess: " and the message; returns the "error printed"
 * result of options_parse. */
#ifdef __GNUC__
__attribute__((format(printf, 1, 2)))
#endif
static int fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "ninjachess: ");
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return 2;
}

static bool parse_integer(const char *s, long long lo, long long hi, long long *out)
{
    char *end;
    long long v = strtoll(s, &end, 10);
    if (!*s || *end || v < lo || v > hi)
        return false;
    *out = v;
    return true;
}

/* --play: the words after it, up to the next option, are moves.  getopt
 * scans in order (the '+' of its option string) and never permutes, so
 * moving optind past them is safe. */
static int take_moves(Options *o, int argc, char **argv)
{
    while (optind < argc && strncmp(argv[optind], "--", 2) != 0) {
        if (o->nplay >= NC_MAX_PLAY)
            return fail("too many moves after --play (at most %d)", NC_MAX_PLAY);
        o->play[o->nplay++] = argv[optind++];
    }
    return 0;
}

/* --check-lessons and --check-puzzles: the words after it, up to the next
 * option, are files (as for --play). */
static int take_files(Options *o, const char *name, int argc, char **argv)
{
    bool puzzles = strcmp(name, "check-puzzles") == 0;
    const char **list = puzzles ? o->puzzle_files : o->lesson_files;
    int *n = puzzles ? &o->npuzzle_files : &o->nlesson_files;
    while (optind < argc && strncmp(argv[optind], "--", 2) != 0) {
        if (*n >= NC_MAX_LESSON_FILES)
            return fail("too many files after --%s (at most %d)", name, NC_MAX_LESSON_FILES);
        list[(*n)++] = argv[optind++];
    }
    return 0;
}

/* Stores one option's value; returns 0 or the result options_parse gives. */
static int take_value(Options *o, const OptionSpec *spec, const char *arg, int argc, char **argv)
{
    char *field = (char *)o + spec->field;
    long long n;
    switch (spec->kind) {
    case ARG_FLAG:
        *(bool *)field = true;
        return 0;
    case ARG_TEXT:
        *(const char **)field = arg;
        return 0;
    case ARG_INT:
    case ARG_COUNT:
        if (!parse_integer(arg, spec->lo, spec->hi, &n))
            return fail("--%s needs %s, not '%s'", spec->name, spec->value, arg);
        if (spec->kind == ARG_INT)
            *(int *)field = (int)n;
        else
            *(long long *)field = n;
        return 0;
    case ARG_SECONDS: {
        char *end;
        double s = strtod(arg, &end);
        if (!*arg || *end || !(s > 0 && s <= 86400))
            return fail("--%s needs %s, not '%s'", spec->name, spec->value, arg);
        *(double *)field = s;
        return 0;
    }
    case ARG_MOVES:
        return take_moves(o, argc, argv);
    case ARG_FILES:
        *(bool *)field = true;
        return take_files(o, spec->name, argc, argv);
    case ARG_ENGINE:
        if (o->nengines == 2)
            return fail("--%s given more than twice (engine A, then engine B)", spec->name);
        ((const char **)field)[o->nengines++] = arg;
        return 0;
    case ARG_HELP:
        options_usage(stdout);
        return 1;
    case ARG_VERSION:
        printf("ninjachess %s\n", NC_VERSION);
        return 1;
    }
    return 0;
}

static bool takes_value(const OptionSpec *o)
{
    return o->kind == ARG_TEXT || o->kind == ARG_ENGINE || o->kind == ARG_INT || o->kind == ARG_COUNT || o->kind == ARG_SECONDS;
}

/* The option word getopt could not use: "--frobnicate" or "--var" from
 * "--var=x". */
static void option_word(const char *arg, char *out, size_t len)
{
    size_t n = strcspn(arg, "=");
    snprintf(out, len, "%.*s", (int)(n < len ? n : len - 1), arg);
}

/* Explains what getopt refused: an unknown or ambiguous option, an option
 * without its value, or a value given to an option that takes none. */
static int refused(const char *arg)
{
    char word[64];
    option_word(arg, word, sizeof word);
    if (strncmp(word, "--", 2) != 0 || !word[2])
        return fail("unknown option '%s' (see --help)", word);
    const char *prefix = word + 2;
    char names[256] = "";
    int matches = 0;
    for (int i = 0; i < NOPTIONS; i++) {
        const OptionSpec *o = &option_table[i];
        if (!strcmp(o->name, prefix)) {
            if (strchr(arg, '='))
                return fail("option --%s takes no value, not '%s'", o->name, strchr(arg, '=') + 1);
            if (o->kind == ARG_TEXT || o->kind == ARG_ENGINE)
                return fail("option --%s needs an argument (%s)", o->name, o->value);
            return fail("option --%s needs an argument: %s", o->name, o->value);
        }
        if (!strncmp(o->name, prefix, strlen(prefix))) {
            size_t used = strlen(names);
            snprintf(names + used, sizeof names - used, "%s--%s", matches ? ", " : "", o->name);
            matches++;
        }
    }
    if (matches > 1)
        return fail("option '%s' is ambiguous: %s", word, names);
    return fail("unknown option '%s' (see --help)", word);
}

/* The match options mean something only with --match; a few of them also
 * with --datagen (D), --make-book (B) or --selfplay (S). */
static int check_match(const Options *o)
{
    static const char *const names[] = {"--engine", "--games", "--openings", "--random-plies", "--st", "--tc",
                                        "--time-margin", "--adjudicate-plies", "--adjudicate-score", "--sprt", "--concurrency",
                                        "--report-every", "--seed"};
    const bool given[] = {o->nengines > 0, o->games > 0, o->openings, o->random_plies > 0, o->st > 0, o->tc,
                          o->time_margin > 0, o->adjudicate_plies > 0, o->adjudicate_score, o->sprt, o->concurrency > 0,
                          o->report_every > 0, o->seed > 0};
    enum { D = 1, B = 2, S = 4 };
    static const unsigned char also[] = {0, D, D, D | B, 0, 0, 0, 0, 0, 0, D, 0, D | B | S};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        bool used = o->match || (o->datagen && (also[i] & D)) || (o->make_book && (also[i] & B)) ||
                    (o->selfplay && (also[i] & S));
        if (given[i] && !used)
            return fail("%s needs --match%s", names[i],
                        also[i] == D       ? " or --datagen"
                        : also[i] == (D | B) ? " or --datagen or --make-book"
                        : also[i]            ? " or --datagen, --make-book or --selfplay"
                                             : "");
    }
    if (o->datagen && (o->match || o->make_book || o->selfplay || o->xboard))
        return fail("--datagen cannot be combined with %s",
                    o->match ? "--match" : o->make_book ? "--make-book" : o->selfplay ? "--selfplay" : "--xboard");
    if (o->st > 0 && o->tc)
        return fail("--st and --tc exclude each other: one time control");
    if (o->pgn && !o->match && !o->selfplay)
        return fail("--pgn needs --match or --selfplay N");
    if (o->uci && (o->think > 0 || o->depth > 0 || o->nodes > 0))
        return fail("--uci takes each search's limits from the GUI's go command, not from %s",
                    o->think > 0 ? "--think" : o->depth > 0 ? "--depth" : "--nodes");
    if (o->uci && (o->xboard || o->match || o->selfplay || o->datagen || o->make_book))
        return fail("--uci cannot be combined with %s", o->xboard ? "--xboard"
                                                        : o->match ? "--match"
                                                        : o->selfplay ? "--selfplay"
                                                        : o->datagen ? "--datagen"
                                                                     : "--make-book");
    if (o->match && (o->xboard || o->selfplay || o->bench))
        return fail("--match cannot be combined with %s", o->xboard ? "--xboard" : o->selfplay ? "--selfplay" : "--bench");
    return 0;
}

/* Options that mean something only beside another one. */
static int check_combinations(const Options *o)
{
    char why_param[200];
    if (o->puzzle && (o->tutorial || o->drill || o->load || o->fen || o->nplay))
        return fail("--puzzle cannot be combined with %s", o->tutorial ? "--tutorial" : o->drill ? "--drill"
                                                           : o->load ? "--load" : o->fen ? "--fen" : "--play");
    if (o->drill_seed && !o->drill && !o->endgame)
        return fail("--drill-seed needs --drill or --endgame");
    if (o->white && strcmp(o->white, "human") && strcmp(o->white, "computer"))
        return fail("--white must be 'human' or 'computer', not '%s'", o->white);
    if (o->black && strcmp(o->black, "human") && strcmp(o->black, "computer"))
        return fail("--black must be 'human' or 'computer', not '%s'", o->black);
    if (o->divide && o->perft < 0)
        return fail("--divide needs --perft N");
    if (o->nnue && o->no_nnue)
        return fail("--nnue and --no-nnue exclude each other");
    if (o->levels && !o->selfplay)
        return fail("--levels needs --selfplay N");
    if (o->search_params && !search_params_apply(NULL, o->search_params, why_param, sizeof why_param))
        return fail("--search-param: %s", why_param);
    double base, inc;
    char why[200];
    if (o->time && gameclock_parse(o->time, &base, &inc, why, sizeof why))
        return fail("--time: %s", why);
    if (o->analyse && (o->load || o->fen || o->nplay))
        return fail("--analyse takes its game from FILE; leave out %s", o->load ? "--load" : o->fen ? "--fen" : "--play");
    if (o->load && o->fen)
        return fail("--load and --fen exclude each other: the file says where its game begins");
    if (o->load && (o->setup || o->options || o->titans))
        return fail("--load takes %s from the file's tags; leave it out",
                    o->setup ? "--setup" : o->options ? "--option" : "--titans");
    return check_match(o);
}

int options_parse(Options *o, int argc, char **argv)
{
    memset(o, 0, sizeof *o);
    o->perft = -1;
    struct option longopts[NOPTIONS + 1];
    for (int i = 0; i < NOPTIONS; i++)
        longopts[i] = (struct option){option_table[i].name, takes_value(&option_table[i]) ? required_argument : no_argument,
                                      NULL, 1000 + i};
    longopts[NOPTIONS] = (struct option){0, 0, 0, 0};
    opterr = 0; /* our messages, not getopt's */
    optind = 1;
    for (;;) {
        int before = optind;
        int c = getopt_long(argc, argv, "+:h", longopts, NULL);
        if (c == -1)
            break;
        int rc;
        if (c == 'h') {
            options_usage(stdout);
            return 1;
        } else if (c >= 1000 && c < 1000 + NOPTIONS) {
            const OptionSpec *spec = &option_table[c - 1000];
            /* "--variant --moves": an option where a value should be */
            if (takes_value(spec) && optarg == argv[optind - 1] && !strncmp(optarg, "--", 2))
                return fail("option --%s needs an argument, not the option '%s'", spec->name, optarg);
            rc = take_value(o, spec, optarg, argc, argv);
        } else
            rc = refused(argv[before < argc ? before : argc - 1]);
        if (rc)
            return rc;
    }
    if (optind < argc)
        return fail("unexpected argument '%s' (options start with --; see --help)", argv[optind]);
    int rc = check_combinations(o);
    if (rc)
        return rc;
    o->data_dir = data_dir_find(o->data_dir_arg);
    static DataErrors errs; /* large; options are parsed once */
    if (data_path_check(o->data_dir, &errs)) {
        for (int i = 0; i < errs.n; i++)
            fprintf(stderr, "ninjachess: %s\n", errs.msg[i]);
        return 2;
    }
    return 0;
}
