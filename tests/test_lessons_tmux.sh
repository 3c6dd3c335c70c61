#!/bin/sh
# End-to-end tests of the lessons in the tutorial: drives the real program
# in a detached tmux server (send-keys, capture-pane), polling for text
# instead of sleeping, as tests/test_ui_tmux.sh does.  Plays through a
# lesson, an exercise answered wrong then right, one answered wrong twice
# (the answer is shown), the "Which move?" menu of an exercise and of the
# sandbox, and checks the progress file and a damaged one.
# Works without a terminal (CI=true): tmux provides the pseudo-terminal.
# usage: test_lessons_tmux.sh NINJACHESS DATA_DIR
set -u
. "$(dirname "$0")/tmux_lib.sh"
PROGRESS="$XDG_STATE_HOME/ninjachess/lessons.txt"
wait_file() {
    n=0
    while [ $n -lt 50 ]; do
        grep -q -x -F -- "$2" "$1" 2>/dev/null && return 0
        sleep 0.1; n=$((n + 1))
    done
    return 1
}
expect_not() { if screen | grep -F -q -- "$1"; then fail "$2 ('$1' shown)"; else ok "$2"; fi; }

# ---- a lesson: the menu by variant and topic, the marks, the text ----
start --variant titan-chess --tutorial
expect "Tutorial: choose a piece" "tutorial opens with the piece pages"
keys Enter; expect "Titan Chess - tutorial" "piece page shown"
keys L; expect "Lessons from the rule texts" "L opens the lesson menu"
expect "Stealth Ninja Chess" "the menu lists the variants"
keys 1; expect "Flying Bomber" "Titan Chess topics"
keys 4; expect "The Flying Bomber on f4" "the Flying Bomber lessons"
keys 1; expect "Flying Bomber - lesson" "the lesson is shown"
expect "f4: White Flying Bomber" "its piece under the cursor"
expect "It moves like a rook when" "its explanation in the panel"
# The whole key line at 80 columns (it was cut before "q back"), with z.
expect "n next  b prev  r again  L lessons  c pieces  z puzzles  ? help  q back" "the lesson keys on the key line"
# Wrapped at spaces only: the panel's words, read line by line, are the
# explanation's words in order (the panel starts at column 42 here).
explain=$(sed -n '/^lesson tc-bomber-f4$/,/^end$/s/^  explain //p' "$DATA/lessons/1-titan-chess.txt" | tr -s ' \n' '  ')
shown=$(screen | cut -c42- | sed -n '/^The Flying Bomber on f4/,/^ *$/p' | sed '1d;/^\[more/d' | tr -s ' \n' '  ')
shown=${shown% }
case "$explain" in
    "$shown"*) [ ${#shown} -gt 100 ] && ok "the text is wrapped at spaces (${#shown} bytes shown)" || fail "too little text shown: '$shown'" ;;
    *) fail "the panel's text is not the explanation's words: '$shown'" ;;
esac
# The marks of the claims: ~ on f8 (a fly-over landing), * on f7 (flown over).
row8=$(screen | grep '^ 8 ')
row7=$(screen | grep '^ 7 ')
case "$row8" in *"~"*) ok "f8 is marked as a fly-over landing" ;; *) fail "f8 not marked: '$row8'" ;; esac
case "$row7" in *"*"*) ok "f7 is marked as removed" ;; *) fail "f7 not marked removed: '$row7'" ;; esac
wait_file "$PROGRESS" "tc-bomber-f4 seen" && ok "the lesson is recorded as seen" || fail "no 'seen' in $PROGRESS"

# ---- an exercise: a wrong answer, then the right one ----
keys n; expect "Exercise: the bomber takes two" "n goes to the next lesson"
expect "Which move takes both the pawn and the" "the question in the panel"
expect_not "flies over the pawn on g4" "the explanation waits for the answer"
keys Enter Up Up Up Up Enter
expect "Not right: f4-f8xf7: captures f7" "a wrong answer is told, with what it does"
expect "Two enemies side by side" "the lesson's hint after the first wrong try"
keys Down Down Down Down Enter Right Right Enter
expect "Right: f4-h4xg4xh4: captures g4" "the right answer is told"
expect "flies over the pawn on g4" "the explanation after the answer"
expect "[solved]" "the lesson is marked solved"
wait_file "$PROGRESS" "tc-bomber-both solved" && ok "solved is saved" || fail "no 'solved' in $PROGRESS"
keys b; expect "The Flying Bomber on f4" "b goes back a lesson"

