#!/bin/sh
# Live analysis on the game screen (issue 38, item 1), end to end in tmux:
# e shows the best lines (SAN, depth, score) and the evaluation bar; the
# lines follow a move and a step back in review; v gives three lines; the
# cursor answers while the analysis runs; e again stops it (the lines go
# and its search thread ends); against the computer it is off until the
# review or analysis-vs-computer = on, and then follows the computer's
# move; the help names the keys; under the tutorial and the start screen
# its search stops, and it follows again on the return.  Waits poll for the text with generous bounds (the sanitizer build
# is slow); the times are printed, not judged.
# usage: test_analysis_tmux.sh NINJACHESS DATA_DIR
set -u
. "$(dirname "$0")/tmux_lib.sh"

# wait_re REGEX [SECONDS]: polls the screen until a line matches REGEX.
wait_re() {
    n=0; max=$(( ${2:-10} * 10 ))
    while [ $n -lt $max ]; do
        screen | grep -E -q -- "$1" && return 0
        sleep 0.1; n=$((n + 1))
    done
    return 1
}
expect_re() { if wait_re "$1" "${3:-10}"; then ok "$2"; else fail "$2 (no line matching '$1')"; fi; }
now_ms() { date +%s%3N; }
threads() { ls "/proc/$(prog_pid)/task" 2>/dev/null | wc -l; }
# wait_threads N [SECONDS]: polls until the program has N threads (the
# bound in wall time: each poll asks tmux and ps).
wait_threads() {
    end=$(( $(now_ms) + ${2:-30} * 1000 ))
    while [ "$(now_ms)" -lt $end ]; do
        [ "$(threads)" -eq "$1" ] && return 0
        sleep 0.1
    done
    return 1
}
# wait_more_threads N: polls until the program has more than N threads.
wait_more_threads() {
    n=0
    while [ $n -lt 100 ]; do
        [ "$(threads)" -gt "$1" ] && return 0
        sleep 0.1; n=$((n + 1))
    done
    return 1
}

# A line of the analysis: its score (White's view) and its first move.
SAN='([NBRQK][a-h]?[1-8]?x?[a-h][1-8]|[a-h](x[a-h])?[1-8]|O-O(-O)?)[+#]?'
WHITE_LINE="^ .* [+-][0-9]+\\.[0-9][0-9] 1\\. $SAN( |\$)"
BLACK_LINE="^ .* [+-][0-9]+\\.[0-9][0-9] 1\\.\\.\\. $SAN( |\$)"

fresh
# ---- two humans: e shows lines and a bar ----
start --variant chess --white human --black human
expect "White to move" "chess between two humans"
base=$(threads)
t0=$(now_ms)
keys e
expect_re "Analysis: depth [0-9]+, 1 line" "e shows the analysis with its depth" 60
echo "  (lines shown after $(( $(now_ms) - t0 )) ms)"
expect_re "$WHITE_LINE" "the first line: a score and White's first move in SAN"
# the bar: a column of blocks right of the board, White's part below
bar=$(screen | grep -c "[█░]")
[ "$bar" -ge 8 ] && ok "an evaluation bar beside the board ($bar rows)" || fail "no evaluation bar ($bar rows)"
screen | tail -n 12 | grep -q "█" && ok "White's part of the bar fills from White's side" \
    || fail "no White part at the bottom of the bar"
[ "$(threads)" -gt "$base" ] && ok "the analysis searches on a thread of its own" \
    || fail "no search thread while analysing ($(threads) threads, $base before)"

# ---- keys answer while it runs: the cursor moves, a move is played ----
expect "e1: White King" "the cursor on the king"
t0=$(now_ms)
keys l
expect "f1: White Bishop" "the cursor moved while the analysis runs" 20
echo "  (the cursor answered after $(( $(now_ms) - t0 )) ms)"
move e2-e4
expect "Played e4" "a move typed while the analysis runs is played" 20
expect_re "$BLACK_LINE" "after the move the lines are Black's (1... SAN)" 60
screen | grep -E -q -- "$WHITE_LINE" && fail "a line of the position before the move is still shown" \
    || ok "no line of the old position is left"

# ---- three lines ----
keys v; keys v
expect_re "Analysis: depth [0-9]+, 3 lines" "v v: three lines" 60
n=$(screen | grep -E -c -- "$BLACK_LINE")
[ "$n" -eq 3 ] && ok "three lines of Black's moves" || fail "$n lines of Black's moves, not 3"

