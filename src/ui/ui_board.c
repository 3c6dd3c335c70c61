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

static const short bg256[BG_COUNT] = {
    [BG_LIGHT] = 180, [BG_DARK] = 137, [BG_QUIET] = 71, [BG_CAPTURE] = 167,
    [BG_REMOVED] = 133, [BG_PUSH] = 33, [BG_PROMO] = 178, [BG_CASTLE] = 37,
    [BG_LAST_LIGHT] = 187, [BG_LAST_DARK] = 143, [BG_CHECK] = 196, [BG_SELECTED] = 226,
};
static const short bg8[BG_COUNT] = {
    [BG_LIGHT] = COLOR_YELLOW, [BG_DARK] = COLOR_GREEN, [BG_QUIET] = COLOR_CYAN,
    [BG_CAPTURE] = COLOR_RED, [BG_REMOVED] = COLOR_MAGENTA, [BG_PUSH] = COLOR_BLUE,
    [BG_PROMO] = COLOR_WHITE, [BG_CASTLE] = COLOR_CYAN, [BG_LAST_LIGHT] = COLOR_YELLOW,
    [BG_LAST_DARK] = COLOR_GREEN, [BG_CHECK] = COLOR_RED, [BG_SELECTED] = COLOR_WHITE,
};

static int pair_of(int bg, int fg)
{
    return 1 + bg * FG_COUNT + fg;
}

void ui_colours_init(Ui *u)
{
    const char *nc = getenv("NO_COLOR");
    u->colours = 0;
    if ((nc && *nc) || !has_colors())
        return;
    if (start_color() == ERR)
        return;
    use_default_colors();
    u->colours = COLORS >= 256 && COLOR_PAIRS >= 64 ? 256 : 8;
    if (COLOR_PAIRS < PAIR_DIM + 1) {
        u->colours = 0;
        return;
    }
    for (int bg = 0; bg < BG_COUNT; bg++) {
        short b = u->colours == 256 ? bg256[bg] : bg8[bg];
        short w = u->colours == 256 ? 231 : COLOR_WHITE;
        short k = u->colours == 256 ? 16 : COLOR_BLACK;
        init_pair((short)pair_of(bg, FG_WHITE), w, b);
        init_pair((short)pair_of(bg, FG_BLACK), k, b);
        init_pair((short)pair_of(bg, FG_MARK), k, b);
    }
    init_pair(PAIR_TITLE, COLOR_CYAN, -1);
    init_pair(PAIR_ERROR, COLOR_RED, -1);
    init_pair(PAIR_GOOD, COLOR_GREEN, -1);
    init_pair(PAIR_DIM, u->colours == 256 ? 244 : COLOR_WHITE, -1);
}

/* Cell sizes from small to large; the largest that fits is used. */
static const int cell_sizes[][2] = {{3, 1}, {5, 2}, {7, 3}, {9, 4}, {11, 5}};

void ui_layout(Ui *u, int rows, int cols)
{
    Layout *l = &u->lay;
    const Variant *v = u->v;
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
    const Variant *v = u->v;
    int f = v->file_of[sq], r = v->rank_of[sq];
    int col = u->flipped ? v->width - 1 - f : f;
    int row = u->flipped ? r : v->height - 1 - r;
    *y = u->lay.by + row * u->lay.ch;
    *x = u->lay.bx + col * u->lay.cw;
}

int ui_square_at(const Ui *u, int y, int x)
{
    const Variant *v = u->v;
    const Layout *l = &u->lay;
    if (l->too_small || y < l->by || x < l->bx)
        return 0;
    int col = (x - l->bx) / l->cw, row = (y - l->by) / l->ch;
    if (col >= v->width || row >= v->height)
        return 0;
    int f = u->flipped ? v->width - 1 - col : col;
    int r = u->flipped ? row : v->height - 1 - row;
    int sq = nc_sq(v, f, r);
    return v->exists[sq] ? sq : 0;
}

