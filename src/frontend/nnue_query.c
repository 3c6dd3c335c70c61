/* --nnue (nnue_query.h): the engines' net. */
#include "nnue_query.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

NnueNet *fe_nnue_load(const Options *opt, const Variant *v)
{
    if (!opt->nnue)
        return NULL;
    char err[800];
    NnueNet *n = nnue_load(opt->nnue, v, err, sizeof err);
    if (!n) {
        fprintf(stderr, "ninjachess: --nnue: %s\n", err);
        exit(1);
    }
    return n;
}
