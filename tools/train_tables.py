#!/usr/bin/env python3
"""Fits a variant's piece values and middlegame and endgame square tables
to self-play positions (doc/tuning.md, "tools/train_tables.py").

Reads a `ninjachess --datagen` file (doc/data-files.md, "Self-play
positions"), asks the program for every position's evaluation and game
phase (`--eval-terms`) and for the values and tables its evaluation uses
now (`--eval-tables`), and fits a change to each piece value and to each
(piece type, square) entry of the two tables, the other weights held as
they are.  The evaluation moves with those numbers linearly:
    S = SCORE + sum over the pieces on the board of
          side * (dvalue[t] * titan + dmg[t][sq] * phase + deg[t][sq] * (1 - phase))
        + sum over pieces in hand of side * count * dvalue[t] * hand-percent / 100
(SCORE: the evaluation now, White's view; sq from the owner's side, so one
table serves both colours).  The target of a position blends the search's
score and the game's result, lambda * sigmoid(K * SEARCH) + (1 - lambda) *
RESULT, with sigmoid(x) = 1 / (1 + 10^(-x / 400)) and K fitted first (the
search scores against the results); the fit minimises the cross-entropy of
sigmoid(K * S) against the targets plus a ridge on the changes, by Adam
over full batches.  Whole games are held out (--holdout, chosen with
--seed) and their loss reported before and after.  Writes a weights file
with every weight as it was and the table section (doc/data-files.md,
"Learned tables"); its header comment records the data, the settings and
the losses.

Needs numpy (Debian: python3-numpy); CPU only.
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time

try:
    import numpy as np
except ImportError:  # the test suite skips when numpy is absent
    sys.stderr.write("train_tables.py: needs numpy (Debian: apt-get install python3-numpy)\n")
    sys.exit(77)

LN10 = np.log(10.0)


class TrainError(Exception):
    pass


def parse_args(argv):
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap = argparse.ArgumentParser(description="fit piece values and square tables to --datagen positions")
    ap.add_argument("data", help="a --datagen file")
    ap.add_argument("--program", default=os.environ.get("NINJACHESS", os.path.join(root, "build", "ninjachess")))
    ap.add_argument("--data-dir", default=None, help="the program's --data-dir (default: its own)")
    ap.add_argument("--max-positions", type=int, default=0, help="use the first N records (0: all)")
    ap.add_argument("--skip-plies", type=int, default=0, help="leave out positions before this ply")
    ap.add_argument("--holdout", type=float, default=0.1, help="share of the games held out (default 0.1)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--lambda", dest="lam", type=float, default=0.5,
                    help="weight of the search score in the target, the rest the result (default 0.5)")
    ap.add_argument("--epochs", type=int, default=400)
    ap.add_argument("--lr", type=float, default=2.0, help="Adam step, centipawns (default 2)")
    ap.add_argument("--ridge", type=float, default=1e-2,
                    help="times the sum of the squared changes in pawns added to the loss (default 1e-2)")
    ap.add_argument("--no-values", action="store_true", help="fit the tables only, the values as they are")
    ap.add_argument("--out", help="write the weights file here")
    opts = ap.parse_args(argv)
    if not 0 <= opts.lam <= 1:
        ap.error("--lambda must be in 0..1")
    if not 0 < opts.holdout < 1:
        ap.error("--holdout must be between 0 and 1")
    return opts


def read_data(path, max_positions, skip_plies):
    """The header's settings and the records: texts, scores, results, games."""
    texts, scores, results, games = [], [], [], []
    header = None
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if n == 1:
                w = line.split()
                if len(w) != 11 or w[:3] != ["#", "ninjachess", "datagen:"]:
                    raise TrainError(f"{path}:1: not a --datagen file's first line")
                header = {w[i]: w[i + 1] for i in range(3, 11, 2)}
                continue
            if line.startswith("#"):
                continue
            f5 = line.rstrip("\n").split(" | ")
            if len(f5) != 5:
                raise TrainError(f"{path}:{n}: a record is 'TEXT | SCORE | RESULT | PLY | GAME'")
            try:
                score, result, ply, game = int(f5[1]), float(f5[2]), int(f5[3]), int(f5[4])
            except ValueError:
                raise TrainError(f"{path}:{n}: a record is 'TEXT | SCORE | RESULT | PLY | GAME'") from None
            if ply < skip_plies:
                continue
            texts.append(f5[0])
            scores.append(score)
            results.append(result)
            games.append(game)
            if max_positions and len(texts) >= max_positions:
                break
    if header is None or not texts:
        raise TrainError(f"{path}: no positions")
    return header, texts, np.array(scores, float), np.array(results, float), np.array(games)


