/* The game's part of the Ui state: the variant with the names it was
 * made from, the game (its start, history, the move texts, the plies
 * taken back), who plays each side, and how the game ended beyond the
 * position's own status.  Every screen plays or shows this game: the game
 * screen, the tutorial's sandbox and the drill (each with a Ui of its
 * own), the start screen's choices.  Starting a game (ui_game_new.c) and
 * playing it (ui_game.c) are declared here too. */
#ifndef NC_UI_GAME_STATE_H
#define NC_UI_GAME_STATE_H

#include "rules/rules.h"
#include "notation/notation.h"

#include <stdbool.h>
#include <stdint.h>

enum { PL_HUMAN, PL_COMPUTER };
/* Game end beyond the position's own status. */
/* END_RECORDED: a loaded game whose tags say it ended otherwise
 * (adjudication, abandoned, ...). */
enum { END_NONE, END_STATUS, END_RESIGN, END_AGREED, END_TIME, END_RECORDED };

typedef struct {
    Variant *v;
    char vname[48], setup[24], options[96], titans[160];
    Game g;
    Position start;       /* where the game began (for [FEN] and move texts) */
    char (*text)[160];    /* move text of each ply of g */
    uint8_t *mover;       /* 1 + type of the piece that moved at each ply */
    Move *redo;           /* plies taken back, last undone last */
    int nredo, cap;
    int player[2];        /* PL_HUMAN / PL_COMPUTER */
    int end;              /* END_* */
    GameStatus status;
    char result[320];     /* "1-0, checkmate" etc.; empty while playing */
    bool in_check;
} UiGame;

/* Defined in ui_internal.h, which includes this header. */
typedef struct Ui Ui;

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
void ui_play(Ui *u, const Move *m);
bool ui_undo(Ui *u);
bool ui_redo(Ui *u);
void ui_describe_move(const Ui *u, const Move *m, char *buf, int len);
/* The move m of the game's position as the message after it is played
 * names it: SAN where the variant has it (as the move list), else the
 * move text with what it does. */
void ui_move_message(const Ui *u, const Move *m, char *buf, int len);
/* The move list's text of ply (0-based): the moving piece's letter and the
 * move text.  The one place a listed move is written. */
void ui_move_label(const Ui *u, int ply, char *buf, int len);
/* The position after ply plies of the game (0..nply). */
void ui_position_at(const Ui *u, int ply, Position *out);
bool ui_game_over(const Ui *u);
const char *ui_type_name(const Variant *v, int type);

#endif
