/* The XBoard protocol (CECP v2) front end: reads commands from a file
 * descriptor, keeps the game and the clock, runs the search and answers on
 * a stream (stdin and stdout for --xboard).  How our variants look to
 * XBoard is xboard_variant.c's business; how long to think is the
 * search's (timeman.h). */
#include "xboard.h"
#include "common.h"
#include "line_in.h"
#include "nnue_query.h"
#include "notation/notation.h"

#include "datafile/datafile.h"
#include "rules/rules.h"
#include "search/search.h"
#include "session.h"
#include "text/quote.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Longest command line kept; the rest of a longer line is dropped. */
#define XB_LINE 4096

typedef struct {
    LineIn in;
    FILE *out;                 /* where the answers go */
    const XboardLimits *lim;   /* NULL: none */
    long long nodes_used;      /* by the searches of this session */
    char pending[64][XB_LINE]; /* lines that arrived while thinking */
    int npending;
    Variant *v;
    Game g;
    bool have_game, force;
    int engine_side;     /* side the engine plays; -1 none */
    int mps;             /* moves per session (0: whole game) */
    double base, inc;    /* seconds */
    double st;           /* fixed seconds per move; 0 none */
    int sd;              /* depth limit; 0 none */
    double time_left;    /* our clock, seconds; < 0 unknown */
    bool post;
    bool analyze;        /* analyze mode: think on every position shown */
    Search *s;
    const Options *opt;
    const char *start_variant; /* what "new" starts: --variant or chess */
} XB;

/* After "variant NAME" or "new": describes an engine-defined variant. */
static void xb_send_setup(XB *x)
{
    const Variant *v = x->v;
    if (xb_builtin(v->name))
        return;
    char line[2048];
    if (xb_setup_line(v, line, sizeof line))
        return;
    fprintf(x->out, "%s\n", line);
    for (int t = 0; t < v->ntypes; t++) {
        char betza[64];
        if (xb_betza(&v->types[t], betza, sizeof betza))
            fprintf(x->out, "piece %c& %s\n", v->types[t].letter, betza);
    }
    fflush(x->out);
}

/* Starts a game of variant (XBoard's name) from fen or the start, loading
 * the variant when it changes; 0, -1 (unknown variant) or -2 (bad FEN,
 * with pos_from_fen's message in err). */
static int xb_new_game(XB *x, const char *variant, const char *fen, char *err, int errlen)
{
    const char *name = xb_variant_name(variant);
    Variant *v = NULL;
    if (!x->v || strcmp(x->v->name, name) != 0) {
        v = session_variant(x->opt, name);
        if (!v)
            return -1;
    }
    Position p;
    const Variant *use = v ? v : x->v;
    if (fen) {
        if (pos_from_fen(&p, use, fen, err, errlen)) {
            if (v)
                variant_free(v);
            return -2;
        }
    } else {
        pos_start(&p, use);
    }
    if (x->have_game)
        game_free(&x->g);
    if (v) {
        search_clear(x->s);
        fe_search_net(x->s, x->opt, v, FE_NET_DEFAULT, NULL, 0);
        if (x->v)
            variant_free(x->v);
        x->v = v;
    }
    game_init(&x->g, &p);
    x->have_game = true;
    return 0;
}

static void xb_result_if_over(XB *x)
{
    GameStatus st = game_status(&x->g);
    if (st == GS_ONGOING)
        return;
    int w = game_winner(&x->g, st);
    char why[128];
    game_end_text(&x->g, st, why, sizeof why);
    fprintf(x->out, "%s {%s}\n", w == NC_WHITE ? "1-0" : w == NC_BLACK ? "0-1" : "1/2-1/2", why);
}


/* ---- thinking ---- */

/* The time limits of the next search from the clock; a fixed time per
 * move (st) is kept as given, with no target. */
