#!/usr/bin/env python3
"""Trains a variant's neural evaluation (doc/tuning.md, "Neural networks")
from the positions of a `ninjachess --datagen` file, and writes the net
file the program reads (doc/data-files.md, "Networks").

The program gives the inputs (`--nnue-features`), so the features here are
the program's own.  One hidden layer of --hidden sums over the features of
each side's view (the same weights for both), clipped to 0..1, then one
output from the side to move's view and the other's; the output times
--scale is the score in centipawns for the side to move.  The target of a
position blends the search's score and the game's result:
    lambda * sigmoid(SEARCH) + (1 - lambda) * RESULT,
sigmoid(x) = 1 / (1 + 10^(-x / 400)), both from the side to move's view;
the loss is the squared difference from sigmoid(OUTPUT * scale).  Whole
games are not told apart in the file's feature records, so a share of the
positions (--holdout, chosen by --seed) is held out and its loss reported.

The weights are rounded as the program holds them: inputs and biases times
255 (int16), output weights times 64 (int16), the output bias times
255 * 64 (int32); the header comment of the log records the data, sizes,
seed, epochs and losses.

Needs PyTorch and numpy (Debian: python3-torch, python3-numpy; installed by
tools/setup-training), CPU only.  The test suite does not need it.
"""
import argparse
import os
import struct
import subprocess
import sys
import time

try:
    import numpy as np
    import torch
except ImportError:
    sys.stderr.write("train_nnue.py: needs PyTorch and numpy (tools/setup-training installs them)\n")
    sys.exit(77)

QA, QB = 255, 64
MAGIC = b"NCNNUE\r\n"
VERSION = 1


class TrainError(Exception):
    pass


def parse_args(argv):
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap = argparse.ArgumentParser(description="train a neural evaluation from --datagen positions")
    ap.add_argument("data", help="a --datagen file")
    ap.add_argument("--program", default=os.environ.get("NINJACHESS", os.path.join(root, "build", "ninjachess")))
    ap.add_argument("--data-dir", default=None, help="the program's --data-dir (default: its own)")
    ap.add_argument("--hidden", type=int, default=256, help="hidden sums, 16 to 1024 in steps of 16 (default 256)")
    ap.add_argument("--epochs", type=int, default=8)
    ap.add_argument("--batch", type=int, default=4096)
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--lambda", dest="lam", type=float, default=0.5,
                    help="weight of the search score in the target, the rest the result (default 0.5)")
    ap.add_argument("--scale", type=int, default=400, help="centipawns per unit of output (default 400)")
    ap.add_argument("--holdout", type=float, default=0.05, help="share of the positions held out (default 0.05)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--out", required=True, help="the net file to write")
    a = ap.parse_args(argv)
    if a.hidden < 16 or a.hidden > 1024 or a.hidden % 16:
        ap.error("--hidden must be 16 to 1024 in steps of 16")
    return a


def log(t0, msg):
    sys.stderr.write("[%7.1f s] %s\n" % (time.time() - t0, msg))
    sys.stderr.flush()


def header_of(path):
    """The variant and its options from the data file's first line."""
    with open(path, encoding="utf-8") as f:
        first = f.readline().split()
    if first[:3] != ["#", "ninjachess", "datagen:"]:
        raise TrainError("%s: not a --datagen file (no header line)" % path)
    kv = dict(zip(first[3::2], first[4::2]))
    return kv.get("variant"), kv.get("setup", "-"), kv.get("option", "-"), kv.get("titans", "-")


def read_features(args, t0):
    variant, setup, option, titans = header_of(args.data)
    cmd = [args.program, "--variant", variant, "--nnue-features", args.data]
    if args.data_dir:
        cmd += ["--data-dir", args.data_dir]
    if setup != "-":
        cmd += ["--setup", setup]
    if option != "-":
        cmd += ["--option", option]
    if titans != "-":
        cmd += ["--titans", titans]
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if r.returncode:
        raise TrainError("%s failed: %s" % (" ".join(cmd), r.stderr.decode(errors="replace").strip()))
    b = r.stdout
    if b[:8] != b"NCFEAT1\n":
        raise TrainError("--nnue-features wrote no feature records")
    nfeat, width, height, ntypes = struct.unpack_from("<4I", b, 8)
    pos = 24
    scores, results, sides, idx = [], [], [], [[], []]
    offs = [[], []]
    n = [0, 0]
    while pos < len(b):
        score, res, side, n0, n1 = struct.unpack_from("<hBBHH", b, pos)
        pos += 8
        for c, k in ((0, n0), (1, n1)):
            offs[c].append(n[c])
            idx[c].append(np.frombuffer(b, dtype="<u4", count=k, offset=pos))
            pos += 4 * k
            n[c] += k
        scores.append(score)
        results.append(res)
        sides.append(side)
    log(t0, "%d positions of %s, %d features" % (len(scores), variant, nfeat))
    return variant, (width, height, ntypes, nfeat), {
        "score": np.array(scores, dtype=np.float32),
        "result": np.array(results, dtype=np.float32) / 2.0,
        "side": np.array(sides, dtype=np.int64),
        "idx": [np.concatenate(idx[c]).astype(np.int64) for c in (0, 1)],
        "off": [np.array(offs[c], dtype=np.int64) for c in (0, 1)],
        "count": [np.diff(np.append(np.array(offs[c]), n[c])) for c in (0, 1)],
    }