static const char *glyph(const Variant *v, int code)
{
    static const char *const names[] = {"king", "queen", "rook", "bishop", "knight", "pawn", "run-pawn"};
    static const char *const white[] = {"\u2654", "\u2655", "\u2656", "\u2657", "\u2658", "\u2659", "\u2659"};
    static const char *const black[] = {"\u265a", "\u265b", "\u265c", "\u265d", "\u265e", "\u265f", "\u265f"};
    int t = nc_type(code);
    for (int shown = 0; shown < v->ntypes; shown++) /* a promoted piece's stand-in looks like its type */
        if (v->promoted_as[shown] == t)
            t = shown;
    const char *name = v->types[t].name;
    for (int i = 0; i < 7; i++)
        if (!strcmp(name, names[i]))
            return nc_colour(code) == NC_WHITE ? white[i] : black[i];
    return NULL;
}

const char *ui_piece_str(const Ui *u, int code, char *buf)
{
    if (u->utf8 && !u->ascii) {
        const char *g = glyph(u->v, code);
        if (g)
            return g;
    }
    char c = u->v->types[nc_type(code)].letter;
    buf[0] = nc_colour(code) == NC_WHITE ? c : (char)(c - 'A' + 'a');
    buf[1] = 0;
    return buf;
}

static bool is_last_move_square(const Ui *u, int sq)
{
    if (u->g.nply == 0)
        return false;
    const Move *m = &u->g.moves[u->g.nply - 1];
    return sq == m->to || (m->kind != MK_DROP && sq == m->from) || (m->kind == MK_DROP && sq == m->aux);
}

static int bg_of(const Ui *u, int sq)
{
    const Variant *v = u->v;
    /* a1 is dark: file index plus rank number odd means dark. */
    bool light = (v->file_of[sq] + v->rank_of[sq] + v->rank_base) % 2 == 0;
    static const int hl_bg[HL_COUNT] = {BG_LIGHT, BG_QUIET, BG_CAPTURE, BG_REMOVED,
                                         BG_PUSH, BG_PROMO, BG_CASTLE};
    if (u->hl[sq])
        return hl_bg[u->hl[sq]];
    if (u->removes[sq])
        return BG_REMOVED;
    if (sq == u->sel)
        return BG_SELECTED;
    if (u->in_check && sq == u->g.pos.king[u->g.pos.side])
        return BG_CHECK;
    if (is_last_move_square(u, sq))
        return light ? BG_LAST_LIGHT : BG_LAST_DARK;
    return light ? BG_LIGHT : BG_DARK;
}

int ui_square_pair(const Ui *u, int sq)
{
    int code = u->g.pos.board[sq];
    int fg = code == NC_EMPTY ? FG_MARK : nc_colour(code) == NC_WHITE ? FG_WHITE : FG_BLACK;
    return pair_of(bg_of(u, sq), fg);
}

/* Attributes for a square: colour pair, or in monochrome reverse video for
 * dark squares; bold for White's pieces so the sides differ without colour. */
static attr_t square_attr(const Ui *u, int sq)
{
    int code = u->g.pos.board[sq];
    attr_t a = 0;
    if (code != NC_EMPTY && nc_colour(code) == NC_WHITE)
        a |= A_BOLD;
    if (u->colours) {
        a |= COLOR_PAIR(ui_square_pair(u, sq));
    } else {
        int bg = bg_of(u, sq);
        if (bg == BG_DARK || bg == BG_LAST_DARK)
            a |= A_REVERSE;
        if (bg == BG_SELECTED || bg == BG_CHECK)
            a |= A_STANDOUT | A_UNDERLINE;
    }
    if (u->colours == 8 && is_last_move_square(u, sq))
        a |= A_UNDERLINE;
    if (u->colours == 0 && is_last_move_square(u, sq))
        a |= A_UNDERLINE;
    if (sq == u->cursor)
        a = (a ^ A_REVERSE) | A_UNDERLINE;
    return a;
}

static char hl_mark(const Ui *u, int sq)
{
    static const char marks[HL_COUNT] = {0, '+', 'x', '*', '^', '=', 'O'};
    if (u->hl[sq])
        return marks[u->hl[sq]];
    if (u->removes[sq])
        return '*';
    return 0;
}