def program_args(opts, header, data_dir=None):
    a = [opts.program, "--variant", header["variant"]]
    for key, flag in (("setup", "--setup"), ("option", "--option"), ("titans", "--titans")):
        if header.get(key, "-") != "-":
            a += [flag, header[key]]
    d = data_dir or opts.data_dir
    if d:
        a += ["--data-dir", d]
    return a


def run(args, what):
    p = subprocess.run(args, capture_output=True, text=True)
    if p.returncode:
        raise TrainError(f"{' '.join(args[:1])} {what} failed: {p.stderr.strip()[:400]}")
    return p.stdout


def eval_terms(opts, header, texts, data_dir=None):
    """Per position: the evaluation (White's view) and the phase (0..256);
    and the weights used, as (name, value)."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("\n".join(texts) + "\n")
        name = f.name
    try:
        out = run(program_args(opts, header, data_dir) + ["--eval-terms", name], "--eval-terms")
    finally:
        os.unlink(name)
    weights, score, phase = [], [], []
    for line in out.splitlines():
        w = line.split(" ", 7)
        if w[0] == "weight":
            weights.append((w[1], int(w[2])))
        elif w[0] == "pos":
            phase.append(int(w[5]))
            score.append(int(w[6]))
    if len(score) != len(texts):
        raise TrainError(f"--eval-terms gave {len(score)} positions for {len(texts)}")
    return weights, np.array(score, float), np.array(phase, float)


def eval_tables(opts, header):
    """The pieces (name, letter, flags), values and tables in use, and the board's size."""
    out = run(program_args(opts, header) + ["--eval-tables"], "--eval-tables")
    pieces, values, tables = [], {}, {}
    lines = out.splitlines()
    i = 0
    width = height = None
    while i < len(lines):
        w = lines[i].split()
        if w[:2] == ["#", "piece"]:
            pieces.append({"name": w[2], "letter": w[3], "royal": "royal" in w[4:], "titan": "titan" in w[4:]})
        elif w and w[0] == "value":
            values[w[1]] = int(w[2])
        elif w and w[0] == "table":
            width, height = map(int, w[3].split("x"))
            rows = [r.split() for r in lines[i + 1:i + 1 + height]]
            tables[(w[1], w[2])] = rows  # top rank first, '.' off the board
            i += height
        i += 1
    return pieces, values, tables, width, height


def board_features(texts, letters, width, height):
    """Per position the pieces on the board (position index, type, square
    from the owner's view, side) and in hand (position, type, side, count)."""
    pos_i, typ, sq, side = [], [], [], []
    hpos, htyp, hside = [], [], []
    for n, text in enumerate(texts):
        board = text.split(" ", 1)[0]
        hand = ""
        if "[" in board:
            board, hand = board.split("[", 1)
            hand = hand.rstrip("]")
        rows = board.split("/")
        if len(rows) != height:
            raise TrainError(f"position {n + 1}: {len(rows)} ranks, the board has {height}")
        for r, row in enumerate(rows):
            rank = height - 1 - r
            f = 0
            k = 0
            while k < len(row):
                c = row[k]
                if c.isdigit():
                    j = k
                    while j < len(row) and row[j].isdigit():
                        j += 1
                    f += int(row[k:j])
                    k = j
                    continue
                if c == "*":
                    f += 1
                elif c in letters:
                    white = c.isupper()
                    pos_i.append(n)
                    typ.append(letters[c])
                    sq.append((rank if white else height - 1 - rank) * width + f)
                    side.append(1 if white else -1)
                    f += 1
                else:
                    raise TrainError(f"position {n + 1}: '{c}' is no piece of the variant")
                k += 1
            if f != width:
                raise TrainError(f"position {n + 1}: a rank of {f} squares, the board has {width} files")
        for c in hand:
            if c not in letters:
                raise TrainError(f"position {n + 1}: '{c}' in hand is no piece of the variant")
            hpos.append(n)
            htyp.append(letters[c])
            hside.append(1 if c.isupper() else -1)
    return (np.array(pos_i), np.array(typ), np.array(sq), np.array(side, float),
            np.array(hpos, dtype=int), np.array(htyp, dtype=int), np.array(hside, float))


def sigmoid(x):
    return 1.0 / (1.0 + np.power(10.0, -np.clip(x, -4000, 4000) / 400.0))


def cross_entropy(p, y):
    p = np.clip(p, 1e-9, 1 - 1e-9)
    return float(np.mean(-(y * np.log(p) + (1 - y) * np.log(1 - p))))


