#!/bin/sh
# One shipped puzzle file: every puzzle legal and each of its solver's
# moves the only win by --check-puzzles at the nodes the puzzles were
# found with, and at least MIN puzzles in it.  NC_PUZZLE_SAMPLE=K (set by
# the sanitizer run, where the search is several times slower) checks
# every K-th puzzle only; the release run checks them all.
# usage: test_puzzles_shipped.sh PATH/TO/ninjachess DATA_DIR VARIANT MIN
nc=$1
data=$2
variant=$3
min=$4
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

. "$(dirname "$0")/check_lib.sh"

file="$data/puzzles/$variant.txt"
sample=${NC_PUZZLE_SAMPLE:-1}
total=$(grep -c ' | ' "$file")
check "at least $min puzzles in $variant.txt" yes "$([ "$total" -ge "$min" ] && echo yes || echo no)"

# The sample keeps the comments and the variant line, and every K-th
# puzzle; line numbers of messages then refer to the sample.
awk -v k="$sample" '/ \| / { n++; if ((n - 1) % k) next } { print }' "$file" >"$tmp/$variant.txt"
want=$(grep -c ' | ' "$tmp/$variant.txt")
"$nc" --data-dir "$data" --check-puzzles "$tmp/$variant.txt" --nodes 20000 >"$tmp/out" 2>"$tmp/err"
status=$?
check "$want of $total puzzles pass" "0 $want puzzles in 1 file: each has one winning move" "$status $(cat "$tmp/out")"
[ "$status" -eq 0 ] || cat "$tmp/out" "$tmp/err"

check_done
