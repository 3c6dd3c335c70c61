/* Time management: how long to think for one move, from the clock.
 * Plain arithmetic on the figures a front end reads from its protocol;
 * no I/O and no knowledge of any protocol's commands. */
#ifndef NC_TIMEMAN_H
#define NC_TIMEMAN_H

#include <stdbool.h>

typedef struct {
    double per_move;        /* fixed seconds per move; 0 none */
    double time_left;       /* our clock, seconds; < 0 unknown */
    double increment;       /* seconds added after each move */
    int moves_per_session;  /* moves per time control; 0 whole game */
    int moves_played;       /* full moves played so far in the game */
    bool depth_limited;     /* a depth limit is set (then no default time) */
} TimeControl;

/* Seconds to spend on the next move; 0 means no time limit. */
double timeman_budget(const TimeControl *tc);

#endif
