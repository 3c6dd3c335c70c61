/* The game screen: the board of the game in progress, its keys and clicks,
 * and the computer's moves while it is on top or under a dialog.  Every
 * action leaves a message saying what happened or why not.  It reaches the
 * start screen, the tutorial and its dialogs only by their ids through
 * ui_screen.h: an action that asks (a typed move, which move, yes or no)
 * pushes the dialog and goes on in game_resume with the answer, so the
 * clock runs and the computer moves meanwhile.  The game is saved after
 * every change (ui_autosave.c); quitting a game that could not be saved
 * asks first. */
#include "ui_game_screen.h"
#include "ui_report.h"

#include "ui_analysis.h"
#include "ui_board_input.h"

#include <curses.h>
#include <stdlib.h>
#include <string.h>

/* What the dialog open above asks (its tag). */
enum {
    ASK_NONE, ASK_REVIEW, ASK_MOVE, ASK_WHICH, ASK_DROP, ASK_SAVE_PATH, ASK_SAVE_REPLACE,
    ASK_LEAVE, ASK_LOAD_PATH, ASK_NEW, ASK_DRAW_COMPUTER, ASK_DRAW_HUMAN, ASK_RESIGN, ASK_HELP,
};
/* What follows an answer that lets the action go on. */
enum { THEN_NOTHING, THEN_DROP, THEN_TYPE, THEN_LOAD, THEN_NEW, THEN_QUIT };

/* The screen's own state: what its open dialog asks and what the answer
 * needs (the game itself is app's). */
typedef struct {
    int asked;              /* ASK_* */
    int then;               /* THEN_*, after ASK_REVIEW and ASK_LEAVE */
    Move cand[16];          /* ASK_WHICH: the moves to choose from */
    int ncand;
    int drop_types[NC_MAX_TYPES]; /* ASK_DROP: the type of each item */
    int side;               /* ASK_RESIGN: who resigns; ASK_DRAW_COMPUTER: the computer */
    char path[512];         /* ASK_SAVE_REPLACE: where to save */
} GameScreen;

/* The questions that only make sense while the game is played: a flag
 * that falls under them closes them. */
static bool asks_in_play(int asked)
{
    return asked == ASK_MOVE || asked == ASK_WHICH || asked == ASK_DROP || asked == ASK_RESIGN ||
           asked == ASK_DRAW_COMPUTER || asked == ASK_DRAW_HUMAN;
}

/* Pushes the dialog; a question that cannot be asked is told, not dropped. */
static void asked(Ui *u, GameScreen *s, int tag, bool ok)
{
    if (ok)
        s->asked = tag;
    else
        ui_msg(u, true, "The question does not fit on the screen's dialog");
}

static bool refuse_if_not_human_turn(Ui *u)
{
    if (ui_game_over(u)) {
        ui_msg(u, true, "The game is over (%s); n starts a new one, u takes back", u->game.result);
        return true;
    }
    if (u->game.player[u->game.g.pos.side] == PL_COMPUTER) {
        ui_msg(u, true, "It is the computer's move; g makes it move now, c lets you play this side");
        return true;
    }
    return false;
}

/* While reviewing, a move is made from the reviewed position only when
 * the player agrees to drop the later plies; true when it may go on now,
 * false when it was asked (then goes on in game_resume). */
static bool continue_from_review(Ui *u, GameScreen *s, int then)
{
    if (!u->review.reviewing)
        return true;
    char num[16], q[200];
    ui_ply_number(u, u->review.view_ply, num, sizeof num);
    int later = u->game.g.nply - u->review.view_ply;
    snprintf(q, sizeof q, "Continue from move %s and drop the %d later pl%s?", num, later, later == 1 ? "y" : "ies");
    s->then = then;
    asked(u, s, ASK_REVIEW, screen_ask_yes(ASK_REVIEW, q));
    return false;
}

static void choose_drop(Ui *u, GameScreen *s);
static void type_move(Ui *u, GameScreen *s);

