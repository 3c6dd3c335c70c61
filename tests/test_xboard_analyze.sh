#!/bin/sh
# XBoard's analyze mode of `ninjachess --xboard`: the analyze feature is
# announced; after "analyze" thinking lines come without a "go", their
# lines legal in the position shown; "." answers stat01; a move and an
# undo while analysing give lines for the position they leave (and the
# engine plays no move); "exit" ends the thinking.  The engine writes to a
# file that the test polls, so that silence can be asserted.
# usage: test_xboard_analyze.sh PATH/TO/ninjachess DATA_DIR
nc=$1
data=$2
tmp=$(mktemp -d)
pid=
cleanup() {
    [ -n "$pid" ] && kill "$pid" 2>/dev/null
    rm -rf "$tmp"
}
trap cleanup EXIT

. "$(dirname "$0")/check_lib.sh"

mkfifo "$tmp/to"
"$nc" --data-dir "$data" --xboard <"$tmp/to" >"$tmp/out" 2>"$tmp/err" &
pid=$!
exec 3>"$tmp/to"
seen=0

send() { printf '%s\n' "$1" >&3; }
now_ms() { echo $(($(date +%s%N) / 1000000)); }
# Waits up to $2 seconds for a line after those seen matching the extended
# regex $1; sets $got and marks the lines up to it seen.
expect() {
    end=$(($(now_ms) + $2 * 1000))
    while :; do
        hit=$(tail -n +$((seen + 1)) "$tmp/out" | grep -En -m1 "$1")
        if [ -n "$hit" ]; then
            seen=$((seen + ${hit%%:*}))
            got=${hit#*:}
            return 0
        fi
        [ "$(now_ms)" -ge "$end" ] && got= && return 1
        sleep 0.05
    done
}
to_coord() {
    sed -E 's/^([a-z][0-9]+)-([a-z][0-9]+)[^=]*(=([A-Z]))?.*$/\1\2\4/' | tr 'A-Z' 'a-z'
}
legal_list() { "$nc" --data-dir "$data" --variant chess --fen "$1" --moves | to_coord; }

thinking='^[0-9]+ -?[0-9]+ [0-9]+ [0-9]+ [a-h][1-8][a-h][1-8]'
# Waits up to 5 s for a thinking line whose first move is in the list $1;
# yes or no.
expect_line_from() {
    end=$(($(now_ms) + 5000))
    while [ "$(now_ms)" -lt "$end" ]; do
        expect "$thinking" 1 || continue
        set -- "$1" $got
        printf '%s\n' "$1" | grep -qx "$6" && echo yes && return
    done
    echo no
}

start="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
after_e4="rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
white_moves=$(legal_list "$start")
black_moves=$(legal_list "$after_e4")

send "xboard"
send "protover 2"
expect '^feature .*myname' 5
case $got in *analyze=1*) check "analyze feature" yes yes ;; *) check "analyze feature" analyze=1 "$got" ;; esac
send "new"
send "force"
send "post"
send "analyze"
check "analysis of the start" yes "$(expect_line_from "$white_moves")"
send "."
expect '^stat01: ' 5
check "stat01 answer" yes "$(printf '%s\n' "$got" | grep -Eq '^stat01: [0-9]+ [0-9]+ [0-9]+ 0 20$' && echo yes || echo "$got")"

send "usermove e2e4"
check "analysis after the move" yes "$(expect_line_from "$black_moves")"
send "undo"
check "analysis after the undo" yes "$(expect_line_from "$white_moves")"
send "exit"
sleep 0.5
send "ping 7"
expect '^pong 7$' 5
check "pong after exit" "pong 7" "$got"
sleep 1
check "silent after exit" "" "$(tail -n +$((seen + 1)) "$tmp/out")"
check "no move played" 0 "$(grep -c '^move ' "$tmp/out")"

send "quit"
wait "$pid"
status=$?
pid=
check "quit status" 0 "$status"

if [ "$failed" -ne 0 ]; then
    echo "--- engine output"
    cut -c1-200 "$tmp/out"
    cat "$tmp/err"
fi
check_done
