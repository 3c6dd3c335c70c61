/* The side panel of the game screen: the game's title, setup, rules and
 * Titans, the players, the clocks, whose move it is, what each side took,
 * the hands, what is under the cursor, the move list (scrollable, clickable: review) and the
 * piece legend.  Every text is wrapped at word boundaries, never cut; what
 * does not fit in the panel's height is left for the next lines to come
 * (the move list scrolls).  Writes only the layout's click geometry. */
#include "ui_internal.h"
#include "ui_report.h"

#include "ui_analysis.h"

#include <curses.h>
#include <string.h>

static int panel_bottom(const Ui *u)
{
    return u->look.lay.py + u->look.lay.ph;
}

/* Word-wraps text into the panel from row y, at most max rows (0: as
 * many as there are); a word longer than the panel is split.  Returns the
 * next free row. */
static int wrap_rows(const Ui *u, int y, attr_t a, const char *text, int max)
{
    const Layout *l = &u->look.lay;
    int w = l->pw - 1, used = 0;
    const char *s = text;
    if (w < 1)
        return y;
    attrset(a);
    while (*s && y < panel_bottom(u) && (max == 0 || used < max)) {
        while (*s == ' ')
            s++;
        int n = ui_line_break(s, w);
        mvprintw(y++, l->px, "%.*s", n, s);
        used++;
        s += n;
    }
    attrset(A_NORMAL);
    return y;
}

static int wrap(const Ui *u, int y, const char *text)
{
    return wrap_rows(u, y, A_NORMAL, text, 0);
}

/* Columns a text takes: its characters, not its bytes (the glyphs are
 * one column wide). */
static int text_width(const char *s)
{
    int n = 0;
    for (; *s; s++)
        n += ((unsigned char)*s & 0xC0) != 0x80;
    return n;
}

/* Bytes of s that fill at most cols columns. */
static int bytes_for(const char *s, int cols)
{
    int b = 0;
    while (s[b] && cols > 0) {
        b++;
        while (((unsigned char)s[b] & 0xC0) == 0x80)
            b++;
        cols--;
    }
    return b;
}

/* Fields separated by two blanks, as many to a row as fit, none split
 * (unless longer than the panel); returns the next free row. */
static int flow_fields(const Ui *u, int y, attr_t a, const char *const *fields, int n)
{
    int w = u->look.lay.pw - 1, x = 0;
    attrset(a);
    for (int i = 0; i < n && y < panel_bottom(u); i++) {
        int len = text_width(fields[i]);
        if (x && x + 2 + len > w) {
            y++;
            x = 0;
        }
        if (y >= panel_bottom(u))
            break;
        if (x)
            x += 2;
        mvaddnstr(y, u->look.lay.px + x, fields[i], bytes_for(fields[i], w - x));
        x += len;
    }
    attrset(A_NORMAL);
    return y + 1;
}

/* "human", "computer", the name the loaded game gives the player, or
 * the screen's own (the drill's defence). */
static const char *player_name(const Ui *u, int c, char *buf, size_t len)
{
    if (u->mode.player_text[c])
        return u->mode.player_text[c];
    const char *kind = u->game.player[c] == PL_COMPUTER ? "computer" : "human";
    const char *name = ui_player_tag(u, c);
    if (!name)
        return kind;
    if (u->game.player[c] == PL_COMPUTER)
        snprintf(buf, len, "%s (computer)", name);
    else
        snprintf(buf, len, "%s", name);
    return buf;
}

