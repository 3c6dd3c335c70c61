/* The lighter run of the heaviest C tests: with NC_TEST_LIGHT set to
 * anything but "" or "0" (./setup sanitize sets it, where the sanitizers
 * make the search several times slower), a test checks fewer positions,
 * searches less deep or takes a sample, still reaching every path it
 * covers and asserting a specific outcome.  Unset, every test runs in
 * full, exactly as the release run checks it (tests/README.md). */
#ifndef NC_TEST_LIGHT_H
#define NC_TEST_LIGHT_H

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

static inline bool test_light(void)
{
    const char *e = getenv("NC_TEST_LIGHT");
    return e && *e && strcmp(e, "0") != 0;
}

/* `full` in the full run, `light` in the lighter one. */
static inline int test_size(int full, int light)
{
    return test_light() ? light : full;
}

#endif
