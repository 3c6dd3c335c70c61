/* The data-file reader's error collector: "FILE:LINE: message" with the
 * file name and outside text quoted, cut visibly when too long, and a last
 * message saying when more were found than are kept.  Every part of the
 * reader reports through it, so it calls none of them. */
#include "datafile_internal.h"

#include "text/quote.h"

#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

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

void data_error_add(DataErrors *e, const char *file, int line, const char *text)
{
    df_add_error_text(e, file, line, text);
}

void data_errors_print(const DataErrors *e, FILE *out)
{
    for (int i = 0; i < e->n; i++)
        fprintf(out, "%s\n", e->msg[i]);
}
