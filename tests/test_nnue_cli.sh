#!/bin/sh
# --nnue-features writes the header and records doc/tuning.md describes
# (features, board, types; score, result, side, each view's features),
# refuses a position that does not read with FILE:LINE; --nnue refuses a
# file that is not a net (with --xboard and --uci).
# usage: test_nnue_cli.sh PATH/TO/ninjachess DATA_DIR
nc=$1
data=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0

check() { # name, expected, actual
    if [ "$2" = "$3" ]; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        printf 'FAIL %s\n  expected: %s\n  got:      %s\n' "$1" "$2" "$3"
    fi
}

printf '# ninjachess datagen: variant chess setup - option - titans -\n' >"$tmp/d.dat"
printf 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 | -16 | 0.5 | 1 | 0\n' >>"$tmp/d.dat"
printf '4k3/8/8/8/8/8/8/4K2R w K - 0 1 | 500 | 1 | 60 | 1\n' >>"$tmp/d.dat"
"$nc" --data-dir "$data" --variant chess --nnue-features "$tmp/d.dat" >"$tmp/f.bin" 2>"$tmp/err"
check "status" 0 "$?"
check "magic" "NCFEAT1" "$(head -c 7 "$tmp/f.bin")"
# features 2*6*64 + 2*6*8 = 864, width 8, height 8, 6 types
check "header" "864 8 8 6" "$(od -A n -t u4 -j 8 -N 16 "$tmp/f.bin" | tr -s ' ' | sed 's/^ //; s/ $//')"
# record 1: score -16 (int16), result 1 (a draw), Black to move, 32 and 32 features
check "record 1" "-16" "$(od -A n -t d2 -j 24 -N 2 "$tmp/f.bin" | tr -d ' ')"
check "record 1: result, side" "1 1" "$(od -A n -t u1 -j 26 -N 2 "$tmp/f.bin" | tr -s ' ' | sed 's/^ //; s/ $//')"
check "record 1: features a view" "32 32" "$(od -A n -t u2 -j 28 -N 4 "$tmp/f.bin" | tr -s ' ' | sed 's/^ //; s/ $//')"
# record 2 starts after 8 + 4 * 64 bytes: White to move, won, 3 pieces a view
r2=$((24 + 8 + 256))
check "record 2: score" "500" "$(od -A n -t d2 -j $r2 -N 2 "$tmp/f.bin" | tr -d ' ')"
check "record 2: result, side, counts" "2 0 3 0 3 0" "$(od -A n -t u1 -j $((r2 + 2)) -N 6 "$tmp/f.bin" | tr -s ' ' | sed 's/^ //; s/ $//')"
check "the whole file" $((r2 + 8 + 4 * 6)) "$(wc -c <"$tmp/f.bin" | tr -d ' ')"
check "count line" "ninjachess: 2 positions, 864 features" "$(cat "$tmp/err")"

printf 'not a position | 0 | 1 | 0 | 2\n' >>"$tmp/d.dat"
"$nc" --data-dir "$data" --variant chess --nnue-features "$tmp/d.dat" >/dev/null 2>"$tmp/err"
check "bad record: status" 1 "$?"
check "bad record: FILE:LINE" yes "$(grep -q "d.dat:4: " "$tmp/err" && echo yes || echo no)"

printf 'hello\n' >"$tmp/not.nnue"
printf 'quit\n' | "$nc" --data-dir "$data" --variant chess --xboard --nnue "$tmp/not.nnue" >/dev/null 2>"$tmp/err"
check "--nnue refuses a file that is not a net" "1 ninjachess: --nnue: $tmp/not.nnue: not a ninjachess net (no NCNNUE header)" "$? $(cat "$tmp/err")"

printf 'quit\n' | "$nc" --data-dir "$data" --variant chess --uci --nnue "$tmp/not.nnue" >/dev/null 2>"$tmp/err"
check "--uci --nnue refuses it too" "1 ninjachess: --nnue: $tmp/not.nnue: not a ninjachess net (no NCNNUE header)" "$? $(cat "$tmp/err")"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
