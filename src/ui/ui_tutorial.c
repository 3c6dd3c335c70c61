/* Tutorial: a sandbox copy of the variant where any piece of either colour
 * can be placed and moved, with its legal moves highlighted and its rules
 * shown in the words of the data files, and the lessons of data/lessons/
 * (ui_lesson.c) shown in the same sandbox.  The game in progress (app) is
 * untouched but for its message; the sandbox is this screen's own Ui.
 * Its catalogue, menus, move choice and help page are dialogs over it
 * (ui_dialog.c), answered in tutorial_resume, which hands the lessons'
 * answers to ui_lesson.c. */
#include "ui_tutorial.h"
#include "ui_lesson.h"
#include "ui_board_input.h"

#include <curses.h>
#include <stdlib.h>
#include <string.h>

/* Puts a new board into the sandbox; castling rights and en passant are
 * dropped because hand-placed pieces make them meaningless. */
static void sandbox_set(Ui *t, Position *p)
{
    p->castle = 0;
    p->nep = 0;
    p->halfmove = 0;
    p->scepter = false;
    p->key = pos_compute_key(p);
    int cursor = t->board.cursor;
    ui_game_reset(t, p);
    t->board.cursor = cursor;
    t->game.end = END_NONE;
    t->game.result[0] = 0;
}

static void set_side(Ui *t, int side)
{
    if (t->game.g.pos.side == side)
        return;
    Position p = t->game.g.pos;
    p.side = side;
    sandbox_set(t, &p);
}

/* What the dialog open over the tutorial asks (its tag). */
enum { ASK_NONE, ASK_FIRST_PIECE, ASK_PIECE, ASK_PLACE_TYPE, ASK_PLACE_COLOUR, ASK_DROP, ASK_EXAMPLE, ASK_WHICH,
       ASK_HELP };

/* What the answers need: the stack holds at most one tutorial. */
static struct {
    int place_type;
    int drop_types[2 * NC_MAX_TYPES], drop_cols[2 * NC_MAX_TYPES], ndrops;
    Move cand[16];
    int ncand;
} asking;

static void ask(Ui *t, bool ok)
{
    if (!ok)
        ui_msg(t, true, "The question does not fit on the screen's dialog");
}

/* The pieces with their whole descriptions; the menu wraps them at word
 * boundaries, so none is cut.  Asked with tag; false when it cannot be. */
static bool catalogue(Ui *t, int tag, const char *title)
{
    char *lines[NC_MAX_TYPES];
    const char *items[NC_MAX_TYPES];
    int n = 0;
    for (int i = 0; i < t->game.v->ntypes; i++) {
        const PieceType *pt = &t->game.v->types[i];
        const char *d = pt->description ? pt->description : "";
        size_t len = strlen(pt->title) + strlen(d) + 32;
        lines[i] = malloc(len);
        if (!lines[i])
            break;
        snprintf(lines[i], len, "%c %s%s - %s", pt->letter, pt->title, pt->titan ? " (Titan)" : "", d);
        items[i] = lines[i];
        n++;
    }
    bool ok = false;
    if (n == t->game.v->ntypes)
        ask(t, ok = screen_ask_menu(tag, title, items, n));
    else
        ui_msg(t, true, "Out of memory for the list of pieces");
    for (int i = 0; i < n; i++)
        free(lines[i]);
    return ok;
}

static int centre_square(const Ui *t)
{
    const Variant *v = t->game.v;
    int sq = nc_sq(v, (v->width - 1) / 2, (v->height - 1) / 2);
    return v->exists[sq] ? sq : v->squares[v->nsquares / 2];
}

/* Clears the board, puts a White piece of the type in the centre and shows its moves. */
static void show_piece(Ui *t, int type)
{
    Position p;
    pos_clear(&p, t->game.v);
    p.side = NC_WHITE;
    int sq = centre_square(t);
    pos_put(&p, sq, nc_code(type, NC_WHITE));
    t->board.cursor = sq;
    sandbox_set(t, &p);
    t->mode.tut_type = type;
    ui_select(t, sq);
    ui_msg(t, false, "%s: its moves are marked; p places more pieces, Enter moves", ui_type_name(t->game.v, type));
}

static const char *const colours[] = {"White", "Black"};

static void place(Ui *t)
{
    catalogue(t, ASK_PLACE_TYPE, "Place which piece at the cursor?");
}

