/* Drawing: layout for the terminal size, the board with its labels and
 * highlights, and the side panel.  Every colour tier gets markers too, so
 * that nothing is told by colour alone.  It changes nothing of the game;
 * only the layout (and where the hands were drawn, for clicks) is written. */
#include "ui_internal.h"

#include <curses.h>
#include <stdlib.h>
#include <string.h>

#define PANEL_MIN_W 34
#define PANEL_MIN_H 14

/* The xterm 256-colour palette offers only a few backgrounds with 4.5:1
 * contrast (WCAG) to both white (231) and black (16) text: 29, 63, 98,
 * 131, 163 and 243, all of relative luminance near 0.18.  Every background
 * that can hold a piece is one of them; marks tell apart those that share
 * one.  Backgrounds that only ever hold a black mark (quiet, castling,
 * emptied squares) may be lighter.  tests/test_ui.c checks the ratios. */
static const short bg256_default[BG_COUNT] = {
    [BG_LIGHT] = 243, [BG_DARK] = 29, [BG_QUIET] = 114, [BG_CAPTURE] = 131,
    [BG_REMOVED] = 131, [BG_PUSH] = 98, [BG_PROMO] = 98, [BG_CASTLE] = 117,
    [BG_LAST_LIGHT] = 63, [BG_LAST_DARK] = 63, [BG_CHECK] = 163, [BG_SELECTED] = 98,
    [BG_FLYOVER] = 131, [BG_LAST_GONE] = 217, [BG_LAST_PUSHED] = 98, [BG_HINT] = 163,
};
/* Eight colours: no background holds both white and black text legibly
 * but red and magenta, so each background names the colour of each side's
 * pieces on it.  The rule (tests/test_ui.c checks it in xterm's default
 * palette): text and background differ and have at least 3:1 contrast,
 * so never white on white, yellow, cyan or green, never black on black or
 * blue.  On the light backgrounds White's pieces are blue; the glyph (or
 * the letter's case) and the blue still tell the sides apart.  Bold is
 * given to white text only, since xterm brightens bold blue into the
 * yellow and green squares' luminance. */
static const short bg8[BG_COUNT] = {
    [BG_LIGHT] = COLOR_YELLOW, [BG_DARK] = COLOR_GREEN, [BG_QUIET] = COLOR_CYAN,
    [BG_CAPTURE] = COLOR_RED, [BG_REMOVED] = COLOR_MAGENTA, [BG_PUSH] = COLOR_CYAN,
    [BG_PROMO] = COLOR_WHITE, [BG_CASTLE] = COLOR_CYAN, [BG_LAST_LIGHT] = COLOR_YELLOW,
    [BG_LAST_DARK] = COLOR_GREEN, [BG_CHECK] = COLOR_RED, [BG_SELECTED] = COLOR_WHITE,
    [BG_FLYOVER] = COLOR_RED, [BG_LAST_GONE] = COLOR_MAGENTA, [BG_LAST_PUSHED] = COLOR_CYAN,
    [BG_HINT] = COLOR_MAGENTA,
};

/* The colour of White's pieces on an eight-colour background: white on
 * red and magenta, blue on the light ones.  Black's pieces and the marks
 * are black on every background of bg8. */
static short white_fg8(int bg)
{
    return bg8[bg] == COLOR_RED || bg8[bg] == COLOR_MAGENTA ? COLOR_WHITE : COLOR_BLUE;
}

short ui_default_bg256(int bg)
{
    return bg256_default[bg];
}

/* The colours the config file gives, else the palette above. */
short ui_bg256(const Ui *u, int bg)
{
    return u->cfg.bg_set[bg] ? u->cfg.bg256[bg] : ui_default_bg256(bg);
}

short ui_piece256(const Ui *u, int colour)
{
    if (u->cfg.piece_set[colour])
        return u->cfg.piece256[colour];
    return colour == NC_WHITE ? 231 : 16;
}

static int pair_of(int bg, int fg)
{
    return 1 + bg * FG_COUNT + fg;
}

