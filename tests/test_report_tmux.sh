#!/bin/sh
# The game report on the game screen (issue 38, item 2), end to end in
# tmux: a loaded chess game whose 3...Nf6 allows mate in one (4.Qxf7#) is
# judged at the quick budget (20000 nodes a position) on the report's own
# thread; the move list marks that move ??, the panel draws the evaluation
# graph, and after a jump to the next judged move it names the blunder, the
# reply that refutes it and the better move.  The report is saved as PGN
# with --analyse's notes; a deep report shows its progress bar, leaves keys
# answering, and stops on E.  Works without a terminal (CI=true): tmux
# provides one.  Limits are generous for the sanitizer build.
# usage: test_report_tmux.sh NINJACHESS DATA_DIR
set -u
. "$(dirname "$0")/tmux_lib.sh"
COLS=160
ROWS=50

absent() { if screen | grep -F -q -- "$1"; then fail "$2 ('$1' shown)"; else ok "$2"; fi; }
# The graph's block characters anywhere on the screen.
graph_drawn() { screen | grep -F -q -e '▁' -e '▂' -e '▃' -e '▄' -e '▅' -e '▆' -e '▇' -e '█'; }

G="$TMP/blunder.pgn"
cat >"$G" <<'PGN'
[Event "Planted blunder"]
[White "Alice"]
[Black "Bob"]
[Result "1-0"]

1. e4 e5 2. Bc4 Bc5 3. Qh5 Nf6 4. Qxf7# 1-0
PGN

# ---- the report of a finished game ----
fresh
start --load "$G"
expect "Game over: 1-0, checkmate" "the game with the planted blunder is loaded" 30
expect "E: game report" "the panel offers the report at the end of the game"
absent "Nf6??" "no marks before the report"
if graph_drawn; then fail "graph characters before the report"; else ok "no graph before the report"; fi
keys E
expect "Game report: how deep?" "E at the end of the game asks the report's budget"
keys 1
if wait_for "step through them" 240; then ok "the quick report finishes"; else fail "the quick report did not finish"; fi
if screen | grep -E -q '3\. +Qh5 +Nf6\?\?'; then ok "the move list marks 3...Nf6 ??"; else fail "no '3. Qh5 Nf6??' in the move list"; fi
if graph_drawn; then ok "the evaluation graph is drawn"; else fail "no graph characters in the panel"; fi
expect "Black: 3 moves" "the panel gives Black's summary"
expect "1 blunders" "the summary counts the blunder"

# ---- jumping to the blunder ----
keys Home
expect "Reviewing: after the start" "Home reviews the start"
keys ']'
expect "Reviewing: after 3... Nf6" "] lands on the blunder" 10
expect "3... Nf6?? Blunder" "the panel judges the shown move"
expect "refuted by Qxf7#" "the panel gives the refutation"
expect "Best: " "the panel gives the better move"
keys '['
expect "No earlier inaccuracy, mistake or blunder" "[ finds nothing before the blunder"
keys ']'
expect "No later inaccuracy, mistake or blunder" "] finds nothing after the blunder"

# ---- saving the game with the report ----
keys E
expect "Save the game with the report as PGN" "E on a finished report offers saving it"
keys 1
expect "Save the game with its report to:" "the save asks where"
keys Enter
expect "Saved the game with its report to" "the report is saved"
OUT="$TMP/blunder-report.pgn"
if [ -f "$OUT" ] && grep -q 'Nf6 \$4' "$OUT" && grep -q 'Blunder' "$OUT" && [ "$(grep -o '\[%eval' "$OUT" | wc -l)" -ge 6 ] &&
    grep -q '^\[White "Alice"\]' "$OUT" && grep -q '^\[Annotator "ninjachess' "$OUT"; then
    ok "the saved game has the players, \$4 after Nf6, the judgement and an [%eval] a move"
else
    fail "the saved report lacks its notes: $(cat "$OUT" 2>&1)"
fi
extract=$(command -v pgn-extract || { [ -x /usr/games/pgn-extract ] && echo /usr/games/pgn-extract; })
if [ -n "$extract" ]; then
    if "$extract" -s "$OUT" >/dev/null 2>"$TMP/extract.err" && ! [ -s "$TMP/extract.err" ]; then
        ok "pgn-extract reads the saved report"
    else
        fail "pgn-extract complains: $(cat "$TMP/extract.err")"
    fi
fi
quit_ok "report of a finished game"

# ---- a report in review of a game in progress: progress, keys, stop ----
fresh
start --variant chess --white human --black human
expect "White to move" "a game between humans"
keys E
expect "No moves to judge yet" "E before the first move has nothing to judge"
for m in e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6; do move "$m"; done
keys E
expect "The game report is for a finished game or in review" "E in play is refused"
keys '<'
expect "Reviewing" "< starts the review"
keys E
expect "Game report: how deep?" "E in review asks the budget"
keys 3
expect "Report [" "the deep report shows its progress bar" 20
keys f
expect "Board flipped" "a key answers while the report runs" 5
keys E
expect "Game report stopped" "E stops a running report" 20
wait_gone "Report [" 20 && ok "the progress bar goes when stopped" || fail "the progress bar stays"
keys E
expect "Game report: how deep?" "E asks again after a stop"
keys 3
expect "Report [" "the deep report runs again" 20
quit_ok "quit while the report runs"

[ $FAILS -eq 0 ] || { echo "$FAILS failure(s)"; exit 1; }
echo "all report tests passed"
