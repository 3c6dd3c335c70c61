/* Engine front ends: one-shot search (--think/--depth/--nodes), self-play,
 * the fixed-depth search benchmark and the XBoard (CECP v2) protocol. */
#include "engine.h"
#include "../clock.h"

#include "../datafile.h"
#include "../movegen.h"
#include "../movetext.h"
#include "../session.h"
#include "search.h"
#include "timeman.h"

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

/* XBoard names squares by the box it shows: files from 'a', ranks from 1
 * (from 0 on boards 10 ranks high).  That is our own naming for every
 * variant whose box starts at rank 1; the 10x10 games with rear squares are
 * shown as their 10x12 box (see "engine-defined variants" below), whose
 * rank 0 XBoard calls 1. */
static char *xb_sqname(const Variant *v, int sq, char *buf)
{
    int first = v->height == 10 ? 0 : 1;
    snprintf(buf, 8, "%c%d", 'a' + v->file_of[sq], v->rank_of[sq] + first);
    return buf;
}

/* True when square c lies strictly between a and b on a rank, file or
 * diagonal line. */
static bool xb_between(const Variant *v, int a, int b, int c)
{
    int dx = v->file_of[b] - v->file_of[a], dy = v->rank_of[b] - v->rank_of[a];
    int cx = v->file_of[c] - v->file_of[a], cy = v->rank_of[c] - v->rank_of[a];
    if (!(dx == 0 || dy == 0 || abs(dx) == abs(dy)))
        return false;
    int n = abs(dx) > abs(dy) ? abs(dx) : abs(dy);
    int sx = dx ? dx / abs(dx) : 0, sy = dy ? dy / abs(dy) : 0;
    for (int k = 1; k < n; k++)
        if (cx == sx * k && cy == sy * k)
            return true;
    return false;
}

/* Coordinate notation: e2e4, e7e8q, P@e4; castling as the king's move.
 * A drop that slides on after entering names the square it ends on. */
static void xb_move_text_legs(const Position *p, const Move *m, char *buf, size_t len, bool legs)
{
    const Variant *v = p->v;
    char a[8], b[8];
    if (m->kind == MK_DROP) {
        snprintf(buf, len, "%c@%s", v->types[m->promo - 1].letter, xb_sqname(v, m->to, b));
        return;
    }
    /* A piece taken on the way (fly-over, jump-over) is sent as XBoard's
     * two-leg move "from cap,cap to", so that XBoard's board loses it too;
     * en passant (the victim is not between from and to) stays one leg. */
    int c = m->cap[0];
    if (legs && c && !m->cap[1] && xb_between(v, m->from, m->to, c)) {
        char k[8];
        xb_sqname(v, c, k);
        snprintf(buf, len, "%s%s,%s%s", xb_sqname(v, m->from, a), k, k, xb_sqname(v, m->to, b));
    } else {
        snprintf(buf, len, "%s%s", xb_sqname(v, m->from, a), xb_sqname(v, m->to, b));
    }
    if (m->promo) {
        size_t n = strlen(buf);
        snprintf(buf + n, len - n, "%c", (char)tolower((unsigned char)v->types[m->promo - 1].letter));
    }
}

