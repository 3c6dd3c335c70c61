/* The board's keys of a screen where the player moves (ui_board_input.h). */
#include "ui_board_input.h"
#include "ui_screen.h"

static const struct {
    int key, dx, dy;
} cursor_keys[] = {
    {KEY_LEFT, -1, 0}, {'h', -1, 0}, {KEY_RIGHT, 1, 0}, {'l', 1, 0},
    {KEY_UP, 0, 1}, {'k', 0, 1}, {KEY_DOWN, 0, -1}, {'j', 0, -1},
};

/* Enter on the cursor square: the moves of the selected piece landing
 * there, else the side to move's piece there selected (another square
 * clears the selection). */
static int activate(Ui *u, Move *c, int max)
{
    int n = u->board.sel ? ui_candidates(u, u->board.cursor, c, max) : 0;
    if (n > 0)
        return n;
    int code = u->game.g.pos.board[u->board.cursor];
    ui_select(u, code != NC_EMPTY && nc_colour(code) == u->game.g.pos.side ? u->board.cursor : 0);
    return 0;
}

bool ui_board_cursor_key(Ui *u, int key)
{
    for (size_t i = 0; i < sizeof cursor_keys / sizeof cursor_keys[0]; i++)
        if (cursor_keys[i].key == key) {
            ui_cursor_step(u, cursor_keys[i].dx, cursor_keys[i].dy);
            return true;
        }
    return false;
}

int ui_board_key(Ui *u, int key, Move *c, int max)
{
    if (ui_board_cursor_key(u, key))
        return 0;
    MEVENT ev;
    if (key == '\n' || key == '\r' || key == KEY_ENTER || key == ' ')
        return activate(u, c, max);
    if (key == KEY_MOUSE && ui_mouse_event(&ev) && ui_square_at(u, ev.y, ev.x)) {
        u->board.cursor = ui_square_at(u, ev.y, ev.x);
        return activate(u, c, max);
    }
    if (key == 27) {
        ui_select(u, 0);
        return 0;
    }
    return -1;
}

bool ui_board_candidates(Ui *u, const Move *c, int n, BoardPlay play, void *self, int tag, Move cand[16], int *ncand)
{
    if (n == 1) {
        play(u, self, &c[0]);
        return false;
    }
    char labels[16][200];
    const char *items[16];
    *ncand = ui_candidate_labels(u, c, n, labels);
    for (int i = 0; i < *ncand; i++) {
        items[i] = labels[i];
        cand[i] = c[i];
    }
    if (screen_ask_menu(tag, "Which move?", items, *ncand))
        return true;
    ui_msg(u, true, "The question does not fit on the screen's dialog");
    return false;
}
