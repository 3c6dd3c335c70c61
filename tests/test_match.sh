#!/bin/sh
# The match tool (--match) end to end: this program against itself in
# chess and in Stealth Ninja Chess (from an opening file with a position
# text and a move list), the PGN against the printed score, engines that
# play an illegal move, never answer or crash, concurrency, --pgn for
# --selfplay, a match at fixed nodes, and the one-line errors of a missing engine, a bad opening
# file and a bad time control.
# usage: test_match.sh PATH/TO/ninjachess DATA_DIR TESTS_DIR
nc=$1
data=$2
tests=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

. "$(dirname "$0")/check_lib.sh"

# Runs a match; output in $tmp/out, errors in $tmp/err, status in $status.
match() {
    "$nc" --data-dir "$data" --match "$@" >"$tmp/out" 2>"$tmp/err"
    status=$?
}

# "W L D" of engine A counted from a PGN file, A named $2.
pgn_score() {
    awk -v a="$2" '
        /^\[White / { w = substr($0, 9, length($0) - 10) }
        /^\[Result / {
            r = substr($0, 10, length($0) - 11)
            if (r == "1/2-1/2") d++
            else if ((r == "1-0") == (w == a)) win++
            else loss++
        }
        END { printf "%d %d %d\n", win, loss, d }' "$1"
}
# "W L D" from the last summary line of the output.
printed_score() {
    sed -n 's/^after [0-9]* games: A: \([0-9]*\) wins, \([0-9]*\) losses, \([0-9]*\) draws.*/\1 \2 \3/p' "$tmp/out" | tail -n 1
}
engine_a() {
    sed -n 's/^engine A: \(.*\) = .*/\1/p' "$tmp/out"
}
# Every game's Result tag must be the token that ends its moves.
results_agree() {
    awk '/^\[Result / { t = substr($0, 10, length($0) - 11) }
         /(1-0|0-1|1\/2-1\/2|\*)$/ && !/^\[/ { n = split($0, f, " "); if (f[n] != t) bad++ }
         END { print bad + 0 }' "$1"
}

# ---- this program against itself ----

match --games 4 --depth 2 --random-plies 4 --adjudicate-plies 80 --pgn "$tmp/chess.pgn"
check "chess match status" 0 "$status"
check "chess match: a line per game" 4 "$(grep -c '^game [0-9]/4: ' "$tmp/out")"
check "chess match: PGN games" 4 "$(grep -c '^\[Event ' "$tmp/chess.pgn")"
check "chess match: PGN score is the printed score" "$(pgn_score "$tmp/chess.pgn" "$(engine_a)")" "$(printed_score)"
check "chess match: result tags end the moves" 0 "$(results_agree "$tmp/chess.pgn")"
check "chess match: adjudication at 80 plies" "" "$(sed -n 's/^\[PlyCount "\([0-9]*\)"\]/\1/p' "$tmp/chess.pgn" | awk '$1 > 80')"
check "chess match: Elo line" 1 "$(grep -c '^Elo A-B: .* (95%); LOS ' "$tmp/out")"
# the two pairs, counted by A's points, as the PGN has them
pairs=$(awk -v a="$(engine_a)" '
    /^\[White / { w = substr($0, 9, length($0) - 10) }
    /^\[Result / { r = substr($0, 10, length($0) - 11)
        p = r == "1/2-1/2" ? 1 : ((r == "1-0") == (w == a)) ? 2 : 0
        g++; s += p; if (g % 2 == 0) { n[s]++; s = 0 } }
    END { printf "%d %d %d %d %d\n", n[0], n[1], n[2], n[3], n[4] }' "$tmp/chess.pgn")
check "chess match: pairs line" "$pairs" "$(sed -n "s/^pairs by A's points 0, 1\/2, 1, 3\/2, 2: \([0-9 ]*\); Elo A-B: .*/\1/p" "$tmp/out" | tail -n 1)"
# both games of a pair start with the same random plies, colours reversed
first_moves() { awk -v g="$2" '/^\[Event/ { n++ } n == g && /^1\. / { print $2, $3, $5, $6; exit }' "$1"; }
check "pair shares its opening" "$(first_moves "$tmp/chess.pgn" 1)" "$(first_moves "$tmp/chess.pgn" 2)"
white1=$(awk '/^\[White /{print; exit}' "$tmp/chess.pgn" | sed 's/\[White //')
black2=$(awk '/^\[Black /{n++; if (n == 2) {print; exit}}' "$tmp/chess.pgn" | sed 's/\[Black //')
check "pair reverses colours" "$white1" "$black2"
for tag in Event Site Date Round White Black Result Variant TimeControl Termination; do
    check "tag $tag in every game" 4 "$(grep -c "^\[$tag " "$tmp/chess.pgn")"
done

# A big variant from an opening file: a position text, then a move list.
fen=$("$nc" --data-dir "$data" --variant stealth-ninja --print-fen --play a1-c3)
printf '# openings\n%s\n\na2-a4 a9-a7\n' "$fen" >"$tmp/open.txt"
match --variant stealth-ninja --openings "$tmp/open.txt" --games 4 --depth 2 --st 5 --adjudicate-plies 30 \
    --pgn "$tmp/sn.pgn"
check "stealth-ninja match status" 0 "$status"
check "stealth-ninja: PGN games" 4 "$(grep -c '^\[Event ' "$tmp/sn.pgn")"
check "stealth-ninja: variant tag" 4 "$(grep -c '^\[Variant "stealth-ninja"\]' "$tmp/sn.pgn")"
check "stealth-ninja: FEN of the position line" 2 "$(grep -cF "[FEN \"$fen\"]" "$tmp/sn.pgn")"
check "stealth-ninja: the move line in the moves" 2 "$(grep -c '^1\. a2-a4 a9-a7 {opening}' "$tmp/sn.pgn")"
check "stealth-ninja: PGN score is the printed score" "$(pgn_score "$tmp/sn.pgn" "$(engine_a)")" "$(printed_score)"
check "stealth-ninja: no faults" "" "$(grep -E 'rules infraction|abandoned|time forfeit' "$tmp/sn.pgn")"

# A won position is adjudicated once both engines' scores agree for 4 plies
# (a queen up: no mate comes that soon at depth 3).
printf '4k3/8/8/8/8/8/3P4/Q3K3 w - - 0 1\n' >"$tmp/won.txt"
match --openings "$tmp/won.txt" --games 2 --depth 3 --adjudicate-score 500,4 --pgn "$tmp/won.pgn"
check "win adjudication status" 0 "$status"
check "win adjudicated after 4 plies" 2 \
    "$(grep -c '^{adjudicated a win for White: both engines scored it 500 cp or more for 4 plies}$' "$tmp/won.pgn")"
check "win adjudication: White wins both" 2 "$(grep -c '^\[Result "1-0"\]' "$tmp/won.pgn")"
check "win adjudication: plies" "4 4" "$(sed -n 's/^\[PlyCount "\([0-9]*\)"\]/\1/p' "$tmp/won.pgn" | tr '\n' ' ' | sed 's/ $//')"
"$nc" --data-dir "$data" --adjudicate-score 500,4 >"$tmp/out" 2>"$tmp/err"
check "win adjudication needs --match" "ninjachess: --adjudicate-score needs --match" "$(cat "$tmp/err")"

# A second setup and optional rules reach the default engines too.
match --variant stealth-ninja --setup second --option scepter --games 2 --depth 1 --adjudicate-plies 10 \
    --pgn "$tmp/setup.pgn"
check "second setup: status" 0 "$status"
check "second setup: tags" "2 2" "$(grep -c '^\[VariantSetup "second"\]' "$tmp/setup.pgn") $(grep -c '^\[VariantOptions "scepter"\]' "$tmp/setup.pgn")"

# At fixed nodes: the default engines get --nodes, no clock is sent, and
# an engine that searches more than the count stops the match.
match --nodes 3000 --games 2 --random-plies 4 --adjudicate-plies 60 --pgn "$tmp/nodes.pgn"
check "fixed nodes: status" 0 "$status"
check "fixed nodes: engines told" 2 "$(grep -c '^engine [AB]: .* --nodes 3000 --xboard$' "$tmp/out")"
check "fixed nodes: games" 2 "$(grep -c '^\[TimeControl "-"\]' "$tmp/nodes.pgn")"
check "fixed nodes: no faults" "" "$(grep -E 'rules infraction|abandoned|time forfeit' "$tmp/nodes.pgn")"
# ... and the games do not depend on the time they took: played again, the
# same moves
match --nodes 3000 --games 2 --random-plies 4 --adjudicate-plies 60 --pgn "$tmp/nodes2.pgn"
check "fixed nodes: the same games again" "$(grep -v '^\[Date ' "$tmp/nodes.pgn")" "$(grep -v '^\[Date ' "$tmp/nodes2.pgn")"
match --nodes 3000 --games 2 --engine "$nc --data-dir $data --xboard --nodes 3000" --engine "$nc --data-dir $data --xboard"
check "fixed nodes: an engine not told" 1 "$status"
check "fixed nodes: its error" 1 "$(grep -c "^ninjachess: engine '$nc --data-dir $data --xboard' reported [0-9]* nodes for a move, more than --nodes 3000 allows; give it the node count on its command line (for this program: --xboard --nodes 3000)$" "$tmp/err")"
match --nodes 3000 --st 1
check "fixed nodes and a time" "ninjachess: --nodes and --st exclude each other: a match at fixed nodes sends no clock" "$(cat "$tmp/err")"

# The SPRT stops the match at its verdict: 3000 nodes a move against 30
# is far more than 50 Elo stronger.
match --nodes 3000 --engine "$nc --data-dir $data --xboard --nodes 3000" --engine "$nc --data-dir $data --xboard --nodes 30" \
    --games 100 --random-plies 6 --adjudicate-score 400,4 --adjudicate-plies 120 --sprt 0,50
check "SPRT verdict: status" 0 "$status"
verdict=$(sed -n 's/^SPRT: H1 accepted after \([0-9]*\) games, \([0-9]*\) pairs (LLR [0-9.]*)$/\1 \2/p' "$tmp/out")
games=${verdict% *}
check "SPRT verdict: H1 before 100 games" yes "$([ -n "$verdict" ] && [ "$games" -lt 100 ] && echo yes || echo no)"
check "SPRT verdict: no game after it" "$games" "$(grep -c '^game [0-9]*/100: ' "$tmp/out")"
check "SPRT verdict: one summary after it" 1 "$(sed -n '/^SPRT: H1/,$p' "$tmp/out" | grep -c '^after ')"

# ---- engines at fault ----

fake="sh $tests/fake_engine.sh"
match --engine "$fake illegal" --st 1 --time-margin 1 --pgn "$tmp/illegal.pgn" --sprt 0,10
check "illegal mover status" 0 "$status"
check "illegal mover loses both" "0 2 0" "$(printed_score)"
check "illegal: termination" 2 "$(grep -c '^\[Termination "rules infraction"\]' "$tmp/illegal.pgn")"
check "illegal: reason in the PGN" 2 "$(grep -c '{\(White\|Black\) (fake-illegal) played an illegal move: a1a8}' "$tmp/illegal.pgn")"
check "SPRT line" 1 "$(grep -c '^SPRT \[0, 10\] alpha 0.05 beta 0.05: LLR .* (bounds -2.94, 2.94) from 1 pairs: continue' "$tmp/out")"
check "LLR on the game lines" 2 "$(grep -c '^game [12]/2: .*; A +[0-9]* -[0-9]* =[0-9]*; LLR -\{0,1\}[0-9]*\.[0-9][0-9] (-2.94, 2.94)$' "$tmp/out")"

# Our own engine plays one game of each pair: its time and margin are
# generous, so that a sanitizer build on a loaded machine still moves in time.
match --engine "$fake silent" --st 1 --time-margin 1 --pgn "$tmp/silent.pgn"
check "silent engine loses both" "0 2 0" "$(printed_score)"
check "silent: termination" 2 "$(grep -c '^\[Termination "time forfeit"\]' "$tmp/silent.pgn")"
check "silent: reason" 2 "$(grep -c 'lost on time' "$tmp/silent.pgn")"

match --engine "$fake silent" --games 1 --tc 0:01+0 --time-margin 0.1 --pgn "$tmp/flag.pgn"
check "silent engine's clock runs out" 1 "$(grep -c 'lost on time (no move after 1\.[0-9]* s)' "$tmp/flag.pgn")"
check "clock's TimeControl tag" 1 "$(grep -c '^\[TimeControl "1+0"\]' "$tmp/flag.pgn")"

match --engine "$fake claim" --games 1 --st 0.2 --time-margin 0.1 --pgn "$tmp/claim.pgn"
check "a false claim does not end the game" 1 "$(grep -c 'lost on time (no move after 0\.[0-9]* s; it claimed 1/2-1/2 (Draw by fancy))}' "$tmp/claim.pgn")"

# An engine that does not know post (as Fairy-Stockfish 11 answers it,
# misspelt) still plays when scores are asked for adjudication.
match --engine "$fake nopost" --games 2 --adjudicate-score 500,4 --st 1 --time-margin 1
check "unknown post: status" 0 "$status"
check "unknown post: the engine plays (and resigns both)" "0 2 0" "$(printed_score)"

match --engine "$fake crash" --pgn "$tmp/crash.pgn"
check "crashing engine loses both" "0 2 0" "$(printed_score)"
check "crash: reason" 2 "$(grep -c '(fake-crash) exited with status 3}' "$tmp/crash.pgn")"

# What an engine is told: a clock, a position text with missing squares,
# the opponent's move, result and quit.
match --variant stealth-ninja --openings "$tmp/open.txt" --games 1 --tc 0:02+0.05 \
    --engine "FAKE_LOG=$tmp/log $fake record"
check "record: status" 0 "$status"
check "record: A resigns" "0 1 0" "$(printed_score)"
check "record: commands" "xboard
protover 2
new
variant stealth-ninja
force
level 0 0:02 0.05
setboard 4ww4/grnbqkbnrg/pppppppppp/10/10/10/10/10/2G7/PPPPPPPPPP/1RNBQKBNRG/4WW4[JJJJSTjjjjst] b KQkq - 1 1
ping 1
time X
otim X
usermove X
go
result 0-1 {White (fake-record) resigns}
quit" "$(sed -E 's/^(time|otim|usermove) .*/\1 X/' "$tmp/log")"
check "record: B's clock" 1 "$(grep -cE '^otim (1[5-9][0-9]|20[0-5])$' "$tmp/log")"

# B resigns at once: many short games on two workers
match --engine "$nc --data-dir $data --xboard" --engine "$fake resign" --games 6 --concurrency 2 --report-every 2 \
    --pgn "$tmp/conc.pgn"
check "report every 2 games" "2 4 6" "$(sed -n 's/^after \([0-9]*\) games.*/\1/p' "$tmp/out" | tr '\n' ' ' | sed 's/ $//')"
check "concurrency: games" 6 "$(grep -c '^\[Event ' "$tmp/conc.pgn")"
check "concurrency: every round" "1 2 3 4 5 6" "$(sed -n 's/^\[Round "\(.*\)"\]/\1/p' "$tmp/conc.pgn" | sort -n | tr '\n' ' ' | sed 's/ $//')"
check "concurrency: A wins all" "6 0 0" "$(printed_score)"

# ---- errors: one line each ----

match --engine /nonexistent/engine
check "missing engine status" 1 "$status"
check "missing engine: one line" "ninjachess: engine '/nonexistent/engine': /nonexistent/engine: command not found" "$(cat "$tmp/err")"
match --engine "no-such-engine-xyz --xboard"
check "missing engine in PATH: one line" "1 1" "$(grep -c "no-such-engine-xyz: command not found" "$tmp/err") $(wc -l <"$tmp/err" | tr -d ' ')"
printf 'e2-e4\ne2-e5\n' >"$tmp/bad.txt"
match --openings "$tmp/bad.txt"
check "bad opening line" "ninjachess: $tmp/bad.txt:2: illegal move 'e2-e5'" "$(cat "$tmp/err")"
match --openings "$tmp/none.txt"
check "unreadable opening file" "ninjachess: $tmp/none.txt: No such file or directory" "$(cat "$tmp/err")"
match --tc 1+x
check "bad time control" "ninjachess: --tc wants MIN+INC, e.g. 1+0.1 or 0:30+0.2, not '1+x'" "$(cat "$tmp/err")"
match --adjudicate-score 1000
check "bad win adjudication" \
    "ninjachess: --adjudicate-score wants CP,PLIES (CP 100-20000, PLIES 2-1000), e.g. 1000,8, not '1000'" \
    "$(cat "$tmp/err")"
"$nc" --data-dir "$data" --games 2 >"$tmp/out" 2>"$tmp/err"
check "match options need --match" "ninjachess: --games needs --match or --datagen" "$(cat "$tmp/err")"
"$nc" --data-dir "$data" --seed 3 >"$tmp/out" 2>"$tmp/err"
check "--seed needs a run it seeds" "ninjachess: --seed needs --match or --datagen, --make-book or --selfplay" \
    "$(cat "$tmp/err")"
# --seed makes self-play repeatable (without it each run takes a new seed)
moves_of() { sed -e '/^\[/d' "$1"; }
for k in 1 2; do
    "$nc" --data-dir "$data" --variant titan-chess --selfplay 1 --depth 1 --seed 5 --pgn "$tmp/seeded$k.pgn" \
        >/dev/null 2>&1
    [ $k = 1 ] && sleep 1 # a seed from the clock would differ now
done
check "--selfplay --seed: the same game twice" "$(moves_of "$tmp/seeded1.pgn")" "$(moves_of "$tmp/seeded2.pgn")"
check "--selfplay --seed: a game was played" 1 "$(moves_of "$tmp/seeded1.pgn" | grep -c '^1\. ')"

# ---- --pgn for self-play ----
"$nc" --data-dir "$data" --variant chess --selfplay 2 --depth 1 --pgn "$tmp/sp.pgn" >"$tmp/out" 2>"$tmp/err"
check "selfplay --pgn games" 2 "$(grep -c '^\[Event "ninjachess self-play"\]' "$tmp/sp.pgn")"
check "selfplay --pgn result tags end the moves" 0 "$(results_agree "$tmp/sp.pgn")"

check_done
