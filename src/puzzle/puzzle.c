/* Puzzle files (puzzle.h): reading, with a message for every problem, and
 * writing.  A file names its variant once, then holds one puzzle a line:
 * position text | solution moves | rating | source. */
#include "puzzle.h"

#include "notation/notation.h"
#include "text/quote.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define PUZZLE_FILE_MAX (16 << 20)

static void problem(DataErrors *e, const char *file, int line, const char *fmt, ...)
{
    char body[380];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(body, sizeof body, fmt, ap);
    va_end(ap);
    data_error_add(e, file, line, body);
}

/* The field of a line up to '|' (or its end), trimmed; *s moves past it. */
static char *take_field(char **s)
{
    char *f = *s, *bar = strchr(f, '|');
    if (bar) {
        *bar = 0;
        *s = bar + 1;
    } else {
        *s = f + strlen(f);
    }
    while (isspace((unsigned char)*f))
        f++;
    char *end = f + strlen(f);
    while (end > f && isspace((unsigned char)end[-1]))
        *--end = 0;
    return f;
}

static int add_puzzle(PuzzleFile *out, const Puzzle *p)
{
    if (out->n == out->cap) {
        int cap = out->cap ? 2 * out->cap : 64;
        Puzzle *np = realloc(out->p, sizeof *np * (size_t)cap);
        if (!np)
            return -1;
        out->p = np;
        out->cap = cap;
    }
    out->p[out->n++] = *p;
    return 0;
}

/* The solution's moves, each legal where it is played. */
static int read_solution(const char *name, int line, char *text, Puzzle *p, DataErrors *e)
{
    Position pos = p->start;
    p->nplies = 0;
    for (char *tok = strtok(text, " \t"); tok; tok = strtok(NULL, " \t")) {
        char err[300], q[80];
        if (p->nplies == PUZZLE_MAX_PLIES) {
            problem(e, name, line, "a solution of more than %d moves", PUZZLE_MAX_PLIES);
            return -1;
        }
        Move m;
        if (move_from_input(&pos, tok, &m, err, sizeof err)) {
            problem(e, name, line, "solution move %d '%s': %s", p->nplies + 1, nc_quote(tok, q, sizeof q), err);
            return -1;
        }
        p->solution[p->nplies++] = m;
        Undo u;
        make_move(&pos, &m, &u);
    }
    if (p->nplies % 2 == 0) {
        problem(e, name, line, p->nplies ? "the solution ends with the answer, not with the solver's move"
                                         : "no solution moves");
        return -1;
    }
    return 0;
}

static int read_rating(const char *name, int line, const char *text, int *rating, DataErrors *e)
{
    char *end, q[80];
    errno = 0;
    long r = strtol(text, &end, 10);
    if (!*text || *end || errno || r < 100 || r > 4000) {
        problem(e, name, line, "rating '%s': a number from 100 to 4000", nc_quote(text, q, sizeof q));
        return -1;
    }
    *rating = (int)r;
    return 0;
}

static int read_puzzle(const char *name, int line, char *text, const Variant *v, Puzzle *p, DataErrors *e)
{
    memset(p, 0, sizeof *p);
    p->line = line;
    char *s = text;
    char *fen = take_field(&s), *sol = take_field(&s), *rating = take_field(&s), *source = take_field(&s);
    char err[400];
    if (!*s && !*source && !*rating) {
        problem(e, name, line, "a puzzle line has four fields: position | solution | rating | source");
        return -1;
    }
    if (*s) {
        problem(e, name, line, "more than four fields (position | solution | rating | source)");
        return -1;
    }
    if (pos_from_fen(&p->start, v, fen, err, sizeof err)) {
        problem(e, name, line, "position: %s", err);
        return -1;
    }
    if (read_solution(name, line, sol, p, e) || read_rating(name, line, rating, &p->rating, e))
        return -1;
    if (strlen(source) >= sizeof p->source) {
        problem(e, name, line, "source longer than %d bytes", (int)sizeof p->source - 1);
        return -1;
    }
    snprintf(p->source, sizeof p->source, "%s", source);
    return 0;
}

