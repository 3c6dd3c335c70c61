#!/bin/sh
# The game screen evaluates with the data path's net of its variant; a
# damaged one is told on the message line (not on stderr: curses owns the
# terminal) and the computer plays on with the hand-made evaluation; the
# analysis search reads the net too.
# usage: test_nnue_tmux.sh NINJACHESS DATA_DIR
set -u
. "$(dirname "$0")/tmux_lib.sh"
. "$(dirname "$0")/nnue_net.sh"

mkdir -p "$TMP/bad/variants"
write_chess_net "$TMP/good.nnue"
{ head -c 1000 "$TMP/good.nnue"; printf 'x'; tail -c +1002 "$TMP/good.nnue"; } >"$TMP/bad/variants/chess.nnue"
DATA="$TMP/bad:$(cd "$2" && pwd)"
COLS=200

fresh
start --variant chess --white human --black computer --level 10
expect "White to move" "chess against the computer"
move e2-e4
expect "$TMP/bad/variants/chess.nnue: the checksum does not match: the file is damaged; the hand-made evaluation is used" \
    "the damaged net told on the message line" 10
expect "Computer played" "the computer plays on" 30
screen | grep -q "^ninjachess:" && fail "a line on stderr" || ok "nothing on stderr"
quit_ok "damaged net"

# --no-nnue: the screen's searches read no net, so nothing is told.
fresh
start --variant chess --white human --black computer --level 10 --no-nnue
expect "White to move" "--no-nnue: chess against the computer"
move e2-e4
# watched from the move until the computer's answer: the message of a net
# read would stand on the message line while the computer thinks
seen=no i=0
while [ $i -lt 300 ] && ! screen | grep -q "Computer played"; do
    screen | grep -q "chess.nnue" && seen=yes
    sleep 0.1
    i=$((i + 1))
done
screen | grep -q "Computer played" && ok "--no-nnue: the computer plays" || fail "--no-nnue: no move"
[ "$seen" = no ] && ok "--no-nnue: no net read" || fail "--no-nnue: a net was read"
quit_ok "--no-nnue"

# The analysis search evaluates with the same net: turning analysis on in a
# game between two people is what first reads it here.
fresh
start --variant chess --white human --black human
expect "White to move" "chess between two people"
keys e
expect "$TMP/bad/variants/chess.nnue: the checksum does not match: the file is damaged; the hand-made evaluation is used" \
    "the analysis tells the damaged net" 10
expect "Analysis: depth" "the analysis runs on" 30
quit_ok "analysis with a damaged net"

[ "$FAILS" -eq 0 ]
