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

/* Thinking time for the next move: the time the search aims at (it may
 * spend less on a stable search and more on an unstable one) and the most
 * it may spend.  Both 0: no time limit.  With a fixed time per move both
 * are that time. */
typedef struct {
    double target;
    double most;
} TimeBudget;

TimeBudget timeman_plan(const TimeControl *tc);

#endif