static void xb_time_limits(const XB *x, SearchLimits *lim)
{
    TimeControl tc = {
        .per_move = x->st,
        .time_left = x->time_left,
        .increment = x->inc,
        .moves_per_session = x->mps,
        .moves_played = x->g.nply / 2,
        .depth_limited = x->sd != 0,
    };
    TimeBudget b = timeman_plan(&tc);
    lim->seconds = b.most;
    lim->target_seconds = x->st > 0 ? 0 : b.target;
}

/* Commands that change the game: during a search they stop it without a
 * move (and are then carried out). */
static bool xb_cancels_move(const char *cmd)
{
    static const char *const names[] = {"new", "force", "result", "quit", "setboard",
                                        "undo", "remove", "variant", "edit"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(cmd, names[i]) == 0)
            return true;
    return false;
}

/* Commands during the search: "?" moves now; commands that change the
 * game stop the search without a move; the rest wait in x->pending. */
static void xb_read_while_thinking(XB *x, bool *abort_move)
{
    char line[XB_LINE];
    line_fill(&x->in, 0);
    /* Once 64 lines wait, the rest stay in the input buffer. */
    while (x->npending < 64 && line_take(&x->in, line, sizeof line)) {
        char cmd[32] = "";
        sscanf(line, "%31s", cmd);
        if (strcmp(cmd, "?") == 0) {
            search_stop(x->s);
            continue;
        }
        if (xb_cancels_move(cmd)) {
            search_stop(x->s);
            *abort_move = true;
        }
        snprintf(x->pending[x->npending++], sizeof x->pending[0], "%s", line);
    }
}

static void write_coord(const Position *p, const Move *m, char *buf, size_t len)
{
    xb_move_text(p, m, buf, len);
}

/* Thinking output after "post": ply score time(centiseconds) nodes pv. */
static void xb_post_line(const XB *x, const SearchInfo *in)
{
    char pv[2048];
    fe_format_pv(&x->g.pos, in->pv, in->npv, pv, sizeof pv, write_coord);
    fprintf(x->out, "%d %d %d %llu %s\n", in->depth, in->score, (int)(in->seconds * 100), (unsigned long long)in->nodes, pv);
    fflush(x->out);
}

/* The caps of XboardLimits on top of the protocol's own limits. */
static void xb_cap_limits(const XB *x, SearchLimits *lim)
{
    const XboardLimits *c = x->lim;
    if (!c)
        return;
    if (c->max_depth > 0 && (lim->depth <= 0 || lim->depth > c->max_depth))
        lim->depth = c->max_depth;
    long long nodes = c->max_nodes;
    if (c->session_nodes > 0) {
        long long left = c->session_nodes - x->nodes_used;
        if (left < 1)
            left = 1; /* the search still gives its first move */
        if (!nodes || left < nodes)
            nodes = left;
    }
    if (nodes > 0)
        lim->nodes = nodes;
    if (c->no_table_builds)
        lim->flags |= SEARCH_NO_TABLE_BUILDS;
}

/* Searches on the search thread while watching the input; returns false
 * when a command cancelled the move. */
static bool xb_search(XB *x, SearchInfo *in)
{
    SearchLimits lim = {.depth = x->sd, .level = x->opt->level};
    if (!(x->lim && x->lim->fixed_nodes && x->lim->max_nodes > 0))
        xb_time_limits(x, &lim);
    xb_cap_limits(x, &lim);
    search_start(x->s, &x->g, &lim);
    int shown = 0;
    bool abort_move = false;
    for (;;) {
        bool done = search_poll(x->s, in);
        xb_read_while_thinking(x, &abort_move);
        if (x->post && in->depth > shown) {
            xb_post_line(x, in);
            shown = in->depth;
        }
        if (done)
            break;
        if (x->in.eof) {
            /* No more input to watch (and line_fill would no longer wait):
             * stop and wait for the search rather than spin. */
            search_stop(x->s);
            break;
        }
        line_fill(&x->in, 2); /* doubles as the polling delay */
    }
    search_wait(x->s, in);
    x->nodes_used += (long long)in->nodes;
    if (in->note[0]) {
        fprintf(x->out, "telluser %s\n", in->note);
        fflush(x->out);
    }
    return !abort_move;
}