void ui_colours_init(Ui *u)
{
    const char *nc = getenv("NO_COLOR");
    u->look.colours = 0;
    if ((nc && *nc) || !has_colors())
        return;
    if (start_color() == ERR)
        return;
    use_default_colors();
    u->look.colours = COLORS >= 256 && COLOR_PAIRS >= 64 ? 256 : 8;
    if (COLOR_PAIRS < PAIR_DIM + 1) {
        u->look.colours = 0;
        return;
    }
    for (int bg = 0; bg < BG_COUNT; bg++) {
        short b = u->look.colours == 256 ? ui_bg256(u, bg) : bg8[bg];
        short w = u->look.colours == 256 ? ui_piece256(u, NC_WHITE) : white_fg8(bg);
        short k = u->look.colours == 256 ? ui_piece256(u, NC_BLACK) : COLOR_BLACK;
        init_pair((short)pair_of(bg, FG_WHITE), w, b);
        init_pair((short)pair_of(bg, FG_BLACK), k, b);
        init_pair((short)pair_of(bg, FG_MARK), k, b);
    }
    init_pair(PAIR_TITLE, COLOR_CYAN, -1);
    init_pair(PAIR_ERROR, COLOR_RED, -1);
    init_pair(PAIR_GOOD, COLOR_GREEN, -1);
    /* Eight colours have no grey that reads on both light and dark
     * terminals: the terminal's own text colour then. */
    init_pair(PAIR_DIM, u->look.colours == 256 ? 244 : -1, -1);
}

/* Cell sizes from small to large; the largest that fits is used. */
static const int cell_sizes[][2] = {{3, 1}, {5, 2}, {7, 3}, {9, 4}, {11, 5}};

void ui_layout(Ui *u, int rows, int cols)
{
    Layout *l = &u->look.lay;
    const Variant *v = u->game.v;
    memset(l, 0, sizeof *l);
    l->lw = 3;
    int best = -1;
    for (int i = 0; i < (int)(sizeof cell_sizes / sizeof cell_sizes[0]); i++) {
        int bw = l->lw + v->width * cell_sizes[i][0];
        int bh = v->height * cell_sizes[i][1] + 1;
        if (bw + 1 + PANEL_MIN_W <= cols && bh + 2 <= rows && PANEL_MIN_H + 2 <= rows)
            best = i;
    }
    l->need_w = l->lw + v->width * cell_sizes[0][0] + 1 + PANEL_MIN_W;
    l->need_h = v->height + 1 + 2 > PANEL_MIN_H + 2 ? v->height + 1 + 2 : PANEL_MIN_H + 2;
    if (best < 0) {
        l->too_small = true;
        return;
    }
    l->cw = cell_sizes[best][0];
    l->ch = cell_sizes[best][1];
    l->bx = l->lw;
    l->by = 0;
    l->px = l->lw + v->width * l->cw + 2;
    l->py = 0;
    l->pw = cols - l->px;
    l->ph = rows - 2;
    l->msg_y = rows - 2;
    l->hint_y = rows - 1;
}

void ui_square_cell(const Ui *u, int sq, int *y, int *x)
{
    const Variant *v = u->game.v;
    int f = v->file_of[sq], r = v->rank_of[sq];
    int col = u->look.flipped ? v->width - 1 - f : f;
    int row = u->look.flipped ? r : v->height - 1 - r;
    *y = u->look.lay.by + row * u->look.lay.ch;
    *x = u->look.lay.bx + col * u->look.lay.cw;
}

int ui_square_at(const Ui *u, int y, int x)
{
    const Variant *v = u->game.v;
    const Layout *l = &u->look.lay;
    if (l->too_small || y < l->by || x < l->bx)
        return 0;
    int col = (x - l->bx) / l->cw, row = (y - l->by) / l->ch;
    if (col >= v->width || row >= v->height)
        return 0;
    int f = u->look.flipped ? v->width - 1 - col : col;
    int r = u->look.flipped ? row : v->height - 1 - row;
    int sq = nc_sq(v, f, r);
    return v->exists[sq] ? sq : 0;
}

static bool is_last_move_square(const Ui *u, int sq)
{
    return u->board.lastmark[sq] != LM_NONE;
}

static bool is_hint_square(const Ui *u, int sq)
{
    if (!u->engine.have_hint || u->review.reviewing || u->engine.hint_key != u->game.g.pos.key)
        return false;
    const Move *m = &u->engine.hint_move;
    return sq == m->to || sq == (m->kind == MK_DROP ? m->aux : m->from);
}

static int bg_of(const Ui *u, int sq)
{
    const Variant *v = u->game.v;
    /* a1 is dark: file index plus rank number odd means dark. */
    bool light = (v->file_of[sq] + v->rank_of[sq] + v->rank_base) % 2 == 0;
    static const int hl_bg[HL_COUNT] = {BG_LIGHT, BG_QUIET, BG_CAPTURE, BG_REMOVED,
                                         BG_PUSH, BG_PROMO, BG_CASTLE, BG_FLYOVER};
    if (u->board.hl[sq])
        return hl_bg[u->board.hl[sq]];
    if (u->board.removes[sq])
        return BG_REMOVED;
    if (sq == u->board.sel)
        return BG_SELECTED;
    if (u->game.in_check && !u->review.reviewing && sq == u->game.g.pos.king[u->game.g.pos.side])
        return BG_CHECK;
    if (is_hint_square(u, sq))
        return BG_HINT;
    if (u->board.lastmark[sq] == LM_GONE)
        return BG_LAST_GONE;
    if (u->board.lastmark[sq] == LM_PUSHED)
        return BG_LAST_PUSHED;
    if (is_last_move_square(u, sq))
        return light ? BG_LAST_LIGHT : BG_LAST_DARK;
    return light ? BG_LIGHT : BG_DARK;
}

