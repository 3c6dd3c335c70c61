/* Data files as text: reading a whole file (its size limit, NUL bytes),
 * cutting it into lines, a line into words (with '#' comments removed) and
 * the free text after a keyword, with the limits on both; plain numbers.
 * Knows no keywords beyond the two whose text is free. */
#include "datafile_internal.h"

#include "files/safe_file.h"

#include <assert.h>
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Adds "FILE: what" to errs unless it is NULL; errno is left as it was,
 * for the readers that word their own messages. */
#define REPORT(errs, path, ...)                          \
    do {                                                 \
        int saved_ = errno;                              \
        if (errs)                                        \
            df_add_error(errs, path, 0, __VA_ARGS__);    \
        errno = saved_;                                  \
    } while (0)

/* The whole of an open file, at most max bytes; *n its length. */
static char *read_all(FILE *f, const char *path, size_t max, size_t *n, DataErrors *errs)
{
    size_t cap = 4096;
    char *buf = malloc(cap);
    *n = 0;
    while (buf) {
        size_t r = fread(buf + *n, 1, cap - *n - 1, f);
        *n += r;
        if (*n > max) {
            errno = EFBIG;
            REPORT(errs, path, "file larger than %d bytes", (int)max);
            free(buf);
            return NULL;
        }
        if (r == 0)
            break;
        if (*n + 1 >= cap) {
            char *nb = realloc(buf, cap * 2);
            if (!nb)
                free(buf);
            buf = nb;
            cap *= 2;
        }
    }
    if (!buf) {
        errno = ENOMEM;
        REPORT(errs, path, "out of memory reading the file");
        return NULL;
    }
    if (ferror(f)) {
        REPORT(errs, path, "cannot read (%s)", strerror(errno));
        free(buf);
        return NULL;
    }
    buf[*n] = 0;
    return buf;
}

char *data_file_read(const char *path, size_t max, size_t *len, DataErrors *errs)
{
    char why[200];
    /* A regular file only: a FIFO would block, a device never end. */
    int fd = sf_open_regular(path, why, sizeof why);
    FILE *f = fd < 0 ? NULL : fdopen(fd, "rb");
    if (!f) {
        if (fd < 0 && errno == EINVAL)
            REPORT(errs, path, "%s", why);
        else if (fd < 0 && errno == EISDIR)
            REPORT(errs, path, "cannot read (%s)", strerror(EISDIR));
        else
            REPORT(errs, path, "cannot open (%s)", strerror(errno));
        if (fd >= 0) {
            int e = errno;
            close(fd);
            errno = e;
        }
        return NULL;
    }
    char *buf = read_all(f, path, max, len, errs);
    int e = errno;
    fclose(f);
    errno = e;
    return buf;
}

int data_text_nul_line(const char *text, size_t len)
{
    const char *nul = memchr(text, 0, len);
    if (!nul)
        return 0;
    int line = 1;
    for (const char *c = text; c < nul; c++)
        line += *c == '\n';
    return line;
}

char *df_read_file(const char *path, DataErrors *errs)
{
    size_t n;
    char *buf = data_file_read(path, DF_MAX_FILE, &n, errs);
    int line = buf ? data_text_nul_line(buf, n) : 0;
    if (line) {
        df_add_error(errs, path, 0, "NUL byte at line %d", line);
        free(buf);
        return NULL;
    }
    return buf;
}

/* Splits one line (at most DF_MAX_LINE bytes) into words; '#' starts a
 * comment.  Returns -1 when there are more than DF_MAX_WORDS words (the
 * first DF_MAX_WORDS are kept). */
static int split_line(Line *l, const char *src, size_t len)
{
    assert(len < sizeof l->store);
    memcpy(l->store, src, len);
    l->store[len] = 0;
    char *hash = strchr(l->store, '#');
    if (hash)
        *hash = 0;
    l->nw = 0;
    char *save = NULL;
    for (char *tok = strtok_r(l->store, " \t\r\n", &save); tok; tok = strtok_r(NULL, " \t\r\n", &save)) {
        if (l->nw == DF_MAX_WORDS)
            return -1;
        l->w[l->nw++] = tok;
    }
    return 0;
}

/* Text after the keyword of the line: titles and descriptions. */
static const char *line_rest(const char *src, size_t len, char *buf, size_t buflen)
{
    size_t i = 0;
    while (i < len && isspace((unsigned char)src[i]))
        i++;
    while (i < len && !isspace((unsigned char)src[i]))
        i++;
    while (i < len && (src[i] == ' ' || src[i] == '\t'))
        i++;
    size_t e = len;
    while (e > i && isspace((unsigned char)src[e - 1]))
        e--;
    size_t n = e - i < buflen - 1 ? e - i : buflen - 1;
    memcpy(buf, src + i, n);
    buf[n] = 0;
    return buf;
}

/* Reads the line starting at s into l (words; l->line counts up) and rest
 * (the text after the keyword, restlen > DF_MAX_LINE); returns where the
 * next line starts.  A line over the limits is reported and has no words. */
const char *df_next_line(const char *s, Line *l, char *rest, size_t restlen, DataErrors *errs)
{
    assert(restlen > DF_MAX_LINE);
    const char *e = strchr(s, '\n');
    size_t len = e ? (size_t)(e - s) : strlen(s);
    const char *next = e ? e + 1 : s + len;
    l->line++;
    l->nw = 0;
    rest[0] = 0;
    if (len > DF_MAX_LINE) {
        df_add_error(errs, l->file, l->line, "line longer than %d bytes", DF_MAX_LINE);
        return next;
    }
    int split = split_line(l, s, len);
    /* title and describe lines are read as text: their words do not count */
    bool text = l->nw && (!strcmp(l->w[0], "describe") || !strcmp(l->w[0], "title"));
    if (split && !text) {
        df_add_error(errs, l->file, l->line, "more than %d words on a line", DF_MAX_WORDS);
        l->nw = 0;
        return next;
    }
    if (split)
        l->nw = 1; /* the keyword; the text is rest */
    line_rest(s, len, rest, restlen);
    /* '#' starts a comment, except in title and describe texts */
    bool keeps_hash = text;
    char *hash = keeps_hash ? NULL : strchr(rest, '#');
    if (hash)
        *hash = 0;
    return next;
}

/* Joins describe lines with one space; false (text unchanged) when out of memory. */
bool df_append_text(char **text, const char *add)
{
    size_t ol = *text ? strlen(*text) : 0, al = strlen(add);
    char *n = realloc(*text, ol + al + 2);
    if (!n)
        return false;
    if (ol)
        n[ol++] = ' ';
    memcpy(n + ol, add, al + 1);
    *text = n;
    return true;
}

/* A whole number lo..hi written plainly: digits only (a '-' first for a
 * negative one), no leading zeros, no sign or space. */
bool df_parse_int(const char *s, long lo, long hi, long *out)
{
    const char *d = s[0] == '-' ? s + 1 : s;
    size_t n = strlen(d);
    if (n == 0 || n > 9 || (d[0] == '0' && n > 1) || strspn(d, "0123456789") != n)
        return false;
    long v = strtol(s, NULL, 10);
    if (v < lo || v > hi)
        return false;
    *out = v;
    return true;
}

/* Piece, variant and type names: lower-case letters, digits and '-'. */
bool df_valid_name(const char *s)
{
    if (!*s)
        return false;
    for (; *s; s++)
        if (!(islower((unsigned char)*s) || isdigit((unsigned char)*s) || *s == '-'))
            return false;
    return true;
}