/* The engine's turn: search, play and send the move, then any result. */
static void xb_think(XB *x)
{
    if (game_status(&x->g) != GS_ONGOING) {
        xb_result_if_over(x);
        return;
    }
    SearchInfo in;
    if (!xb_search(x, &in))
        return;
    if (!in.has_best) {
        xb_result_if_over(x);
        return;
    }
    char buf[32];
    xb_move_text(&x->g.pos, &in.best, buf, sizeof buf);
    if (x->lim && x->lim->on_move)
        x->lim->on_move(&x->g.pos, &in.best, buf, x->lim->ctx);
    game_push(&x->g, &in.best);
    fprintf(x->out, "move %s\n", buf);
    fflush(x->out);
    xb_result_if_over(x);
}

/* ---- analyze mode ---- */

/* Answer to "." while analysing: "stat01: TIME NODES DEPTH MVLEFT MVTOT";
 * the search does not report its progress through an iteration, so
 * MVLEFT is 0 and MVTOT the number of legal moves. */
static void xb_stat01(XB *x, const SearchInfo *in)
{
    MoveList ml;
    gen_legal(&x->g.pos, &ml);
    fprintf(x->out, "stat01: %d %llu %d 0 %d\n", (int)(in->seconds * 100), (unsigned long long)in->nodes, in->depth,
            ml.n);
    fflush(x->out);
}

/* Thinks on the current position with no limit but x->lim's caps, posting
 * every new depth, until a command other than "." arrives: those that
 * arrived are left in x->pending, and the session loop carries them out
 * and calls this again for the position they leave. */
static void xb_analyse(XB *x)
{
    SearchLimits lim = {.level = x->opt->level, .flags = SEARCH_UNTIL_STOPPED};
    xb_cap_limits(x, &lim);
    SearchInfo in = {0};
    bool running = game_status(&x->g) == GS_ONGOING && search_start(x->s, &x->g, &lim) == 0;
    bool done = !running;
    int shown = 0;
    char line[XB_LINE];
    while (!x->npending && !x->in.eof) {
        if (!done) {
            done = search_poll(x->s, &in);
            if (in.depth > shown) {
                xb_post_line(x, &in);
                shown = in.depth;
            }
        }
        line_fill(&x->in, done ? 50 : 2); /* doubles as the polling delay */
        while (x->npending < 64 && line_take(&x->in, line, sizeof line)) {
            if (strcmp(line, ".") == 0)
                xb_stat01(x, &in);
            else
                snprintf(x->pending[x->npending++], sizeof x->pending[0], "%s", line);
        }
    }
    if (running) {
        search_stop(x->s);
        search_wait(x->s, &in);
        x->nodes_used += (long long)in.nodes;
    }
}

/* "analyze": the engine plays no side and thinks on every position until
 * "exit". */
static bool cmd_analyze(XB *x, const char *arg)
{
    (void)arg;
    x->analyze = true;
    x->force = true;
    return true;
}

static bool cmd_exit(XB *x, const char *arg)
{
    (void)arg;
    x->analyze = false;
    return true;
}

/* ---- commands ---- */

/* A command with its arguments; returns false to end the session ("quit"). */
typedef bool (*XbCommand)(XB *x, const char *arg);

static double parse_minutes(const char *s)
{
    /* "5" minutes or "0:30" minutes:seconds */
    int mm = 0, ss = 0;
    if (strchr(s, ':')) {
        sscanf(s, "%d:%d", &mm, &ss);
        return mm * 60.0 + ss;
    }
    return atof(s) * 60.0;
}

static bool cmd_ignore(XB *x, const char *arg)
{
    (void)x;
    (void)arg;
    return true;
}