static void review_answered(Ui *u, GameScreen *s, bool yes)
{
    if (!yes || !u->review.reviewing) {
        ui_msg(u, false, "Still reviewing; End returns to the game");
        return;
    }
    char num[16];
    ui_ply_number(u, u->review.view_ply, num, sizeof num);
    ui_review_continue(u);
    ui_msg(u, false, "Continuing from move %s", num);
    if (s->then == THEN_DROP)
        choose_drop(u, s);
    else if (s->then == THEN_TYPE)
        type_move(u, s);
}

static void play_one(Ui *u, void *self, const Move *m)
{
    (void)self;
    ui_play_candidate(u, m);
}

/* Plays one of the candidates, asking which when there are several. */
static void play_candidates(Ui *u, GameScreen *s, Move *c, int n)
{
    if (ui_board_candidates(u, c, n, play_one, s, ASK_WHICH, s->cand, &s->ncand))
        s->asked = ASK_WHICH;
}

static void explain_refusal(Ui *u, int from, int drop_type, int to)
{
    char msg[256];
    ui_explain_refusal(u, from, drop_type, to, msg, sizeof msg);
    ui_msg(u, true, "%s", msg);
}

/* With a piece (or a hand piece) selected, Enter on the cursor square
 * cancels the selection or plays there; returns false when neither, so
 * that the square is looked at as a new selection. */
static bool use_selection(Ui *u, GameScreen *s)
{
    if (u->board.cursor == u->board.sel) {
        ui_select(u, 0);
        ui_msg(u, false, "Selection cancelled");
        return true;
    }
    Move c[32];
    int n = ui_candidates(u, u->board.cursor, c, 32);
    if (u->board.drop_type >= 0) {
        /* On a drop square, ask how far the dropped piece slides. */
        int k = 0;
        for (int i = 0; i < u->board.legal.n && k < 32; i++) {
            const Move *m = &u->board.legal.m[i];
            if (m->kind == MK_DROP && m->promo == u->board.drop_type + 1 && m->aux == u->board.cursor)
                c[k++] = *m;
        }
        if (k > 1)
            n = k;
    }
    if (n == 0)
        return false;
    if (!refuse_if_not_human_turn(u))
        play_candidates(u, s, c, n);
    return true;
}

static void activate(Ui *u, GameScreen *s)
{
    if (u->review.reviewing) {
        /* The player chooses the move once back in play. */
        continue_from_review(u, s, THEN_NOTHING);
        return;
    }
    if (ui_game_over(u)) {
        ui_msg(u, true, "The game is over (%s); n starts a new one, u takes back", u->game.result);
        return;
    }
    if ((u->board.sel || u->board.drop_type >= 0) && use_selection(u, s))
        return;
    int code = u->game.g.pos.board[u->board.cursor];
    char sqn[8];
    nc_sqname(u->game.v, u->board.cursor, sqn);
    if (code == NC_EMPTY) {
        if (u->board.sel || u->board.drop_type >= 0)
            explain_refusal(u, u->board.sel, u->board.drop_type, u->board.cursor);
        else
            ui_msg(u, true, "No piece on %s", sqn);
        return;
    }
    if (nc_colour(code) != u->game.g.pos.side) {
        if (u->board.sel || u->board.drop_type >= 0)
            explain_refusal(u, u->board.sel, u->board.drop_type, u->board.cursor);
        else
            ui_msg(u, true, "The piece on %s is %s's; it is %s to move", sqn,
                   nc_colour(code) == NC_WHITE ? "White" : "Black",
                   u->game.g.pos.side == NC_WHITE ? "White" : "Black");
        return;
    }
    if (refuse_if_not_human_turn(u))
        return;
    ui_select(u, u->board.cursor);
    int moves = 0;
    for (int i = 0; i < u->board.legal.n; i++)
        if (u->board.legal.m[i].kind != MK_DROP && u->board.legal.m[i].from == u->board.cursor)
            moves++;
    if (moves == 0) {
        ui_select(u, 0);
        ui_msg(u, true, "The %s on %s has no legal move%s", ui_type_name(u->game.v, nc_type(code)), sqn,
               u->game.in_check ? " (your king is in check)" : "");
    } else {
        ui_msg(u, false, "%s on %s: %d move%s; choose a marked square", ui_type_name(u->game.v, nc_type(code)),
               sqn, moves, moves == 1 ? "" : "s");
    }
}

