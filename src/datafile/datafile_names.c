/* Words of a variant block that name something of the Variant being
 * built: a square ("e11", its rank label counted from rank-base) and a
 * piece type (by name).  The build, its rule lines and its zone lines all
 * read them. */
#include "datafile_internal.h"

#include "rules/rules.h"

#include <string.h>

/* "e11" (rank label after rank-base) to a square, or -1. */
int df_square_word(const Variant *v, const char *w, bool allow_missing)
{
    long label;
    if (w[0] < 'a' || w[0] >= 'a' + v->width || !df_parse_int(w + 1, 0, 99, &label))
        return -1;
    long r = label - v->rank_base;
    if (r < 0 || r >= v->height)
        return -1;
    int sq = nc_sq(v, w[0] - 'a', (int)r);
    if (!allow_missing && !v->exists[sq])
        return -1;
    return sq;
}

int df_type_named(const Variant *v, const char *name)
{
    for (int t = 0; t < v->ntypes; t++)
        if (strcmp(v->types[t].name, name) == 0)
            return t;
    return -1;
}
