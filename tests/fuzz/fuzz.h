/* What the fuzz harnesses share: the libFuzzer entry point (declared here so
 * replay_main.c can call it without libFuzzer), the data directory, the
 * shipped variants loaded once, and a NUL-terminated copy of an input. */
#ifndef NC_FUZZ_H
#define NC_FUZZ_H

#include <stddef.h>
#include <stdint.h>

#include "rules/rules.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The data directory: the source tree's data/ given at build time, else
 * the one data_dir_find picks. */
const char *fuzz_data_dir(void);

/* Number of shipped variants the harnesses choose from. */
int fuzz_nvariants(void);
/* The variant a selector byte picks (modulo the count).  All are loaded at
 * the first call and kept for the process; a load failure aborts, since
 * it means the data directory, not the input, is broken. */
const Variant *fuzz_variant(uint8_t pick);
const char *fuzz_variant_name(uint8_t pick);

/* A malloc'd copy of the input with a NUL after it (the parsers take C
 * strings; an embedded NUL just ends the text early). */
char *fuzz_cstr(const uint8_t *data, size_t size);

/* Prints what went wrong to stderr and aborts, so that libFuzzer (and the
 * replay driver) report the input as a crash. */
_Noreturn void fuzz_fail(const char *fmt, ...);

#endif
