#!/bin/sh
# --analyse FILE: a game with a planted blunder gets it marked ?? ($4) with
# the better line as a variation and the mate it allowed as its [%eval];
# the report keeps the file's tags, gives the result the moves reach, is
# read by Debian's pgn-extract without complaint and by --load again (also
# in a variant of our own); bad input is refused with a message.
# usage: test_analyse.sh PATH/TO/ninjachess DATA_DIR
nc=$1
data=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

. "$(dirname "$0")/check_lib.sh"

run() { # runs ninjachess, storing stdout, stderr and status
    "$nc" --data-dir "$data" "$@" >"$tmp/out" 2>"$tmp/err"
    status=$?
}

extract=$(command -v pgn-extract || { [ -x /usr/games/pgn-extract ] && echo /usr/games/pgn-extract; })
if [ -z "$extract" ]; then
    echo "FAIL pgn-extract is not installed (./setup installs it)"
    exit 1
fi

# 3... Nf6 allows 4. Qxf7#; the file's [Result] does not match the moves.
cat >"$tmp/blunder.pgn" <<'PGN'
[Event "Planted blunder"]
[White "Alice"]
[Black "Bob"]
[Result "*"]
[ECO "C20"]

1. e4 e5 2. Bc4 Bc5 3. Qh5 Nf6 4. Qxf7# *
PGN
run --analyse "$tmp/blunder.pgn" --nodes 20000
check "analyse: status" 0 "$status"
cp "$tmp/out" "$tmp/report.pgn"
flat=$(tr '\n' ' ' <"$tmp/report.pgn")
check "the blunder marked \$4" yes "$(echo "$flat" | grep -q '3\.\.\. Nf6 \$4 {\[%eval #1\] Blunder' && echo yes || echo no)"
check "the better line follows it" yes "$(echo "$flat" | grep -q 'was best\.} (3\.\.\. [^)]*) 4\. Qxf7#' && echo yes || echo no)"
check "no other move marked" 1 "$(echo "$flat" | grep -o '\$[0-9]*' | wc -l)"
check "an [%eval] for each move but the mate" 6 "$(echo "$flat" | grep -o '\[%eval ' | wc -l)"
check "the file's tags kept" 2 "$(grep -c '^\[White "Alice"\]$\|^\[ECO "C20"\]$' "$tmp/report.pgn")"
check "the result the moves reach" 2 "$(grep -c '^\[Result "1-0"\]$\| 1-0$' "$tmp/report.pgn")"
check "annotator" 1 "$(grep -c '^\[Annotator "ninjachess' "$tmp/report.pgn")"
check "Black's summary" yes "$(grep -q '^Black (Bob): 3 moves, 0 inaccuracies, 0 mistakes, 1 blunders' "$tmp/err" && echo yes || echo no)"
check "White's summary" yes "$(grep -q '^White (Alice): 4 moves, .* 0 blunders' "$tmp/err" && echo yes || echo no)"

"$extract" -s "$tmp/report.pgn" >"$tmp/extract-out" 2>"$tmp/extract-err"
check "pgn-extract reads the report" "0:" "$?:$(cat "$tmp/extract-err")"
check "pgn-extract keeps the variation" yes "$(tr '\n' ' ' <"$tmp/extract-out" | grep -q '(3\.\.\. ' && echo yes || echo no)"
run --load "$tmp/report.pgn" --status
check "--load reads the report" "0 checkmate: White wins" "$status $(cat "$tmp/out")"

# A Stealth Ninja game: analysed, and --load reads its report again to
# the same end.
"$nc" --data-dir "$data" --variant stealth-ninja --selfplay 1 --levels 1,1 --pgn "$tmp/sn.pgn" >/dev/null 2>&1
run --analyse "$tmp/sn.pgn" --nodes 1000
check "stealth-ninja: analysed" 0 "$status"
cp "$tmp/out" "$tmp/sn-report.pgn"
run --load "$tmp/sn.pgn" --print-fen
before=$(cat "$tmp/out")
run --load "$tmp/sn-report.pgn" --print-fen
check "stealth-ninja: the report loads to the same position" "$before" "$(cat "$tmp/out")"
check "stealth-ninja: some moves judged" yes "$([ "$(grep -o '\$[246]' "$tmp/sn-report.pgn" | wc -l)" -gt 0 ] && echo yes || echo no)"

# Bad input.
run --analyse "$tmp/missing.pgn"
check "missing file: status" 1 "$status"
check "missing file: message" yes "$(grep -q 'missing.pgn' "$tmp/err" && echo yes || echo no)"
run --analyse "$tmp/blunder.pgn" --load "$tmp/blunder.pgn"
check "with --load: refused" "--analyse takes its game from FILE; leave out --load" "$(sed 's/^ninjachess: //' "$tmp/err" | head -n 1)"
printf '[Event "x"]\n\n1. e4 e5 2. Ke3 *\n' >"$tmp/illegal.pgn"
run --analyse "$tmp/illegal.pgn"
check "illegal move: status" 1 "$status"
check "illegal move: names the move" yes "$(grep -q 'Ke3' "$tmp/err" && echo yes || echo no)"

check_done