static void xb_move_text(const Position *p, const Move *m, char *buf, size_t len)
{
    xb_move_text_legs(p, m, buf, len, true);
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
    if (found < 0) {
        /* a capture on the way entered as a plain from-to move (a user
         * with legality testing off): taken when it names one move */
        int count = 0;
        for (int i = 0; i < ml.n; i++) {
            char buf[32];
            xb_move_text_legs(p, &ml.m[i], buf, sizeof buf, false);
            if (strcasecmp(buf, text) == 0 && ml.m[i].kind != MK_CASTLE) {
                found = i;
                count++;
            }
        }
        if (count != 1)
            return -1;
    }
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

/* ---- engine-defined variants (XBoard 4.7+) ----
 *
 * XBoard knows orthodox and Capablanca chess itself.  Every other shipped
 * variant is announced by its own name in feature variants=; when XBoard
 * selects one ("variant NAME", repeated after every "new"), the engine
 * describes it with
 *     setup (PIECETOCHAR) WxH+H_fairy FEN
 * and a "piece LETTER& BETZA" line for each piece whose moves Betza
 * notation can say exactly.
 *
 * PIECETOCHAR gives the letter of each XBoard piece-table slot in XBoard's
 * order (Pawn, Knight, Bishop, Rook, Queen, Ferz, Alfil, Archbishop,
 * Chancellor, Wazir, Man, Cannon, Nightrider, Cardinal, Dragon,
 * Grasshopper, Silver, Falcon, Lance, Cobra, Unicorn, ..., King), '.' for an
 * unused slot, White's half then Black's, each half ending with the King.
 * Our P N B R Q A C keep their slots; the other types take the free slots
 * from Ferz on, pieces that can be dropped first, because XBoard's holdings
 * hold only the first H used slots.
 *
 * What XBoard cannot show:
 *  - Missing squares.  Stealth Ninja and Flying Warmachines are a 10x10
 *    board plus the rear squares e0, f0, e11, f11.  XBoard has no missing
 *    squares, so they are shown as the whole 10x12 box, with the missing
 *    squares as ordinary empty squares in the FEN ("4ww4"); nothing keeps
 *    XBoard from offering them, but the engine never moves there and
 *    refuses a move there as illegal.  XBoard calls the box's ranks 1-12
 *    (our 0-11), see xb_sqname.
 *  - Fly-over and jump-over captures, double captures, Titan pushes and
 *    crushes, drops that slide on, ninja pawns' zone-dependent moves and
 *    the bent movers cannot be written in Betza notation, so those pieces
 *    get no piece line (nor do Titans, which cannot be captured).  XBoard
 *    must run with legality testing off for these variants; it then
 *    relays the engine's moves (from and to square) as they are, but its
 *    own board does not remove pieces taken on the way or by a push. */

static bool xb_builtin(const char *name)
{
    return strcmp(name, "chess") == 0 || strcmp(name, "normal") == 0 || strcmp(name, "capablanca") == 0;
}

/* The variants announced besides normal and capablanca, in this order. */
static const char *const xb_defined[] = {"titan-chess", "stealth-ninja", "flying-warmachines", "chess-titan-rooks",
                                         "titan-chess-titans"};

#define XB_SLOTS 21 /* Pawn .. Unicorn: the slots every XBoard 4.7+ has */

/* Direction set of an atom: 'W' orthogonal, 'F' diagonal, 'K' both, 0 other. */
static char xb_dirs(const Atom *a)
{
    int orth = 0, diag = 0;
    for (int d = 0; d < a->ndirs; d++) {
        int dx = a->dx[d], dy = a->dy[d];
        if ((dx == 0) != (dy == 0) && abs(dx + dy) == 1)
            orth++;
        else if (abs(dx) == 1 && abs(dy) == 1)
            diag++;
        else
            return 0;
    }
    if (orth == 4 && diag == 0)
        return 'W';
    if (diag == 4 && orth == 0)
        return 'F';
    if (orth == 4 && diag == 4)
        return 'K';
    return 0;
}

/* Betza notation of a piece type, or NULL when its moves cannot be said
 * exactly (or it is royal: XBoard's king, with castling, is kept). */
static bool xb_betza(const PieceType *pt, char *out, size_t len)
{
    out[0] = 0;
    if (pt->royal || pt->titan || pt->natoms == 0)
        return false;
    /* the orthodox pawn: step, double step from the start rank, diagonal
     * capture, en passant */
    if (pt->natoms == 3 && pt->atoms[0].kind == ATOM_SLIDE && pt->atoms[0].ndirs == 1 && pt->atoms[0].max == 1 &&
        pt->atoms[0].to == SQ_EMPTY && !pt->atoms[0].zone && pt->atoms[1].kind == ATOM_SLIDE &&
        pt->atoms[1].ndirs == 1 && pt->atoms[1].min == 2 && pt->atoms[1].max == 2 &&
        pt->atoms[1].start == START_ON && !pt->atoms[1].zone && pt->atoms[2].kind == ATOM_SLIDE &&
        pt->atoms[2].ndirs == 2 && pt->atoms[2].max == 1 && pt->atoms[2].to == SQ_ENEMY && !pt->atoms[2].zone &&
        (pt->atoms[2].flags & AF_EP_CAPTURE)) {
        snprintf(out, len, "fmWfceFifmnD");
        return true;
    }
    char w = 0, f = 0; /* 'S' step, 'R' ride, per direction set */
    bool knight = false;
    for (int i = 0; i < pt->natoms; i++) {
        const Atom *a = &pt->atoms[i];
        if (a->kind == ATOM_SLIDE && a->plain && (a->max == 0 || a->max == 1)) {
            char dirs = xb_dirs(a), how = a->max == 1 ? 'S' : 'R';
            if (!dirs)
                return false;
            if (dirs != 'F') {
                if (w && w != how)
                    return false;
                w = how;
            }
            if (dirs != 'W') {
                if (f && f != how)
                    return false;
                f = how;
            }
        } else if (a->kind == ATOM_LEAP && a->ndirs == 8 && a->to == (SQ_EMPTY | SQ_ENEMY) && !a->flags &&
                   !a->zone && !a->start && ((abs(a->dx[0]) == 2 && abs(a->dy[0]) == 1) ||
                                            (abs(a->dx[0]) == 1 && abs(a->dy[0]) == 2))) {
            knight = true;
        } else {
            return false;
        }
    }
    size_t n = 0;
    if (w == 'R' && f == 'R')
        n += (size_t)snprintf(out + n, len - n, "Q");
    else if (w == 'S' && f == 'S')
        n += (size_t)snprintf(out + n, len - n, "K");
    else {
        if (w)
            n += (size_t)snprintf(out + n, len - n, "%c", w == 'R' ? 'R' : 'W');
        if (f)
            n += (size_t)snprintf(out + n, len - n, "%c", f == 'R' ? 'B' : 'F');
    }
    if (knight)
        n += (size_t)snprintf(out + n, len - n, "N");
    return n > 0 && n < len;
}

/* Chooses an XBoard slot for every type (-1 for the king); 0 or -1 when
 * the types do not fit. */
static int xb_slots(const Variant *v, int slot[NC_MAX_TYPES])
{
    static const char fixed[] = "PNBRQ..AC";
    bool used[XB_SLOTS] = {false};
    for (int t = 0; t < v->ntypes; t++) {
        slot[t] = -2;
        const PieceType *pt = &v->types[t];
        if (pt->royal) {
            if (pt->letter != 'K')
                return -1;
            slot[t] = -1;
            continue;
        }
        const char *f = strchr(fixed, pt->letter);
        if (f && pt->letter != '.') {
            slot[t] = (int)(f - fixed);
            used[slot[t]] = true;
        }
    }
    for (int pass = 0; pass < 2; pass++) /* droppable types first */
        for (int t = 0; t < v->ntypes; t++) {
            if (slot[t] != -2 || (pass == 0) != (v->droppable[t] != 0))
                continue;
            int k = 5;
            while (k < XB_SLOTS && used[k])
                k++;
            if (k == XB_SLOTS)
                return -1;
            slot[t] = k;
            used[k] = true;
        }
    return 0;
}

/* Writes the setup line (without newline); 0 or -1. */
static int xb_setup_line(const Variant *v, char *out, size_t len)
{
    int slot[NC_MAX_TYPES];
    if (xb_slots(v, slot))
        return -1;
    char table[XB_SLOTS + 1];
    memset(table, '.', sizeof table);
    int top = 4; /* at least P..Q, so that the table has 12 letters or more */
    int hold = 0;
    for (int t = 0; t < v->ntypes; t++) {
        if (slot[t] < 0)
            continue;
        table[slot[t]] = v->types[t].letter;
        if (slot[t] > top)
            top = slot[t];
    }
    /* holdings: XBoard numbers the used slots; a droppable type must fall
     * within the first H of them */
    for (int t = 0; t < v->ntypes; t++) {
        if (slot[t] < 0 || !v->droppable[t])
            continue;
        int num = 0;
        for (int k = 0; k < slot[t]; k++)
            num += table[k] != '.';
        if (num + 1 > hold)
            hold = num + 1;
    }
    char ptc[2 * (XB_SLOTS + 1) + 1];
    int n = 0;
    for (int k = 0; k <= top; k++)
        ptc[n++] = table[k];
    ptc[n++] = 'K';
    for (int k = 0; k <= top; k++)
        ptc[n++] = (char)tolower((unsigned char)table[k]);
    ptc[n++] = 'k';
    ptc[n] = 0;

    /* FEN: the box rank by rank from the top, missing squares empty */
    Position p;
    pos_start(&p, v);
    char fen[1024];
    size_t f = 0;
    for (int r = v->height - 1; r >= 0; r--) {
        int empty = 0;
        for (int file = 0; file < v->width; file++) {
            int sq = nc_sq(v, file, r);
            int code = v->exists[sq] ? p.board[sq] : NC_EMPTY;
            if (code == NC_EMPTY || code == NC_OFF) {
                empty++;
                continue;
            }
            if (empty)
                f += (size_t)snprintf(fen + f, sizeof fen - f, "%d", empty);
            empty = 0;
            char c = v->types[nc_type(code)].letter;
            fen[f++] = nc_colour(code) == NC_WHITE ? c : (char)tolower((unsigned char)c);
        }
        if (empty)
            f += (size_t)snprintf(fen + f, sizeof fen - f, "%d", empty);
        if (r)
            fen[f++] = '/';
    }
    fen[f] = 0;
    if (v->has_drops) {
        f += (size_t)snprintf(fen + f, sizeof fen - f, "[");
        for (int c = 0; c < 2; c++)
            for (int t = 0; t < v->ntypes; t++)
                for (int k = 0; k < p.hand[c][t]; k++)
                    fen[f++] = c == NC_WHITE ? v->types[t].letter : (char)tolower((unsigned char)v->types[t].letter);
        fen[f++] = ']';
        fen[f] = 0;
    }
    /* side, castling, en passant, clocks: as in our own position text */
    char ours[1024];
    pos_to_fen(&p, ours, sizeof ours);
    const char *rest = strchr(ours, ' ');
    int w = snprintf(out, len, "setup (%s) %dx%d+%d_fairy %s%s", ptc, v->width, v->height, hold, fen,
                     rest ? rest : " w - - 0 1");
    return w > 0 && (size_t)w < len ? 0 : -1;
}

/* After "variant NAME" or "new": describes an engine-defined variant. */
static void xb_send_setup(const Variant *v)
{
    if (xb_builtin(v->name))
        return;
    char line[2048];
    if (xb_setup_line(v, line, sizeof line))
        return;
    printf("%s\n", line);
    for (int t = 0; t < v->ntypes; t++) {
        char betza[64];
        if (xb_betza(&v->types[t], betza, sizeof betza))
            printf("piece %c& %s\n", v->types[t].letter, betza);
    }
    fflush(stdout);
}

/* setboard from XBoard: on a board with missing squares XBoard writes them
 * as empty squares; our position text wants '*' there.  Copies fen with
 * the board part rewritten; 0, or -1 when a missing square holds a piece
 * or the text does not fit. */
static int xb_fen_to_ours(const Variant *v, const char *fen, char *out, size_t len)
{
    if (v->nsquares == v->width * v->height) {
        snprintf(out, len, "%s", fen);
        return 0;
    }
    size_t o = 0;
    const char *s = fen;
    int r = v->height - 1, file = 0;
    int empty = 0;
#define XB_PUT(ch)              \
    do {                        \
        if (o + 2 >= len)       \
            return -1;          \
        out[o++] = (char)(ch);  \
    } while (0)
#define XB_FLUSH()                                                                   \
    do {                                                                             \
        if (empty) {                                                                 \
            int w_ = snprintf(out + o, len - o, "%d", empty);                        \
            if (w_ < 0 || (size_t)w_ >= len - o)                                     \
                return -1;                                                           \
            o += (size_t)w_;                                                         \
            empty = 0;                                                               \
        }                                                                            \
    } while (0)
    for (; *s && *s != ' ' && *s != '['; s++) {
        if (*s == '/') {
            XB_FLUSH();
            XB_PUT('/');
            r--;
            file = 0;
        } else if (isdigit((unsigned char)*s)) {
            int k = 0;
            while (isdigit((unsigned char)*s))
                k = k * 10 + (*s++ - '0');
            s--;
            for (int i = 0; i < k; i++, file++) {
                if (r >= 0 && file < v->width && !v->exists[nc_sq(v, file, r)]) {
                    XB_FLUSH();
                    XB_PUT('*');
                } else {
                    empty++;
                }
            }
        } else {
            if (r >= 0 && file < v->width && !v->exists[nc_sq(v, file, r)])
                return -1;
            XB_FLUSH();
            XB_PUT(*s);
            file++;
        }
    }
    XB_FLUSH();
#undef XB_PUT
#undef XB_FLUSH
    int w = snprintf(out + o, len - o, "%s", s);
    return w >= 0 && (size_t)w < len - o ? 0 : -1;
}

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
    TimeControl tc = {
        .per_move = x->st,
        .time_left = x->time_left,
        .increment = x->inc,
        .moves_per_session = x->mps,
        .moves_played = x->g.nply / 2,
        .depth_limited = x->sd != 0,
    };
    return timeman_budget(&tc);
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
            char vlist[256] = "normal,capablanca";
            for (size_t i = 0; i < sizeof xb_defined / sizeof xb_defined[0]; i++) {
                size_t n = strlen(vlist);
                snprintf(vlist + n, sizeof vlist - n, ",%s", xb_defined[i]);
            }
            printf("feature myname=\"ninjachess %s\" ping=1 setboard=1 usermove=1 time=1 draw=0 sigint=0 "
                   "sigterm=0 reuse=1 analyze=0 colors=0 san=0 nps=0 debug=1 "
                   "variants=\"%s\" done=1\n",
#ifdef NC_VERSION
                   NC_VERSION
#else
                   "0.1"
#endif
                   ,
                   vlist);
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
            xb_send_setup(x.v);
        } else if (strcmp(cmd, "variant") == 0) {
            int rc = xb_new_game(&x, arg, NULL);
            if (rc)
                printf("Error (unknown variant): %s\n", arg);
            else
                xb_send_setup(x.v);
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
            char fen[1024];
            if (xb_fen_to_ours(x.v, arg, fen, sizeof fen) || xb_new_game(&x, keep, fen))
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
