#!/bin/sh
# The game screen among hostile files (issue 40): a link planted at a saved
# game's lock is not followed (nothing is created where it points).  Drives
# the real program in a detached tmux server as test_ui_tmux.sh does; works
# without a terminal (CI=true).
# usage: test_hostile_files_tmux.sh NINJACHESS DATA_DIR
set -u
BIN=$1
DATA=$2
command -v tmux >/dev/null 2>&1 || { echo "tmux not installed: skipped"; exit 77; }

. "$(dirname "$0")/tmux_lib.sh"
game_file() { ls "$XDG_STATE_HOME"/ninjachess/games/*.pgn 2>/dev/null | head -n 1; }

# ---- a link at a saved game's lock ----
fresh
start --variant chess --white human --black human
expect "White to move" "a game starts"
move e4
expect "1. e4" "a move"
keys q; wait_for "Quit" 3 && keys 1
wait_exit >/dev/null
f=$(game_file)
lock="${f%.pgn}.lock"
[ -n "$f" ] && [ ! -e "$lock" ] && ok "the game is saved and its lock gone" || fail "saved game '$f', lock present"
ln -s "$TMP/planted" "$lock"
start
expect "Resume the saved game of Chess (1 ply" "the game is still offered"
[ ! -e "$TMP/planted" ] && ok "nothing created through the lock's link" || fail "the link was followed: $TMP/planted exists"
[ -L "$lock" ] && ok "the link is left as it was" || fail "the lock: $(ls -l "$lock")"
keys Escape
T kill-session -t "$S" >/dev/null 2>&1
rm -f "$lock"

[ $FAILS -eq 0 ] && echo "all passed" || echo "$FAILS failed"
[ $FAILS -eq 0 ]