int ui_square_pair(const Ui *u, int sq)
{
    int code = ui_shown_pos(u)->board[sq];
    int fg = code == NC_EMPTY ? FG_MARK : nc_colour(code) == NC_WHITE ? FG_WHITE : FG_BLACK;
    return pair_of(bg_of(u, sq), fg);
}

/* Attributes for a square: colour pair, or in monochrome reverse video for
 * dark squares; bold for White's pieces (but blue ones, see bg8). */
static attr_t square_attr(const Ui *u, int sq)
{
    int code = ui_shown_pos(u)->board[sq];
    attr_t a = 0;
    if (code != NC_EMPTY && nc_colour(code) == NC_WHITE
        && (u->look.colours != 8 || white_fg8(bg_of(u, sq)) == COLOR_WHITE))
        a |= A_BOLD;
    if (u->look.colours) {
        a |= COLOR_PAIR(ui_square_pair(u, sq));
    } else {
        int bg = bg_of(u, sq);
        if (bg == BG_DARK || bg == BG_LAST_DARK)
            a |= A_REVERSE;
        if (bg == BG_SELECTED || bg == BG_CHECK)
            a |= A_STANDOUT | A_UNDERLINE;
    }
    if (u->look.colours == 8 && is_last_move_square(u, sq))
        a |= A_UNDERLINE;
    if (u->look.colours == 0 && is_last_move_square(u, sq))
        a |= A_UNDERLINE;
    if (sq == u->board.cursor)
        a = (a ^ A_REVERSE) | A_UNDERLINE;
    return a;
}

/* The piece's own cell.  Without colour the outline and solid glyphs
 * swap their look between dark and light terminals and reverse-video
 * squares, so the sides differ by attribute: White's bold, Black's
 * underlined (the square's underline, for the last move or the cursor,
 * stays off the glyph so as not to blur that). */
static attr_t glyph_attr(const Ui *u, int code, attr_t square)
{
    if (u->look.colours)
        return square;
    square &= ~(attr_t)A_UNDERLINE;
    return square | (nc_colour(code) == NC_WHITE ? A_BOLD : A_UNDERLINE);
}

static char hl_mark(const Ui *u, int sq)
{
    static const char marks[HL_COUNT] = {0, '+', 'x', '*', '^', '=', 'O', '~'};
    if (u->board.hl[sq])
        return marks[u->board.hl[sq]];
    if (u->board.removes[sq])
        return '*';
    if (is_hint_square(u, sq))
        return '!';
    if (u->board.lastmark[sq] == LM_GONE)
        return '*';
    if (u->board.lastmark[sq] == LM_PUSHED)
        return '^';
    return 0;
}

static void draw_square(const Ui *u, int sq)
{
    const Layout *l = &u->look.lay;
    int y, x;
    ui_square_cell(u, sq, &y, &x);
    attr_t a = square_attr(u, sq);
    attrset(a);
    for (int r = 0; r < l->ch; r++)
        mvhline(y + r, x, ' ', l->cw);
    int cy = y + l->ch / 2, cx = x + l->cw / 2;
    int code = ui_shown_pos(u)->board[sq];
    char mark = hl_mark(u, sq);
    char buf[4];
    if (code != NC_EMPTY) {
        attrset(glyph_attr(u, code, a));
        mvaddstr(cy, cx, ui_piece_str(u, code, buf));
        attrset(a);
        if (u->game.v->types[nc_type(code)].titan) {
            /* The Titan's shield: brackets around the piece. */
            mvaddch(cy, cx - 1, '[');
            mvaddch(cy, cx + 1, ']');
        }
        if (mark)
            mvaddch(l->ch > 1 ? y : cy, l->ch > 1 ? x : cx - 1, (chtype)(unsigned char)mark);
    } else if (mark) {
        mvaddch(cy, cx, (chtype)(unsigned char)mark);
    } else if (!u->look.colours && !(a & A_REVERSE)) {
        /* Monochrome light squares get a dot so they differ from missing ones. */
        mvaddch(cy, cx, '.');
    }
    if (sq == u->board.cursor && l->cw >= 5) {
        mvaddch(cy, x, '>');
        mvaddch(cy, x + l->cw - 1, '<');
    }
    attrset(A_NORMAL);
}

