/* The puzzle screen (ui_puzzle.h).  The puzzles of a variant are the
 * file puzzles/VARIANT.txt of the first data directory that has one
 * (doc/puzzles.md); the one offered is the unseen puzzle rated nearest the
 * player (ui_puzzle_record.c).  The player moves as on the game screen
 * (the board's cursor and selection, typed moves, the "Which move?"
 * menu); each move is judged against the solution: a right one is
 * answered by the solution's defence after a short pause, until the line
 * ends; a wrong one is shown, taken back, and the solution played out.
 * The rating and streak change once a puzzle, at its first wrong move or
 * when it is solved, and are saved at once.  The game in progress (app)
 * is untouched but for its message: the puzzle is this screen's own Ui. */
#include "ui_puzzle.h"
#include "ui_board_input.h"
#include "ui_puzzle_record.h"

#include "datafile/datafile.h"
#include "puzzle/puzzle.h"

#include <curses.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define PAUSE 0.7 /* seconds before each move the screen plays */

enum { ST_SOLVING, ST_DEFENCE, ST_SHOWING, ST_OVER };
/* What the dialog open over the screen asks (its tag). */
enum { ASK_NONE, ASK_MOVE, ASK_WHICH, ASK_HELP };

typedef struct {
    Ui t;
    PuzzleFile pf;
    PuzzleRecord rec;
    int *ratings;
    int cur;            /* the puzzle shown */
    int ply;            /* the solution's next ply */
    int state;          /* ST_* */
    bool judged;        /* the rating changed for this puzzle */
    double due;         /* when the screen plays its next move */
    bool undo_wrong;    /* the wrong move is still on the board */
    char verdict[520];  /* "Wrong: ..." while the solution is played out */
    char unsaved[300];  /* why the record was not saved; empty when it was */
    char line[300];     /* the solution's moves played out so far */
    char players[2][96];
    Move cand[16];
    int ncand;
} PuzzleScreen;

static PuzzleScreen screen;

static const char *side_name(int side)
{
    return side == NC_WHITE ? "White" : "Black";
}

/* The variant's puzzle file in the data path; 0, or -1 when none. */
static int puzzle_path(const char *data_path, const char *variant, char *out, size_t len)
{
    const char *walk = data_path, *d;
    int n;
    while ((d = data_path_next(&walk, &n)))
        if (snprintf(out, len, "%.*s/puzzles/%s.txt", n, d, variant) < (int)len && access(out, F_OK) == 0)
            return 0;
    return -1;
}

/* The puzzles of variant (empty: the first seed variant that has some);
 * false with the reason. */
static bool load_puzzles(PuzzleScreen *s, const char *data_path, const char *variant, char *err, int errlen)
{
    static const char *const seeds[] = {"titan-chess", "stealth-ninja", "flying-warmachines"};
    char path[1200];
    int found = -1;
    if (variant[0])
        found = puzzle_path(data_path, variant, path, sizeof path);
    for (size_t i = 0; !variant[0] && found && i < sizeof seeds / sizeof seeds[0]; i++)
        found = puzzle_path(data_path, seeds[i], path, sizeof path);
    if (found) {
        snprintf(err, (size_t)errlen, "no puzzles of %s: no puzzles/%s.txt in the data path",
                 variant[0] ? variant : "the seed variants", variant[0] ? variant : "VARIANT");
        return false;
    }
    DataErrors e;
    e.n = 0; /* the reader adds its problems to those already there */
    if (puzzle_file_read(path, data_path, &s->pf, &e)) {
        snprintf(err, (size_t)errlen, "%s", e.n ? e.msg[0] : "the puzzle file does not read");
        return false;
    }
    if (variant[0] && strcmp(s->pf.v->name, variant))
        snprintf(err, (size_t)errlen, "%s holds puzzles of %s, not of %s", path, s->pf.v->name, variant);
    else if (s->pf.n == 0)
        snprintf(err, (size_t)errlen, "%s holds no puzzles", path);
    else if (!(s->ratings = malloc(sizeof *s->ratings * (size_t)s->pf.n)))
        snprintf(err, (size_t)errlen, "out of memory");
    else {
        for (int i = 0; i < s->pf.n; i++)
            s->ratings[i] = s->pf.p[i].rating;
        return true;
    }
    return false;
}

