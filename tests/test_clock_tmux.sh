#!/bin/sh
# End to end, the game clocks (--time): both clocks in the panel, typed
# SAN moves, [TimeControl] and [%clk] in the game's file after every move,
# the program killed with SIGHUP and the game resumed with its moves and
# both clocks, a flag falling, and the computer spending its own clock;
# and a game another program wrote (SAN, comments, a variation) opened
# with --load and with the screen's load key.  Drives the real program in
# a detached tmux server as test_ui_tmux.sh does; works without a
# terminal (CI=true).
# usage: test_clock_tmux.sh NINJACHESS DATA_DIR TESTS_DIR
set -u
. "$(dirname "$0")/tmux_lib.sh"
PGNS=${3:?usage: test_clock_tmux.sh NINJACHESS DATA_DIR TESTS_DIR}/data
S=nc
game_file() { ls "$XDG_STATE_HOME"/ninjachess/games/*.pgn 2>/dev/null | head -n 1; }
# Seconds of the last [%clk H:MM:SS] of side $1 (0 White, 1 Black) in the game's file.
last_clk() {
    tr '\n' ' ' <"$(game_file)" | grep -o '%clk [0-9:]*' | awk -v side="$1" '
        NR % 2 == (side == 0 ? 1 : 0) { split($2, t, ":"); s = t[1] * 3600 + t[2] * 60 + t[3] }
        END { print s }'
}
# The panel's clock of side $1 ("White"/"Black") in seconds (M:SS or 0:SS.t).
shown_clock() {
    screen | grep -o "$1 [0-9][0-9:.]*" | head -n 1 | awk '{ split($2, t, ":"); print int(t[1] * 60 + t[2]) }'
}

# ---- two humans with 5+3: both clocks, SAN typed, saved with clocks ----
start --variant chess --white human --black human --time 5+3
expect "White 5:00  Black 5:00" "both clocks in the panel"
sleep 1.2
expect "White 5:00  Black 5:00" "the clocks start with the first move"
move e4
move e5
move Nf3
expect "Nf3" "SAN typed and shown in the move list"
sleep 3   # Black's clock runs
move Nc6
expect "2. Nf3" "four plies played"
f=$(game_file)
grep -q '^\[TimeControl "300+3"\]' "$f" && ok "TimeControl tag saved" || fail "no TimeControl tag in $f"
[ "$(tr '\n' ' ' <"$f" | grep -o '%clk' | wc -l)" -eq 4 ] && ok "a [%clk] after each move" || fail "clk comments: $(cat "$f")"
grep -q '1. e4 {\[%clk 0:05:03\]} 1... e5 {\[%clk 0:0[45]:[0-5][0-9]\]} 2. Nf3' "$f" && ok "SAN and clocks in the file" \
    || fail "file: $(cat "$f")"
white=$(last_clk 0); black=$(last_clk 1)
[ "$black" -lt "$white" ] && ok "Black's thinking was charged ($black < $white)" || fail "clocks $white $black"

kill -HUP "$(prog_pid)"
st=$(wait_exit)
[ "$st" = 129 ] && ok "SIGHUP ends the program (status $st)" || fail "SIGHUP: status $st"
grep -q 'Nc6 {\[%clk' "$(game_file)" && ok "the game with its clocks is on disk" || fail "not saved"

# ---- resumed: moves and both clocks as they were ----
start
expect "Resume the saved game of Chess (4 plies" "the game is offered"
keys Enter
expect "Resumed the saved game" "resumed"
expect "2. Nf3" "moves restored"
w=$(shown_clock White); b=$(shown_clock Black)
# White is to move: its clock runs on from the saved value; Black's waits.
[ "$b" = "$black" ] && ok "Black's clock restored ($b s)" || fail "Black's clock $b, saved $black"
[ "$w" -le "$white" ] && [ "$w" -ge $((white - 5)) ] && ok "White's clock restored and running ($w s of $white)" \
    || fail "White's clock $w, saved $white"
move Bb5
expect "3. Bb5" "play goes on"
grep -q '\[TimeControl "300+3"\]' "$(game_file)" && ok "still with clocks" || fail "the time control was lost"
keys q; wait_for "Quit" 3 && keys 1
wait_exit >/dev/null

# ---- a flag falls: 3 seconds for the whole game ----
rm -rf "$XDG_STATE_HOME"
start --variant chess --white human --black human --time 0.05+0
expect "White 0:03.0  Black 0:03.0" "three seconds"
move e4
expect "Game over: 1-0, Black lost on time" "Black's flag falls" 8
expect "Black ran out of time: White wins" "told"
grep -q '^\[Result "1-0"\]' "$(game_file)" && grep -q 'Termination "time forfeit"' "$(game_file)" \
    && ok "the loss on time is saved" || fail "file: $(cat "$(game_file)")"
keys q; wait_exit >/dev/null

# ---- bare king: running out of time against it is a draw ----
rm -rf "$XDG_STATE_HOME"
start --variant chess --white human --black human --time 0.05+0 --fen "4k3/8/8/8/8/8/8/QK6 b - - 0 1"
move Kd7
expect "White ran out of time, but Black cannot mate: a draw" "a bare king cannot win on time" 8
expect "Game over: 1/2-1/2" "drawn"
keys q; wait_exit >/dev/null

# ---- the computer plays on its own clock: six seconds each at level 10,
# where it would think for seconds a move without one ----
rm -rf "$XDG_STATE_HOME"
start --variant chess --white computer --black computer --level 10 --time 0.1+0
expect "  5. " "the computers play five moves" 20
screen | grep -q "lost on time" && fail "a computer lost on time" || ok "neither flag fell"
w=$(shown_clock White); b=$(shown_clock Black)
[ "$w" -lt 6 ] && [ "$b" -lt 6 ] && ok "both spent time ($w s, $b s left)" || fail "clocks $w $b"
keys q; wait_exit >/dev/null

# ---- games other programs wrote, on the screen ----
rm -rf "$XDG_STATE_HOME"
start --load "$PGNS/opera-lichess.pgn"
expect "17. Rd8#" "a lichess game opens with --load, in SAN"
expect "Game over: 1-0, checkmate" "its end"
keys q; wait_exit >/dev/null
start --variant chess --white human --black human
expect "White to move" "a new game"
keys o
expect "Open:" "the load prompt"
keys -l "$PGNS/annotated-no-variant.pgn"; keys Enter
expect "19. Kb1" "a game without [Variant] opens from the screen"
keys q; wait_for "Quit" 3 && keys 1
wait_exit >/dev/null

echo "$FAILS failure(s)"
[ $FAILS -eq 0 ]
