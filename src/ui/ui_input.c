/* Keys and mouse: cursor, selection, menus, the move prompt and the help
 * screen.  Every action leaves a message saying what happened or why not. */
#include "ui_internal.h"

#include <curses.h>
#include <stdlib.h>
#include <string.h>

volatile sig_atomic_t ui_signal_caught;

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

static void draw_menu_box(const char *title, const char *const *items, int n, int cur,
                          int *top, int *left, int *width)
{
    int rows, cols;
    getmaxyx(stdscr, rows, cols);
    int w = (int)strlen(title) + 4;
    for (int i = 0; i < n; i++)
        if ((int)strlen(items[i]) + 8 > w)
            w = (int)strlen(items[i]) + 8;
    if (w > cols)
        w = cols;
    int h = n + 2;
    int y = (rows - h) / 2 > 0 ? (rows - h) / 2 : 0, x = (cols - w) / 2 > 0 ? (cols - w) / 2 : 0;
    attrset(A_NORMAL);
    for (int r = 0; r < h && y + r < rows; r++)
        mvhline(y + r, x, ' ', w);
    attrset(A_BOLD);
    mvhline(y, x, '-', w);
    mvhline(y + h - 1 < rows ? y + h - 1 : rows - 1, x, '-', w);
    mvprintw(y, x + 1, " %.*s ", w - 4, title);
    attrset(A_NORMAL);
    for (int i = 0; i < n && y + 1 + i < rows; i++) {
        if (i == cur)
            attrset(A_REVERSE);
        mvprintw(y + 1 + i, x + 1, "%d %-*.*s", i + 1, w - 4, w - 4, items[i]);
        attrset(A_NORMAL);
    }
    move(y + 1 + cur, x + 1);
    refresh();
    *top = y + 1;
    *left = x;
    *width = w;
}

int ui_menu(Ui *u, const char *title, const char *const *items, int n)
{
    int cur = 0;
    for (;;) {
        int top, left, width;
        ui_draw(u);
        draw_menu_box(title, items, n, cur, &top, &left, &width);
        int k = ui_getkey(u);
        if (k == ERR)
            return -1;
        if (k == KEY_UP || k == 'k')
            cur = (cur + n - 1) % n;
        else if (k == KEY_DOWN || k == 'j' || k == '\t')
            cur = (cur + 1) % n;
        else if (k == '\n' || k == '\r' || k == KEY_ENTER || k == ' ')
            return cur;
        else if (k >= '1' && k <= '9' && k - '1' < n)
            return k - '1';
        else if (k == 27 || k == 'q')
            return -1;
        else if (k == KEY_MOUSE) {
            MEVENT ev;
            if (getmouse(&ev) == OK && (ev.bstate & (BUTTON1_CLICKED | BUTTON1_PRESSED | BUTTON1_RELEASED))) {
                int i = ev.y - top;
                if (i >= 0 && i < n && ev.x >= left && ev.x < left + width)
                    return i;
                return -1;
            }
        }
    }
}