/* A failure is told with the puzzle's result (s->unsaved) or at once. */
static void save_record(PuzzleScreen *s)
{
    char err[1400];
    s->unsaved[0] = 0;
    if (puzzle_record_save(&s->rec, err, sizeof err)) {
        snprintf(s->unsaved, sizeof s->unsaved, " (not saved: %.250s)", err);
        ui_msg(&s->t, true, "The puzzle rating was not saved: %s", err);
    }
}

static void name_players(PuzzleScreen *s)
{
    int solver = s->pf.p[s->cur].start.side;
    snprintf(s->players[solver], sizeof s->players[0], "you, puzzle rating %d, streak %d", s->rec.rating,
             s->rec.streak);
    snprintf(s->players[!solver], sizeof s->players[0], "the puzzle's defence");
    s->t.mode.player_text[0] = s->players[0];
    s->t.mode.player_text[1] = s->players[1];
}

/* The next puzzle (the one nearest the rating that was not seen). */
static void next_puzzle(PuzzleScreen *s, const char *note)
{
    Ui *t = &s->t;
    s->cur = puzzle_pick(&s->rec, s->pf.v->name, s->ratings, s->pf.n);
    const Puzzle *p = &s->pf.p[s->cur];
    Position start = p->start;
    start.v = t->game.v; /* the screen's own copy of the same variant */
    t->board.cursor = 0;
    ui_game_reset(t, &start);
    t->look.flipped = start.side == NC_BLACK;
    s->ply = 0;
    s->state = ST_SOLVING;
    s->judged = false;
    s->undo_wrong = false;
    s->line[0] = 0;
    name_players(s);
    ui_msg(t, note && note[0], "%s%sPuzzle %d of %d, rated %d: %s to play and win", note ? note : "",
           note && note[0] ? ". " : "", s->cur + 1, s->pf.n, p->rating, side_name(start.side));
}

/* The puzzle's result: the rating and streak move, once a puzzle. */
static int judge(PuzzleScreen *s, bool solved)
{
    int before = s->rec.rating;
    if (s->judged)
        return 0;
    s->judged = true;
    s->rec.rating = puzzle_rate(before, s->pf.p[s->cur].rating, solved);
    s->rec.streak = solved ? s->rec.streak + 1 : 0;
    puzzle_mark_seen(&s->rec, s->pf.v->name, s->pf.n, s->cur);
    save_record(s);
    name_players(s);
    return s->rec.rating - before;
}

/* Plays m, named as the move list names it (SAN where the variant has
 * it) in text; with to_line, the line shown gets it too. */
static void play_named(PuzzleScreen *s, const Move *m, bool to_line, char *text, int len)
{
    Ui *t = &s->t;
    ui_play(t, m);
    ui_move_label(t, t->game.g.nply - 1, text, len);
    size_t n = strlen(s->line);
    if (to_line && n + strlen(text) + 2 < sizeof s->line)
        snprintf(s->line + n, sizeof s->line - n, "%s%s", n ? " " : "", text);
}

/* Plays the solution's next ply; its name in text. */
static void play_solution_ply(PuzzleScreen *s, char *text, int len)
{
    play_named(s, &s->pf.p[s->cur].solution[s->ply++], true, text, len);
}

/* The last move of the line gives mate: any mate is right there. */
static bool mates(const Ui *t, const Move *m)
{
    Game g;
    game_init(&g, &t->game.g.pos);
    game_push(&g, m);
    bool mate = game_status(&g) == GS_CHECKMATE;
    game_free(&g);
    return mate;
}

