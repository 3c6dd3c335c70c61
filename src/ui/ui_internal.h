/* The libraries of the game screen, shared by every screen: the Ui state
 * (the game, its highlights and the screen settings) and what works on it.
 *   ui_game.c     the game: history, undo/redo, highlights, the computer
 *                 and its time from the clock
 *   ui_game_new.c starting a game: its variant, and the game it replaces
 *   ui_board.c    drawing the board; layout; colours
 *   ui_glyphs.c   the text a piece is drawn as
 *   ui_panel.c    the side panel beside the board
 *   ui_review.c   the panel's move list, and which ply a click names
 *   ui_material.c the pieces each side took, the material balance
 *   ui_config.c   the config file: colours, glyphs, keys, level, time
 *   ui_moves.c    board actions: cursor steps, the move choice's labels,
 *                 playing the move chosen
 *   ui_widgets.c  menu, confirm, prompt, help page one key at a time;
 *                 blocking menu, confirm, prompt
 *   ui_keys.c     every screen's key reading; the quitting signal's flag
 *   ui_help_keys.c each screen's keys as the help and key line tell them
 *   ui_pgn.c      saving games (PGN); ui_pgn_load.c loading them
 *   ui_files.c    paths typed at prompts, files replaced atomically
 *   ui_clock.c    the clocks: time control, running, loss on time
 *   ui_autosave.c the game's own file in the state directory, its lock,
 *                 saving after every change
 *   ui_saved_games.c  the saved games offered at start, resuming one
 * The screens (ui_start.c, ui_game_screen.c, ui_tutorial.c, ui_drill.c,
 * ui_puzzle.c, ui_dialog.c) follow the contract of ui_screen.h and are driven by its
 * stack (ui_screen.c); ui_main.c starts it all.  Nothing here knows about any screen. */
#ifndef NC_UI_INTERNAL_H
#define NC_UI_INTERNAL_H

#include "rules/rules.h"
#include "notation/notation.h"
#include "options.h"
#include "search/search.h"

#include <curses.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>

/* What a highlighted square means for the selected piece (or hand piece). */
enum {
    HL_NONE,
    HL_QUIET,    /* a move to an empty square (also a drop square) */
    HL_CAPTURE,  /* the piece there is taken by replacement */
    HL_REMOVED,  /* a piece removed by flying or jumping over it, or crushed */
    HL_PUSH,     /* an enemy Titan there is pushed */
    HL_PROMO,    /* the move promotes */
    HL_CASTLE,   /* the king castles to this square */
    HL_FLYOVER,  /* the piece lands here after taking pieces on the way */
    HL_COUNT
};

/* Square backgrounds, one colour pair per (background, foreground). */
enum {
    BG_LIGHT, BG_DARK,
    BG_QUIET, BG_CAPTURE, BG_REMOVED, BG_PUSH, BG_PROMO, BG_CASTLE,
    BG_LAST_LIGHT, BG_LAST_DARK, BG_CHECK, BG_SELECTED,
    BG_FLYOVER, BG_LAST_GONE, BG_LAST_PUSHED, BG_HINT,
    BG_COUNT
};
enum { FG_WHITE, FG_BLACK, FG_MARK, FG_COUNT };
/* Pairs for the panel after the square pairs. */
enum { PAIR_TITLE = 1 + BG_COUNT * FG_COUNT, PAIR_ERROR, PAIR_GOOD, PAIR_DIM };

/* What the move that led to the shown position did to a square. */
enum {
    LM_NONE,
    LM_MOVE,    /* a piece left or reached it (origin, destination, castling rook) */
    LM_GONE,    /* a piece was removed from it: flown or jumped over, crushed, exiled */
    LM_PUSHED,  /* a pushed Titan now stands on it */
};

enum { PL_HUMAN, PL_COMPUTER };
/* Game end beyond the position's own status. */
/* END_RECORDED: a loaded game whose tags say it ended otherwise
 * (adjudication, abandoned, ...). */
