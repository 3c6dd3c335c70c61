/* The tests' way to load a shipped variant: from the source tree's data
 * directory, failing the test (with the loader's messages) when it does not
 * load.  Include after cmocka.h. */
#ifndef NC_TEST_VARIANT_H
#define NC_TEST_VARIANT_H

#include <stdio.h>

#include "datafile.h"

static inline Variant *test_variant(const char *name)
{
    DataErrors errs;
    Variant *v = variant_load(NC_TEST_DATA_DIR, name, &errs);
    if (!v)
        data_errors_print(&errs, stderr);
    assert_non_null(v);
    return v;
}

#endif