def fit_k(search, result):
    """K minimising the cross-entropy of sigmoid(K * search) against the results (golden section)."""
    lo, hi = 0.05, 5.0
    g = (5 ** 0.5 - 1) / 2
    for _ in range(60):
        a, b = hi - g * (hi - lo), lo + g * (hi - lo)
        if cross_entropy(sigmoid(a * search), result) < cross_entropy(sigmoid(b * search), result):
            hi = b
        else:
            lo = a
    return (lo + hi) / 2


class Model:
    """The change to the evaluation: dvalue per type, dmg and deg per (type, square)."""

    def __init__(self, npos, ntypes, nsq, feats, phase, titan, hand_share, fit_values):
        pos_i, typ, sq, side, hpos, htyp, hside = feats
        self.npos, self.ntypes, self.nsq = npos, ntypes, nsq
        self.pos_i = pos_i
        self.cell = typ * nsq + sq
        ph = phase[pos_i] / 256.0
        self.w_mg = side * ph
        self.w_eg = side * (1 - ph)
        self.typ = typ
        self.w_val = side * titan[typ]
        self.hpos, self.htyp, self.w_hand = hpos, htyp, hside * hand_share
        self.fit_values = fit_values
        self.params = np.zeros(ntypes + 2 * ntypes * nsq)

    def split(self, p):
        t, c = self.ntypes, self.ntypes * self.nsq
        return p[:t], p[t:t + c], p[t + c:]

    def delta(self, p):
        dv, dmg, deg = self.split(p)
        d = np.bincount(self.pos_i, weights=self.w_mg * dmg[self.cell] + self.w_eg * deg[self.cell]
                        + self.w_val * dv[self.typ], minlength=self.npos)
        if len(self.hpos):
            d += np.bincount(self.hpos, weights=self.w_hand * dv[self.htyp], minlength=self.npos)
        return d

    def grad(self, g):
        """The gradient of sum(g * delta) over the parameters."""
        gp = g[self.pos_i]
        n = self.ntypes * self.nsq
        gmg = np.bincount(self.cell, weights=gp * self.w_mg, minlength=n)
        geg = np.bincount(self.cell, weights=gp * self.w_eg, minlength=n)
        gv = np.bincount(self.typ, weights=gp * self.w_val, minlength=self.ntypes)
        if len(self.hpos):
            gv = gv + np.bincount(self.htyp, weights=g[self.hpos] * self.w_hand, minlength=self.ntypes)
        if not self.fit_values:
            gv = gv * 0
        return np.concatenate([gv, gmg, geg])


def train(model, base, target, k, train_idx, opts, log):
    """Adam on the mean cross-entropy of the training positions plus the ridge."""
    p = model.params
    m = np.zeros_like(p)
    v = np.zeros_like(p)
    b1, b2, eps = 0.9, 0.999, 1e-8
    mask = np.zeros(model.npos)
    mask[train_idx] = 1.0 / len(train_idx)
    for epoch in range(1, opts.epochs + 1):
        s = base + model.delta(p)
        q = sigmoid(k * s)
        # d(cross-entropy)/d(S) = (q - y) * K * ln(10) / 400
        g = model.grad((q - target) * k * LN10 / 400.0 * mask) + 2 * opts.ridge * p / 1e4
        m = b1 * m + (1 - b1) * g
        v = b2 * v + (1 - b2) * g * g
        mh = m / (1 - b1 ** epoch)
        vh = v / (1 - b2 ** epoch)
        p -= opts.lr * mh / (np.sqrt(vh) + eps)
        if epoch % 50 == 0 or epoch == opts.epochs:
            log(f"epoch {epoch}: training loss {cross_entropy(q[train_idx], target[train_idx]):.6f}")
    model.params = p


def format_file(opts, header, weights, pieces, values, tables, width, height, model, notes):
    dv, dmg, deg = model.split(np.round(model.params))
    out = [f"# {header['variant']}: evaluation weights (doc/data-files.md) with learned piece values and",
           "# square tables, fitted by tools/train_tables.py (doc/tuning.md):"]
    out += ["# " + n for n in notes]
    out += [f"{name} {value}" for name, value in weights]
    for t, pc in enumerate(pieces):
        name = pc["name"]
        if not pc["royal"] and name in values:
            out.append(f"value {name} {int(min(20000, max(0, values[name] + dv[t])))}")
        for half, d in (("mg", dmg), ("eg", deg)):
            out.append(f"table {name} {half} {width}x{height}")
            rows = tables[(name, half)]
            for r, row in enumerate(rows):
                rank = height - 1 - r
                cells = []
                for f, cell in enumerate(row):
                    if cell == ".":
                        cells.append(".")
                    else:
                        x = int(cell) + int(d[t * width * height + rank * width + f])
                        cells.append(str(min(2000, max(-2000, x))))
                out.append(" ".join(cells))
    return "\n".join(out) + "\n"