enum { END_NONE, END_STATUS, END_RESIGN, END_AGREED, END_TIME, END_RECORDED };

typedef struct {
    bool too_small;
    int need_w, need_h;
    int cw, ch;            /* cell size */
    int bx, by;            /* screen position of the board's top-left cell */
    int lw;                /* width of the rank-label column */
    int px, py, pw, ph;    /* side panel */
    int msg_y, hint_y;     /* message and key-hint lines */
    int hand_y[2];         /* panel rows of the hands (for clicks) */
    int hand_x0[2][NC_MAX_TYPES], hand_x1[2][NC_MAX_TYPES];
    int list_y, list_rows, list_first; /* the move list's rows (for clicks) */
    bool list_two;                     /* two plies a row */
    int list_x[2];                     /* columns of White's and Black's moves */
} Layout;

/* A time control, as the config file (and later the command line) gives
 * it: base time and increment, and the text it was written as. */
typedef struct {
    bool set;
    int base_seconds;
    int increment_seconds;
    char text[32];
} UiTimeControl;

enum { UI_GLYPHS_DEFAULT, UI_GLYPHS_ASCII, UI_GLYPHS_UNICODE };
#define UI_MAX_KEYS 32

/* The settings of the config file (ui_config.c); all zero: none. */
typedef struct {
    short bg256[BG_COUNT];
    bool bg_set[BG_COUNT];
    short piece256[2];
    bool piece_set[2];
    int glyphs;              /* UI_GLYPHS_* */
    int level;               /* 0: not set */
    int threads;             /* search threads; 0: not set */
    UiTimeControl time;
    int bell;                /* 1 on, -1 off; 0 not set: on */
    int analysis;            /* analysis against the computer: 1 on, -1 off; 0 not set: off */
    int keys[UI_MAX_KEYS];   /* per action: the key the file gives it, 0 none */
    char path[600];
} UiConfig;

/* A loaded game's tag and comment (ui_pgn_origin.c). */
typedef struct {
    char name[32];
    char *value;
} UiTag;
typedef struct {
    int ply;              /* the plies it follows */
    char *text;
} UiNote;
/* What a loaded game keeps of its file; all zero: a game of our own. */
typedef struct {
    UiTag *tags;          /* every tag, in the file's order */
    int ntags;
    UiNote *notes;        /* its comments, [%clk] left out when it has clocks */
    int nnotes;
    UiNote *nags;         /* its NAGs ("$1") */
    int nnags;
    Move *moves;          /* the moves loaded: notes hold while the game begins with them */
    int nply;
    char path[4096];      /* the file's real path; empty: not from a file */
    char *head;           /* the file's bytes up to the game's end, as loaded or last saved */
    size_t head_len, game_start; /* where the game's text begins in them */
    bool agreed;          /* the player let this game replace itself in its file */
    char *scratch;        /* the last note handed out */
    size_t scratch_cap;
    bool nomem;           /* a note could not be handed out: the write fails */
} UiOrigin;