# ---- two wrong tries: the answer is shown ----
keys n n n n; expect "Give check with the bomber." "the check exercise"
# The cursor starts on f6; the bomber stands on b4.
keys Left Left Left Left Down Down Enter Up Enter
expect "Not right: b4-b5" "first wrong try"
keys Down Enter Up Up Enter
expect "The answer: b4-b2" "the answer after the second wrong try"
expect "Either is check" "the explanation with the answer"

# ---- an exercise's "Which move?": a king step that is also a castling ----
keys L; expect "Lessons from the rule texts" "the lesson menu for the castlings"
keys 1; expect "Castling" "Titan Chess topics again"
keys 8; expect "Exercise: the most extreme wing castling" "the castling lessons"
keys 2; expect "Castle so that the king ends on b1." "the castling exercise"
# The cursor starts on f6; the king stands on g1.
keys Right Down Down Down Down Down Enter Left Enter
expect "Which move?" "the king's step to f1 asks which move"
expect "1 g1-f1 (king step)" "the menu offers the king step" 2
expect "2 g1-f1,b1-g1: castles" "and the castling" 2
keys Escape
expect "Move cancelled" "Escape cancels the move"
keys Enter; expect "Which move?" "asked again"
keys 2; expect "Not right: g1-f1,b1-g1: castles" "the castling chosen is judged"

# ---- a drop exercise: the hand piece chosen with d ----
keys L; expect "Lessons from the rule texts" "the lesson menu again"
keys 3; expect "Stealth Gryphon" "Stealth Ninja Chess topics"
keys 6; expect "Exercise: block the check with a drop" "the drop lessons"
keys 6; expect "The rook gives check. Block it" "the drop exercise"
# z in a lesson: the lesson's variant's puzzles, and back to the lesson.
keys z; expect "to play and win" "z in a lesson opens the Stealth Ninja Chess puzzles" 30
keys q; expect "Back from the puzzles" "q comes back from the puzzles" 30
expect "The rook gives check. Block it" "to the lesson"
# The cursor starts on e5.
keys d; expect "Drop the Ninja Pawn: choose a marked square" "d selects the piece in hand"
keys Down Down Down Enter
expect "No legal move of the selection goes to e2" "an illegal drop is refused, the selection kept"
keys Escape Right Down Enter Left Enter
expect "Not right: f1-e1" "a king move is a legal but wrong answer"
keys d Right Up Up Enter
expect "Right: J@f2-f3: dropped on f2, slides to f3" "the drop that blocks"
quit_ok "lessons"
grep -q -x "tc-bomber-check solved" "$PROGRESS" && fail "a shown answer counted as solved" || ok "a shown answer is not counted as solved"

# ---- the sandbox's "Which move?": a promotion ----
start --variant chess --tutorial
expect "Tutorial: choose a piece" "the tutorial for a promotion"
keys 6; expect "Pawn: its moves are marked" "the pawn's page, the pawn on d4"
keys Up Up Up p; expect "Place which piece at the cursor?" "placing on d7"
keys 6; expect "Colour" "the pawn's colour asked"
keys 1; expect "Placed a White Pawn" "a white pawn on d7"
keys Enter Up Enter
expect "Which move?" "the pawn's step to d8 asks which promotion"
expect "4 d7-d8=N, becomes Knight" "the menu offers the promotions" 2
keys Escape
expect "Move cancelled" "Escape cancels the move"
keys Enter; expect "Which move?" "asked again"
keys 2; expect "Played d8=R" "the rook chosen"
expect "d8: White Rook" "the rook stands on d8, shown"
quit_ok "promotion in the sandbox"

# ---- a damaged progress file is told and put aside ----
printf 'garbage\n' >"$PROGRESS"
start --variant chess --tutorial
expect "Tutorial: choose a piece" "tutorial again"
keys Enter L
expect "(line 1: not a lesson progress file)" "the damaged progress file is reported"
[ -f "$PROGRESS.damaged" ] && ok "the damaged file is moved aside" || fail "no $PROGRESS.damaged"
keys Escape
quit_ok "damaged progress"

echo "$FAILS failure(s)"
[ $FAILS -eq 0 ]
