/* The evaluation weights' table (eval_weights.h): names, defaults, ranges,
 * and reaching one weight by its index.  No I/O. */
#include "eval_weights.h"

#include <assert.h>
#include <stddef.h>
#include <string.h>

/* The struct is exactly its ints in table order, so a weight is reached
 * by index without a switch over the names. */
#define COUNT_ONE(field, name, def, lo, hi, meaning) +1
enum { WEIGHT_COUNT = 0 NC_EVAL_WEIGHTS(COUNT_ONE) };
#undef COUNT_ONE
_Static_assert(sizeof(EvalWeights) == WEIGHT_COUNT * sizeof(int), "EvalWeights holds only its ints");

#define INFO_INDEXED(field, name, def, lo, hi, meaning) {name, def, lo, hi, meaning, (int)(offsetof(EvalWeights, field) / sizeof(int))},
const EvalWeightInfo eval_weight_info[] = {NC_EVAL_WEIGHTS(INFO_INDEXED)};
#undef INFO_INDEXED
const int eval_weight_count = WEIGHT_COUNT;

void eval_weights_default(EvalWeights *w)
{
#define SET_DEFAULT(field, name, def, lo, hi, meaning) w->field = def;
    NC_EVAL_WEIGHTS(SET_DEFAULT)
#undef SET_DEFAULT
}

int *eval_weight_ref(EvalWeights *w, int index)
{
    assert(index >= 0 && index < WEIGHT_COUNT);
    return (int *)w + index;
}

int eval_weight_get(const EvalWeights *w, int index)
{
    assert(index >= 0 && index < WEIGHT_COUNT);
    return ((const int *)w)[index];
}

int eval_weight_find(const char *name)
{
    for (int i = 0; i < WEIGHT_COUNT; i++)
        if (strcmp(eval_weight_info[i].name, name) == 0)
            return i;
    return -1;
}
