/* A saved game's move checked against its game (pgn_game.h). */
#include "pgn_game.h"

#include "moveinput.h"
#include "text/quote.h"

#include <stdio.h>

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
