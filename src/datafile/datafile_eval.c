/* Evaluation weights files (doc/data-files.md, "Evaluation weights"):
 * finding a variant's file along the data path (and its net's, "Networks",
 * which the nnue library reads), and reading one into an
 * EvalWeights (and, read with the variant, the learned tables of its table
 * section, datafile_tables.c) with every problem reported as
 * "FILE:LINE: message".  The weights themselves (names, defaults, ranges)
 * are eval_weights.c's. */
#include "datafile_internal.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* One "name value" line into w; seen[i] is the line weight i was given on. */
static void weight_line(const Line *l, EvalWeights *w, int *seen, DataErrors *errs)
{
    if (l->nw != 2) {
        df_add_error(errs, l->file, l->line, "a weight line is 'name value' (two words), not %d words", l->nw);
        return;
    }
    int i = eval_weight_find(l->w[0]);
    if (i < 0) {
        df_add_error(errs, l->file, l->line, "unknown weight '%s' (doc/data-files.md lists them)", l->w[0]);
        return;
    }
    const EvalWeightInfo *info = &eval_weight_info[i];
    if (seen[i]) {
        df_add_error(errs, l->file, l->line, "weight '%s' given again (first on line %d)", l->w[0], seen[i]);
        return;
    }
    seen[i] = l->line;
    long value;
    if (!df_parse_int(l->w[1], -999999999L, 999999999L, &value)) {
        df_add_error(errs, l->file, l->line, "weight '%s': '%s' is not a whole number", l->w[0], l->w[1]);
        return;
    }
    if (value < info->lo || value > info->hi) {
        df_add_error(errs, l->file, l->line, "weight '%s': %s is outside its range %d to %d", l->w[0], l->w[1],
                     info->lo, info->hi);
        return;
    }
    *eval_weight_ref(w, info->index) = (int)value;
}

/* The file's text over *w and, with a variant, *learned (which may then
 * not be NULL); both unchanged unless all is well. */
static int parse_file(const char *fname, const char *text, const Variant *v, EvalWeights *w, EvalLearned *learned,
                      DataErrors *errs)
{
    int before = errs->n;
    int *seen = calloc((size_t)eval_weight_count, sizeof *seen);
    Line *l = malloc(sizeof *l);
    char *rest = malloc(DF_MAX_LINE + 1);
    TableReader *tr = calloc(1, sizeof *tr);
    EvalLearned *read_learned = malloc(sizeof *read_learned);
    if (!seen || !l || !rest || !tr || !read_learned) {
        df_add_error(errs, fname, 0, "out of memory");
        goto done;
    }
    if (learned)
        *read_learned = *learned;
    tr->v = v;
    tr->out = read_learned;
    l->file = fname;
    l->line = 0;
    EvalWeights read = *w;
    for (const char *s = text; *s;) {
        s = df_next_line(s, l, rest, DF_MAX_LINE + 1, errs);
        if (!l->nw)
            continue;
        if (tr->open && df_table_is_row(l)) {
            df_table_row(tr, l, errs);
            continue;
        }
        df_table_end(tr, fname, errs);
        if (strcmp(l->w[0], "table") == 0 || strcmp(l->w[0], "value") == 0)
            df_table_line(tr, l, errs);
        else if (df_table_is_row(l))
            df_add_error(errs, l->file, l->line, "a row of numbers outside a table (doc/data-files.md, 'Learned tables')");
        else
            weight_line(l, &read, seen, errs);
    }
    df_table_end(tr, fname, errs);
    if (errs->n == before) {
        *w = read;
        if (learned)
            *learned = *read_learned;
    }
done:
    free(seen);
    free(l);
    free(rest);
    free(tr);
    free(read_learned);
    return errs->n == before ? 0 : -1;
}

int eval_weights_parse(const char *fname, const char *text, EvalWeights *w, DataErrors *errs)
{
    return parse_file(fname, text, NULL, w, NULL, errs);
}

int eval_weights_read(const char *path, EvalWeights *w, DataErrors *errs)
{
    int before = errs->n;
    char *text = df_read_file(path, errs);
    if (!text)
        return -1;
    int rc = eval_weights_parse(path, text, w, errs);
    free(text);
    return rc || errs->n != before ? -1 : 0;
}

int eval_file_parse(const char *fname, const char *text, Variant *v, DataErrors *errs)
{
    return parse_file(fname, text, v, &v->eval_weights, &v->eval_learned, errs);
}

int eval_file_read(const char *path, Variant *v, DataErrors *errs)
{
    int before = errs->n;
    char *text = df_read_file(path, errs);
    if (!text)
        return -1;
    int rc = eval_file_parse(path, text, v, errs);
    free(text);
    return rc || errs->n != before ? -1 : 0;
}

/* 1 when file exists, 0 when it does not, -1 (and a message) when it
 * cannot be told. */
static int file_exists(const char *file, DataErrors *errs)
{
    struct stat st;
    if (stat(file, &st) == 0)
        return 1;
    if (errno != ENOENT && errno != ENOTDIR) {
        df_add_error(errs, file, 0, "cannot open (%s)", strerror(errno));
        return -1;
    }
    return 0;
}

/* variants/NAME.EXT in the first directory of the path that has one: 1
 * (its path in file), 0 none, -1 a problem (in errs). */
static int file_along_path(const char *path, const char *name, const char *ext, char *file, size_t len,
                           DataErrors *errs)
{
    const char *s = path, *d;
    int n;
    while ((d = data_path_next(&s, &n))) {
        if (snprintf(file, len, "%.*s/variants/%s%s", n, d, name, ext) >= (int)len) {
            char dir[DF_MAX_PATH + 1];
            snprintf(dir, sizeof dir, "%.*s", n, d);
            df_add_error(errs, dir, 0, "data directory path longer than %d bytes",
                         (int)len - 11 - (int)strlen(ext) - (int)strlen(name));
            return -1;
        }
        int found = file_exists(file, errs);
        if (found)
            return found;
    }
    return 0;
}

int eval_weights_file(const char *path, const char *name, char *file, size_t len, DataErrors *errs)
{
    return file_along_path(path, name, ".eval", file, len, errs);
}

int variant_net_file(const char *path, const char *name, char *file, size_t len, DataErrors *errs)
{
    return file_along_path(path, name, ".nnue", file, len, errs);
}

int eval_weights_beside(const char *variant_path, char *file, size_t len, DataErrors *errs)
{
    size_t n = strlen(variant_path);
    if (n >= 4 && strcmp(variant_path + n - 4, ".txt") == 0)
        n -= 4;
    if (snprintf(file, len, "%.*s.eval", (int)n, variant_path) >= (int)len) {
        df_add_error(errs, variant_path, 0, "path of its weights file longer than %d bytes", (int)len - 1);
        return -1;
    }
    return file_exists(file, errs);
}
