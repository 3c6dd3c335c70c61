/* The table section of an evaluation weights file (doc/data-files.md,
 * "Learned tables"): `value PIECE N` lines and `table PIECE mg|eg WxH`
 * blocks of rows, checked against the variant's pieces and board and read
 * into an EvalLearned, every problem reported as "FILE:LINE: message".
 * datafile_eval.c reads the rest of the file and calls these. */
#include "datafile_internal.h"

#include <stdio.h>
#include <string.h>

static const char *const half_name[2] = {"mg", "eg"};

static int find_type(const Variant *v, const char *name)
{
    for (int t = 0; t < v->ntypes; t++)
        if (strcmp(v->types[t].name, name) == 0)
            return t;
    return -1;
}

bool df_table_is_row(const Line *l)
{
    char c = l->w[0][0];
    return (c >= '0' && c <= '9') || c == '-' || c == '.';
}

/* The piece of word w, or -1 with the problem reported. */
static int piece_of(const TableReader *r, const Line *l, const char *w, DataErrors *errs)
{
    int t = find_type(r->v, w);
    if (t < 0)
        df_add_error(errs, l->file, l->line, "unknown piece '%s' (variant %s has no piece of that name)", w,
                     r->v->name);
    return t;
}

static void value_line(TableReader *r, const Line *l, DataErrors *errs)
{
    if (l->nw != 3) {
        df_add_error(errs, l->file, l->line, "a value line is 'value PIECE N' (three words), not %d words", l->nw);
        return;
    }
    int t = piece_of(r, l, l->w[1], errs);
    if (t < 0)
        return;
    if (r->v->types[t].royal) {
        df_add_error(errs, l->file, l->line, "piece '%s' is royal: the evaluation counts no value for it", l->w[1]);
        return;
    }
    if (r->value_line[t]) {
        df_add_error(errs, l->file, l->line, "value of '%s' given again (first on line %d)", l->w[1],
                     r->value_line[t]);
        return;
    }
    r->value_line[t] = l->line;
    long n;
    if (!df_parse_int(l->w[2], -999999999L, 999999999L, &n)) {
        df_add_error(errs, l->file, l->line, "value of '%s': '%s' is not a whole number", l->w[1], l->w[2]);
        return;
    }
    if (n < 0 || n > NC_LEARNED_VALUE_LIMIT) {
        df_add_error(errs, l->file, l->line, "value of '%s': %s is outside its range 0 to %d", l->w[1], l->w[2],
                     NC_LEARNED_VALUE_LIMIT);
        return;
    }
    r->out->has_value[t] = 1;
    r->out->value[t] = (int)n;
}

/* "WxH" into *w and *h. */
static bool parse_size(const char *s, int *w, int *h)
{
    const char *x = strchr(s, 'x');
    if (!x || x == s || x - s > 2)
        return false;
    char wbuf[3] = {0};
    memcpy(wbuf, s, (size_t)(x - s));
    long lw, lh;
    if (!df_parse_int(wbuf, 1, 99, &lw) || !df_parse_int(x + 1, 1, 99, &lh))
        return false;
    *w = (int)lw;
    *h = (int)lh;
    return true;
}

/* A table's header: opens the table (its rows follow), refused or not, so
 * that the rows of a refused table are not read as something else. */
