/* Blocking helpers shared by every screen: the menu (also usable one key
 * at a time by a screen that shows a menu as its own face), yes/no, the
 * line prompt and the help page.  They read keys themselves until answered
 * and draw over the screen of the Ui they are given; they own no state. */
#include "ui_internal.h"

#include <curses.h>
#include <string.h>

int ui_getkey(Ui *u)
{
    for (;;) {
        int k = getch();
        if (k == KEY_RESIZE) {
            ui_draw(u);
            continue;
        }
        if (k != ERR || ui_signal_caught)
            return k;
    }
}

/* The box is centred and as wide as its longest line; the geometry is
 * kept in the menu so that a click can be matched to a line. */
void ui_menu_draw(UiMenu *m)
{
    int rows, cols;
    getmaxyx(stdscr, rows, cols);
    int w = (int)strlen(m->title) + 4;
    for (int i = 0; i < m->n; i++)
        if ((int)strlen(m->items[i]) + 8 > w)
            w = (int)strlen(m->items[i]) + 8;
    if (w > cols)
        w = cols;
    int h = m->n + 2;
    int y = (rows - h) / 2 > 0 ? (rows - h) / 2 : 0, x = (cols - w) / 2 > 0 ? (cols - w) / 2 : 0;
    attrset(A_NORMAL);
    for (int r = 0; r < h && y + r < rows; r++)
        mvhline(y + r, x, ' ', w);
    attrset(A_BOLD);
    mvhline(y, x, '-', w);
    mvhline(y + h - 1 < rows ? y + h - 1 : rows - 1, x, '-', w);
    mvprintw(y, x + 1, " %.*s ", w - 4, m->title);
    attrset(A_NORMAL);
    for (int i = 0; i < m->n && y + 1 + i < rows; i++) {
        if (i == m->cur)
            attrset(A_REVERSE);
        mvprintw(y + 1 + i, x + 1, "%d %-*.*s", i + 1, w - 4, w - 4, m->items[i]);
        attrset(A_NORMAL);
    }
    move(y + 1 + m->cur, x + 1);
    refresh();
    m->top = y + 1;
    m->left = x;
    m->width = w;
}

static int menu_click(const UiMenu *m)
{
    MEVENT ev;
    if (getmouse(&ev) != OK || !(ev.bstate & (BUTTON1_CLICKED | BUTTON1_PRESSED | BUTTON1_RELEASED)))
        return MENU_OPEN;
    int i = ev.y - m->top;
    if (i >= 0 && i < m->n && ev.x >= m->left && ev.x < m->left + m->width)
        return i;
    return MENU_CANCEL;
}

int ui_menu_key(UiMenu *m, int k)
{
    int n = m->n;
    if (k == KEY_UP || k == 'k')
        m->cur = (m->cur + n - 1) % n;
    else if (k == KEY_DOWN || k == 'j' || k == '\t')
        m->cur = (m->cur + 1) % n;
    else if (k == '\n' || k == '\r' || k == KEY_ENTER || k == ' ')
        return m->cur;
    else if (k >= '1' && k <= '9' && k - '1' < n)
        return k - '1';
    else if (k == 27 || k == 'q')
        return MENU_CANCEL;
    else if (k == KEY_MOUSE)
        return menu_click(m);
    return MENU_OPEN;
}

int ui_menu(Ui *u, const char *title, const char *const *items, int n)
{
    UiMenu m = {title, items, n, 0, 0, 0, 0};
    for (;;) {
        ui_draw(u);
        ui_menu_draw(&m);
        int k = ui_getkey(u);
        if (k == ERR)
            return MENU_CANCEL;
        int r = ui_menu_key(&m, k);
        if (r != MENU_OPEN)
            return r;
    }
}

/* Yes or no: y and n answer at once, as do the menu's keys. */
bool ui_confirm(Ui *u, const char *question)
{
    const char *items[] = {"Yes (y)", "No (n)"};
    UiMenu m = {question, items, 2, 0, 0, 0, 0};
    for (;;) {
        ui_draw(u);
        ui_menu_draw(&m);
        int k = ui_getkey(u);
        if (k == ERR)
            return false;
        if (k == 'y' || k == 'Y')
            return true;
        if (k == 'n' || k == 'N')
            return false;
        int r = ui_menu_key(&m, k);
        if (r != MENU_OPEN)
            return r == 0;
    }
}