static void draw_square(const Ui *u, int sq)
{
    const Layout *l = &u->lay;
    int y, x;
    ui_square_cell(u, sq, &y, &x);
    attr_t a = square_attr(u, sq);
    attrset(a);
    for (int r = 0; r < l->ch; r++)
        mvhline(y + r, x, ' ', l->cw);
    int cy = y + l->ch / 2, cx = x + l->cw / 2;
    int code = u->g.pos.board[sq];
    char mark = hl_mark(u, sq);
    char buf[4];
    if (code != NC_EMPTY) {
        mvaddstr(cy, cx, ui_piece_str(u, code, buf));
        if (u->v->types[nc_type(code)].titan) {
            /* The Titan's shield: brackets around the piece. */
            mvaddch(cy, cx - 1, '[');
            mvaddch(cy, cx + 1, ']');
        }
        if (mark)
            mvaddch(l->ch > 1 ? y : cy, l->ch > 1 ? x : cx - 1, (chtype)(unsigned char)mark);
    } else if (mark) {
        mvaddch(cy, cx, (chtype)(unsigned char)mark);
    } else if (!u->colours && !(a & A_REVERSE)) {
        /* Monochrome light squares get a dot so they differ from missing ones. */
        mvaddch(cy, cx, '.');
    }
    if (sq == u->cursor && l->cw >= 5) {
        mvaddch(cy, x, '>');
        mvaddch(cy, x + l->cw - 1, '<');
    }
    attrset(A_NORMAL);
}

static void draw_labels(const Ui *u)
{
    const Variant *v = u->v;
    const Layout *l = &u->lay;
    attrset(u->colours ? COLOR_PAIR(PAIR_DIM) : A_NORMAL);
    for (int row = 0; row < v->height; row++) {
        int r = u->flipped ? row : v->height - 1 - row;
        mvprintw(l->by + row * l->ch + l->ch / 2, 0, "%2d", r + v->rank_base);
    }
    for (int col = 0; col < v->width; col++) {
        int f = u->flipped ? v->width - 1 - col : col;
        mvaddch(l->by + v->height * l->ch, l->bx + col * l->cw + l->cw / 2, (chtype)('a' + f));
    }
    attrset(A_NORMAL);
}

static void panel_line(const Ui *u, int row, attr_t a, const char *s)
{
    const Layout *l = &u->lay;
    if (row >= l->py + l->ph)
        return;
    attrset(a);
    mvprintw(row, l->px, "%.*s", l->pw - 1, s);
    attrset(A_NORMAL);
}

static const char *player_name(const Ui *u, int c)
{
    return u->player[c] == PL_COMPUTER ? "computer" : "human";
}

static void draw_hand(Ui *u, int row, int c)
{
    Layout *l = &u->lay;
    const Variant *v = u->v;
    l->hand_y[c] = row;
    memset(l->hand_x0[c], 0, sizeof l->hand_x0[c]);
    memset(l->hand_x1[c], 0, sizeof l->hand_x1[c]);
    mvprintw(row, l->px, "%s hand:", c == NC_WHITE ? "White" : "Black");
    int x = l->px + 12;
    bool any = false;
    for (int t = 0; t < v->ntypes; t++) {
        int n = u->g.pos.hand[c][t];
        if (!n)
            continue;
        any = true;
        char buf[4], item[16];
        snprintf(item, sizeof item, "%sx%d", ui_piece_str(u, nc_code(t, c), buf), n);
        attr_t a = c == NC_WHITE ? A_BOLD : A_NORMAL;
        if (u->drop_type == t && u->g.pos.side == c)
            a |= A_REVERSE;
        attrset(a);
        mvaddstr(row, x, item);
        attrset(A_NORMAL);
        l->hand_x0[c][t] = x;
        l->hand_x1[c][t] = x + (int)strlen(item);
        x += (int)strlen(item) + 1;
    }
    if (!any)
        mvaddstr(row, x, "-");
}

