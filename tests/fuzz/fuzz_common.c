/* Helpers shared by the fuzz harnesses (see fuzz.h).  Only public headers of
 * the rules library are used, so the harnesses survive its restructuring. */
#include "fuzz.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "datafile/datafile.h"

/* Fixed order: the selector byte of the seeds in corpus/ depends on it, so
 * new variants go at the end. */
static const char *const variant_names[] = {
    "chess",
    "capablanca",
    "titan-chess",
    "stealth-ninja",
    "flying-warmachines",
    "chess-titan-rooks",
    "titan-chess-titans",
};
#define NVARIANTS ((int)(sizeof variant_names / sizeof variant_names[0]))

static Variant *variants[NVARIANTS];

const char *fuzz_data_dir(void)
{
#ifdef NC_TEST_DATA_DIR
    return NC_TEST_DATA_DIR;
#else
    static const char *dir;
    if (!dir)
        dir = data_dir_find(NULL);
    if (!dir)
        fuzz_fail("fuzz: no data directory found");
    return dir;
#endif
}

int fuzz_nvariants(void)
{
    return NVARIANTS;
}

static void load_all(void)
{
    for (int i = 0; i < NVARIANTS; i++) {
        DataErrors errs;
        variants[i] = variant_load(fuzz_data_dir(), variant_names[i], &errs);
        if (!variants[i]) {
            data_errors_print(&errs, stderr);
            fuzz_fail("fuzz: cannot load variant '%s' from %s", variant_names[i], fuzz_data_dir());
        }
    }
}

const Variant *fuzz_variant(uint8_t pick)
{
    if (!variants[0])
        load_all();
    return variants[pick % NVARIANTS];
}

const char *fuzz_variant_name(uint8_t pick)
{
    return variant_names[pick % NVARIANTS];
}

char *fuzz_cstr(const uint8_t *data, size_t size)
{
    char *s = malloc(size + 1);
    if (!s)
        abort();
    if (size)
        memcpy(s, data, size);
    s[size] = 0;
    return s;
}

void fuzz_fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    abort();
}