static void table_line(TableReader *r, const Line *l, DataErrors *errs)
{
    r->open = true;
    r->bad = true;
    r->rows = 0;
    r->header_line = l->line;
    if (l->nw != 4) {
        df_add_error(errs, l->file, l->line, "a table line is 'table PIECE mg|eg WIDTHxHEIGHT', not %d words", l->nw);
        return;
    }
    int t = piece_of(r, l, l->w[1], errs);
    if (t < 0)
        return;
    int half = strcmp(l->w[2], "mg") == 0 ? NC_LEARNED_MG : strcmp(l->w[2], "eg") == 0 ? NC_LEARNED_EG : -1;
    if (half < 0) {
        df_add_error(errs, l->file, l->line, "table of '%s': '%s' is not 'mg' or 'eg'", l->w[1], l->w[2]);
        return;
    }
    snprintf(r->name, sizeof r->name, "%s %s", r->v->types[t].name, half_name[half]);
    int w, h;
    if (!parse_size(l->w[3], &w, &h)) {
        df_add_error(errs, l->file, l->line, "table '%s': '%s' is not a board size such as 8x8", r->name, l->w[3]);
        return;
    }
    if (w != r->v->width || h != r->v->height) {
        df_add_error(errs, l->file, l->line, "table '%s' is for a %s board, variant %s's is %dx%d", r->name, l->w[3],
                     r->v->name, r->v->width, r->v->height);
        return;
    }
    if (r->table_line[t][half]) {
        df_add_error(errs, l->file, l->line, "table '%s' given again (first on line %d)", r->name,
                     r->table_line[t][half]);
        return;
    }
    r->table_line[t][half] = l->line;
    r->type = t;
    r->half = half;
    r->bad = false;
}

void df_table_line(TableReader *r, const Line *l, DataErrors *errs)
{
    if (!r->v) {
        df_add_error(errs, l->file, l->line, "'%s' lines are read only with their variant (its pieces and board)",
                     l->w[0]);
        return;
    }
    if (strcmp(l->w[0], "value") == 0)
        value_line(r, l, errs);
    else
        table_line(r, l, errs);
}

void df_table_row(TableReader *r, const Line *l, DataErrors *errs)
{
    const Variant *v = r->v;
    int row = r->rows++;
    if (r->bad || row >= v->height)
        return; /* the header's or the row count's message says why */
    if (l->nw != v->width) {
        df_add_error(errs, l->file, l->line, "table '%s' row %d: %d numbers, the board has %d files", r->name, row + 1,
                     l->nw, v->width);
        return;
    }
    int rank = v->height - 1 - row; /* the first row is the top rank, as the board is drawn */
    for (int f = 0; f < v->width; f++) {
        const char *w = l->w[f];
        char sqname[8];
        bool exists = v->exists[nc_sq(v, f, rank)];
        if (!exists || strcmp(w, ".") == 0) {
            if (exists != (strcmp(w, ".") != 0)) {
                nc_sqname(v, nc_sq(v, f, rank), sqname);
                df_add_error(errs, l->file, l->line,
                             exists ? "table '%s' row %d: '.' on %s, a square of the board (a number is needed)"
                                    : "table '%s' row %d: %s is not a square of the board (write '.')",
                             r->name, row + 1, sqname);
            }
            r->out->table[r->type][r->half][rank][f] = 0;
            continue;
        }
        long n;
        if (!df_parse_int(w, -999999999L, 999999999L, &n)) {
            df_add_error(errs, l->file, l->line, "table '%s' row %d: '%s' is not a whole number", r->name, row + 1, w);
            continue;
        }
        if (n < -NC_LEARNED_SQUARE_LIMIT || n > NC_LEARNED_SQUARE_LIMIT) {
            df_add_error(errs, l->file, l->line, "table '%s' row %d: %s is outside the range -%d to %d", r->name,
                         row + 1, w, NC_LEARNED_SQUARE_LIMIT, NC_LEARNED_SQUARE_LIMIT);
            continue;
        }
        r->out->table[r->type][r->half][rank][f] = (int16_t)n;
    }
}

void df_table_end(TableReader *r, const char *file, DataErrors *errs)
{
    if (!r->open)
        return;
    r->open = false;
    if (r->bad)
        return;
    if (r->rows != r->v->height) {
        df_add_error(errs, file, r->header_line, "table '%s' has %d rows, the board has %d ranks", r->name, r->rows,
                     r->v->height);
        return;
    }
    r->out->has_table[r->type][r->half] = 1;
}
