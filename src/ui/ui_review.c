/* The move list of the panel and the review it leads to: the list drawn
 * in two columns (White, Black) when every move fits, else a ply a line,
 * scrolled so that the shown ply stays in sight; which ply a click on it
 * names.  The review itself (the shown position) is ui_game.c's. */
#include "ui_internal.h"
#include "ui_report.h"

#include <curses.h>
#include <string.h>

static int first_move(const Ui *u)
{
    return u->game.start.side == NC_BLACK ? 1 : 0; /* a game may begin with Black */
}

void ui_ply_number(const Ui *u, int ply, char *buf, int len)
{
    int k = ply + first_move(u);
    snprintf(buf, (size_t)len, "%d%s", u->game.start.fullmove + k / 2, k % 2 ? "..." : ".");
}

/* Two columns when every label fits in half the panel. */
static bool two_columns(const Ui *u, int colw)
{
    for (int i = 0; i < u->game.g.nply; i++) {
        char label[200];
        ui_move_label(u, i, label, sizeof label);
        attr_t a;
        if ((int)strlen(label) + (int)strlen(ui_report_mark(u, i, &a)) > colw)
            return false;
    }
    return true;
}

static int rows_of(const Ui *u, bool two)
{
    return two ? (u->game.g.nply + first_move(u) + 1) / 2 : u->game.g.nply;
}

/* The first ply of a row, which may be -1 (Black began). */
static int row_ply(const Ui *u, bool two, int row)
{
    return two ? row * 2 - first_move(u) : row;
}

static void draw_row(const Ui *u, int y, int row, bool two, int shown)
{
    Layout const *l = &u->look.lay;
    char num[16], label[200];
    int p0 = row_ply(u, two, row);
    ui_ply_number(u, p0 < 0 ? 0 : p0, num, sizeof num);
    if (two)
        num[strcspn(num, ".")] = 0;
    mvprintw(y, l->px, two ? "%3s." : "%s", num);
    for (int k = 0; k < (two ? 2 : 1); k++) {
        int ply = p0 + k, x = two ? l->list_x[k] : l->px + (int)strlen(num) + 1;
        if (ply < 0) {
            mvaddstr(y, x, "...");
            continue;
        }
        if (ply >= u->game.g.nply)
            break;
        ui_move_label(u, ply, label, sizeof label);
        attrset(ply == shown - 1 ? (u->review.reviewing ? A_REVERSE : A_BOLD) : A_NORMAL);
        mvprintw(y, x, "%.*s", l->pw - 1 - (x - l->px), label);
        attr_t ma = A_NORMAL;
        const char *mark = ui_report_mark(u, ply, &ma); /* the game report's ?! ? ?? */
        int room = l->pw - 1 - (x - l->px) - (int)strlen(label);
        attrset(ma);
        if (*mark && room > 0)
            addnstr(mark, room);
        attrset(A_NORMAL);
    }
}

void ui_draw_move_list(Ui *u, int top, int bottom)
{
    Layout *l = &u->look.lay;
    int colw = (l->pw - 6) / 2;
    bool two = two_columns(u, colw);
    int nrows = rows_of(u, two), vis = bottom - top;
    l->list_y = top;
    l->list_rows = vis > 0 ? vis : 0;
    l->list_two = two;
    l->list_x[0] = l->px + 5;
    l->list_x[1] = l->px + 5 + colw + 1;
    if (vis <= 0)
        return;
    int shown = ui_shown_ply(u);
    int sel_row = shown == 0 ? 0 : two ? (shown - 1 + first_move(u)) / 2 : shown - 1;
    if (!u->review.reviewing)
        u->review.list_top = nrows > vis ? nrows - vis : 0;
    if (sel_row < u->review.list_top)
        u->review.list_top = sel_row;
    if (sel_row >= u->review.list_top + vis)
        u->review.list_top = sel_row - vis + 1;
    if (u->review.list_top > (nrows > vis ? nrows - vis : 0))
        u->review.list_top = nrows > vis ? nrows - vis : 0;
    l->list_first = u->review.list_top;
    for (int r = u->review.list_top; r < nrows && r - u->review.list_top < vis; r++)
        draw_row(u, top + r - u->review.list_top, r, two, shown);
    if (u->review.list_top > 0 || u->review.list_top + vis < nrows) {
        char more[32];
        snprintf(more, sizeof more, "[%d-%d of %d]", u->review.list_top + 1,
                 u->review.list_top + vis < nrows ? u->review.list_top + vis : nrows, nrows);
        attrset(A_DIM);
        mvprintw(top - 1, l->px + 6, "%s", more);
        attrset(A_NORMAL);
    }
}

int ui_list_ply_at(const Ui *u, int y, int x)
{
    const Layout *l = &u->look.lay;
    if (l->too_small || y < l->list_y || y >= l->list_y + l->list_rows || x < l->px)
        return -1;
    int row = l->list_first + y - l->list_y;
    int ply = row_ply(u, l->list_two, row);
    if (l->list_two && x >= l->list_x[1])
        ply++;
    return ply >= 0 && ply < u->game.g.nply ? ply : -1;
}