bool ui_prompt(Ui *u, const char *question, char *buf, int len)
{
    int n = (int)strlen(buf);
    for (;;) {
        ui_draw(u);
        int rows, cols;
        getmaxyx(stdscr, rows, cols);
        move(rows - 1, 0);
        clrtoeol();
        attrset(A_BOLD);
        mvprintw(rows - 1, 0, "%s", question);
        attrset(A_NORMAL);
        int x = (int)strlen(question);
        int shown = n > cols - x - 1 ? cols - x - 1 : n;
        mvprintw(rows - 1, x, "%.*s", shown < 0 ? 0 : shown, buf + n - (shown < 0 ? 0 : shown));
        refresh();
        int k = ui_getkey(u);
        if (k == ERR || k == 27)
            return false;
        if (k == '\n' || k == '\r' || k == KEY_ENTER)
            return true;
        if ((k == KEY_BACKSPACE || k == 127 || k == 8) && n > 0)
            buf[--n] = 0;
        else if (k == 21) /* ^U */
            buf[n = 0] = 0;
        else if (k >= 32 && k < 127 && n < len - 1) {
            buf[n++] = (char)k;
            buf[n] = 0;
        }
    }
}

static const char *const help_keys[] = {
    "Keys",
    "  arrows, h j k l   move the cursor (Shift or H J K L: four squares)",
    "  Enter, space      select the piece under the cursor / move it there",
    "  mouse click       the same; click a piece in hand to drop it",
    "  Esc               cancel the selection",
    "  : or m            type a move (full move text or short e3-e5, J@e2)",
    "  d                 choose a piece in hand to drop",
    "  u / r             undo / redo (both plies against the computer)",
    "  f                 flip the board",
    "  g                 make the computer move now",
    "  a                 hint: the computer suggests a move for you",
    "  c                 switch the side to move between human and computer",
    "  + / -             computer level up / down",
    "  n                 new game (choose the variant)",
    "  R                 resign          D   offer or claim a draw",
    "  s                 save as PGN     o   open a PGN file",
    "  t                 tutorial: the pieces and their moves",
    "  ?                 this help       q   quit (the game is kept)",
    "",
    "Marks on the board (with colours where the terminal has them)",
    "  +  move to an empty square   x  capture by replacement",
    "  *  piece removed by flying or jumping over it, or crushed",
    "  ^  Titan pushed              =  promotion     O  castling",
    "  [X]  a Titan: pushed instead of captured",
    "  Upper case or bold: White.  Lower case: Black.",
};

void ui_help(Ui *u)
{
    /* Keys first, then one line per piece of the variant. */
    const char *lines[128];
    char pieces[NC_MAX_TYPES][128];
    int n = 0;
    for (size_t i = 0; i < sizeof help_keys / sizeof help_keys[0]; i++)
        lines[n++] = help_keys[i];
    lines[n++] = "";
    lines[n++] = "Pieces of this variant";
    for (int t = 0; t < u->v->ntypes && n < 128; t++) {
        char a[4];
        const PieceType *pt = &u->v->types[t];
        snprintf(pieces[t], sizeof pieces[t], "  %c %-4s %s%s", pt->letter,
                 ui_piece_str(u, nc_code(t, NC_WHITE), a), pt->title, pt->titan ? " (Titan)" : "");
        lines[n++] = pieces[t];
    }
    int first = 0;
    for (;;) {
        int rows, cols;
        getmaxyx(stdscr, rows, cols);
        erase();
        int page = rows - 1;
        for (int i = 0; i < page && first + i < n; i++)
            mvprintw(i, 0, "%.*s", cols - 1, lines[first + i]);
        attrset(A_REVERSE);
        mvprintw(rows - 1, 0, "%.*s", cols - 1,
                 first + page < n ? "-- Help: space for more, q to close --" : "-- Help: any key to close --");
        attrset(A_NORMAL);
        refresh();
        int k = getch();
        while (k == ERR && !ui_signal_caught)
            k = getch();
        if (k == ERR)
            return;
        if (k == KEY_RESIZE)
            continue;
        if (k == KEY_UP || k == 'k' || k == KEY_PPAGE) {
            first = first > page ? first - page : 0;
            continue;
        }
        if (first + page < n && k != 'q' && k != 27) {
            first += page;
            continue;
        }
        return;
    }
}

