/* A saved game's move checked against its game (pgn_game.h). */
#include "pgn_game.h"

#include "moveinput.h"
#include "text/quote.h"

#include <stdio.h>
#include <string.h>

int pgn_game_move(Game *g, const char *text, const char *file, int line, int ply, Move *out, char *warn, int warnlen,
                  char *err, int errlen)
{
    char e[400], q[64], w[400];
    warn[0] = 0;
    nc_quote(text, q, sizeof q);
    if (g->pos.scepter || game_status(g) != GS_ONGOING) {
        snprintf(err, (size_t)errlen, "%s: line %d: move '%s' after the game ended", file, line, q);
        return -1;
    }
    if (move_from_record(&g->pos, text, out, w, sizeof w, e, sizeof e)) {
        snprintf(err, (size_t)errlen, "%s: line %d: move %d '%s': %s", file, line, ply / 2 + 1, q, e);
        return -1;
    }
    if (w[0])
        snprintf(warn, (size_t)warnlen, "%.300s: line %d: move %d: %s", file, line, ply / 2 + 1, w);
    return 0;
}

typedef struct {
    const PgnGameHooks *h;
    void *ctx;
    Game *g;
    const char *file;
    const char *end;
} Reading;

static int read_move(void *ctx, const char *text, int ply, int line, char *err, int errlen)
{
    Reading *rd = ctx;
    Move m;
    char w[600];
    if (pgn_game_move(rd->g, text, rd->file, line, ply, &m, w, sizeof w, err, errlen))
        return -1;
    rd->h->played(rd->ctx, &m, w);
    return 0;
}

static void read_comment(void *ctx, const char *text, size_t len, int ply)
{
    Reading *rd = ctx;
    if (rd->h->comment)
        rd->h->comment(rd->ctx, text, len, ply);
}

static void read_nag(void *ctx, const char *nag, int ply)
{
    Reading *rd = ctx;
    if (rd->h->nag)
        rd->h->nag(rd->ctx, nag, ply);
}

static void read_end(void *ctx, const char *at)
{
    ((Reading *)ctx)->end = at;
}

static void no_tag(void *ctx, const char *name, const char *value)
{
    (void)ctx, (void)name, (void)value;
}

int pgn_game_read(const char **sp, int *line, const char *file, const PgnGameHooks *h, void *ctx, PgnTags *t,
                  char *err, int errlen)
{
    if (pgn_read_tags_each(sp, line, t, file, h->tag ? h->tag : no_tag, ctx, err, errlen))
        return -1;
    Reading rd = {h, ctx, NULL, file, NULL};
    char e[600];
    if (h->begin(ctx, t, &rd.g, e, sizeof e)) {
        snprintf(err, (size_t)errlen, "%s: %s", file, e);
        return -1;
    }
    PgnReader r = {read_move, read_comment, read_end, read_nag};
    if (pgn_read_moves(*sp, *line, file, &r, &rd, err, errlen))
        return -1;
    const char *end = rd.end ? rd.end : *sp + strlen(*sp);
    for (const char *c = *sp; c < end; c++)
        *line += *c == '\n';
    *sp = end;
    return 0;
}
