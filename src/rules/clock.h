/* Monotonic wall-clock time, for benchmarks and search time limits.  The
 * one place that reads the clock, so that every timing agrees. */
#ifndef NC_CLOCK_H
#define NC_CLOCK_H

#include <time.h>

static inline double nc_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

#endif
