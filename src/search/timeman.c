/* Time management: turns clock figures into a thinking time for one move.
 * Pure arithmetic; the protocol front ends gather the figures. */
#include "timeman.h"

/* Moves assumed to remain when the time control gives no number. */
#define TM_DEFAULT_TOGO 30
/* Seconds per move when no clock is known and no depth limit is set. */
#define TM_DEFAULT_SECONDS 5.0
/* Spent on communication and process latency, kept off every budget. */
#define TM_LATENCY 0.05
#define TM_MIN_SECONDS 0.02

/* An unstable search may run to this many times its target. */
#define TM_MOST_FACTOR 3.0

static double at_least_minimum(double t)
{
    return t < TM_MIN_SECONDS ? TM_MIN_SECONDS : t;
}

TimeBudget timeman_plan(const TimeControl *tc)
{
    if (tc->per_move > 0)
        return (TimeBudget){tc->per_move, tc->per_move};
    if (tc->time_left < 0) {
        double t = tc->depth_limited ? 0 : TM_DEFAULT_SECONDS;
        return (TimeBudget){t, t};
    }
    int mps = tc->moves_per_session > 0 ? tc->moves_per_session : 0;
    int moves_played = tc->moves_played > 0 ? tc->moves_played : 0;
    int togo = mps ? mps - moves_played % mps : TM_DEFAULT_TOGO;
    double target = tc->time_left / togo + tc->increment * 0.8;
    double cap = tc->time_left * 0.4; /* never bet most of the clock on one move */
    double most = target * TM_MOST_FACTOR;
    if (target > cap)
        target = cap;
    if (most > cap)
        most = cap;
    return (TimeBudget){at_least_minimum(target - TM_LATENCY), at_least_minimum(most - TM_LATENCY)};
}