/* "variant NAME": the file's variant, loaded. */
static int read_variant_line(const char *name, int line, const char *text, const char *data_dir, PuzzleFile *out,
                             DataErrors *e)
{
    char vname[64], q[80];
    if (out->v) {
        problem(e, name, line, "a second variant line");
        return -1;
    }
    if (sscanf(text, "variant %63s", vname) != 1 || strlen(text) > 8 + strlen(vname)) {
        problem(e, name, line, "'%s': the variant line is 'variant NAME'", nc_quote(text, q, sizeof q));
        return -1;
    }
    DataErrors ve;
    out->v = variant_load(data_dir, vname, &ve);
    if (!out->v) {
        problem(e, name, line, "variant '%s' does not load: %s", nc_quote(vname, q, sizeof q), ve.n ? ve.msg[0] : "");
        return -1;
    }
    return 0;
}

int puzzle_file_parse(const char *name, const char *text, const char *data_dir, PuzzleFile *out, DataErrors *e)
{
    memset(out, 0, sizeof *out);
    snprintf(out->file, sizeof out->file, "%s", name);
    int before = e->n, line = 0;
    const char *s = text;
    while (*s) {
        line++;
        size_t n = strcspn(s, "\n");
        char *l = strndup(s, n);
        if (!l) {
            problem(e, name, line, "out of memory");
            break;
        }
        s += n + (s[n] == '\n');
        char *hash = strchr(l, '#');
        if (hash && !out->v)
            *hash = 0; /* comments; a position text holds no '#' */
        else if (hash && hash == l + strspn(l, " \t"))
            *hash = 0;
        char *t = l + strspn(l, " \t");
        char *end = t + strlen(t);
        while (end > t && isspace((unsigned char)end[-1]))
            *--end = 0;
        Puzzle p;
        if (!*t) {
            /* blank */
        } else if (strncmp(t, "variant", 7) == 0 && (t[7] == ' ' || t[7] == '\t' || !t[7])) {
            read_variant_line(name, line, t, data_dir, out, e);
        } else if (!out->v) {
            problem(e, name, line, "a puzzle before the file's 'variant NAME' line");
        } else if (read_puzzle(name, line, t, out->v, &p, e) == 0 && add_puzzle(out, &p)) {
            problem(e, name, line, "out of memory");
        }
        free(l);
    }
    if (e->n == before && !out->v)
        problem(e, name, 0, "no 'variant NAME' line");
    if (e->n != before) {
        puzzle_file_free(out);
        return -1;
    }
    return 0;
}

int puzzle_file_read(const char *path, const char *data_dir, PuzzleFile *out, DataErrors *e)
{
    /* read as data files are; the puzzle files' own words for what is wrong */
    size_t n;
    char *text = data_file_read(path, PUZZLE_FILE_MAX, &n, NULL);
    if (!text || data_text_nul_line(text, n)) {
        int why = text ? EILSEQ : errno;
        free(text);
        if (why == ENOMEM || why == EFBIG || why == EILSEQ)
            problem(e, path, 0, why == ENOMEM ? "out of memory" : why == EFBIG ? "larger than 16 MiB" : "cannot be read, or holds a NUL byte");
        else
            problem(e, path, 0, "cannot be read: %s", why == EINVAL ? "not a regular file" : strerror(why));
        return -1;
    }
    int rc = puzzle_file_parse(path, text, data_dir, out, e);
    free(text);
    return rc;
}

void puzzle_file_free(PuzzleFile *f)
{
    free(f->p);
    if (f->v)
        variant_free(f->v);
    memset(f, 0, sizeof *f);
}

void puzzle_write_header(FILE *f, const Variant *v)
{
    fprintf(f, "variant %s\n", v->name);
}

void puzzle_write(FILE *f, const Puzzle *p)
{
    char fen[NC_POS_TEXT_MAX], mv[160];
    pos_to_fen(&p->start, fen, sizeof fen);
    fprintf(f, "%s |", fen);
    Position pos = p->start;
    for (int i = 0; i < p->nplies; i++) {
        move_to_text(&pos, &p->solution[i], mv, sizeof mv);
        fprintf(f, " %s", mv);
        Undo u;
        make_move(&pos, &p->solution[i], &u);
    }
    fprintf(f, " | %d | %s\n", p->rating, p->source);
}
