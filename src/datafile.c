/* Public face of the data-file reader (datafile.h): finding the data
 * directory, loading and listing variants, the error collector, and
 * choosing a setup.  The reading itself is in datafile_lex.c, _blocks.c,
 * _piece.c, _build.c and _rules.c; nothing here parses text. */
#include "datafile_internal.h"

#include <dirent.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#ifndef NC_DATA_DIR_INSTALLED
#define NC_DATA_DIR_INSTALLED "/usr/local/share/ninjachess"
#endif
#ifndef NC_DATA_DIR_SOURCE
#define NC_DATA_DIR_SOURCE ""
#endif

/* ---- errors ---- */

void df_add_error(DataErrors *e, const char *file, int line, const char *fmt, ...)
{
    if (e->n >= (int)(sizeof e->msg / sizeof e->msg[0]))
        return;
    char body[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(body, sizeof body, fmt, ap);
    va_end(ap);
    if (line > 0)
        snprintf(e->msg[e->n++], sizeof e->msg[0], "%s:%d: %s", file, line, body);
    else
        snprintf(e->msg[e->n++], sizeof e->msg[0], "%s: %s", file, body);
}

void data_errors_print(const DataErrors *e, FILE *out)
{
    for (int i = 0; i < e->n; i++)
        fprintf(out, "%s\n", e->msg[i]);
}

/* ---- data directory ---- */

static bool is_dir_with_pieces(const char *dir)
{
    char path[1024];
    struct stat st;
    snprintf(path, sizeof path, "%s/pieces.txt", dir);
    return stat(path, &st) == 0;
}

const char *data_dir_find(const char *explicit_dir)
{
    static char buf[1024]; /* returned path; the search is done once per call */
    if (explicit_dir && *explicit_dir)
        return explicit_dir;
    const char *env = getenv("NINJACHESS_DATA_DIR");
    if (env && *env)
        return env;
    const char *home = getenv("XDG_DATA_HOME");
    if (home && *home) {
        snprintf(buf, sizeof buf, "%s/ninjachess", home);
        if (is_dir_with_pieces(buf))
            return buf;
    } else if ((home = getenv("HOME")) && *home) {
        snprintf(buf, sizeof buf, "%s/.local/share/ninjachess", home);
        if (is_dir_with_pieces(buf))
            return buf;
    }
    const char *dirs = getenv("XDG_DATA_DIRS");
    if (!dirs || !*dirs)
        dirs = "/usr/local/share:/usr/share";
    const char *s = dirs;
    while (*s) {
        const char *e = strchr(s, ':');
        int len = e ? (int)(e - s) : (int)strlen(s);
        snprintf(buf, sizeof buf, "%.*s/ninjachess", len, s);
        if (len && is_dir_with_pieces(buf))
            return buf;
        s += len;
        if (*s == ':')
            s++;
    }
    if (is_dir_with_pieces(NC_DATA_DIR_INSTALLED))
        return NC_DATA_DIR_INSTALLED;
    if (*NC_DATA_DIR_SOURCE && is_dir_with_pieces(NC_DATA_DIR_SOURCE))
        return NC_DATA_DIR_SOURCE;
    return NC_DATA_DIR_INSTALLED;
}

/* ---- loading ---- */

int variant_set_setup(Variant *v, const char *name, char *err, int errlen)
{
    for (int i = 0; i < v->nsetups; i++)
        if (strcmp(v->setup_name[i], name) == 0) {
            v->setup = i;
            return df_locate_castling(v, err, errlen);
        }
    snprintf(err, (size_t)errlen, "no setup '%s' in variant %s", name, v->name);
    return -1;
}

static Variant *load_with_lib(const char *dir, const char *fname, const char *text, DataErrors *errs)
{
    errs->n = 0;
    PieceLib *lib = calloc(1, sizeof *lib);
    VariantBlock *vb = calloc(1, sizeof *vb);
    Variant *v = NULL;
    if (!lib || !vb)
        goto done;
    char path[1024];
    snprintf(path, sizeof path, "%s/pieces.txt", dir);
    char *ptext = df_read_file(path, errs);
    if (!ptext)
        goto done;
    bool have = false;
    VariantBlock dummy;
    df_parse_text(path, ptext, lib, &dummy, &have, errs);
    free(ptext);
    if (have)
        df_add_error(errs, path, dummy.line, "variant blocks belong in the variants directory");
    have = false;
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
    return v;
}

Variant *variant_load_text(const char *dir, const char *fname, const char *text, DataErrors *errs)
{
    return load_with_lib(dir, fname, text, errs);
}

Variant *variant_load_file(const char *dir, const char *path, DataErrors *errs)
{
    errs->n = 0;
    char *text = df_read_file(path, errs);
    if (!text)
        return NULL;
    Variant *v = load_with_lib(dir, path, text, errs);
    free(text);
    return v;
}

Variant *variant_load(const char *dir, const char *name, DataErrors *errs)
{
    errs->n = 0;
    if (!df_valid_name(name)) {
        df_add_error(errs, name, 0, "not a variant name (see --list-variants)");
        return NULL;
    }
    char path[1024];
    snprintf(path, sizeof path, "%s/variants/%s.txt", dir, name);
    struct stat st;
    if (stat(path, &st) != 0) {
        errs->n = 0;
        df_add_error(errs, name, 0, "unknown variant (see --list-variants)");
        return NULL;
    }
    return variant_load_file(dir, path, errs);
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int variant_list(const char *dir, char ***names)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/variants", dir);
    DIR *d = opendir(path);
    *names = NULL;
    if (!d)
        return 0;
    int n = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t len = strlen(e->d_name);
        if (len < 5 || strcmp(e->d_name + len - 4, ".txt"))
            continue;
        if (n == cap) {
            cap = cap ? cap * 2 : 16;
            char **nn = realloc(*names, sizeof **names * (size_t)cap);
            if (!nn)
                break;
            *names = nn;
        }
        (*names)[n++] = strndup(e->d_name, len - 4);
    }
    closedir(d);
    qsort(*names, (size_t)n, sizeof **names, cmp_str);
    return n;
}
