/* The board's keys where the player moves the side to move's pieces
 * (ui_board_input.c): cursor steps, selecting a piece and naming a move
 * with Enter, space or a click, Esc clearing the selection; the moves
 * named played, or asked "Which move?" among several.  What the screen
 * then does with the move (play it, judge it) stays the screen's. */
#ifndef NC_UI_BOARD_INPUT_H
#define NC_UI_BOARD_INPUT_H

#include "ui_internal.h"

/* The key on u's board: the number of legal moves it names (into c, at
 * most max; more than one: the screen asks which, with
 * ui_candidate_labels), 0 when the key was the board's without naming a
 * move (a cursor step, a selection), -1 when it is no board key. */
int ui_board_key(Ui *u, int key, Move *c, int max);

/* Only the cursor steps of ui_board_key: true when key was one (for a
 * screen whose other board keys wait while its own state says no move). */
bool ui_board_cursor_key(Ui *u, int key);

/* What a screen does with the one move the player named: play it, judge
 * it (self is the screen's own state). */
typedef void (*BoardPlay)(Ui *u, void *self, const Move *m);

/* The moves a board key or a typed move named (n > 0): one is handed to
 * play(u, self, move); among several the player picks in a "Which move?"
 * menu asked with tag (ui_screen.h), its moves kept in cand (16) and
 * their number in *ncand for the answer.  True when that menu is open;
 * false when the one move was played or the menu does not fit (told on
 * u's message line). */
bool ui_board_candidates(Ui *u, const Move *c, int n, BoardPlay play, void *self, int tag, Move cand[16], int *ncand);

#endif
