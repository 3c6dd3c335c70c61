#!/bin/sh
# UCI contract of `ninjachess --uci`: the handshake and its options, isready,
# position with moves, go depth / nodes / movetime with info lines and a
# legal bestmove (chess, Capablanca chess through UCI_Variant, Amazon chess
# by its UCI name, Xiangqi with Fairy-Stockfish's rank numbers, Titan Chess),
# go infinite answered only after stop (also when the search ends by
# itself) and within a second of it, bad input answered with info string,
# Hash and Threads, quit.  The engine writes to a file that the test polls,
# so that "no bestmove yet" can be asserted.
# usage: test_uci.sh PATH/TO/ninjachess DATA_DIR
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

# Limits belong to go, not to the command line.
"$nc" --data-dir "$data" --uci --nodes 1000 </dev/null >"$tmp/out" 2>"$tmp/err"
check "--uci --nodes refused" "1 ninjachess: --uci takes each search's limits from the GUI's go command, not from --nodes" \
    "$? $(cat "$tmp/err")"

mkfifo "$tmp/to"
"$nc" --data-dir "$data" --uci <"$tmp/to" >"$tmp/out" 2>"$tmp/err" &
pid=$!
exec 3>"$tmp/to"
seen=0 # lines of $tmp/out already read

send() { printf '%s\n' "$1" >&3; }
now_ms() { echo $(($(date +%s%N) / 1000000)); }
# Waits up to $2 seconds for a line after those seen matching the extended
# regex $1; sets $got to it and marks the lines up to it seen.
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
# Lines not yet seen (without marking them).
unseen() { tail -n +$((seen + 1)) "$tmp/out"; }

# Move text (e2-e4, e4-d5xd5, e1-g1,h1-f1, e7-e8=Q) to coordinates.
to_coord() {
    sed -E 's/^([a-z][0-9]+)-([a-z][0-9]+)[^=]*(=([A-Z]))?.*$/\1\2\4/' | tr 'A-Z' 'a-z'
}
# legal VARIANT FEN MOVE: yes when the rules core lists MOVE in the position.
legal() {
    if [ -n "$2" ]; then
        "$nc" --data-dir "$data" --variant "$1" --fen "$2" --moves | to_coord | grep -qx "$3" && echo yes || echo no
    else
        "$nc" --data-dir "$data" --variant "$1" --moves | to_coord | grep -qx "$3" && echo yes || echo no
    fi
}

# Handshake: name, the options with their ranges, uciok.
send "uci"
expect '^uciok$' 5
check "uciok" "uciok" "$got"
opts=$(grep '^option name UCI_Variant ' "$tmp/out")
for v in chess capablanca titan-chess crazyhouse amazon nocastle; do
    case "$opts " in *" var $v "*) check "UCI_Variant lists $v" yes yes ;; *) check "UCI_Variant lists $v" yes "$opts" ;; esac
done
# Fairy-Stockfish's names where ours differ, never both.
case "$opts " in *" var amazon-chess "* | *" var chess-no-castling "*) check "UCI names only" yes "$opts" ;; esac
check "MultiPV option" "option name MultiPV type spin default 1 min 1 max 8" "$(grep '^option name MultiPV' "$tmp/out")"
check "Threads option" 1 "$(grep -c '^option name Threads type spin default 1 min 1 max 64$' "$tmp/out")"
check "id name" 1 "$(grep -c '^id name ninjachess' "$tmp/out")"
send "isready"
expect '^readyok$' 5
check "readyok" "readyok" "$got"

# go depth after moves: info lines up to that depth, then a legal move.
after_e4e5="rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
send "ucinewgame"
send "position startpos moves e2e4 e7e5"
send "go depth 4"
expect '^bestmove ' 30
best=${got#bestmove }
check "go depth: bestmove legal ($best)" yes "$(legal chess "$after_e4e5" "$best")"
check "go depth: info depth 4 line" 1 "$(head -n "$seen" "$tmp/out" |
    grep -cE '^info depth 4 seldepth [0-9]+ score (cp -?[0-9]+|mate -?[0-9]+) nodes [0-9]+ nps [0-9]+ time [0-9]+ pv [a-z]')"
