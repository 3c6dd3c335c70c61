/* Endgame tables, the one header the rest of the program includes for
 * them: the tables with their numbering and verdicts (eg_table.h), the
 * store that builds, caches and hands them out (eg_store.h) and the
 * solver (eg_solve.h).  The per-piece move tables stay private. */
#ifndef NC_ENDGAME_H
#define NC_ENDGAME_H

#include "eg_solve.h"
#include "eg_store.h"
#include "eg_table.h"

#endif
