#!/bin/sh
# Finished is finished (issue 39, item 4): a game whose file records an end
# its position does not show (a flag fell, a resignation, a draw agreed,
# an adjudication) loads as over: --status says how, --play refuses moves
# after it, and so it does after a position that is over.  In tmux: such a
# game loads as over on the game screen, and a resignation is saved with
# [Termination "normal"] and the result in [Result].
# usage: test_finished.sh NINJACHESS DATA_DIR
set -u
BIN=$1
DATA=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0
check() { # name, expected, actual
    if [ "$2" = "$3" ]; then passed=$((passed + 1)); echo "ok: $1"
    else failed=$((failed + 1)); printf 'FAIL %s\n  expected: %s\n  got:      %s\n' "$1" "$2" "$3"; fi
}
run() { "$BIN" --data-dir "$DATA" "$@" >"$tmp/out" 2>"$tmp/err"; status=$?; }
game() { # FILE RESULT TERMINATION (empty: no tag)
    { printf '[Event "e"]\n[Result "%s"]\n' "$2"
      [ -n "$3" ] && printf '[Termination "%s"]\n' "$3"
      printf '\n1. e4 e5 2. Nf3 Nc6 %s\n' "$2"; } >"$1"
}

game "$tmp/time.pgn" "0-1" "time forfeit"
run --load "$tmp/time.pgn" --status
check "time forfeit: --status" "0 time forfeit: Black wins" "$status $(cat "$tmp/out")"
game "$tmp/resign.pgn" "1-0" "normal"
run --load "$tmp/resign.pgn" --status
check "resignation: --status" "0 resignation: White wins" "$status $(cat "$tmp/out")"
game "$tmp/agreed.pgn" "1/2-1/2" "normal"
run --load "$tmp/agreed.pgn" --status
check "draw agreed: --status" "0 draw agreed" "$status $(cat "$tmp/out")"
game "$tmp/adjudicated.pgn" "1-0" "adjudication"
run --load "$tmp/adjudicated.pgn" --status
check "adjudication: --status" "0 adjudication: White wins" "$status $(cat "$tmp/out")"
game "$tmp/notag.pgn" "0-1" ""
run --load "$tmp/notag.pgn" --status
check "a result without [Termination]: over" "0 result as recorded: Black wins" "$status $(cat "$tmp/out")"
game "$tmp/older.pgn" "1-0" "1-0, Black lost on time"
run --load "$tmp/older.pgn" --status
check "this program's older Termination text" "0 time forfeit: White wins" "$status $(cat "$tmp/out")"
game "$tmp/going.pgn" "*" ""
run --load "$tmp/going.pgn" --status
check "an unfinished game stays in progress" "0 game in progress" "$status $(cat "$tmp/out")"

# --play after the recorded end, and after a position that is over.
run --load "$tmp/time.pgn" --play Bc4 --print-fen
check "--play after a loss on time is refused" "1 ninjachess: --play Bc4: the game is over (time forfeit: Black wins)" \
    "$status $(cat "$tmp/err")"
run --load "$tmp/going.pgn" --play Bc4 --print-fen
check "--play continues an unfinished game" "0" "$status"
run --variant chess --play f3 e5 g4 Qh4 a3 --print-fen
check "--play after checkmate is refused" "1 ninjachess: --play a3: the game is over (checkmate)" \
    "$status $(cat "$tmp/err")"
run --variant chess --play Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 e4 --status
check "--play after a threefold repetition is refused" \
    "1 ninjachess: --play e4: the game is over (threefold repetition)" "$status $(cat "$tmp/err")"

# ---- the game screen ----
if command -v tmux >/dev/null 2>&1; then
    . "$(dirname "$0")/tmux_lib.sh"
    fresh
    start --load "$tmp/time.pgn"
    if wait_for "0-1, White lost on time" 10; then check "the screen shows the loss on time" 0 0
    else check "the screen shows the loss on time" "shown" "$(screen)"; fi
    keys q; wait_exit >/dev/null
    fresh
    start --load "$tmp/time.pgn" --play Bc4
    st=$(wait_exit)
    check "--play after the end, on the game screen's path" "1" "$st"
    fresh
    start --variant chess --white human --black human
    wait_for "White to move" 10
    keys R; wait_for "White resigns?" 5; keys y
    wait_for "White resigned" 5
    keys s; wait_for "Save to:" 5; keys C-u; keys -l "$tmp/resigned.pgn"; keys Enter
    wait_for "Saved to" 5
    check "a resignation: [Result] and [Termination] in the standard's words" \
        '[Result "0-1"] [Termination "normal"]' "$(grep -E '^\[(Result|Termination) ' "$tmp/resigned.pgn" | tr '\n' ' ' | sed 's/ $//')"
    keys q; wait_exit >/dev/null
    run --load "$tmp/resigned.pgn" --status
    check "the saved resignation loads as over" "0 resignation: Black wins" "$status $(cat "$tmp/out")"
else
    echo "tmux not installed: the game screen's part skipped"
fi

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
