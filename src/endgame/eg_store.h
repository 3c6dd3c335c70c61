/* Endgame tables on demand: a store of tables in memory, each loaded from
 * the cache directory ($XDG_CACHE_HOME/ninjachess, by default
 * ~/.cache/ninjachess) or built by the solver and then saved there.  A
 * cache file is used only when its version, variant identity, material,
 * size and checksum all agree; otherwise it is rebuilt.  This module does
 * the file input and output of the endgame tables, and prints the progress
 * line (stderr) while a table is built, when asked to. */
#ifndef NC_EG_STORE_H
#define NC_EG_STORE_H

#include "eg_table.h"

#include <stdatomic.h>
#include <stdbool.h>

typedef struct EgStore EgStore;

/* A store caching in dir (NULL: the default above); with progress, a line
 * on stderr tells how the building goes.  No file is touched yet. */
EgStore *eg_store_new(const char *dir, bool progress);
void eg_store_free(EgStore *s);

/* While *stop is not 0, a table build goes on; once it is set (from any
 * thread), a build under way ends within milliseconds of work and
 * eg_store_get() returns NULL ("stopped") without saving anything.  NULL:
 * builds are never stopped. */
void eg_store_set_stop(EgStore *s, const atomic_int *stop);

/* The table of m on v: from memory, else from the cache, else (when build
 * is set, or the table has one piece and build_small is set) built and
 * saved.  NULL with a message when it is not available.  The table stays
 * valid while the store lives. */
const EgTable *eg_store_get(EgStore *s, const Variant *v, const EgMaterial *m, bool build, bool build_small, char *err,
                            int errlen);

/* Forgets t, a table of this store, and removes its cache file: for a
 * table found to contradict the rules (eg_agrees_at); the next
 * eg_store_get() of its material builds it again.  t is invalid after. */
void eg_store_discard(EgStore *s, const EgTable *t);

/* The cache file's path for m on v. */
int eg_store_path(const EgStore *s, const Variant *v, const EgMaterial *m, char *buf, int len);

#endif
