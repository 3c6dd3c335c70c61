/* Data files as text: reading a whole file, cutting it into lines, a line
 * into words (with '#' comments removed) and the free text after a keyword.
 * Knows no keywords beyond the two whose text may hold '#'. */
#include "datafile_internal.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *df_read_file(const char *path, DataErrors *errs)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        df_add_error(errs, path, 0, "cannot open (%s)", strerror(errno));
        return NULL;
    }
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    if (!buf) {
        fclose(f);
        return NULL;
    }
    size_t r;
    while ((r = fread(buf + n, 1, cap - n - 1, f)) > 0) {
        n += r;
        if (n + 1 >= cap) {
            char *nb = realloc(buf, cap * 2);
            if (!nb) {
                free(buf);
                fclose(f);
                return NULL;
            }
            buf = nb;
            cap *= 2;
        }
    }
    fclose(f);
    buf[n] = 0;
    return buf;
}

/* Splits one line into words; '#' starts a comment. */
static void split_line(Line *l, const char *src, size_t len)
{
    if (len >= sizeof l->store)
        len = sizeof l->store - 1;
    memcpy(l->store, src, len);
    l->store[len] = 0;
    char *hash = strchr(l->store, '#');
    if (hash)
        *hash = 0;
    l->nw = 0;
    char *save = NULL;
    for (char *tok = strtok_r(l->store, " \t\r\n", &save); tok && l->nw < DF_MAX_WORDS;
         tok = strtok_r(NULL, " \t\r\n", &save))
        l->w[l->nw++] = tok;
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
 * (the text after the keyword); returns where the next line starts. */
const char *df_next_line(const char *s, Line *l, char *rest, size_t restlen)
{
    const char *e = strchr(s, '\n');
    size_t len = e ? (size_t)(e - s) : strlen(s);
    l->line++;
    split_line(l, s, len);
    line_rest(s, len, rest, restlen);
    /* '#' starts a comment, except in title and describe texts */
    bool keeps_hash = l->nw && (!strcmp(l->w[0], "describe") || !strcmp(l->w[0], "title"));
    char *hash = keeps_hash ? NULL : strchr(rest, '#');
    if (hash)
        *hash = 0;
    return e ? e + 1 : s + len;
}

/* Joins describe lines with one space. */
char *df_append_text(char *old, const char *add)
{
    size_t ol = old ? strlen(old) : 0, al = strlen(add);
    char *n = realloc(old, ol + al + 2);
    if (!n)
        return old;
    if (ol)
        n[ol++] = ' ';
    memcpy(n + ol, add, al + 1);
    return n;
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
