#!/usr/bin/env python3
"""Compares ninjachess with refchess.py on random positions of every variant
configuration: the full --moves lists, and perft 2 on some of them.

usage: crosscheck.py PATH/TO/ninjachess [--seed N] [--games N] [--depth N] [--perft-share F]
Prints every difference and a closing line "N checked, N mismatches";
exits 1 when there is any mismatch."""
import argparse
import os
import random
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REF = [sys.executable, os.path.join(HERE, "refchess.py")]

CONFIGS = [
    ("chess", []),
    ("capablanca", []),
    ("titan-chess", []),
    ("stealth-ninja", []),
    ("stealth-ninja", ["--setup", "second"]),
    ("stealth-ninja", ["--option", "insane-ninja,scepter"]),
    ("flying-warmachines", []),
    ("chess-titan-rooks", []),
    ("titan-chess-titans", []),
    ("chess", ["--titans", "rook,knight,bishop,queen,pawn"]),
    ("stealth-ninja", ["--option", "insane-ninja,scepter", "--titans",
                       "ninja-warrior,ninja-guard,stealth-gryphon,pawn,ninja-pawn"]),
    ("flying-warmachines", ["--titans", "flying-warmachine,flying-warelephant,ninja-pawn,rook"]),
    ("titan-chess", ["--titans", "flying-bomber,raptor,quad-bomber,quad-raptor,ninja-pawn,pawn"]),
]


def run(cmd):
    r = subprocess.run(cmd, capture_output=True, text=True)
    return r.stdout, r.stderr, r.returncode


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("ninjachess")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--games", type=int, default=5)
    ap.add_argument("--depth", type=int, default=2, help="perft depth compared")
    ap.add_argument("--perft-share", type=float, default=0.3, help="share of positions also compared by perft")
    args = ap.parse_args()
    nc = [args.ninjachess]
    random.seed(args.seed)
    checked = mismatches = 0
    for name, extra in CONFIGS:
        base = ["--variant", name] + extra
        for _ in range(args.games):
            moves = []
            for _ in range(random.randint(0, 60)):
                out, _, _ = run(nc + base + ["--play"] + moves + ["--moves"])
                legal = out.split()
                if not legal:
                    break
                # lean towards moves that remove pieces, to reach pushes,
                # crushes, promotions and endgames
                removing = [m for m in legal if any(c in m for c in "x^%:=")]
                pool = removing if removing and random.random() < 0.4 else legal
                moves.append(random.choice(pool))
            query = base + ["--play"] + moves
            a, ea, ra = run(nc + query + ["--moves"])
            b, eb, rb = run(REF + query + ["--moves"])
            checked += 1
            if a != b or ra != rb:
                mismatches += 1
                sa, sb = set(a.split()), set(b.split())
                print("MISMATCH", " ".join(query))
                print("  only ninjachess:", sorted(sa - sb), ea.strip())
                print("  only reference: ", sorted(sb - sa), eb.strip())
                continue
            if random.random() < args.perft_share:
                a, _, _ = run(nc + query + ["--perft", str(args.depth)])
                b, _, _ = run(REF + query + ["--perft", str(args.depth)])
                if a.split()[-1:] != b.split()[-1:]:
                    mismatches += 1
                    print("PERFT MISMATCH", " ".join(query), a.split()[-1:], b.split()[-1:])
    print(f"{checked} checked, {mismatches} mismatches")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
