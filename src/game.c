/* A game's history: the moves played, their undo records and the keys that
 * repetition is judged by; and how a game ends (game_status).  The rules of
 * a single move belong to position.c and movegen.c, not here. */
#include "game.h"

#include "movegen.h"

#include <stdlib.h>
#include <string.h>

static void *xrealloc(void *ptr, size_t n)
{
    void *q = realloc(ptr, n);
    if (!q)
        abort();
    return q;
}

void game_init(Game *g, const Position *start)
{
    memset(g, 0, sizeof *g);
    g->pos = *start;
    g->cap = 64;
    g->moves = xrealloc(NULL, sizeof *g->moves * (size_t)g->cap);
    g->undos = xrealloc(NULL, sizeof *g->undos * (size_t)g->cap);
    g->keys = xrealloc(NULL, sizeof *g->keys * (size_t)(g->cap + 1));
    g->keys[0] = start->key;
}

void game_free(Game *g)
{
    free(g->moves);
    free(g->undos);
    free(g->keys);
    memset(g, 0, sizeof *g);
}

void game_push(Game *g, const Move *m)
{
    if (g->nply == g->cap) {
        g->cap *= 2;
        g->moves = xrealloc(g->moves, sizeof *g->moves * (size_t)g->cap);
        g->undos = xrealloc(g->undos, sizeof *g->undos * (size_t)g->cap);
        g->keys = xrealloc(g->keys, sizeof *g->keys * (size_t)(g->cap + 1));
    }
    g->moves[g->nply] = *m;
    make_move(&g->pos, m, &g->undos[g->nply]);
    g->nply++;
    g->keys[g->nply] = g->pos.key;
}

bool game_pop(Game *g)
{
    if (g->nply == 0)
        return false;
    g->nply--;
    unmake_move(&g->pos, &g->moves[g->nply], &g->undos[g->nply]);
    return true;
}

/* Bare kings: each side has nothing but royal pieces, on the board and in hand. */
static bool bare_kings(const Position *p)
{
    const Variant *v = p->v;
    for (int c = 0; c < 2; c++) {
        if (p->npieces[c] != p->nroyal[c])
            return false;
        for (int t = 0; t < v->ntypes; t++)
            if (p->hand[c][t])
                return false;
    }
    return true;
}

GameStatus game_status(Game *g)
{
    Position *p = &g->pos;
    if (p->scepter)
        return GS_SCEPTER;
    MoveList ml;
    gen_legal(p, &ml);
    if (ml.n == 0)
        return in_check(p) ? GS_CHECKMATE : GS_STALEMATE;
    if (bare_kings(p))
        return GS_BARE_KINGS;
    /* Only positions since the last irreversible move can repeat; the key
     * covers side to move, castling, en passant and hands. */
    int reps = 1;
    for (int i = g->nply - 2; i >= 0 && i >= g->nply - p->halfmove; i -= 2)
        if (g->keys[i] == p->key && ++reps >= 3)
            return GS_REPETITION;
    if (p->halfmove >= 100)
        return GS_FIFTY;
    return GS_ONGOING;
}

int game_winner(Game *g, GameStatus s)
{
    if (s == GS_CHECKMATE)
        return g->pos.side ^ 1;
    return -1;
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
    }
    return "?";
}
