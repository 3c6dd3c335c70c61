/* The --match front end: reads the match options, runs the games (one
 * worker per --concurrency, each with its own pair of engine processes),
 * prints a line per game and the statistics, appends the PGN and stops
 * on an SPRT decision.  Owns the schedule and the scoreboard; it must not
 * talk CECP itself (match_game.c, engine_proc.c) nor hold formulas
 * (match_stats.c). */
#include "match.h"
#include "match_game.h"
#include "match_pgn.h"
#include "match_stats.h"
#include "notation/notation.h"

#include "session.h"

#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define DEFAULT_GAMES 2
#define DEFAULT_ST 1.0
#define DEFAULT_MARGIN 0.5 /* a loaded machine delays a process by a few tenths */
#define DEFAULT_REPORT 10

typedef struct {
    const Options *opt;
    Variant *v;
    Game base;                 /* the start the options give (--fen, --play) */
    OpeningBook book;
    FILE *pgn;                 /* --pgn, open for the whole match */
    EngineSpec spec[2];        /* engines A and B */
    MatchTc tc;
    char tc_text[48];          /* PGN TimeControl */
    int games, report_every;
    bool sprt_on;
    SprtSpec sprt;
    /* shared between the workers, under lock */
    pthread_mutex_t lock;
    int next, finished;
    bool stop;
    int status;                /* 1 after an error or an interrupt */
    MatchRecord rec;
    double *pair_points;       /* A's points in each pair so far */
    unsigned char *pair_games; /* games of each pair finished */
    int penta[5];              /* finished pairs by A's points times two */
    char name[2][160];         /* names of A and B, from the first handshake */
} Match;

typedef struct {
    Match *m;
    Engine eng[2];             /* A and B */
    Opening op;                /* of the game being played */
    pthread_t thread;
} Worker;

/* ---- configuration ---- */

#ifdef __GNUC__
__attribute__((format(printf, 1, 2)))
#endif
static int fail(const char *fmt, ...);

/* Prints "ninjachess: " and the message; returns -1. */
static int fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "ninjachess: ");
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return -1;
}

/* "MIN+INC": minutes as M, M.m or M:SS, then seconds of increment. */
static int parse_tc(const char *text, double *base, double *inc)
{
    char *end;
    double min = strtod(text, &end), sec = 0;
    if (end == text || min < 0)
        return -1;
    if (*end == ':') {
        const char *s = end + 1;
        sec = strtod(s, &end);
        if (end == s || sec < 0 || sec >= 60 || min != floor(min))
            return -1;
    }
    *inc = 0;
    if (*end == '+') {
        const char *s = end + 1;
        *inc = strtod(s, &end);
        if (end == s || *inc < 0)
            return -1;
    }
    *base = floor(min * 60 + sec + 0.5); /* "level" takes whole seconds */
    if (*end || *base > 86400 || *inc > 3600 || (*base <= 0 && *inc <= 0))
        return -1;
    return 0;
}

/* The time control and its PGN TimeControl text. */
static int configure_tc(Match *m, const Options *opt)
{
    MatchTc *tc = &m->tc;
    tc->depth = opt->depth;
    tc->margin = opt->time_margin > 0 ? opt->time_margin : DEFAULT_MARGIN;
    tc->adjudicate_plies = opt->adjudicate_plies;
    if (opt->adjudicate_score) {
        char *end;
        long cp = strtol(opt->adjudicate_score, &end, 10), plies = -1;
        if (*end == ',')
            plies = strtol(end + 1, &end, 10);
        if (*end || cp < 100 || cp > 20000 || plies < 2 || plies > 1000)
            return fail("--adjudicate-score wants CP,PLIES (CP 100-20000, PLIES 2-1000), e.g. 1000,8, not '%s'",
                        opt->adjudicate_score);
        tc->win_score = (int)cp;
        tc->win_plies = (int)plies;
    }
    if (opt->nodes > 0) {
        if (opt->st > 0 || opt->tc)
            return fail("--nodes and %s exclude each other: a match at fixed nodes sends no clock", opt->st > 0 ? "--st" : "--tc");
        tc->kind = TC_NODES;
        tc->nodes = opt->nodes;
        snprintf(m->tc_text, sizeof m->tc_text, "-"); /* no clock: PGN's "none" */
    } else if (opt->tc) {
        if (parse_tc(opt->tc, &tc->base, &tc->inc))
            return fail("--tc wants MIN+INC, e.g. 1+0.1 or 0:30+0.2, not '%s'", opt->tc);
        tc->kind = TC_CLOCK;
        snprintf(m->tc_text, sizeof m->tc_text, "%g+%g", tc->base, tc->inc);
    } else if (opt->st > 0 || !opt->depth) {
        tc->kind = TC_ST;
        tc->st = opt->st > 0 ? opt->st : DEFAULT_ST;
        snprintf(m->tc_text, sizeof m->tc_text, "1/%g", tc->st); /* one move per st seconds */
    } else {
        tc->kind = TC_DEPTH;
        snprintf(m->tc_text, sizeof m->tc_text, "-");
    }
    return 0;
}

