/* The review's part of the Ui state: which earlier position the board
 * shows while the game itself stays where it is, and where the move list
 * is scrolled to.  Set by ui_game.c (ui_review, ui_review_continue), the
 * list drawn and clicked by ui_review.c. */
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

#endif
