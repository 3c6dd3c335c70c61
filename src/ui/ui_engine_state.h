/* The computer's part of the Ui state: its search (made and polled by
 * ui_game.c), its strength and threads, whether it searches for its own
 * move or for the human's hint, what it last reported and scored, and the
 * hint it found (marked on the board by ui_board.c); and ui_game.c's
 * functions that start, poll and stop it. */
#ifndef NC_UI_ENGINE_STATE_H
#define NC_UI_ENGINE_STATE_H

#include "rules/rules.h"
#include "search/search.h"

#include <stdbool.h>
#include <stdint.h>

typedef struct {
    Search *search;
    int level;
    int threads;          /* of the computer's search (level 10) */
    bool no_net;          /* --no-nnue: every search of the screen evaluates by hand */
    bool thinking;        /* the computer searches for its own move */
    bool hinting;         /* the search looks for a move for the human */
    SearchInfo info;
    int last_score;       /* the computer's last score, its own view */
    bool have_score;
    Move hint_move;       /* the last hint, marked while hint_key is the position's */
    uint64_t hint_key;
    bool have_hint;
} UiEngine;

/* Defined in ui_internal.h, which includes this header. */
typedef struct Ui Ui;

/* ui_game.c */
void ui_computer_tick(Ui *u);    /* starts or finishes the computer's move */
void ui_computer_stop(Ui *u);    /* abandons a running search */
void ui_hint(Ui *u);             /* starts looking for a move for the human */
void ui_computer_move_now(Ui *u);
/* The computer playing side answers a draw offer: a short search of the
 * position; it accepts when its score (its own view, centipawns, in
 * *score) is at most UI_DRAW_ACCEPT_CP, i.e. it is not better off. */
#define UI_DRAW_ACCEPT_CP 25
bool ui_computer_accepts_draw(Ui *u, int side, int *score);

#endif
