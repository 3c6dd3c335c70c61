/* Public face of the data-file reader (datafile.h): finding the data
 * directory, loading and listing variants, the error collector (which
 * quotes outside text and says when messages were left out), and choosing
 * a setup.  The reading itself is in datafile_lex.c, _blocks.c,
 * _piece.c, _build.c and _rules.c; nothing here parses text. */
#include "datafile_internal.h"

#include "quote.h"

#include <assert.h>
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

enum { QUOTE_MAX = 64, FILE_QUOTE_MAX = 160, BODY_MAX = 320 };

/* Appends piece to out (room len) or, when it does not fit, a visible cut. */
static void append(char *out, size_t len, const char *piece)
{
    size_t n = strlen(out), k = strlen(piece);
    if (n + k < len - 4) {
        memcpy(out + n, piece, k + 1);
    } else if (n + 4 <= len) {
        memcpy(out + n, "...", 4);
    }
}

/* vsnprintf for the conversions df_add_error allows, %s quoted. */
static void format_quoted(char *out, size_t len, const char *fmt, va_list ap)
{
    out[0] = 0;
    for (const char *p = fmt; *p; p++) {
        char piece[QUOTE_MAX];
        if (*p != '%' || p[1] == '%') {
            snprintf(piece, sizeof piece, "%c", *p);
            p += *p == '%';
        } else if (p[1] == 'd') {
            snprintf(piece, sizeof piece, "%d", va_arg(ap, int));
            p++;
        } else if (p[1] == 'c') {
            snprintf(piece, sizeof piece, "%c", va_arg(ap, int));
            p++;
        } else if (p[1] == 's') {
            nc_quote(va_arg(ap, const char *), piece, sizeof piece);
            p++;
        } else if (p[1] == '.' && p[2] == '*' && p[3] == 's') {
            int n = va_arg(ap, int);
            nc_quote_n(va_arg(ap, const char *), (size_t)n, piece, sizeof piece);
            p += 3;
        } else {
            assert(!"df_add_error: a conversion other than %s, %.*s, %d, %c, %%");
            snprintf(piece, sizeof piece, "%%"); /* shown as it is; no argument taken */
        }
        append(out, len, piece);
    }
}

/* "FILE:LINE: body" (line 0: "FILE: body"); the last free slot says that
 * more problems were found than are kept. */
static void add_message(DataErrors *e, const char *file, int line, const char *body)
{
    int cap = (int)(sizeof e->msg / sizeof e->msg[0]);
    if (e->n >= cap)
        return;
    char qfile[FILE_QUOTE_MAX];
    nc_quote(file, qfile, sizeof qfile);
    if (e->n == cap - 1)
        snprintf(e->msg[e->n++], sizeof e->msg[0], "%s: more problems; only the first %d are listed", qfile,
                 cap - 1);
    else if (line > 0)
        snprintf(e->msg[e->n++], sizeof e->msg[0], "%s:%d: %s", qfile, line, body);
    else
        snprintf(e->msg[e->n++], sizeof e->msg[0], "%s: %s", qfile, body);
}

_Static_assert(FILE_QUOTE_MAX + BODY_MAX + 16 <= sizeof((DataErrors *)0)->msg[0], "a message fits its slot");

void df_add_error(DataErrors *e, const char *file, int line, const char *fmt, ...)
{
    char body[BODY_MAX];
    va_list ap;
    va_start(ap, fmt);
    format_quoted(body, sizeof body, fmt, ap);
    va_end(ap);
    add_message(e, file, line, body);
}

void df_add_error_text(DataErrors *e, const char *file, int line, const char *text)
{
    char body[BODY_MAX];
    body[0] = 0;
    append(body, sizeof body, text);
    add_message(e, file, line, body);
}

void data_errors_print(const DataErrors *e, FILE *out)
{
    for (int i = 0; i < e->n; i++)
        fprintf(out, "%s\n", e->msg[i]);
}

/* ---- data directory ---- */

/* A directory whose pieces.txt path fits DF_MAX_PATH (a longer one could
 * not be read) and exists. */
static bool is_dir_with_pieces(const char *dir)
{
    char path[DF_MAX_PATH + 1];
    struct stat st;
    if (snprintf(path, sizeof path, "%s/pieces.txt", dir) >= (int)sizeof path)
        return false;
    return stat(path, &st) == 0;
}

