/* A game's history: the moves played, their undo records and the keys that
 * repetition is judged by; and how a game ends (game_status).  The rules of
 * a single move belong to position.c and movegen.c, not here. */
#include "game.h"

#include "endrules.h"
#include "movegen.h"

#include <stdlib.h>
#include <stdio.h>
#include <string.h>

static void *xrealloc(void *ptr, size_t n)
{
    void *q = realloc(ptr, n);
    if (!q)
        abort();
    return q;
}

int game_material(const Position *p)
{
    int n = p->npieces[0] + p->npieces[1];
    if (p->v->has_drops)
        for (int t = 0; t < p->v->ntypes; t++)
            n += p->hand[0][t] + p->hand[1][t];
    return n;
}

/* The key with the en-passant targets left out unless some legal move
 * captures en passant: a target no pawn can take on changes nothing.  The
 * moves are generated on a copy, because making and taking back moves
 * reorders the piece lists, and with them the order of later move lists. */
static uint64_t repetition_key(const Position *p)
{
    if (p->nep == 0)
        return p->key;
    Position copy = *p;
    MoveList ml;
    gen_legal(&copy, &ml);
    for (int i = 0; i < ml.n; i++) {
        const Move *m = &ml.m[i];
        if (m->cap[0] == p->ep_victim || m->cap[1] == p->ep_victim)
            for (int k = 0; k < p->nep; k++)
                if (m->to == p->ep[k])
                    return p->key;
    }
    uint64_t key = p->key;
    for (int k = 0; k < p->nep; k++)
        key ^= p->v->zob_ep[p->ep[k]];
    return key;
}

static void record_position(Game *g)
{
    g->keys[g->nply] = g->pos.key;
    g->rep_keys[g->nply] = repetition_key(&g->pos);
    g->material[g->nply] = game_material(&g->pos);
}

static void grow(Game *g, int cap)
{
    g->cap = cap;
    g->moves = xrealloc(g->moves, sizeof *g->moves * (size_t)g->cap);
    g->undos = xrealloc(g->undos, sizeof *g->undos * (size_t)g->cap);
    g->keys = xrealloc(g->keys, sizeof *g->keys * (size_t)(g->cap + 1));
    g->rep_keys = xrealloc(g->rep_keys, sizeof *g->rep_keys * (size_t)(g->cap + 1));
    g->material = xrealloc(g->material, sizeof *g->material * (size_t)(g->cap + 1));
}

void game_init(Game *g, const Position *start)
{
    memset(g, 0, sizeof *g);
    g->pos = *start;
    grow(g, 64);
    record_position(g);
}

void game_free(Game *g)
{
    free(g->moves);
    free(g->undos);
    free(g->keys);
    free(g->rep_keys);
    free(g->material);
    memset(g, 0, sizeof *g);
}

void game_push(Game *g, const Move *m)
{
    if (g->nply == g->cap)
        grow(g, g->cap * 2);
    g->moves[g->nply] = *m;
    make_move(&g->pos, m, &g->undos[g->nply]);
    g->nply++;
    record_position(g);
}

bool game_pop(Game *g)
{
    if (g->nply == 0)
        return false;
    g->nply--;
    unmake_move(&g->pos, &g->moves[g->nply], &g->undos[g->nply]);
    return true;
}

GameStatus game_status(Game *g)
{
    Position *p = &g->pos;
    if (p->scepter)
        return GS_SCEPTER;
    int rule;
    if (p->v->nend && end_rules_judge(p, &rule)) {
        static const GameStatus kind[] = {GS_BARE_KING, GS_EXTINCTION, GS_NO_PIECES};
        return kind[p->v->end[rule].kind];
    }
    MoveList ml;
    gen_legal(p, &ml);
    if (ml.n == 0)
        return in_check(p) ? GS_CHECKMATE : GS_STALEMATE;
    if (game_bare_kings(p))
        return GS_BARE_KINGS;
    /* Every earlier occurrence counts, across moves that reset the 100-ply
     * count too (a ninja pawn's step aside and back, a Titan pushed to and
     * fro); only a capture makes the earlier positions unreachable. */
    int reps = 1;
    uint64_t now = g->rep_keys[g->nply];
    for (int i = g->nply - 2; i >= 0 && g->material[i] == g->material[g->nply]; i -= 2)
        if (g->rep_keys[i] == now && ++reps >= 3)
            return GS_REPETITION;
    if (p->halfmove >= 100)
        return GS_FIFTY;
    return GS_ONGOING;
}

/* The winner from a result for the side to move (END_*). */
static int winner_of(const Position *p, int result)
{
    return result == NC_END_WIN ? p->side : result == NC_END_LOSS ? p->side ^ 1 : -1;
}

int game_winner(Game *g, GameStatus s)
{
    const Position *p = &g->pos;
    switch (s) {
    case GS_CHECKMATE: return winner_of(p, p->v->checkmate_result);
    case GS_STALEMATE: return winner_of(p, p->v->stalemate_result);
    case GS_BARE_KING:
    case GS_EXTINCTION:
    case GS_NO_PIECES: return winner_of(p, end_rules_judge(p, NULL));
    default: return -1;
    }
}

void game_end_text(Game *g, GameStatus s, char *buf, size_t len)
{
    int w = game_winner(g, s);
    if (s == GS_CHECKMATE) {
        int mover = g->pos.side ^ 1;
        if (w == mover || w < 0)
            snprintf(buf, len, "%s mates", nc_colour_name(mover));
        else
            snprintf(buf, len, "%s mates, which wins for %s", nc_colour_name(mover), nc_colour_name(w));
    } else if (w >= 0) {
        snprintf(buf, len, "%s: %s wins", game_status_text(s), nc_colour_name(w));
    } else {
        snprintf(buf, len, "%s", game_status_text(s));
    }
}

const char *game_status_text(GameStatus s)
{
    switch (s) {
    case GS_ONGOING: return "game in progress";
    case GS_CHECKMATE: return "checkmate";
    case GS_STALEMATE: return "stalemate";
    case GS_REPETITION: return "threefold repetition";
    case GS_FIFTY: return "100 plies without capture, pawn move or drop";
    case GS_BARE_KINGS: return "bare kings";
    case GS_SCEPTER: return "Capture the Scepter";
    case GS_BARE_KING: return "bare king";
    case GS_EXTINCTION: return "extinction of a piece type";
    case GS_NO_PIECES: return "no pieces left";
    }
    return "?";
}
