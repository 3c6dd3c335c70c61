#!/bin/sh
# The evaluation weights from the command line and the tuner: --eval-terms
# (games and position texts, its errors), --check-variant and a variant
# given by name with a bad or a good weights file, the weights table of
# doc/data-files.md against the program's, and tools/tune.py: on games
# made up so that the result follows known weights it moves the weights
# toward them (a sign that would be wrong if the fit were wrong), and on
# shipped games its loss goes down and the file it writes loads.
# usage: test_tune.sh PATH/TO/ninjachess DATA_DIR SOURCE_ROOT
nc=$1
data=$2
root=$3
tune="$root/tools/tune.py"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

. "$(dirname "$0")/check_lib.sh"

run() { # runs ninjachess, storing stdout, stderr and status
    "$nc" "$@" >"$tmp/out" 2>"$tmp/err"
    status=$?
}

# ---- --eval-terms ----
# (chess-no-castling: orthodox chess pieces with no weights file of its own, so the defaults)
printf '# a comment\n4k3/8/8/8/3N4/8/8/4K3 w - - 0 1\n\n4k3/4p3/8/8/8/8/4P3/4K3 b - - 0 1\n' >"$tmp/pos.txt"
run --data-dir "$data" --variant chess-no-castling --eval-terms "$tmp/pos.txt"
check "eval-terms positions status" 0 "$status"
check "eval-terms one weight line each" "$(grep -c '^ *X(' "$root/src/rules/eval_weights.h")" "$(grep -c '^weight ' "$tmp/out")"
check "eval-terms default side to move" "weight side-to-move 10 -200 200" "$(grep 'side-to-move' "$tmp/out")"
# kings and a pawn each, mirrored, Black to move: only the side to move
# (bare kings would be a draw, 0)
check "eval-terms position lines" "pos 0 4 0 0 0 -10 0" "$(grep '^pos 0 4 ' "$tmp/out" | cut -d' ' -f1-8)"
# a knight: phase 12 (of 256), its material (320) fixed, on d4 8 moves
# against its mean 5
check "eval-terms knight on d4" "pos 0 2 0 0 12 343 320 3 3" "$(grep '^pos 0 2 ' "$tmp/out" | cut -d' ' -f1-10)"
run --data-dir "$data" --variant chess-no-castling --eval-terms - <"$tmp/pos.txt"
check "eval-terms from stdin" 2 "$(grep -c '^pos ' "$tmp/out")"
run --data-dir "$data" --eval-terms "$tmp/pos.txt"
check "eval-terms positions need a variant" \
    "ninjachess: $tmp/pos.txt holds no games: position texts need --variant" "$(cat "$tmp/err")"
printf '4k3/8/8/8/3N4/8/8/4K3 w - - 0 1\nnot a position\n' >"$tmp/bad.txt"
run --data-dir "$data" --variant chess --eval-terms "$tmp/bad.txt"
check "eval-terms bad position status" 1 "$status"
check "eval-terms bad position names its line" 1 "$(grep -c "^ninjachess: $tmp/bad.txt: line 2: " "$tmp/err")"
run --data-dir "$data" --eval-terms "$root/tests/data/tune-titan.pgn"
check "eval-terms games status" 0 "$status"
check "eval-terms games" "game 1 1-0 259 8|game 2 0-1 242 8|game 3 1-0 285 8|game 4 1/2-1/2 300 8" \
    "$(grep '^game ' "$tmp/out" | paste -sd'|')"
check "eval-terms a position per ply and the start" 1090 "$(grep -c '^pos ' "$tmp/out")"
cp "$tmp/out" "$tmp/titan.terms"
printf '[Variant "chess"]\n\n1. e4 e5 2. Ke3 *\n' >"$tmp/illegal.pgn"
run --data-dir "$data" --eval-terms "$tmp/illegal.pgn"
check "eval-terms illegal move" "ninjachess: $tmp/illegal.pgn: line 3: move 2 'Ke3': illegal move 'Ke3'" \
    "$(cat "$tmp/err")"

# ---- weights files ----
mkdir -p "$tmp/d/variants" "$tmp/v"
cp "$data/variants/chess.txt" "$tmp/v/mine.txt"
sed -i 's/^variant chess$/variant mine/' "$tmp/v/mine.txt"
printf 'side-to-move 10\nmobility 500\n' >"$tmp/v/mine.eval"
run --data-dir "$data" --check-variant "$tmp/v/mine.txt"
check "check-variant bad weights status" 1 "$status"
check "check-variant bad weights message" "$tmp/v/mine.eval:2: weight 'mobility': 500 is outside its range -100 to 100" \
    "$(cat "$tmp/out")"
printf 'side-to-move 23\n' >"$tmp/d/variants/chess.eval"
run --data-dir "$tmp/d:$data" --variant chess --eval-terms "$tmp/pos.txt"
check "a variant's weights file on the data path" "weight side-to-move 23 -200 200" "$(grep 'side-to-move' "$tmp/out")"
check "its weights change the evaluation" "pos 0 4 0 0 0 -23 0" "$(grep '^pos 0 4 ' "$tmp/out" | cut -d' ' -f1-8)"
printf 'side-to-move 23\nside-to-move 24\n' >"$tmp/d/variants/chess.eval"
run --data-dir "$tmp/d:$data" --variant chess --print-fen
check "a bad weights file stops the variant" \
    "ninjachess: $tmp/d/variants/chess.eval:2: weight 'side-to-move' given again (first on line 1)" "$(cat "$tmp/err")"

