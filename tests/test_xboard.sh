#!/bin/sh
# XBoard protocol (CECP v2) contract of `ninjachess --xboard`: handshake,
# a game with moves both ways (every engine move checked legal by the rules
# core), an illegal move refused, setboard, time controls, ping, result,
# Capablanca chess, the result of a losers mate, quit; --nodes and
# --depth on the command line hold every move to them.
# usage: test_xboard.sh PATH/TO/ninjachess DATA_DIR
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

mkfifo "$tmp/to" "$tmp/from"
"$nc" --data-dir "$data" --xboard <"$tmp/to" >"$tmp/from" 2>"$tmp/err" &
pid=$!
exec 3>"$tmp/to" 4<"$tmp/from"

send() { printf '%s\n' "$1" >&3; echo ">> $1" >>"$tmp/log"; }
# Reads engine lines until one matches the extended regex $1; sets $got.
expect() {
    got=
    while IFS= read -r line <&4; do
        echo "<< $line" >>"$tmp/log"
        if printf '%s\n' "$line" | grep -Eq "$1"; then
            got=$line
            return 0
        fi
    done
    return 1
}

# Coordinate move (e2e4, e7e8q) to the move text's short input (e2e4=Q).
to_short() {
    if printf '%s\n' "$1" | grep -Eq '^[a-z][0-9]+[a-z][0-9]+[a-z]$'; then
        base=${1%?}
        printf '%s=%s\n' "$base" "$(printf '%s' "${1#"$base"}" | tr 'a-z' 'A-Z')"
    else
        printf '%s\n' "$1"
    fi
}
# Move text (e2-e4, e4-d5xd5, e1-g1,h1-f1, e7-e8=Q) to coordinates.
to_coord() {
    printf '%s\n' "$1" | sed -E 's/^([a-z][0-9]+)-([a-z][0-9]+)[^=]*(=([A-Z]))?.*$/\1\2\4/' | tr 'A-Z' 'a-z'
}

send "xboard"
send "protover 2"
expect '^feature .*done=1' && check "feature done=1" yes yes || check "feature done=1" found none
case $got in *variants=*normal*capablanca*) check "variants" yes yes ;; *) check "variants" "normal,capablanca" "$got" ;; esac
case $got in *variants=*titan-chess*stealth-ninja*flying-warmachines*) check "engine-defined variants" yes yes ;;
*) check "engine-defined variants" "titan-chess,stealth-ninja,flying-warmachines" "$got" ;; esac
# every variant of the data directory is announced (chess as normal)
for v in $("$nc" --data-dir "$data" --list-variants | cut -d' ' -f1); do
    case $v in chess) v=normal ;; esac
    case $got in *[\",]$v[\",]*) ;; *) check "variant $v announced" yes no ;; esac
done
case $got in *usermove=1*) check "usermove feature" yes yes ;; *) check "usermove feature" yes no ;; esac

# A game: the test plays White with the first legal move in sorted order.
send "new"
send "sd 3"
send "nopost"
played=
illegal=0
our=e2e4
for i in 1 2 3 4 5 6 7 8 9 10; do
    send "usermove $our"
    played="$played $(to_short "$our")"
    if ! expect '^(move |1-0|0-1|1/2-1/2|Illegal)'; then
        check "engine answers" move "nothing"
        break
    fi
    case $got in
    move\ *)
        em=${got#move }
        # the rules core must accept the engine's move after ours
        # shellcheck disable=SC2086
        if "$nc" --data-dir "$data" --variant chess --play $played "$(to_short "$em")" --print-fen >/dev/null 2>&1; then
            played="$played $(to_short "$em")"
        else
            illegal=1
            printf 'engine move %s illegal after%s\n' "$em" "$played"
            break
        fi
        ;;
    *) break ;;
    esac
    # shellcheck disable=SC2086
    next=$("$nc" --data-dir "$data" --variant chess --play $played --moves 2>/dev/null | head -n 1)
    [ -z "$next" ] && break
    our=$(to_coord "$next")
done
check "engine moves legal" 0 "$illegal"

send "usermove z9z9"
expect '^(Illegal move|Error)' && check "illegal move refused" yes yes
case $got in "Illegal move: z9z9") check "illegal move text" yes yes ;; *) check "illegal move text" "Illegal move: z9z9" "$got" ;; esac

send "ping 17"
expect '^pong' && check "pong" "pong 17" "$got"

# setboard: a mate in one for the side to move, which the engine plays.
send "force"
send "setboard 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"
send "go"
expect '^move ' && check "mate move" "move a1a8" "$got"
expect '^(1-0|0-1|1/2-1/2)' && check "result after mate" "1-0 {White mates}" "$got"
send "result 1-0 {White mates}"

