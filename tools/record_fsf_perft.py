#!/usr/bin/env python3
"""Records perft numbers from Fairy-Stockfish for tests/fsf_perft/VARIANT.perft.

Runs the engine over UCI (UCI_Variant, "position startpos moves ...",
"go perft N"): perft from the start position and after a few lines of
random legal moves, each chosen from the engine's own "go perft 1" list with
a fixed seed, so that the same arguments always give the same file.  The
file format is read by tests/test_fsf_perft.sh:

    # <variant>: perft recorded from fairy-stockfish 11.1 (UCI_Variant <name>)
    line startpos
    perft 1 <nodes>
    line <coordinate moves separated by spaces>
    perft 1 <nodes>

usage: record_fsf_perft.py FSF_VARIANT OUR_VARIANT [--depth N] [--line-depth N]
           [--lines N] [--plies MIN-MAX] [--seed N] [--fixed "MOVES"]...
           [--engine PATH] [--out FILE]
--fixed adds a chosen line (for instance one that clears the way for
castling); each of its moves must be legal for the engine.
"""
import argparse
import random
import re
import subprocess
import sys


class Engine:
    """A Fairy-Stockfish process spoken to over UCI."""

    def __init__(self, path, variant):
        self.proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, bufsize=1)
        self.send("uci")
        self.name = "fairy-stockfish"
        for line in self.until("uciok"):
            if line.startswith("id name "):
                self.name = line[len("id name "):]
            if line.startswith("option name UCI_Variant ") and (" var %s " % variant) not in line + " ":
                sys.exit("record_fsf_perft: the engine has no UCI_Variant %s" % variant)
        self.send("setoption name UCI_Variant value " + variant)
        self.send("isready")
        list(self.until("readyok"))

    def send(self, text):
        self.proc.stdin.write(text + "\n")
        self.proc.stdin.flush()

    def until(self, last):
        """The engine's lines up to and including the one starting with last."""
        while True:
            line = self.proc.stdout.readline()
            if not line:
                sys.exit("record_fsf_perft: the engine ended while waiting for '%s'" % last)
            line = line.strip()
            yield line
            if line.startswith(last):
                return

    def perft(self, moves, depth):
        """(total nodes, {move: nodes}) of go perft depth after moves."""
        self.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
        self.send("go perft %d" % depth)
        divide = {}
        for line in self.until("Nodes searched:"):
            m = re.match(r"^(\S+): (\d+)$", line)
            if m and not line.startswith("Nodes"):
                divide[m.group(1)] = int(m.group(2))
        return int(line.split(":")[1]), divide

    def close(self):
        self.send("quit")
        self.proc.wait(timeout=10)


def random_line(engine, rng, plies):
    """A line of plies legal moves (shorter when a position has none)."""
    moves = []
    for _ in range(plies):
        _, divide = engine.perft(moves, 1)
        if not divide:
            break
        moves.append(rng.choice(sorted(divide)))
    return moves


def checked_line(engine, moves):
    """moves, after checking each one is legal (the engine would silently
    stop at an illegal one)."""
    for i, move in enumerate(moves):
        if move not in engine.perft(moves[:i], 1)[1]:
            sys.exit("record_fsf_perft: '%s' (move %d of --fixed '%s') is not legal" % (move, i + 1, " ".join(moves)))
    return moves


def main():
    ap = argparse.ArgumentParser(description="Record Fairy-Stockfish perft numbers for the test suite.")
    ap.add_argument("fsf_variant", help="Fairy-Stockfish's name of the variant (UCI_Variant)")
    ap.add_argument("variant", help="our name of the variant (the file's base name)")
    ap.add_argument("--depth", type=int, default=3, help="perft depths 1..N from the start (default 3)")
    ap.add_argument("--line-depth", type=int, default=None, help="depths 1..N after each line (default: --depth)")
    ap.add_argument("--lines", type=int, default=3, help="number of random lines (default 3)")
    ap.add_argument("--plies", default="8-20", help="length of each line, MIN-MAX plies (default 8-20)")
    ap.add_argument("--seed", type=int, default=1, help="seed of the move choice (default 1)")
    ap.add_argument("--fixed", action="append", default=[], help="a chosen line of moves (repeatable)")
    ap.add_argument("--engine", default="/usr/games/fairy-stockfish")
    ap.add_argument("--out", help="output file (default tests/fsf_perft/VARIANT.perft)")
    a = ap.parse_args()
    lo, hi = (int(x) for x in a.plies.split("-"))
    line_depth = a.line_depth or a.depth
    out = a.out or "tests/fsf_perft/%s.perft" % a.variant

    engine = Engine(a.engine, a.fsf_variant)
    version = engine.name.split()[1] if len(engine.name.split()) > 1 else "?"
    rng = random.Random(a.seed)
    text = ["# %s: perft recorded from fairy-stockfish %s (UCI_Variant %s)" % (a.variant, version, a.fsf_variant),
            "# tools/record_fsf_perft.py %s %s --depth %d --line-depth %d --lines %d --plies %s --seed %d%s"
            % (a.fsf_variant, a.variant, a.depth, line_depth, a.lines, a.plies, a.seed,
               "".join(" --fixed '%s'" % f for f in a.fixed))]
    lines = [([], a.depth)] + [(random_line(engine, rng, rng.randint(lo, hi)), line_depth) for _ in range(a.lines)]
    lines += [(checked_line(engine, f.split()), line_depth) for f in a.fixed]
    for moves, depth in lines:
        text.append("line " + (" ".join(moves) if moves else "startpos"))
        for d in range(1, depth + 1):
            text.append("perft %d %d" % (d, engine.perft(moves, d)[0]))
    engine.close()
    with open(out, "w") as f:
        f.write("\n".join(text) + "\n")
    print("%s: %d lines" % (out, len(lines)))


if __name__ == "__main__":
    main()
