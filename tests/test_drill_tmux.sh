#!/bin/sh
# End-to-end test of the checkmate drill: the start of a seeded drill
# (printed by --endgame with the same seed) is played to mate with the
# tables' own best moves, typed into the drill screen in a detached tmux
# server, and the screen must report a mate in the shortest number of
# moves.  Also: a drill for a material that wins nowhere is refused, one
# that wins only some positions starts from them with the counts; an
# unknown key names the keys, and Enter after the mate tells it is over.
# Works without a terminal (CI=true): tmux provides the pseudo-terminal.
# usage: test_drill_tmux.sh NINJACHESS DATA_DIR
set -u
. "$(dirname "$0")/tmux_lib.sh"
S=drill

# A material that cannot force mate has no drill (refused before the screen starts).
out=$("$BIN" --data-dir "$DATA" --variant chess --drill KB 2>&1)
if [ $? -eq 1 ] && echo "$out" | grep -q "KB cannot force mate in chess"; then ok "no drill for KB"; else fail "KB drill: $out"; fi

# A material that wins only some positions (the Ninja Warrior on Titan
# Chess's board, which its rule text says mates) is drilled from one of
# them, and the first message gives the table's counts.
S=drill-kw
T new-session -d -s "$S" -x 80 -y 24 -e "XDG_STATE_HOME=$XDG_STATE_HOME" -e "HOME=$HOME" \
    -e "XDG_CACHE_HOME=$XDG_CACHE_HOME" -e "LANG=C.UTF-8" -e "LC_ALL=C.UTF-8" \
    "$BIN" --data-dir "$DATA" --variant titan-chess --drill KW --drill-seed 3
if wait_for "KW cannot force mate in Titan Chess: White to move wins 17440 of 2643984" 60; then
    ok "the KW drill names the won positions and the total"
else
    fail "no counts in the KW drill's message"
fi
expect "This start is one: mate in" "the KW drill starts from a won position"
T kill-session -t "$S"
S=drill

SEED=7
line=$("$BIN" --data-dir "$DATA" --variant chess --endgame KR --drill-seed $SEED 2>/dev/null | grep "^drill start")
START=$(echo "$line" | sed -n "s/^drill start (seed $SEED): \(.*\) mates in [0-9]*\$/\1/p")
N=$(echo "$line" | sed -n 's/.* mates in \([0-9]*\)$/\1/p')
[ -n "$START" ] && [ -n "$N" ] || { fail "no drill start in: $line"; exit 1; }

# best MOVES...: the tables' move after the start and these moves (the search plays the table's move).
best() { "$BIN" --data-dir "$DATA" --variant chess --fen "$START" ${1:+--play $1} --depth 1 2>/dev/null | tail -1; }

T new-session -d -s "$S" -x 80 -y 24 -e "XDG_STATE_HOME=$XDG_STATE_HOME" -e "HOME=$HOME" \
    -e "XDG_CACHE_HOME=$XDG_CACHE_HOME" -e "LANG=C.UTF-8" -e "LC_ALL=C.UTF-8" \
    "$BIN" --data-dir "$DATA" --variant chess --drill KR --drill-seed $SEED
wait_for "Drill KR: mate the black king" 20 || fail "the drill did not start"
# A key that is neither the drill's nor the board's names the keys.
T send-keys -t "$S" z
expect "Drill keys: arrows and Enter move" "an unknown key names the drill's keys"

# piece_at FEN SQUARE: the letter on a square of an 8x8 position.
piece_at() {
    echo "$1" | cut -d' ' -f1 | tr '/' '\n' | sed -n "$((9 - ${2#?}))p" |
        awk '{ for (i = 1; i <= length($0); i++) { c = substr($0, i, 1)
               if (c ~ /[1-8]/) { for (k = 0; k < c; k++) printf "." } else printf "%s", c } }' |
        cut -c$(( $(printf '%d' "'${2%?}") - 96 ))
}
MOVES=""
i=1
while [ $i -le "$N" ]; do
    m=$(best "$MOVES")
    typed=$m
    # The first move typed in SAN, as chess players write it (Rb1 for c1-b1).
    if [ $i -eq 1 ]; then
        from=$(echo "$m" | cut -c1-2)
        typed="$(piece_at "$START" "$from" | tr a-z A-Z)$(echo "$m" | cut -c4-5)"
        case $typed in [KRQBN][a-h][1-8]) ;; *) fail "no SAN for $m: $typed" ;; esac
    fi
    T send-keys -t "$S" m
    wait_for "Move:" || fail "no move prompt"
    T send-keys -t "$S" "$typed" Enter
    MOVES="$MOVES $m"
    if [ $i -lt "$N" ]; then
        wait_for "$i move" || { fail "move $i ($m) not played"; break; }
        MOVES="$MOVES $(best "$MOVES")"
    fi
    i=$((i + 1))
done
if wait_for "Mated in $N moves; the shortest mate was $N (perfect)"; then
    ok "drill KR played to mate in $N moves"
else
    fail "no report of the mate in $N"
fi
# Over, Enter selects nothing: it tells how to go on.
T send-keys -t "$S" Enter
expect "The drill is over: n for a new start, q back" "Enter after the mate tells the drill is over"
T send-keys -t "$S" q

[ $FAILS -eq 0 ] || { echo "$FAILS failure(s)"; exit 1; }
echo "all drill tests passed"