bool ui_confirm(Ui *u, const char *question)
{
    const char *items[] = {"Yes", "No"};
    return ui_menu(u, question, items, 2) == 0;
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

static bool refuse_if_not_human_turn(Ui *u)
{
    if (ui_game_over(u)) {
        ui_msg(u, true, "The game is over (%s); n starts a new one, u takes back", u->result);
        return true;
    }
    if (u->player[u->g.pos.side] == PL_COMPUTER) {
        ui_msg(u, true, "It is the computer's move; g makes it move now, c lets you play this side");
        return true;
    }
    return false;
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

/* Why a move from `from` (0: the selected hand piece) to `to` is refused:
 * either the piece cannot move there at all, or it could but would leave
 * its own king where an enemy move could remove it. */
static void explain_refusal(Ui *u, int from, int drop_type, int to)
{
    char a[8], b[8];
    nc_sqname(u->v, to, b);
    Position p = u->g.pos;
    MoveList ml;
    gen_pseudo(&p, &ml);
    for (int i = 0; i < ml.n; i++) {
        const Move *m = &ml.m[i];
        bool same = drop_type >= 0 ? m->kind == MK_DROP && m->promo == drop_type + 1
                                   : m->kind != MK_DROP && m->from == from;
        if (same && m->to == to) {
            ui_msg(u, true, "Not allowed: that move to %s would leave your king in check", b);
            return;
        }
    }
    if (drop_type >= 0)
        ui_msg(u, true, "The %s cannot be dropped on %s", ui_type_name(u->v, drop_type), b);
    else
        ui_msg(u, true, "The %s on %s cannot go to %s", ui_type_name(u->v, nc_type(u->g.pos.board[from])),
               nc_sqname(u->v, from, a), b);
}

static void activate(Ui *u)
{
    if (ui_game_over(u)) {
        ui_msg(u, true, "The game is over (%s); n starts a new one, u takes back", u->result);
        return;
    }
    if (u->sel || u->drop_type >= 0) {
        if (u->cursor == u->sel) {
            ui_select(u, 0);
            ui_msg(u, false, "Selection cancelled");
            return;
        }
        Move c[32];
        int n = ui_candidates(u, u->cursor, c, 32);
        if (u->drop_type >= 0) {
            /* On a drop square, ask how far the dropped piece slides. */
            int k = 0;
            for (int i = 0; i < u->legal.n && k < 32; i++) {
                const Move *m = &u->legal.m[i];
                if (m->kind == MK_DROP && m->promo == u->drop_type + 1 && m->aux == u->cursor)
                    c[k++] = *m;
            }
            if (k > 1)
                n = k;
        }
        if (n > 0) {
            if (refuse_if_not_human_turn(u))
                return;
            ui_play_candidates(u, c, n);
            return;
        }
    }
    int code = u->g.pos.board[u->cursor];
    char sqn[8];
    nc_sqname(u->v, u->cursor, sqn);
    if (code == NC_EMPTY) {
        if (u->sel || u->drop_type >= 0)
            explain_refusal(u, u->sel, u->drop_type, u->cursor);
        else
            ui_msg(u, true, "No piece on %s", sqn);
        return;
    }
    if (nc_colour(code) != u->g.pos.side) {
        if (u->sel || u->drop_type >= 0)
            explain_refusal(u, u->sel, u->drop_type, u->cursor);
        else
            ui_msg(u, true, "The piece on %s is %s's; it is %s to move", sqn,
                   nc_colour(code) == NC_WHITE ? "White" : "Black",
                   u->g.pos.side == NC_WHITE ? "White" : "Black");
        return;
    }
    if (refuse_if_not_human_turn(u))
        return;
    ui_select(u, u->cursor);
    int moves = 0;
    for (int i = 0; i < u->legal.n; i++)
        if (u->legal.m[i].kind != MK_DROP && u->legal.m[i].from == u->cursor)
            moves++;
    if (moves == 0) {
        ui_select(u, 0);
        ui_msg(u, true, "The %s on %s has no legal move%s", ui_type_name(u->v, nc_type(code)), sqn,
               u->in_check ? " (your king is in check)" : "");
    } else {
        ui_msg(u, false, "%s on %s: %d move%s; choose a marked square", ui_type_name(u->v, nc_type(code)),
               sqn, moves, moves == 1 ? "" : "s");
    }
}

static void choose_drop(Ui *u)
{
    if (refuse_if_not_human_turn(u))
        return;
    int side = u->g.pos.side, types[NC_MAX_TYPES], n = 0;
    char labels[NC_MAX_TYPES][64];
    const char *items[NC_MAX_TYPES];
    for (int t = 0; t < u->v->ntypes; t++) {
        if (!u->g.pos.hand[side][t])
            continue;
        snprintf(labels[n], sizeof labels[n], "%s (%d in hand)", ui_type_name(u->v, t), u->g.pos.hand[side][t]);
        items[n] = labels[n];
        types[n++] = t;
    }
    if (n == 0) {
        ui_msg(u, true, "%s has no pieces in hand", side == NC_WHITE ? "White" : "Black");
        return;
    }
    int pick = n == 1 ? 0 : ui_menu(u, "Drop which piece?", items, n);
    if (pick < 0)
        return;
    int t = types[pick];
    ui_select_drop(u, t);
    int k = 0;
    for (int i = 0; i < u->legal.n; i++)
        if (u->legal.m[i].kind == MK_DROP && u->legal.m[i].promo == t + 1)
            k++;
    if (!k) {
        ui_select_drop(u, -1);
        ui_msg(u, true, "The %s cannot be dropped anywhere now", ui_type_name(u->v, t));
    } else {
        ui_msg(u, false, "Drop the %s: choose a marked square", ui_type_name(u->v, t));
    }
}

static void type_move(Ui *u)
{
    if (refuse_if_not_human_turn(u))
        return;
    char buf[160] = "";
    if (!ui_prompt(u, "Move: ", buf, sizeof buf) || !buf[0])
        return;
    Move m;
    char err[256];
    if (move_from_text(&u->g.pos, buf, &m, err, sizeof err)) {
        /* A short form naming several moves: offer them in the menu. */
        const char *list = strstr(err, "could be ");
        if (list) {
            Move c[16];
            int n = 0;
            char cands[512];
            snprintf(cands, sizeof cands, "%s", list + 9);
            for (char *tok = strtok(cands, " "); tok && n < 16; tok = strtok(NULL, " ")) {
                size_t l = strlen(tok);
                if (l && tok[l - 1] == ',' )
                    tok[l - 1] = 0;
                char e2[256];
                if (move_from_text(&u->g.pos, tok, &c[n], e2, sizeof e2) == 0)
                    n++;
            }
            if (n > 1) {
                ui_play_candidates(u, c, n);
                return;
            }
        }
        /* For "from-to" that names no legal move, say why when we can. */
        const char *t = buf;
        int from = nc_parse_sq(u->v, &t);
        if (from > 0 && (*t == '-' || *t == 'x'))
            t++;
        int to = from > 0 ? nc_parse_sq(u->v, &t) : -1;
        if (strstr(err, "illegal") && from > 0 && to > 0) {
            int code = u->g.pos.board[from];
            if (code == NC_EMPTY)
                ui_msg(u, true, "%s: there is no piece on %.4s", err, buf);
            else if (nc_colour(code) != u->g.pos.side)
                ui_msg(u, true, "%s: that piece is not yours to move", err);
            else
                explain_refusal(u, from, -1, to);
            return;
        }
        ui_msg(u, true, "%s", err);
        return;
    }
    char d[200];
    ui_describe_move(u, &m, d, sizeof d);
    ui_play(u, &m);
    ui_msg(u, false, "Played %s", d);
}

static void save_game(Ui *u)
{
    char path[512];
    snprintf(path, sizeof path, "%s", u->save_path[0] ? u->save_path : "ninjachess.pgn");
    if (!ui_prompt(u, "Save to: ", path, sizeof path) || !path[0])
        return;
    char err[512];
    if (ui_pgn_save(u, path, err, sizeof err))
        ui_msg(u, true, "%s", err);
    else {
        snprintf(u->save_path, sizeof u->save_path, "%s", path);
        ui_msg(u, false, "Saved to %s", path);
    }
}

static void load_game(Ui *u)
{
    char path[512];
    snprintf(path, sizeof path, "%s", u->save_path);
    if (!ui_prompt(u, "Open: ", path, sizeof path) || !path[0])
        return;
    char err[512];
    if (ui_pgn_load(u, path, err, sizeof err))
        ui_msg(u, true, "%s", err);
    else {
        snprintf(u->save_path, sizeof u->save_path, "%s", path);
        ui_msg(u, false, "Loaded %s (%d plies)", path, u->g.nply);
    }
}

static void new_game(Ui *u)
{
    char variant[48], setup[24], options[96], titans[160];
    if (!ui_start_screen(u, u->data_dir, variant, sizeof variant, setup, sizeof setup, options,
                         sizeof options, titans, sizeof titans))
        return;
    char err[512];
    if (ui_game_new(u, u->data_dir, variant, setup, options, titans, NULL, err, sizeof err))
        ui_msg(u, true, "%s", err);
    else
        ui_msg(u, false, "New game of %s", u->v->title);
}

static void offer_draw(Ui *u)
{
    if (ui_game_over(u)) {
        ui_msg(u, true, "The game is already over");
        return;
    }
    int other = u->g.pos.side ^ 1;
    bool accepted;
    if (u->player[other] == PL_COMPUTER) {
        /* The computer takes a draw when its last search saw no advantage. */
        accepted = u->have_score && u->last_score <= 0;
    } else {
        char q[64];
        snprintf(q, sizeof q, "%s offers a draw. %s, accept?", u->g.pos.side == NC_WHITE ? "White" : "Black",
                 other == NC_WHITE ? "White" : "Black");
        accepted = ui_confirm(u, q);
    }
    if (accepted) {
        ui_computer_stop(u);
        u->end = END_AGREED;
        snprintf(u->result, sizeof u->result, "1/2-1/2, draw agreed");
        ui_msg(u, false, "Draw agreed");
    } else {
        ui_msg(u, false, "The draw offer was declined");
    }
}

static void resign(Ui *u)
{
    if (ui_game_over(u)) {
        ui_msg(u, true, "The game is already over");
        return;
    }
    int side = u->g.pos.side;
    /* Against the computer the human resigns, whoever is to move. */
    if (u->player[side] == PL_COMPUTER && u->player[side ^ 1] == PL_HUMAN)
        side ^= 1;
    char q[64];
    snprintf(q, sizeof q, "%s resigns?", side == NC_WHITE ? "White" : "Black");
    if (!ui_confirm(u, q))
        return;
    ui_computer_stop(u);
    u->end = END_RESIGN;
    snprintf(u->result, sizeof u->result, "%s, %s resigned", side == NC_WHITE ? "0-1" : "1-0",
             side == NC_WHITE ? "White" : "Black");
    ui_msg(u, false, "%s resigned", side == NC_WHITE ? "White" : "Black");
}

static void mouse(Ui *u)
{
    MEVENT ev;
    if (getmouse(&ev) != OK || !(ev.bstate & (BUTTON1_CLICKED | BUTTON1_PRESSED)))
        return;
    int sq = ui_square_at(u, ev.y, ev.x);
    if (sq) {
        u->cursor = sq;
        ui_hover(u);
        activate(u);
        return;
    }
    for (int c = 0; c < 2; c++) {
        if (ev.y != u->lay.hand_y[c])
            continue;
        for (int t = 0; t < u->v->ntypes; t++) {
            if (u->lay.hand_x1[c][t] && ev.x >= u->lay.hand_x0[c][t] && ev.x < u->lay.hand_x1[c][t]) {
                if (c != u->g.pos.side) {
                    ui_msg(u, true, "That is %s's hand; it is %s to move", c ? "Black" : "White",
                           c ? "White" : "Black");
                    return;
                }
                if (refuse_if_not_human_turn(u))
                    return;
                ui_select_drop(u, t);
                ui_msg(u, false, "Drop the %s: choose a marked square", ui_type_name(u->v, t));
                return;
            }
        }
    }
}

void ui_handle_key(Ui *u, int k)
{
    u->msg[0] = 0;
    switch (k) {
    case KEY_LEFT: case 'h': ui_cursor_step(u, -1, 0); break;
    case KEY_RIGHT: case 'l': ui_cursor_step(u, 1, 0); break;
    case KEY_UP: case 'k': ui_cursor_step(u, 0, 1); break;
    case KEY_DOWN: case 'j': ui_cursor_step(u, 0, -1); break;
    case KEY_SLEFT: case 'H': for (int i = 0; i < 4; i++) ui_cursor_step(u, -1, 0); break;
    case KEY_SRIGHT: case 'L': for (int i = 0; i < 4; i++) ui_cursor_step(u, 1, 0); break;
    case KEY_SR: case 'K': for (int i = 0; i < 4; i++) ui_cursor_step(u, 0, 1); break;
    case KEY_SF: case 'J': for (int i = 0; i < 4; i++) ui_cursor_step(u, 0, -1); break;
    case '\n': case '\r': case KEY_ENTER: case ' ':
        if (u->thinking && k == ' ') {
            ui_computer_move_now(u);
            break;
        }
        activate(u);
        break;
    case 27:
        ui_select(u, 0);
        break;
    case ':': case 'm': type_move(u); break;
    case 'd': choose_drop(u); break;
    case 'u':
        if (!ui_undo(u))
            ui_msg(u, true, "Nothing to undo");
        else
            ui_msg(u, false, "Took back; r redoes");
        break;
    case 'r':
        if (!ui_redo(u))
            ui_msg(u, true, "Nothing to redo");
        else
            ui_msg(u, false, "Redone");
        break;
    case 'f': u->flipped = !u->flipped; ui_msg(u, false, "Board flipped"); break;
    case 'a': ui_hint(u); break;
    case 'g':
        if (u->thinking)
            ui_computer_move_now(u);
        else
            ui_msg(u, true, "The computer is not thinking");
        break;
    case 'c':
        ui_computer_stop(u);
        u->player[u->g.pos.side] ^= 1;
        ui_msg(u, false, "%s is played by the %s", u->g.pos.side == NC_WHITE ? "White" : "Black",
               u->player[u->g.pos.side] == PL_COMPUTER ? "computer" : "human");
        break;
    case '+': case '-': {
        int lv = u->level ? u->level : 10;
        lv += k == '+' ? 1 : -1;
        u->level = lv < 1 ? 1 : lv > 10 ? 10 : lv;
        ui_msg(u, false, "Computer level %d", u->level);
        break;
    }
    case 'n': new_game(u); break;
    case 'R': resign(u); break;
    case 'D': offer_draw(u); break;
    case 's': save_game(u); break;
    case 'o': load_game(u); break;
    case 't': ui_tutorial(u); break;
    case '?': case KEY_F(1): ui_help(u); break;
    case 'q': u->quit = true; break;
    case KEY_MOUSE: mouse(u); break;
    case KEY_RESIZE: case ERR: break;
    default:
        ui_msg(u, true, "Unknown key; ? shows the keys");
        break;
    }
}