typedef struct Ui {
    const char *data_dir;
    Variant *v;
    char vname[48], setup[24], options[96], titans[160];
    Game g;
    Position start;       /* where the game began (for [FEN] and move texts) */
    char (*text)[160];    /* move text of each ply of g */
    uint8_t *mover;       /* 1 + type of the piece that moved at each ply */
    Move *redo;           /* plies taken back, last undone last */
    int nredo, cap;

    int player[2];        /* PL_HUMAN / PL_COMPUTER */
    int level;
    int threads;          /* of the computer's search (level 10) */
    bool flipped, ascii, utf8;
    int colours;          /* 0 monochrome, 8, 256 */

    int cursor;           /* square under the cursor */
    int sel;              /* selected square, 0 none */
    int drop_type;        /* hand piece selected to drop, -1 none */
    MoveList legal;       /* legal moves of the current position */
    uint8_t hl[NC_MAX_SQ];     /* HL_* for the selection */
    uint8_t removes[NC_MAX_SQ];/* squares the hovered move removes */
    char hover[200];      /* what the hovered move does, in words */
    uint8_t lastmark[NC_MAX_SQ]; /* LM_* of the move that led to the shown position */

    /* Review: the board shows the position after view_ply plies of g
     * (view_pos) while the game itself stays where it is. */
    bool reviewing;
    int view_ply;
    Position view_pos;
    int list_top;         /* first move line the move list shows (review scrolls it) */

    Move hint_move;       /* the last hint, marked while hint_key is the position's */
    uint64_t hint_key;
    bool have_hint;

    GameClock clock;      /* time control and both clocks (ui_clock.c) */
    /* The time control of the games begun here (from the command line or
     * the start screen, which offers it first): --time, else the config's,
     * else the start screen's last choice; base 0: no clocks. */
    double tc_base, tc_inc;
    bool low_told[2];     /* the bell rang for this side's clock running low */
    int end;              /* END_* */
    GameStatus status;
    char result[320];     /* "1-0, checkmate" etc.; empty while playing */
    bool in_check;

    Search *search;
    bool thinking;        /* the computer searches for its own move */
    bool hinting;         /* the search looks for a move for the human */
    SearchInfo info;
    int last_score;       /* the computer's last score, its own view */
    bool have_score;
    struct UiAnalysis *analysis; /* live analysis (ui_analysis.h); NULL: never turned on */

    char msg[256];
    bool msg_error;
    bool tutorial;        /* sandbox: any piece may be placed and moved */
    int keys_of;          /* whose keys the help and key line tell: UI_KEYS_* */
    const char *player_text[2]; /* the panel's name of a player, NULL: its kind */
    int tut_type;         /* piece type the tutorial explains, -1 none */
    Layout lay;
    UiConfig cfg;
    char save_path[512];  /* last file saved or loaded */
    UiOrigin origin;      /* the loaded game's file, tags and comments */
    char written[4096];   /* real path of the file the player last saved a whole game to */

    /* The game's own file in the state directory (ui_autosave.c); empty
     * until the first change is saved.  All zero: no file, no lock. */
    char game_file[1100];
    int game_lock;        /* descriptor of its lock + 1; 0 none */
    bool game_created;    /* this process made game_file */
    unsigned changes;     /* bumped by every change of the game */
    unsigned saved_changes, failed_changes;
    bool save_failed;     /* the last save failed: save_err says why */
    char save_err[700];
    long save_retry;      /* when to try again without a new change */

    struct UiReport *report; /* the game report (ui_report.h); NULL: none */
} Ui;

/* ui_game_new.c */
/* A new game in u: variant, setup, options and Titans (NULL or "" for
 * none), from fen when given; 0, or -1 with the reason and u unchanged. */
int ui_game_new(Ui *u, const char *data_dir, const char *variant, const char *setup,
                const char *options, const char *titans, const char *fen, char *err, int errlen);

/* ui_game.c */
void ui_game_free(Ui *u);
/* Faces the human: the board turned when the human plays Black against
 * the computer, the cursor on the human's king (with two humans or two
 * computers, the king of the side to move). */
void ui_orient(Ui *u);
/* Sets the game to begin at start (drops the old history). */
void ui_game_reset(Ui *u, const Position *start);
void ui_refresh(Ui *u);          /* legal moves, status, highlights */
void ui_select(Ui *u, int sq);   /* select a piece (0 clears) */
void ui_select_drop(Ui *u, int type);
/* Legal moves of the selection landing on sq; returns the count. */
int ui_candidates(const Ui *u, int sq, Move *out, int max);
void ui_play(Ui *u, const Move *m);
bool ui_undo(Ui *u);
bool ui_redo(Ui *u);
void ui_hover(Ui *u);            /* fills hover/removes for the cursor square */
void ui_describe_move(const Ui *u, const Move *m, char *buf, int len);
/* The move m of the game's position as the message after it is played
 * names it: SAN where the variant has it (as the move list), else the
 * move text with what it does. */
