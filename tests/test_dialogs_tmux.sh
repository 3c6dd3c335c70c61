#!/bin/sh
# The dialogs of the game screen are states of the one event loop: while
# the move prompt, a question, the move menu or the help page is open the
# clock runs and the computer moves, a flag that falls ends the game and
# closes the dialog with the message, and a resize draws the dialog again
# and keeps it open; menus and questions keep their keys.  The start
# screen's menus and the offer of saved games at start-up are dialogs too:
# the start screen's tick (the game behind it kept saved) runs under its
# menus, and a choice still works after a resize.  Drives the real
# program in a detached tmux server as test_ui_tmux.sh does; works without
# a terminal (CI=true).
# usage: test_dialogs_tmux.sh NINJACHESS DATA_DIR
set -u
. "$(dirname "$0")/tmux_lib.sh"
S=nc

# ---- the move prompt open, nothing typed: Black's one second runs out ----
fresh
start --variant chess --white human --black human --time 0:01+0
expect "White 0:01.0  Black 0:01.0" "one second each"
move e4
keys ':'
expect "Move:" "the move prompt is open on Black's clock"
expect "Game over: 1-0, Black lost on time" "the flag falls while the prompt is open" 5
expect "Black ran out of time: White wins" "the loss on time is told"
wait_gone "Move:" 2 && ok "the prompt closed with the game" || fail "the prompt is still open"
keys -l "e5"; keys Enter
sleep 0.5
grep -rq "e5" "$XDG_STATE_HOME"/ninjachess/games && fail "a move after the flag fell was played" \
    || ok "nothing typed after it is played"
keys q; wait_exit >/dev/null

# ---- a question open, nothing answered: the flag falls under it ----
fresh
start --variant chess --white human --black human --time 0:01+0
expect "White 0:01.0  Black 0:01.0" "one second each"
move e4
keys R
expect "Black resigns?" "the resignation question is open on Black's clock"
expect "Game over: 1-0, Black lost on time" "the flag falls while the question is open" 5
wait_gone "Black resigns?" 2 && ok "the question closed with the game" || fail "the question is still open"
keys y
sleep 0.5
screen | grep -q "resigned" && fail "the answer after the flag fell resigned" || ok "a late answer changes nothing"
keys q; wait_exit >/dev/null

# ---- the help page open: the flag falls and the game is saved as lost ----
fresh
start --variant chess --white human --black human --time 0:01+0
expect "White 0:01.0  Black 0:01.0" "one second each"
move e4
keys '?'
expect "-- Help:" "the help page is open on Black's clock"
n=0
until grep -rqs '^\[Result "1-0"\]' "$XDG_STATE_HOME"/ninjachess/games || [ $n -ge 50 ]; do sleep 0.1; n=$((n + 1)); done
screen | grep -q -- "-- Help:" || fail "the help page closed by itself"
grep -rqs 'Termination "time forfeit"' "$XDG_STATE_HOME"/ninjachess/games \
    && ok "the loss on time is saved while the help page is open" || fail "the game's file: no loss on time"
keys q
expect "Game over: 1-0, Black lost on time" "told once the help page is closed"
keys q; wait_exit >/dev/null

# ---- the computer moves while a question is open ----
fresh
start --variant chess --white human --black computer --level 10 --time 1+0
expect "White 1:00  Black 1:00" "a minute each"
move e4
keys D
expect "Offer the computer a draw?" "the draw question is opened"
screen | grep -q "Black to move (thinking)" && ok "the computer is thinking under it" \
    || fail "the computer is not thinking under the question"
expect "White to move" "the computer's move is made under the question" 20
screen | grep -q "Offer the computer a draw?" && ok "the question stays open" || fail "the question closed"
keys n
expect "No draw offered" "answered after the computer's move"
keys q; wait_exit >/dev/null

# ---- the prompt keeps what was typed through a resize ----
fresh
start --variant chess --white human --black human
expect "White to move" "a new game"
keys ':'; wait_for "Move:" 5; keys -l "e2"
T resize-window -t "$S" -x 100 -y 30
sleep 0.3
expect "Move: e2" "a resize redraws the prompt with its text"
keys -l "e4"; keys Enter
expect "Played e4" "the move typed across the resize is played"
keys ':'; wait_for "Move:" 5
kill -HUP "$(prog_pid)"
st=$(wait_exit)
[ "$st" = 129 ] && ok "SIGHUP with the prompt open ends the program (status $st)" || fail "SIGHUP: status $st"
saved "1. e4" && ok "the game is saved" || fail "the game was not saved"

# ---- menus and questions keep their keys and survive a resize ----
fresh
start --variant chess --white human --black human --fen "8/4P3/8/8/8/8/k7/4K3 w - - 0 1"
expect "White to move" "a pawn about to promote"
keys ':'; wait_for "Move:" 5; keys -l "e7-e8"; keys Enter
expect "Which move?" "a promotion typed without its piece asks which"
T resize-window -t "$S" -x 90 -y 28
sleep 0.3
expect "Which move?" "the menu is drawn again after a resize"
keys 2
expect "Played e8=" "a digit chooses as before"
keys R
expect "Black resigns?" "the resignation question"
T resize-window -t "$S" -x 80 -y 24
sleep 0.3
expect "Black resigns?" "the question is drawn again after a resize"
keys n
wait_gone "Black resigns?" 2 && ok "n answers no" || fail "the question is still open"
screen | grep -q "resigned" && fail "n resigned" || ok "nobody resigned"
keys q; wait_exit >/dev/null

