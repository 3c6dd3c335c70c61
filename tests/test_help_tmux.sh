#!/bin/sh
# The help tells the truth, end to end in tmux: the drill's key line, panel
# and help page name the drill's keys and its defence (not the game's keys,
# most of which do nothing there), the tutorial's help its own keys, and a
# key the config file gives an action shows in the game's help and key
# line.  Works without a terminal (CI=true): tmux provides one.
# usage: test_help_tmux.sh NINJACHESS DATA_DIR
set -u
. "$(dirname "$0")/tmux_lib.sh"

# absent TEXT WHAT: TEXT is not on the screen (the screen is already drawn).
absent() { if screen | grep -F -q -- "$1"; then fail "$2 ('$1' shown)"; else ok "$2"; fi; }

# ---- the drill ----
fresh
start --variant chess --drill KR --drill-seed 7
expect "Drill KR: mate the black king" "the drill starts" 30
expect "Black: endgame table" "the drill's panel names the defence"
absent "Black: human" "the drill's panel does not call the defence human"
expect "n new start" "the drill's key line names its keys"
absent "u/r undo/redo" "the drill's key line has no game keys"
keys '?'
expect "Keys of the checkmate drill" "? opens the drill's help"
expect "a new start" "the drill's help lists n"
absent "resign" "the drill's help lists no game-only key (resign)"
absent "save as PGN" "the drill's help lists no game-only key (save)"
keys q; wait_gone "Keys of the checkmate drill" 5 || fail "the drill's help did not close"
expect "Drill KR" "back in the drill after its help"
T kill-session -t "$S"

# ---- the tutorial ----
fresh
start --variant chess --white human --black human
expect "White to move" "game before the tutorial"
keys t; expect "Tutorial: choose a piece" "t opens the tutorial"
keys Enter; expect "Chess - tutorial" "tutorial shown"
keys '?'
expect "Keys of the tutorial" "? in the tutorial opens the tutorial's help"
expect "place a piece at the cursor" "the tutorial's help lists p"
absent "resign" "the tutorial's help lists no game-only key"
keys q; wait_gone "Keys of the tutorial" 5 || fail "the tutorial's help did not close"
keys q; expect "Back from the tutorial" "q returns to the game"
quit_ok tutorial

# ---- a remapped key ----
fresh
mkdir -p "$XDG_CONFIG_HOME/ninjachess"
printf 'key.undo = U\nkey.flip = F\n' >"$XDG_CONFIG_HOME/ninjachess/config"
start --variant chess --white human --black human
expect "White to move" "game with a config that remaps undo and flip"
expect "U/r undo/redo" "the key line shows the remapped undo key"
keys '?'
expect "Keys" "? opens the game's help"
expect "U / r" "the help shows the remapped undo key"
if screen | grep -q "^  F  *flip the board"; then ok "the help shows the remapped flip key"; else fail "no 'F flip the board' in the help"; fi
keys q; wait_gone "this help" 5 || fail "the help did not close"
quit_ok "remapped keys"
rm -f "$XDG_CONFIG_HOME/ninjachess/config"

[ $FAILS -eq 0 ] || { echo "$FAILS failure(s)"; exit 1; }
echo "all help tests passed"
