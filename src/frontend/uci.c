/* The UCI front end: reads commands from a file descriptor, keeps the
 * position and the options, runs the search on its thread while it watches
 * for "stop", and answers on a stream (stdin and stdout for --uci).  Move
 * text is uci_move.c's, XBoard's position text xboard_variant.c's; how
 * long to think is the search's (timeman.h). */
#include "uci.h"
#include "common.h"
#include "line_in.h"
#include "nnue_query.h"
#include "uci_move.h"
#include "notation/notation.h"

#include "datafile/datafile.h"
#include "search/search.h"
#include "session.h"
#include "text/quote.h"

#include <errno.h>
#include <poll.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Longest command line kept; a longer one is cut (and said so). */
#define UCI_LINE 16384
/* The Hash option's range, in megabytes. */
#define UCI_HASH_MAX 4096
/* Lines that arrive during a search and wait for its end. */
#define UCI_PENDING 64

typedef struct {
    LineIn in;
    FILE *out;
    const Options *opt;
    Search *s;
    int hash_mb;
    int threads;
    int lines; /* MultiPV: lines a search reports (1: one) */
    char **names; /* the shipped variants (UCI_Variant's values) */
    int nnames;
    Variant *v;
    Game g;
    bool have_game;
    char pending[UCI_PENDING][UCI_LINE];
    int npending;
    bool quit; /* "quit" arrived during a search */
} Uci;

