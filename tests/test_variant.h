/* The tests' way to load a shipped variant: from the source tree's data
 * directory, failing the test (with the loader's messages) when it does not
 * load; optionally with its options, Titans and setup.  Include after
 * cmocka.h. */
#ifndef NC_TEST_VARIANT_H
#define NC_TEST_VARIANT_H

#include <stdio.h>

#include "datafile/datafile.h"

static inline Variant *test_variant(const char *name)
{
    DataErrors errs;
    Variant *v = variant_load(NC_TEST_DATA_DIR, name, &errs);
    if (!v)
        data_errors_print(&errs, stderr);
    assert_non_null(v);
    return v;
}

/* A shipped variant with optional rules, Titan types and a setup (each
 * NULL for none), failing the test when one is refused. */
static inline Variant *test_variant_with(const char *name, const char *options, const char *titans,
                                         const char *setup)
{
    Variant *v = test_variant(name);
    char err[256];
    if (options)
        assert_int_equal(variant_set_options(v, options, err, sizeof err), 0);
    if (titans)
        assert_int_equal(variant_set_titans(v, titans, err, sizeof err), 0);
    if (setup)
        assert_int_equal(variant_set_setup(v, setup, err, sizeof err), 0);
    return v;
}

#endif