static void draw_moves(const Ui *u, int top)
{
    const Layout *l = &u->lay;
    int rows = l->py + l->ph - top;
    if (rows <= 0)
        return;
    int first_move = u->start.side == NC_BLACK ? 1 : 0; /* a game may begin with Black */
    int nlines = (u->g.nply + first_move + 1) / 2;
    int start = nlines > rows ? nlines - rows : 0;
    int colw = (l->pw - 6) / 2;
    if (colw < 8)
        colw = 8;
    for (int line = start; line < nlines; line++) {
        int y = top + line - start;
        int num = u->start.fullmove + line;
        mvprintw(y, l->px, "%3d.", num);
        for (int k = 0; k < 2; k++) {
            int ply = line * 2 + k - first_move;
            if (ply < 0) {
                mvaddstr(y, l->px + 5, "...");
                continue;
            }
            if (ply >= u->g.nply)
                break;
            if (ply == u->g.nply - 1)
                attrset(A_BOLD);
            mvprintw(y, l->px + 5 + k * (colw + 1), "%.*s", colw, u->text[ply]);
            attrset(A_NORMAL);
        }
    }
}

/* Word-wraps text into the panel from row y; returns the next free row. */
static int wrap(const Ui *u, int y, const char *text)
{
    const Layout *l = &u->lay;
    int w = l->pw - 1;
    const char *s = text;
    while (*s && y < l->py + l->ph) {
        while (*s == ' ')
            s++;
        int n = (int)strlen(s);
        if (n > w) {
            n = w;
            while (n > 0 && s[n] != ' ')
                n--;
            if (n == 0)
                n = w;
        }
        mvprintw(y++, l->px, "%.*s", n, s);
        s += n;
    }
    return y;
}

static void draw_tutorial_panel(Ui *u, int y)
{
    const Variant *v = u->v;
    int type = u->tut_type;
    int code = u->g.pos.board[u->sel ? u->sel : u->cursor];
    if (u->sel && code != NC_EMPTY)
        type = nc_type(code);
    if (type < 0)
        return;
    const PieceType *pt = &v->types[type];
    char line[160];
    snprintf(line, sizeof line, "%s (%c)%s", pt->title, pt->letter, pt->titan ? " - Titan" : "");
    attrset(A_BOLD);
    mvprintw(y++, u->lay.px, "%.*s", u->lay.pw - 1, line);
    attrset(A_NORMAL);
    y = wrap(u, y, pt->description ? pt->description : "");
    if (pt->titan)
        y = wrap(u, y, "A Titan is never captured: a move onto it pushes it one square on; "
                       "what it is pushed onto is crushed, and off the board it is exiled.");
    y++;
    static const char *const legend[] = {
        "+ move  x capture  * taken on the way",
        "^ push  = promote  O castle  [X] Titan",
    };
    for (int i = 0; i < 2 && y < u->lay.py + u->lay.ph; i++)
        mvprintw(y++, u->lay.px, "%.*s", u->lay.pw - 1, legend[i]);
}

/* "depth 7  score +0.34  e2-e4 e9-e6 ...": the search's progress, its
 * principal variation in the move text (as far as it stays legal). */
static void thinking_line(const Ui *u, char *line, size_t len)
{
    /* The screen redraws every 40 ms; the line changes only with the
     * search's report, so it is rebuilt only then. */
    static char cached[256];
    static uint64_t cached_key;
    static int cached_depth, cached_score, cached_npv;
    static Move cached_first;
    const SearchInfo *in = &u->info;
    if (cached[0] && cached_key == u->g.pos.key && cached_depth == in->depth && cached_score == in->score &&
        cached_npv == in->npv && (in->npv == 0 || move_equal(&cached_first, &in->pv[0]))) {
        snprintf(line, len, "%s", cached);
        return;
    }
    int n;
    if (in->score > SEARCH_MATE - 1000)
        n = snprintf(line, len, "depth %d  mate in %d ", in->depth, (SEARCH_MATE - in->score + 1) / 2);
    else if (in->score < -SEARCH_MATE + 1000)
        n = snprintf(line, len, "depth %d  mated in %d ", in->depth, (SEARCH_MATE + in->score) / 2);
    else
        n = snprintf(line, len, "depth %d  score %+.2f ", in->depth, in->score / 100.0);
    Position pos = u->g.pos;
    for (int i = 0; i < in->npv && i < 8 && n > 0 && (size_t)n < len - 1; i++) {
        MoveList ml;
        gen_legal(&pos, &ml);
        int k = -1;
        for (int j = 0; j < ml.n && k < 0; j++)
            if (move_equal(&ml.m[j], &in->pv[i]))
                k = j;
        if (k < 0)
            break;
        char text[160];
        move_to_text(&pos, &ml.m[k], text, sizeof text);
        n += snprintf(line + n, len - (size_t)n, " %s", text);
        Undo undo;
        make_move(&pos, &ml.m[k], &undo);
    }
    snprintf(cached, sizeof cached, "%s", line);
    cached_key = u->g.pos.key;
    cached_depth = in->depth;
    cached_score = in->score;
    cached_npv = in->npv;
    if (in->npv)
        cached_first = in->pv[0];
}