# Time controls: 40 moves in 0:30 with 3 s left must answer quickly.
send "new"
send "level 40 0:30 0"
send "time 300"
send "otim 300"
send "usermove e2e4"
start=$(date +%s)
expect '^move ' && check "move under time control" yes yes
end=$(date +%s)
check "answered within 2 s" yes "$([ $((end - start)) -le 2 ] && echo yes || echo no)"

send "st 1"
send "usermove d2d4"
start=$(date +%s)
expect '^move ' && check "move with st 1" yes yes
end=$(date +%s)
check "st 1 within 2 s" yes "$([ $((end - start)) -le 2 ] && echo yes || echo no)"

# "?" makes a long search move at once.
send "new"
send "st 60"
send "usermove e2e4"
sleep 1
send "?"
start=$(date +%s)
expect '^move ' && check "move now" yes yes
end=$(date +%s)
check "move now within 2 s" yes "$([ $((end - start)) -le 2 ] && echo yes || echo no)"

# "force" during a search stops it without a move; the next reply is pong.
send "usermove d2d4"
sleep 1
send "force"
send "ping 19"
expect '^(move |pong)' && check "force stops without a move" "pong 19" "$got"

# Capablanca chess: the engine answers with a legal move on the 10x8 board.
send "new"
send "variant capablanca"
send "sd 2"
send "usermove e2e4"
expect '^(move |Illegal|Error)'
case $got in
move\ *)
    em=${got#move }
    if "$nc" --data-dir "$data" --variant capablanca --play e2e4 "$(to_short "$em")" --print-fen >/dev/null 2>&1; then
        check "capablanca move legal" yes yes
    else
        check "capablanca move legal" "legal" "$em"
    fi
    ;;
*) check "capablanca move" "move ..." "$got" ;;
esac

send "ping 18"
expect '^pong' && check "pong after capablanca" "pong 18" "$got"

# Engine-defined variants: "variant NAME" is answered with a setup line
# (piece-to-char table, board size, holdings, start position) and piece
# lines; then moves go both ways in XBoard's coordinates.
send "new"
send "variant titan-chess"
expect '^(setup |Error)'
case $got in
"setup ("*") 12x12+0_fairy frylvqkulyrf/"*" w KQkq - 0 1") check "titan-chess setup" yes yes ;;
*) check "titan-chess setup" "setup (...) 12x12+0_fairy frylvqkulyrf/... w KQkq - 0 1" "$got" ;;
esac
expect '^(piece |ping|pong|Error)'
check "titan-chess piece line" "piece Q& Q" "$got"
send "sd 2"
send "usermove e3e5"
expect '^(move |Illegal|Error)'
case $got in
move\ *)
    em=${got#move }
    if "$nc" --data-dir "$data" --variant titan-chess --play e3e5 "$(to_short "$em")" --print-fen >/dev/null 2>&1; then
        check "titan-chess move legal" yes yes
    else
        check "titan-chess move legal" "legal" "$em"
    fi
    ;;
*) check "titan-chess move" "move ..." "$got" ;;
esac
# A capture on the way is sent as XBoard's two-leg move (from victim,
# victim to): the bomber flies over c11 to mate on c12.
send "force"
send "setboard 7k4/2n3jjj3/2F9/12/12/12/12/12/12/12/12/K11 w - - 0 1"
send "go"
expect '^(move |Illegal|Error)' && check "fly-over mate as two legs" "move c10c11,c11c12" "$got"
expect '^(1-0|0-1|1/2-1/2)' && check "result after fly-over mate" "1-0 {White mates}" "$got"
# and the same move is accepted from XBoard in both forms
send "force"
send "setboard 7k4/2n3jjj3/2F9/12/12/12/12/12/12/12/12/K11 w - - 0 1"
send "usermove c10c11,c11c12"
send "ping 23"
expect '^(pong|Illegal|Error)' && check "two-leg usermove" "pong 23" "$got"
send "setboard 7k4/2n3jjj3/2F9/12/12/12/12/12/12/12/12/K11 w - - 0 1"
send "usermove c10c12"
send "ping 24"
expect '^(pong|Illegal|Error)' && check "plain from-to fly-over" "pong 24" "$got"

# XBoard sends the variant again after every "new"; the setup comes again.
send "new"
send "variant titan-chess"
expect '^(setup |Error)'
case $got in "setup ("*") 12x12+0_fairy "*) check "setup after new" yes yes ;; *) check "setup after new" "setup ..." "$got" ;; esac

