/* Match statistics: Elo, error bar and LOS from win/loss/draw counts and
 * from game pairs; the SPRT from the pairs.
 * Owns only the formulas; it must not print, read options or know about
 * engines and games, so that the tests can check it on made-up records. */
#include "match_stats.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* Two-sided 95% quantile of the normal distribution. */
#define Z95 1.959963984540054

double stats_score_of_elo(double elo)
{
    return 1.0 / (1.0 + pow(10.0, -elo / 400.0));
}

double stats_elo_of_score(double score)
{
    if (score <= 0)
        return -INFINITY;
    if (score >= 1)
        return INFINITY;
    return -400.0 * log10(1.0 / score - 1.0);
}

/* Mean and variance of A's per-game score (1, 0.5, 0). */
static void score_moments(const MatchRecord *r, double *mean, double *var)
{
    double n = r->wins + r->losses + r->draws;
    double s = (r->wins + 0.5 * r->draws) / n;
    double dw = 1.0 - s, dl = 0.0 - s, dd = 0.5 - s;
    *mean = s;
    *var = (r->wins * dw * dw + r->losses * dl * dl + r->draws * dd * dd) / n;
}

/* The interval of a mean score with standard error se, mapped to Elo:
 * half its width, or INFINITY when an end leaves (0, 1). */
static double elo_margin(double s, double se)
{
    double lo = s - Z95 * se, hi = s + Z95 * se;
    if (se > 0 && lo > 0 && hi < 1)
        return (stats_elo_of_score(hi) - stats_elo_of_score(lo)) / 2.0;
    return INFINITY;
}

void stats_estimate(const MatchRecord *r, EloEstimate *out)
{
    EloEstimate e = {0, 0, 0, 0, 0};
    e.games = r->wins + r->losses + r->draws;
    if (e.games == 0) {
        *out = e;
        return;
    }
    double s, var;
    score_moments(r, &s, &var);
    e.score = s;
    e.elo = stats_elo_of_score(s);
    e.elo_margin = elo_margin(s, sqrt(var / e.games));
    /* LOS: the chance that A is stronger, from the decisive games only
     * (draws say nothing about which side is better). */
    int decisive = r->wins + r->losses;
    if (decisive > 0)
        e.los = 0.5 * (1.0 + erf((r->wins - r->losses) / sqrt(2.0 * decisive)));
    else
        e.los = 0.5;
    *out = e;
}

/* Number, mean and variance of the pair scores (A's points / 2). */
static int pair_moments(const int penta[5], double *mean, double *var)
{
    int pairs = 0;
    double sum = 0;
    for (int k = 0; k < 5; k++) {
        pairs += penta[k];
        sum += penta[k] * (k / 4.0);
    }
    *mean = *var = 0;
    if (pairs == 0)
        return 0;
    *mean = sum / pairs;
    for (int k = 0; k < 5; k++)
        *var += penta[k] * (k / 4.0 - *mean) * (k / 4.0 - *mean);
    *var /= pairs;
    return pairs;
}

void stats_estimate_pairs(const int penta[5], EloEstimate *out)
{
    EloEstimate e = {0, 0, 0, 0, 0};
    double var;
    int pairs = pair_moments(penta, &e.score, &var);
    if (pairs == 0) {
        *out = e;
        return;
    }
    e.games = 2 * pairs;
    double se = sqrt(var / pairs);
    e.elo = stats_elo_of_score(e.score);
    e.elo_margin = elo_margin(e.score, se);
    e.los = se > 0 ? 0.5 * (1.0 + erf((e.score - 0.5) / (se * sqrt(2.0)))) : e.score > 0.5 ? 1 : e.score < 0.5 ? 0 : 0.5;
    *out = e;
}

void stats_sprt_pairs(const int penta[5], const SprtSpec *spec, SprtState *out)
{
    out->lower = log(spec->beta / (1.0 - spec->alpha));
    out->upper = log((1.0 - spec->beta) / spec->alpha);
    out->llr = 0;
    out->decision = SPRT_CONTINUE;
    double m, var;
    out->pairs = pair_moments(penta, &m, &var);
    if (out->pairs == 0 || var <= 0)
        return;
    double s0 = stats_score_of_elo(spec->elo0), s1 = stats_score_of_elo(spec->elo1);
    out->llr = out->pairs * (s1 - s0) * (2.0 * m - s0 - s1) / (2.0 * var);
    if (out->llr >= out->upper)
        out->decision = SPRT_H1;
    else if (out->llr <= out->lower)
        out->decision = SPRT_H0;
}

const char *stats_sprt_text(SprtDecision d)
{
    switch (d) {
    case SPRT_H0: return "H0 accepted";
    case SPRT_H1: return "H1 accepted";
    default: return "continue";
    }
}

/* One number of the list and the separator after it (',' or the end). */
static int take_number(const char **s, double *out, bool last)
{
    char *end;
    *out = strtod(*s, &end);
    if (end == *s || !isfinite(*out))
        return -1;
    if (*end == ',' && !last)
        end++;
    else if (*end)
        return -1;
    *s = end;
    return 0;
}

int stats_parse_sprt(const char *text, SprtSpec *out)
{
    SprtSpec sp = {0, 0, 0.05, 0.05};
    const char *s = text;
    if (take_number(&s, &sp.elo0, false) || !*s || take_number(&s, &sp.elo1, false) || (s[-1] == ',' && !*s))
        return -1;
    if (*s && (take_number(&s, &sp.alpha, false) || !*s || take_number(&s, &sp.beta, true)))
        return -1;
    if (*s || !(sp.elo0 < sp.elo1) || !(sp.alpha > 0 && sp.alpha < 0.5) || !(sp.beta > 0 && sp.beta < 0.5))
        return -1;
    *out = sp;
    return 0;
}