static void place_answered(Ui *t, int c)
{
    int type = asking.place_type;
    Position p = t->game.g.pos;
    pos_put(&p, t->board.cursor, nc_code(type, c));
    sandbox_set(t, &p);
    t->mode.tut_type = type;
    ui_msg(t, false, "Placed a %s %s", colours[c], ui_type_name(t->game.v, type));
}

static void remove_piece(Ui *t)
{
    if (t->game.g.pos.board[t->board.cursor] == NC_EMPTY)
        return;
    Position p = t->game.g.pos;
    pos_put(&p, t->board.cursor, NC_EMPTY);
    sandbox_set(t, &p);
}

static void hand_drop(Ui *t)
{
    /* Every droppable type of either colour; one in hand is enough. */
    char lines[2 * NC_MAX_TYPES][80];
    const char *items[2 * NC_MAX_TYPES];
    int n = 0;
    for (int c = 0; c < 2; c++)
        for (int ty = 0; ty < t->game.v->ntypes; ty++)
            if (t->game.v->droppable[ty]) {
                snprintf(lines[n], sizeof lines[n], "%s %s", c ? "Black" : "White", ui_type_name(t->game.v, ty));
                items[n] = lines[n];
                asking.drop_types[n] = ty;
                asking.drop_cols[n++] = c;
            }
    asking.ndrops = n;
    if (!n) {
        ui_msg(t, true, "This variant has no drops");
        return;
    }
    ask(t, screen_ask_menu(ASK_DROP, "Show the drop squares of", items, n));
}

static void drop_answered(Ui *t, int k)
{
    int *types = asking.drop_types, *cols = asking.drop_cols;
    Position p = t->game.g.pos;
    if (!p.hand[cols[k]][types[k]])
        p.hand[cols[k]][types[k]] = 1;
    p.side = cols[k];
    sandbox_set(t, &p);
    t->mode.tut_type = types[k];
    ui_select_drop(t, types[k]);
    ui_msg(t, false, "Drop squares of the %s are marked", ui_type_name(t->game.v, types[k]));
}

/* Examples given in the rule texts, as positions (board parts from the
 * texts' own words; the Titan example follows the Titan Pieces text). */
typedef struct {
    const char *variant, *fen, *play, *select, *caption;
} Example;

static const Example examples[] = {
    {"titan-chess", "12/12/12/12/12/12/12/12/12/6P5/12/12 w - - 0 1", NULL, "g3",
     "Titan Chess: the pawn at g3 can start g3-g6, or go g3-g5 then g5-g6"},
    {"titan-chess", "12/12/12/12/12/12/12/1p10/12/P11/12/12 w - - 0 1", "a3-a5", "b5",
     "Titan Chess: after a3-a5 the pawn on b5 takes en passant on a4"},
    {"stealth-ninja", "****2****/10/10/10/10/10/10/10/10/5P4/10/****2****[] w - - 0 1", NULL, "f2",
     "Stealth Ninja: the pawn at f2 can start f2-f5, or f2-f4 then f4-f5"},
    {"stealth-ninja", "****2****/10/10/10/10/10/10/10/5J4/10/10/****2****[] w - - 0 1", NULL, "f3",
     "Stealth Ninja: a ninja pawn that went e3-f3 may still shoot to f5"},
    {"flying-warmachines", "****2****/10/7Jb1/10/10/10/10/10/10/10/10/****2****[] w - - 0 1", NULL, "h9",
     "Flying Warmachines: the ninja pawn at h9 takes i9, goes to g9, or promotes"},
    {"stealth-ninja", "****2****/10/10/10/10/10/10/10/10/PPPP1PPPPP/10/****2****[J] w - - 0 1", NULL, NULL,
     "Stealth Ninja: a ninja pawn is dropped on rank 2 and may slide up to rank 5"},
    {"chess-titan-rooks", "4k3/8/8/3n4/3r4/8/8/3RK3 w - - 0 1", NULL, "d1",
     "Titan Pieces: d1-d4 pushes the Titan rook to d5, crushing the knight there"},
};

static void open_example(Ui *t)
{
    const char *items[sizeof examples / sizeof examples[0]];
    int n = (int)(sizeof examples / sizeof examples[0]);
    for (int i = 0; i < n; i++)
        items[i] = examples[i].caption;
    ask(t, screen_ask_menu(ASK_EXAMPLE, "Examples from the rule texts", items, n));
}

