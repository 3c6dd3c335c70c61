/* Match statistics: the Elo estimate of a win/loss/draw record and of
 * the game pairs with its 95% error bar, the likelihood of superiority,
 * and the sequential probability ratio test on the pairs.  Pure arithmetic on counts: no I/O, no engines,
 * no games (match.c feeds it and prints the figures). */
#ifndef NC_FRONTEND_MATCH_STATS_H
#define NC_FRONTEND_MATCH_STATS_H

#include <stdbool.h>

/* Results of engine A against engine B. */
typedef struct {
    int wins, losses, draws;
} MatchRecord;

typedef struct {
    int games;
    double score;       /* A's points per game, 0..1 */
    double elo;         /* logistic Elo difference A - B; +-INFINITY at 1 or 0 */
    double elo_margin;  /* half the width of the 95% interval; INFINITY when unknown */
    double los;         /* likelihood of superiority of A, 0..1 */
} EloEstimate;

/* Logistic Elo of a score fraction, and back. */
double stats_elo_of_score(double score);
double stats_score_of_elo(double elo);

/* Elo, 95% error bar (from the per-game score variance, normal
 * approximation) and LOS of a record; every field 0 for no games. */
void stats_estimate(const MatchRecord *r, EloEstimate *out);

/* The same from the pairs of games played from one opening with colours
 * reversed: penta[k] pairs in which A scored k/2 points.  The variance of
 * the pair scores takes in what the two games share (the opening), so
 * the error bar is narrower and sounder than the per-game one when the
 * opening favours a colour; LOS from the normal approximation. */
void stats_estimate_pairs(const int penta[5], EloEstimate *out);

typedef enum { SPRT_CONTINUE, SPRT_H0, SPRT_H1 } SprtDecision;

typedef struct {
    double elo0, elo1;  /* H0: A is elo0 stronger; H1: elo1 (logistic Elo) */
    double alpha, beta; /* false-positive and false-negative rates */
} SprtSpec;

typedef struct {
    int pairs;          /* finished pairs the test has seen */
    double llr;         /* log-likelihood ratio of H1 against H0 */
    double lower, upper;/* log(beta / (1 - alpha)), log((1 - beta) / alpha) */
    SprtDecision decision;
} SprtState;

/* The generalised SPRT on the pentanomial record penta[k] (pairs in which
 * A scored k/2 points, as for stats_estimate_pairs), with the normal
 * approximation of the pair score x = points / 2 (doc/tuning.md):
 * LLR = N (s1 - s0) (2 m - s0 - s1) / (2 v), N pairs, m and v the mean and
 * variance of x, s0 and s1 the scores of elo0 and elo1.  The two games of
 * a pair share an opening, so they are not counted as independent games.
 * LLR is 0 (and the test continues) while every pair scores the same. */
void stats_sprt_pairs(const int penta[5], const SprtSpec *spec, SprtState *out);
const char *stats_sprt_text(SprtDecision d);

/* Parses "E0,E1" or "E0,E1,ALPHA,BETA" (E0 < E1, rates in (0, 0.5));
 * alpha and beta default to 0.05.  0, or -1 for malformed text. */
int stats_parse_sprt(const char *text, SprtSpec *out);

#endif
