/* The static evaluation written as a sum over its weights, so that a tuner
 * can fit the weights to game results without running the program for
 * each trial (--eval-terms, tools/tune.py).  No I/O. */
#ifndef NC_EVAL_TERMS_H
#define NC_EVAL_TERMS_H

#include "rules/rules.h"

#define EVAL_TERMS_MAX 48

/* The evaluation of a position from White's view is, up to rounding,
 *   fixed + sum over weights i of w_i * (mg[i] * phase + eg[i] * (256 - phase)) / 256
 * with w the variant's weights (eval_weights.h, index order).  Terms that
 * are not blended (side to move, material shares) have mg[i] == eg[i].
 * Where a weight only bounds another (the caps, passed-phase) the sum is
 * linear around the weights of the variant: a piece whose mobility is cut
 * at the cap counts for mobility-cap, not for mobility. */
typedef struct {
    int phase;   /* 0..256: the middlegame part's share, in 256ths */
    int score;   /* the evaluation itself, White's view */
    double fixed; /* what no weight scales: the material on the board */
    double mg[EVAL_TERMS_MAX], eg[EVAL_TERMS_MAX];
} EvalTerms;

typedef struct EvalProbe EvalProbe;

/* Tables for positions of v (a few milliseconds); NULL when out of
 * memory.  v must outlive the probe. */
EvalProbe *eval_probe_new(const Variant *v);
void eval_probe_free(EvalProbe *ep);
void eval_probe_terms(const EvalProbe *ep, const Position *p, EvalTerms *out);
/* What the evaluation uses for type t of v: its value (learned, or the
 * data file's), and its middlegame or endgame square table entry for a
 * White piece on sq (half: NC_LEARNED_MG or NC_LEARNED_EG), learned or
 * derived (--eval-tables). */
int eval_probe_value(const EvalProbe *ep, int t);
int eval_probe_square(const EvalProbe *ep, int t, int half, int sq);

#endif