/* The player's move m, judged. */
static void player_moves(PuzzleScreen *s, const Move *m)
{
    Ui *t = &s->t;
    const Puzzle *p = &s->pf.p[s->cur];
    char text[120];
    bool last = s->ply == p->nplies - 1;
    if (move_equal(m, &p->solution[s->ply]) || (last && mates(t, m))) {
        play_named(s, m, true, text, sizeof text);
        s->ply++;
        if (s->ply < p->nplies) {
            s->state = ST_DEFENCE;
            s->due = nc_seconds() + PAUSE;
            ui_msg(t, false, "Right: %s. The defence answers ...", text);
            return;
        }
        int d = judge(s, true);
        s->state = ST_OVER;
        ui_msg(t, s->unsaved[0], "Solved: %s. Puzzle rating %d (%+d)%s, streak %d. n next puzzle, q back", s->line,
               s->rec.rating, d, s->unsaved, s->rec.streak);
        return;
    }
    play_named(s, m, false, text, sizeof text);
    int d = judge(s, false);
    snprintf(s->verdict, sizeof s->verdict, "Wrong: %s is not the move. Puzzle rating %d (%+d)%s, streak 0", text,
             s->rec.rating, d, s->unsaved);
    s->state = ST_SHOWING;
    s->undo_wrong = true;
    s->due = nc_seconds() + 2 * PAUSE;
    ui_msg(t, true, "%s. The solution follows ...", s->verdict);
}

/* The screen's own moves, each after a pause: the defence, or the wrong
 * move taken back and the solution played out. */
static void puzzle_tick(Ui *u, void *self)
{
    (void)u;
    PuzzleScreen *s = self;
    Ui *t = &s->t;
    const Puzzle *p = &s->pf.p[s->cur];
    if ((s->state != ST_DEFENCE && s->state != ST_SHOWING) || nc_seconds() < s->due)
        return;
    s->due = nc_seconds() + PAUSE;
    char text[120];
    if (s->state == ST_DEFENCE) {
        play_solution_ply(s, text, sizeof text);
        s->state = ST_SOLVING;
        ui_msg(t, false, "%s answers %s. %s to play", side_name(!p->start.side), text, side_name(p->start.side));
        return;
    }
    if (s->undo_wrong) {
        ui_undo(t);
        s->undo_wrong = false;
    } else if (s->ply < p->nplies)
        play_solution_ply(s, text, sizeof text);
    if (s->ply < p->nplies) {
        ui_msg(t, true, "%s. The solution: %s ...", s->verdict, s->line);
        return;
    }
    s->state = ST_OVER;
    ui_msg(t, true, "%s. The solution: %s. n next puzzle, q back", s->verdict, s->line);
}

static void ask(PuzzleScreen *s, bool ok)
{
    if (!ok)
        ui_msg(&s->t, true, "The question does not fit on the screen's dialog");
}

/* Moves named by the board or by typing: one is judged, several are
 * offered in the "Which move?" menu. */
static void judge_named(Ui *t, void *self, const Move *m)
{
    (void)t; /* the screen's own board, inside self */
    player_moves(self, m);
}

static void candidates(PuzzleScreen *s, const Move *c, int n)
{
    ui_board_candidates(&s->t, c, n, judge_named, s, ASK_WHICH, s->cand, &s->ncand);
}

static void move_typed(PuzzleScreen *s, const char *typed)
{
    Move c[16];
    char msg[256];
    if (!typed[0] || s->state != ST_SOLVING)
        return;
    int n = ui_typed_move(&s->t, typed, c, 16, msg, sizeof msg);
    if (n == 0)
        ui_msg(&s->t, true, "%s", msg);
    else
        candidates(s, c, n);
}

