#!/bin/sh
# The clocks the player asks for reach the game (issue 39, "Clocks are
# honest"): the config file's `time` starts clocks in games begun from the
# start screen and from the command line, --time wins over it, a loaded
# game keeps its own; the start screen's clocks item (its default the
# config's value, shown although not one of the offered controls, changed
# with left/right); --play's moves collect their increments; undo then
# redo leaves both clocks as they were.  Drives the real program in a
# detached tmux server as test_clock_tmux.sh does; works without a
# terminal (CI=true).
# usage: test_clock_config_tmux.sh NINJACHESS DATA_DIR
set -u
. "$(dirname "$0")/tmux_lib.sh"
S=nc
game_file() { ls "$XDG_STATE_HOME"/ninjachess/games/*.pgn 2>/dev/null | head -n 1; }
# The panel's clock of side $1 ("White"/"Black") in seconds (M:SS or 0:SS.t).
shown_clock() {
    screen | grep -o "$1 [0-9][0-9:.]*" | head -n 1 | awk '{ split($2, t, ":"); print int(t[1] * 60 + t[2]) }'
}
quit_game() { keys q; wait_for "Quit" 2 && keys 1; wait_exit >/dev/null; }

mkdir -p "$XDG_CONFIG_HOME/ninjachess"
printf 'time = 1+1\n' >"$XDG_CONFIG_HOME/ninjachess/config"

# ---- the start screen: its clocks item, the config's value first ----
fresh
start
expect "c Clocks:  1+1" "the start screen offers the config's clocks (1+1, not a listed control)"
expect "9 Tutorial:" "the tutorial keeps its key"
keys c
expect "Left/right or +/- change it" "c selects the clocks item"
screen | grep -q "Clocks:  1+1" && ok "and leaves it as it was" || fail "c changed the clocks"
keys Right; expect "Clocks:  3+2" "right: the next control"
keys Left Left; expect "Clocks:  1+0" "left: the one before 1+1"
keys Left; expect "Clocks:  none" "and none before all"
keys Right Right; expect "Clocks:  1+1" "the config's value stays among them"
keys 1
expect "White 1:00  Black 1:00" "a game from the start screen has the config's clocks"
quit_game

fresh
start
expect "c Clocks:  1+1" "start screen again"
keys c Right Right
expect "Clocks:  5+3" "5+3 chosen"
keys 1
expect "White 5:00  Black 5:00" "the game started has the clocks chosen"
# n: the start screen over the game offers the last choice first
keys n
expect "c Clocks:  5+3" "the next new game offers the same clocks"
keys c Left Left Left Left
expect "Clocks:  none" "no clocks chosen"
keys 1
expect "New game of Titan Chess" "a new game"
screen | grep -q "White [0-9]" && fail "clocks shown although none were chosen" || ok "no clocks"
quit_game

# ---- the command line: the config's clocks, --time wins ----
fresh
start --variant chess --white human --black human
expect "White 1:00  Black 1:00" "--variant without --time: the config's clocks"
quit_game
fresh
start --variant chess --white human --black human --time 5+3
expect "White 5:00  Black 5:00" "--time wins over the config"
quit_game

# ---- --play's moves collect their increments ----
fresh
start --variant chess --white human --black human --play e4 --play e5 --play Nf3
expect "2. Nf3" "three moves played by --play"
quit_game
f=$(game_file)
grep -q '^\[TimeControl "60+1"\]' "$f" && ok "the config's time control saved" || fail "no TimeControl: $(cat "$f")"
tr '\n' ' ' <"$f" | grep -q 'e4 {\[%clk 0:01:01\]} 1... e5 {\[%clk 0:01:01\]} 2. Nf3 {\[%clk 0:01:02\]}' \
    && ok "each --play move added its second" || fail "clocks: $(cat "$f")"

# ---- a loaded game without clocks keeps none (only --time gives some) ----
cp "$f" "$TMP/noclock.pgn"
sed -i -e '/^\[TimeControl/d' -e 's/ {\[%clk [0-9:]*\]}//g' "$TMP/noclock.pgn"
fresh
start --load "$TMP/noclock.pgn"
expect "2. Nf3" "a game without clocks loaded"
screen | grep -q "White [0-9]" && fail "the config gave a loaded game clocks" || ok "it keeps none"
quit_game

# ---- undo then redo: both clocks as they were ----
rm -f "$XDG_CONFIG_HOME/ninjachess/config"
fresh
start --variant chess --white human --black human --time 5+3
expect "White 5:00  Black 5:00" "5+3"
move e4
move e5
sleep 4   # White's clock runs: about 4:59
w=$(shown_clock White); b=$(shown_clock Black)
keys u
wait_for "Black to move" 3 || fail "undo did not take e5 back"
keys r
expect "White to move" "e5 played again"
w2=$(shown_clock White); b2=$(shown_clock Black)
[ "$w2" -le "$w" ] && [ "$w2" -ge $((w - 2)) ] && ok "White's clock as it was after undo and redo ($w2 s, was $w)" \
    || fail "White's clock $w2 after undo and redo, was $w"
[ "$b2" = "$b" ] && ok "Black's clock as it was ($b2 s)" || fail "Black's clock $b2 after undo and redo, was $b"
quit_game

echo "$FAILS failure(s)"
[ $FAILS -eq 0 ]
