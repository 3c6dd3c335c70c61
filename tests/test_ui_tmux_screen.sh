#!/bin/sh
# End-to-end tests of what the game screen tells and shows (issue 10), on
# the real program in tmux at 80x24 and at 160x50: messages naming what is
# wrong, texts wrapped instead of cut, the marks a move leaves (read from
# the colour escapes of capture-pane -e), the move list and review,
# questions before a game ends, the start screen's keys, the cursor on
# boards with holes, the config file.
# usage: test_ui_tmux_screen.sh NINJACHESS DATA_DIR
set -u
. "$(dirname "$0")/tmux_lib.sh"

# coloured: the screen with its colour escapes.
coloured() { T capture-pane -e -p -t "$S" 2>/dev/null; }
# rank_has RANK PATTERN: the board row of RANK holds PATTERN (grep -E) in its escapes.
rank_has() { coloured | grep -a -E "^(.\[[0-9;]*m)*$(printf '%2s' "$1")" | grep -a -q -E -- "$2"; }
# click X Y: a press and release of mouse button 1 at column X, row Y (0-based), X10 encoding.
click() {
    cx=$(printf "\\$(printf '%03o' $(($1 + 33)))"); cy=$(printf "\\$(printf '%03o' $(($2 + 33)))")
    keys -l "$(printf '\033[M ')$cx$cy"; keys -l "$(printf '\033[M#')$cx$cy"
}
wheel_up() { keys -l "$(printf '\033[M`')!!"; }
TITAN_START='frylvqkulyrf/jjjwnbbnwjjj/pppppppppppp/12/12/12/12/12/12/PPPPPPPPPPPP/JJJWNBBNWJJJ/FRYLVQKULYRF w KQkq - 0 1'
NO_E1='frylvqkulyrf/jjjwnbbnwjjj/pppppppppppp/12/12/12/12/12/12/PPPPPPPPPPPP/JJJWNBBNWJJJ/FRYL1QKULYRF w KQkq - 0 1'