static void example_answered(Ui *t, int k)
{
    const Example *e = &examples[k];
    char err[400];
    if (ui_game_new(t, t->data_dir, e->variant, NULL, NULL, NULL, e->fen, err, sizeof err)) {
        ui_msg(t, true, "%s", err);
        return;
    }
    snprintf(t->game.vname, sizeof t->game.vname, "%s", e->variant);
    t->game.end = END_NONE;
    if (e->play) {
        Move m;
        if (move_from_text(&t->game.g.pos, e->play, &m, err, sizeof err) == 0)
            ui_play(t, &m);
        t->game.end = END_NONE;
    }
    if (e->select) {
        const char *sqs = e->select;
        int sq = nc_parse_sq(t->game.v, &sqs);
        if (sq > 0 && t->game.g.pos.board[sq] != NC_EMPTY) {
            t->board.cursor = sq;
            t->mode.tut_type = nc_type(t->game.g.pos.board[sq]);
            ui_select(t, sq);
        }
    } else {
        int j = nc_type_of_letter(t->game.v, 'J');
        if (j >= 0) {
            t->mode.tut_type = j;
            ui_select_drop(t, j);
        }
    }
    ui_msg(t, false, "%s", e->caption);
}

/* The one sandbox: the stack holds at most one tutorial. */
static Ui sandbox;
static LessonView lessons;

/* Entries of the lesson menu after the variants: other screens that teach.
 * The checkmate drills slot in here, e.g. {"Checkmate drills", SCR_DRILL}.
 * (The NULL entry only keeps the array from being empty.) */
static const struct {
    const char *label;
    ScreenId screen;
} lesson_extras[] = {
    {"Checkmate drills: mate a bare king, counted against the shortest mate", SCR_DRILL},
};

static void open_lessons(Ui *t)
{
    const char *items[sizeof lesson_extras / sizeof lesson_extras[0]] = {NULL};
    int n = 0;
    for (size_t i = 0; i < sizeof lesson_extras / sizeof lesson_extras[0]; i++)
        if (lesson_extras[i].label)
            items[n++] = lesson_extras[i].label;
    ui_lesson_menu(t, &lessons, items, n);
}

/* An extra entry of the lessons' menu chosen: its screen. */
static void open_extra(Ui *t, int k)
{
    for (size_t i = 0; k >= 0 && i < sizeof lesson_extras / sizeof lesson_extras[0]; i++)
        if (lesson_extras[i].label && k-- == 0) {
            DrillChoice c = {0}; /* the tutorial's variant, a menu of the materials */
            snprintf(c.variant, sizeof c.variant, "%s", t->game.vname);
            screen_push(lesson_extras[i].screen, &c, sizeof c);
        }
}

/* Plays the move the player named, and goes on showing the piece that
 * moved. */
static void play_named(Ui *t, void *self, const Move *m)
{
    (void)self; /* the tutorial's state is t */
    int to = t->board.cursor; /* where the candidates land; it stays put while asked */
    ui_play_candidate(t, m);
    t->game.end = END_NONE;
    /* Keep showing the piece that moved, from its new square. */
    int code = t->game.g.pos.board[to];
    if (code != NC_EMPTY) {
        set_side(t, nc_colour(code));
        ui_select(t, to);
    }
}

static void tutorial_activate(Ui *t)
{
    if (ui_lesson_activate(t, &lessons))
        return;
    if (t->board.sel || t->board.drop_type >= 0) {
        Move c[32];
        int n = ui_candidates(t, t->board.cursor, c, 32);
        if (n > 0) {
            ui_board_candidates(t, c, n, play_named, NULL, ASK_WHICH, asking.cand, &asking.ncand);
            return;
        }
    }
    int code = t->game.g.pos.board[t->board.cursor];
    if (code == NC_EMPTY) {
        ui_select(t, 0);
        return;
    }
    set_side(t, nc_colour(code));
    t->mode.tut_type = nc_type(code);
    ui_select(t, t->board.cursor);
    int moves = 0;
    for (int i = 0; i < t->board.legal.n; i++)
        if (t->board.legal.m[i].kind != MK_DROP && t->board.legal.m[i].from == t->board.cursor)
            moves++;
    ui_msg(t, false, "%s: %d legal move%s here", ui_type_name(t->game.v, nc_type(code)), moves, moves == 1 ? "" : "s");
}

