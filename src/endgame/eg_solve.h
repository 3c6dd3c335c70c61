/* The endgame solver: retrograde analysis of king and one or two pieces
 * against a bare king, from the mates backwards, one move at a time.
 * Pure computation (no I/O): progress goes to a callback. */
#ifndef NC_EG_SOLVE_H
#define NC_EG_SOLVE_H

#include "eg_table.h"

/* Told now and then while a table is built (at least every few
 * milliseconds of work): what is being done and how far along it is (0 to
 * 1), or the layer (moves to mate) reached.  Returns false to stop the
 * building. */
typedef bool (*EgProgress)(void *ctx, const char *stage, double fraction, int layer);

/* Builds t (set up by eg_table_init) into memory of its own (mem_kind 1).
 * sub[k] is the table of the material without piece k (for two pieces;
 * ignored for one), the attacker's colour the same.  Returns 0, -1 with a
 * message (memory, a king that removes other than by replacement, a mate
 * longer than EG_MAX_DTM), or EG_SOLVE_STOPPED when progress asked to stop
 * (t is then incomplete). */
#define EG_SOLVE_STOPPED (-2)
int eg_solve(EgTable *t, const EgTable *const *sub, EgProgress progress, void *ctx, char *err, int errlen);

#endif
