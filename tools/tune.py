#!/usr/bin/env python3
"""Texel tuning of the evaluation weights of one variant (doc/tuning.md).

Reads games as `ninjachess --match/--selfplay ... --pgn FILE` write them,
asks the program once per file for every position's evaluation split by
weight (`ninjachess --eval-terms FILE`), keeps the quiet positions after
the opening, and fits the weights to the game results: the evaluation is
linear in the weights, so the predicted score of a position is
    score + sum over tuned weights i of (w_i - w0_i) * x_i
(score: the evaluation at the weights w0 the program used; x_i: weight i's
measure, its middlegame and endgame parts blended by the phase).  The
result is predicted as sigmoid(K * score / 400); first K is fitted with
the weights fixed, then the weights with K fixed, minimising the logistic
loss (cross-entropy) of the results by Newton's method (the loss is convex
in the weights).  With --rounds N the program evaluates the positions
again with the fitted weights and the fit is repeated, so that the terms
that are linear only around the weights (the mobility cap) are
re-linearised.  Writes a weights file (doc/data-files.md) with --out.

usage: tune.py [--program PATH] [--data-dir DIR] [--variant NAME]
               [--skip-plies N] [--keep-checks] [--keep-captures]
               [--max-positions N] [--holdout SHARE] [--fix LIST] [--only LIST]
               [--rounds N] [--ridge X] [--out FILE] [--terms FILE]... [PGN...]

Standard library only.
"""
import argparse
import math
import os
import random
import shutil
import subprocess
import sys
import tempfile

LN10_400 = math.log(10) / 400.0
# Weights that only bound others or switch a term on: their measures are
# not linear (they are printed as zeros) and they are never fitted.
NEVER_FITTED = {"shelter-near-cap", "shelter-far-cap", "passed-phase"}


class TermsError(Exception):
    pass


class Sample:
    __slots__ = ("result", "score", "x", "game")

    def __init__(self, result, score, x, game):
        self.result = result  # White's score: 1, 0.5 or 0
        self.score = score    # evaluation at the weights the program used, White's view
        self.x = x            # {weight index: blended measure}, nonzero ones only
        self.game = game      # (source, game number): held out by games, not positions


def parse_terms(lines, opts, source):
    """The weights [(name, value, lo, hi)] of opts.variant (the first
    variant seen when not given) and the samples of the --eval-terms
    output `lines`; also counts of what was left out."""
    weights, block, samples, pending = None, [], [], []
    skipped = {"other variant": 0, "unfinished game": 0, "opening": 0, "check": 0, "capture": 0}
    current = None
    for n, line in enumerate(lines, 1):
        f = line.split()
        if not f:
            continue
        if f[0] == "variant" and len(f) == 2:
            current, block = f[1], []
            if opts.variant is None:
                opts.variant = current
        elif f[0] == "weight" and len(f) == 5:
            block.append((f[1], int(f[2]), int(f[3]), int(f[4])))
        elif f[0] == "pos" and len(f) >= 8:
            pending.append(f)
        elif f[0] == "game" and len(f) == 5:
            if current != opts.variant:
                skipped["other variant"] += 1
            else:
                if weights is None:
                    weights = block
                elif weights != block:
                    raise TermsError(f"{source}:{n}: games of {current} evaluated with other weights")
                keep_game(f, pending, weights, opts, samples, skipped, source, n)
            pending = []
        else:
            raise TermsError(f"{source}:{n}: not a line of --eval-terms: {line.strip()[:60]!r}")
    return weights or [], samples, skipped


def keep_game(game, pending, weights, opts, samples, skipped, source, n):
    result = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}.get(game[2])
    if result is None:
        skipped["unfinished game"] += 1
        return
    first = max(opts.skip_plies, int(game[4]))
    for f in pending:
        ply, check, capture = int(f[2]), f[3] == "1", f[4] == "1"
        if ply < first:
            skipped["opening"] += 1
            continue
        if check and not opts.keep_checks:
            skipped["check"] += 1
            continue
        if capture and not opts.keep_captures:
            skipped["capture"] += 1
            continue
        phase = int(f[5])
        parts = f[8:]
        if len(parts) != 2 * len(weights):
            raise TermsError(f"{source}:{n}: {len(parts)} numbers after the score, expected {2 * len(weights)}")
        x = {}
        for i in range(len(weights)):
            v = (float(parts[2 * i]) * phase + float(parts[2 * i + 1]) * (256 - phase)) / 256.0
            if v:
                x[i] = v
        samples.append(Sample(result, float(f[6]), x, (source, game[1])))


