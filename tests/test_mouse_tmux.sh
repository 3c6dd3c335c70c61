#!/bin/sh
# The computer answers a move made with fast mouse clicks (issue 39, item
# 2): a press and its release in one write, or in two writes a moment
# apart (a touchpad tap), in both mouse encodings (X10 under TERM=tmux,
# SGR under TERM=xterm).  The release once left getch waiting for the next
# key, the panel at "thinking" and the search's move unplayed.
# usage: test_mouse_tmux.sh NINJACHESS DATA_DIR
set -u
. "$(dirname "$0")/tmux_lib.sh"

# The mouse reports of a press and a release of button 1 at column X, row
# Y (0-based), in the encoding ENC.
x10_byte() { printf "\\$(printf '%03o' $(($1 + 33)))"; }
press_text() {
    if [ "$ENC" = sgr ]; then printf '\033[<0;%d;%dM' $(($1 + 1)) $(($2 + 1));
    else printf '\033[M %s%s' "$(x10_byte "$1")" "$(x10_byte "$2")"; fi
}
release_text() {
    if [ "$ENC" = sgr ]; then printf '\033[<0;%d;%dm' $(($1 + 1)) $(($2 + 1));
    else printf '\033[M#%s%s' "$(x10_byte "$1")" "$(x10_byte "$2")"; fi
}
# tap SQUARE: press and release on a square of the chess board, in one
# write (ONE=1) or two.
tap() {
    f=$(printf '%d' "'${1%?}"); x=$((5 + 5 * (f - 97))); y=$((2 * (8 - ${1#?})))
    if [ "$ONE" = 1 ]; then keys -l "$(press_text $x $y)$(release_text $x $y)";
    else keys -l "$(press_text $x $y)"; keys -l "$(release_text $x $y)"; fi
}

for ENC in x10 sgr; do
    fresh
    if [ "$ENC" = sgr ]; then PRE='export TERM=xterm-256color'; else PRE=:; fi
    start --variant chess --white human --black computer --level 1
    expect "White to move" "$ENC: game started"
    i=0
    for mv in e2-e4 d2-d3 b1-c3; do
        i=$((i + 1))
        ONE=$((i % 2 == 0))
        tap "${mv%-*}"; expect " on ${mv%-*}" "$ENC: a tap selects ${mv%-*}" 3
        tap "${mv#*-}"
        if wait_for "Computer played" 5; then ok "$ENC: the computer answers $mv (one write: $ONE)"
        else fail "$ENC: no answer to $mv (one write: $ONE)"; break; fi
    done
    quit_ok "$ENC"
done
PRE=:

[ "$FAILS" = 0 ] || { echo "$FAILS failures"; exit 1; }
echo "all passed"
