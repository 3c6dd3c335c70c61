#!/bin/sh
# End-to-end tests of the game screen: drives the real program in a detached
# tmux server (send-keys, capture-pane), polling for text instead of sleeping.
# Works without a terminal (CI=true): tmux provides the pseudo-terminal.
# usage: test_ui_tmux.sh NINJACHESS DATA_DIR
set -u
. "$(dirname "$0")/tmux_lib.sh"

fresh
# ---- every variant draws, with its labels, at 80x24 ----
for v in chess capablanca titan-chess stealth-ninja flying-warmachines chess-titan-rooks titan-chess-titans \
    shatranj courier janus horde extinction antichess giveaway losers crazyhouse capahouse; do
    start --variant "$v" --white human --black human
    expect "White to move" "$v: board drawn"
    case $v in
        titan-chess*) expect "12  f" "$v: rank 12 label" ; expect "a  b  c  d  e  f  g  h  i  j  k  l" "$v: files a-l" ;;
        stealth-ninja) expect " 0              W  W" "$v: rank 0 with e0/f0 only, holes blank" ;;
        flying-warmachines) expect " 0              M  M" "$v: rank 0 with e0/f0 only, holes blank" ;;
    esac
    quit_ok "$v"
done

fresh
# ---- moves: a drop chosen with keys, typed moves, undo and redo, save ----
start --variant stealth-ninja --white human --black human
expect "White to move" "stealth-ninja started"
move e2-e5
move e9-e7
expect "1. Pe2-e5" "typed moves listed, with the piece letter"
keys d; expect "Drop which piece?" "drop menu"
keys 1; expect "Drop the Ninja Pawn" "ninja pawn selected for a drop"
keys h k k k Enter            # cursor f1 -> e1 -> e4
expect "J@e2-e4" "drop with slide played from the board"
move h9-h8
keys u; if wait_gone "h9-h8" 5; then ok "undo"; else fail "undo"; fi
keys r; expect "h9-h8" "redo"
keys x; expect "Unknown key" "unknown key refused with a message"
move e4-e9
expect "cannot go to e9" "illegal typed move refused with the reason"
keys s; expect "Save to:" "save prompt"
keys C-u; keys -l "$TMP/game.pgn"; keys Enter
expect "Saved to" "saved"
grep -q '^\[Variant "stealth-ninja"\]' "$TMP/game.pgn" && grep -q "J@e2-e4" "$TMP/game.pgn" \
    && ok "PGN has [Variant] and the move text" || fail "PGN content: $(cat "$TMP/game.pgn")"
ls "$TMP" | grep -q tmp && fail "temporary save file left behind" || ok "no temporary file left"
# "~/" at the prompts is the home directory, as in a shell.
keys s; expect "Save to:" "save prompt again"
keys C-u; keys -l "~/home-game.pgn"; keys Enter
expect "Saved to $HOME/home-game.pgn" "~/ expanded at the save prompt"
grep -q "J@e2-e4" "$HOME/home-game.pgn" && ok "saved in the home directory" || fail "not in $HOME: $(ls "$HOME")"
keys o; expect "Open:" "open prompt"
keys C-u; keys -l "~/home-game.pgn"; keys Enter
expect "Loaded $HOME/home-game.pgn" "~/ expanded at the open prompt"
quit_ok "stealth-ninja game"
saved "J@e2-e4" && ok "the game in progress is kept" || fail "no saved game in $(ls -R "$XDG_STATE_HOME")"

# ---- resume the autosaved game on the next start ----
start
expect "Resume the saved game of Stealth Ninja Chess" "resumption offered"
keys Enter
expect "J@e2-e4" "resumed game shows its moves"
quit_ok "resumed game"

