/* --eval-tables (doc/data-files.md, "Learned tables"): the variant's piece
 * values and middlegame and endgame square tables as its evaluation has
 * them, learned or derived from the weights, in the table format of a
 * weights file.  tools/train_tables.py starts its fit from them; the
 * output, appended to a weights file, changes nothing. */
#include "eval_tables_query.h"

#include "search/search.h"
#include "rules/rules.h"
#include "session.h"

#include <stdio.h>
#include <stdlib.h>

static void print_table(const Variant *v, const EvalProbe *e, int t, int half)
{
    printf("table %s %s %dx%d\n", v->types[t].name, half == NC_LEARNED_MG ? "mg" : "eg", v->width, v->height);
    for (int rank = v->height - 1; rank >= 0; rank--) {
        for (int f = 0; f < v->width; f++) {
            int sq = nc_sq(v, f, rank);
            if (f)
                putchar(' ');
            if (!v->exists[sq])
                putchar('.');
            else
                printf("%d", eval_probe_square(e, t, half, sq));
        }
        putchar('\n');
    }
}

int eval_tables_main(const Options *opt)
{
    Variant *v = session_variant(opt, NULL);
    if (!v)
        return 1;
    EvalProbe *e = eval_probe_new(v);
    if (!e) {
        fprintf(stderr, "ninjachess: out of memory\n");
        variant_free(v);
        return 1;
    }
    printf("# %s: the evaluation's piece values and square tables\n", v->name);
    for (int t = 0; t < v->ntypes; t++) {
        const PieceType *pt = &v->types[t];
        printf("# piece %s %c%s%s%s\n", pt->name, pt->letter, pt->royal ? " royal" : "", pt->promotes ? " promotes" : "",
               pt->titan ? " titan" : "");
        if (!pt->royal)
            printf("value %s %d\n", pt->name, eval_probe_value(e, t));
        print_table(v, e, t, NC_LEARNED_MG);
        print_table(v, e, t, NC_LEARNED_EG);
    }
    eval_probe_free(e);
    variant_free(v);
    return 0;
}