static void draw_labels(const Ui *u)
{
    const Variant *v = u->game.v;
    const Layout *l = &u->look.lay;
    attrset(u->look.colours ? COLOR_PAIR(PAIR_DIM) : A_NORMAL);
    for (int row = 0; row < v->height; row++) {
        int r = u->look.flipped ? row : v->height - 1 - row;
        mvprintw(l->by + row * l->ch + l->ch / 2, 0, "%2d", r + v->rank_base);
    }
    for (int col = 0; col < v->width; col++) {
        int f = u->look.flipped ? v->width - 1 - col : col;
        mvaddch(l->by + v->height * l->ch, l->bx + col * l->cw + l->cw / 2, (chtype)('a' + f));
    }
    attrset(A_NORMAL);
}

/* Where a message too long for one line is split: at its last space (or
 * after a slash of a path) that leaves at least half a line, else at the
 * width. */
static int message_split(const char *msg, int w)
{
    if ((int)strlen(msg) <= w)
        return -1;
    for (int i = w; i > w / 2; i--)
        if (msg[i] == ' ' || msg[i - 1] == '/')
            return i;
    return w;
}

/* The message line; a long message (a path and a reason) goes on over the
 * key-hint line instead of being cut. */
static void draw_bottom(const Ui *u, int cols)
{
    const Layout *l = &u->look.lay;
    move(l->msg_y, 0);
    clrtoeol();
    int split = cols > 1 ? message_split(u->msg, cols - 1) : -1;
    if (u->msg[0]) {
        attrset(u->msg_error ? (u->look.colours ? COLOR_PAIR(PAIR_ERROR) | A_BOLD : A_BOLD) : A_NORMAL);
        mvprintw(l->msg_y, 0, "%.*s", split >= 0 ? split : cols - 1, u->msg);
        move(l->hint_y, 0);
        clrtoeol();
        if (split >= 0)
            mvprintw(l->hint_y, 0, "%.*s", cols - 1, u->msg + split + (u->msg[split] == ' '));
        attrset(A_NORMAL);
        if (split >= 0)
            return;
    }
    move(l->hint_y, 0);
    clrtoeol();
    attrset(u->look.colours ? COLOR_PAIR(PAIR_DIM) : A_DIM);
    char hint[160];
    ui_key_line(u, false, hint, sizeof hint);
    mvprintw(l->hint_y, 0, "%.*s", cols - 1, hint);
    attrset(A_NORMAL);
}

void ui_draw_too_small(const Ui *u, int rows, int cols)
{
    erase();
    const char *l1 = "Terminal too small";
    char l2[96];
    snprintf(l2, sizeof l2, "need at least %dx%d, now %dx%d", u->look.lay.need_w, u->look.lay.need_h, cols, rows);
    mvprintw(rows / 2 - 1 > 0 ? rows / 2 - 1 : 0, 0, "%.*s", cols, l1);
    mvprintw(rows / 2 > 0 ? rows / 2 : 1, 0, "%.*s", cols, l2);
    wnoutrefresh(stdscr); /* the caller updates the terminal (doupdate) */
}

void ui_draw(Ui *u)
{
    int rows, cols;
    getmaxyx(stdscr, rows, cols);
    if (!u->game.v) {
        /* The start screen draws its menu over an empty screen; a message
         * (a damaged saved game put aside) is wrapped over the last lines. */
        erase();
        mvprintw(0, 0, "%.*s", cols - 1, "ninjachess");
        int n = 0;
        for (const char *m = cols > 10 ? u->msg : ""; *m; n++) {
            int split = message_split(m, cols - 1);
            m += split < 0 ? (int)strlen(m) : split + (m[split] == ' ');
        }
        int y = rows - n > 1 ? rows - n : 1;
        for (const char *m = cols > 10 ? u->msg : ""; *m && y < rows; y++) {
            int split = message_split(m, cols - 1);
            mvprintw(y, 0, "%.*s", split < 0 ? cols - 1 : split, m);
            m += split < 0 ? (int)strlen(m) : split + (m[split] == ' ');
        }
        wnoutrefresh(stdscr); /* the caller updates the terminal (doupdate) */
        return;
    }
    ui_layout(u, rows, cols);
    if (u->look.lay.too_small) {
        ui_draw_too_small(u, rows, cols);
        return;
    }
    erase();
    for (int i = 0; i < u->game.v->nsquares; i++)
        draw_square(u, u->game.v->squares[i]);
    draw_labels(u);
    ui_draw_panel(u);
    draw_bottom(u, cols);
    int y, x;
    ui_square_cell(u, u->board.cursor, &y, &x);
    move(y + u->look.lay.ch / 2, x + u->look.lay.cw / 2);
    wnoutrefresh(stdscr); /* the caller updates the terminal (doupdate) */
}