# The 10x10 games with rear squares are shown as their 10x12 box, ranks
# 1-12 in XBoard's coordinates (0-11 on our board), missing squares empty,
# with holdings for the drops.
send "new"
send "variant stealth-ninja"
expect '^(setup |Error)'
case $got in
"setup ("*") 10x12+"[1-9]*"_fairy 4ww4/grnbqkbnrg/"*"/4WW4[JJJJSTjjjjst] w KQkq - 0 1") check "stealth-ninja setup" yes yes ;;
*) check "stealth-ninja setup" "setup (...) 10x12+H_fairy 4ww4/.../4WW4[JJJJSTjjjjst] ..." "$got" ;;
esac
send "sd 2"
send "usermove e3e5" # our e2-e4
expect '^(move |Illegal|Error)'
case $got in
move\ *)
    em=$(printf '%s\n' "${got#move }" |
        awk '{ o = ""; s = $0; while (match(s, /[0-9]+/)) { o = o substr(s, 1, RSTART - 1) (substr(s, RSTART, RLENGTH) - 1); s = substr(s, RSTART + RLENGTH) } print o s }')
    if "$nc" --data-dir "$data" --variant stealth-ninja --play e2e4 "$(to_short "$em")" --print-fen >/dev/null 2>&1; then
        check "stealth-ninja move legal" yes yes
    else
        check "stealth-ninja move legal" "legal" "${got#move } ($em)"
    fi
    ;;
*) check "stealth-ninja move" "move ..." "$got" ;;
esac
# setboard in XBoard's form of the box (missing squares written as empty)
send "force"
send "setboard 4ww4/grnbqkbnrg/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/GRNBQKBNRG/4WW4[JJJJSTjjjjst] w KQkq - 0 1"
send "ping 21"
expect '^(pong|tellusererror|Error)' && check "setboard 10x12 box" "pong 21" "$got"
# The one-square castling (king f1-g1, rook i1-f1) is XBoard's two-leg
# castling f2i2,i2g2; f2g2 is the king's step: after the castling the rook
# has left i1 (i2 in XBoard's ranks), after the step it has not.
castle_fen="4ww4/grnbqkbnrg/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/GRNBQK2RG/4WW4[JJJJSTjjjjst] w KQkq - 0 1"
send "setboard $castle_fen"
send "usermove f2i2,i2g2"
send "usermove a10a9"
send "usermove i2h2"
send "ping 25"
expect '^(pong|Illegal|Error)' && check "one-square castling moves the rook" "Illegal move: i2h2" "$got"
expect '^(pong|Illegal|Error)'
send "setboard $castle_fen"
send "usermove f2g2"
send "usermove a10a9"
send "usermove i2h2"
send "ping 26"
expect '^(pong|Illegal|Error)' && check "king step f2g2 leaves the rook" "pong 26" "$got"

send "new"
send "ping 22"
expect '^(setup |pong)' && check "no setup for normal chess" "pong 22" "$got"

# Losers: the mated side wins, and the result says who mated and who won.
send "new"
send "variant losers"
send "setboard 7k/Q7/6K1/8/8/7p/8/8 w - - 0 1"
send "usermove a7g7"
expect '^(1-0|0-1|1/2-1/2|move |Illegal|Error)' && check "losers mate result" "0-1 {White mates, which wins for Black}" "$got"

send "quit"
wait "$pid"
status=$?
pid=
check "quit status" 0 "$status"

# --nodes N: every move searches N nodes whatever the clock (st 30, or a
# clock of 10 minutes), so the move comes at once and no thinking line
# reports more nodes; --depth N caps the depth the same way.
{
    printf 'xboard\nprotover 2\nnew\npost\nst 30\nusermove e2e4\n'
    sleep 2
    printf 'level 0 10 0\ntime 60000\notim 60000\nusermove g1f3\n'
    sleep 2
    printf 'quit\n'
} | "$nc" --data-dir "$data" --xboard --nodes 3000 >"$tmp/nodes.out" 2>&1
check "--nodes: a move for st and for a clock" 2 "$(grep -c '^move ' "$tmp/nodes.out")"
check "--nodes: thinking lines" yes "$(grep -Eq '^[0-9]+ -?[0-9]+ [0-9]+ [0-9]+ ' "$tmp/nodes.out" && echo yes || echo no)"
check "--nodes: no line over 3000 nodes" "" "$(awk '/^[0-9]+ -?[0-9]+ [0-9]+ [0-9]+ / && $4 > 3000' "$tmp/nodes.out")"
{
    printf 'xboard\nprotover 2\nnew\npost\nst 30\nusermove e2e4\n'
    sleep 2
    printf 'quit\n'
} | "$nc" --data-dir "$data" --xboard --depth 3 >"$tmp/depth.out" 2>&1
check "--depth: a move within st 30" 1 "$(grep -c '^move ' "$tmp/depth.out")"
check "--depth: deepest thinking line" 3 "$(awk '/^[0-9]+ -?[0-9]+ [0-9]+ [0-9]+ / { d = $1 } END { print d }' "$tmp/depth.out")"

if [ "$failed" -ne 0 ]; then
    echo "--- protocol log"
    cat "$tmp/log"
    cat "$tmp/err"
fi
check_done