/* This program as an XBoard engine, with the rules the options change. */
static int default_engine(Match *m, EngineSpec *spec, char *err, size_t errlen)
{
    static char exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0) {
        snprintf(err, errlen, "cannot find this program's path for the default engine");
        return -1;
    }
    exe[n] = 0;
    const Options *o = m->opt;
    const char *argv[20];
    int k = 0;
    argv[k++] = exe;
    argv[k++] = "--data-dir";
    argv[k++] = o->data_dir;
    /* the rules apply to the variant given on the command line, and the
     * castling squares follow the setup */
    const char *pass[][2] = {{"--variant", o->variant}, {"--setup", o->setup},
                             {"--option", o->options}, {"--titans", o->titans}};
    for (int i = 0; i < 4; i++)
        if (pass[i][1]) {
            argv[k++] = pass[i][0];
            argv[k++] = pass[i][1];
        }
    char level[8], nodes[24];
    if (o->level) {
        snprintf(level, sizeof level, "%d", o->level);
        argv[k++] = "--level";
        argv[k++] = level;
    }
    if (o->nodes > 0) {
        snprintf(nodes, sizeof nodes, "%lld", o->nodes);
        argv[k++] = "--nodes";
        argv[k++] = nodes;
    }
    /* the evaluation: the data path's net unless the options say */
    if (o->no_nnue)
        argv[k++] = "--no-nnue";
    if (o->nnue) {
        argv[k++] = "--nnue";
        argv[k++] = o->nnue;
    }
    argv[k++] = "--xboard";
    argv[k] = NULL;
    return engine_spec_argv(spec, argv, err, errlen);
}

static int configure_engines(Match *m, const Options *opt)
{
    char err[512] = "";
    for (int i = 0; i < 2; i++) {
        int rc = i < opt->nengines ? engine_spec_command(&m->spec[i], opt->engine[i], err, sizeof err)
                                   : default_engine(m, &m->spec[i], err, sizeof err);
        if (rc)
            return fail("%s", err);
    }
    return 0;
}

/* The variant, the base game and the openings. */
static int configure_games(Match *m, const Options *opt)
{
    char err[512];
    m->v = session_variant(opt, opt->variant ? opt->variant : "chess");
    if (!m->v)
        return -1;
    if (session_game(opt, m->v, &m->base, err, sizeof err))
        return fail("%s", err);
    if (opt->openings && openings_load(opt->openings, &m->base, &m->book, err, sizeof err))
        return fail("%s", err);
    return 0;
}