for size in 80x24 160x50; do
COLS=${size%x*}; ROWS=${size#*x}
echo "# ---- at $size ----"

fresh
# ---- 1. messages name what is wrong ----
start --variant titan-chess --white human --black human
expect "White to move" "$size titan chess"
move e3-e6xe7
expect "No move e3-e6xe7: nothing is removed on e7; the move from e3 to e6 is e3-e6" "$size: a wrong capture square is named"
screen | grep -q "leave your king in check" && fail "$size: check claimed" || ok "$size: no check claimed"
quit_ok "$size wrong effects"
start --variant titan-chess --white human --black human --fen "$NO_E1"
expect "White to move" "$size e1 empty"
move e1-e3
expect "No move e1-e3: there is no piece on e1" "$size: an empty square named whole"
quit_ok "$size empty square"
start --variant titan-chess --white human --black human --fen '12/12/12/12/12/2N9/4p7/12/12/12/12/6K4k w - - 0 1'
expect "White to move" "$size knight position"
move 'c7-e6xe6:'
expect "Played c7-e6xe6" "$size: the hint's text with its colon is played"
quit_ok "$size hint text"
start --variant stealth-ninja --white human --black human --ascii
expect "White hand:" "$size stealth ninja"
# The Stealth Gryphon (S) is the second piece in White's hand: its column.
hx=$(screen | grep "White hand:" | head -1 | awk '{ i = index($0, "Sx"); print i - 1 }')
hy=$(screen | grep -n "White hand:" | head -1 | cut -d: -f1)
click "$hx" $((hy - 1))
expect "The Stealth Gryphon cannot be dropped: all 2 squares it may be dropped on are" "$size: why a hand piece cannot be dropped"
screen | grep -q "choose a marked square" && fail "$size: nothing marked but asked to choose" || ok "$size: no empty choice offered"

quit_ok "$size drop refused"
# One square to drop on: named in the singular (the Gryphon enters on f0 only).
start --variant stealth-ninja --white human --black human --fen '****2****/9k/10/10/10/10/10/10/10/10/10/****K1****[S] w - - 0 1'
expect "White to move" "$size one drop square"
keys d; expect "Drop the Stealth Gryphon: choose the marked square" "$size: one marked square, singular"
quit_ok "$size one drop square"
start --variant stealth-ninja --white human --black human --ascii
expect "White to move" "$size stealth ninja again"
# ---- 9. the cursor on a board with holes ----
keys j h h k
expect "d2: White Pawn" "$size: f0, then h h k, reaches d2"
keys j j; expect "e0: White Ninja Warrior" "$size: down from d2 reaches d1, then e0"
quit_ok "$size cursor"
start --variant titan-chess --white human --black human --fen '6k5/12/12/12/12/12/12/12/12/12/12/1R4K3R1 w KQ - 0 1'
expect "White to move" "$size castling position"
keys ':'; wait_for "Move:" 5; keys -l g1-h1; keys Enter
expect "Which move?" "$size: a typed king step that is also a castling asks"
expect "king step" "$size: the king step is offered"
expect "g1-h1,k1-g1" "$size: and the castling"
keys Escape
quit_ok "$size typed castling"

# ---- 3. marks of the last move and of the preview ----
start --variant titan-chess --white human --black human --fen '12/12/12/12/12/3p8/12/12/3F8/12/12/6K4k w - - 0 1'
expect "White to move" "$size bomber position"
keys h h h k k k Enter
expect "Flying Bomber on d4" "$size: bomber selected"
rank_has 8 '~' && ok "$size: the fly-over landing d8 has its own mark ~" || fail "$size: no ~ on d8"
keys Escape
move d4-d8xd7
expect "Fd4-d8xd7" "$size: fly-over played"
# The flown-over pawn counts as taken; the balance is the material left
# (bomber against a bare king).
expect "White +6: took P" "$size: the material line after a fly-over capture"
rank_has 7 '48;5;217m *\*' && ok "$size: the emptied d7 is marked * in its own tint" || fail "$size: d7 not marked"
rank_has 4 '48;5;63m' && ok "$size: the origin d4 has the last-move tint" || fail "$size: d4 tint"
rank_has 8 '48;5;63m *F' && ok "$size: the destination d8 has the last-move tint" || fail "$size: d8 tint"
move l1-k1
wait_for "Kl1-k1" 5
rank_has 7 '48;5;217m' && fail "$size: d7 still marked after the next move" || ok "$size: marks last one move"
quit_ok "$size fly-over marks"
start --variant chess-titan-rooks --white human --black human --fen '4k3/8/8/3n4/3r4/8/8/3RK3 w - - 0 1'
expect "White to move" "$size push position"
move d1-d4
expect "Rd1-d4^d4%d5" "$size: push crushing a knight"
expect "White: took N" "$size: the crushed knight is taken, material level"
rank_has 5 '48;5;98m' && ok "$size: the pushed Titan's new square d5 has its tint" || fail "$size: d5 not tinted"
if [ "$size" = 80x24 ]; then
    coloured | grep -a -q '48;5;98m\^' && ok "$size: and the mark ^" || fail "$size: d5 not marked ^"
fi
quit_ok "$size push marks"

# ---- 4. move list and review (move text with piece letters: chess with
# Titan rooks; the SAN list of chess is test_ui's) ----
PLIES="a2-a3 a7-a6 b2-b3 b7-b6 c2-c3 c7-c6 d2-d3 d7-d6 e2-e3 e7-e6 f2-f3 f7-f6 g2-g3 g7-g6 h2-h3 h7-h6"
PLIES="$PLIES a3-a4 a6-a5 b3-b4 b6-b5 c3-c4 c6-c5 d3-d4 d6-d5 e3-e4 e6-e5 f3-f4 f6-f5 g3-g4 g6-g5 h3-h4 h6-h5"
# shellcheck disable=SC2086
start --variant chess-titan-rooks --white human --black human --ascii --play $PLIES
expect "16. Ph3-h4" "$size: the last move listed, with its piece"
screen | grep -q "1. Pa2-a3" && [ "$size" = 80x24 ] && fail "$size: the whole list fits?" || ok "$size: list shows the end"
keys Home
expect "Reviewing ply 0 of 32" "$size: Home shows the start"
expect "Reviewing: after the" "$size: the panel says so"
expect "1. Pa2-a3" "$size: the list scrolls to the start"
# A click on White's 3rd move in the list (the 5th ply): its row and column.
ly=$(screen | grep -n " 3. Pc2-c3" | head -1 | cut -d: -f1)
lx=$(screen | grep " 3. Pc2-c3" | head -1 | awk '{ print index($0, "Pc2-c3") - 1 }')
click "${lx:-0}" $((${ly:-1} - 1)); expect "Reviewing ply 5 of 32" "$size: a click on the list reviews that move"
keys Home
keys Right Right
expect "Reviewing ply 2 of 32" "$size: right steps forward"
expect "after 1... Pa7-a6" "$size: the panel names the move"
keys Left; expect "Reviewing ply 1 of 32" "$size: left steps back"
keys End; expect "Back at the game's position" "$size: End ends the review"
keys '<'; expect "Reviewing ply 31 of 32" "$size: < steps back from the game"
wheel_up; expect "Reviewing ply 30 of 32" "$size: the mouse wheel steps back"
keys '<' '<' '<'
expect "Reviewing ply 27 of 32" "$size: three plies back"
keys Enter
expect "Continue from move" "$size: playing from an earlier position asks"
expect "drop the" "$size: and names the later plies"
keys n; expect "Still reviewing" "$size: declined: still reviewing"
keys Enter; wait_for "Continue from move" 5; keys y
expect "Continuing from move 14..." "$size: accepted"
expect "14. Pf3-f4" "$size: the plies before are kept"
screen | grep -q "Pf6-f5" && fail "$size: later plies kept" || ok "$size: later plies dropped"
quit_ok "$size review"

# ---- 8. questions before a game ends ----
fresh
start --variant chess --white human --black human
expect "White to move" "$size draw between humans"
move e2-e4
keys D; expect "Black offers a draw. White, accept? (y/n)" "$size: the other player is asked"
keys n; expect "The draw offer was declined" "$size: declined"
screen | grep -q "draw agreed" && fail "$size: drawn anyway" || ok "$size: the game goes on"
quit_ok "$size draw offer"
start --variant chess --white human --black computer --fen '3qk3/8/8/8/8/8/8/4K3 w - - 0 1'
expect "White to move" "$size computer a queen up"
keys D; expect "Offer the computer a draw?" "$size: the offer is asked first"
keys y; expect "The computer declines the draw" "$size: a computer ahead declines"
quit_ok "$size computer declines"
start --variant chess --white human --black computer --fen '4k3/8/8/8/8/8/8/3QK3 w - - 0 1'
expect "White to move" "$size computer a queen down"
keys D; wait_for "Offer the computer a draw?" 5; keys y
expect "The computer accepts the draw" "$size: a computer behind accepts"
expect "1/2-1/2, draw agreed" "$size: drawn"
quit_ok "$size computer accepts"

# ---- 2. nothing cut ----
fresh
start --variant titan-chess --level 10
expect "level 10" "$size: the level shown whole"
quit_ok "$size level"
start --variant chess --level 10
expect "level 10" "$size: chess shows the level whole too"
quit_ok "$size chess level"
start --variant chess --white human --black human --titans rook
expect "Titans: Rook" "$size: the Titans shown during play"
quit_ok "$size titans"
start --variant stealth-ninja --white human --black human --option scepter
expect "Setup: main. Rules: scepter." "$size: setup and rules shown during play"
quit_ok "$size setup shown"

# ---- 7. the start screen ----
fresh
start
expect "Start the game" "$size start screen"
expect "pieces and ninjas." "$size: the variant's description whole"
keys 8; expect "Left/right or +/- change it" "$size: 8 selects the level"
screen | grep -q "Level:   3" && ok "$size: and leaves it as it was" || fail "$size: 8 changed the level"
keys 6; expect "White:   human" "$size: 6 selects White, still human"
keys Right; expect "White:   computer" "$size: right changes the selected player"
keys Left; expect "White:   human" "$size: left changes it back"
keys 8; keys Right; expect "Level:   4" "$size: right raises the level"
keys Left Left; expect "Level:   2" "$size: left lowers it"
keys + ; expect "Level:   3" "$size: + raises it"
keys 2; expect "Variant (a letter jumps to it)" "$size: variant menu"
# The seed variants first, in their order.
screen | grep -A4 "Variant (a letter" | grep -q "1 Titan Chess" && screen | grep -q "2 Stealth Ninja Chess" &&
    screen | grep -q "3 Flying Warmachines" && ok "$size: the seed variants lead the picker" ||
    fail "$size: the seed variants not first"
if [ "$size" = 80x24 ]; then
    expect "more below" "$size: a sign that more variants are below"
    keys End; expect "Xiangqi - Chinese chess" "$size: End goes to the last variant"
    expect "more above" "$size: and the sign of those above"
fi
# Type-ahead: C goes from variant to variant starting with C until Chess
# is the current (reversed) one, wherever it is in the list.
i=0
while [ $i -lt 12 ]; do
    keys C; sleep 0.2
    coloured | grep -a "Chess - Orthodox chess" | grep -a -q '\[7m' && break
    i=$((i + 1))
done
keys Enter; expect "Variant: Chess" "$size: chess chosen by typing C"
expect "3 Setup:" "$size: the setup item keeps its key in chess"
expect "4 Rules:" "$size: the rules item keeps its key"
keys 5; expect "[ ] Rook" "$size: a checklist of the Titans"
screen | grep -q "\[ \] King" && fail "$size: the king offered as a Titan" || ok "$size: no royal type offered"
keys t; expect "Titan types" "$size: names typed"
keys -l "rook,dragon"; keys Enter
expect "no piece type 'dragon' in variant chess" "$size: a wrong name is told at once"
expect "Valid: queen, rook, bishop, knight" "$size: with the valid names"
keys t; wait_for "Titan types" 5; keys -l "R"; keys Enter
expect "[x] Rook" "$size: a typed letter marks the type"
keys t; wait_for "Titan types" 5; keys -l "bishop"; keys Enter
expect "[x] Bishop" "$size: a typed name marks its type"
screen | grep -q "\[x\] Rook" && ok "$size: and the ticked ones stay" || fail "$size: typing replaced the ticked types"
keys Escape; expect "Titans:  rook,bishop" "$size: the choice kept"
keys q
st=$(wait_exit); [ "$st" = 0 ] && ok "$size: q quits the start screen" || fail "$size: q: status $st"
start --variant stealth-ninja --white human --black human
expect "White to move" "$size options"
keys n; expect "Start the game" "$size start screen over a new game"
keys 4; expect "Optional rules" "$size: rules checklist"
expect "[ ] scepter" "$size: scepter offered"
expect "[ ] insane-ninja" "$size: insane-ninja offered"
keys 2; expect "[x] scepter" "$size: toggled, the list stays open"
keys 1; expect "[x] insane-ninja" "$size: a second toggle in the same list"
keys Escape; expect "Rules:   scepter,insane-ninja" "$size: both kept" 5
keys Escape
quit_ok "$size rules"
done

COLS=80; ROWS=24
fresh
# ---- 11. the config file, and the hint on the board ----
mkdir -p "$XDG_CONFIG_HOME/ninjachess"
printf '# test\ncolour.light = 250\nkey.undo = U\nlevel = 7\n' >"$XDG_CONFIG_HOME/ninjachess/config"
start --variant chess --white human --black computer
expect "level 7" "config: the default level"
coloured | grep -a -q '48;5;250m' && ok "config: the light squares' colour" || fail "config: colour not used"
move e2-e4
expect "Computer played" "config: a computer reply" 30
keys U; expect "Took back" "config: U undoes"
keys a; expect "(marked ! on the board)" "the hint is marked" 20
screen | grep -q '!' && ok "a ! on the board" || fail "no ! on the board"
quit_ok config
printf 'level = 7\ncolour.lite = 250\n' >"$XDG_CONFIG_HOME/ninjachess/config"
out=$("$BIN" --data-dir "$DATA" --variant chess 2>&1 </dev/null); st=$?
echo "$out" | grep -q "ninjachess/config:2: unknown colour 'colour.lite'" && [ $st -eq 1 ] \
    && ok "config error with file and line: $out" || fail "config error: $st $out"
rm -rf "$XDG_CONFIG_HOME"

# ---- 11. contrast: the default square colours are the ones tested in test_ui ----
start --variant chess --white human --black human
expect "White to move" "colours"
coloured | grep -a -q '38;5;231m.*48;5;243m\|48;5;243m' && coloured | grep -a -q '48;5;29m' \
    && ok "the light (243) and dark (29) squares" || fail "square colours"
quit_ok colours

echo "$FAILS failure(s)"
[ $FAILS -eq 0 ]