static void puzzle_key(Ui *u, void *self, int k)
{
    PuzzleScreen *s = self;
    Ui *t = &s->t;
    if (k == 'q') {
        ui_msg(u, false, "Back from the puzzles: puzzle rating %d, streak %d", s->rec.rating, s->rec.streak);
        screen_pop(NULL);
        return;
    }
    Move c[16];
    int n = ui_board_key(t, k, c, 16);
    if (n > 0 && s->state == ST_SOLVING)
        candidates(s, c, n);
    else if (n > 0)
        ui_select(t, 0); /* not the player's turn: the screen's own move comes */
    else if (n == 0)
        return;
    else if (k == 'n') {
        if (!s->judged) { /* skipped: not offered again before the others, the rating kept */
            puzzle_mark_seen(&s->rec, s->pf.v->name, s->pf.n, s->cur);
            save_record(s);
        }
        next_puzzle(s, NULL);
    } else if (k == 'f')
        t->look.flipped = !t->look.flipped;
    else if (k == KEY_RESIZE || k == ERR)
        return;
    else if (k == '?' || k == KEY_F(1))
        ask(s, screen_ask_help(ASK_HELP, t));
    else if (s->state == ST_OVER)
        ui_msg(t, true, "This puzzle is over: n next puzzle, q back");
    else if (s->state != ST_SOLVING)
        return; /* the screen's own move comes */
    else if (k == 'm' || k == ':')
        ask(s, screen_ask_line(ASK_MOVE, "Move: ", "", 160));
    else
        ui_msg(t, true, "Puzzle keys: arrows and Enter move, m type a move, n next puzzle, f flip, ? help, q back");
}

static void puzzle_resume(Ui *u, void *self, ScreenId from, const ScreenResult *r)
{
    (void)u;
    PuzzleScreen *s = self;
    if (from != SCR_DIALOG || !r)
        return;
    if (r->tag == ASK_MOVE && r->chosen)
        move_typed(s, r->text);
    else if (r->tag == ASK_WHICH && (!r->chosen || r->choice >= s->ncand))
        ui_msg(&s->t, false, "Move cancelled");
    else if (r->tag == ASK_WHICH && s->state == ST_SOLVING)
        player_moves(s, &s->cand[r->choice]);
}

static void puzzle_free(PuzzleScreen *s)
{
    ui_game_free(&s->t);
    if (s->pf.v)
        puzzle_file_free(&s->pf);
    free(s->ratings);
    memset(s, 0, sizeof *s);
}

/* arg: the variant's name (NUL-terminated; empty or NULL: the first seed
 * variant with puzzles). */
static bool puzzle_open(Ui *u, const void *arg, void **self)
{
    PuzzleScreen *s = &screen;
    puzzle_free(s);
    char variant[48] = "", err[1400], note[1600];
    if (arg)
        snprintf(variant, sizeof variant, "%s", (const char *)arg);
    Ui *t = &s->t;
    t->board.drop_type = -1;
    t->mode.tut_type = -1;
    t->look.utf8 = u->look.utf8;
    t->look.ascii = u->look.ascii;
    t->look.colours = u->look.colours;
    t->cfg = u->cfg;
    t->game.player[0] = t->game.player[1] = PL_HUMAN; /* the screen answers with the defence itself */
    t->mode.keys_of = UI_KEYS_PUZZLE;
    if (!load_puzzles(s, u->data_dir, variant, err, sizeof err) ||
        ui_game_new(t, u->data_dir, s->pf.v->name, NULL, NULL, NULL, NULL, err, sizeof err)) {
        ui_msg(u, true, "Puzzles: %s", err);
        puzzle_free(s);
        return false;
    }
    puzzle_record_load(&s->rec, note, sizeof note);
    next_puzzle(s, note);
    *self = s;
    return true;
}

static void puzzle_draw(Ui *u, void *self)
{
    (void)u;
    ui_draw(&((PuzzleScreen *)self)->t);
}

static void puzzle_close(Ui *u, void *self)
{
    (void)u;
    puzzle_free(self);
}

const Screen ui_puzzle_screen = {
    .name = "puzzle",
    .open = puzzle_open,
    .draw = puzzle_draw,
    .key = puzzle_key,
    .tick = puzzle_tick,
    .resume = puzzle_resume,
    .close = puzzle_close,
};
