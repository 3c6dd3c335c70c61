/* The clocks' part of the Ui state: the game's two clocks and time
 * control, the time control of the games begun here, and whether the bell
 * rang for a clock running low.  ui_clock.c runs them; ui_game.c tells
 * them of each move and takeback; the start screen offers and keeps the
 * time control of the games to come. */
#ifndef NC_UI_CLOCK_STATE_H
#define NC_UI_CLOCK_STATE_H

#include "rules/rules.h"

#include <stdbool.h>

typedef struct {
    GameClock clock;      /* time control and both clocks (ui_clock.c) */
    /* The time control of the games begun here (from the command line or
     * the start screen, which offers it first): --time, else the config's,
     * else the start screen's last choice; base 0: no clocks. */
    double tc_base, tc_inc;
    bool low_told[2];     /* the bell rang for this side's clock running low */
} UiClocks;

#endif
