#!/bin/sh
# End-to-end test of the puzzle screen (issue 38): a puzzle file of our
# own in a data directory put before the shipped one, played in a
# detached tmux server with a fresh state directory.  A wrong move is
# judged wrong, the solution shown, the rating falls and the streak is 0
# in the record; the right moves (with the defence played by the screen)
# solve the next puzzle and the rating rises; after a restart the record
# is read back; a damaged record is reported with its file and line and
# reset; the start screen and the tutorial open the puzzles; a variant
# without puzzles is told and the start screen follows.
# Works without a terminal (CI=true): tmux provides the pseudo-terminal.
# Polls with generous limits: the sanitizer build is slow.
# usage: test_puzzle_tmux.sh NINJACHESS DATA_DIR
set -u
. "$(dirname "$0")/tmux_lib.sh"
mkdir -p "$TMP/pz/puzzles"
DATA="$TMP/pz:$2"
# Both rated 1200, the player's start: the first in the file comes first,
# and each result moves the rating by 16 or 17.
cat >"$TMP/pz/puzzles/chess.txt" <<'EOT'
variant chess
# a mate in one, then a ladder mate in two
r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4 | h5-f7xf7 | 1200 | test mate in one
7k/8/8/8/8/8/1R6/R5K1 w - - 0 1 | b2-b7 h8-g8 a1-a8 | 1200 | test ladder
EOT
REC="$XDG_STATE_HOME/ninjachess/puzzles.txt"
COLS=110
ROWS=32
S=pz
fresh
has() { grep -q -x -- "$1" "$REC" 2>/dev/null; }
check_rec() { if has "$1" && has "$2"; then ok "$3"; else fail "$3: the record holds: $(cat "$REC" 2>&1)"; fi; }

# A wrong move: judged, the solution played out, the rating falls.
start --puzzle --variant chess
expect "White to play and win" "the puzzle's task is shown" 60
expect "Puzzle 1 of 2, rated 1200" "the first puzzle and its rating" 5
expect "puzzle rating 1200, streak 0" "a new player's rating and streak" 5
# The puzzle's position, not the setup: White's queen on h5, rank 3 empty.
if screen | grep -q "^ 5 .*♕" && ! screen | grep -q "^ 3 .*[♙♘]"; then ok "the position is drawn"; else fail "not the puzzle's position"; fi
move a2-a3
expect "Wrong: a3 is not the move" "a wrong move is judged wrong" 30
expect "The solution: Qxf7#. n next puzzle" "the solution is played out" 60
check_rec "rating 1184" "streak 0" "the rating fell by 16, the streak is 0"

# The next puzzle: two moves, the defence between them played by the screen.
keys n
expect "Puzzle 2 of 2, rated 1200" "n offers the puzzle not seen" 30
move b2-b7
expect "Black answers Kg8. White to play" "the defence is played" 60
move a1-a8
expect "Solved: Rb7 Kg8 Ra8#" "the line is solved" 30
expect "puzzle rating 1201, streak 1" "the panel shows the new rating" 10
check_rec "rating 1201" "streak 1" "the rating rose by 17, the streak counts"
quit_ok "puzzles"

# A restart reads the record back; all seen, the first comes again.
start --puzzle --variant chess
expect "puzzle rating 1201, streak 1" "the record is read back" 60
expect "Puzzle 1 of 2" "all seen: the first again" 5
# On the board, as on the game screen: the cursor starts on the king (e1);
# to h5, Enter selects the queen; to f7, Enter moves it.
keys l l l k k k k Enter
keys h h k k Enter
expect "Solved: Qxf7#" "the mate in one played on the board with the cursor" 30
check_rec "rating 1217" "streak 2" "the streak goes on from the record"
quit_ok "puzzles again"

# A damaged record: told with its file and line, reset.
printf '# ninjachess puzzle record 1\nrating lots\nstreak 2\n' >"$REC"
start --puzzle --variant chess
expect "puzzles.txt:2: rating 'lots'" "the damaged record is told with its line" 60
expect "puzzle rating 1200, streak 0" "the damaged record is reset" 10
[ -f "$REC.damaged" ] && ok "the damaged record is kept aside" || fail "no $REC.damaged"
# The help page tells the screen's keys.
keys '?'
expect "Keys of the puzzles" "? opens the puzzle screen's keys" 30
expect "the next puzzle" "the help names n" 5
keys q
wait_gone "Keys of the puzzles" 30
quit_ok "damaged record"

# A record that cannot be written: the result tells so, the screen goes on.
fresh
mkdir -p "$XDG_STATE_HOME"
echo "not a directory" >"$XDG_STATE_HOME/ninjachess"
start --puzzle --variant chess
expect "Puzzle record:" "a state directory that is no directory is told" 60
move Qxf7   # in SAN
expect "(+16) (not saved:" "the solved puzzle says its rating was not saved" 30
quit_ok "unsaved record"
fresh

# From the start screen: p opens the puzzles of the variant chosen there
# (the game's), q comes back to it.
start --variant chess --black human
expect "Press ? for help" "a game of chess" 60
keys n   # no move made: no question before the start screen
expect "p Puzzles: find the winning line" "the start screen offers the puzzles" 30
keys p
expect "Puzzle 1 of 2, rated 1200: White to play and win" "p opens the chess puzzles" 30
expect "puzzle rating 1200, streak 0" "a new player's record" 5
keys q
expect "Back from the puzzles: puzzle rating 1200, streak 0" "q goes back with the rating" 30
expect "p Puzzles" "back on the start screen" 10
T kill-session -t "$S"

# From the tutorial: z opens the puzzles of the tutorial's variant, q
# comes back to the tutorial with the rating; in a variant without
# puzzles z tells so and the tutorial stays.
start --tutorial --variant chess
expect "Tutorial: choose a piece" "the tutorial opens" 60
keys Enter
expect "z puzzles" "the tutorial's key line names z" 30
keys z
expect "Puzzle 1 of 2, rated 1200: White to play and win" "z opens the chess puzzles" 30
keys q
expect "Back from the puzzles: puzzle rating 1200, streak 0" "q goes back with the rating" 30
expect "Chess - tutorial" "back in the tutorial" 10
T kill-session -t "$S"
start --tutorial --variant crazyhouse
expect "Tutorial: choose a piece" "a crazyhouse tutorial opens" 60
keys Enter
keys z
expect "Puzzles: no puzzles of crazyhouse" "z in a variant without puzzles is told" 30
expect "Crazyhouse - tutorial" "the tutorial stays" 10
T kill-session -t "$S"

# A variant without puzzles: told, and the start screen follows.
start --puzzle --variant crazyhouse
expect "no puzzles of crazyhouse" "a variant without puzzles is told" 60
expect "Start the game" "the start screen follows" 10
keys Escape
T kill-session -t "$S"

[ $FAILS -eq 0 ] || { echo "$FAILS failure(s)"; exit 1; }
echo "all puzzle tests passed"
