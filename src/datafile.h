/* Data files (doc/data-files.md): piece definitions and variants, loaded
 * into a Variant with every problem reported as "FILE:LINE: message".
 * The parts of the reader share datafile_internal.h, which nothing outside
 * datafile*.c may include. */
#ifndef NC_DATAFILE_H
#define NC_DATAFILE_H

#include "variant.h"
#include <stdio.h>

/* Problems found while reading, each "FILE:LINE: message", one line with
 * outside text quoted.  When there are more than fit, the last message
 * says so. */
typedef struct {
    int n;
    char msg[64][512];
} DataErrors;

/* Directory holding pieces.txt and variants/, searched in the documented
 * order: explicit, $NINJACHESS_DATA_DIR, XDG data directories, installed. */
const char *data_dir_find(const char *explicit_dir);

/* Loads the named variant (file variants/NAME.txt under dir).  Returns a
 * new Variant, or NULL with the problems in errs. */
Variant *variant_load(const char *dir, const char *name, DataErrors *errs);
/* Loads a variant from a file path (pieces.txt of dir is read first). */
Variant *variant_load_file(const char *dir, const char *path, DataErrors *errs);
/* Loads from text held in memory (file name used in messages). */
Variant *variant_load_text(const char *dir, const char *fname, const char *text, DataErrors *errs);
/* Lists variant names under dir (sorted); returns count, names malloc'd. */
int variant_list(const char *dir, char ***names);
void data_errors_print(const DataErrors *e, FILE *out);

#endif
