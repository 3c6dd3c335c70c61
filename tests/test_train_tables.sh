#!/bin/sh
# tools/train_tables.py on a few self-play games: it writes a weights file
# whose header records the data, seed and losses and that the program
# loads with its tables (--eval-tables gives back the file's numbers); the
# same seed gives the same file; a file that is not --datagen's is refused
# with its line.  Skipped (77) where no python3 has numpy.
# usage: test_train_tables.sh PATH/TO/ninjachess DATA_DIR SOURCE_ROOT
nc=$1
data=$2
root=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

. "$(dirname "$0")/check_lib.sh"

py=
for p in python3 /usr/bin/python3; do
    if "$p" -c 'import numpy' 2>/dev/null; then
        py=$p
        break
    fi
done
if [ -z "$py" ]; then
    echo "no python3 with numpy: skipped"
    exit 77
fi

"$nc" --data-dir "$data" --variant chess --datagen "$tmp/c.data" --games 6 --nodes 300 --concurrency 1 2>/dev/null
check "datagen status" 0 "$?"
train() { # output file, then more options
    out=$1
    shift
    NINJACHESS="$nc" "$py" "$root/tools/train_tables.py" "$tmp/c.data" --data-dir "$data" --epochs 30 --seed 3 \
        --holdout 0.34 --out "$out" "$@" >"$tmp/log" 2>"$tmp/err"
}
mkdir -p "$tmp/d/variants"
train "$tmp/d/variants/chess.eval"
check "train status" "0 " "$? $(cat "$tmp/err")"
eval_file="$tmp/d/variants/chess.eval"
check "header: the data and seed" 1 "$(grep -c '^# data c.data: [0-9]* positions of 6 games (.*), seed 3$' "$eval_file")"
check "header: lambda and epochs" 1 "$(grep -c '^# lambda 0.5 (search score against result), K [0-9.]*, epochs 30,' "$eval_file")"
check "header: the held-out loss" 1 "$(grep -c '^# cross-entropy, training [0-9.]* -> [0-9.]*, held out [0-9.]* -> [0-9.]*$' "$eval_file")"
check "log: the held-out loss" 1 "$(grep -c 'held-out loss [0-9.]* -> [0-9.]*$' "$tmp/log")"
check "a table per type and half" 12 "$(grep -c '^table [a-z-]* [me]g 8x8$' "$eval_file")"
# the program reads the file: its tables are the file's numbers
"$nc" --data-dir "$tmp/d:$data" --variant chess --eval-tables >"$tmp/tables" 2>"$tmp/err"
check "file loads" "0 " "$? $(cat "$tmp/err")"
check "tables read back" "$(grep -v '^#' "$eval_file" | sed -n '/^table king mg/,$p')" \
    "$(grep -v '^#' "$tmp/tables" | sed -n '/^table king mg/,$p')"
# reproducible with the seed
train "$tmp/again.eval"
check "same seed, same file" "" "$(cmp "$eval_file" "$tmp/again.eval")"
# not a datagen file
printf 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n' >"$tmp/c.data"
train "$tmp/x.eval"
check "bad data refused" "1 train_tables.py: $tmp/c.data:1: not a --datagen file's first line" "$? $(cat "$tmp/err")"

check_done