/* Selects a hand piece to drop, or says why it cannot be dropped now. */
static void select_drop(Ui *u, int t)
{
    int k = 0;
    for (int i = 0; i < u->board.legal.n; i++)
        if (u->board.legal.m[i].kind == MK_DROP && u->board.legal.m[i].promo == t + 1)
            k++;
    if (!k) {
        char msg[256];
        ui_select_drop(u, -1);
        ui_explain_no_drop(u, t, msg, sizeof msg);
        ui_msg(u, true, "%s", msg);
        return;
    }
    ui_select_drop(u, t);
    if (k == 1)
        ui_msg(u, false, "Drop the %s: choose the marked square", ui_type_name(u->game.v, t));
    else
        ui_msg(u, false, "Drop the %s: choose one of the %d marked squares", ui_type_name(u->game.v, t), k);
}

static void choose_drop(Ui *u, GameScreen *s)
{
    if (!continue_from_review(u, s, THEN_DROP) || refuse_if_not_human_turn(u))
        return;
    int side = u->game.g.pos.side, n = 0;
    char labels[NC_MAX_TYPES][64];
    const char *items[NC_MAX_TYPES];
    for (int t = 0; t < u->game.v->ntypes; t++) {
        if (!u->game.g.pos.hand[side][t])
            continue;
        snprintf(labels[n], sizeof labels[n], "%s (%d in hand)", ui_type_name(u->game.v, t),
                 u->game.g.pos.hand[side][t]);
        items[n] = labels[n];
        s->drop_types[n++] = t;
    }
    if (n == 0)
        ui_msg(u, true, "%s has no pieces in hand", side == NC_WHITE ? "White" : "Black");
    else if (n == 1)
        select_drop(u, s->drop_types[0]);
    else
        asked(u, s, ASK_DROP, screen_ask_menu(ASK_DROP, "Drop which piece?", items, n));
}

static void type_move(Ui *u, GameScreen *s)
{
    if (!continue_from_review(u, s, THEN_TYPE) || refuse_if_not_human_turn(u))
        return;
    asked(u, s, ASK_MOVE, screen_ask_line(ASK_MOVE, "Move: ", "", 160));
}

static void move_typed(Ui *u, GameScreen *s, const char *typed)
{
    if (!typed[0] || refuse_if_not_human_turn(u))
        return;
    Move c[16];
    char msg[256];
    int n = ui_typed_move(u, typed, c, 16, msg, sizeof msg);
    if (n == 0)
        ui_msg(u, true, "%s", msg);
    else
        play_candidates(u, s, c, n);
}

/* A typed "~" or "~NAME" becomes the home it names; false (told) when
 * there is no such home. */
static bool expand_typed(Ui *u, char *path, int len)
{
    char full[512];
    if (ui_expand_path(path, full, sizeof full)) {
        ui_msg(u, true, "No home directory for %.100s (or the path is too long)", path);
        return false;
    }
    snprintf(path, (size_t)len, "%s", full);
    return true;
}

/* A file this program did not write is replaced only when the player says
 * so; otherwise the prompt offers a name no file has. */
static void save_game(Ui *u, GameScreen *s)
{
    const char *path = u->files.save_path[0] ? u->files.save_path : "ninjachess.pgn";
    asked(u, s, ASK_SAVE_PATH, screen_ask_line(ASK_SAVE_PATH, "Save to: ", path, sizeof s->path));
}

static void save_to(Ui *u, const char *path)
{
    char err[1400];
    if (ui_pgn_save(u, path, err, sizeof err))
        ui_msg(u, true, "%s", err);
    else {
        snprintf(u->files.save_path, sizeof u->files.save_path, "%s", path);
        char real[4096];
        ui_origin_real_path(path, real);
        if (strcmp(real, u->files.origin.path)) /* the whole file is this game: saved again without asking */
            snprintf(u->files.written, sizeof u->files.written, "%s", real);
        ui_msg(u, false, "Saved to %s", path);
    }
}

