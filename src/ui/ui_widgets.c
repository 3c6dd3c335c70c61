/* The menu, yes/no, the line prompt and the help page one key at a time,
 * drawn and answered by the dialog screen (ui_dialog.c) and by a screen
 * that shows a menu as its own face (the start screen).  None reads keys
 * itself: the one event loop (ui_screen.c) does. */
#include "ui_internal.h"

#include <ctype.h>
#include <curses.h>
#include <string.h>

int ui_line_break(const char *s, int w)
{
    int n = (int)strlen(s);
    if (n <= w)
        return n;
    for (int i = w; i > 0; i--)
        if (s[i] == ' ')
            return i;
    return w;
}

/* How many lines text takes at width w. */
static int lines_of(const char *s, int w)
{
    int k = 0;
    do {
        int n = ui_line_break(s, w);
        s += n;
        while (*s == ' ')
            s++;
        k++;
    } while (*s);
    return k;
}

/* Draws text from y at x in lines of w; returns the lines drawn. */
static int draw_wrapped(int y, int x, int w, const char *s, int rows)
{
    int k = 0;
    do {
        int n = ui_line_break(s, w);
        if (y + k < rows)
            mvprintw(y + k, x, "%-*.*s", w, n, s);
        s += n;
        while (*s == ' ')
            s++;
        k++;
    } while (*s);
    return k;
}

static int menu_key_of(const UiMenu *m, int i)
{
    if (m->keys)
        return i < (int)strlen(m->keys) ? m->keys[i] : ' ';
    return i < 9 ? '1' + i : ' ';
}

/* The box is centred, as wide as its longest line or the screen; long
 * lines wrap at word boundaries, and when the items do not fit in the
 * height the menu scrolls with the current item.  The geometry is kept in
 * the menu so that a click can be matched to an item. */
void ui_menu_draw(UiMenu *m)
{
    int rows, cols;
    getmaxyx(stdscr, rows, cols);
    int w = (int)strlen(m->title) + 4;
    for (int i = 0; i < m->n; i++)
        if ((int)strlen(m->items[i]) + 6 > w)
            w = (int)strlen(m->items[i]) + 6;
    if (w > cols)
        w = cols;
    int tw = w - 4 > 1 ? w - 4 : 1, iw = w - 4 > 1 ? w - 4 : 1;
    int title_h = lines_of(m->title, tw), h = title_h + 1;
    for (int i = 0; i < m->n && i < UI_MENU_MAX; i++)
        h += m->item_h[i] = lines_of(m->items[i], iw);
    /* Items scrolled off the top when the menu is higher than the screen. */
    int first = 0, used = h;
    while (used > rows && first < m->cur)
        used -= m->item_h[first++];
    if (used > rows)
        used = rows;
    int y = (rows - used) / 2 > 0 ? (rows - used) / 2 : 0, x = (cols - w) / 2 > 0 ? (cols - w) / 2 : 0;
    attrset(A_NORMAL);
    for (int r = 0; r < used && y + r < rows; r++)
        mvhline(y + r, x, ' ', w);
    attrset(A_BOLD);
    mvhline(y, x, '-', w);
    draw_wrapped(y, x + 2, tw, m->title, rows);
    mvhline(y + used - 1 < rows ? y + used - 1 : rows - 1, x, '-', w);
    attrset(A_NORMAL);
    int row = y + title_h;
    for (int i = 0; i < m->n && i < UI_MENU_MAX; i++) {
        m->item_y[i] = -1;
        if (i < first || row + m->item_h[i] > y + used - 1)
            continue;
        m->item_y[i] = row;
        if (i == m->cur)
            attrset(A_REVERSE);
        mvprintw(row, x + 1, "%c ", menu_key_of(m, i));
        draw_wrapped(row, x + 3, iw, m->items[i], rows);
        attrset(A_NORMAL);
        row += m->item_h[i];
    }
    /* Items out of sight are signalled on the frame, so that a long list
     * does not look complete. */
    int last = m->n < UI_MENU_MAX ? m->n - 1 : UI_MENU_MAX - 1;
    if (last >= 0 && m->item_y[last] < 0 && w > 16) {
        attrset(A_BOLD);
        mvprintw(y + used - 1 < rows ? y + used - 1 : rows - 1, x + w - 14, " more below ");
        attrset(A_NORMAL);
    }
    if (first > 0 && w > 30) {
        attrset(A_BOLD);
        mvprintw(y, x + w - 14, " more above ");
        attrset(A_NORMAL);
    }
    if (m->cur < UI_MENU_MAX && m->item_y[m->cur] >= 0)
        move(m->item_y[m->cur], x + 1);
    refresh();
    m->top = y + title_h;
    m->left = x;
    m->width = w;
}