static int configure(Match *m, const Options *opt)
{
    memset(m, 0, sizeof *m);
    m->opt = opt;
    m->games = opt->games ? opt->games : DEFAULT_GAMES;
    m->report_every = opt->report_every ? opt->report_every : DEFAULT_REPORT;
    if (opt->sprt) {
        if (stats_parse_sprt(opt->sprt, &m->sprt))
            return fail("--sprt wants ELO0,ELO1 (ELO0 < ELO1) with optional ,ALPHA,BETA, not '%s'", opt->sprt);
        m->sprt_on = true;
    }
    if (configure_tc(m, opt) || configure_engines(m, opt) || configure_games(m, opt))
        return -1;
    size_t pairs = (size_t)(m->games + 1) / 2;
    m->pair_points = calloc(pairs, sizeof *m->pair_points);
    m->pair_games = calloc(pairs, 1);
    if (!m->pair_points || !m->pair_games)
        return fail("out of memory");
    /* Opened before the first game, so a file that cannot be written is
     * known before an engine starts. */
    char err[1000];
    if (opt->pgn && !(m->pgn = pgn_open(opt->pgn, err, sizeof err)))
        return fail("%s", err);
    return 0;
}

/* ---- engines ---- */

/* Starts engine i of w when it is not running and checks that it can play
 * the match; 0, or -1 with err. */
static int ensure_engine(Worker *w, int i, char *err, size_t errlen)
{
    Engine *e = &w->eng[i];
    if (e->pid)
        return 0;
    if (engine_start(e, &w->m->spec[i], err, errlen))
        return -1;
    const char *xbv = xb_variant_xbname(w->m->v->name);
    if (!engine_plays_variant(e, xbv)) {
        snprintf(err, errlen, "engine '%.200s' does not play variant %.48s (it announces: %.200s)", e->spec->cmd, xbv,
                 e->variants[0] ? e->variants : "normal");
        return -1;
    }
    return 0;
}

/* The engine names for the game lines and the PGN, told apart when two
 * copies of one program play. */
static void take_names(Match *m, const Worker *w)
{
    if (m->name[0][0])
        return;
    for (int i = 0; i < 2; i++)
        snprintf(m->name[i], sizeof m->name[i], "%s", w->eng[i].myname);
    if (!strcmp(m->name[0], m->name[1]))
        for (int i = 0; i < 2; i++) {
            size_t n = strlen(m->name[i]);
            snprintf(m->name[i] + n, sizeof m->name[i] - n, " (%c)", "AB"[i]);
        }
    for (int i = 0; i < 2; i++)
        printf("engine %c: %s = %s\n", "AB"[i], m->name[i], m->spec[i].cmd);
    fflush(stdout);
}

/* ---- the scoreboard (called under the lock) ---- */

static void format_elo(double x, char *buf, size_t len, bool sign)
{
    if (isinf(x))
        snprintf(buf, len, "%sinf", x < 0 ? "-" : sign ? "+" : "");
    else if (fabs(x) < 0.05)
        snprintf(buf, len, "%s0.0", sign ? "+" : ""); /* never "-0.0" */
    else
        snprintf(buf, len, sign ? "%+.1f" : "%.1f", x);
}

static void print_summary(const Match *m)
{
    const MatchRecord *r = &m->rec;
    EloEstimate e;
    stats_estimate(r, &e);
    char elo[32], margin[32];
    format_elo(e.elo, elo, sizeof elo, true);
    format_elo(e.elo_margin, margin, sizeof margin, false);
    printf("after %d games: A: %d wins, %d losses, %d draws; score %g/%d (%.1f%%)\n", e.games, r->wins, r->losses, r->draws, r->wins + 0.5 * r->draws, e.games, 100.0 * e.score);
    printf("Elo A-B: %s +/- %s (95%%); LOS %.1f%%\n", elo, margin, 100.0 * e.los);
    const int *p = m->penta;
    if (p[0] + p[1] + p[2] + p[3] + p[4]) {
        stats_estimate_pairs(p, &e);
        format_elo(e.elo, elo, sizeof elo, true);
        format_elo(e.elo_margin, margin, sizeof margin, false);
        printf("pairs by A's points 0, 1/2, 1, 3/2, 2: %d %d %d %d %d; Elo A-B: %s +/- %s (95%%); LOS %.1f%%\n",
               p[0], p[1], p[2], p[3], p[4], elo, margin, 100.0 * e.los);
    }
    if (m->sprt_on) {
        SprtState s;
        stats_sprt_pairs(m->penta, &m->sprt, &s);
        printf("SPRT [%g, %g] alpha %g beta %g: LLR %.2f (bounds %.2f, %.2f) from %d pairs: %s\n", m->sprt.elo0,
               m->sprt.elo1, m->sprt.alpha, m->sprt.beta, s.llr, s.lower, s.upper, s.pairs,
               stats_sprt_text(s.decision));
    }
    fflush(stdout);
}