def verify(opts, header, texts, held_idx, k, target, log):
    """The held-out loss with the program's own evaluation under the file
    written (not the linear model's): the two differ by the rounding of
    the tables and the terms that are not linear (the draw scaling)."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    with tempfile.TemporaryDirectory() as d:
        os.mkdir(os.path.join(d, "variants"))
        with open(opts.out, encoding="utf-8") as src, \
                open(os.path.join(d, "variants", header["variant"] + ".eval"), "w", encoding="utf-8") as dst:
            dst.write(src.read())
        data_dir = d + ":" + (opts.data_dir or os.path.join(root, "data"))
        _, score, _ = eval_terms(opts, header, [texts[i] for i in held_idx], data_dir)
    log(f"held-out loss with the program's evaluation under {opts.out}: "
        f"{cross_entropy(sigmoid(k * score), target[held_idx]):.6f}")


def main(argv):
    opts = parse_args(argv)
    t0 = time.time()

    def log(msg):
        print(f"[{time.time() - t0:7.1f} s] {msg}", flush=True)

    header, texts, search, result, games = read_data(opts.data, opts.max_positions, opts.skip_plies)
    log(f"{len(texts)} positions of {len(set(games.tolist()))} games from {opts.data} ({header['variant']})")
    pieces, values, tables, width, height = eval_tables(opts, header)
    weights, base, phase = eval_terms(opts, header, texts)
    log("evaluated by the program")
    wd = dict(weights)
    letters = {}
    for t, pc in enumerate(pieces):
        letters[pc["letter"].upper()] = t
        letters[pc["letter"].lower()] = t
    titan = np.array([1 + (wd.get("titan-percent", 0) / 100.0 if pc["titan"] else 0) for pc in pieces])
    hand_share = wd.get("hand-percent", 100) / 100.0
    feats = board_features(texts, letters, width, height)
    log(f"{len(feats[0])} pieces on the board, {len(feats[4])} in hand")

    rng = np.random.default_rng(opts.seed)
    ugames = np.unique(games)
    held = set(rng.choice(ugames, size=max(1, int(round(len(ugames) * opts.holdout))), replace=False).tolist())
    is_held = np.array([g in held for g in games.tolist()])
    train_idx, held_idx = np.nonzero(~is_held)[0], np.nonzero(is_held)[0]
    if not len(train_idx) or not len(held_idx):
        raise TrainError("too few games to hold some out")

    k = fit_k(search[train_idx], result[train_idx])
    target = opts.lam * sigmoid(k * search) + (1 - opts.lam) * result
    model = Model(len(texts), len(pieces), width * height, feats, phase, titan, hand_share, not opts.no_values)

    def losses(params):
        s = base + model.delta(params)
        q = sigmoid(k * s)
        return cross_entropy(q[train_idx], target[train_idx]), cross_entropy(q[held_idx], target[held_idx])

    before = losses(model.params)
    log(f"K {k:.4f}; loss before: training {before[0]:.6f}, held out {before[1]:.6f} "
        f"({len(train_idx)} and {len(held_idx)} positions)")
    train(model, base, target, k, train_idx, opts, log)
    after = losses(np.round(model.params))  # the whole numbers the file will hold
    log(f"loss after (rounded): training {after[0]:.6f}, held out {after[1]:.6f}")
    log(f"held-out loss {before[1]:.6f} -> {after[1]:.6f}")
    dv = model.split(np.round(model.params))[0]
    for t, pc in enumerate(pieces):
        if not pc["royal"] and pc["name"] in values and dv[t]:
            log(f"value {pc['name']} {values[pc['name']]} -> {values[pc['name']] + int(dv[t])}")
    if opts.out:
        notes = [f"data {os.path.basename(opts.data)}: {len(texts)} positions of {len(ugames)} games"
                 f" ({len(train_idx)} fitted, {len(held_idx)} of {len(held)} games held out), seed {opts.seed}",
                 f"lambda {opts.lam} (search score against result), K {k:.4f}, epochs {opts.epochs},"
                 f" lr {opts.lr}, ridge {opts.ridge}{', values as they were' if opts.no_values else ''}",
                 f"cross-entropy, training {before[0]:.6f} -> {after[0]:.6f},"
                 f" held out {before[1]:.6f} -> {after[1]:.6f}",
                 "the other weights as they were (below)"]
        with open(opts.out, "w", encoding="utf-8") as f:
            f.write(format_file(opts, header, weights, pieces, values, tables, width, height, model, notes))
        log(f"wrote {opts.out}")
        verify(opts, header, texts, held_idx, k, target, log)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except TrainError as e:
        sys.stderr.write(f"train_tables.py: {e}\n")
        sys.exit(1)