static int menu_click(const UiMenu *m)
{
    MEVENT ev;
    if (!ui_mouse_event(&ev) || !(ev.bstate & (BUTTON1_CLICKED | BUTTON1_PRESSED)))
        return MENU_OPEN;
    if (ev.x < m->left || ev.x >= m->left + m->width)
        return MENU_CANCEL;
    for (int i = 0; i < m->n && i < UI_MENU_MAX; i++)
        if (m->item_y[i] >= 0 && ev.y >= m->item_y[i] && ev.y < m->item_y[i] + m->item_h[i])
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
    else if (k == KEY_HOME)
        m->cur = 0;
    else if (k == KEY_END)
        m->cur = n - 1;
    else if (k == KEY_NPAGE || k == KEY_PPAGE) {
        /* A page: as many items as were last shown (at least one). */
        int shown = 0;
        for (int i = 0; i < n && i < UI_MENU_MAX; i++)
            shown += m->item_y[i] >= 0;
        shown = shown > 1 ? shown - 1 : 1;
        m->cur += k == KEY_NPAGE ? shown : -shown;
        m->cur = m->cur < 0 ? 0 : m->cur >= n ? n - 1 : m->cur;
    }
    else if (k == '\n' || k == '\r' || k == KEY_ENTER || k == ' ')
        return m->cur;
    else if (k == 27 || (k == 'q' && !(m->keys && strchr(m->keys, 'q'))))
        return MENU_CANCEL;
    else if (k == KEY_MOUSE)
        return menu_click(m);
    for (int i = 0; i < n && k > ' ' && k < 127; i++)
        if (menu_key_of(m, i) == k)
            return i;
    return MENU_OPEN;
}

/* The next item after the current one whose text starts with letter c
 * (either case); the current one when none does. */
static int item_starting(const UiMenu *m, int c)
{
    for (int d = 1; d <= m->n; d++) {
        int i = (m->cur + d) % m->n;
        if (tolower((unsigned char)m->items[i][0]) == tolower(c))
            return i;
    }
    return m->cur;
}

int ui_menu_typed_key(UiMenu *m, int k)
{
    /* Letters jump, but j, k and q keep moving and closing (their
     * capitals jump). */
    if (k > 0 && k < 127 && isalpha(k) && !strchr("jkq", k)) {
        m->cur = item_starting(m, k);
        return MENU_OPEN;
    }
    return ui_menu_key(m, k);
}

int ui_confirm_key(UiMenu *m, int k)
{
    if (k == 'y' || k == 'Y')
        return 1;
    if (k == 'n' || k == 'N')
        return 0;
    int r = ui_menu_key(m, k);
    return r == MENU_OPEN ? MENU_OPEN : r == 0;
}

void ui_prompt_draw(const char *question, const char *buf)
{
    int rows, cols;
    getmaxyx(stdscr, rows, cols);
    int n = (int)strlen(buf);
    move(rows - 1, 0);
    clrtoeol();
    attrset(A_BOLD);
    mvprintw(rows - 1, 0, "%s", question);
    attrset(A_NORMAL);
    int x = (int)strlen(question);
    int shown = n > cols - x - 1 ? cols - x - 1 : n;
    mvprintw(rows - 1, x, "%.*s", shown < 0 ? 0 : shown, buf + n - (shown < 0 ? 0 : shown));
    refresh();
}

