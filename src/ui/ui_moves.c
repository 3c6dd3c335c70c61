/* Board actions shared by the screens that show a board: stepping the
 * cursor over the squares that exist, and playing one of several candidate
 * moves (asking which in a menu).  No key handling and no screen state. */
#include "ui_internal.h"

#include <string.h>

/* Moves the cursor one square on screen, skipping missing squares so that
 * e1 "down" reaches e0 and the cursor never rests on a hole. */
void ui_cursor_step(Ui *u, int dx, int dy)
{
    const Variant *v = u->v;
    if (u->flipped) {
        dx = -dx;
        dy = -dy;
    }
    int f = v->file_of[u->cursor], r = v->rank_of[u->cursor];
    for (int i = 1; i < NC_MAX_FILES + NC_MAX_RANKS; i++) {
        int nf = f + dx * i, nr = r + dy * i;
        if (nf < 0 || nr < 0 || nf >= v->width || nr >= v->height)
            break;
        int sq = nc_sq(v, nf, nr);
        if (v->exists[sq]) {
            u->cursor = sq;
            break;
        }
        /* Sideways on rank 0 skips the holes; up or down into a hole tries
         * the nearest real square on the rank beyond, same file first. */
    }
    ui_hover(u);
}

/* Plays one of the candidate moves, asking which when several remain. */
void ui_play_candidates(Ui *u, Move *c, int n)
{
    int pick = 0;
    if (n > 1) {
        char labels[16][200];
        const char *items[16];
        if (n > 16)
            n = 16;
        for (int i = 0; i < n; i++) {
            ui_describe_move(u, &c[i], labels[i], sizeof labels[i]);
            if (c[i].kind != MK_CASTLE && u->g.pos.board[c[i].from] != NC_EMPTY &&
                u->v->types[nc_type(u->g.pos.board[c[i].from])].royal) {
                size_t l = strlen(labels[i]);
                snprintf(labels[i] + l, sizeof labels[i] - l, " (king step)");
            }
            items[i] = labels[i];
        }
        pick = ui_menu(u, "Which move?", items, n);
        if (pick < 0) {
            ui_msg(u, false, "Move cancelled");
            return;
        }
    }
    char buf[200];
    ui_describe_move(u, &c[pick], buf, sizeof buf);
    ui_play(u, &c[pick]);
    ui_msg(u, false, "Played %s", buf);
}