/* buf = PREFIX SUFFIX when it fits (else empty, which names no directory). */
static void candidate(char *buf, size_t len, const char *prefix, int plen, const char *suffix)
{
    if (snprintf(buf, len, "%.*s%s", plen, prefix, suffix) >= (int)len)
        buf[0] = 0;
}

const char *data_dir_find(const char *explicit_dir)
{
    static char buf[DF_MAX_PATH + 1]; /* returned path; the search is done once per call */
    if (explicit_dir && *explicit_dir)
        return explicit_dir;
    const char *env = getenv("NINJACHESS_DATA_DIR");
    if (env && *env)
        return env;
    const char *home = getenv("XDG_DATA_HOME");
    if (home && *home) {
        candidate(buf, sizeof buf, home, (int)strlen(home), "/ninjachess");
        if (buf[0] && is_dir_with_pieces(buf))
            return buf;
    } else if ((home = getenv("HOME")) && *home) {
        candidate(buf, sizeof buf, home, (int)strlen(home), "/.local/share/ninjachess");
        if (buf[0] && is_dir_with_pieces(buf))
            return buf;
    }
    const char *dirs = getenv("XDG_DATA_DIRS");
    if (!dirs || !*dirs)
        dirs = "/usr/local/share:/usr/share";
    const char *s = dirs;
    while (*s) {
        const char *e = strchr(s, ':');
        int len = e ? (int)(e - s) : (int)strlen(s);
        candidate(buf, sizeof buf, s, len, "/ninjachess");
        if (len && buf[0] && is_dir_with_pieces(buf))
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
    char q[64];
    snprintf(err, (size_t)errlen, "no setup '%s' in variant %s", nc_quote(name, q, sizeof q), v->name);
    return -1;
}

/* Reads pieces.txt of dir into lib; a variant block there is an error. */
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

static Variant *load_with_lib(const char *dir, const char *fname, const char *text, DataErrors *errs)
{
    errs->n = 0;
    PieceLib *lib = calloc(1, sizeof *lib);
    VariantBlock *vb = calloc(1, sizeof *vb);
    Variant *v = NULL;
    char path[DF_MAX_PATH + 1];
    if (!lib || !vb) {
        df_add_error(errs, fname, 0, "out of memory");
        goto done;
    }
    if (snprintf(path, sizeof path, "%s/pieces.txt", dir) >= (int)sizeof path) {
        df_add_error(errs, dir, 0, "data directory path longer than %d bytes", DF_MAX_PATH - 11);
        goto done;
    }
    read_piece_library(path, lib, vb, errs);
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

Variant *variant_load_file(const char *dir, const char *path, DataErrors *errs)
{
    errs->n = 0;
    if (strlen(path) > DF_MAX_PATH) {
        df_add_error(errs, path, 0, "path longer than %d bytes", DF_MAX_PATH);
        return NULL;
    }
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
    if (!df_valid_name(name) || strlen(name) > DF_MAX_VARIANT_NAME) {
        df_add_error(errs, name, 0, "not a variant name (see --list-variants)");
        return NULL;
    }
    char path[DF_MAX_PATH + 1];
    if (snprintf(path, sizeof path, "%s/variants/%s.txt", dir, name) >= (int)sizeof path) {
        df_add_error(errs, dir, 0, "data directory path longer than %d bytes", DF_MAX_PATH - 14 - (int)strlen(name));
        return NULL;
    }
    struct stat st;
    if (stat(path, &st) != 0) {
        errs->n = 0;
        df_add_error(errs, name, 0, "unknown variant (see --list-variants)");
        return NULL;
    }
    Variant *v = variant_load_file(dir, path, errs);
    /* the name chosen is the name the game, the lists and XBoard use */
    if (v && strcmp(v->name, name)) {
        df_add_error(errs, path, 0, "variant '%s' must be named after its file: 'variant %s'", v->name, name);
        variant_free(v);
        v = NULL;
    }
    return v;
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
        char *name = strndup(e->d_name, len - 4);
        if (!name)
            break;
        (*names)[n++] = name;
    }
    closedir(d);
    qsort(*names, (size_t)n, sizeof **names, cmp_str);
    return n;
}
