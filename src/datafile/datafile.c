/* Public face of the data-file reader (datafile.h): loading variants with
 * the pieces of every data directory, and choosing a setup, with the
 * variant's evaluation weights (datafile_eval.c).  The data path itself is
 * datafile_path.c's, the error collector datafile_errors.c's.  The reading
 * itself is in datafile_lex.c, _blocks.c, _piece.c, _build.c and _rules.c;
 * nothing here parses text. */
#include "datafile_internal.h"

#include "notation/notation.h"
#include "text/quote.h"

#include <stdlib.h>
#include <string.h>

/* ---- loading ---- */

int variant_set_setup(Variant *v, const char *name, char *err, int errlen)
{
    for (int i = 0; i < v->nsetups; i++)
        if (strcmp(v->setup_name[i], name) == 0) {
            v->setup = i;
            return df_locate_castling(v, err, errlen);
        }
    char q[64];
    snprintf(err, (size_t)errlen, "no setup '%s' in variant %s", nc_quote(name, q, sizeof q), v->name);
    return -1;
}

/* Reads one pieces.txt into lib; a variant block there is an error. */
static void read_piece_library(const char *path, PieceLib *lib, VariantBlock *scratch, DataErrors *errs)
{
    char *ptext = df_read_file(path, errs);
    if (!ptext)
        return;
    bool have = false;
    df_parse_text(path, ptext, lib, scratch, &have, errs);
    free(ptext);
    if (have)
        df_add_error(errs, path, scratch->line, "variant blocks belong in the variants directory");
}

/* Adds the definitions of one pieces.txt (in part) to lib: one of the
 * same name as a definition already there replaces it, in its place. */
static void merge_pieces(PieceLib *lib, PieceLib *part, const char *path, DataErrors *errs)
{
    for (int i = 0; i < part->n; i++) {
        int at = df_lib_find(lib, part->defs[i].pt.name);
        if (at < 0 && lib->n == DF_MAX_DEFS) {
            df_add_error(errs, path, part->defs[i].line,
                         "more than %d piece definitions (pieces.txt and the variant file together)", DF_MAX_DEFS);
            at = -2;
        }
        if (at == -2) {
            free(part->defs[i].pt.description);
            continue;
        }
        if (at >= 0)
            free(lib->defs[at].pt.description);
        else
            at = lib->n++;
        lib->defs[at] = part->defs[i];
    }
    part->n = 0;
}

/* The pieces.txt of every directory of the data path into lib, the last
 * directory's first, so that an earlier directory's definition of a name
 * replaces a later one's.  files holds their names (they outlive lib). */
static void read_pieces(const char *path, PieceLib *lib, char (*files)[DF_MAX_PATH + 1], int max, VariantBlock *vb,
                        DataErrors *errs)
{
    int n = df_pieces_files(path, files, max, errs);
    PieceLib *part = n > 1 ? calloc(1, sizeof *part) : NULL;
    if (n > 1 && !part) {
        df_add_error(errs, files[0], 0, "out of memory");
        return;
    }
    for (int i = n - 1; i >= 0; i--) {
        read_piece_library(files[i], part ? part : lib, vb, errs);
        if (part)
            merge_pieces(lib, part, files[i], errs);
    }
    free(part);
}

static Variant *load_with_lib(const char *dir, const char *fname, const char *text, DataErrors *errs)
{
    errs->n = 0;
    PieceLib *lib = calloc(1, sizeof *lib);
    VariantBlock *vb = calloc(1, sizeof *vb);
    int max = df_path_count(dir);
    char (*files)[DF_MAX_PATH + 1] = calloc((size_t)max + 1, sizeof *files);
    Variant *v = NULL;
    if (!lib || !vb || !files) {
        df_add_error(errs, fname, 0, "out of memory");
        goto done;
    }
    read_pieces(dir, lib, files, max, vb, errs);
    bool have = false;
    df_parse_text(fname, text, lib, vb, &have, errs);
    if (!have && errs->n == 0)
        df_add_error(errs, fname, 0, "no 'variant' block");
    if (errs->n)
        goto done;
    v = df_build_variant(vb, lib, fname, errs);
done:
    for (int i = 0; lib && i < lib->n; i++)
        free(lib->defs[i].pt.description);
    free(lib);
    free(vb);
    free(files);
    return v;
}

Variant *variant_load_text(const char *dir, const char *fname, const char *text, DataErrors *errs)
{
    if (strlen(fname) > DF_MAX_PATH) {
        errs->n = 0;
        df_add_error(errs, fname, 0, "path longer than %d bytes", DF_MAX_PATH);
        return NULL;
    }
    return load_with_lib(dir, fname, text, errs);
}

/* The variant in the file at path, with the weights of the file `weights`
 * names when found is 1 (0: the defaults; -1: errs says why). */
static Variant *load_file_weighted(const char *dir, const char *path, int found, const char *weights,
                                   DataErrors *errs)
{
    char *text = found < 0 ? NULL : df_read_file(path, errs);
    if (!text)
        return NULL;
    Variant *v = load_with_lib(dir, path, text, errs);
    free(text);
    if (v && found == 1 && eval_file_read(weights, v, errs)) {
        variant_free(v);
        v = NULL;
    }
    return v;
}

Variant *variant_load_file(const char *dir, const char *path, DataErrors *errs)
{
    errs->n = 0;
    if (strlen(path) > DF_MAX_PATH) {
        df_add_error(errs, path, 0, "path longer than %d bytes", DF_MAX_PATH);
        return NULL;
    }
    char weights[DF_MAX_PATH + 8];
    int found = eval_weights_beside(path, weights, sizeof weights, errs);
    return load_file_weighted(dir, path, found, weights, errs);
}

Variant *variant_load(const char *dir, const char *name, DataErrors *errs)
{
    errs->n = 0;
    if (!df_valid_name(name) || strlen(name) > DF_MAX_VARIANT_NAME) {
        df_add_error(errs, name, 0, "not a variant name (see --list-variants)");
        return NULL;
    }
    char path[DF_MAX_PATH + 1], weights[DF_MAX_PATH + 1];
    if (variant_file(dir, name, path, sizeof path, errs))
        return NULL;
    int found = eval_weights_file(dir, name, weights, sizeof weights, errs);
    Variant *v = load_file_weighted(dir, path, found, weights, errs);
    /* the name chosen is the name the game, the lists and XBoard use */
    if (v && strcmp(v->name, name)) {
        df_add_error(errs, path, 0, "variant '%s' must be named after its file: 'variant %s'", v->name, name);
        variant_free(v);
        v = NULL;
    }
    return v;
}

Variant *variant_load_configured(const char *dir, const char *name, const char *setup, const char *options,
                                 const char *titans, DataErrors *errs, char *err, int errlen)
{
    Variant *v = variant_load(dir, name, errs);
    if (!v)
        return NULL;
    if ((setup && *setup && variant_set_setup(v, setup, err, errlen)) ||
        (options && *options && variant_set_options(v, options, err, errlen)) ||
        (titans && *titans && variant_set_titans(v, titans, err, errlen))) {
        variant_free(v);
        return NULL;
    }
    return v;
}