static void save_path_typed(Ui *u, GameScreen *s, const char *typed)
{
    if (!typed[0])
        return;
    snprintf(s->path, sizeof s->path, "%s", typed);
    if (!expand_typed(u, s->path, sizeof s->path)) {
        asked(u, s, ASK_SAVE_PATH, screen_ask_line(ASK_SAVE_PATH, "Save to: ", typed, sizeof s->path));
        return;
    }
    char question[1400];
    if (ui_pgn_save_question(u, s->path, question, sizeof question))
        asked(u, s, ASK_SAVE_REPLACE, screen_ask_yes(ASK_SAVE_REPLACE, question));
    else
        save_to(u, s->path);
}

static void save_replace_answered(Ui *u, GameScreen *s, bool yes)
{
    if (yes) {
        save_to(u, s->path);
        return;
    }
    char other[512];
    ui_pgn_other_name(s->path, other, sizeof other);
    asked(u, s, ASK_SAVE_PATH, screen_ask_line(ASK_SAVE_PATH, "Save to: ", other, sizeof s->path));
}

static void leave_for(Ui *u, GameScreen *s, int then);

/* Before the game is replaced (then): at once when it is saved, else when
 * the player gives up its unsaved moves. */
static void may_leave_game(Ui *u, GameScreen *s, const char *question, int then)
{
    if (ui_autosave(u) == 0) {
        leave_for(u, s, then);
        return;
    }
    s->then = then;
    asked(u, s, ASK_LEAVE, screen_ask_yes(ASK_LEAVE, question));
}

static void leave_answered(Ui *u, GameScreen *s, bool yes)
{
    if (yes)
        leave_for(u, s, s->then);
    else
        ui_msg(u, true, "Game not saved: %s; the game stays open", u->save.save_err);
}

static void load_game(Ui *u, GameScreen *s)
{
    may_leave_game(u, s, "Game not saved. Open another and lose it?", THEN_LOAD);
}

static void load_path_typed(Ui *u, const char *typed)
{
    char path[512];
    snprintf(path, sizeof path, "%s", typed);
    if (!path[0] || !expand_typed(u, path, sizeof path))
        return;
    char err[512];
    if (ui_pgn_load(u, path, err, sizeof err))
        ui_msg(u, true, "%s", err);
    else {
        snprintf(u->files.save_path, sizeof u->files.save_path, "%s", path);
        ui_orient(u);
        char warn[sizeof u->msg];
        snprintf(warn, sizeof warn, "%s", u->msg); /* a warning of the load, if any */
        if (warn[0])
            ui_msg(u, true, "Loaded %s (%d plies). %s", path, u->game.g.nply, warn);
        else
            ui_msg(u, false, "Loaded %s (%d plies)", path, u->game.g.nply);
    }
}

/* The start screen chooses the game; it comes back through game_resume. */
static void new_game(Ui *u, GameScreen *s)
{
    if (ui_autosave(u) != 0) {
        may_leave_game(u, s, "Game not saved. Start a new one and lose it?", THEN_NEW);
        return;
    }
    if (u->game.g.nply > 0 && !ui_game_over(u)) {
        asked(u, s, ASK_NEW, screen_ask_yes(ASK_NEW, "Leave this game for a new one? (It stays saved.)"));
        return;
    }
    screen_push(SCR_START, NULL, 0);
}

static void leave_for(Ui *u, GameScreen *s, int then)
{
    if (then == THEN_LOAD) {
        char path[512];
        snprintf(path, sizeof path, "%s", u->files.save_path);
        asked(u, s, ASK_LOAD_PATH, screen_ask_line(ASK_LOAD_PATH, "Open: ", path, sizeof path));
    } else if (then == THEN_NEW)
        screen_push(SCR_START, NULL, 0);
    else if (then == THEN_QUIT)
        screen_quit();
}