static void choose_piece(Ui *t)
{
    catalogue(t, ASK_PIECE, "Choose a piece to learn");
}

static void help(Ui *t)
{
    ask(t, screen_ask_help(ASK_HELP, t));
}

static void clear_board(Ui *t)
{
    Position p;
    pos_clear(&p, t->game.v);
    sandbox_set(t, &p);
}

static void take_back(Ui *t)
{
    ui_undo(t);
    t->game.end = END_NONE;
}

static void flip(Ui *t)
{
    t->look.flipped = !t->look.flipped;
}

static void cancel_selection(Ui *t)
{
    ui_select(t, 0);
}

static void click(Ui *t)
{
    MEVENT ev;
    if (!ui_mouse_event(&ev))
        return;
    int sq = ui_square_at(t, ev.y, ev.x);
    if (sq) {
        t->board.cursor = sq;
        tutorial_activate(t);
        return;
    }
    /* In a lesson a click on a piece in the side to move's hand selects
     * it for dropping. */
    int side = t->game.g.pos.side;
    const Layout *lay = &t->look.lay;
    for (int ty = 0; lessons.cur >= 0 && ev.y == lay->hand_y[side] && ty < t->game.v->ntypes; ty++)
        if (lay->hand_x1[side][ty] && ev.x >= lay->hand_x0[side][ty] && ev.x < lay->hand_x1[side][ty])
            ui_lesson_select_drop(t, ty);
}

static void nothing(Ui *t)
{
    (void)t;
}

static const struct {
    int key, dx, dy;
} cursor_keys[] = {
    {KEY_LEFT, -1, 0}, {'h', -1, 0}, {KEY_RIGHT, 1, 0}, {'l', 1, 0},
    {KEY_UP, 0, 1}, {'k', 0, 1}, {KEY_DOWN, 0, -1}, {'j', 0, -1},
};

static const struct {
    int key;
    void (*act)(Ui *t);
} action_keys[] = {
    {'\n', tutorial_activate}, {'\r', tutorial_activate}, {KEY_ENTER, tutorial_activate},
    {' ', tutorial_activate}, {KEY_MOUSE, click}, {'c', choose_piece}, {'p', place},
    {'x', remove_piece}, {'X', clear_board}, {'d', hand_drop}, {'e', open_example}, {'L', open_lessons},
    {'u', take_back}, {'f', flip}, {27, cancel_selection}, {'?', help}, {KEY_F(1), help},
    {KEY_RESIZE, nothing},
};

/* The puzzles opened from here tell their result (the rating, or why
 * none opened) in app's message, under this screen: it is shown here. */
static bool puzzles_asked;

/* The puzzles of the sandbox's variant (an example's, once one is chosen). */
static void open_puzzles(Ui *u, Ui *t)
{
    u->msg[0] = 0;
    puzzles_asked = true;
    screen_push(SCR_PUZZLE, t->game.vname, strlen(t->game.vname) + 1);
}

static void show_puzzles_word(Ui *u, Ui *t)
{
    puzzles_asked = false;
    if (u->msg[0])
        ui_msg(t, u->msg_error, "%s", u->msg);
}

/* A fresh sandbox of app's variant; app's search stops while it is open. */
static bool tutorial_open(Ui *u, const void *arg, void **self)
{
    (void)arg;
    Ui *t = &sandbox;
    memset(t, 0, sizeof *t);
    t->board.drop_type = -1;
    t->mode.tut_type = -1;
    t->look.utf8 = u->look.utf8;
    t->look.ascii = u->look.ascii;
    t->look.colours = u->look.colours;
    t->mode.tutorial = true;
    t->mode.keys_of = UI_KEYS_TUTORIAL;
    lessons.cur = -1;
    char err[400];
    if (!u->game.v || ui_game_new(t, u->data_dir, u->game.vname, u->game.setup, u->game.options, u->game.titans, NULL,
                                  err, sizeof err)) {
        ui_msg(u, true, "tutorial: %s", u->game.v ? err : "no variant");
        ui_game_free(t);
        return false;
    }
    ui_computer_stop(u);
    puzzles_asked = false;
    *self = t;
    /* The first piece is asked once the tutorial is on the stack. */
    if (!catalogue(t, ASK_FIRST_PIECE, "Tutorial: choose a piece to learn"))
        show_piece(t, 0);
    return true;
}

