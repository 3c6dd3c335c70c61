/* The search parameters' defaults, ranges and lookup by name (the table
 * itself is in params.h). */
#include "params.h"

#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
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

bool params_set_list(SearchParams *sp, const char *list, char *why, size_t whylen)
{
    const char *at = list;
    for (;;) {
        const char *end = strchr(at, ',');
        size_t len = end ? (size_t)(end - at) : strlen(at);
        char item[96];
        if (len == 0 || len >= sizeof item) {
            snprintf(why, whylen, "'%.*s' is not NAME=VALUE", (int)(len < 60 ? len : 60), at);
            return false;
        }
        memcpy(item, at, len);
        item[len] = 0;
        char *eq = strchr(item, '=');
        if (!eq) {
            snprintf(why, whylen, "'%s' is not NAME=VALUE", item);
            return false;
        }
        *eq = 0;
        const char *value = eq + 1;
        char *rest;
        errno = 0;
        long v = strtol(value, &rest, 10);
        int i = 0;
        while (i < NPARAMS && strcmp(infos[i].name, item))
            i++;
        if (i == NPARAMS) {
            snprintf(why, whylen, "no parameter is named '%s'", item);
            return false;
        }
        if (!*value || *rest || errno || v < infos[i].min || v > infos[i].max) {
            snprintf(why, whylen, "%s must be a whole number from %d to %d, not '%s'", item, infos[i].min,
                     infos[i].max, value);
            return false;
        }
        *field_of(sp, i) = (int)v;
        if (!end)
            return true;
        at = end + 1;
    }
}