static void start_chosen_game(Ui *u, const GameChoice *c)
{
    char err[512];
    if (ui_game_new(u, u->data_dir, c->variant, c->setup, c->options, c->titans, NULL, err, sizeof err))
        ui_msg(u, true, "%s", err);
    else {
        ui_clock_configure(u, c->clock_base, c->clock_inc);
        ui_orient(u);
        ui_msg(u, false, "New game of %s", u->game.v->title);
    }
}

static const char *side_word(int c)
{
    return c == NC_WHITE ? "White" : "Black";
}

static void draw_agreed(Ui *u)
{
    ui_computer_stop(u);
    u->game.end = END_AGREED;
    u->save.changes++;
    snprintf(u->game.result, sizeof u->game.result, "1/2-1/2, draw agreed");
}

/* Against the computer: asked first, then answered from its evaluation. */
static void computer_answers_draw(Ui *u, int comp, bool offered)
{
    if (!offered) {
        ui_msg(u, false, "No draw offered");
        return;
    }
    int score;
    bool yes = ui_computer_accepts_draw(u, comp, &score);
    ui_msg(u, false, "The computer %s the draw: it judges the position %+.2f for itself", yes ? "accepts" : "declines",
           score / 100.0);
    if (yes)
        draw_agreed(u);
}

static void human_answers_draw(Ui *u, bool accepted)
{
    ui_msg(u, false, accepted ? "Draw agreed" : "The draw offer was declined");
    if (accepted)
        draw_agreed(u);
}

static void offer_draw(Ui *u, GameScreen *s)
{
    if (ui_game_over(u)) {
        ui_msg(u, true, "The game is already over");
        return;
    }
    if (u->game.player[0] == PL_COMPUTER && u->game.player[1] == PL_COMPUTER) {
        ui_msg(u, true, "Both sides are the computer's; c gives the side to move to a human");
        return;
    }
    if (u->game.player[0] == PL_COMPUTER || u->game.player[1] == PL_COMPUTER) {
        s->side = u->game.player[0] == PL_COMPUTER ? NC_WHITE : NC_BLACK;
        asked(u, s, ASK_DRAW_COMPUTER, screen_ask_yes(ASK_DRAW_COMPUTER, "Offer the computer a draw?"));
    } else {
        /* Between humans the offer goes to the player not on the move. */
        int side = u->game.g.pos.side;
        char q[96];
        snprintf(q, sizeof q, "%s offers a draw. %s, accept? (y/n)", side_word(side), side_word(side ^ 1));
        asked(u, s, ASK_DRAW_HUMAN, screen_ask_yes(ASK_DRAW_HUMAN, q));
    }
}

static void resign(Ui *u, GameScreen *s)
{
    if (ui_game_over(u)) {
        ui_msg(u, true, "The game is already over");
        return;
    }
    int side = u->game.g.pos.side;
    /* Against the computer the human resigns, whoever is to move. */
    if (u->game.player[side] == PL_COMPUTER && u->game.player[side ^ 1] == PL_HUMAN)
        side ^= 1;
    char q[64];
    snprintf(q, sizeof q, "%s resigns?", side == NC_WHITE ? "White" : "Black");
    s->side = side;
    asked(u, s, ASK_RESIGN, screen_ask_yes(ASK_RESIGN, q));
}

static void resigned(Ui *u, int side)
{
    ui_computer_stop(u);
    u->game.end = END_RESIGN;
    u->save.changes++;
    snprintf(u->game.result, sizeof u->game.result, "%s, %s resigned", side == NC_WHITE ? "0-1" : "1-0",
             side == NC_WHITE ? "White" : "Black");
    ui_msg(u, false, "%s resigned", side == NC_WHITE ? "White" : "Black");
}

/* Review: the board shows an earlier position of the game. */
static void review_to(Ui *u, int ply)
{
    ui_review(u, ply);
    if (!u->review.reviewing) {
        ui_msg(u, false, "Back at the game's position");
        return;
    }
    ui_msg(u, false, "Reviewing ply %d of %d: arrows or wheel step, Home/End, Enter plays from here",
           u->review.view_ply, u->game.g.nply);
}

static void review_back(Ui *u)
{
    if (ui_shown_ply(u) == 0)
        ui_msg(u, true, "Already at the start of the game");
    else
        review_to(u, ui_shown_ply(u) - 1);
}

