/* The --selfplay front end: plays games between two levels and keeps the
 * score.  Uses the search through search.h only; prints one line a game. */
#include "selfplay.h"
#include "frontend/frontend.h"
#include "match_pgn.h"

#include "session.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Runaway games end after SP_MAX_PLIES: won by a side ahead by at least
 * SP_ADJ_MARGIN of material (data-file values, pieces in hand included),
 * otherwise drawn. */
#define SP_MAX_PLIES 300
#define SP_ADJ_MARGIN 500
#define SP_OPENING_PLIES 4

typedef struct {
    int level[2];        /* engines A and B: 1-10, or 0 for a random mover */
    FILE *pgn;           /* --pgn, open for the whole run */
    char name[2][24];
    SearchLimits base;   /* per move, before the level */
    Search *eng[2];
    uint64_t rng;        /* random movers; seeds the openings too */
    double points[2];
} SelfPlay;

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

static void level_name(int lv, char *buf, size_t len)
{
    if (lv == 0)
        snprintf(buf, len, "random");
    else
        snprintf(buf, len, "level %d", lv);
}

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

/* Levels and limits from the options; 0, or -1 after printing why. */
static int sp_configure(SelfPlay *sp, const Options *opt)
{
    if (!opt->variant) {
        fprintf(stderr, "ninjachess: --selfplay needs --variant NAME\n");
        return -1;
    }
    int dflt = opt->level ? opt->level : 10;
    sp->level[0] = sp->level[1] = dflt;
    if (opt->levels && parse_levels(opt->levels, sp->level)) {
        fprintf(stderr, "ninjachess: --levels wants A,B with levels 1-10 or 'random'\n");
        return -1;
    }
    /* Per move: the options' limit, else 0.1 s (levels 1-9 also have their caps). */
    SearchLimits base = {.depth = opt->depth, .seconds = opt->think, .nodes = opt->nodes};
    if (!base.depth && base.seconds <= 0 && !base.nodes)
        base.seconds = 0.1;
    sp->base = base;
    for (int i = 0; i < 2; i++)
        level_name(sp->level[i], sp->name[i], sizeof sp->name[i]);
    return 0;
}

/* A random opening, the same for both games of a pair, so that two
 * deterministic engines do not replay the same game. */
static void sp_opening(SelfPlay *sp, Game *g, int gi)
{
    uint64_t orng = 0x9E3779B97F4A7C15ULL * (uint64_t)(gi / 2 + 1) ^ sp->rng;
    for (int k = 0; k < SP_OPENING_PLIES && game_status(g) == GS_ONGOING; k++) {
        Move m;
        if (fe_random_move(g, &orng, &m))
            break;
        game_push(g, &m);
    }
}

/* The move of engine who; 0, or -1 when it has none. */
static int sp_choose(SelfPlay *sp, Game *g, int who, Move *m)
{
    if (sp->level[who] == 0)
        return fe_random_move(g, &sp->rng, m);
    SearchLimits lim = sp->base;
    lim.level = sp->level[who];
    SearchInfo in;
    search_run(sp->eng[who], g, &lim, &in);
    if (!in.has_best)
        return -1;
    *m = in.best;
    return 0;
}

/* Plays until the game ends or runs away; *adjudicated tells which. */
static GameStatus sp_play(SelfPlay *sp, Game *g, int a_colour, bool *adjudicated)
{
    GameStatus st;
    *adjudicated = false;
    while ((st = game_status(g)) == GS_ONGOING) {
        if (g->nply >= SP_MAX_PLIES) {
            *adjudicated = true;
            break;
        }
        int who = g->pos.side == a_colour ? 0 : 1;
        Move m;
        if (sp_choose(sp, g, who, &m))
            break;
        game_push(g, &m);
    }
    return st;
}

/* Appends the game to --pgn FILE; 0, or -1 after printing why. */
static int sp_save_pgn(const SelfPlay *sp, const Options *opt, const Game *g, int gi, int a_colour, int winner,
                       const char *how, bool adjudicated)
{
    char round[16], names[2][48], tc[32] = "-", err[1000];
    snprintf(round, sizeof round, "%d", gi + 1);
    for (int i = 0; i < 2; i++)
        snprintf(names[i], sizeof names[i], "ninjachess %.*s (%c)", (int)sizeof sp->name[i] - 1, sp->name[i], "AB"[i]);
    if (!sp->base.depth && !sp->base.nodes)
        snprintf(tc, sizeof tc, "1/%g", sp->base.seconds); /* one move per that many seconds */
    int w = a_colour == NC_WHITE ? 0 : 1;
    PgnGame pg = {"ninjachess self-play", round, names[w], names[w ^ 1], g->pos.v->name, opt->setup, opt->options,
                  opt->titans, tc, g, opt->nplay + SP_OPENING_PLIES, winner,
                  adjudicated ? "adjudication" : "normal", how};
    if (pg.opening_plies > g->nply)
        pg.opening_plies = g->nply;
    if (pgn_append(sp->pgn, opt->pgn, &pg, err, sizeof err)) {
        fprintf(stderr, "ninjachess: %s\n", err);
        return -1;
    }
    return 0;
}