void ui_move_message(const Ui *u, const Move *m, char *buf, int len);
/* The move list's text of ply (0-based): the moving piece's letter and the
 * move text.  The one place a listed move is written. */
void ui_move_label(const Ui *u, int ply, char *buf, int len);
/* LM_* marks of move m made from position before, into marks[NC_MAX_SQ]. */
void ui_move_marks(const Position *before, const Move *m, uint8_t *marks);
/* The position after ply plies of the game (0..nply). */
void ui_position_at(const Ui *u, int ply, Position *out);
/* The position on the board and its ply count: the reviewed one, or the game's. */
const Position *ui_shown_pos(const Ui *u);
int ui_shown_ply(const Ui *u);
/* Shows the position after ply plies (clamped); the last one ends the review. */
void ui_review(Ui *u, int ply);
/* Ends the review there: the plies after the reviewed position are dropped. */
void ui_review_continue(Ui *u);
void ui_msg(Ui *u, bool error, const char *fmt, ...)
#ifdef __GNUC__
    __attribute__((format(printf, 3, 4)))
#endif
    ;
void ui_computer_tick(Ui *u);    /* starts or finishes the computer's move */
void ui_computer_stop(Ui *u);    /* abandons a running search */
void ui_hint(Ui *u);             /* starts looking for a move for the human */
void ui_computer_move_now(Ui *u);
/* The computer playing side answers a draw offer: a short search of the
 * position; it accepts when its score (its own view, centipawns, in
 * *score) is at most UI_DRAW_ACCEPT_CP, i.e. it is not better off. */
#define UI_DRAW_ACCEPT_CP 25
bool ui_computer_accepts_draw(Ui *u, int side, int *score);
bool ui_game_over(const Ui *u);
const char *ui_type_name(const Variant *v, int type);
/* The game's clock (its running and the loss on time are ui_clock.c's). */
void ui_clock_moved(Ui *u, int side);   /* side just moved */
void ui_clock_undo(Ui *u);              /* a ply was taken back */
void ui_clock_redo(Ui *u, int side);    /* side's ply taken back is played again */
/* The computer's thinking time for this move from its own clock. */
void ui_clock_limits(const Ui *u, SearchLimits *lim);

/* ui_board.c */
void ui_colours_init(Ui *u);
short ui_default_bg256(int bg);  /* the built-in palette entry of a background */
/* The 256-colour palette entry of a square background or a side's pieces:
 * the config file's, else the built-in one. */
short ui_bg256(const Ui *u, int bg);
short ui_piece256(const Ui *u, int colour);
void ui_layout(Ui *u, int rows, int cols);
/* Draws into curses' virtual screen (wnoutrefresh); the caller updates
 * the terminal (doupdate, as screen_draw does, or a refresh of its own). */
void ui_draw(Ui *u);
void ui_square_cell(const Ui *u, int sq, int *y, int *x);
int ui_square_at(const Ui *u, int y, int x);
int ui_square_pair(const Ui *u, int sq);    /* colour pair used for a square */
void ui_draw_too_small(const Ui *u, int rows, int cols);

/* ui_glyphs.c */
/* The text drawn for a piece code (UTF-8 glyph or letter; buf holds 2). */
const char *ui_piece_str(const Ui *u, int code, char *buf);

/* ui_config.c */
/* Reads the config file if there is one; -1 with "FILE:LINE: reason"
 * (a line for each wrong line of the file). */
int ui_config_load(UiConfig *c, char *err, int errlen);
/* Parses config text; name is the file name used in messages.  Every
 * wrong line is told, one "FILE:LINE: reason" a line of err. */
int ui_config_parse(UiConfig *c, const char *text, const char *name, char *err, int errlen);
/* $XDG_CONFIG_HOME/ninjachess/config or ~/.config/ninjachess/config. */
int ui_config_path(char *buf, int len);
/* "MINUTES[:SS][+SECONDS]" into tc; -1 with the reason. */
int ui_time_control_parse(const char *s, UiTimeControl *tc, char *err, int errlen);
/* The key as the game screen's defaults know it: a key the file gave to
 * an action becomes that action's default key. */