def run_program(opts, pgn, weights_file):
    """--eval-terms output for pgn, with the weights file (if any) found
    first on the data path."""
    cmd = [opts.program]
    tmp = None
    if weights_file:
        tmp = tempfile.mkdtemp(prefix="nc-tune-")
        os.mkdir(os.path.join(tmp, "variants"))
        shutil.copy(weights_file, os.path.join(tmp, "variants", opts.variant + ".eval"))
        cmd += ["--data-dir", tmp + (":" + opts.data_dir if opts.data_dir else "")]
    elif opts.data_dir:
        cmd += ["--data-dir", opts.data_dir]
    cmd += ["--eval-terms", pgn]
    try:
        out = subprocess.run(cmd, capture_output=True, text=True)
    finally:
        if tmp:
            shutil.rmtree(tmp)
    if out.returncode != 0:
        raise TermsError(f"{' '.join(cmd)}: {out.stderr.strip() or 'exit status %d' % out.returncode}")
    return out.stdout.splitlines()


def log_loss(samples, k, delta=None):
    """Mean cross-entropy of the results; delta: {index: w - w0}."""
    total = 0.0
    for s in samples:
        z = s.score
        if delta:
            z += sum(delta.get(i, 0.0) * v for i, v in s.x.items())
        t = k * LN10_400 * z
        # log(1 + e^-t) and log(1 + e^t), without overflow
        lp = -t if t < -30 else math.log1p(math.exp(-t))
        lq = t if t > 30 else math.log1p(math.exp(t))
        total += s.result * lp + (1 - s.result) * lq
    return total / len(samples)


def fit_k(samples):
    """K minimising the loss at the program's weights (convex in K)."""
    lo, hi = 0.0, 20.0
    for _ in range(80):
        a, b = lo + (hi - lo) / 3, hi - (hi - lo) / 3
        if log_loss(samples, a) < log_loss(samples, b):
            hi = b
        else:
            lo = a
    return (lo + hi) / 2


