/* The review's part of the Ui state: which earlier position the board
 * shows while the game itself stays where it is, and where the move list
 * is scrolled to.  Set by ui_game.c (ui_review, ui_review_continue), the
 * list drawn and clicked by ui_review.c; both are declared here. */
#ifndef NC_UI_REVIEW_STATE_H
#define NC_UI_REVIEW_STATE_H

#include "rules/rules.h"

#include <stdbool.h>

typedef struct {
    /* The board shows the position after view_ply plies of the game
     * (view_pos) while the game itself stays where it is. */
    bool reviewing;
    int view_ply;
    Position view_pos;
    int list_top;         /* first move line the move list shows (review scrolls it) */
} UiReview;

/* Defined in ui_internal.h, which includes this header. */
typedef struct Ui Ui;

/* ui_game.c */
/* The position on the board and its ply count: the reviewed one, or the game's. */
const Position *ui_shown_pos(const Ui *u);
int ui_shown_ply(const Ui *u);
/* Shows the position after ply plies (clamped); the last one ends the review. */
void ui_review(Ui *u, int ply);
/* Ends the review there: the plies after the reviewed position are dropped. */
void ui_review_continue(Ui *u);

/* ui_review.c */
/* "12." or "12..." for the ply (0-based) of the game. */
void ui_ply_number(const Ui *u, int ply, char *buf, int len);
/* Draws the move list in rows top..bottom-1 and keeps its geometry. */
void ui_draw_move_list(Ui *u, int top, int bottom);
/* The ply (0-based) of the move drawn at y, x in the list, or -1. */
int ui_list_ply_at(const Ui *u, int y, int x);

#endif
