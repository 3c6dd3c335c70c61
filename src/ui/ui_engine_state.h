/* The computer's part of the Ui state: its search (made and polled by
 * ui_game.c), its strength and threads, whether it searches for its own
 * move or for the human's hint, what it last reported and scored, and the
 * hint it found (marked on the board by ui_board.c). */
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
    bool thinking;        /* the computer searches for its own move */
    bool hinting;         /* the search looks for a move for the human */
    SearchInfo info;
    int last_score;       /* the computer's last score, its own view */
    bool have_score;
    Move hint_move;       /* the last hint, marked while hint_key is the position's */
    uint64_t hint_key;
    bool have_hint;
} UiEngine;

#endif