static void review_forward(Ui *u)
{
    if (!u->review.reviewing)
        ui_msg(u, true, "Already at the game's position; < or Page Up steps back");
    else
        review_to(u, u->review.view_ply + 1);
}

static void review_home(Ui *u)
{
    review_to(u, 0);
}

static void review_end(Ui *u)
{
    review_to(u, u->game.g.nply);
}

/* In review the cursor keys step through the game instead. */
static bool review_key(Ui *u, int k)
{
    if (!u->review.reviewing)
        return false;
    if (k == KEY_LEFT || k == KEY_UP || k == 'h' || k == 'k')
        review_back(u);
    else if (k == KEY_RIGHT || k == KEY_DOWN || k == 'l' || k == 'j')
        review_forward(u);
    else if (k == 27)
        review_end(u);
    else
        return false;
    return true;
}

static void mouse(Ui *u, GameScreen *s)
{
    MEVENT ev;
    if (!ui_mouse_event(&ev))
        return;
    if (ev.bstate & BUTTON4_PRESSED) {
        review_back(u);
        return;
    }
    if (ev.bstate & BUTTON5_PRESSED) {
        review_forward(u);
        return;
    }
    if (!(ev.bstate & (BUTTON1_CLICKED | BUTTON1_PRESSED)))
        return;
    int ply = ui_list_ply_at(u, ev.y, ev.x);
    if (ply >= 0) {
        review_to(u, ply + 1);
        return;
    }
    int sq = ui_square_at(u, ev.y, ev.x);
    if (sq) {
        u->board.cursor = sq;
        ui_hover(u);
        activate(u, s);
        return;
    }
    for (int c = 0; c < 2; c++) {
        if (ev.y != u->look.lay.hand_y[c])
            continue;
        for (int t = 0; t < u->game.v->ntypes; t++) {
            if (u->look.lay.hand_x1[c][t] && ev.x >= u->look.lay.hand_x0[c][t] && ev.x < u->look.lay.hand_x1[c][t]) {
                if (c != u->game.g.pos.side) {
                    ui_msg(u, true, "That is %s's hand; it is %s to move", c ? "Black" : "White",
                           c ? "White" : "Black");
                    return;
                }
                if (!refuse_if_not_human_turn(u))
                    select_drop(u, t);
                return;
            }
        }
    }
}

static void undo(Ui *u)
{
    if (!ui_undo(u))
        ui_msg(u, true, "Nothing to undo");
    else
        ui_msg(u, false, "Took back; r redoes");
}

static void redo(Ui *u)
{
    if (!ui_redo(u))
        ui_msg(u, true, "Nothing to redo");
    else
        ui_msg(u, false, "Redone");
}

static void flip(Ui *u)
{
    u->look.flipped = !u->look.flipped;
    ui_msg(u, false, "Board flipped");
}

static void move_now(Ui *u)
{
    if (u->engine.thinking)
        ui_computer_move_now(u);
    else
        ui_msg(u, true, "The computer is not thinking");
}

static void switch_player(Ui *u)
{
    ui_computer_stop(u);
    u->game.player[u->game.g.pos.side] ^= 1;
    ui_msg(u, false, "%s is played by the %s", u->game.g.pos.side == NC_WHITE ? "White" : "Black",
           u->game.player[u->game.g.pos.side] == PL_COMPUTER ? "computer" : "human");
}

static void change_level(Ui *u, int k)
{
    int lv = u->engine.level ? u->engine.level : 10;
    lv += k == '+' ? 1 : -1;
    u->engine.level = lv < 1 ? 1 : lv > 10 ? 10 : lv;
    ui_msg(u, false, "Computer level %d", u->engine.level);
}

static void tutorial(Ui *u)
{
    (void)u;
    screen_push(SCR_TUTORIAL, NULL, 0);
}

/* A game that could not be saved is not given up without asking. */
static void quit(Ui *u, GameScreen *s)
{
    /* The reason stays on the message line under the question. */
    may_leave_game(u, s, "Game not saved. Quit and lose it?", THEN_QUIT);
}