/* "cores N": the GUI's thread count, unless --threads fixed it. */
static bool cmd_cores(XB *x, const char *arg)
{
    int n = atoi(arg);
    if (x->opt->threads > 0 || n < 1)
        return true;
    search_set_threads(x->s, n < SEARCH_MAX_THREADS ? n : SEARCH_MAX_THREADS);
    return true;
}

static bool cmd_quit(XB *x, const char *arg)
{
    (void)x;
    (void)arg;
    return false;
}

static bool cmd_protover(XB *x, const char *arg)
{
    (void)arg;
    /* listing the variants loads every file: on a busy machine that can
     * take longer than the GUI's grace time, so ask for more first */
    fprintf(x->out, "feature done=0\n");
    fflush(x->out);
    char vlist[4096], **names = NULL;
    int n = variant_list(x->opt->data_dir, &names);
    if (xb_variant_list(names, n, vlist, sizeof vlist))
        fprintf(stderr,
                "ninjachess: not every variant fits in the %zu bytes of the variants feature; "
                "the last are not announced\n",
                sizeof vlist);
    for (int i = 0; i < n; i++)
        free(names[i]);
    free(names);
    fprintf(x->out, "feature myname=\"ninjachess %s\" ping=1 setboard=1 usermove=1 time=1 draw=0 sigint=0 "
           "sigterm=0 reuse=1 analyze=1 colors=0 san=0 nps=0 debug=1 "
           "variants=\"%s\" done=1\n",
#ifdef NC_VERSION
           NC_VERSION
#else
           "0.1"
#endif
           ,
           vlist);
    return true;
}

/* "new" means standard chess (or the command line's variant); XBoard
 * sends "variant" after it for anything else. */
static bool cmd_new(XB *x, const char *arg)
{
    (void)arg;
    if (xb_new_game(x, x->start_variant, NULL, NULL, 0))
        fprintf(x->out, "Error (cannot start): new\n");
    x->force = false;
    x->engine_side = NC_BLACK;
    x->sd = 0;
    x->st = 0;
    x->time_left = -1;
    search_clear(x->s);
    xb_send_setup(x);
    return true;
}

static bool cmd_variant(XB *x, const char *arg)
{
    if (xb_new_game(x, arg, NULL, NULL, 0))
        fprintf(x->out, "Error (unknown variant): %s\n", arg);
    else
        xb_send_setup(x);
    return true;
}

static bool cmd_force(XB *x, const char *arg)
{
    (void)arg;
    x->force = true;
    return true;
}

static bool cmd_go(XB *x, const char *arg)
{
    (void)arg;
    x->force = false;
    x->engine_side = x->g.pos.side;
    xb_think(x);
    return true;
}

static bool cmd_playother(XB *x, const char *arg)
{
    (void)arg;
    x->force = false;
    x->engine_side = x->g.pos.side ^ 1;
    return true;
}

/* "white" / "black": that side is to move; the engine plays the other. */
static bool cmd_white(XB *x, const char *arg)
{
    (void)arg;
    x->engine_side = NC_BLACK;
    return true;
}

static bool cmd_black(XB *x, const char *arg)
{
    (void)arg;
    x->engine_side = NC_WHITE;
    return true;
}

/* "setboard FEN": a refused position keeps the game as it was and says
 * why in an error line, then tells the user. */
static bool cmd_setboard(XB *x, const char *arg)
{
    char keep[64];
    snprintf(keep, sizeof keep, "%s", x->v->name);
    char fen[1024], err[300] = "", q[200];
    if (xb_fen_to_ours(x->v, arg, fen, sizeof fen))
        snprintf(err, sizeof err, "position text '%s' does not fit the board (a count or a piece past its edge or "
                 "on a missing square, or too long)", nc_quote(arg, q, sizeof q));
    else if (xb_new_game(x, keep, fen, err, sizeof err) == -1)
        snprintf(err, sizeof err, "unknown variant '%s'", nc_quote(keep, q, sizeof q));
    if (err[0]) {
        fprintf(x->out, "Error (bad position): %s\n", err);
        fprintf(x->out, "tellusererror Illegal position\n");
    }
    return true;
}