# ---- the documentation lists every weight with its default and range ----
run --data-dir "$data" --variant chess-no-castling --eval-terms "$tmp/pos.txt"
grep '^weight ' "$tmp/out" | awk '{print "| `" $2 "` | " $3 " | " $4 " to " $5 " |"}' >"$tmp/weights.want"
grep -o '^| `[a-z-]*` | [-0-9]* | [-0-9]* to [-0-9]* |' "$root/doc/data-files.md" >"$tmp/weights.doc"
check "doc/data-files.md weights table" "" "$(diff "$tmp/weights.want" "$tmp/weights.doc")"

# ---- the tuner on made-up games: results follow mobility 20, side-to-move -30 ----
python3 - "$tmp/out" >"$tmp/synthetic.terms" <<'PY'
import math, random, sys
header = [l for l in open(sys.argv[1]) if l.startswith(("variant", "weight"))]
names = [l.split()[1] for l in header if l.startswith("weight")]
w0 = {l.split()[1]: int(l.split()[2]) for l in header if l.startswith("weight")}
sys.stdout.writelines(header)
rng = random.Random(7)
for g in range(1, 3001):
    mob, stm, fixed = rng.uniform(-10, 10), rng.choice((-1, 1)), rng.gauss(0, 150)
    true = fixed + 20 * mob - 30 * stm
    result = "1-0" if rng.random() < 1 / (1 + 10 ** (-true / 400)) else "0-1"
    score = round(fixed + w0["mobility"] * mob + w0["side-to-move"] * stm)
    parts = []
    for n in names:
        v = mob if n == "mobility" else stm if n == "side-to-move" else 0
        parts += [f"{v:.6g}", f"{v:.6g}"]
    print(f"pos {g} 20 0 0 128 {score} {fixed:.6g} " + " ".join(parts))
    print(f"game {g} {result} 40 0")
PY
python3 "$tune" --terms "$tmp/synthetic.terms" --out "$tmp/synthetic.eval" >"$tmp/tune.out" 2>&1
check "tuner on made-up games status" 0 "$?"
check "tuner fits only what the games measure" "round 1: 2 weights fitted" "$(grep -o '^round 1: [0-9]* weights fitted' "$tmp/tune.out")"
mob=$(sed -n 's/^mobility \(-*[0-9]*\)$/\1/p' "$tmp/synthetic.eval")
stm=$(sed -n 's/^side-to-move \(-*[0-9]*\)$/\1/p' "$tmp/synthetic.eval")
check "mobility fitted above the default 5, toward 20" yes "$([ "${mob:-0}" -ge 12 ] && echo yes || echo "no ($mob)")"
check "side-to-move fitted below 0, toward -30" yes "$([ "${stm:-0}" -le -10 ] && echo yes || echo "no ($stm)")"
python3 "$tune" --terms "$tmp/synthetic.terms" --holdout 0.3 >"$tmp/tune.out" 2>&1
check "tuner holds out whole games" "2100 positions fitted, 900 held out" \
    "$(grep -o '[0-9]* positions fitted, [0-9]* held out' "$tmp/tune.out")"
held=$(sed -n 's/.*held out (900 positions): \([0-9.]*\) -> \([0-9.]*\)$/\1 \2/p' "$tmp/tune.out")
check "the fit lowers the loss of games it did not see" yes "$(echo "$held" | awk 'NF == 2 && $2 < $1 {print "yes"}')"

# ---- the tuner on shipped games, through the program ----
mkdir -p "$tmp/t/variants"
python3 "$tune" --program "$nc" --data-dir "$data" --skip-plies 10 --rounds 2 --out "$tmp/t/variants/titan-chess.eval" \
    "$root/tests/data/tune-titan.pgn" >"$tmp/tune.out" 2>&1
check "tuner on games status" 0 "$?"
loss=$(sed -n 's/^loss \([0-9.]*\) -> \([0-9.]*\)$/\1 \2/p' "$tmp/tune.out")
check "tuner lowers the loss" yes "$(echo "$loss" | awk 'NF == 2 && $2 < $1 {print "yes"}')"
run --data-dir "$tmp/t:$data" --variant titan-chess --eval-terms "$tmp/pos.txt"
check "the fitted file loads" 0 "$(run --data-dir "$tmp/t:$data" --variant titan-chess --print-fen; echo $status)"
fitted=$(grep -v '^#' "$tmp/t/variants/titan-chess.eval" | head -n 1)
run --data-dir "$tmp/t:$data" --eval-terms "$root/tests/data/tune-titan.pgn"
check "the program uses the fitted weights" 1 "$(grep -c "^weight $fitted " "$tmp/out")"
python3 "$tune" --terms "$tmp/titan.terms" --fix mobilty >"$tmp/tune.out" 2>&1
check "tuner unknown weight" "1 tune.py: unknown weight 'mobilty' (doc/data-files.md lists them)" "$? $(tail -n 1 "$tmp/tune.out")"

check_done
