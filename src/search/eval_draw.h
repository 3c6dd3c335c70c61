/* Draw knowledge of the evaluation: which material cannot mate and the
 * wrong rook pawn, derived from the variant's pieces by the move generator
 * (and, for one piece, by the endgame solver's verdict), never listed per
 * variant.  The rules are documented at the top of eval_draw.c.  Internal
 * to the search, like eval.h. */
#ifndef NC_EVAL_DRAW_H
#define NC_EVAL_DRAW_H

#include "rules/rules.h"

struct EgStore;

/* A type's "forces mate alone" verdict from the solver, per attacker colour. */
enum { DRAW_VERDICT_UNKNOWN = 0, DRAW_VERDICT_MATES, DRAW_VERDICT_NO_MATE, DRAW_VERDICT_REFUSED };

typedef struct {
    /* the variant's game ends are the defaults (mate wins, stalemate
     * draws, no material rules, no must-capture, no captures to hand), its
     * one royal type moves exactly one step any way and every square has
     * two neighbours on its rank or file: only then does "cannot mate"
     * mean "cannot win" */
    bool usable;
    /* every move and capture of the type keeps the square colour */
    bool colourbound[NC_MAX_TYPES];
    /* per colour: a promoting type that, with nothing to take, never
     * leaves its file before it promotes */
    bool file_bound[2][NC_MAX_TYPES];
    /* per colour: the solver's verdict of king and this piece against a
     * bare king (kept while the variant stays), and whether the current
     * search uses it (set per root by draw_prepare) */
    uint8_t verdict[2][NC_MAX_TYPES];
    bool use_verdict[2][NC_MAX_TYPES];
    /* the same for two pieces of one type, on small boards only */
    uint8_t pair_verdict[2][NC_MAX_TYPES];
    int8_t use_pair[2];         /* per colour: the type of the pair this root uses, -1 none */
} DrawTables;

/* Builds the cheap tables from the move generator (no solver). */
void draw_init(DrawTables *d, const Variant *v);
/* For the search's root p: asks the store (may be NULL) for the one-piece
 * verdicts that p's material makes relevant, building a one-piece table
 * if it is not cached and may_build is set, and lets the evaluation use
 * exactly those.  With may_build the result depends only on p, not on
 * what the cache held; without it a table not built yet gives no verdict
 * (asked again at a later root). */
void draw_prepare(DrawTables *d, struct EgStore *store, const Position *p, bool may_build);
/* The search builds tables for draw_prepare only when it has no time
 * limit or at least this many seconds (a one-piece table on 12x12 takes
 * about 3 s and cannot be interrupted). */
#define DRAW_BUILD_SECONDS 10.0
/* More pieces than this on the side ahead: no rule applies. */
#define DRAW_MAX_PIECES 12

int draw_scale_few(const DrawTables *d, const Position *p, int score);
/* The score (White's view) after the draw rules: 0 for a dead draw, scaled
 * strongly toward 0 for a side ahead that cannot mate, else unchanged.
 * Inline, since most positions leave at the first test. */
static inline int draw_scale(const DrawTables *d, const Position *p, int score)
{
    if (!d->usable || score == 0 || p->npieces[score > 0 ? NC_WHITE : NC_BLACK] > DRAW_MAX_PIECES)
        return score;
    return draw_scale_few(d, p, score);
}

#endif