fresh
# ---- a damaged saved game (here the single file of earlier versions) is reported and put aside ----
mkdir -p "$XDG_STATE_HOME/ninjachess"
printf '[Variant "stealth-ninja"]\n\n1. e2-e9 *\n' >"$XDG_STATE_HOME/ninjachess/autosave.pgn"
start
expect "Start the game" "start screen after a damaged autosave"
expect "could not be read" "damaged autosave reported"
# The lines joined: the notice is wrapped at blanks (or after a slash), not cut.
n=0; while [ $n -lt 50 ] && ! screen | tr '\n' ' ' | tr -s ' ' | grep -q "line 3: move 1 'e2-e9': illegal move 'e2-e9'"; do
    sleep 0.1; n=$((n + 1)); done
[ $n -lt 50 ] && ok "the notice wraps: its reason is shown whole" || fail "the damaged notice is cut"
ls "$XDG_STATE_HOME"/ninjachess/games/*.damaged >/dev/null 2>&1 && ok "damaged autosave kept aside" || fail "no .damaged file"
keys q
st=$(wait_exit); [ "$st" = 0 ] && ok "q quits from the start screen" || fail "start screen quit: $st"

fresh
# ---- load a saved game ----
start --load "$TMP/game.pgn"
expect "J@e2-e4" "--load shows the saved moves"
quit_ok "loaded game"

fresh
# ---- castling or king step: a menu ----
start --variant flying-warmachines --white human --black human \
    --fen '****m1****/4k5/10/10/10/10/10/10/10/10/1R3K2R1/****2****[] w KQ - 0 1'
expect "White to move" "castling position"
keys Enter; expect "moves; choose" "king selected"
keys l Enter; expect "Which move?" "castling or king step asked"
expect "king step" "menu offers the king step" 2
keys 2; expect "f1-g1,i1-f1" "castling chosen from the menu"
quit_ok castling

fresh
# ---- a fly-over capture and a Titan push ----
start --variant titan-chess --white human --black human --fen '12/12/12/12/12/3p8/12/12/3F8/12/12/6K4k w - - 0 1'
expect "White to move" "bomber position"
move d4-d8
expect "d4-d8xd7" "fly-over capture"
quit_ok fly-over
start --variant chess-titan-rooks --white human --black human --fen '4k3/8/8/3n4/3r4/8/8/3RK3 w - - 0 1'
expect "White to move" "titan position"
move d1-d4
expect "d1-d4^d4%d5" "Titan push crushing a knight"
quit_ok push

fresh
# ---- promotion choice, mouse clicks, the end of the game ----
start --variant titan-chess --white human --black human --fen '12/5P6/12/12/12/12/12/12/12/12/12/6K4k w - - 0 1'
expect "White to move" "promotion position"
keys ':'; wait_for "Move:" 5; keys -l f11-f12; keys Enter
expect "Which move?" "short form with several promotions opens a menu"
keys 2; expect "f11-f12=R" "promotion piece chosen"
quit_ok promotion
start --variant chess --white human --black human
expect "White to move" "mouse position"
# X10 mouse reports: press and release of button 1 at column 26, row 13 (e2), then row 9 (e4).
keys -l "$(printf '\033[M :-')"; keys -l "$(printf '\033[M#:-')"
expect "Pawn on e2" "mouse click selects"
keys -l "$(printf '\033[M :)')"; keys -l "$(printf '\033[M#:)')"
expect "1. e4" "mouse click moves"
quit_ok mouse
start --variant chess --white human --black human --fen '7k/5Q2/6K1/8/8/8/8/8 w - - 0 1'
expect "White to move" "mate position"
move f7-g7
expect "Game over: 1-0, checkmate" "checkmate announced with reason"
keys Enter; expect "The game is over" "moves refused after the end"
keys u; expect "White to move" "undo after the end"
keys R; expect "White resigns?" "resign asks"
keys Enter; expect "0-1, White resigned" "resignation"
keys u; expect "White to move" "resignation taken back"
keys D; expect "accept?" "draw offer asks the other player"
keys Enter; expect "1/2-1/2, draw agreed" "draw agreed"
quit_ok "game end"
# ---- the game-rule vocabulary on the screen: a game-end rule, a capture to hand and its drop ----
start --variant antichess --white human --black human --fen '8/8/8/8/8/8/p7/1R6 b - - 0 1'
expect "Black to move" "antichess position"
move a2-b1xb1=Q
expect "Game over: 1-0, no pieces left" "antichess: losing every piece wins"
quit_ok "antichess end"
start --variant crazyhouse --white human --black human
expect "White to move" "crazyhouse started"
move e2-e4
move d7-d5
move e4-d5xd5
move d8-d5xd5
move P@e6
expect "P@e6" "crazyhouse: the taken pawn dropped"
quit_ok "crazyhouse drop"
start --variant chess --white human --black human --fen '4k3/8/8/8/4r3/8/4B3/4K3 w - - 0 1'
expect "White to move" "pinned bishop"
move e2-d3
expect "would leave your king in check" "a pinned piece's move is refused with the reason"
keys k Enter; expect "Bishop on e2 has no legal move" "a pinned piece cannot be selected, with the reason"
quit_ok "refusals"

fresh
# ---- resize to too small and back ----
start --variant titan-chess --white human --black human
expect "White to move" "before resize"
T resize-window -t nc -x 50 -y 15
expect "Terminal too small" "too small is reported"
expect "need at least" "needed size is named"
T resize-window -t nc -x 80 -y 24
expect "White to move" "recovers after resize"
quit_ok resize

fresh
# ---- help screen ----
start --variant chess --white human --black human
expect "White to move" "chess"
keys '?'; expect "Keys" "help screen"
expect "undo / redo" "help lists undo"
keys q; expect "White to move" "help closed"
quit_ok help

fresh
# ---- the tutorial and the start screen over a game, and back ----
start --variant chess --white human --black human
expect "White to move" "game before the tutorial"
move e2-e4
keys t; expect "Tutorial: choose a piece" "t opens the tutorial over the game"
keys Enter; expect "Chess - tutorial" "tutorial shown"
keys q; expect "Back from the tutorial" "q returns to the game"
expect "1. e4" "the game is as it was after the tutorial"
keys n; expect "Leave this game for a new one?" "n asks before leaving the game"
keys n; expect "The game goes on" "declined: the game stays"
keys n; wait_for "Leave this game" 5; keys y; expect "Start the game" "n opens the start screen"
keys Escape; wait_gone "Start the game" 5
expect "1. e4" "Esc returns to the game in progress"
keys n; wait_for "Leave this game" 5; keys y; expect "Start the game" "start screen again"
keys Enter; expect "New game of Chess" "a new game from the start screen"
quit_ok "screens over the game"

fresh
# ---- the computer moves without blocking the keys ----
start --variant chess --white human --black computer --level 1
expect "White to move" "human vs computer"
move e2-e4
expect "Computer played" "computer replied" 30
# Messages name chess moves in SAN, as the move list does.
screen | grep -q -E "Computer played ([NBRQK]?[a-h]?[1-8]?x?[a-h][1-8](=[NBRQ])?|O-O(-O)?)[+#]?( |\$)" &&
    ok "the computer's move named in SAN" || fail "the computer's move not in SAN"
quit_ok "vs computer"
fresh
start --variant chess --white human --black human
expect "White to move" "chess, two humans"
move g1-f3
expect "Played Nf3" "the player's move named in SAN"
quit_ok "SAN message"

fresh
# ---- a hint for the human, and the search's line while it thinks ----
start --variant chess --white human --black computer --level 10
expect "White to move" "hint game"
keys a
expect "Hint: " "the hint names a move" 20
quit_ok "hint"

start --variant titan-chess --white computer --black human --level 10
expect "thinking" "the computer thinks without blocking" 20
# The human plays Black: Black at the bottom (rank 1 on top, files from
# l), the cursor on Black's king.
screen | head -1 | grep -q '^ 1 ' && ok "playing Black: rank 1 on top" || fail "playing Black: board not turned"
screen | grep -q 'l  k  j  i  h  g  f  e  d  c  b  a' && ok "playing Black: files from l to a" || fail "files not turned"
expect "g12: Black King" "the cursor on the human's king"
expect "score " "depth, score and line shown while it thinks" 10
keys f; expect "Board flipped" "keys work while it thinks" 5
keys g; expect "Computer played" "g makes it move now" 10
quit_ok "move now"
fresh
# Space selects while the computer thinks (here the cursor's piece is not
# the mover's, and says so); it no longer cuts the search short.
start --variant titan-chess --white computer --black human --level 10
expect "thinking" "thinking again" 20
keys Space
expect "The piece on g12 is Black's; it is White to move" "space while the computer thinks selects"
quit_ok "space"

fresh
# ---- a resize leaves an open dialog open (it used to vanish, drawn over) ----
start --variant chess --white human --black human
expect "White to move" "resize test"
move e2-e4
keys s; expect "Save to:" "save prompt before a resize"
keys C-u; keys -l "kept.pgn"
T resize-window -t "$S" -x 100 -y 30
expect "Save to: kept.pgn" "the save prompt and its text survive a resize"
keys Escape; wait_gone "Save to:" 5
keys n; expect "Leave this game" "a question before a resize"
T resize-window -t "$S" -x 90 -y 26
sleep 0.3
expect "Leave this game" "the question survives a resize"
keys n; expect "The game goes on" "and is answered after it"
quit_ok "resize"

fresh
# ---- the help names the config file this run reads ----
COLS=160 ROWS=50
start --variant chess --white human --black human
expect "White to move" "help test"
keys '?'
expect "bell: $XDG_CONFIG_HOME/ninjachess/config (see the man page)" "the help names the config path in use"
keys q
quit_ok "help"
COLS=80 ROWS=24

fresh
# ---- no arguments, no saved game: the start screen, Enter plays Titan Chess ----
start
expect "Start the game" "start screen"
expect "Variant: Titan Chess" "Titan Chess preselected"
keys Enter
expect "White: human  Black: computer" "human White vs computer"
expect "Titan Chess" "Titan Chess started"
quit_ok "start screen"

fresh
# ---- SIGTERM and SIGHUP save the game ----
start --variant chess --white human --black human
expect "White to move" "signal test"
move d2-d4
expect "1. d4" "move before SIGTERM"
kill -TERM "$(prog_pid)"
st=$(wait_exit)
[ "$st" = 143 ] && saved "1. d4" && ok "SIGTERM saved the game (status $st)" || fail "SIGTERM: status $st, not saved"
fresh
start --variant chess --white human --black human
expect "White to move" "SIGHUP test"
move g1-f3
expect "Played Nf3" "move before SIGHUP"
kill -HUP "$(prog_pid)"
st=$(wait_exit)
saved "1. Nf3" && ok "SIGHUP saved the game" || fail "SIGHUP: not saved"

fresh
# ---- tutorial ----
start --variant titan-chess --tutorial
expect "Tutorial: choose a piece" "tutorial catalogue"
# Descriptions whole, wrapped at words (it was cut at 100 bytes: "it may inste").
expect "Up to its centre rank it may instead shoot" "the Ninja Pawn's description not cut" 5
screen | grep -q "Promotes on the last rank" && ok "long descriptions end whole" || fail "a description cut"
keys Down Down Enter      # third entry: Rook
expect "Slides any distance along ranks" "piece description from the data files" 5
keys e; expect "Examples from the rule texts" "examples menu"
keys 2; expect "takes en passant on a4" "rule-text example opened"
keys p; expect "Place which piece" "sandbox place menu"
keys Escape; wait_gone "Place which piece" 5
quit_ok tutorial

fresh
# ---- SIGKILL loses nothing: every move is on disk; the same flags offer it ----
start --variant titan-chess --white human --black human
expect "White to move" "titan game for SIGKILL"
for m in a3-a4 a10-a9 b3-b4 b10-b9 c3-c4 c10-c9; do move $m; done
expect "3. Pc3-c4" "six plies played"; expect "Pc10-c9" "the sixth ply shown"
kill -KILL "$(prog_pid)"
st=$(wait_exit); [ "$st" = 137 ] && ok "killed (status $st)" || fail "SIGKILL: status $st"
start --variant titan-chess --white human --black human
expect "Resume the saved game of Titan Chess (6 plies" "same flags offer the killed game"
keys Enter
expect "Resumed the saved game (6 plies)" "all six plies restored"
expect "3. Pc3-c4" "the moves are shown"; expect "Pc10-c9" "the sixth ply is back"
expect "White to move" "White moves after six plies"
move d3-d4
quit_ok "resumed after SIGKILL"
saved "4. d3-d4" && ok "the resumed game goes on in its file" || fail "resumed game not saved"
[ "$(ls "$XDG_STATE_HOME/ninjachess/games" | grep -c 'pgn$')" = 1 ] && ok "one file for the one game" \
    || fail "files: $(ls "$XDG_STATE_HOME/ninjachess/games")"
start --variant chess --white human --black human
expect "White to move" "other flags: not offered the Titan Chess game"
screen | grep -q "Resume" && fail "a Titan Chess game offered to chess" || ok "no offer for another variant"
quit_ok "chess at ply 0"

fresh
# ---- q at ply 0 keeps an older saved game ----
start --variant chess --white human --black human
expect "White to move" "older game"
move e2-e4
quit_ok "older game"
start --variant chess --white human --black human
expect "Resume the saved game of Chess (1 ply" "older game offered"
keys 2
expect "White to move" "declined: a new game"
quit_ok "new game at ply 0"
saved "1. e4" && ok "q at ply 0 kept the older game" || fail "the older game is gone"
start
expect "Resume the saved game of Chess (1 ply" "bare start offers it too"
keys Escape
expect "Start the game" "declined: the start screen"
keys q
st=$(wait_exit); saved "1. e4" && ok "still kept ($st)" || fail "lost after the start screen"

fresh
# ---- two instances keep both games; a running game is not offered to the other ----
start --variant chess --white human --black human
expect "White to move" "first instance"
move e2-e4
saved "1. e4" && ok "the first game is on disk" || fail "first game not saved"
S=nc2
start --variant chess --white human --black human
expect "White to move" "second instance: no offer of the first one's game"
screen | grep -q "Resume" && fail "the running game was offered" || ok "running game not offered"
move d2-d4
quit_ok "second instance"
S=nc
move e7-e5
quit_ok "first instance"
saved "1. e4 e5" && saved "1. d4" && ok "both games kept" \
    || fail "games: $(cat "$XDG_STATE_HOME"/ninjachess/games/*.pgn)"
start
expect "Resume a saved game?" "several games: a menu"
expect "Chess, 2 plies" "the most recent first" 2
screen | grep -A1 "Chess, 2 plies" | grep -q "Chess, 1 ply" && ok "both listed, newest first" || fail "menu order"
keys 2
expect "1. d4" "the chosen game resumed"
quit_ok "chosen game"
T kill-session -t nc2 >/dev/null 2>&1

fresh
# ---- a full disk (a 0-byte file size limit, which binds root too): told, nothing deleted ----
start --variant chess --white human --black human
expect "White to move" "game before the full disk"
move e2-e4
quit_ok "game before the full disk"
before=$(cat "$XDG_STATE_HOME"/ninjachess/games/*.pgn)
PRE='trap "" XFSZ; ulimit -f 0'
start --variant chess --white human --black human
PRE=:
expect "Resume the saved game of Chess" "offered with the disk full"
keys Enter
expect "Resumed" "resumed with the disk full"
move e7-e5
expect "Game not saved: cannot write" "the failed save is on the screen"
expect "File too large" "with the reason"
expect "ninjachess/games/" "and the path"
keys q; expect "Quit and lose it?" "quit asks"
keys 2; expect "the game stays open" "not quit"
expect "e5" "the game is still there"
keys q; expect "Quit and lose it?" "quit asks again"
keys 1
st=$(wait_exit); [ "$st" = 1 ] && ok "unsaved quit: status 1" || fail "unsaved quit: status $st"
T capture-pane -p -J -S - -t "$S" | grep -q "ninjachess: the game was not saved: cannot write.*File too large" \
    && ok "the reason after the screen" || fail "no reason on stderr"
[ "$(cat "$XDG_STATE_HOME"/ninjachess/games/*.pgn)" = "$before" ] && ok "the saved game is untouched" \
    || fail "saved game changed: $(ls -la "$XDG_STATE_HOME"/ninjachess/games)"
ls "$XDG_STATE_HOME"/ninjachess/games | grep -q tmp && fail "temporary file left" || ok "no temporary file"

# ---- a state directory that cannot be made (its parent is a file) ----
fresh
mkdir -p "$TMP/state"; : >"$TMP/state/file"
export XDG_STATE_HOME="$TMP/state/file/state"
start --variant chess --white human --black human
expect "White to move" "unwritable state directory"
move e2-e4
expect "Game not saved: cannot create" "unwritable state is told"
expect "Not a" "with the reason"; expect "directory; the game stays open" "and what is kept"
keys -l y; expect "Game not saved" "the warning stays after other keys"
keys n; expect "Start a new one and lose it?" "a new game asks first"
keys 2; expect "1. e4" "declined: the game stays"
screen | grep -q "Start the game" && fail "start screen opened anyway" || ok "no start screen"
kill -TERM "$(prog_pid)"
st=$(wait_exit); [ "$st" = 143 ] && ok "SIGTERM with an unsaved game: $st" || fail "SIGTERM unsaved: $st"
T capture-pane -p -J -S - -t "$S" | grep -q "ninjachess: the game was not saved: cannot create.*Not a directory" \
    && ok "the reason on stderr after a signal" || fail "no reason on stderr after a signal"
[ -f "$TMP/state/file" ] && [ ! -s "$TMP/state/file" ] && ok "nothing else touched" || fail "state file changed"
export XDG_STATE_HOME="$TMP/state"

fresh
# ---- bad input files give a message and a clean exit ----
printf '[Event "x"]\n1. e4 garbage {' >"$TMP/bad.pgn"
out=$("$BIN" --data-dir "$DATA" --load "$TMP/bad.pgn" 2>&1 </dev/null); st=$?
[ $st -eq 1 ] && echo "$out" | grep -q "bad.pgn" && ok "damaged save: $out" || fail "damaged save: $st $out"
out=$("$BIN" --data-dir "$DATA" --load "$TMP" 2>&1 </dev/null); st=$?
[ $st -eq 1 ] && echo "$out" | grep -q "is a directory" && ok "--load DIR: $out" || fail "--load DIR: $st $out"
printf '\001\002\003' >"$TMP/bin.pgn"
out=$("$BIN" --data-dir "$DATA" --load "$TMP/bin.pgn" 2>&1 </dev/null); st=$?
[ $st -eq 1 ] && echo "$out" | grep -q "not a saved game" && ok "foreign file: $out" || fail "foreign file: $st $out"
out=$("$BIN" --data-dir "$DATA" --variant no-such-variant 2>&1 </dev/null); st=$?
[ $st -ne 0 ] && echo "$out" | grep -q "no-such-variant" && ok "unknown variant: $out" || fail "unknown variant: $st $out"
mkdir -p "$TMP/data/variants"
cp "$DATA/pieces.txt" "$TMP/data/"
head -c 200 "$DATA/variants/titan-chess.txt" >"$TMP/data/variants/titan-chess.txt"
out=$("$BIN" --data-dir "$TMP/data" --variant titan-chess 2>&1 </dev/null); st=$?
[ $st -ne 0 ] && echo "$out" | grep -q "titan-chess.txt" && ok "truncated data file: $out" || fail "truncated data file: $st $out"
# The terminal is restored after a load error inside the screen too.
start --variant chess --white human --black human
expect "White to move" "open damaged file in game"
keys o; expect "Open:" "open prompt"
keys C-u; keys -l "$TMP/bad.pgn"; keys Enter
expect "bad.pgn" "damaged file message on screen"
expect "White to move" "game unchanged after a failed load"
quit_ok "failed load"

echo "$FAILS failure(s)"
[ $FAILS -eq 0 ]
