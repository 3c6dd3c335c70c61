#!/usr/bin/env python3
"""SPSA tuning of the search's named constants (src/search/params.h) by
fixed-node game pairs of the match tool.

Each iteration draws a random sign for every parameter, plays --pairs
game pairs (colours swapped, each from an opening of the variant's book,
in one match) between the program with theta + c*delta and the program
with theta - c*delta, and
moves theta along the result: the usual simultaneous-perturbation rule
with gains a_k = a / (k + 1 + A)^0.602 and c_k = c / (k + 1)^0.101,
each parameter scaled by its own step.  Fixed nodes make each pair the
same whatever the machine's load, so a run can share the machine.

usage: spsa.py --variant V --params NAME[:STEP],... [--iterations N]
               (STEP: the perturbation; default a tenth of the default value)
               [--pairs N] [--nodes N] [--program PATH] [--data DIR]
               [--seed N] [--concurrency N] [--log FILE [--resume]]

With --resume a run goes on from the last line of its --log (its
iteration and theta), with the same options, so that a long run can be
stopped and taken up again; the random draws go on from where they were.

Prints theta every 10 iterations and at the end as a --search-param list.
A result must still be confirmed by a fixed-node SPRT and, if the speed
changes, at a time control (doc/tuning.md) before it is kept."""
import argparse
import os
import random
import re
import subprocess
import sys
import tempfile

RESULT = re.compile(r"after (\d+) games: A: (\d+) wins, (\d+) losses, (\d+) draws")


def describe(program):
    """Name -> (default, min, max) of every parameter, from the program's
    own table (--search-param-list)."""
    out = subprocess.run([program, "--search-param-list"], stdout=subprocess.PIPE, text=True, check=True).stdout
    table = {}
    for line in out.splitlines():
        f = line.split()
        if len(f) >= 4 and f[1].lstrip("-").isdigit():
            table[f[0]] = (int(f[1]), int(f[2]), int(f[3]))
    return table


def book_lines(path):
    return [l.strip() for l in open(path, encoding="utf-8") if l.strip() and not l.startswith("#")]


def play_pairs(args, plus, minus, openings, seed):
    """A's points (0 to 2) a pair, on average over the pairs played from
    openings: A has plus, B has minus."""
    def engine(values):
        params = ",".join(f"{k}={v}" for k, v in values.items())
        cmd = f"{args.program} --xboard --nodes {args.nodes}"
        if args.data:
            cmd += f" --data-dir {args.data}"
        return cmd + (f" --search-param {params}" if params else "")
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("".join(o + "\n" for o in openings))
        book = f.name
    try:
        cmd = [args.program, "--match", "--variant", args.variant, "--engine", engine(plus), "--engine",
               engine(minus), "--games", str(2 * len(openings)), "--openings", book, "--concurrency", str(args.concurrency),
               "--st", "60", "--seed", str(seed)]
        if args.data:
            cmd[1:1] = ["--data-dir", args.data]
        out = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True).stdout
    finally:
        os.unlink(book)
    m = None
    for m in RESULT.finditer(out):
        pass
    if not m:
        sys.exit("spsa.py: the match gave no result:\n" + out[-2000:])
    wins, losses, draws = int(m.group(2)), int(m.group(3)), int(m.group(4))
    if wins + losses + draws != 2 * len(openings):
        sys.exit(f"spsa.py: the match played {wins + losses + draws} games of {2 * len(openings)}:\n" + out[-2000:])
    return (wins + 0.5 * draws) / len(openings)


def resume_point(path, steps):
    """The iteration and theta of the last line of a log, or None when the
    log is missing or empty; exits on a line that is not the log's."""
    try:
        lines = [l for l in open(path, encoding="utf-8") if l.strip()]
    except FileNotFoundError:
        return None
    if not lines:
        return None
    f = lines[-1].split()
    try:
        k = int(f[0])
        theta = dict((kv.split("=")[0], float(kv.split("=")[1])) for kv in f[2:])
    except (ValueError, IndexError):
        sys.exit(f"spsa.py: {path}:{len(lines)}: not a line of an spsa.py log: {lines[-1].strip()}")
    if set(theta) != set(steps):
        sys.exit(f"spsa.py: {path}:{len(lines)}: its parameters are {sorted(theta)}, not {sorted(steps)}")
    return k, theta


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--variant", required=True)
    ap.add_argument("--params", required=True, help="NAME[:STEP],...: the parameters and their perturbation")
    ap.add_argument("--iterations", type=int, default=200)
    ap.add_argument("--pairs", type=int, default=1, help="game pairs an iteration")
    ap.add_argument("--nodes", type=int, default=5000)
    ap.add_argument("--program", default=os.path.join(os.path.dirname(__file__), "..", "build", "ninjachess"))
    ap.add_argument("--data", default=None, help="data directory (default: the program's)")
    ap.add_argument("--book", default=None, help="openings (default: data/books/VARIANT.txt)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--concurrency", type=int, default=2)
    ap.add_argument("--a", type=float, default=0.3, help="step gain, in parameter steps per point of score")
    ap.add_argument("--log", default=None)
    ap.add_argument("--resume", action="store_true", help="go on from the last line of --log")
    args = ap.parse_args(argv)
    if args.resume and not args.log:
        sys.exit("spsa.py: --resume needs --log")
    if args.pairs < 1:
        sys.exit("spsa.py: --pairs must be 1 or more")

    table = describe(args.program)
    steps = {}
    for item in args.params.split(","):
        name, _, step = item.partition(":")
        if name not in table:
            sys.exit(f"spsa.py: no parameter is named '{name}'")
        lo, hi = table[name][1], table[name][2]
        steps[name] = float(step) if step else max(1.0, abs(table[name][0]) / 10)
    theta = {n: float(table[n][0]) for n in steps}
    start = 0
    if args.resume:
        at = resume_point(args.log, steps)
        if at:
            start, theta = at
    book = args.book or os.path.join(os.path.dirname(__file__), "..", "data", "books", args.variant + ".txt")
    openings = book_lines(book)
    rng = random.Random(args.seed)
    log = open(args.log, "a", encoding="utf-8") if args.log else None
    big_a = args.iterations / 10
    for k in range(args.iterations):
        ak = args.a / (k + 1 + big_a) ** 0.602
        ck = 1.0 / (k + 1) ** 0.101
        delta = {n: rng.choice((-1, 1)) for n in steps}

        def point(sign):
            out = {}
            for n in steps:
                lo, hi = table[n][1], table[n][2]
                v = round(theta[n] + sign * ck * delta[n] * steps[n])
                out[n] = min(hi, max(lo, v))
            return out
        plus, minus = point(1), point(-1)
        chosen = [openings[rng.randrange(len(openings))] for _ in range(args.pairs)]
        if k < start:
            continue  # drawn again so that a resumed run draws as the whole run would
        score = play_pairs(args, plus, minus, chosen, k)
        # score - 1 is the result of plus over minus, from -1 to +1
        for n in steps:
            lo, hi = table[n][1], table[n][2]
            theta[n] = min(hi, max(lo, theta[n] + ak * (score - 1) * delta[n] * steps[n] / ck))
        line = f"{k + 1} {score:.1f} " + " ".join(f"{n}={theta[n]:.1f}" for n in steps)
        if log:
            print(line, file=log, flush=True)
        if (k + 1) % 10 == 0 or k + 1 == args.iterations:
            print(line, flush=True)
    print("--search-param " + ",".join(f"{n}={round(theta[n])}" for n in steps))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