/* "level MPS BASE INC": BASE in minutes or minutes:seconds.  A negative
 * MPS (the time manager counts the moves left from it) or a figure that
 * is not a finite number (a NaN budget would mean no time limit at all)
 * is refused. */
static bool cmd_level(XB *x, const char *arg)
{
    char base[32] = "0";
    double inc = 0;
    int mps = 0;
    if (sscanf(arg, "%d %31s %lf", &mps, base, &inc) >= 2 && mps >= 0 && isfinite(inc) &&
        isfinite(parse_minutes(base))) {
        x->mps = mps;
        x->base = parse_minutes(base);
        x->inc = inc;
        x->st = 0;
    } else {
        fprintf(x->out, "Error (bad arguments): level %s\n", arg);
    }
    return true;
}

/* A finite number from a command's argument; false (after an error line)
 * for "nan" or "inf", which would make the thinking time unlimited. */
static bool xb_finite_arg(XB *x, const char *cmd, const char *arg, double *out)
{
    double v = atof(arg);
    if (!isfinite(v)) {
        fprintf(x->out, "Error (bad arguments): %s %s\n", cmd, arg);
        return false;
    }
    *out = v;
    return true;
}

static bool cmd_st(XB *x, const char *arg)
{
    double v;
    if (xb_finite_arg(x, "st", arg, &v))
        x->st = v;
    return true;
}

static bool cmd_sd(XB *x, const char *arg)
{
    x->sd = atoi(arg);
    return true;
}

/* Our clock in centiseconds. */
static bool cmd_time(XB *x, const char *arg)
{
    double v;
    if (xb_finite_arg(x, "time", arg, &v))
        x->time_left = v / 100.0;
    return true;
}

static bool cmd_post(XB *x, const char *arg)
{
    (void)arg;
    x->post = true;
    return true;
}

static bool cmd_nopost(XB *x, const char *arg)
{
    (void)arg;
    x->post = false;
    return true;
}

static bool cmd_ping(XB *x, const char *arg)
{
    fprintf(x->out, "pong %s\n", arg);
    return true;
}

/* "result": the game is over; wait for "new". */
static bool cmd_result(XB *x, const char *arg)
{
    (void)arg;
    x->force = true;
    return true;
}

static bool cmd_undo(XB *x, const char *arg)
{
    (void)arg;
    game_pop(&x->g);
    return true;
}

static bool cmd_remove(XB *x, const char *arg)
{
    (void)arg;
    game_pop(&x->g);
    game_pop(&x->g);
    return true;
}

/* The opponent's move; the engine answers when it is its turn. */
static bool xb_user_move(XB *x, const char *mtext)
{
    Move m;
    if (x->g.pos.scepter || xb_parse_move(&x->g.pos, mtext, &m)) {
        fprintf(x->out, "Illegal move: %s\n", mtext);
        return true;
    }
    game_push(&x->g, &m);
    if (!x->force && !x->analyze && x->g.pos.side == x->engine_side)
        xb_think(x);
    return true;
}

static bool cmd_usermove(XB *x, const char *arg)
{
    return xb_user_move(x, arg);
}