int ui_config_key(const UiConfig *c, int key);
/* The key of a named action (key.NAME): the file's, else the default; -1
 * for no such action.  ui_config_action_name(i) names them, NULL past the
 * last. */
int ui_config_action_key(const UiConfig *c, const char *action);
const char *ui_config_action_name(int i);
/* The terminal's bell (its flash when it has none), unless the config
 * turned it off: the computer moved, a clock runs low. */
void ui_bell(const Ui *u);

/* ui_panel.c */
void ui_draw_panel(Ui *u);

/* ui_material.c */
/* "White +3: took Q N P" for side in the shown position: its lead in
 * pawns when it has one, and the pieces it took in the shown plies
 * (captured, flown over, crushed, exiled), the most valuable first;
 * returns how many pieces it took. */
int ui_material_line(const Ui *u, int side, char *buf, int len);
/* Side's material lead in the shown position, in pawns (negative: behind). */
int ui_material_lead(const Ui *u, int side);

/* ui_review.c */
/* "12." or "12..." for the ply (0-based) of the game. */
void ui_ply_number(const Ui *u, int ply, char *buf, int len);
/* Draws the move list in rows top..bottom-1 and keeps its geometry. */
void ui_draw_move_list(Ui *u, int top, int bottom);
/* The ply (0-based) of the move drawn at y, x in the list, or -1. */
int ui_list_ply_at(const Ui *u, int y, int x);

/* ui_moves.c */
void ui_cursor_step(Ui *u, int dx, int dy);
/* Where one cursor step (dx, dy) from sq lands: the nearest existing
 * square that way, also on irregular boards. */
int ui_cursor_target(const Variant *v, int sq, int dx, int dy);
/* A typed move: the candidates it names (1, or several to choose from in
 * a menu: short forms, a king step that is also a castling), or 0 with
 * msg saying what is wrong, naming the squares typed. */
int ui_typed_move(Ui *u, const char *typed, Move *c, int max, char *msg, int len);
/* Why the piece on from (or the hand piece drop_type) cannot go to to. */
void ui_explain_refusal(const Ui *u, int from, int drop_type, int to, char *msg, int len);
/* Why the hand piece type cannot be dropped anywhere now. */
void ui_explain_no_drop(const Ui *u, int type, char *msg, int len);
/* The "Which move?" menu's labels of the candidates (at most 16, with
 * " (king step)" where a king's step is also a castling); returns how
 * many. */
int ui_candidate_labels(const Ui *u, const Move *c, int n, char (*labels)[200]);
/* Plays m and says so ("Played Nf3"). */
void ui_play_candidate(Ui *u, const Move *m);

/* ui_widgets.c */
/* A menu of labels; ui_menu_key gives the chosen index, MENU_CANCEL, or
 * MENU_OPEN while the menu stays open.  ui_menu_draw records the geometry
 * that clicks are matched against. */
enum { MENU_OPEN = -2, MENU_CANCEL = -1 };
#define UI_MENU_MAX 64
typedef struct {
    const char *title;
    const char *const *items;
    int n, cur;
    int top, left, width;  /* where it was last drawn */
    const char *keys;      /* the key of each item; NULL: 1-9 */
    /* Screen row of each item's first line and its line count as last
     * drawn (long items and titles wrap at word boundaries); -1: not shown. */
    int item_y[UI_MENU_MAX], item_h[UI_MENU_MAX];
} UiMenu;
void ui_menu_draw(UiMenu *m);
int ui_menu_key(UiMenu *m, int key);
/* A blocking menu drawn over u's screen; returns the chosen index or -1. */
int ui_menu(Ui *u, const char *title, const char *const *items, int n);
/* The same; with type_ahead a letter moves to the next item that starts
 * with it (j, k, q keep their keys; their capitals jump). */
