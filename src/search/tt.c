/* The transposition table's memory: its size, allocation and clearing
 * (probing and storing are inline in tt.h, in the search's inner loop). */
#include "tt.h"

#include <stdlib.h>
#include <string.h>

bool tt_init(TransTable *tt, size_t hash_mb)
{
    if (hash_mb < 1)
        hash_mb = 1;
    size_t n = 1;
    while (n * 2 * sizeof(TTEntry) <= hash_mb * 1024 * 1024)
        n *= 2;
    tt->entries = calloc(n, sizeof(TTEntry));
    tt->mask = n - 1;
    tt->age = 0;
    return tt->entries != NULL;
}

void tt_free(TransTable *tt)
{
    free(tt->entries);
    tt->entries = NULL;
}

void tt_clear(TransTable *tt)
{
    memset(tt->entries, 0, sizeof(TTEntry) * (tt->mask + 1));
}