static const struct {
    const char *name;
    XbCommand run;
} xb_commands[] = {
    {"xboard", cmd_ignore}, {"accepted", cmd_ignore}, {"rejected", cmd_ignore}, {"computer", cmd_ignore},
    {"random", cmd_ignore}, {"hard", cmd_ignore},     {"easy", cmd_ignore},     {"otim", cmd_ignore},
    {"name", cmd_ignore},   {"rating", cmd_ignore},   {"ics", cmd_ignore},      {"?", cmd_ignore},
    {".", cmd_ignore},      {"bk", cmd_ignore},       {"hint", cmd_ignore},     {"cores", cmd_cores},
    {"memory", cmd_ignore}, {"protover", cmd_protover}, {"quit", cmd_quit},     {"new", cmd_new},
    {"variant", cmd_variant}, {"force", cmd_force},   {"go", cmd_go},           {"playother", cmd_playother},
    {"white", cmd_white},   {"black", cmd_black},    {"setboard", cmd_setboard}, {"level", cmd_level},
    {"st", cmd_st},         {"sd", cmd_sd},           {"time", cmd_time},       {"post", cmd_post},
    {"nopost", cmd_nopost},   {"ping", cmd_ping},       {"result", cmd_result},   {"undo", cmd_undo},
    {"remove", cmd_remove}, {"usermove", cmd_usermove}, {"analyze", cmd_analyze}, {"exit", cmd_exit},
};

/* A bare move (without "usermove"): e2e4, P@e4. */
static bool xb_looks_like_move(const char *cmd)
{
    return strlen(cmd) >= 4 && isalpha((unsigned char)cmd[0]) &&
           (isdigit((unsigned char)cmd[1]) || cmd[1] == '@');
}

/* Carries out one command line; false at "quit". */
static bool xb_command(XB *x, const char *line)
{
    char cmd[64] = "";
    sscanf(line, "%63s", cmd);
    const char *arg = line + strlen(cmd);
    while (*arg == ' ')
        arg++;
    if (!cmd[0])
        return true;
    for (size_t i = 0; i < sizeof xb_commands / sizeof xb_commands[0]; i++)
        if (strcmp(cmd, xb_commands[i].name) == 0)
            return xb_commands[i].run(x, arg);
    if (xb_looks_like_move(cmd))
        return xb_user_move(x, cmd);
    fprintf(x->out, "Error (unknown command): %s\n", cmd);
    return true;
}

/* ---- session ---- */

/* Lines that arrived during the last search first, in order; then stdin. */
static bool xb_next_line(XB *x, char *line, size_t len)
{
    if (!x->npending)
        return line_get(&x->in, line, len);
    snprintf(line, len, "%s", x->pending[0]);
    memmove(x->pending[0], x->pending[1], sizeof x->pending[0] * (size_t)(x->npending - 1));
    x->npending--;
    return true;
}

static void xb_close(XB *x)
{
    if (x->have_game)
        game_free(&x->g);
    if (x->v)
        variant_free(x->v);
    search_free(x->s);
}

static int xb_open(XB *x, const Options *opt, int in_fd, FILE *out, const XboardLimits *lim)
{
    memset(x, 0, sizeof *x);
    x->in.fd = in_fd;
    x->out = out;
    x->lim = lim;
    x->opt = opt;
    x->engine_side = NC_BLACK;
    x->time_left = -1;
    x->start_variant = opt->variant ? opt->variant : "chess";
    x->s = search_new(lim && lim->hash_mb ? lim->hash_mb : FE_HASH_MB);
    if (!x->s)
        return -1;
    if (fe_search_configure(x->s, opt, 1)) {
        search_free(x->s);
        return -1;
    }
    if (xb_new_game(x, x->start_variant, NULL, NULL, 0)) {
        search_free(x->s);
        return -1;
    }
    return 0;
}

int xboard_run(const Options *opt, int in_fd, FILE *out, const XboardLimits *lim)
{
    static XB x; /* large (input buffer); one protocol session at a time */
    if (xb_open(&x, opt, in_fd, out, lim))
        return 1;
    char line[XB_LINE];
    for (;;) {
        if (x.analyze && !x.npending)
            xb_analyse(&x);
        if (!xb_next_line(&x, line, sizeof line) || !xb_command(&x, line))
            break;
        fflush(out);
    }
    fflush(out);
    xb_close(&x);
    return 0;
}

int xboard_main(const Options *opt)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    XboardLimits lim = {.max_depth = opt->depth, .max_nodes = opt->nodes, .fixed_nodes = opt->nodes > 0};
    return xboard_run(opt, 0, stdout, &lim);
}