int ui_menu_typed(Ui *u, const char *title, const char *const *items, int n, bool type_ahead);
/* Reads a line at the bottom; returns false when cancelled. */
bool ui_prompt(Ui *u, const char *question, char *buf, int len);
bool ui_confirm(Ui *u, const char *question);
/* One key at a time: the yes/no menu m (items "Yes (y)", "No (n)") gives 1
 * yes, 0 no, MENU_OPEN while open; the prompt's line buf (at most len - 1
 * bytes) gives 1 entered, -1 cancelled, 0 while open. */
int ui_confirm_key(UiMenu *m, int key);
/* The help page: the screen's keys (ui_help_keys.c), the board's marks,
 * the config file, the variant's pieces; built once, drawn from line
 * first; ui_help_key turns the page and is true when the key closes it. */
#define UI_HELP_MAX 128
typedef struct {
    char lines[UI_HELP_MAX][720];
    int n, first;
} UiHelp;
void ui_help_build(Ui *u, UiHelp *h);
void ui_help_draw(UiHelp *h);
bool ui_help_key(UiHelp *h, int key);
void ui_prompt_draw(const char *question, const char *buf);
int ui_prompt_key(char *buf, int len, int key);

/* ui_keys.c */
/* getch for every screen: a lone release of button 1 (asked for only so
 * that getch keeps its timeout, ui_main.c) reads as ERR, no key. */
int ui_getch(void);
/* The event of the KEY_MOUSE ui_getch last gave; false when none. */
bool ui_mouse_event(MEVENT *ev);
/* Waits for a key; gives ERR only on a signal, and KEY_RESIZE after a
 * resize, which the caller's dialog answers by drawing itself again. */
int ui_getkey(Ui *u);

/* The quitting signal caught (set by ui_main.c's handler); 0 for none. */
extern volatile sig_atomic_t ui_signal_caught;

/* ui_help_keys.c */
/* Whose keys the help and the key line tell (Ui.keys_of); a tutorial
 * sandbox (Ui.tutorial) tells the tutorial's. */
enum { UI_KEYS_GAME, UI_KEYS_TUTORIAL, UI_KEYS_DRILL, UI_KEYS_PUZZLE };
#define UI_HELP_LINE 100
/* The key lines of the help page, at most max; returns how many. */
int ui_key_help(const Ui *u, char (*lines)[UI_HELP_LINE], int max);
/* The key line under the board (in_lesson: the tutorial's lesson keys). */
void ui_key_line(const Ui *u, bool in_lesson, char *out, int len);

/* ui_clock.c */
/* The time control of the games to come (and of this one before its first
 * move); base 0 plays without clocks. */
void ui_clock_configure(Ui *u, double base, double inc);
/* Each loop round: runs the clock of the side to move (from the game's
 * first move on), stops it when the game is over, and ends the game when
 * a flag falls. */
void ui_clock_tick(Ui *u);
/* Both clocks on panel row y when the game has clocks; the next free row. */
int ui_clock_draw(const Ui *u, int y);

/* ui_pgn.c */
int ui_pgn_write(const Ui *u, FILE *f);
int ui_pgn_save(Ui *u, const char *path, char *err, int errlen);
bool ui_pgn_at_setup(const Ui *u);  /* the game began at the variant's setup */
/* The player's name the loaded game's tags give side; NULL none. */
const char *ui_player_tag(const Ui *u, int side);

/* ui_pgn_load.c */
/* Loads a PGN file into a new game in u (u->data_dir must be set).
 * On failure u is unchanged and err says what is wrong. */
int ui_pgn_load(Ui *u, const char *path, char *err, int errlen);
int ui_pgn_load_text(Ui *u, const char *text, const char *name, char *err, int errlen);

/* ui_files.c */
/* path's contents replaced by data: all or nothing; -1 with the reason. */
int ui_atomic_write(const char *path, const char *data, size_t len, char *err, int errlen);
/* A path typed at the save and open prompts with a leading "~" or "~NAME"
 * made the home directory it names; -1 when there is no such home or the
 * result does not fit. */