/* One answer line, flushed at once: the GUI waits for it. */
static void say(Uci *u, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(Uci *u, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfprintf(u->out, fmt, ap);
    va_end(ap);
    fputc('\n', u->out);
    fflush(u->out);
}

/* ---- words of a command line ---- */

/* The next word of *s (advancing past it) into w; false when none. */
static bool next_word(const char **s, char *w, size_t len)
{
    const char *p = *s;
    while (*p == ' ' || *p == '\t')
        p++;
    size_t n = strcspn(p, " \t");
    if (!n)
        return false;
    size_t c = n < len - 1 ? n : len - 1;
    memcpy(w, p, c);
    w[c] = 0;
    *s = p + n;
    return true;
}

/* A whole number from text; false unless all of it is one in [lo, hi]. */
static bool parse_count(const char *t, long long lo, long long hi, long long *out)
{
    char *end;
    errno = 0;
    long long v = strtoll(t, &end, 10);
    if (errno || end == t || *end || v < lo || v > hi)
        return false;
    *out = v;
    return true;
}

/* ---- the variant and the position ---- */

/* UCI names that differ from ours: those of Fairy-Stockfish, the UCI
 * engine of record for variants (tests/fsf_perft notes the same pairs).
 * The other shipped variants are announced by our name, which is the
 * usual UCI name where one exists. */
static const char *const uci_names[][2] = {
    {"almost-chess", "almost"},
    {"amazon-chess", "amazon"},
    {"chess-no-castling", "nocastle"},
    {"chigorin-chess", "chigorin"},
};

/* The name UCI_Variant announces for our variant `ours`. */
static const char *uci_name(const char *ours)
{
    for (size_t i = 0; i < sizeof uci_names / sizeof uci_names[0]; i++)
        if (strcmp(uci_names[i][0], ours) == 0)
            return uci_names[i][1];
    return ours;
}

/* Our name of a UCI_Variant value (the UCI name or ours); NULL when no
 * shipped variant has it. */
static const char *our_variant(const Uci *u, const char *name)
{
    for (int i = 0; i < u->nnames; i++)
        if (strcmp(u->names[i], name) == 0 || strcmp(uci_name(u->names[i]), name) == 0)
            return u->names[i];
    return NULL;
}

/* Switches to variant `name` from its start position; false (the old
 * variant kept) when it does not load. */
static bool uci_set_variant(Uci *u, const char *name)
{
    Variant *v = session_variant(u->opt, name);
    if (!v)
        return false;
    Position p;
    pos_start(&p, v);
    if (u->have_game)
        game_free(&u->g);
    if (u->v)
        variant_free(u->v);
    u->v = v;
    game_init(&u->g, &p);
    u->have_game = true;
    search_clear(u->s);
    fe_search_net(u->s, u->opt, v, FE_NET_DEFAULT, NULL, 0);
    return true;
}

/* Reads a position text: ours, or XBoard's (missing squares empty); 0, or
 * -1 with our reader's message in err. */
static int uci_read_fen(const Uci *u, const char *fen, Position *p, char *err, int errlen)
{
    if (pos_from_fen(p, u->v, fen, err, errlen) == 0)
        return 0;
    char ours[1024], err2[8];
    if (xb_fen_to_ours(u->v, fen, ours, sizeof ours) == 0 && pos_from_fen(p, u->v, ours, err2, sizeof err2) == 0)
        return 0;
    return -1;
}

/* "position startpos|fen TEXT [moves M...]": all or nothing; a refused
 * command keeps the position as it was and says why. */
static void cmd_position(Uci *u, const char *arg)
{
    char w[UCI_LINE], fen[UCI_LINE] = "", q[200];
    const char *s = arg;
    Position p;
    if (!next_word(&s, w, sizeof w) || (strcmp(w, "startpos") && strcmp(w, "fen"))) {
        say(u, "info string position needs 'startpos' or 'fen', not '%s'; position unchanged", nc_quote(w, q, sizeof q));
        return;
    }
    if (strcmp(w, "fen") == 0) {
        const char *m = strstr(s, " moves");
        size_t n = m ? (size_t)(m - s) : strlen(s);
        while (n && s[n - 1] == ' ')
            n--;
        while (n && *s == ' ')
            s++, n--;
        snprintf(fen, sizeof fen, "%.*s", (int)n, s);
        s += n;
        char err[300];
        if (uci_read_fen(u, fen, &p, err, sizeof err)) {
            say(u, "info string bad position text '%s' for %s: %s; position unchanged", nc_quote(fen, q, sizeof q),
                uci_name(u->v->name), err);
            return;
        }
    } else {
        pos_start(&p, u->v);
    }
    Game g;
    game_init(&g, &p);
    if (next_word(&s, w, sizeof w) && strcmp(w, "moves")) {
        say(u, "info string position: expected 'moves', not '%s'; position unchanged", nc_quote(w, q, sizeof q));
        game_free(&g);
        return;
    }
    for (int ply = 1; next_word(&s, w, sizeof w); ply++) {
        Move m;
        if (g.pos.scepter || uci_parse_move(&g.pos, w, &m)) {
            say(u, "info string position: move %d '%s' is not legal in %s; position unchanged", ply,
                nc_quote(w, q, sizeof q), uci_name(u->v->name));
            game_free(&g);
            return;
        }
        game_push(&g, &m);
    }
    game_free(&u->g);
    u->g = g;
}

/* ---- options ---- */

static void cmd_uci(Uci *u)
{
    say(u, "id name ninjachess %s",
#ifdef NC_VERSION
        NC_VERSION
#else
        "0.1"
#endif
    );
    say(u, "id author the ninjachess authors");
    char line[8192];
    size_t used = (size_t)snprintf(line, sizeof line, "option name UCI_Variant type combo default %s",
                                   uci_name(u->v->name));
    for (int i = 0; i < u->nnames && used < sizeof line; i++)
        used += (size_t)snprintf(line + used, sizeof line - used, " var %s", uci_name(u->names[i]));
    if (used >= sizeof line)
        fprintf(stderr, "ninjachess: the UCI_Variant list does not fit in %zu bytes; the last are not announced\n",
                sizeof line);
    say(u, "%s", line);
    say(u, "option name Hash type spin default %d min 1 max %d", FE_HASH_MB, UCI_HASH_MAX);
    say(u, "option name Threads type spin default %d min 1 max %d", u->threads, SEARCH_MAX_THREADS);
    say(u, "option name MultiPV type spin default 1 min 1 max %d", SEARCH_MAX_LINES);
    say(u, "uciok");
}

/* A new table of hash_mb megabytes, with the threads and constants kept;
 * false (the old search kept) when it cannot be made. */
static bool uci_resize(Uci *u, int hash_mb)
{
    Search *s = search_new((size_t)hash_mb);
    if (!s)
        return false;
    if (fe_search_configure(s, u->opt, 1) || !search_set_threads(s, u->threads)) {
        search_free(s);
        return false;
    }
    fe_search_net(s, u->opt, u->v, FE_NET_DEFAULT, NULL, 0);
    search_free(u->s);
    u->s = s;
    u->hash_mb = hash_mb;
    return true;
}

/* "setoption name NAME [value VALUE]"; names are not case sensitive. */
static void cmd_setoption(Uci *u, const char *arg)
{
    char w[64] = "", q[200], q2[200];
    const char *s = arg;
    if (!next_word(&s, w, sizeof w) || strcmp(w, "name")) {
        say(u, "info string setoption needs 'name NAME [value VALUE]'");
        return;
    }
    const char *v = strstr(s, " value ");
    char name[128], value[256] = "";
    size_t n = v ? (size_t)(v - s) : strlen(s);
    while (n && *s == ' ')
        s++, n--;
    snprintf(name, sizeof name, "%.*s", (int)n, s);
    if (v) {
        v += 7;
        while (*v == ' ')
            v++;
        snprintf(value, sizeof value, "%s", v);
    }
    long long k;
    if (strcasecmp(name, "UCI_Variant") == 0) {
        const char *ours = our_variant(u, value);
        if (!ours)
            say(u, "info string unknown UCI_Variant '%s' (the uci command lists them)", nc_quote(value, q, sizeof q));
        else if (!uci_set_variant(u, ours))
            say(u, "info string variant '%s' does not load; still %s", nc_quote(value, q, sizeof q),
                uci_name(u->v->name));
    } else if (strcasecmp(name, "Hash") == 0) {
        if (!parse_count(value, 1, UCI_HASH_MAX, &k))
            say(u, "info string Hash must be 1 to %d (megabytes), not '%s'", UCI_HASH_MAX, nc_quote(value, q, sizeof q));
        else if (!uci_resize(u, (int)k))
            say(u, "info string cannot make a %lld MB table; Hash stays %d", k, u->hash_mb);
    } else if (strcasecmp(name, "Threads") == 0) {
        if (!parse_count(value, 1, SEARCH_MAX_THREADS, &k))
            say(u, "info string Threads must be 1 to %d, not '%s'", SEARCH_MAX_THREADS, nc_quote(value, q, sizeof q));
        else if (!search_set_threads(u->s, (int)k))
            say(u, "info string cannot start %lld search threads", k);
        else
            u->threads = (int)k;
    } else if (strcasecmp(name, "MultiPV") == 0) {
        if (!parse_count(value, 1, SEARCH_MAX_LINES, &k))
            say(u, "info string MultiPV must be 1 to %d, not '%s'", SEARCH_MAX_LINES, nc_quote(value, q, sizeof q));
        else
            u->lines = (int)k;
    } else {
        say(u, "info string unknown option '%s' (value '%s')", nc_quote(name, q, sizeof q), nc_quote(value, q2, sizeof q2));
    }
}

/* ---- thinking ---- */

/* What "go" asks for. */
typedef struct {
    long long time[2], inc[2]; /* milliseconds; time < 0: not given */
    long long movestogo, movetime, depth, nodes;
    bool infinite;
    bool refused; /* a word was left out */
} GoArgs;

/* Reads go's arguments; a bad one is said and left out. */
static void go_parse(Uci *u, const char *arg, GoArgs *a)
{
    static const char *const names[] = {"wtime", "btime", "winc", "binc", "movestogo", "movetime", "depth", "nodes"};
    long long *fields[] = {&a->time[NC_WHITE], &a->time[NC_BLACK], &a->inc[NC_WHITE], &a->inc[NC_BLACK],
                           &a->movestogo, &a->movetime, &a->depth, &a->nodes};
    /* Clocks may run below zero on a late GUI; the other figures may not. */
    static const long long lo[] = {-1000000000LL, -1000000000LL, 0, 0, 1, 1, 1, 1};
    static const long long hi[] = {1000000000000LL, 1000000000000LL, 1000000000LL, 1000000000LL, 10000, 1000000000000LL,
                                   100, 1000000000000000LL};
    memset(a, 0, sizeof *a);
    a->time[0] = a->time[1] = -1;
    char w[64], val[64], q[200];
    const char *s = arg;
    while (next_word(&s, w, sizeof w)) {
        if (strcmp(w, "infinite") == 0 || strcmp(w, "ponder") == 0) {
            a->infinite = true;
            continue;
        }
        size_t i = 0;
        while (i < sizeof names / sizeof names[0] && strcmp(w, names[i]))
            i++;
        if (i == sizeof names / sizeof names[0]) {
            say(u, "info string go: unknown word '%s' left out", nc_quote(w, q, sizeof q));
            a->refused = true;
            continue;
        }
        long long v;
        if (!next_word(&s, val, sizeof val) || !parse_count(val, lo[i], hi[i], &v)) {
            say(u, "info string go: %s needs a number from %lld to %lld; left out", names[i], lo[i], hi[i]);
            a->refused = true;
            continue;
        }
        *fields[i] = v < 0 ? 0 : v;
    }
}

/* The search's limits from go's arguments: the clock through timeman as
 * --xboard does; no limit at all for "infinite" or a bare "go" (true:
 * answer only after "stop").  A go whose every word was refused is not
 * taken as bare: it gets timeman's default time, so that a GUI's mistake
 * does not leave it waiting for ever. */
static bool go_limits(const Uci *u, const GoArgs *a, SearchLimits *lim)
{
    memset(lim, 0, sizeof *lim);
    lim->level = u->opt->level;
    lim->lines = u->lines;
    lim->depth = (int)a->depth;
    lim->nodes = a->nodes;
    int side = u->g.pos.side;
    bool timed = a->movetime > 0 || a->time[side] >= 0;
    bool limited = timed || a->depth || a->nodes;
    if (a->infinite || (!limited && !a->refused)) {
        lim->flags |= SEARCH_UNTIL_STOPPED;
        return true;
    }
    if (!timed && limited)
        return false;
    TimeControl tc = {
        .per_move = (double)a->movetime / 1000.0,
        .time_left = a->time[side] >= 0 ? (double)a->time[side] / 1000.0 : -1,
        .increment = (double)a->inc[side] / 1000.0,
        .moves_per_session = (int)a->movestogo,
        .moves_played = 0, /* movestogo counts from now */
        .depth_limited = a->depth > 0 || a->nodes > 0,
    };
    TimeBudget b = timeman_plan(&tc);
    lim->seconds = b.most;
    lim->target_seconds = a->movetime > 0 ? 0 : b.target;
    return false;
}

/* "info depth .. seldepth .. [multipv K] score cp|mate .. nodes .. nps ..
 * time .. pv ..": one line, or with MultiPV one for each line, best first. */
static void uci_info(Uci *u, const SearchInfo *in)
{
    int n = u->lines > 1 && in->nlines > 0 ? in->nlines : 1;
    for (int k = 0; k < n; k++) {
        int score = n > 1 ? in->lines[k].score : in->score;
        const Move *line = n > 1 ? in->lines[k].pv : in->pv;
        int nline = n > 1 ? in->lines[k].npv : in->npv;
        char sc[32], pv[4096], multi[32] = "";
        fe_format_score(score, sc, sizeof sc);
        fe_format_pv(&u->g.pos, line, nline, pv, sizeof pv, uci_move_text);
        if (u->lines > 1)
            snprintf(multi, sizeof multi, " multipv %d", k + 1);
        double nps = in->seconds > 0 ? (double)in->nodes / in->seconds : 0.0;
        say(u, "info depth %d seldepth %d%s score %s%s nodes %llu nps %.0f time %lld%s%s", in->depth, in->seldepth,
            multi, strncmp(sc, "mate", 4) ? "cp " : "", sc, (unsigned long long)in->nodes, nps,
            (long long)(in->seconds * 1000), pv[0] ? " pv " : "", pv);
    }
}

/* Commands during a search: "stop" ends it, "isready" is answered, "quit"
 * ends it and the session; the rest wait in u->pending and are carried
 * out after "bestmove" (so a script may send its commands at once).
 * Should that queue fill, the search is stopped rather than never seeing
 * a "stop" behind it. */
static void uci_read_while_thinking(Uci *u, bool *stopped)
{
    char line[UCI_LINE], cmd[32];
    while (u->npending < UCI_PENDING && line_take(&u->in, line, sizeof line)) {
        cmd[0] = 0;
        sscanf(line, "%31s", cmd);
        if (strcmp(cmd, "isready") == 0) {
            say(u, "readyok");
        } else if (strcmp(cmd, "stop") == 0 || strcmp(cmd, "quit") == 0) {
            search_stop(u->s);
            *stopped = true;
            u->quit |= cmd[0] == 'q';
        } else if (cmd[0] && strcmp(cmd, "ponderhit")) {
            snprintf(u->pending[u->npending++], sizeof u->pending[0], "%s", line);
            if (u->npending == UCI_PENDING) {
                say(u, "info string %d commands wait for the search: it stops now", UCI_PENDING);
                search_stop(u->s);
                *stopped = true;
                return;
            }
        }
    }
}

/* Searches on the search thread while watching the input; with wait_stop
 * ("infinite") the answer waits for "stop" even when the search ends. */
static void uci_search(Uci *u, const SearchLimits *lim, bool wait_stop)
{
    SearchInfo in;
    if (search_start(u->s, &u->g, lim)) {
        say(u, "info string the search did not start");
        say(u, "bestmove (none)");
        return;
    }
    int shown = 0;
    bool stopped = false, done = false;
    while (!(stopped && done)) {
        if (!done)
            done = search_poll(u->s, &in);
        if (in.depth > shown) {
            uci_info(u, &in);
            shown = in.depth;
        }
        if (done && !wait_stop)
            break;
        int delay = done ? 50 : 2;
        if (u->in.eof)
            poll(NULL, 0, delay); /* line_fill no longer waits */
        else
            line_fill(&u->in, delay); /* doubles as the polling delay */
        uci_read_while_thinking(u, &stopped);
        if (u->in.eof && wait_stop && !stopped) {
            search_stop(u->s); /* no "stop" can come any more */
            stopped = true;
        }
    }
    search_wait(u->s, &in);
    if (in.depth > shown)
        uci_info(u, &in);
    if (in.note[0])
        say(u, "info string %s", in.note);
    char best[64] = "(none)";
    if (in.has_best)
        uci_move_text(&u->g.pos, &in.best, best, sizeof best);
    say(u, "bestmove %s", best);
}

static void cmd_go(Uci *u, const char *arg)
{
    GoArgs a;
    go_parse(u, arg, &a);
    SearchLimits lim;
    bool wait_stop = go_limits(u, &a, &lim);
    uci_search(u, &lim, wait_stop);
}

/* ---- session ---- */

/* Carries out one command line; false at "quit". */
static bool uci_command(Uci *u, const char *line)
{
    char cmd[64] = "", q[200];
    const char *arg = line;
    if (strlen(line) >= UCI_LINE - 1) {
        say(u, "info string a command line longer than %d bytes is not carried out", UCI_LINE - 2);
        return true;
    }
    if (!next_word(&arg, cmd, sizeof cmd))
        return true;
    while (*arg == ' ' || *arg == '\t')
        arg++;
    if (strcmp(cmd, "quit") == 0)
        return false;
    if (strcmp(cmd, "uci") == 0)
        cmd_uci(u);
    else if (strcmp(cmd, "isready") == 0)
        say(u, "readyok");
    else if (strcmp(cmd, "ucinewgame") == 0)
        search_clear(u->s);
    else if (strcmp(cmd, "setoption") == 0)
        cmd_setoption(u, arg);
    else if (strcmp(cmd, "position") == 0)
        cmd_position(u, arg);
    else if (strcmp(cmd, "go") == 0)
        cmd_go(u, arg);
    else if (strcmp(cmd, "stop") == 0 || strcmp(cmd, "ponderhit") == 0 || strcmp(cmd, "debug") == 0 ||
             strcmp(cmd, "register") == 0)
        ; /* nothing to stop; no debug output; no registration */
    else
        say(u, "info string unknown command '%s'", nc_quote(cmd, q, sizeof q));
    return !u->quit;
}

/* Lines that arrived during the last search first, in order; then the input. */
static bool uci_next_line(Uci *u, char *line, size_t len)
{
    if (!u->npending)
        return line_get(&u->in, line, len);
    snprintf(line, len, "%s", u->pending[0]);
    memmove(u->pending[0], u->pending[1], sizeof u->pending[0] * (size_t)(u->npending - 1));
    u->npending--;
    return true;
}

static void uci_close(Uci *u)
{
    if (u->have_game)
        game_free(&u->g);
    if (u->v)
        variant_free(u->v);
    for (int i = 0; i < u->nnames; i++)
        free(u->names[i]);
    free(u->names);
    if (u->s)
        search_free(u->s);
}

static int uci_open(Uci *u, const Options *opt, int in_fd, FILE *out)
{
    memset(u, 0, sizeof *u);
    u->in.fd = in_fd;
    u->out = out;
    u->opt = opt;
    u->hash_mb = FE_HASH_MB;
    u->threads = opt->threads > 0 ? opt->threads : 1;
    u->lines = 1;
    u->nnames = variant_list(opt->data_dir, &u->names);
    if (u->nnames < 0)
        u->nnames = 0;
    u->s = search_new((size_t)u->hash_mb);
    if (!u->s || fe_search_configure(u->s, opt, 1))
        return -1;
    const char *start = opt->variant ? opt->variant : "chess";
    return uci_set_variant(u, start) ? 0 : -1;
}

int uci_run(const Options *opt, int in_fd, FILE *out)
{
    static Uci u; /* large (input buffer); one protocol session at a time */
    int rc = 0;
    if (uci_open(&u, opt, in_fd, out) == 0) {
        char line[UCI_LINE];
        while (uci_next_line(&u, line, sizeof line) && uci_command(&u, line))
            ;
    } else {
        rc = 1;
    }
    fflush(out);
    uci_close(&u);
    return rc;
}

int uci_main(const Options *opt)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    return uci_run(opt, 0, stdout);
}
