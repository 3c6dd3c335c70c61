/* A saved game's move checked against its game (pgn_game.h). */
#include "pgn_game.h"

#include "moveinput.h"
#include "quote.h"

#include <stdio.h>

int pgn_game_move(Game *g, const char *text, const char *file, int line, int ply, Move *out, char *err, int errlen)
{
    char e[400], q[64];
    nc_quote(text, q, sizeof q);
    if (g->pos.scepter || game_status(g) != GS_ONGOING) {
        snprintf(err, (size_t)errlen, "%s: line %d: move '%s' after the game ended", file, line, q);
        return -1;
    }
    if (move_from_input(&g->pos, text, out, e, sizeof e)) {
        snprintf(err, (size_t)errlen, "%s: line %d: move %d '%s': %s", file, line, ply / 2 + 1, q, e);
        return -1;
    }
    return 0;
}