/* The help page is a dialog too: the clock runs while it is read. */
static void help(Ui *u, GameScreen *s)
{
    asked(u, s, ASK_HELP, screen_ask_help(ASK_HELP, NULL));
}

static void cancel_selection(Ui *u)
{
    ui_select(u, 0);
}

static void nothing(Ui *u)
{
    (void)u;
}

/* Cursor keys: one square, or four with Shift or the capital letter. */
static const struct {
    int key, dx, dy, steps;
} cursor_keys[] = {
    {KEY_LEFT, -1, 0, 1}, {'h', -1, 0, 1}, {KEY_RIGHT, 1, 0, 1}, {'l', 1, 0, 1},
    {KEY_UP, 0, 1, 1}, {'k', 0, 1, 1}, {KEY_DOWN, 0, -1, 1}, {'j', 0, -1, 1},
    {KEY_SLEFT, -1, 0, 4}, {'H', -1, 0, 4}, {KEY_SRIGHT, 1, 0, 4}, {'L', 1, 0, 4},
    {KEY_SR, 0, 1, 4}, {'K', 0, 1, 4}, {KEY_SF, 0, -1, 4}, {'J', 0, -1, 4},
};

/* The other keys; the actions that ask (ask) or care which key it was
 * (act_key) take what they need. */
static const struct {
    int key;
    void (*act)(Ui *u);
    void (*ask)(Ui *u, GameScreen *s);
    void (*act_key)(Ui *u, int key);
} action_keys[] = {
    /* Space selects also while the computer thinks: a player picking a
     * piece early must not cut its search short (move-now has its key). */
    {'\n', NULL, activate, NULL}, {'\r', NULL, activate, NULL}, {KEY_ENTER, NULL, activate, NULL},
    {' ', NULL, activate, NULL},
    {27, cancel_selection, NULL, NULL},
    {':', NULL, type_move, NULL}, {'m', NULL, type_move, NULL}, {'d', NULL, choose_drop, NULL},
    {'u', undo, NULL, NULL}, {'r', redo, NULL, NULL}, {'f', flip, NULL, NULL},
    {'a', ui_hint, NULL, NULL}, {'g', move_now, NULL, NULL}, {'c', switch_player, NULL, NULL},
    {'e', ui_analysis_toggle, NULL, NULL}, {'v', ui_analysis_more_lines, NULL, NULL},
    {'+', NULL, NULL, change_level}, {'-', NULL, NULL, change_level},
    {'n', NULL, new_game, NULL}, {'R', NULL, resign, NULL}, {'D', NULL, offer_draw, NULL},
    {'s', NULL, save_game, NULL}, {'o', NULL, load_game, NULL}, {'t', tutorial, NULL, NULL},
    {'?', NULL, help, NULL}, {KEY_F(1), NULL, help, NULL}, {'q', NULL, quit, NULL},
    {'<', review_back, NULL, NULL}, {KEY_PPAGE, review_back, NULL, NULL}, {'>', review_forward, NULL, NULL},
    {KEY_NPAGE, review_forward, NULL, NULL}, {KEY_HOME, review_home, NULL, NULL}, {KEY_END, review_end, NULL, NULL},
    {KEY_MOUSE, NULL, mouse, NULL}, {KEY_RESIZE, nothing, NULL, NULL}, {ERR, nothing, NULL, NULL},
};

static void game_key(Ui *u, void *self, int k)
{
    u->msg[0] = 0;
    k = ui_config_key(&u->cfg, k);
    if (review_key(u, k) || ui_report_key(u, k))
        return;
    for (size_t i = 0; i < sizeof cursor_keys / sizeof cursor_keys[0]; i++)
        if (cursor_keys[i].key == k) {
            for (int n = 0; n < cursor_keys[i].steps; n++)
                ui_cursor_step(u, cursor_keys[i].dx, cursor_keys[i].dy);
            return;
        }
    for (size_t i = 0; i < sizeof action_keys / sizeof action_keys[0]; i++)
        if (action_keys[i].key == k) {
            if (action_keys[i].act)
                action_keys[i].act(u);
            else if (action_keys[i].ask)
                action_keys[i].ask(u, self);
            else
                action_keys[i].act_key(u, k);
            ui_autosave_tick(u);
            return;
        }
    ui_msg(u, true, "Unknown key; ? shows the keys");
}

