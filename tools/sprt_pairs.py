#!/usr/bin/env python3
"""The pentanomial SPRT of a match, computed apart from the match tool.

    tools/sprt_pairs.py ELO0 ELO1 N0 N1 N2 N3 N4 [ALPHA BETA]

N0..N4 count the game pairs in which A scored 0, 1/2, 1, 3/2 and 2
points (the match tool's "pairs by A's points" line).  Prints the
log-likelihood ratio of H1 (A is ELO1 logistic Elo stronger) against H0
(ELO0) two ways:

* approx: the generalised SPRT's normal approximation that the match
  tool uses (doc/tuning.md),
      LLR = N (s1 - s0) (2 m - s0 - s1) / (2 v)
  with N pairs, m and v the mean and variance of the pair score
  (points / 2), s0 and s1 the scores of ELO0 and ELO1;
* mle: the exact generalised likelihood ratio: for each hypothesis the
  pentanomial distribution of largest likelihood whose mean is s0 (s1),
      LLR = N * sum_k f_k log(p1_k / p0_k),
  p_k = f_k / (1 + lam (x_k - s)) with lam solving sum_k p_k (x_k - s) = 0.

and the bounds log(beta / (1 - alpha)), log((1 - beta) / alpha).  The
test tests/test_match_stats.c takes its expected figures from here.
Standard library only.
"""
import math
import sys


def score_of_elo(elo):
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def moments(counts):
    n = sum(counts)
    xs = [k / 4.0 for k in range(5)]
    mean = sum(c * x for c, x in zip(counts, xs)) / n
    var = sum(c * (x - mean) ** 2 for c, x in zip(counts, xs)) / n
    return n, mean, var


def llr_approx(counts, elo0, elo1):
    n, mean, var = moments(counts)
    if var <= 0:
        return 0.0
    s0, s1 = score_of_elo(elo0), score_of_elo(elo1)
    return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var)


def mle_under_mean(freqs, s):
    """The distribution on x_k = k/4 of largest likelihood with mean s."""
    xs = [k / 4.0 for k in range(5)]
    used = [(f, x - s) for f, x in zip(freqs, xs) if f > 0]
    # lam lies where every 1 + lam d stays positive; the sum falls in lam
    lo = max([-1.0 / d for f, d in used if d > 0], default=-1e9)
    hi = min([-1.0 / d for f, d in used if d < 0], default=1e9)
    lo, hi = lo + 1e-12 * abs(lo), hi - 1e-12 * abs(hi)
    for _ in range(200):
        mid = (lo + hi) / 2
        g = sum(f * d / (1 + mid * d) for f, d in used)
        if g > 0:
            lo = mid
        else:
            hi = mid
    lam = (lo + hi) / 2
    return [f / (1 + lam * (x - s)) for f, x in zip(freqs, xs)]


def llr_mle(counts, elo0, elo1):
    n = sum(counts)
    freqs = [c / n for c in counts]
    p0 = mle_under_mean(freqs, score_of_elo(elo0))
    p1 = mle_under_mean(freqs, score_of_elo(elo1))
    return n * sum(f * math.log(a / b) for f, a, b in zip(freqs, p1, p0) if f > 0)


def main(argv):
    if len(argv) not in (8, 10):
        sys.exit(__doc__.split("\n\n")[1])
    elo0, elo1 = float(argv[1]), float(argv[2])
    counts = [int(a) for a in argv[3:8]]
    alpha, beta = (float(argv[8]), float(argv[9])) if len(argv) == 10 else (0.05, 0.05)
    n, mean, var = moments(counts)
    print(f"pairs {n} mean {mean:.9f} variance {var:.9f}")
    print(f"approx {llr_approx(counts, elo0, elo1):.6f}")
    print(f"mle {llr_mle(counts, elo0, elo1):.6f}")
    print(f"bounds {math.log(beta / (1 - alpha)):.6f} {math.log((1 - beta) / alpha):.6f}")


if __name__ == "__main__":
    main(sys.argv)
