#!/usr/bin/env python3
"""Mutation test of the suite: each mutation is a plausible one-line
mistake; it is applied to a copy of the tree, the tests that should catch
it are run, and the mutation is "caught" when at least one of them fails.
Prints one line per mutation and the count caught; exit status 1 when a
mutation survives (or no longer applies: its line was changed, so the
table needs updating).

usage: mutation_test.py [--only N,...] [--keep DIR]
Needs meson and ninja; builds in a temporary copy of the tree (git
archive of HEAD plus the working tree's changes are not included: commit
first).  Takes a few minutes on two cores."""
import os
import shutil
import subprocess
import sys
import tempfile

# (file, original text, mutated text, tests that must catch it, what it is)
MUTATIONS = [
    ("src/notation/pgn.c", "        if (*s == '\\\\' && s[1])\n", "        if (*s == '\\\\' && s[1] == '\\\\')\n",
     ["test_pgn"], "PGN tag reader unescapes only \\\\, not \\\""),
    ("src/files/safe_file.c", "    if (fsync(t->fd) != 0 || rename(t->tmp, path) != 0) {",
     "    if (rename(t->tmp, path) != 0) {", ["test_pgn"], "a saved file is renamed into place without fsync"),
    ("src/search/search.c", "int flag = best >= beta ? TT_LOWER : best > orig_alpha ? TT_EXACT : TT_UPPER;",
     "int flag = best >= beta ? TT_LOWER : best >= orig_alpha ? TT_EXACT : TT_UPPER;", ["test_search"],
     "a fail-low equal to alpha stored in the table as exact"),
    ("src/rules/position.c", "    p->halfmove = irreversible ? 0 : p->halfmove + 1;", "    p->halfmove = p->halfmove + 1;",
     ["test_position", "test_game", "test_gamerules"], "the 50-move count not reset by a capture or pawn move"),
    ("src/rules/game.c", "++reps >= 3)", "++reps >= 4)", ["test_game", "test_gamerules"],
     "a draw by repetition only at the fourth occurrence"),
    ("src/rules/gameclock.c", "    c->left[side] += c->inc;", "    c->left[side] += 0 * c->inc;",
     ["test_pgn", "test_game"], "the clock's increment never added"),
    ("src/notation/san.c", "    if (!same_file)\n        return snprintf(buf, (size_t)buflen, \"%c\", file);",
     "    if (!same_rank)\n        return snprintf(buf, (size_t)buflen, \"%c\", file);", ["test_san"],
     "SAN disambiguates by file when the file is shared"),
    ("src/search/see.c", "        gain[n] = taken - gain[n - 1];", "        gain[n] = taken + gain[n - 1];",
     ["test_see"], "the exchange evaluation adds what it should subtract"),
    ("src/rules/movegen.c", "            if (royal && castle_square_attacked(p, ksq, kto))\n                break;",
     "            if (royal && castle_square_attacked(p, ksq, kto) && n > 1)\n                break;",
     ["test_perft"], "castling through an attacked first square"),
    ("src/search/eval.c", "    e->forward[NC_BLACK] = -v->stride;", "    e->forward[NC_BLACK] = v->stride;",
     ["test_search", "test_eval_structure"], "the evaluation's forward step wrong for Black"),
    ("src/datafile/datafile_piece.c",
     "        if (strcmp(lib->defs[i].pt.name, l->w[1]) == 0 && strcmp(lib->defs[i].file, l->file) == 0)",
     "        if (strcmp(lib->defs[i].pt.name, l->w[1]) == 0 && strcmp(lib->defs[i].file, l->file) != 0)",
     ["test_datafile"], "a piece defined twice in one file accepted"),
    ("src/ui/ui_board.c", "    int row = u->flipped ? r : v->height - 1 - r;", "    int row = u->flipped ? v->height - 1 - r : r;",
     ["test_ui"], "the board drawn upside down"),
]


def run(cmd, cwd):
    return subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def main(argv):
    only = None
    keep = None
    if "--only" in argv:
        only = {int(x) for x in argv[argv.index("--only") + 1].split(",")}
    if "--keep" in argv:
        keep = argv[argv.index("--keep") + 1]
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    work = keep or tempfile.mkdtemp(prefix="nc-mutation-")
    if not os.path.exists(os.path.join(work, "meson.build")):
        archive = subprocess.run(["git", "archive", "HEAD"], cwd=root, stdout=subprocess.PIPE, check=True).stdout
        subprocess.run(["tar", "-x", "-C", work], input=archive, check=True)
    build = os.path.join(work, "build")
    if not os.path.exists(os.path.join(build, "build.ninja")):
        r = run(["meson", "setup", build], work)
        if r.returncode:
            print(r.stdout)
            return 2
    r = run(["ninja", "-C", build], work)
    if r.returncode:
        print(r.stdout[-3000:])
        return 2
    caught = survived = 0
    for i, (path, old, new, tests, what) in enumerate(MUTATIONS, 1):
        if only and i not in only:
            continue
        full = os.path.join(work, path)
        text = open(full, encoding="utf-8").read()
        if text.count(old) != 1:
            print(f"{i:2d} NO LONGER APPLIES  {path}: {what}")
            survived += 1
            continue
        open(full, "w", encoding="utf-8").write(text.replace(old, new))
        try:
            r = run(["ninja", "-C", build], work)
            if r.returncode:
                verdict = "caught (does not build)"
                caught += 1
            else:
                r = run(["meson", "test", "-C", build, "--no-rebuild"] + tests, work)
                if r.returncode:
                    verdict = "caught"
                    caught += 1
                else:
                    verdict = "SURVIVED"
                    survived += 1
        finally:
            open(full, "w", encoding="utf-8").write(text)
        print(f"{i:2d} {verdict:18s} {path}: {what} ({', '.join(tests)})", flush=True)
    run(["ninja", "-C", build], work)
    print(f"mutations: {caught} caught, {survived} not")
    if not keep:
        shutil.rmtree(work, ignore_errors=True)
    return 1 if survived else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