/* The game itself is app; the screen keeps what its dialogs need. */
static bool game_open(Ui *u, const void *arg, void **self)
{
    (void)arg;
    if (!u->game.v)
        return false;
    GameScreen *s = calloc(1, sizeof *s);
    if (!s) {
        ui_msg(u, true, "Out of memory: the game screen could not open");
        return false;
    }
    *self = s;
    ui_orient(u);
    return true;
}

static void game_draw(Ui *u, void *self)
{
    (void)self;
    ui_draw(u);
}

/* Also under a dialog: a flag that falls meanwhile ends the game and
 * closes a question that needs the game in play, leaving the message. */
static void game_tick(Ui *u, void *self)
{
    GameScreen *s = self;
    ui_clock_tick(u);
    ui_computer_tick(u);
    ui_analysis_tick(u); /* after the computer's move: it follows that too */
    ui_report_tick(u);
    ui_autosave_tick(u); /* the computer's move, or a retry of a failed save */
    if (asks_in_play(s->asked) && ui_game_over(u) && screen_top() == SCR_DIALOG) {
        s->asked = ASK_NONE;
        screen_pop(NULL);
    }
}

/* The answer of the dialog asked last (tag s->asked). */
static void answered(Ui *u, GameScreen *s, const ScreenResult *r)
{
    switch (r->tag) {
    case ASK_REVIEW: review_answered(u, s, r->chosen); break;
    case ASK_MOVE: if (r->chosen) move_typed(u, s, r->text); break;
    case ASK_WHICH:
        if (!r->chosen || r->choice >= s->ncand)
            ui_msg(u, false, "Move cancelled");
        else if (!refuse_if_not_human_turn(u))
            ui_play_candidate(u, &s->cand[r->choice]);
        break;
    case ASK_DROP: if (r->chosen && !refuse_if_not_human_turn(u)) select_drop(u, s->drop_types[r->choice]); break;
    case ASK_SAVE_PATH: if (r->chosen) save_path_typed(u, s, r->text); break;
    case ASK_SAVE_REPLACE: save_replace_answered(u, s, r->chosen); break;
    case ASK_LEAVE: leave_answered(u, s, r->chosen); break;
    case ASK_LOAD_PATH: if (r->chosen) load_path_typed(u, r->text); break;
    case ASK_NEW:
        if (r->chosen)
            screen_push(SCR_START, NULL, 0);
        else
            ui_msg(u, false, "The game goes on");
        break;
    case ASK_DRAW_COMPUTER: computer_answers_draw(u, s->side, r->chosen); break;
    case ASK_DRAW_HUMAN: human_answers_draw(u, r->chosen); break;
    case ASK_RESIGN: if (r->chosen) resigned(u, s->side); break;
    default: break;
    }
}

static void game_resume(Ui *u, void *self, ScreenId from, const ScreenResult *r)
{
    GameScreen *s = self;
    if (from == SCR_START && r && r->chosen)
        start_chosen_game(u, &r->game);
    if (from != SCR_DIALOG || ui_report_answer(u, r))
        return;
    int tag = s->asked;
    s->asked = ASK_NONE;
    if (r && r->tag == tag)
        answered(u, s, r);
    ui_autosave_tick(u);
}

/* Under the tutorial or the start screen the game is not ticked: its
 * analysis would search a position no one sees. */
static void game_covered(Ui *u, void *self)
{
    (void)self;
    ui_analysis_pause(u);
}

static void game_close(Ui *u, void *self)
{
    (void)u;
    free(self);
}

const Screen ui_game_screen = {
    .name = "game",
    .open = game_open,
    .draw = game_draw,
    .key = game_key,
    .tick = game_tick,
    .resume = game_resume,
    .covered = game_covered,
    .close = game_close,
};
