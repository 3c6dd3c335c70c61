/* Evaluation terms that depend on where the pieces can actually go in this
 * position (not on an empty board): mobility on squares no enemy promoting
 * piece attacks, threats on pieces worth more than their attacker, and
 * attacks on the squares around the enemy king.  Built from each piece
 * type's slides and leaps as the data files give them.  Internal to the
 * search, used by eval.c only. */
#ifndef NC_EVAL_ATTACKS_H
#define NC_EVAL_ATTACKS_H

#include "../position.h"

#define EA_MAX_SCANS 16
/* The attack terms seldom change the score by more than this (their bound
 * is 310: each side's terms lie within -60..250). */
#define EA_MARGIN 200 /* scanned move lines per type (atoms x directions) */

/* One line of moves of a type to look along: a slide (max steps, 1 for a
 * step) or a single leap, with the destination classes it may enter. */
typedef struct {
    int16_t off[2];  /* board offset per colour */
    uint8_t min, max;/* distances it may stop at: 1-1 for a leap or a step */
    uint8_t to;      /* SQ_EMPTY | SQ_ENEMY */
} AttackScan;

typedef struct {
    AttackScan scan[NC_MAX_TYPES][EA_MAX_SCANS];
    uint8_t nscan[NC_MAX_TYPES];
    /* a promoting type's capturing steps: the squares it attacks */
    AttackScan pawn_cap[NC_MAX_TYPES][NC_MAX_DIRS];
    uint8_t npawn_cap[NC_MAX_TYPES];
    int mobility_ref[NC_MAX_TYPES]; /* moves counted as neither good nor bad */
    int value[NC_MAX_TYPES];        /* material used for threats */
    bool scanned[NC_MAX_TYPES];     /* mobility and attacks are counted */
} AttackTables;

void eval_attacks_init(AttackTables *a, const Variant *v, const int *value);
/* Adds the terms, White minus Black, to *mg (opening) and *eg (endgame). */
void eval_attacks(const AttackTables *a, const Position *p, int *mg, int *eg);

#endif