/* Counts the game, prints its line and appends its PGN. */
static void record_game(Match *m, int gi, int a_colour, const GameOutcome *o, int opening_plies)
{
    int w = o->winner;
    if (w < 0)
        m->rec.draws++;
    else if (w == a_colour)
        m->rec.wins++;
    else
        m->rec.losses++;
    m->finished++;
    int pair = gi / 2;
    m->pair_points[pair] += w < 0 ? 0.5 : w == a_colour ? 1.0 : 0.0;
    if (++m->pair_games[pair] == 2)
        m->penta[(int)(m->pair_points[pair] * 2 + 0.5)]++;
    const char *white = m->name[a_colour == NC_WHITE ? 0 : 1], *black = m->name[a_colour == NC_WHITE ? 1 : 0];
    printf("game %d/%d: White %c, Black %c: %s %s, %d plies; A +%d -%d =%d", gi + 1, m->games,
           a_colour == NC_WHITE ? 'A' : 'B', a_colour == NC_WHITE ? 'B' : 'A', pgn_result_token(w), o->reason,
           o->g.nply, m->rec.wins, m->rec.losses, m->rec.draws);
    if (m->sprt_on) {
        SprtState s;
        stats_sprt_pairs(m->penta, &m->sprt, &s);
        printf("; LLR %.2f (%.2f, %.2f)", s.llr, s.lower, s.upper);
    }
    putchar('\n');
    if (m->pgn) {
        char round[16], err[1000];
        snprintf(round, sizeof round, "%d", gi + 1);
        PgnGame pg = {"ninjachess match", round, white, black, m->v->name, m->opt->setup, m->opt->options,
                      m->opt->titans, m->tc_text, &o->g, opening_plies, w, o->termination, o->reason};
        if (pgn_append(m->pgn, m->opt->pgn, &pg, err, sizeof err)) {
            fail("%s", err);
            m->status = 1;
            m->stop = true;
        }
    }
    fflush(stdout);
}

/* After a game: the periodic summary and the SPRT's verdict. */
static void check_progress(Match *m)
{
    if (m->sprt_on && !m->stop) {
        SprtState s;
        stats_sprt_pairs(m->penta, &m->sprt, &s);
        if (s.decision != SPRT_CONTINUE) {
            printf("SPRT: %s after %d games, %d pairs (LLR %.2f)\n", stats_sprt_text(s.decision), m->finished,
                   s.pairs, s.llr);
            m->stop = true;
        }
    }
    /* the summary at the end follows a verdict */
    if (m->finished % m->report_every == 0 && m->finished < m->games && !m->stop)
        print_summary(m);
}

/* ---- workers ---- */

/* Stops the engines that must not play the next game: one that lost by a
 * fault (it may be stuck or confused), and both when one asked for no
 * reuse. */
static void after_game(Worker *w, const GameOutcome *o, const int colour_of[2])
{
    for (int i = 0; i < 2; i++)
        if (o->forfeit == colour_of[i] || !w->eng[i].reuse)
            engine_stop(&w->eng[i], 0.5);
}

