#!/usr/bin/env python3
"""SPSA tuning of the search's named constants (src/search/params.h) by
fixed-node game pairs of the match tool.

Each iteration draws a random sign for every parameter, plays one game
pair (colours swapped, one opening of the variant's book) between the
program with theta + c*delta and the program with theta - c*delta, and
moves theta along the result: the usual simultaneous-perturbation rule
with gains a_k = a / (k + 1 + A)^0.602 and c_k = c / (k + 1)^0.101,
each parameter scaled by its own step.  Fixed nodes make each pair the
same whatever the machine's load, so a run can share the machine.

usage: spsa.py --variant V --params NAME[:STEP],... [--iterations N]
               (STEP: the perturbation; default a tenth of the default value)
               [--nodes N] [--program PATH] [--data DIR] [--seed N]
               [--concurrency N] [--log FILE]

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


def play_pair(args, plus, minus, opening, seed):
    """A's points (0 to 2) in one pair: A has plus, B has minus."""
    def engine(values):
        params = ",".join(f"{k}={v}" for k, v in values.items())
        cmd = f"{args.program} --xboard --nodes {args.nodes}"
        if args.data:
            cmd += f" --data-dir {args.data}"
        return cmd + (f" --search-param {params}" if params else "")
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write(opening + "\n")
        book = f.name
    try:
        cmd = [args.program, "--match", "--variant", args.variant, "--engine", engine(plus), "--engine",
               engine(minus), "--games", "2", "--openings", book, "--concurrency", str(args.concurrency),
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
    return wins + 0.5 * draws


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--variant", required=True)
    ap.add_argument("--params", required=True, help="NAME[:STEP],...: the parameters and their perturbation")
    ap.add_argument("--iterations", type=int, default=200)
    ap.add_argument("--nodes", type=int, default=5000)
    ap.add_argument("--program", default=os.path.join(os.path.dirname(__file__), "..", "build", "ninjachess"))
    ap.add_argument("--data", default=None, help="data directory (default: the program's)")
    ap.add_argument("--book", default=None, help="openings (default: data/books/VARIANT.txt)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--concurrency", type=int, default=2)
    ap.add_argument("--a", type=float, default=0.3, help="step gain, in parameter steps per point of score")
    ap.add_argument("--log", default=None)
    args = ap.parse_args(argv)

    table = describe(args.program)
    steps = {}
    for item in args.params.split(","):
        name, _, step = item.partition(":")
        if name not in table:
            sys.exit(f"spsa.py: no parameter is named '{name}'")
        lo, hi = table[name][1], table[name][2]
        steps[name] = float(step) if step else max(1.0, abs(table[name][0]) / 10)
    theta = {n: float(table[n][0]) for n in steps}
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
        score = play_pair(args, plus, minus, openings[rng.randrange(len(openings))], k)
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
