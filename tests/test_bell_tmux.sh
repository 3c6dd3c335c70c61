#!/bin/sh
# The bell (issue 39): the terminal's bell rings when the computer has
# moved and when a human's clock runs low, and `bell = off` in the config
# silences both.  The program's raw output is read through tmux
# pipe-pane and its BEL bytes counted.
# usage: test_bell_tmux.sh NINJACHESS DATA_DIR
set -u
. "$(dirname "$0")/tmux_lib.sh"

# bells: the BEL bytes the program has written since record began.
record() { : >"$TMP/raw"; T pipe-pane -o -t "$S" "cat >>'$TMP/raw'"; }
bells() { tr -cd '\007' <"$TMP/raw" | wc -c; }

fresh
# ---- the computer's move rings ----
start --variant chess --white human --black computer --level 1
expect "White to move" "chess against the computer"
record
move e2-e4
expect "Computer played" "the computer answered" 30
sleep 0.3
[ "$(bells)" -ge 1 ] && ok "a bell after the computer's move" || fail "no bell after the computer's move"
quit_ok "bell on"

fresh
# ---- a human's clock running low rings (3 seconds: low under 0.3) ----
start --variant chess --white human --black human --time 0.05+0
expect "White to move" "chess with a 3-second clock"
record
move e2-e4
expect "ran out of time" "Black's flag falls" 15
[ "$(bells)" -ge 1 ] && ok "a bell as Black's clock ran low" || fail "no bell for the low clock"
quit_ok "low clock"

# ---- bell = off: neither rings ----
mkdir -p "$XDG_CONFIG_HOME/ninjachess"
printf 'bell = off\n' >"$XDG_CONFIG_HOME/ninjachess/config"
fresh
start --variant chess --white human --black computer --level 1 --time 0.05+0
expect "White to move" "bell off"
record
move e2-e4
expect "Computer played" "the computer answered, bell off" 30
expect "ran out of time" "a flag falls, bell off" 15
[ "$(bells)" -eq 0 ] && ok "no bell with bell = off" || fail "$(bells) bells with bell = off"
quit_ok "bell off"
config_value_refused bell

[ $FAILS -eq 0 ] || { echo "$FAILS failed"; exit 1; }
echo "all passed"
