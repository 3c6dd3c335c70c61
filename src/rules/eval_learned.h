/* Learned evaluation tables (doc/data-files.md, "Learned tables"): piece
 * values and middlegame and endgame square tables per piece type, read
 * from the table section of a variant's weights file (datafile_tables.c)
 * and used by src/search/eval.c in place of the values of the data files
 * and the square tables it derives from the weights.  No I/O here. */
#ifndef NC_EVAL_LEARNED_H
#define NC_EVAL_LEARNED_H

#include <stdint.h>

#define NC_LEARNED_TYPES 32 /* NC_MAX_TYPES, NC_MAX_RANKS, NC_MAX_FILES (variant.h checks) */
#define NC_LEARNED_RANKS 16
#define NC_LEARNED_FILES 16
#define NC_LEARNED_SQUARE_LIMIT 2000 /* a table's number lies in -LIMIT..LIMIT */
#define NC_LEARNED_VALUE_LIMIT 20000 /* a piece value lies in 0..LIMIT */

enum { NC_LEARNED_MG, NC_LEARNED_EG };

typedef struct {
    uint8_t has_value[NC_LEARNED_TYPES];
    int value[NC_LEARNED_TYPES];
    /* has_table[type][NC_LEARNED_MG or _EG]; the table indexed by box rank
     * and file from White's view (rank 0 White's back rank); Black's piece
     * on a square reads the rank-mirrored square. */
    uint8_t has_table[NC_LEARNED_TYPES][2];
    int16_t table[NC_LEARNED_TYPES][2][NC_LEARNED_RANKS][NC_LEARNED_FILES];
} EvalLearned;

#endif