# ---- the tutorial's menus are dialogs too, with their keys ----
fresh
start --variant chess --tutorial
expect "Tutorial: choose a piece" "the tutorial asks for a piece"
keys 2
expect "Queen: its moves are marked" "a digit chooses the Queen"
keys p
expect "Place which piece at the cursor?" "p asks which piece"
T resize-window -t "$S" -x 100 -y 30
sleep 0.3
expect "Place which piece at the cursor?" "the catalogue is drawn again after a resize"
keys 5
expect "Colour" "then its colour"
keys 2
expect "Placed a Black" "placed as chosen"
keys e
expect "Examples from the rule texts" "e offers the examples"
keys 7
expect "Titan Pieces: d1-d4 pushes the Titan rook" "an example chosen"
quit_ok "the tutorial"

# ---- the drill's choice of material, asked as it opens ----
fresh
start --variant chess --tutorial
expect "Tutorial: choose a piece" "the tutorial again"
keys Enter; keys L
expect "Lessons from the rule texts" "the lessons' menu"
keys End Enter
expect "Checkmate drill: which material?" "the drills' entry asks the material" 60
T resize-window -t "$S" -x 90 -y 28
sleep 0.3
expect "Checkmate drill: which material?" "the material menu is drawn again after a resize"
keys Enter
expect "mate the black king" "the drill begins with the material chosen" 60
keys q
expect "Chess - tutorial" "q goes back to the tutorial"
keys L; expect "Lessons from the rule texts" "the lessons' menu again"
keys End Enter
expect "Checkmate drill: which material?" "the material menu again" 60
keys Escape
wait_gone "Checkmate drill: which material?" 5 && ok "Escape closes the material menu" || fail "the menu stays"
expect "Chess - tutorial" "and the tutorial is back"
screen | grep -q "mate the black king" && fail "a drill began without a material" || ok "no drill began"
quit_ok "the tutorial after the drill"

# ---- a flag falls under the move menu: it closes ----
fresh
start --variant chess --white human --black human --time 0:01+0 --fen "8/4P3/8/8/8/8/k7/4K3 b - - 0 1"
move Ka3
keys ':'; wait_for "Move:" 5; keys -l "e7-e8"; keys Enter
expect "Which move?" "the move menu is open on White's clock"
expect "White ran out of time, but Black cannot mate: a draw" "the flag falls under the menu" 5
wait_gone "Which move?" 2 && ok "the menu closed with the game" || fail "the menu is still open"
keys q; wait_exit >/dev/null

# ---- the start screen's menus: the game behind it is saved under them ----
# The state directory's parent is a file at first, so the game's saves
# fail; made a directory while the variant picker is open, the start
# screen's tick saves the game behind it.
fresh
: >"$TMP/later"
export XDG_STATE_HOME="$TMP/later/state"
start --variant chess --white human --black human
expect "White to move" "a game whose saves fail"
move e4
expect "Game not saved" "the save fails"
keys n; expect "Start a new one and lose it?" "a new game asks first"
keys y; expect "Start the game" "the start screen over the unsaved game"
keys 2; expect "Variant (a letter jumps to it)" "the variant picker is open"
rm "$TMP/later"; mkdir "$TMP/later"
n=0
until saved "1. e4" || [ $n -ge 100 ]; do sleep 0.1; n=$((n + 1)); done
saved "1. e4" && ok "the game behind is saved while the picker is open" || fail "the game behind was not saved"
screen | grep -q "Variant (a letter jumps to it)" && ok "the picker stays open" || fail "the picker closed"
T resize-window -t "$S" -x 100 -y 30
sleep 0.3
expect "Variant (a letter jumps to it)" "the picker is drawn again after a resize"
keys S Enter
expect "Variant: Stealth Ninja Chess" "a letter and Enter choose after the resize"
keys 5; expect "Type the names..." "the Titans' checklist"
keys t; wait_for "Titan types" 5; keys -l "ninja-guard"
T resize-window -t "$S" -x 80 -y 24
sleep 0.3
expect "Titan types (names or letters, comma-separated): ninja-guard" "the prompt keeps its text through a resize"
keys Enter
expect "[x] Ninja Guard" "the typed name ticks its type"
keys Escape; expect "Titans:  ninja-guard" "the choice kept"
keys 1
expect "White to move" "the game chosen begins"
keys q; wait_exit >/dev/null

# ---- the offer of a saved game at start-up, through a resize ----
start
expect "Resume the saved game of Chess (1 ply" "the game left behind is offered"
T resize-window -t "$S" -x 100 -y 30
sleep 0.3
expect "Resume the saved game of Chess (1 ply" "the offer is drawn again after a resize"
keys y
expect "Resumed the saved game (1 ply)" "y resumes it"
expect "1. e4" "with its move"
keys q; wait_exit >/dev/null
start
expect "Resume the saved game of Chess (1 ply" "offered again"
kill -HUP "$(prog_pid)"
st=$(wait_exit)
[ "$st" = 129 ] && ok "SIGHUP with the offer open ends the program (status $st)" || fail "SIGHUP: status $st"
export XDG_STATE_HOME="$TMP/state"

echo "$FAILS failure(s)"
[ $FAILS -eq 0 ]
