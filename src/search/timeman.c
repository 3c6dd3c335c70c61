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

double timeman_budget(const TimeControl *tc)
{
    if (tc->per_move > 0)
        return tc->per_move;
    if (tc->time_left < 0)
        return tc->depth_limited ? 0 : TM_DEFAULT_SECONDS;
    int mps = tc->moves_per_session;
    int togo = mps ? mps - tc->moves_played % mps : TM_DEFAULT_TOGO;
    if (togo < 1)
        togo = 1;
    double t = tc->time_left / togo + tc->increment * 0.8;
    double cap = tc->time_left * 0.4; /* never bet most of the clock on one move */
    if (t > cap)
        t = cap;
    t -= TM_LATENCY;
    return t < TM_MIN_SECONDS ? TM_MIN_SECONDS : t;
}