/* Plays game gi on w's engines; 0, or -1 after an error (reported). */
static int run_game(Worker *w, int gi)
{
    Match *m = w->m;
    char err[512] = "";
    Opening *op = &w->op;
    int a_colour = gi % 2 == 0 ? NC_WHITE : NC_BLACK; /* colours reversed in each pair */
    int colour_of[2] = {a_colour, a_colour ^ 1};
    int rc = opening_build(&m->book, &m->base, gi / 2, m->opt->random_plies, (uint64_t)m->opt->seed, op, err,
                           sizeof err);
    for (int i = 0; i < 2 && rc == 0; i++) {
        rc = ensure_engine(w, i, err, sizeof err);
        if (rc == 0 && op->setboard && !w->eng[i].setboard) {
            snprintf(err, sizeof err, "engine '%s' cannot take a position (no setboard feature)", m->spec[i].cmd);
            rc = -1;
        }
    }
    GameOutcome o;
    if (rc == 0) {
        Engine *by_colour[2] = {&w->eng[a_colour == NC_WHITE ? 0 : 1], &w->eng[a_colour == NC_WHITE ? 1 : 0]};
        pthread_mutex_lock(&m->lock);
        take_names(m, w);
        pthread_mutex_unlock(&m->lock);
        const char *names[2] = {m->name[a_colour == NC_WHITE ? 0 : 1], m->name[a_colour == NC_WHITE ? 1 : 0]};
        rc = match_play_game(by_colour, names, m->v, op, &m->tc, &o, err, sizeof err);
    }
    pthread_mutex_lock(&m->lock);
    if (rc == 0) {
        record_game(m, gi, a_colour, &o, op->nmoves);
        check_progress(m);
    } else if (!m->stop || !engine_interrupted) {
        fail("%s", engine_interrupted ? "match interrupted" : err);
    }
    if (rc)
        m->status = 1, m->stop = true;
    pthread_mutex_unlock(&m->lock);
    if (rc == 0) {
        after_game(w, &o, colour_of);
        game_free(&o.g);
    }
    return rc;
}

static void *worker_main(void *arg)
{
    Worker *w = arg;
    Match *m = w->m;
    for (;;) {
        pthread_mutex_lock(&m->lock);
        int gi = m->stop || engine_interrupted || m->next >= m->games ? -1 : m->next++;
        pthread_mutex_unlock(&m->lock);
        if (gi < 0 || run_game(w, gi))
            break;
    }
    for (int i = 0; i < 2; i++)
        engine_stop(&w->eng[i], 1.0);
    return NULL;
}

static void on_signal(int sig)
{
    (void)sig;
    engine_interrupted = 1;
}

/* SIGINT/SIGTERM end the match between moves; a dead engine's pipe must
 * not kill the match. */
static void install_signals(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    signal(SIGPIPE, SIG_IGN);
}

/* Runs n workers (the first on this thread).  The workers are large, so
 * they are allocated only for a match rather than kept in static memory
 * that every start of the program would carry. */
static int run_workers(Match *m, int n)
{
    Worker *workers = calloc((size_t)n, sizeof *workers);
    if (!workers) {
        fprintf(stderr, "ninjachess: --match: out of memory for %d games at once\n", n);
        return -1;
    }
    for (int i = 0; i < n; i++)
        workers[i].m = m;
    int started = 1;
    for (; started < n; started++)
        if (pthread_create(&workers[started].thread, NULL, worker_main, &workers[started]))
            break;
    worker_main(&workers[0]);
    for (int i = 1; i < started; i++)
        pthread_join(workers[i].thread, NULL);
    free(workers);
    return 0;
}

/* Frees what configure made, also after it failed half-way. */
static void match_free(Match *m)
{
    openings_free(&m->book);
    if (m->pgn)
        fclose(m->pgn); /* flushed after each game, and an error told then */
    free(m->pair_points);
    free(m->pair_games);
    if (m->base.moves)
        game_free(&m->base);
    if (m->v)
        variant_free(m->v);
}

int match_main(const Options *opt)
{
    static Match m;
    if (configure(&m, opt)) {
        match_free(&m);
        return 1;
    }
    install_signals();
    pthread_mutex_init(&m.lock, NULL);
    int n = opt->concurrency ? opt->concurrency : 1;
    if (n > m.games)
        n = m.games;
    if (run_workers(&m, n))
        m.status = 1;
    else if (m.finished)
        print_summary(&m);
    pthread_mutex_destroy(&m.lock);
    match_free(&m);
    return m.status;
}