class Net(torch.nn.Module):
    def __init__(self, nfeat, hidden):
        super().__init__()
        self.ft = torch.nn.EmbeddingBag(nfeat, hidden, mode="sum")
        self.ft_bias = torch.nn.Parameter(torch.zeros(hidden))
        self.out = torch.nn.Linear(2 * hidden, 1)
        torch.nn.init.normal_(self.ft.weight, std=0.01)
        torch.nn.init.normal_(self.out.weight, std=0.01)
        torch.nn.init.zeros_(self.out.bias)

    def forward(self, iw, ow, ib, ob, side):
        w = self.ft(iw, ow) + self.ft_bias
        b = self.ft(ib, ob) + self.ft_bias
        black = (side == 1).unsqueeze(1)
        us, them = torch.where(black, b, w), torch.where(black, w, b)
        x = torch.cat([us.clamp(0, 1), them.clamp(0, 1)], dim=1)
        return self.out(x).squeeze(1)


def batch_of(d, rows):
    """The feature bags of the positions rows, as EmbeddingBag wants them."""
    out = []
    for c in (0, 1):
        starts, counts = d["off"][c][rows], d["count"][c][rows]
        parts = [d["idx"][c][s:s + k] for s, k in zip(starts, counts)]
        offsets = np.concatenate([[0], np.cumsum(counts)[:-1]])
        out += [torch.from_numpy(np.concatenate(parts)), torch.from_numpy(offsets)]
    return out


def sigmoid10(x):
    return 1.0 / (1.0 + torch.pow(10.0, -x / 400.0))


def targets(d, rows, lam):
    side = torch.from_numpy(d["side"][rows])
    white = side == 0
    score = torch.from_numpy(d["score"][rows])
    result = torch.from_numpy(d["result"][rows])
    score = torch.where(white, score, -score)
    result = torch.where(white, result, 1.0 - result)
    return side, lam * sigmoid10(score) + (1.0 - lam) * result


def loss_on(model, d, rows, args):
    total, n = 0.0, 0
    with torch.no_grad():
        for k in range(0, len(rows), args.batch):
            r = rows[k:k + args.batch]
            iw, ow, ib, ob = batch_of(d, r)
            side, t = targets(d, r, args.lam)
            p = sigmoid10(model(iw, ow, ib, ob, side) * args.scale)
            total += float(((p - t) ** 2).sum())
            n += len(r)
    return total / max(n, 1)


def quantised(model):
    w = model.ft.weight.detach().numpy()
    fb = model.ft_bias.detach().numpy()
    ow = model.out.weight.detach().numpy().reshape(-1)
    obias = float(model.out.bias.detach().numpy()[0])
    q = lambda a, s: np.clip(np.round(a * s), -32767, 32767).astype("<i2")
    return q(w, QA), q(fb, QA), q(ow, QB), int(round(obias * QA * QB))


def fnv1a(b):
    h = 2166136261
    for x in b:
        h = ((h ^ x) * 16777619) & 0xFFFFFFFF
    return h


def write_net(path, variant, dims, hidden, scale, qw, qb, qo, obias):
    width, height, ntypes, nfeat = dims
    name = variant.encode()[:47].ljust(48, b"\0")
    body = bytearray(MAGIC)
    body += struct.pack("<I", VERSION) + name
    body += struct.pack("<6I", width, height, ntypes, 8, nfeat, hidden)
    body += struct.pack("<i", scale)
    body += qw.tobytes() + qb.tobytes() + qo.tobytes()
    body += struct.pack("<i", obias)
    body += struct.pack("<I", fnv1a(body))
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(body)
    os.replace(tmp, path)


def main(argv):
    args = parse_args(argv)
    t0 = time.time()
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    variant, dims, d = read_features(args, t0)
    nfeat = dims[3]
    n = len(d["score"])
    rng = np.random.default_rng(args.seed)
    order = rng.permutation(n)
    nh = int(n * args.holdout)
    held, train = order[:nh], order[nh:]
    model = Net(nfeat, args.hidden)
    opt = torch.optim.Adam(model.parameters(), lr=args.lr)
    log(t0, "loss before: held out %.6f" % loss_on(model, d, held, args))
    for epoch in range(1, args.epochs + 1):
        rng.shuffle(train)
        for k in range(0, len(train), args.batch):
            r = train[k:k + args.batch]
            iw, ow, ib, ob = batch_of(d, r)
            side, t = targets(d, r, args.lam)
            p = sigmoid10(model(iw, ow, ib, ob, side) * args.scale)
            loss = ((p - t) ** 2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
            with torch.no_grad():  # the int16 ranges of the program
                model.ft.weight.clamp_(-127 / QA, 127 / QA)
                model.out.weight.clamp_(-32767 / QB, 32767 / QB)
        log(t0, "epoch %d: held out %.6f" % (epoch, loss_on(model, d, held, args)))
    qw, qb, qo, obias = quantised(model)
    write_net(args.out, variant, dims, args.hidden, args.scale, qw, qb, qo, obias)
    log(t0, "wrote %s: %s, hidden %d, %d positions (%d held out), seed %d, epochs %d, lambda %g, lr %g"
        % (args.out, variant, args.hidden, n, nh, args.seed, args.epochs, args.lam, args.lr))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except TrainError as e:
        sys.stderr.write("train_nnue.py: %s\n" % e)
        sys.exit(1)