static void tutorial_draw(Ui *u, void *self)
{
    Ui *t = self;
    if (puzzles_asked)
        show_puzzles_word(u, t);
    ui_draw(t);
    ui_lesson_draw(t, &lessons);
    /* The key line names the lesson keys too, unless a long message runs
     * over it (ui_board.c); it fits in 79 columns, the width of the
     * smallest terminal. */
    int rows, cols;
    getmaxyx(stdscr, rows, cols);
    (void)rows;
    if (!t->look.lay.too_small && (int)strlen(t->msg) < cols - 1) {
        char hint[160];
        ui_key_line(t, lessons.cur >= 0, hint, sizeof hint);
        move(t->look.lay.hint_y, 0);
        clrtoeol();
        attrset(t->look.colours ? COLOR_PAIR(PAIR_DIM) : A_DIM);
        mvprintw(t->look.lay.hint_y, 0, "%.*s", cols - 1, hint);
        attrset(A_NORMAL);
        int y, x;
        ui_square_cell(t, t->board.cursor, &y, &x);
        move(y + t->look.lay.ch / 2, x + t->look.lay.cw / 2);
        refresh();
    }
}

static void tutorial_key(Ui *u, void *self, int k)
{
    Ui *t = self;
    t->msg[0] = 0;
    if (k == 'q' || k == 't') {
        ui_msg(u, false, "Back from the tutorial");
        screen_pop(NULL);
        return;
    }
    if (k == 'z') {
        open_puzzles(u, t);
        return;
    }
    if (ui_lesson_key(t, &lessons, k))
        return;
    /* Editing the board or choosing another page leaves the lesson. */
    if (strchr("cpxXde", k) && k)
        lessons.cur = -1;
    for (size_t i = 0; i < sizeof cursor_keys / sizeof cursor_keys[0]; i++)
        if (cursor_keys[i].key == k) {
            ui_cursor_step(t, cursor_keys[i].dx, cursor_keys[i].dy);
            return;
        }
    for (size_t i = 0; i < sizeof action_keys / sizeof action_keys[0]; i++)
        if (action_keys[i].key == k) {
            action_keys[i].act(t);
            return;
        }
    ui_msg(t, true, "Tutorial keys: c catalogue, L lessons, e examples, p place, x remove, X clear, d drops, z puzzles, ? help, q back");
}

static void tutorial_resume(Ui *u, void *self, ScreenId from, const ScreenResult *r)
{
    Ui *t = self;
    if (from == SCR_PUZZLE)
        show_puzzles_word(u, t);
    if (from != SCR_DIALOG || !r)
        return;
    int k = r->chosen ? r->choice : -1;
    if (r->tag >= LESSON_ASK_GROUP && r->tag < LESSON_ASK_END)
        open_extra(t, ui_lesson_answered(t, &lessons, r->tag, k));
    else if (r->tag == ASK_FIRST_PIECE)
        show_piece(t, k >= 0 && k < t->game.v->ntypes ? k : 0);
    else if (r->tag == ASK_PIECE && k >= 0 && k < t->game.v->ntypes)
        show_piece(t, k);
    else if (r->tag == ASK_PLACE_TYPE && k >= 0 && k < t->game.v->ntypes) {
        asking.place_type = k;
        ask(t, screen_ask_menu(ASK_PLACE_COLOUR, "Colour", colours, 2));
    } else if (r->tag == ASK_PLACE_COLOUR && (k == 0 || k == 1))
        place_answered(t, k);
    else if (r->tag == ASK_DROP && k >= 0 && k < asking.ndrops)
        drop_answered(t, k);
    else if (r->tag == ASK_EXAMPLE && k >= 0 && k < (int)(sizeof examples / sizeof examples[0]))
        example_answered(t, k);
    else if (r->tag == ASK_WHICH && k >= 0 && k < asking.ncand)
        play_named(t, NULL, &asking.cand[k]);
    else if (r->tag == ASK_WHICH)
        ui_msg(t, false, "Move cancelled");
}

static void tutorial_close(Ui *u, void *self)
{
    (void)u;
    ui_lesson_free(&lessons);
    ui_game_free(self);
}

const Screen ui_tutorial_screen = {
    .name = "tutorial",
    .open = tutorial_open,
    .draw = tutorial_draw,
    .key = tutorial_key,
    .resume = tutorial_resume,
    .close = tutorial_close,
};