/* Scores the finished game and prints its line; the winner (-1 a draw) and
 * the words for how it ended go to *winner and *how. */
static void sp_report(SelfPlay *sp, Game *g, int gi, int a_colour, GameStatus st, bool adjudicated, int *winner,
                      const char **how_out)
{
    const char *how = game_status_text(st);
    int w = game_winner(g, st);
    if (adjudicated) {
        int lead = material_lead(&g->pos);
        w = lead >= SP_ADJ_MARGIN ? NC_WHITE : lead <= -SP_ADJ_MARGIN ? NC_BLACK : -1;
        how = w < 0 ? "adjudicated draw after 300 plies" : "adjudicated on material after 300 plies";
    }
    double ra = w < 0 ? 0.5 : w == a_colour ? 1.0 : 0.0; /* result for engine A */
    sp->points[0] += ra;
    sp->points[1] += 1.0 - ra;
    const char *res = w < 0 ? "1/2-1/2" : w == NC_WHITE ? "1-0" : "0-1";
    printf("game %d: %s (%s) vs %s (%s): %s %s, %d plies\n", gi + 1, sp->name[0],
           a_colour == NC_WHITE ? "White" : "Black", sp->name[1], a_colour == NC_WHITE ? "Black" : "White", res, how,
           g->nply);
    fflush(stdout);
    *winner = w;
    *how_out = how;
}

/* Game gi (engine A has White in even games); 0, or -1 after printing why. */
static int sp_game(SelfPlay *sp, const Options *opt, const Variant *v, int gi)
{
    Game g;
    char err[512];
    if (session_game(opt, v, &g, err, sizeof err)) {
        fprintf(stderr, "ninjachess: %s\n", err);
        return -1;
    }
    int a_colour = gi % 2 == 0 ? NC_WHITE : NC_BLACK;
    sp_opening(sp, &g, gi);
    search_clear(sp->eng[0]);
    search_clear(sp->eng[1]);
    bool adjudicated;
    GameStatus st = sp_play(sp, &g, a_colour, &adjudicated);
    int winner;
    const char *how;
    sp_report(sp, &g, gi, a_colour, st, adjudicated, &winner, &how);
    int rc = sp->pgn ? sp_save_pgn(sp, opt, &g, gi, a_colour, winner, how, adjudicated) : 0;
    game_free(&g);
    return rc;
}

int selfplay_main(const Options *opt)
{
    SelfPlay sp;
    memset(&sp, 0, sizeof sp);
    if (sp_configure(&sp, opt))
        return 1;
    Variant *v = session_variant(opt, NULL);
    if (!v)
        return 1;
    int rc = 0;
    char err[1000];
    sp.eng[0] = search_new(16);
    sp.eng[1] = search_new(16);
    if (!sp.eng[0] || !sp.eng[1]) {
        fprintf(stderr, "ninjachess: out of memory\n");
        rc = 1;
    } else {
        fe_search_net(sp.eng[0], opt, v, FE_NET_DEFAULT, NULL, 0);
        fe_search_net(sp.eng[1], opt, v, FE_NET_DEFAULT, NULL, 0);
    }
    if (rc == 0 && opt->pgn && !(sp.pgn = pgn_open(opt->pgn, err, sizeof err))) {
        fprintf(stderr, "ninjachess: %s\n", err);
        rc = 1;
    }
    /* --seed makes the run repeatable; without it each run differs */
    sp.rng = 0x2545F4914F6CDD1DULL ^ (opt->seed > 0 ? (uint64_t)opt->seed : (uint64_t)time(NULL));
    for (int gi = 0; rc == 0 && gi < opt->selfplay; gi++)
        rc = sp_game(&sp, opt, v, gi) ? 1 : 0;
    if (sp.pgn)
        fclose(sp.pgn); /* flushed after each game, and an error told then */
    if (rc == 0)
        printf("score: %s %g - %g %s\n", sp.name[0], sp.points[0], sp.points[1], sp.name[1]);
    search_free(sp.eng[0]);
    search_free(sp.eng[1]);
    variant_free(v);
    return rc;
}