# ---- a step back in review ----
keys '<'
expect "Reviewing" "< steps back"
expect_re "$WHITE_LINE" "in review the lines are White's again (1. SAN)" 60
screen | grep -E -q -- "$BLACK_LINE" && fail "a line of the game's position is still shown in review" \
    || ok "no line of the game's position in review"
keys End
expect_re "$BLACK_LINE" "End: back to the game's position, Black's lines" 60

# ---- covered by the tutorial or the start screen: it pauses ----
# Its search (started anew at End) would go on unseen under them until its
# own time ran out; it stops at once, and starts again on the return even
# when it had finished.
keys t
expect "Tutorial: choose a piece" "t opens the tutorial over the analysis"
t0=$(now_ms)
wait_threads "$base" 2 && ok "under the tutorial the analysis search has stopped ($base threads)" \
    || fail "still $(threads) threads under the tutorial ($base before)"
echo "  (stopped $(( $(now_ms) - t0 )) ms after the tutorial showed)"
keys Enter; expect "Chess - tutorial" "the tutorial shown"
sleep 6 # longer than the search's own time: it would have ended by itself
keys q; expect "Back from the tutorial" "q returns to the game"
wait_more_threads "$base" && ok "back in the game its search runs again" || fail "no search thread after the tutorial"
expect_re "Analysis: depth [0-9]+, 3 lines" "back in the game the lines follow again" 60
keys n; expect "Leave this game for a new one?" "n asks before the start screen"
keys y; expect "Variant: " "the start screen over the analysis"
t0=$(now_ms)
wait_threads "$base" 2 && ok "under the start screen the analysis search has stopped ($base threads)" \
    || fail "still $(threads) threads under the start screen ($base before)"
echo "  (stopped $(( $(now_ms) - t0 )) ms after the start screen showed)"
keys q
wait_more_threads "$base" && ok "back from the start screen its search runs again" \
    || fail "no search thread after the start screen"
expect_re "Analysis: depth [0-9]+, 3 lines" "back from the start screen the lines follow again" 60

# ---- e again stops it ----
keys e
expect "Analysis off" "e turns the analysis off"
wait_gone "Analysis:" 10 && ok "the lines are gone" || fail "the lines stay after e"
screen | grep -q "[█░]" && fail "the bar stays after e" || ok "the bar is gone"
wait_threads "$base" && ok "its search thread has ended ($base threads)" \
    || fail "still $(threads) threads after e ($base before)"
keys '?'
expect "Keys" "? opens the help"
if screen | grep -E -q "^ +e / v +analysis on/off: best lines, evaluation bar / lines 1-5"; then
    ok "the help names e and v"; else fail "no help line for e and v"; fi
keys q; wait_gone "this help" 5 || fail "the help did not close"
quit_ok "two humans"

fresh
# ---- against the computer: off unless asked ----
start --variant chess --white human --black computer --level 1
expect "White to move" "chess against the computer"
keys e
expect "No analysis while playing the computer" "e is refused in play against the computer"
screen | grep -q "Analysis:" && fail "analysis shown against the computer" || ok "no analysis against the computer"
move e2-e4
expect "Computer played" "the computer answered" 60
keys '<'
expect "Reviewing" "review of the game against the computer"
keys e
expect_re "Analysis: depth [0-9]+" "in review e shows the analysis" 60
keys End
expect "Analysis waits" "back in play the analysis waits"
quit_ok "against the computer"

mkdir -p "$XDG_CONFIG_HOME/ninjachess"
printf 'analysis-vs-computer = on\n' >"$XDG_CONFIG_HOME/ninjachess/config"
fresh
start --variant chess --white human --black computer --level 1
expect "White to move" "analysis-vs-computer = on"
keys e
expect_re "$WHITE_LINE" "with the setting on, e shows White's lines in play" 60
move e2-e4
expect "Computer played" "the computer answered beside the analysis" 60
expect_re "^ .* [+-][0-9]+\\.[0-9][0-9] 2\\. $SAN( |\$)" "the lines follow the computer's move (2. SAN)" 60
quit_ok "analysis-vs-computer = on"

config_value_refused analysis-vs-computer

[ $FAILS -eq 0 ] || { echo "$FAILS failed"; exit 1; }
echo "all passed"