int ui_expand_path(const char *typed, char *out, int len);

/* ui_pgn_origin.c */
void ui_origin_free(UiOrigin *o);
int ui_origin_add_tag(UiOrigin *o, const char *name, const char *value);
/* The loaded tag's value; NULL when the game had none. */
const char *ui_origin_tag(const UiOrigin *o, const char *name);
/* A comment read after ply plies; clocks: its [%clk] is left out. */
int ui_origin_add_note(UiOrigin *o, const char *text, size_t len, int ply, bool clocks);
int ui_origin_add_nag(UiOrigin *o, const char *nag, int ply);
int ui_origin_set_moves(UiOrigin *o, const Move *moves, int nply);
/* The file's text up to end, where the game's text ended. */
int ui_origin_set_text(UiOrigin *o, const char *text, const char *end);
/* The loaded comments after ply (0-based; -1 before the first move)
 * while the game still begins with the loaded moves; NULL none. */
const char *ui_origin_note(const Ui *u, int ply);
/* The same for the loaded NAGs ("$1 $14"). */
const char *ui_origin_nags(const Ui *u, int ply);
void ui_origin_real_path(const char *path, char *real);
/* Writes game (a whole PGN game, len bytes) to path: into the file the
 * game was loaded from, in place of that game only (refused when the
 * file changed since); elsewhere, as the whole file. */
int ui_origin_write(Ui *u, const char *path, const char *game, size_t len, char *err, int errlen);
/* 1 and the question to ask when saving to path would replace a file
 * this program did not write; 0 when it may be written. */
int ui_pgn_save_question(const Ui *u, const char *path, char *question, int qlen);
/* A name beside path that no file has yet ("game-2.pgn"). */
void ui_pgn_other_name(const char *path, char *out, int len);

/* ui_autosave.c */
/* $XDG_STATE_HOME/ninjachess[/sub] (or ~/.local/state/...), made when
 * create is set; -1 with the reason in err. */
int ui_state_dir(char *buf, int len, const char *sub, bool create, char *err, int errlen);
/* The single autosave.pgn of earlier versions (read once, then moved). */
int ui_autosave_path(char *buf, int len, bool create_dir);
/* Saves the game to its own file if it changed since the last save;
 * -1 when it could not be (save_err and the message say why). */
int ui_autosave(Ui *u);
/* After each key and tick: saves a change, retries a failed save now
 * and then, and keeps the failure on the message line. */
void ui_autosave_tick(Ui *u);
/* The game is being replaced or the program ends: a finished game's file
 * moves to games/finished/, the lock is given up. */
void ui_autosave_leave(Ui *u);
/* A game file's lock: DIR/NAME.lock beside DIR/NAME.pgn.  Taking it gives
 * its descriptor, or -1 with errno EWOULDBLOCK when another instance has
 * it; dropping it (lock: descriptor + 1, 0 none) removes the file. */
void ui_lock_path_of(const char *game, char *buf, size_t len);
int ui_lock_take(const char *path, bool excl);
void ui_lock_drop(const char *game, int *lock);
/* games/finished/NAME; a file that cannot move stays where it is. */
void ui_move_to_finished(const char *path);

/* ui_saved_games.c */
/* A saved game that may be resumed; its lock is held while offered. */
typedef struct {
    char path[1100];
    int lock;             /* descriptor + 1; 0 none */
    long mtime;
    int plies;
    char title[64], when[32];
} SavedGame;
/* The unfinished saved games no running instance holds, the most recent
 * first; with match, only those of u's variant, setup, options and
 * Titans begun at the setup.  A file that cannot be read is put aside as
 * NAME.damaged and told in note. */
int ui_saved_games(const Ui *u, bool match, SavedGame *out, int max, char *note, int notelen);
void ui_saved_game_release(SavedGame *g);
/* Loads g into u, which then keeps saving to g's file. */
int ui_saved_game_resume(Ui *u, SavedGame *g, char *err, int errlen);

#endif
