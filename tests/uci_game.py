#!/usr/bin/env python3
"""Plays one game (of chess unless told) between `ninjachess --uci` and Fairy-Stockfish,
relaying moves between the two UCI engines at a short movetime, and fails
unless every move either engine gives is legal.  Legality is judged by the
rules core through `ninjachess --fen FEN --moves`, with the position text
taken from Fairy-Stockfish (its "d" command), so neither side's move
reading is trusted.  The game ends by mate or stalemate (bestmove (none),
confirmed by the rules core), a threefold repetition, or a ply limit.
Skipped (status 77) when Fairy-Stockfish is not installed.  With
NC_TEST_LIGHT set (tests/README.md) the ply limit is an eighth of
MAX_PLIES: the sanitizer run checks the same exchanges on a shorter game.

usage: uci_game.py PATH/TO/ninjachess DATA_DIR [VARIANT [MAX_PLIES]]
(VARIANT: a UCI_Variant both engines know, then :OUR-NAME when the
rules core names it otherwise, as in amazon:amazon-chess; default chess)
"""
import os
import re
import select
import shutil
import subprocess
import sys
import time

MOVETIME_MS = 40
REPLY_SECONDS = 10  # the longest wait for one answer line


def find_fsf():
    path = shutil.which("fairy-stockfish")
    if not path and os.access("/usr/games/fairy-stockfish", os.X_OK):
        path = "/usr/games/fairy-stockfish"  # Debian's place, often not in PATH
    return path


class Engine:
    def __init__(self, name, argv):
        self.name = name
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.info_strings = []
        self.buf = b""  # read with os.read: select() cannot see a file object's buffer

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def expect(self, pattern):
        """Lines up to the first matching pattern; fails after REPLY_SECONDS."""
        end = time.monotonic() + REPLY_SECONDS
        fd = self.proc.stdout.fileno()
        while True:
            while b"\n" not in self.buf:
                left = end - time.monotonic()
                ready, _, _ = select.select([fd], [], [], max(left, 0))
                if not ready:
                    raise RuntimeError(f"{self.name}: no line matching {pattern!r} within {REPLY_SECONDS} s")
                chunk = os.read(fd, 65536)
                if not chunk:
                    raise RuntimeError(f"{self.name}: output ended while waiting for {pattern!r}")
                self.buf += chunk
            raw, self.buf = self.buf.split(b"\n", 1)
            line = raw.decode(errors="replace")
            if line.startswith("info string"):
                self.info_strings.append(line)
            m = re.match(pattern, line)
            if m:
                return m

    def start(self):
        self.send("uci")
        self.expect(r"uciok$")
        self.send("isready")
        self.expect(r"readyok$")

    def quit(self):
        try:
            self.send("quit")
            self.proc.wait(timeout=5)
        except (BrokenPipeError, subprocess.TimeoutExpired):
            self.proc.kill()
        return self.proc.returncode


def coord(text):
    """Our move text (e2-e4, e4-d5xd5, e1-g1,h1-f1, e7-e8=Q, P@e4) in coordinates."""
    if re.fullmatch(r"[A-Z]@[a-z][0-9]+", text):
        return text
    m = re.match(r"([a-z][0-9]+)-([a-z][0-9]+)[^=]*(?:=([A-Z]))?", text)
    return m.group(1) + m.group(2) + (m.group(3) or "").lower()


def legal_moves(nc, data, variant, fen):
    out = subprocess.run([nc, "--data-dir", data, "--variant", variant, "--fen", fen, "--moves"],
                         capture_output=True, text=True, check=True).stdout
    return {coord(t) for t in out.split()}


def main():
    nc, data = sys.argv[1], sys.argv[2]
    variant, _, ours_name = (sys.argv[3] if len(sys.argv) > 3 else "chess").partition(":")
    ours_name = ours_name or variant
    max_plies = int(sys.argv[4]) if len(sys.argv) > 4 else 200
    if os.environ.get("NC_TEST_LIGHT", "0") not in ("", "0"):
        max_plies //= 8
    fsf_path = find_fsf()
    if not fsf_path:
        print("fairy-stockfish is not installed: skipped")
        return 77
    ours = Engine("ninjachess", [nc, "--data-dir", data, "--uci"])
    fsf = Engine("fairy-stockfish", [fsf_path])
    engines = [ours, fsf]
    for e in engines:
        e.start()
        e.send("setoption name UCI_Variant value " + variant)
        e.send("ucinewgame")
    moves, seen, result = [], {}, None
    while result is None:
        fsf.send("position startpos moves " + " ".join(moves))
        fsf.send("d")
        fen = fsf.expect(r"Fen: (.*)$").group(1)
        legal = legal_moves(nc, data, ours_name, fen)
        key = " ".join(fen.split()[:4])
        seen[key] = seen.get(key, 0) + 1
        if seen[key] == 3:
            result = "draw by threefold repetition"
            break
        if len(moves) >= max_plies:
            result = f"stopped at the limit of {max_plies} plies"
            break
        mover = engines[len(moves) % 2]
        mover.send("position startpos moves " + " ".join(moves))
        mover.send(f"go movetime {MOVETIME_MS}")
        best = mover.expect(r"bestmove (\S+)").group(1)
        if best in ("(none)", "0000"):
            if legal:
                print(f"FAIL {mover.name} gave no move at ply {len(moves) + 1} in {fen} "
                      f"with {len(legal)} legal moves")
                return 1
            result = f"{mover.name} has no move (mate or stalemate)"
            break
        if best not in legal:
            print(f"FAIL {mover.name} played illegal {best} at ply {len(moves) + 1} in {fen}")
            return 1
        moves.append(best)
    status = [e.quit() for e in engines]
    print(f"{variant}, {len(moves)} plies: {result}")
    print("moves: " + " ".join(moves))
    if ours.info_strings:
        print("FAIL ninjachess complained:\n" + "\n".join(ours.info_strings))
        return 1
    if status[0] != 0:
        print(f"FAIL ninjachess exit status {status[0]}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
