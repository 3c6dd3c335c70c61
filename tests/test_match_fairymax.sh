#!/bin/sh
# A short chess match against Fairy-Max, another CECP engine, when it is
# installed (skipped with status 77 otherwise; this test installs
# nothing): both games end by the rules or the ply limit, neither engine
# is judged to have played an illegal move or to have gone silent, and
# the PGN agrees with the printed score.
# usage: test_match_fairymax.sh PATH/TO/ninjachess DATA_DIR
nc=$1
data=$2
fm=$(command -v fairymax)
[ -z "$fm" ] && [ -x /usr/games/fairymax ] && fm=/usr/games/fairymax # Debian's place, often not in PATH
if [ -z "$fm" ]; then
    echo "fairymax is not installed: skipped"
    exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0
check() { # name, expected, actual
    if [ "$2" != "$3" ]; then
        failed=$((failed + 1))
        printf 'FAIL %s\n  expected: %s\n  got:      %s\n' "$1" "$2" "$3"
    fi
}

"$nc" --data-dir "$data" --match --engine "$nc --data-dir $data --xboard" --engine "$fm" --games 2 \
    --tc 0:04+0.05 --random-plies 2 --adjudicate-plies 120 --pgn "$tmp/fm.pgn" >"$tmp/out" 2>"$tmp/err"
check "status" 0 "$?"
cat "$tmp/out"
check "errors" "" "$(cat "$tmp/err")"
check "games" 2 "$(grep -c '^\[Event ' "$tmp/fm.pgn")"
check "engine B is Fairy-Max" 1 "$(grep -c '^engine B: Fairy-Max' "$tmp/out")"
check "no rules infraction or crash" "" "$(grep -E 'rules infraction|abandoned' "$tmp/fm.pgn")"
score=$(awk '/^\[White / { w = $0 } /^\[Result / {
        r = substr($0, 10, length($0) - 11)
        a = (w ~ /ninjachess/)
        if (r == "1/2-1/2") d++; else if ((r == "1-0") == a) win++; else loss++ }
    END { printf "%d %d %d\n", win, loss, d }' "$tmp/fm.pgn")
check "PGN score is the printed score" "$score" \
    "$(sed -n 's/^after 2 games: A: \([0-9]*\) wins, \([0-9]*\) losses, \([0-9]*\) draws.*/\1 \2 \3/p' "$tmp/out")"
[ "$failed" -eq 0 ]