static void draw_hand(Ui *u, int row, int c)
{
    Layout *l = &u->look.lay;
    const Variant *v = u->game.v;
    l->hand_y[c] = row;
    memset(l->hand_x0[c], 0, sizeof l->hand_x0[c]);
    memset(l->hand_x1[c], 0, sizeof l->hand_x1[c]);
    mvprintw(row, l->px, "%s hand:", c == NC_WHITE ? "White" : "Black");
    int x = l->px + 12;
    bool any = false;
    for (int t = 0; t < v->ntypes; t++) {
        int n = ui_shown_pos(u)->hand[c][t];
        if (!n)
            continue;
        any = true;
        char buf[4], item[16];
        snprintf(item, sizeof item, "%sx%d", ui_piece_str(u, nc_code(t, c), buf), n);
        attr_t a = c == NC_WHITE ? A_BOLD : A_NORMAL;
        if (u->board.drop_type == t && u->game.g.pos.side == c)
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

static void draw_tutorial_panel(Ui *u, int y)
{
    const Variant *v = u->game.v;
    int type = u->mode.tut_type;
    int code = ui_shown_pos(u)->board[u->board.sel ? u->board.sel : u->board.cursor];
    if (u->board.sel && code != NC_EMPTY)
        type = nc_type(code);
    if (type < 0)
        return;
    const PieceType *pt = &v->types[type];
    char line[160];
    snprintf(line, sizeof line, "%s (%c)%s", pt->title, pt->letter, pt->titan ? " - Titan" : "");
    attrset(A_BOLD);
    mvprintw(y++, u->look.lay.px, "%.*s", u->look.lay.pw - 1, line);
    attrset(A_NORMAL);
    y = wrap(u, y, pt->description ? pt->description : "");
    if (pt->titan)
        y = wrap(u, y, "A Titan is never captured: a move onto it pushes it one square on; "
                       "what it is pushed onto is crushed, and off the board it is exiled.");
    y++;
    y = wrap(u, y, "+ move  x capture  * taken on the way  ~ lands after taking on the way  "
                   "^ push  = promote  O castle  [X] Titan");
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
    const SearchInfo *in = &u->engine.info;
    if (cached[0] && cached_key == u->game.g.pos.key && cached_depth == in->depth && cached_score == in->score &&
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
    Position pos = u->game.g.pos;
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
    cached_key = u->game.g.pos.key;
    cached_depth = in->depth;
    cached_score = in->score;
    cached_npv = in->npv;
    if (in->npv)
        cached_first = in->pv[0];
}

/* The game's setup, optional rules and Titans, when the variant has a
 * choice of them. */
static int draw_panel_game_kind(const Ui *u, int y)
{
    const Variant *v = u->game.v;
    char line[400];
    int n = 0;
    line[0] = 0;
    if (v->nsetups > 1)
        n += snprintf(line + n, sizeof line - (size_t)n, "Setup: %s. ",
                      u->game.setup[0] ? u->game.setup : v->setup_name[0]);
    if (v->noptions)
        n += snprintf(line + n, sizeof line - (size_t)n, "Rules: %s. ",
                      u->game.options[0] ? u->game.options : "standard");
    if (v->has_titans) {
        n += snprintf(line + n, sizeof line - (size_t)n, "Titans:");
        for (int t = 0; t < v->ntypes && n < (int)sizeof line - 40; t++)
            if (v->types[t].titan)
                n += snprintf(line + n, sizeof line - (size_t)n, " %s", ui_type_name(v, t));
    }
    return line[0] ? wrap_rows(u, y, u->look.colours ? COLOR_PAIR(PAIR_DIM) : A_NORMAL, line, 3) : y;
}

/* Where both clocks are drawn once the game has a time control; no
 * clock, no line.  Returns the next free row. */
/* Title, players and whose move it is (or how the game ended); returns
 * the next free row. */
static int draw_panel_status(const Ui *u, int y)
{
    const Position *p = &u->game.g.pos;
    char line[400];
    attr_t title = u->look.colours ? COLOR_PAIR(PAIR_TITLE) | A_BOLD : A_BOLD;
    snprintf(line, sizeof line, "%s%s", u->game.v->title, u->mode.tutorial ? " - tutorial" : "");
    y = wrap_rows(u, y, title, line, 2);
    if (!u->mode.tutorial)
        y = draw_panel_game_kind(u, y);
    char players[3][120], name[100];
    const char *fields[3] = {players[0], players[1], players[2]};
    snprintf(players[0], sizeof players[0], "White: %s", player_name(u, 0, name, sizeof name));
    snprintf(players[1], sizeof players[1], "Black: %s", player_name(u, 1, name, sizeof name));
    snprintf(players[2], sizeof players[2], "level %d", u->engine.level ? u->engine.level : 10);
    bool computer = u->game.player[0] == PL_COMPUTER || u->game.player[1] == PL_COMPUTER;
    y = flow_fields(u, y, A_NORMAL, fields, computer ? 3 : 2);
    if (u->mode.tutorial)
        return y + 1;
    y = ui_clock_draw(u, y);
    if (u->review.reviewing) {
        char n[16], label[200] = "the start";
        if (u->review.view_ply > 0) {
            ui_ply_number(u, u->review.view_ply - 1, n, sizeof n);
            size_t k = (size_t)snprintf(label, sizeof label, "%s ", n);
            ui_move_label(u, u->review.view_ply - 1, label + k, (int)(sizeof label - k));
        }
        snprintf(line, sizeof line, "Reviewing: after %s (ply %d of %d); End: back to the game", label,
                 u->review.view_ply, u->game.g.nply);
        return wrap_rows(u, y, A_REVERSE, line, 3);
    }
    if (ui_game_over(u)) {
        snprintf(line, sizeof line, "Game over: %s", u->game.result);
        return wrap_rows(u, y, u->look.colours ? COLOR_PAIR(PAIR_GOOD) | A_BOLD : A_BOLD, line, 2);
    }
    snprintf(line, sizeof line, "%s to move%s%s", p->side == NC_WHITE ? "White" : "Black",
             u->game.in_check ? " - CHECK" : "",
             u->engine.thinking ? " (thinking)" : u->engine.hinting ? " (hint...)" : "");
    y = wrap_rows(u, y, u->game.in_check ? (u->look.colours ? COLOR_PAIR(PAIR_ERROR) | A_BOLD : A_BOLD) : A_BOLD,
                  line, 1);
    if ((u->engine.thinking || u->engine.hinting) && u->engine.info.depth > 0) {
        thinking_line(u, line, sizeof line);
        y = wrap_rows(u, y, A_NORMAL, line, 2);
    }
    return y;
}

/* For each side that took something or leads in material: what it took
 * and its lead ("White +3: took N B P"); returns the next free row. */
static int draw_panel_material(const Ui *u, int y)
{
    for (int c = 0; c < 2; c++) {
        char line[200];
        if (ui_material_line(u, c, line, sizeof line) > 0 || ui_material_lead(u, c) > 0)
            y = wrap_rows(u, y, A_NORMAL, line, 2);
    }
    return y;
}

/* What is under the cursor, and what the hovered move would do. */
static int draw_panel_cursor(const Ui *u, int y)
{
    const Variant *v = u->game.v;
    char sqn[8], line[256];
    int code = ui_shown_pos(u)->board[u->board.cursor];
    nc_sqname(v, u->board.cursor, sqn);
    if (code != NC_EMPTY && code != NC_OFF)
        snprintf(line, sizeof line, "%s: %s %s%s", sqn, nc_colour(code) == NC_WHITE ? "White" : "Black",
                 ui_type_name(v, nc_type(code)), v->types[nc_type(code)].titan ? " [Titan]" : "");
    else
        snprintf(line, sizeof line, "%s: empty", sqn);
    y = wrap_rows(u, y, A_NORMAL, line, 1);
    if (u->board.hover[0])
        return wrap_rows(u, y, A_BOLD, u->board.hover, 3);
    if (u->board.sel || u->board.drop_type >= 0)
        return wrap_rows(u, y, A_DIM, "(move the cursor to a marked square)", 2);
    return y + 1;
}

/* The legend of the pieces at the bottom, each entry whole, as many to a
 * line as fit, when the panel has room for it and still for some moves;
 * returns the row where the moves must end. */
static int draw_piece_legend(const Ui *u, int y)
{
    const Variant *v = u->game.v;
    char items[NC_MAX_TYPES][80];
    const char *fields[NC_MAX_TYPES];
    int w = u->look.lay.pw - 1, rows = 1, x = 0;
    for (int t = 0; t < v->ntypes; t++) {
        char buf[4];
        const PieceType *pt = &v->types[t];
        snprintf(items[t], sizeof items[t], "%s%s%s %s", pt->titan ? "[" : "",
                 ui_piece_str(u, nc_code(t, NC_WHITE), buf), pt->titan ? "]" : "", pt->title);
        fields[t] = items[t];
        int len = text_width(items[t]);
        if (x && x + 2 + len > w) {
            rows++;
            x = 0;
        }
        x += (x ? 2 : 0) + len;
    }
    int bottom = panel_bottom(u);
    if (bottom - y - 1 - rows < 5)
        return bottom;
    bottom -= rows;
    flow_fields(u, bottom, u->look.colours ? COLOR_PAIR(PAIR_DIM) : A_NORMAL, fields, v->ntypes);
    return bottom;
}

void ui_draw_panel(Ui *u)
{
    Layout *l = &u->look.lay;
    int y = draw_panel_status(u, l->py);
    if (!u->mode.tutorial)
        y = draw_panel_material(u, y);
    if (u->game.v->has_drops) {
        draw_hand(u, y++, NC_WHITE);
        draw_hand(u, y++, NC_BLACK);
    } else {
        l->hand_y[0] = l->hand_y[1] = -1;
    }
    y = draw_panel_cursor(u, y);
    if (u->mode.tutorial) {
        draw_tutorial_panel(u, y);
        return;
    }
    y = ui_analysis_draw(u, y);
    int bottom = draw_piece_legend(u, y);
    y = ui_report_panel(u, y, bottom, 4);
    if (y < bottom) {
        attrset(A_UNDERLINE);
        mvprintw(y++, l->px, "Moves");
        attrset(A_NORMAL);
    }
    ui_draw_move_list(u, y, bottom);
}