def solve(a, b):
    """x with a x = b (Gaussian elimination with pivoting); a is changed."""
    n = len(b)
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(a[r][c]))
        a[c], a[p] = a[p], a[c]
        b[c], b[p] = b[p], b[c]
        for r in range(c + 1, n):
            f = a[r][c] / a[c][c]
            if f:
                for j in range(c, n):
                    a[r][j] -= f * a[c][j]
                b[r] -= f * b[c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (b[r] - sum(a[r][j] * x[j] for j in range(r + 1, n))) / a[r][r]
    return x


def newton_step(samples, k, delta, tuned, ridge, scale):
    """One Newton step on the loss (plus ridge * sum((delta/scale)^2))."""
    pos = {w: j for j, w in enumerate(tuned)}
    m = len(tuned)
    grad = [0.0] * m
    hess = [[0.0] * m for _ in range(m)]
    c = k * LN10_400
    for s in samples:
        z = s.score + sum(delta.get(i, 0.0) * v for i, v in s.x.items())
        t = c * z
        p = 1.0 / (1.0 + math.exp(-t)) if t > -700 else 0.0
        g = c * (p - s.result)
        h = c * c * p * (1 - p)
        xs = [(pos[i], v) for i, v in s.x.items() if i in pos]
        for j, v in xs:
            grad[j] += g * v
            row = hess[j]
            for j2, v2 in xs:
                row[j2] += h * v * v2
    n = len(samples)
    for j, w in enumerate(tuned):
        grad[j] = grad[j] / n + 2 * ridge * delta.get(w, 0.0) / scale[w] ** 2
        for j2 in range(m):
            hess[j][j2] /= n
        hess[j][j] += 2 * ridge / scale[w] ** 2
    step = solve(hess, [-g for g in grad])
    return {w: delta.get(w, 0.0) + step[j] for j, w in enumerate(tuned)}


def fit_weights(samples, k, tuned, ridge, weights, iterations=30):
    """delta (w - w0) minimising the loss; the weights' ranges bound it."""
    scale = {i: max(1.0, abs(weights[i][1])) for i in tuned}
    delta = {}
    loss = log_loss(samples, k, delta)
    for _ in range(iterations):
        new = newton_step(samples, k, delta, tuned, ridge, scale)
        for i in tuned:
            name, w0, lo, hi = weights[i]
            new[i] = min(max(new[i], lo - w0), hi - w0)
        new_loss = log_loss(samples, k, new)
        if new_loss > loss:  # a step that does not help: halve it once, then stop
            new = {i: (delta.get(i, 0.0) + new[i]) / 2 for i in tuned}
            new_loss = log_loss(samples, k, new)
            if new_loss >= loss:
                break
        done = loss - new_loss < 1e-10
        delta, loss = new, new_loss
        if done:
            break
    return delta


def rounded(weights, delta):
    """The fitted weights as whole numbers inside their ranges."""
    out = {}
    for i, d in delta.items():
        name, w0, lo, hi = weights[i]
        out[i] = min(max(int(round(w0 + d)), lo), hi)
    return out


def write_weights(path, weights, values, header):
    with open(path, "w", encoding="utf-8") as f:
        for line in header:
            f.write(f"# {line}\n")
        for i in sorted(values):
            f.write(f"{weights[i][0]} {values[i]}\n")


def collect(opts, weights_file=None):
    """Weights and samples of every input; exits with a message on a problem."""
    weights, samples = None, []
    skipped = {}
    sources = [(t, None) for t in opts.terms] + [(p, True) for p in opts.pgn]
    for source, is_pgn in sources:
        if is_pgn:
            lines = run_program(opts, source, weights_file)
        else:
            with open(source, encoding="utf-8") as fh:
                lines = fh.read().splitlines()
        w, s, k = parse_terms(lines, opts, source)
        if w and weights and w != weights:
            raise TermsError(f"{source}: {opts.variant} evaluated with other weights than in the files before")
        weights = weights or w
        samples += s
        for key, v in k.items():
            skipped[key] = skipped.get(key, 0) + v
    if not samples:
        raise TermsError(f"no positions of {opts.variant} left to fit (left out: {skipped})")
    return weights, samples, skipped


def choose(samples, opts):
    """The positions fitted and those held out (whole games, --holdout)."""
    if len(samples) > opts.max_positions:
        samples = random.Random(opts.seed).sample(samples, opts.max_positions)
    games = sorted({s.game for s in samples})
    random.Random(opts.seed).shuffle(games)
    held = set(games[:int(len(games) * opts.holdout)])
    return [s for s in samples if s.game not in held], [s for s in samples if s.game in held]


def tuned_indices(weights, samples, opts):
    """The weights fitted: measured by some position, not fixed, in --only."""
    names = [w[0] for w in weights]
    for given in (opts.fix or []) + (opts.only or []):
        if given not in names:
            raise TermsError(f"unknown weight '{given}' (doc/data-files.md lists them)")
    used = set()
    for s in samples:
        used.update(s.x)
    return [i for i, w in enumerate(weights)
            if i in used and w[0] not in NEVER_FITTED and w[0] not in (opts.fix or [])
            and (not opts.only or w[0] in opts.only)]


def parse_args(argv):
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description="Texel tuning of a variant's evaluation weights (doc/tuning.md)")
    ap.add_argument("pgn", nargs="*", help="PGN files of games (--match/--selfplay --pgn)")
    ap.add_argument("--terms", action="append", default=[], help="--eval-terms output saved before (instead of or besides PGN)")
    ap.add_argument("--program", default=os.environ.get("NINJACHESS", os.path.join(here, "..", "build", "ninjachess")))
    ap.add_argument("--data-dir", help="passed on to the program")
    ap.add_argument("--variant", help="fit this variant's games (default: the first game's variant)")
    ap.add_argument("--skip-plies", type=int, default=16, help="leave out positions before this ply (default 16)")
    ap.add_argument("--keep-checks", action="store_true", help="keep positions with the side to move in check")
    ap.add_argument("--keep-captures", action="store_true", help="keep positions right after a capture")
    ap.add_argument("--max-positions", type=int, default=200000, help="at most this many, chosen at random")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--holdout", type=float, default=0.0,
                    help="share of the games not fitted, on which the loss is reported too (default 0)")
    ap.add_argument("--fix", type=lambda t: t.split(","), help="weights to leave as they are (comma-separated)")
    ap.add_argument("--only", type=lambda t: t.split(","), help="fit only these weights (comma-separated)")
    ap.add_argument("--rounds", type=int, default=1, help="evaluate again with the fitted weights and refit (PGN input)")
    ap.add_argument("--ridge", type=float, default=1e-4, help="pull toward the weights used (default 1e-4)")
    ap.add_argument("--out", help="write the fitted weights here (a weights file)")
    opts = ap.parse_args(argv)
    if not opts.pgn and not opts.terms:
        ap.error("give PGN files or --terms files")
    if opts.rounds < 1 or opts.max_positions < 1 or opts.skip_plies < 0:
        ap.error("--rounds and --max-positions must be at least 1, --skip-plies at least 0")
    if not 0 <= opts.holdout < 1:
        ap.error("--holdout is a share of the games, at least 0 and below 1")
    if not opts.ridge > 0:
        ap.error("--ridge must be above 0 (it keeps weights the games do not measure in place)")
    return opts