/* Title, players and whose move it is (or how the game ended); returns
 * the next free row. */
static int draw_panel_status(const Ui *u, int y)
{
    const Layout *l = &u->lay;
    const Position *p = &u->g.pos;
    char line[256];
    attr_t title = u->colours ? COLOR_PAIR(PAIR_TITLE) | A_BOLD : A_BOLD;
    snprintf(line, sizeof line, "%.*s%s", l->pw - 1, u->v->title, u->tutorial ? " - tutorial" : "");
    panel_line(u, y++, title, line);
    snprintf(line, sizeof line, "White: %s  Black: %s", player_name(u, 0), player_name(u, 1));
    if (u->player[0] == PL_COMPUTER || u->player[1] == PL_COMPUTER) {
        size_t n = strlen(line);
        snprintf(line + n, sizeof line - n, "  level %d", u->level ? u->level : 10);
    }
    panel_line(u, y++, A_NORMAL, line);
    if (u->tutorial)
        return y + 1;
    if (ui_game_over(u)) {
        snprintf(line, sizeof line, "Game over: %s", u->result);
        panel_line(u, y++, u->colours ? COLOR_PAIR(PAIR_GOOD) | A_BOLD : A_BOLD, line);
        return y;
    }
    snprintf(line, sizeof line, "%s to move%s%s", p->side == NC_WHITE ? "White" : "Black",
             u->in_check ? " - CHECK" : "", u->thinking ? " (thinking)" : u->hinting ? " (hint...)" : "");
    panel_line(u, y++, u->in_check ? (u->colours ? COLOR_PAIR(PAIR_ERROR) | A_BOLD : A_BOLD) : A_BOLD, line);
    if ((u->thinking || u->hinting) && u->info.depth > 0) {
        thinking_line(u, line, sizeof line);
        panel_line(u, y++, A_NORMAL, line);
    }
    return y;
}

/* What is under the cursor, and what the hovered move would do. */
static int draw_panel_cursor(const Ui *u, int y)
{
    const Variant *v = u->v;
    char sqn[8], line[256];
    int code = u->g.pos.board[u->cursor];
    nc_sqname(v, u->cursor, sqn);
    if (code != NC_EMPTY && code != NC_OFF)
        snprintf(line, sizeof line, "%s: %s %s%s", sqn, nc_colour(code) == NC_WHITE ? "White" : "Black",
                 ui_type_name(v, nc_type(code)), v->types[nc_type(code)].titan ? " [Titan]" : "");
    else
        snprintf(line, sizeof line, "%s: empty", sqn);
    panel_line(u, y++, A_NORMAL, line);
    if (u->hover[0]) {
        snprintf(line, sizeof line, "%.*s", u->lay.pw - 1, u->hover);
        panel_line(u, y++, A_BOLD, line);
    } else if (u->sel || u->drop_type >= 0) {
        panel_line(u, y++, A_DIM, "(move the cursor to a marked square)");
    } else {
        y++;
    }
    return y;
}

/* A legend of the pieces at the bottom when the panel has room for it
 * and still for some moves; returns the row where the moves must end. */