check "go depth: no deeper line" 0 "$(head -n "$seen" "$tmp/out" | grep -c '^info depth 5 ')"

# go nodes from a position text.
send "position fen $after_e4e5"
send "go nodes 3000"
expect '^bestmove ' 30
best=${got#bestmove }
check "go nodes: bestmove legal ($best)" yes "$(legal chess "$after_e4e5" "$best")"

# go infinite: thinks, says nothing final until stop, then answers at once.
send "position startpos"
send "go infinite"
sleep 1.5
check "infinite: info lines while thinking" yes "$(unseen | grep -q '^info depth' && echo yes || echo no)"
check "infinite: no bestmove before stop" 0 "$(unseen | grep -c '^bestmove')"
t0=$(now_ms)
send "stop"
expect '^bestmove ' 5
t1=$(now_ms)
best=${got#bestmove }
check "infinite: bestmove after stop legal ($best)" yes "$(legal chess "" "$best")"
check "infinite: bestmove within a second of stop ($((t1 - t0)) ms)" yes "$([ $((t1 - t0)) -le 1000 ] && echo yes || echo no)"

# A mate in one ends the search at once: the answer still waits for stop.
send "position fen 7k/5Q2/6K1/8/8/8/8/8 w - - 0 1"
send "go infinite"
sleep 1
check "finished infinite: no bestmove before stop" 0 "$(unseen | grep -c '^bestmove')"
send "stop"
expect '^bestmove ' 5
best=${got#bestmove }
check "finished infinite: an answer after stop" yes "$([ -n "$best" ] && echo yes || echo no)"
# the move mates: the position after it has no move
send "position fen 7k/5Q2/6K1/8/8/8/8/8 w - - 0 1 moves $best"
send "go depth 1"
expect '^bestmove ' 5
check "finished infinite: $best mates" "bestmove (none)" "$got"

# isready during a search is answered while it runs.
send "position startpos"
send "go infinite"
send "isready"
expect '^readyok$' 2
check "isready while thinking" "readyok" "$got"
check "isready while thinking: no bestmove" 0 "$(unseen | grep -c '^bestmove')"
send "stop"
expect '^bestmove ' 5

# Capablanca chess through UCI_Variant.
send "setoption name UCI_Variant value capablanca"
send "position startpos moves e2e4"
send "go movetime 300"
expect '^bestmove ' 30
best=${got#bestmove }
capa_e4="rnabqkbcnr/pppppppppp/10/10/4P5/10/PPPP1PPPPP/RNABQKBCNR b KQkq - 0 1"
check "capablanca: bestmove legal ($best)" yes "$(legal capablanca "$capa_e4" "$best")"

# A variant by its UCI name (amazon: our amazon-chess).
send "setoption name UCI_Variant value amazon"
send "position startpos"
send "go depth 2"
expect '^bestmove ' 30
best=${got#bestmove }
check "amazon: bestmove legal ($best)" yes "$(legal amazon-chess "" "$best")"

# Xiangqi: ranks 1 to 10 as Fairy-Stockfish counts them (XBoard's are 0-9).
send "setoption name UCI_Variant value xiangqi"
send "position startpos moves h3e3"
send "go depth 3"
expect '^bestmove ' 30
best=${got#bestmove }
xq=$("$nc" --data-dir "$data" --variant xiangqi --play h3-e3 --print-fen)
check "xiangqi: central cannon taken, bestmove legal ($best)" yes "$(legal xiangqi "$xq" "$best")"
check "xiangqi: no complaint" 0 "$(head -n "$seen" "$tmp/out" | grep -c '^info string.*xiangqi')"

# Titan Chess on a clock.
send "setoption name UCI_Variant value titan-chess"
send "position startpos"
send "go wtime 4000 btime 4000 winc 100 binc 100"
expect '^bestmove ' 30
best=${got#bestmove }
check "titan-chess: bestmove legal ($best)" yes "$(legal titan-chess "" "$best")"

# Bad input: each answered with an info string, the session goes on.
send "setoption name UCI_Variant value chess"
bad() { # command, what the info string must contain
    send "$1"
    send "isready"
    expect '^readyok$' 5
    check "bad input: $1" 1 "$(head -n "$seen" "$tmp/out" | tail -n 2 | grep -c "^info string .*$2")"
}
# (chess) MultiPV 3: at each depth three info lines, multipv 1 to 3, starting with
# three different legal moves, scores best first; then back to one line.
send "setoption name MultiPV value 3"
send "position startpos"
send "go depth 5"
expect '^bestmove ' 30
best=${got#bestmove }
d5=$(head -n "$seen" "$tmp/out" | grep '^info depth 5 .* multipv ')
check "MultiPV 3: three lines at depth 5" "1 2 3" "$(echo "$d5" | sed 's/.* multipv \([0-9]*\) .*/\1/' | tr '\n' ' ' | sed 's/ $//')"
firsts=$(echo "$d5" | sed 's/.* pv \([^ ]*\).*/\1/')
check "MultiPV 3: three different first moves" 3 "$(echo "$firsts" | sort -u | wc -l)"
for m in $firsts; do check "MultiPV 3: $m legal" yes "$(legal chess "" "$m")"; done
check "MultiPV 3: bestmove is line 1's" "$best" "$(echo "$firsts" | head -n 1)"
scores=$(echo "$d5" | sed 's/.* score cp \(-\{0,1\}[0-9]*\) .*/\1/')
check "MultiPV 3: scores best first" "$scores" "$(echo "$scores" | sort -rn)"
send "setoption name MultiPV value 1"
before=$seen
send "go depth 3"
expect '^bestmove ' 30
check "MultiPV 1: no multipv field" 0 "$(head -n "$seen" "$tmp/out" | tail -n +"$((before + 1))" | grep -c ' multipv ')"

bad "position startpos moves e2e4 e7e4" "move 2 'e7e4' is not legal"
bad "position fen 9/9/9 w - - 0 1" "bad position text"
bad "position sideways" "position needs 'startpos' or 'fen'"
bad "setoption name Hash value lots" "Hash must be 1 to"
bad "setoption name MultiPV value 9" "MultiPV must be 1 to 8"
bad "setoption name UCI_Variant value no-such-chess" "unknown UCI_Variant"
bad "setoption name Colour value red" "unknown option 'Colour'"
bad "frobnicate" "unknown command 'frobnicate'"
# the refused position left the last one standing: White to move at the start
send "go depth 1 nodes x"
expect '^bestmove ' 10
best=${got#bestmove }
check "go with a bad figure: info string" 1 "$(head -n "$seen" "$tmp/out" | grep -c "^info string go: nodes needs a number")"
check "go with a bad figure: bestmove legal ($best)" yes "$(legal chess "" "$best")"

# A go whose every word is refused still ends by itself (the default time).
send "go frobnicate"
expect '^bestmove ' 10
check "go with only refused words ends without stop" yes "$([ -n "$got" ] && echo yes || echo no)"
check "go with only refused words: info string" 1 "$(head -n "$seen" "$tmp/out" | grep -c "^info string go: unknown word 'frobnicate'")"

# A new table size and two threads: the session goes on and still plays.
before=$seen
send "setoption name Hash value 8"
send "setoption name Threads value 2"
send "position startpos moves e2e4 e7e5"
send "go depth 3"
expect '^bestmove ' 30
best=${got#bestmove }
check "Hash 8 and Threads 2: bestmove legal ($best)" yes "$(legal chess "$after_e4e5" "$best")"
check "Hash 8 and Threads 2: no complaint" 0 "$(head -n "$seen" "$tmp/out" | tail -n +$((before + 1)) | grep -c '^info string')"

send "quit"
wait "$pid"
status=$?
pid=
check "quit status" 0 "$status"
check "nothing on stderr" "" "$(cat "$tmp/err")"

if [ "$failed" -ne 0 ]; then
    echo "--- engine output"
    cut -c1-200 "$tmp/out"
fi
check_done
