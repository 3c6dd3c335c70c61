/* The search parameters' defaults, ranges and lookup by name (the table
 * itself is in params.h). */
#include "params.h"

#include <stddef.h>
#include <string.h>

static const ParamInfo infos[] = {
#define SEARCH_PARAM_INFO(field, name, def, min, max, meaning) {name, def, min, max, meaning},
    SEARCH_PARAM_TABLE(SEARCH_PARAM_INFO)
#undef SEARCH_PARAM_INFO
};

/* Offsets of the fields, in the table's order. */
static const size_t offsets[] = {
#define SEARCH_PARAM_OFFSET(field, name, def, min, max, meaning) offsetof(SearchParams, field),
    SEARCH_PARAM_TABLE(SEARCH_PARAM_OFFSET)
#undef SEARCH_PARAM_OFFSET
};

#define NPARAMS ((int)(sizeof infos / sizeof infos[0]))

static int *field_of(SearchParams *sp, int i)
{
    return (int *)((char *)sp + offsets[i]);
}

void params_default(SearchParams *sp)
{
    for (int i = 0; i < NPARAMS; i++)
        *field_of(sp, i) = infos[i].def;
}

bool params_set(SearchParams *sp, const char *name, int value)
{
    for (int i = 0; i < NPARAMS; i++)
        if (!strcmp(infos[i].name, name)) {
            if (value < infos[i].min || value > infos[i].max)
                return false;
            *field_of(sp, i) = value;
            return true;
        }
    return false;
}

int params_count(void)
{
    return NPARAMS;
}

const ParamInfo *params_info(int i)
{
    return i >= 0 && i < NPARAMS ? &infos[i] : NULL;
}