static int draw_piece_legend(const Ui *u, int y)
{
    const Layout *l = &u->lay;
    const Variant *v = u->v;
    int types = v->ntypes, lrows = (types + 1) / 2;
    int bottom = l->py + l->ph;
    if (bottom - y - 1 - lrows < 5)
        return bottom;
    bottom -= lrows;
    int colw = (l->pw - 1) / 2;
    for (int t = 0; t < types; t++) {
        char buf[4], item[80];
        const PieceType *pt = &v->types[t];
        snprintf(item, sizeof item, "%s%s%s %c %s", pt->titan ? "[" : " ",
                 ui_piece_str(u, nc_code(t, NC_WHITE), buf), pt->titan ? "]" : " ", pt->letter, pt->title);
        attrset(u->colours ? COLOR_PAIR(PAIR_DIM) : A_NORMAL);
        mvprintw(bottom + t / 2, l->px + (t % 2) * colw, "%.*s", colw - 1, item);
        attrset(A_NORMAL);
    }
    return bottom;
}

static void draw_panel(Ui *u)
{
    Layout *l = &u->lay;
    int y = draw_panel_status(u, l->py);
    if (u->v->has_drops) {
        draw_hand(u, y++, NC_WHITE);
        draw_hand(u, y++, NC_BLACK);
    } else {
        l->hand_y[0] = l->hand_y[1] = -1;
    }
    y = draw_panel_cursor(u, y);
    if (u->tutorial) {
        draw_tutorial_panel(u, y);
        return;
    }
    int bottom = draw_piece_legend(u, y);
    Layout keep = *l;
    l->ph = bottom - l->py;
    panel_line(u, y++, A_UNDERLINE, "Moves");
    draw_moves(u, y);
    *l = keep;
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
    const Layout *l = &u->lay;
    move(l->msg_y, 0);
    clrtoeol();
    int split = cols > 1 ? message_split(u->msg, cols - 1) : -1;
    if (u->msg[0]) {
        attrset(u->msg_error ? (u->colours ? COLOR_PAIR(PAIR_ERROR) | A_BOLD : A_BOLD) : A_NORMAL);
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
    attrset(u->colours ? COLOR_PAIR(PAIR_DIM) : A_DIM);
    const char *hint = u->tutorial
        ? "arrows Enter select/move  c catalogue  e examples  p place  x remove  q back"
        : "arrows/hjkl move  Enter select  : move  d drop  u/r undo/redo  ? help  q quit";
    mvprintw(l->hint_y, 0, "%.*s", cols - 1, hint);
    attrset(A_NORMAL);
}

void ui_draw_too_small(const Ui *u, int rows, int cols)
{
    erase();
    const char *l1 = "Terminal too small";
    char l2[96];
    snprintf(l2, sizeof l2, "need at least %dx%d, now %dx%d", u->lay.need_w, u->lay.need_h, cols, rows);
    mvprintw(rows / 2 - 1 > 0 ? rows / 2 - 1 : 0, 0, "%.*s", cols, l1);
    mvprintw(rows / 2 > 0 ? rows / 2 : 1, 0, "%.*s", cols, l2);
    refresh();
}

void ui_draw(Ui *u)
{
    int rows, cols;
    getmaxyx(stdscr, rows, cols);
    if (!u->v) {
        /* The start screen draws its menu over an empty screen. */
        erase();
        mvprintw(0, 0, "%.*s", cols - 1, "ninjachess");
        if (u->msg[0])
            mvprintw(rows - 2 > 1 ? rows - 2 : 1, 0, "%.*s", cols - 1, u->msg);
        refresh();
        return;
    }
    ui_layout(u, rows, cols);
    if (u->lay.too_small) {
        ui_draw_too_small(u, rows, cols);
        return;
    }
    erase();
    for (int i = 0; i < u->v->nsquares; i++)
        draw_square(u, u->v->squares[i]);
    draw_labels(u);
    draw_panel(u);
    draw_bottom(u, cols);
    int y, x;
    ui_square_cell(u, u->cursor, &y, &x);
    move(y + u->lay.ch / 2, x + u->lay.cw / 2);
    refresh();
}