def held_out_loss(held, k, weights, values):
    if not held:
        return ""
    return f"; held out ({len(held)} positions): {log_loss(held, k):.6f} -> " + \
        f"{log_loss(held, k, {i: values[i] - weights[i][1] for i in values}):.6f}"


def fit_rounds(opts, weights, samples, held, k):
    """The fitted weights {index: whole number} after opts.rounds rounds;
    also the weights and samples of the last round's evaluation."""
    values = {}
    for r in range(opts.rounds):
        if r:
            with tempfile.NamedTemporaryFile("w", suffix=".eval", delete=False) as tf:
                name = tf.name
            write_weights(name, weights, values, [])
            try:
                weights, samples, _ = collect(opts, name)
            finally:
                os.unlink(name)
            samples, held = choose(samples, opts)
        tuned = tuned_indices(weights, samples, opts)
        delta = fit_weights(samples, k, tuned, opts.ridge, weights)
        values = rounded(weights, delta)
        now = {i: values[i] - weights[i][1] for i in values}
        print(f"round {r + 1}: {len(tuned)} weights fitted; loss {log_loss(samples, k, delta):.6f} "
              f"(whole numbers: {log_loss(samples, k, now):.6f})" + held_out_loss(held, k, weights, values))
    return values, weights, samples, held


def main(argv):
    opts = parse_args(argv)
    try:
        weights, samples, skipped = collect(opts)
        samples, held = choose(samples, opts)
        k = fit_k(samples)
        start_loss = log_loss(samples, k)
        start = [w[1] for w in weights]
        print(f"variant {opts.variant}: {len(samples)} positions fitted, {len(held)} held out (left out: "
              + ", ".join(f"{v} {key}" for key, v in skipped.items() if v) + ")")
        print(f"K {k:.4f}; loss at the weights used {start_loss:.6f}")
        values, weights, samples, held = fit_rounds(opts, weights, samples, held, k)
        final = log_loss(samples, k, {i: values[i] - weights[i][1] for i in values})
    except (TermsError, OSError) as e:
        print(f"tune.py: {e}", file=sys.stderr)
        return 1
    for i in sorted(values):
        mark = "" if values[i] == start[i] else f"  (was {start[i]})"
        print(f"{weights[i][0]} {values[i]}{mark}")
    print(f"loss {start_loss:.6f} -> {final:.6f}")
    if opts.out:
        write_weights(opts.out, weights, values,
                      [f"{opts.variant}: fitted by tools/tune.py on {len(samples)} positions",
                       f"K {k:.4f}, loss {start_loss:.6f} at the weights used, {final:.6f} with these"])
        print(f"wrote {opts.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
