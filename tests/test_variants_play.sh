#!/bin/sh
# Every shipped variant is playable by the computer: for each variant of
# --list-variants, a depth-3 search from the start ends with one of the
# legal moves, and a self-play game at depth 1 is played to its end.  A
# crash, an error or a missing or illegal move fails, naming the variant.
# usage: test_variants_play.sh PATH/TO/ninjachess DATA_DIR
nc=$1
data=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
count=0
fail() { echo "FAIL $*"; failures=$((failures + 1)); }

"$nc" --data-dir "$data" --list-variants >"$tmp/list" || { echo "FAIL --list-variants"; exit 1; }
for v in $(cut -d' ' -f1 "$tmp/list"); do
    count=$((count + 1))
    if ! "$nc" --data-dir "$data" --variant "$v" --moves >"$tmp/moves" 2>"$tmp/err"; then
        fail "$v: --moves: $(cat "$tmp/err")"
        continue
    fi
    if ! "$nc" --data-dir "$data" --variant "$v" --depth 3 >"$tmp/out" 2>"$tmp/err"; then
        fail "$v: --depth 3 exited with $?: $(cat "$tmp/err")"
    else
        move=$(tail -n 1 "$tmp/out")
        grep -qxF -- "$move" "$tmp/moves" || fail "$v: --depth 3 chose '$move', not a legal move"
    fi
    if ! "$nc" --data-dir "$data" --variant "$v" --selfplay 1 --depth 1 >"$tmp/out" 2>"$tmp/err"; then
        fail "$v: --selfplay exited with $?: $(cat "$tmp/err")"
    else
        grep -q '^game 1: .* plies$' "$tmp/out" || fail "$v: --selfplay gave no result: $(cat "$tmp/out")"
    fi
done
echo "$count variants played, $failures failures"
[ "$failures" -eq 0 ] && [ "$count" -gt 0 ]