int ui_prompt_key(char *buf, int len, int k)
{
    int n = (int)strlen(buf);
    if (k == ERR || k == 27)
        return -1;
    if (k == '\n' || k == '\r' || k == KEY_ENTER)
        return 1;
    if ((k == KEY_BACKSPACE || k == 127 || k == 8) && n > 0)
        buf[--n] = 0;
    else if (k == 21) /* ^U */
        buf[n = 0] = 0;
    else if (k >= 32 && k < 127 && n < len - 1) {
        buf[n++] = (char)k;
        buf[n] = 0;
    }
    return 0;
}

/* After the screen's keys (ui_help_keys.c): what the board's marks mean. */
static const char *const help_marks[] = {
    "",
    "Marks on the board (with colours where the terminal has them)",
    "  +  move to an empty square   x  capture by replacement",
    "  *  piece removed by flying or jumping over it, or crushed",
    "  ^  Titan pushed              =  promotion     O  castling",
    "  ~  lands after taking pieces on the way",
    "  After a move: * where a piece was removed, ^ where a pushed Titan went",
    "  !  the hint's move",
    NULL, /* the config file's line: its path as this run reads it (ui_help_build) */
    "  [X]  a Titan: pushed instead of captured",
    "  White: upper case (bold, or blue on light squares in 8 colours).",
    "  Black: lower case (underlined without colours).",
};

void ui_help_build(Ui *u, UiHelp *h)
{
    /* Keys first, then one line per piece of the variant. */
    char path[600], keys[40][UI_HELP_LINE];
    int n = 0;
    memset(h, 0, sizeof *h);
    int nkeys = ui_key_help(u, keys, 40);
    for (int i = 0; i < nkeys; i++)
        snprintf(h->lines[n++], sizeof h->lines[0], "%.*s", UI_HELP_LINE, keys[i]);
    for (size_t i = 0; i < sizeof help_marks / sizeof help_marks[0]; i++) {
        if (help_marks[i])
            snprintf(h->lines[n++], sizeof h->lines[0], "%s", help_marks[i]);
        else if (ui_config_path(path, sizeof path))
            snprintf(h->lines[n++], sizeof h->lines[0], "  No config file: neither XDG_CONFIG_HOME nor HOME is set");
        else
            snprintf(h->lines[n++], sizeof h->lines[0], "  Keys, colours, glyphs, level, bell: %s (see the man page)",
                     path);
    }
    snprintf(h->lines[n++], sizeof h->lines[0], "%s", "");
    snprintf(h->lines[n++], sizeof h->lines[0], "Pieces of this variant");
    for (int t = 0; t < u->game.v->ntypes && n < UI_HELP_MAX; t++) {
        char a[4];
        const PieceType *pt = &u->game.v->types[t];
        snprintf(h->lines[n++], sizeof h->lines[0], "  %c %-4s %s%s", pt->letter,
                 ui_piece_str(u, nc_code(t, NC_WHITE), a), pt->title, pt->titan ? " (Titan)" : "");
    }
    h->n = n;
}

void ui_help_draw(UiHelp *h)
{
    int rows, cols;
    getmaxyx(stdscr, rows, cols);
    erase();
    int page = rows - 1;
    for (int i = 0; i < page && h->first + i < h->n; i++)
        mvprintw(i, 0, "%.*s", cols - 1, h->lines[h->first + i]);
    attrset(A_REVERSE);
    mvprintw(rows - 1, 0, "%.*s", cols - 1,
             h->first + page < h->n ? "-- Help: space for more, q to close --" : "-- Help: any key to close --");
    attrset(A_NORMAL);
    refresh();
}

bool ui_help_key(UiHelp *h, int k)
{
    int rows = getmaxy(stdscr), page = rows - 1;
    if (k == KEY_RESIZE)
        return false;
    if (k == KEY_UP || k == 'k' || k == KEY_PPAGE) {
        h->first = h->first > page ? h->first - page : 0;
        return false;
    }
    if (h->first + page < h->n && k != 'q' && k != 27) {
        h->first += page;
        return false;
    }
    return true;
}
