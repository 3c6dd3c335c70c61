/* The clocks' part of the Ui state: the game's two clocks and time
 * control, the time control of the games begun here, and whether the bell
 * rang for a clock running low.  ui_clock.c runs them; ui_game.c tells
 * them of each move and takeback; the start screen offers and keeps the
 * time control of the games to come.  Declares those functions too. */
#ifndef NC_UI_CLOCK_STATE_H
#define NC_UI_CLOCK_STATE_H

#include "rules/rules.h"
#include "search/search.h"

#include <stdbool.h>

typedef struct {
    GameClock clock;      /* time control and both clocks (ui_clock.c) */
    /* The time control of the games begun here (from the command line or
     * the start screen, which offers it first): --time, else the config's,
     * else the start screen's last choice; base 0: no clocks. */
    double tc_base, tc_inc;
    bool low_told[2];     /* the bell rang for this side's clock running low */
} UiClocks;

/* Defined in ui_internal.h, which includes this header. */
typedef struct Ui Ui;

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

/* ui_game.c */
/* The game's clock (its running and the loss on time are ui_clock.c's). */
void ui_clock_moved(Ui *u, int side);   /* side just moved */
void ui_clock_undo(Ui *u);              /* a ply was taken back */
void ui_clock_redo(Ui *u, int side);    /* side's ply taken back is played again */
/* The computer's thinking time for this move from its own clock. */
void ui_clock_limits(const Ui *u, SearchLimits *lim);

#endif
