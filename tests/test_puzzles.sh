#!/bin/sh
# Puzzles: --find-puzzles finds the one winning move a blunder left
# (3...Nf6?? 4.Qxf7#) and nothing in a quiet game; --check-puzzles passes
# the puzzle found and fails a puzzle whose solution is not the only win
# (two mates), a solution the search does not play, and bad lines, each
# with FILE:LINE; each shipped file has its own test.
# usage: test_puzzles.sh PATH/TO/ninjachess DATA_DIR 'VARIANT...'
# (the variants whose shipped files test_puzzles_shipped.sh checks)
nc=$1
data=$2
shipped_tests=$(echo $3 | tr ' ' '\n' | sort | tr '\n' ' ' | sed 's/ $//')
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

. "$(dirname "$0")/check_lib.sh"

run() { # runs ninjachess, storing stdout, stderr and status
    "$nc" --data-dir "$data" "$@" >"$tmp/out" 2>"$tmp/err"
    status=$?
}

cat >"$tmp/games.pgn" <<'PGN'
[Event "Planted blunder"]
[Result "*"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# *

[Event "Quiet"]
[Result "*"]

1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 5. e3 O-O *
PGN
run --find-puzzles "$tmp/games.pgn" --nodes 20000
check "find: status" 0 "$status"
check "find: the file's variant line" "variant chess" "$(head -n 1 "$tmp/out")"
check "find: one puzzle" 1 "$(grep -c ' | ' "$tmp/out")"
check "find: the mate after the blunder" \
    "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4 | h5-f7xf7" \
    "$(grep ' | ' "$tmp/out" | cut -d'|' -f1-2 | sed 's/ *$//')"
check "find: its source" "game 1 ply 6" "$(grep ' | ' "$tmp/out" | cut -d'|' -f4 | sed 's/^ *//')"
check "find: progress per game" 2 "$(grep -c '^ninjachess: game [12]: ' "$tmp/err")"
cp "$tmp/out" "$tmp/found.txt"

run --check-puzzles "$tmp/found.txt" --nodes 20000
check "check the found puzzle" "0 1 puzzle in 1 file: each has one winning move" "$status $(cat "$tmp/out")"

# Two rooks, two mates in one: the solution is not the only win.
printf 'variant chess\n6k1/5ppp/8/8/8/8/5PPP/RR4K1 w - - 0 1 | a1-a8 | 600 | two mates\n' >"$tmp/two.txt"
run --check-puzzles "$tmp/two.txt" --nodes 20000
check "two wins: status" 1 "$status"
check "two wins: FILE:LINE and why" yes "$(grep -q "two.txt:2: solution move 1: not the only win" "$tmp/out" && echo yes || echo no)"

# A legal solution that is not the winning move.
printf 'variant chess\n# a comment\nr1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4 | b1-c3 | 600 | wrong\n' >"$tmp/wrong.txt"
run --check-puzzles "$tmp/wrong.txt" --nodes 20000
check "wrong move: FILE:LINE and why" "$tmp/wrong.txt:3: solution move 1: another move is the only win" "$(cat "$tmp/out")"

# Bad lines, each reported.
cat >"$tmp/bad.txt" <<'TXT'
8/8/8/8/8/8/8/K6k w - - 0 1 | a1-a2 | 600 | before the variant line
variant chess
4k3/8/8/8/8/8/8/4K2R w K - 0 1 | e1-e3 | 600 | an illegal move
4k3/8/8/8/8/8/8/4K2R w K - 0 1 | h1-h8 | lots | a bad rating
4k3/8/8/8/8/8/8/4K2R w K - 0 1 | h1-h8 e8-d7 | 600 | ends with the answer
4k3/8/8/8/8/8/8/4K2R w K - 0 1 | h1-h8
not a position | h1-h8 | 600 | x
TXT
run --check-puzzles "$tmp/bad.txt"
check "bad file: status" 1 "$status"
for want in "bad.txt:1: a puzzle before the file's 'variant NAME' line" \
    "bad.txt:3: solution move 1 'e1-e3'" "bad.txt:4: rating 'lots'" \
    "bad.txt:5: the solution ends with the answer" "bad.txt:6: a puzzle line has four fields" \
    "bad.txt:7: position:"; do
    check "bad file: $want" yes "$(grep -qF "$want" "$tmp/out" && echo yes || echo no)"
done
run --check-puzzles "$tmp/missing.txt"
check "missing file" yes "$(grep -q 'missing.txt: cannot be read' "$tmp/out" && echo yes || echo no)"
mkfifo "$tmp/fifo.txt"
run --check-puzzles "$tmp/fifo.txt"
check "a FIFO is refused" yes "$(grep -q 'fifo.txt: cannot be read: not a regular file' "$tmp/out" && echo yes || echo no)"

# A player's own puzzles/NAME.txt replaces the shipped file of that name:
# an own one-puzzle file for each shipped file (the source tree's data
# is always on the data path, so each shipped file must be hidden).
mkdir -p "$tmp/own/puzzles"
nfiles=0
for f in "$data"/puzzles/*.txt; do
    cp "$tmp/found.txt" "$tmp/own/puzzles/${f##*/}"
    nfiles=$((nfiles + 1))
done
"$nc" --data-dir "$tmp/own:$data" --check-puzzles --nodes 20000 >"$tmp/out" 2>"$tmp/err"
check "own files hide the shipped ones" "0 $nfiles puzzles in $nfiles files: each has one winning move" "$? $(cat "$tmp/out")"

# Each shipped file is checked by its own test (test_puzzles_shipped.sh,
# one per variant, so that they run side by side); the files here must be
# exactly those the tests name.
check "a test for every shipped puzzle file" "$shipped_tests" \
    "$(cd "$data/puzzles" && ls -- *.txt | sed 's/\.txt$//' | sort | tr '\n' ' ' | sed 's/ $//')"

check_done
