#!/bin/sh
# The game screen among hostile files and limits (issue 40): a link planted
# at a saved game's lock is not followed (nothing is created where it
# points), and under a file-size limit (ulimit -f) the autosave fails with
# "Game not saved" while the game goes on, instead of SIGXFSZ killing the
# program.  Drives the real program in a detached tmux server as
# test_ui_tmux.sh does; works without a terminal (CI=true).
# usage: test_hostile_files_tmux.sh NINJACHESS DATA_DIR
set -u
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

# ---- a file-size limit: the save fails, the game goes on ----
# 100 plies of a Titan Chess self-play game make a saved game of over
# 1,024 bytes, past the limit whether the shell counts 512- or 1,024-byte
# blocks.
fresh
# --seed: without it each run plays other openings, some ending sooner
"$BIN" --data-dir "$DATA" --variant titan-chess --selfplay 1 --depth 1 --seed 5 --pgn "$TMP/self.pgn" >/dev/null 2>&1
plies=$(sed -e '/^\[/d' -e 's/{[^}]*}//g' "$TMP/self.pgn" | tr -s ' \n' '\n\n' |
    grep -v -E '^[0-9]+\.+$|^(1-0|0-1|1/2-1/2|\*)$|^$' | head -n 100)
[ "$(echo "$plies" | wc -l)" = 100 ] || fail "self-play gave $(echo "$plies" | wc -l) plies"
PRE='ulimit -f 1'
COLS=160 ROWS=50
# shellcheck disable=SC2086
start --variant titan-chess --white human --black human --play $plies
last=$(echo "$plies" | tail -n 1)
# last_shown: Black's 50th move is in the move list.
last_shown() { screen | grep '50\.' | grep -q -F -- "$last"; }
expect "50." "a game of 100 plies under ulimit -f 1"
last_shown && ok "its last ply $last shown" || fail "no $last in the move list"
keys u
expect "Game not saved" "the failed save is told"
expect "File too large" "with its reason"
last_shown && fail "the undo was lost" || ok "the undo stands"
keys r
sleep 0.3
last_shown && ok "the game goes on: redone" || fail "the game goes on (no $last after the redo)"
[ ! -s "$TMP/status.$S" ] && ok "the program is still running" || fail "the program ended: status $(cat "$TMP/status.$S")"
PRE=:
keys q; wait_for "Quit" 3 && keys 1
st=$(wait_exit)
[ "$st" != timeout ] && [ "$st" -lt 128 ] && ok "quits without a signal (status $st)" || fail "exit status $st"

[ $FAILS -eq 0 ] && echo "all passed" || echo "$FAILS failed"
[ $FAILS -eq 0 ]
