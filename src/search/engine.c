/* Engine front ends: one-shot search (--think/--depth/--nodes), self-play,
 * the fixed-depth search benchmark and the XBoard (CECP v2) protocol. */
#include "engine.h"
#include "../clock.h"

#include "../datafile.h"
#include "../movegen.h"
#include "../movetext.h"
#include "../session.h"
#include "search.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <poll.h>
#include <time.h>
#include <unistd.h>

#define HASH_MB 64

static void sleep_ms(int ms)
{
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

/* Writes "score N" or "score mate N" (moves, negative when being mated). */
static void format_score(int score, char *buf, size_t len)
{
    if (score > SEARCH_MATE - 1000)
        snprintf(buf, len, "mate %d", (SEARCH_MATE - score + 1) / 2);
    else if (score < -(SEARCH_MATE - 1000))
        snprintf(buf, len, "mate -%d", (SEARCH_MATE + score) / 2);
    else
        snprintf(buf, len, "%d", score);
}

/* Appends the PV in the move text; stops at the first move that is not
 * legal in the position reached (it cannot happen, but costs nothing). */
static void xb_move_text(const Position *p, const Move *m, char *buf, size_t len);

/* coord: XBoard's coordinate notation instead of the move text */
static void format_pv(const Position *start, const Move *pv, int npv, char *out, size_t len, bool coord)
{
    Position p = *start;
    size_t used = 0;
    out[0] = 0;
    for (int i = 0; i < npv; i++) {
        MoveList ml;
        gen_legal(&p, &ml);
        bool ok = false;
        for (int j = 0; j < ml.n && !ok; j++)
            ok = move_equal(&ml.m[j], &pv[i]);
        if (!ok)
            break;
        char buf[160];
        if (coord)
            xb_move_text(&p, &pv[i], buf, sizeof buf);
        else
            move_to_text(&p, &pv[i], buf, sizeof buf);
        size_t bl = strlen(buf);
        if (used + bl + 2 >= len)
            break;
        if (used)
            out[used++] = ' ';
        memcpy(out + used, buf, bl + 1);
        used += bl;
        Undo u;
        make_move(&p, &pv[i], &u);
    }
}

static void print_info(const Position *p, const SearchInfo *in)
{
    char sc[32], pv[2048];
    format_score(in->score, sc, sizeof sc);
    format_pv(p, in->pv, in->npv, pv, sizeof pv, false);
    printf("info depth %d seldepth %d score %s nodes %llu time %.2f nps %.0f pv %s\n", in->depth, in->seldepth, sc,
           (unsigned long long)in->nodes, in->seconds, in->seconds > 0 ? (double)in->nodes / in->seconds : 0.0,
           pv);
    fflush(stdout);
}

int engine_cli(const Options *opt, Game *g)
{
    Search *s = search_new(HASH_MB);
    if (!s) {
        fprintf(stderr, "ninjachess: out of memory\n");
        return 1;
    }
    SearchLimits lim = {opt->depth, opt->think, opt->nodes, opt->level};
    search_start(s, g, &lim);
    SearchInfo in;
    int shown = 0;
    for (;;) {
        bool done = search_poll(s, &in);
        if (in.depth > shown) {
            print_info(&g->pos, &in);
            shown = in.depth;
        }
        if (done)
            break;
        sleep_ms(5);
    }
    search_wait(s, &in);
    search_free(s);
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

/* ---- self-play ---- */

static uint64_t sp_rng(uint64_t *st)
{
    *st ^= *st << 13;
    *st ^= *st >> 7;
    *st ^= *st << 17;
    return *st;
}

static int random_move(Game *g, uint64_t *rng, Move *out)
{
    MoveList ml;
    gen_legal(&g->pos, &ml);
    if (!ml.n)
        return -1;
    *out = ml.m[sp_rng(rng) % (uint64_t)ml.n];
    return 0;
}

/* "A,B": each a level 1-10 or "random" (0). */
static int parse_levels(const char *text, int lv[2])
{
    const char *s = text;
    for (int i = 0; i < 2; i++) {
        if (strncmp(s, "random", 6) == 0) {
            lv[i] = 0;
            s += 6;
        } else {
            char *end;
            long n = strtol(s, &end, 10);
            if (end == s || n < 0 || n > 10)
                return -1;
            lv[i] = (int)n;
            s = end;
        }
        if (i == 0) {
            if (*s != ',')
                return -1;
            s++;
        }
    }
    return *s ? -1 : 0;
}

static const char *level_name(int lv, char *buf, size_t len)
{
    if (lv == 0)
        snprintf(buf, len, "random");
    else
        snprintf(buf, len, "level %d", lv);
    return buf;
}

/* Runaway games end after SP_MAX_PLIES: won by a side ahead by at least
 * SP_ADJ_MARGIN of material (data-file values, pieces in hand included),
 * otherwise drawn. */
#define SP_MAX_PLIES 300
#define SP_ADJ_MARGIN 500

static int material_lead(const Position *p)
{
    const Variant *v = p->v;
    int m[2] = {0, 0};
    for (int c = 0; c < 2; c++) {
        for (int i = 0; i < p->npieces[c]; i++) {
            const PieceType *pt = &v->types[nc_type(p->board[p->plist[c][i]])];
            m[c] += pt->royal ? 0 : pt->value;
        }
        for (int t = 0; t < v->ntypes; t++)
            m[c] += p->hand[c][t] * v->types[t].value;
    }
    return m[NC_WHITE] - m[NC_BLACK];
}
#define SP_OPENING_PLIES 4

int selfplay_main(const Options *opt)
{
    if (!opt->variant) {
        fprintf(stderr, "ninjachess: --selfplay needs --variant NAME\n");
        return 1;
    }
    int lv[2] = {opt->level ? opt->level : 10, opt->level ? opt->level : 10};
    if (opt->levels && parse_levels(opt->levels, lv)) {
        fprintf(stderr, "ninjachess: --levels wants A,B with levels 1-10 or 'random'\n");
        return 1;
    }
    Variant *v = session_variant(opt, NULL);
    if (!v)
        return 1;
    /* Per move: the options' limit, else 0.1 s (levels 1-9 also have their caps). */
    SearchLimits base = {opt->depth, opt->think, opt->nodes, 0};
    if (!base.depth && base.seconds <= 0 && !base.nodes)
        base.seconds = 0.1;
    Search *eng[2] = {search_new(16), search_new(16)};
    if (!eng[0] || !eng[1]) {
        fprintf(stderr, "ninjachess: out of memory\n");
        return 1;
    }
    double points[2] = {0, 0}; /* per engine A, B */
    uint64_t rng = 0x2545F4914F6CDD1DULL ^ (uint64_t)time(NULL);
    char na[24], nb[24];
    level_name(lv[0], na, sizeof na);
    level_name(lv[1], nb, sizeof nb);
    Game opening;
    memset(&opening, 0, sizeof opening);
    for (int gi = 0; gi < opt->selfplay; gi++) {
        Game g;
        char err[512];
        Options o = *opt;
        if (session_game(&o, v, &g, err, sizeof err)) {
            fprintf(stderr, "ninjachess: %s\n", err);
            return 1;
        }
        /* A random opening, the same for both games of a pair, so that two
         * deterministic engines do not replay the same game. */
        int a_colour = gi % 2 == 0 ? NC_WHITE : NC_BLACK;
        uint64_t orng = 0x9E3779B97F4A7C15ULL * (uint64_t)(gi / 2 + 1) ^ rng;
        for (int k = 0; k < SP_OPENING_PLIES && game_status(&g) == GS_ONGOING; k++) {
            Move m;
            if (random_move(&g, &orng, &m))
                break;
            game_push(&g, &m);
        }
        search_clear(eng[0]);
        search_clear(eng[1]);
        GameStatus st;
        int adjudicated = 0;
        while ((st = game_status(&g)) == GS_ONGOING) {
            if (g.nply >= SP_MAX_PLIES) {
                adjudicated = 1;
                break;
            }
            int who = g.pos.side == a_colour ? 0 : 1;
            Move m;
            if (lv[who] == 0) {
                if (random_move(&g, &rng, &m))
                    break;
            } else {
                SearchLimits lim = base;
                lim.level = lv[who];
                SearchInfo in;
                search_run(eng[who], &g, &lim, &in);
                if (!in.has_best)
                    break;
                m = in.best;
            }
            game_push(&g, &m);
        }
        double ra; /* result for engine A */
        const char *how = game_status_text(st);
        int w = game_winner(&g, st);
        if (adjudicated) {
            int lead = material_lead(&g.pos);
            w = lead >= SP_ADJ_MARGIN ? NC_WHITE : lead <= -SP_ADJ_MARGIN ? NC_BLACK : -1;
            how = w < 0 ? "adjudicated draw after 300 plies" : "adjudicated on material after 300 plies";
        }
        ra = w < 0 ? 0.5 : w == a_colour ? 1.0 : 0.0;
        points[0] += ra;
        points[1] += 1.0 - ra;
        const char *res = w < 0 ? "1/2-1/2" : w == NC_WHITE ? "1-0" : "0-1";
        printf("game %d: %s (%s) vs %s (%s): %s %s, %d plies\n", gi + 1, na,
               a_colour == NC_WHITE ? "White" : "Black", nb, a_colour == NC_WHITE ? "Black" : "White", res, how,
               g.nply);
        fflush(stdout);
        game_free(&g);
    }
    printf("score: %s %g - %g %s\n", na, points[0], points[1], nb);
    search_free(eng[0]);
    search_free(eng[1]);
    variant_free(v);
    return 0;
}

/* ---- bench ---- */

int search_bench(const char *data_dir)
{
    static const struct {
        const char *variant, *fen;
        int plies; /* deterministic pseudo-random plies played from the start first */
        int depth;
    } cases[] = {
        {"chess", NULL, 0, 11},
        {"chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 0, 8},
        {"chess", NULL, 12, 10},
        {"capablanca", NULL, 0, 9},
        {"capablanca", NULL, 12, 9},
        {"titan-chess", NULL, 0, 7},
        {"titan-chess", NULL, 16, 7},
        {"stealth-ninja", NULL, 0, 7},
        {"stealth-ninja", NULL, 16, 7},
        {"flying-warmachines", NULL, 0, 7},
        {"flying-warmachines", NULL, 16, 7},
    };
    Search *s = search_new(HASH_MB);
    if (!s)
        return 1;
    uint64_t total = 0;
    double total_t = 0;
    int rc = 0;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        DataErrors errs;
        Variant *v = variant_load(data_dir, cases[i].variant, &errs);
        if (!v) {
            data_errors_print(&errs, stderr);
            rc = 1;
            continue;
        }
        Position p;
        char err[256];
        if (cases[i].fen) {
            if (pos_from_fen(&p, v, cases[i].fen, err, sizeof err)) {
                fprintf(stderr, "ninjachess: %s\n", err);
                variant_free(v);
                rc = 1;
                continue;
            }
        } else {
            pos_start(&p, v);
        }
        Game g;
        game_init(&g, &p);
        uint64_t r = 88172645463325252ULL;
        for (int k = 0; k < cases[i].plies; k++) {
            MoveList ml;
            gen_legal(&g.pos, &ml);
            if (!ml.n)
                break;
            game_push(&g, &ml.m[sp_rng(&r) % (uint64_t)ml.n]);
        }
        search_clear(s);
        SearchLimits lim = {cases[i].depth, 0, 0, 10};
        SearchInfo in;
        double t0 = nc_seconds();
        search_run(s, &g, &lim, &in);
        double dt = nc_seconds() - t0;
        char mv[160] = "-";
        if (in.has_best)
            move_to_text(&g.pos, &in.best, mv, sizeof mv);
        printf("search %-18s %-9s +%-2d plies depth %-2d nodes %10llu  %7.3f s  %6.0f knodes/s  best %s\n",
               cases[i].variant, cases[i].fen ? "(fen)" : "(start)", cases[i].plies, cases[i].depth, (unsigned long long)in.nodes, dt,
               dt > 0 ? (double)in.nodes / dt / 1000 : 0.0, mv);
        fflush(stdout);
        total += in.nodes;
        total_t += dt;
        game_free(&g);
        variant_free(v);
    }
    printf("search total nodes %llu  %.3f s  %.0f knodes/s\n", (unsigned long long)total, total_t,
           total_t > 0 ? (double)total / total_t / 1000 : 0.0);
    search_free(s);
    return rc;
}

/* ---- XBoard / CECP v2 ---- */

/* Coordinate notation: e2e4, e7e8q, P@e4; castling as the king's move. */
static void xb_move_text(const Position *p, const Move *m, char *buf, size_t len)
{
    const Variant *v = p->v;
    char a[8], b[8];
    if (m->kind == MK_DROP) {
        snprintf(buf, len, "%c@%s", v->types[m->promo - 1].letter, nc_sqname(v, m->to, b));
        return;
    }
    snprintf(buf, len, "%s%s", nc_sqname(v, m->from, a), nc_sqname(v, m->to, b));
    if (m->promo) {
        size_t n = strlen(buf);
        snprintf(buf + n, len - n, "%c", (char)tolower((unsigned char)v->types[m->promo - 1].letter));
    }
}

/* Finds the legal move XBoard means; 0 or -1. */
static int xb_parse_move(Position *p, const char *text, Move *out)
{
    MoveList ml;
    gen_legal(p, &ml);
    const Variant *v = p->v;
    if (strcmp(text, "O-O") == 0 || strcmp(text, "O-O-O") == 0 || strcmp(text, "0-0") == 0 ||
        strcmp(text, "0-0-0") == 0) {
        bool king_side = strlen(text) == 3;
        for (int i = 0; i < ml.n; i++) {
            const Move *m = &ml.m[i];
            if (m->kind != MK_CASTLE)
                continue;
            bool higher = v->file_of[m->aux] > v->file_of[m->from];
            if (higher == king_side) {
                *out = *m;
                return 0;
            }
        }
        return -1;
    }
    int found = -1;
    for (int i = 0; i < ml.n; i++) {
        char buf[32];
        xb_move_text(p, &ml.m[i], buf, sizeof buf);
        if (strcasecmp(buf, text) == 0) {
            /* a castling move and a king step may share squares: prefer castling */
            if (found < 0 || ml.m[i].kind == MK_CASTLE)
                found = i;
        }
    }
    if (found < 0)
        return -1;
    *out = ml.m[found];
    return 0;
}

/* Line input from XBoard read with read(2), so that the thinking loop can
 * look for "?" or "force" with poll(2) without stdio buffering hiding
 * lines that already arrived. */
typedef struct {
    char buf[65536];
    size_t len;
    bool eof;
} LineIn;

/* Takes one complete line out of the buffer into out; false when none. */
static bool line_take(LineIn *in, char *out, size_t outlen)
{
    char *nl = memchr(in->buf, '\n', in->len);
    if (!nl) {
        if (!in->eof || in->len == 0)
            return false;
        nl = in->buf + in->len; /* last line without a newline */
    }
    size_t n = (size_t)(nl - in->buf);
    size_t c = n < outlen - 1 ? n : outlen - 1;
    memcpy(out, in->buf, c);
    out[c] = 0;
    if (c && out[c - 1] == '\r')
        out[c - 1] = 0;
    size_t used = n < in->len ? n + 1 : n;
    memmove(in->buf, in->buf + used, in->len - used);
    in->len -= used;
    return true;
}

/* Reads what is available (waiting up to timeout_ms; -1 forever). */
static void line_fill(LineIn *in, int timeout_ms)
{
    if (in->eof || in->len == sizeof in->buf)
        return;
    struct pollfd pfd = {0, POLLIN, 0};
    if (poll(&pfd, 1, timeout_ms) <= 0)
        return;
    ssize_t r = read(0, in->buf + in->len, sizeof in->buf - in->len);
    if (r <= 0)
        in->eof = true;
    else
        in->len += (size_t)r;
}

/* Blocking read of the next line; false at end of input. */
static bool line_get(LineIn *in, char *out, size_t outlen)
{
    for (;;) {
        if (line_take(in, out, outlen))
            return true;
        if (in->eof)
            return false;
        line_fill(in, -1);
    }
}

typedef struct {
    LineIn in;
    char pending[64][256]; /* lines that arrived while thinking */
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
    Search *s;
    const Options *opt;
} XB;

static const char *xb_variant_name(const char *xb)
{
    if (strcmp(xb, "normal") == 0)
        return "chess";
    return xb;
}

static int xb_new_game(XB *x, const char *variant, const char *fen)
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
        char err[256];
        if (pos_from_fen(&p, use, fen, err, sizeof err)) {
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
    if (w == NC_WHITE)
        printf("1-0 {White mates}\n");
    else if (w == NC_BLACK)
        printf("0-1 {Black mates}\n");
    else
        printf("1/2-1/2 {%s}\n", game_status_text(st));
}

static double xb_budget(const XB *x)
{
    if (x->st > 0)
        return x->st;
    if (x->time_left < 0)
        return x->sd ? 0 : 5.0;
    int played = x->g.nply / 2;
    int togo = x->mps ? x->mps - played % x->mps : 30;
    if (togo < 1)
        togo = 1;
    double t = x->time_left / togo + x->inc * 0.8;
    double cap = x->time_left * 0.4;
    if (t > cap)
        t = cap;
    t -= 0.05; /* communication and process latency */
    return t < 0.02 ? 0.02 : t;
}

static void xb_think(XB *x)
{
    if (game_status(&x->g) != GS_ONGOING) {
        xb_result_if_over(x);
        return;
    }
    SearchLimits lim = {x->sd, xb_budget(x), 0, x->opt->level};
    search_start(x->s, &x->g, &lim);
    SearchInfo in;
    int shown = 0;
    bool abort_move = false;
    for (;;) {
        bool done = search_poll(x->s, &in);
        /* Commands during the search: "?" moves now; commands that change
         * the game stop the search without a move; the rest wait. */
        char line[256];
        line_fill(&x->in, 0);
        while (line_take(&x->in, line, sizeof line)) {
            char cmd[32] = "";
            sscanf(line, "%31s", cmd);
            if (strcmp(cmd, "?") == 0) {
                search_stop(x->s);
                continue;
            }
            if (strcmp(cmd, "new") == 0 || strcmp(cmd, "force") == 0 || strcmp(cmd, "result") == 0 ||
                strcmp(cmd, "quit") == 0 || strcmp(cmd, "setboard") == 0 || strcmp(cmd, "undo") == 0 ||
                strcmp(cmd, "remove") == 0 || strcmp(cmd, "variant") == 0 || strcmp(cmd, "edit") == 0) {
                search_stop(x->s);
                abort_move = true;
            }
            if (x->npending < 64)
                snprintf(x->pending[x->npending++], sizeof x->pending[0], "%s", line);
        }
        if (x->post && in.depth > shown) {
            char pv[2048];
            format_pv(&x->g.pos, in.pv, in.npv, pv, sizeof pv, true);
            /* ply score time(centiseconds) nodes pv */
            printf("%d %d %d %llu %s\n", in.depth, in.score, (int)(in.seconds * 100), (unsigned long long)in.nodes, pv);
            fflush(stdout);
            shown = in.depth;
        }
        if (done)
            break;
        if (x->in.eof)
            search_stop(x->s);
        line_fill(&x->in, 2); /* doubles as the polling delay */
    }
    search_wait(x->s, &in);
    if (abort_move)
        return;
    if (!in.has_best) {
        xb_result_if_over(x);
        return;
    }
    char buf[32];
    xb_move_text(&x->g.pos, &in.best, buf, sizeof buf);
    game_push(&x->g, &in.best);
    printf("move %s\n", buf);
    fflush(stdout);
    xb_result_if_over(x);
}

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

int xboard_main(const Options *opt)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    static XB x; /* large (input buffer); one protocol session per process */
    memset(&x, 0, sizeof x);
    x.opt = opt;
    x.engine_side = NC_BLACK;
    x.time_left = -1;
    x.s = search_new(HASH_MB);
    if (!x.s)
        return 1;
    const char *start_variant = opt->variant ? opt->variant : "chess";
    if (xb_new_game(&x, start_variant, NULL)) {
        search_free(x.s);
        return 1;
    }
    char line[4096];
    for (;;) {
        if (x.npending) {
            /* lines that arrived during the last search, in order */
            snprintf(line, sizeof line, "%s", x.pending[0]);
            memmove(x.pending[0], x.pending[1], sizeof x.pending[0] * (size_t)(x.npending - 1));
            x.npending--;
        } else if (!line_get(&x.in, line, sizeof line)) {
            break;
        }
        char cmd[64] = "";
        sscanf(line, "%63s", cmd);
        const char *arg = line + strlen(cmd);
        while (*arg == ' ')
            arg++;
        if (!cmd[0] || strcmp(cmd, "xboard") == 0 || strcmp(cmd, "accepted") == 0 ||
            strcmp(cmd, "rejected") == 0 || strcmp(cmd, "computer") == 0 || strcmp(cmd, "random") == 0 ||
            strcmp(cmd, "hard") == 0 || strcmp(cmd, "easy") == 0 || strcmp(cmd, "otim") == 0 ||
            strcmp(cmd, "name") == 0 || strcmp(cmd, "rating") == 0 || strcmp(cmd, "ics") == 0 ||
            strcmp(cmd, "?") == 0 || strcmp(cmd, "." ) == 0 || strcmp(cmd, "bk") == 0 ||
            strcmp(cmd, "hint") == 0 || strcmp(cmd, "cores") == 0 || strcmp(cmd, "memory") == 0) {
            continue;
        } else if (strcmp(cmd, "protover") == 0) {
            printf("feature myname=\"ninjachess %s\" ping=1 setboard=1 usermove=1 time=1 draw=0 sigint=0 "
                   "sigterm=0 reuse=1 analyze=0 colors=0 san=0 nps=0 debug=1 "
                   "variants=\"normal,capablanca\" done=1\n",
#ifdef NC_VERSION
                   NC_VERSION
#else
                   "0.1"
#endif
            );
        } else if (strcmp(cmd, "quit") == 0) {
            break;
        } else if (strcmp(cmd, "new") == 0) {
            /* "new" means standard chess (or the command line's variant);
             * XBoard sends "variant" after it for anything else */
            if (xb_new_game(&x, start_variant, NULL))
                printf("Error (cannot start): new\n");
            x.force = false;
            x.engine_side = NC_BLACK;
            x.sd = 0;
            x.st = 0;
            x.time_left = -1;
            search_clear(x.s);
        } else if (strcmp(cmd, "variant") == 0) {
            int rc = xb_new_game(&x, arg, NULL);
            if (rc)
                printf("Error (unknown variant): %s\n", arg);
        } else if (strcmp(cmd, "force") == 0) {
            x.force = true;
        } else if (strcmp(cmd, "go") == 0) {
            x.force = false;
            x.engine_side = x.g.pos.side;
            xb_think(&x);
        } else if (strcmp(cmd, "playother") == 0) {
            x.force = false;
            x.engine_side = x.g.pos.side ^ 1;
        } else if (strcmp(cmd, "white") == 0 || strcmp(cmd, "black") == 0) {
            x.engine_side = cmd[0] == 'w' ? NC_BLACK : NC_WHITE;
        } else if (strcmp(cmd, "setboard") == 0) {
            char keep[64];
            snprintf(keep, sizeof keep, "%s", x.v->name);
            if (xb_new_game(&x, keep, arg))
                printf("tellusererror Illegal position\n");
        } else if (strcmp(cmd, "level") == 0) {
            char base[32] = "0";
            double inc = 0;
            int mps = 0;
            if (sscanf(arg, "%d %31s %lf", &mps, base, &inc) >= 2) {
                x.mps = mps;
                x.base = parse_minutes(base);
                x.inc = inc;
                x.st = 0;
            } else {
                printf("Error (bad arguments): level %s\n", arg);
            }
        } else if (strcmp(cmd, "st") == 0) {
            x.st = atof(arg);
        } else if (strcmp(cmd, "sd") == 0) {
            x.sd = atoi(arg);
        } else if (strcmp(cmd, "time") == 0) {
            x.time_left = atof(arg) / 100.0;
        } else if (strcmp(cmd, "post") == 0) {
            x.post = true;
        } else if (strcmp(cmd, "nopost") == 0) {
            x.post = false;
        } else if (strcmp(cmd, "ping") == 0) {
            printf("pong %s\n", arg);
        } else if (strcmp(cmd, "result") == 0) {
            x.force = true;
        } else if (strcmp(cmd, "undo") == 0) {
            game_pop(&x.g);
        } else if (strcmp(cmd, "remove") == 0) {
            game_pop(&x.g);
            game_pop(&x.g);
        } else if (strcmp(cmd, "usermove") == 0 || (strlen(cmd) >= 4 && isalpha((unsigned char)cmd[0]) &&
                                                  (isdigit((unsigned char)cmd[1]) || cmd[1] == '@'))) {
            const char *mtext = strcmp(cmd, "usermove") == 0 ? arg : cmd;
            Move m;
            if (x.g.pos.scepter || xb_parse_move(&x.g.pos, mtext, &m)) {
                printf("Illegal move: %s\n", mtext);
                continue;
            }
            game_push(&x.g, &m);
            if (!x.force && x.g.pos.side == x.engine_side)
                xb_think(&x);
        } else {
            printf("Error (unknown command): %s\n", cmd);
        }
        fflush(stdout);
    }
    if (x.have_game)
        game_free(&x.g);
    if (x.v)
        variant_free(x.v);
    search_free(x.s);
    return 0;
}
