#!/bin/sh
# --load FILE with the queries (--print-fen, --moves, --status, --perft):
# the variant, setup, optional rules, Titans and start position come from
# the file's tags, and games other programs wrote (SAN, comments, NAGs,
# variations, no [Variant] tag) load.  Debian's pgn-extract reads the same
# files and must reach the same final position.
# usage: test_load.sh PATH/TO/ninjachess DATA_DIR TESTS_DIR
nc=$1
data=$2
pgns=$3/data
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

. "$(dirname "$0")/check_lib.sh"

run() { # runs ninjachess, storing stdout, stderr and status
    "$nc" --data-dir "$data" "$@" >"$tmp/out" 2>"$tmp/err"
    status=$?
}

# pgn-extract is part of the suite (./setup installs it); Debian puts it in /usr/games.
extract=$(command -v pgn-extract || { [ -x /usr/games/pgn-extract ] && echo /usr/games/pgn-extract; })
if [ -z "$extract" ]; then
    echo "FAIL pgn-extract is not installed (./setup installs it)"
    exit 1
fi

# The position pgn-extract reaches at the end of the first game of a file.
extract_fen() {
    "$extract" -F -s "$1" 2>"$tmp/extract-err" | grep -o '{ "[^"]*" }' | head -n 1 | sed 's/^{ "//; s/" }$//'
}

for f in opera-lichess annotated-no-variant from-fen-black; do
    run --load "$pgns/$f.pgn" --print-fen
    check "$f: loads" "0 " "$status $(cat "$tmp/err")"
    want=$(extract_fen "$pgns/$f.pgn")
    check "$f: pgn-extract reads it without complaint" "" "$(cat "$tmp/extract-err")"
    check "$f: final position as pgn-extract has it" "$want" "$(cat "$tmp/out")"
done

run --load "$pgns/opera-lichess.pgn" --status --moves
check "status and moves of a mate" "checkmate: White wins" "$(cat "$tmp/out")"
run --load "$pgns/opera-lichess.pgn" --moves --variant chess
check "--variant naming the file's variant is accepted" "0" "$status"
run --load "$pgns/annotated-no-variant.pgn" --status
check "no [Variant] tag: chess, its [Result] drawn" "result as recorded: a draw" "$(cat "$tmp/out")"

# --perft and --moves from a loaded game equal those from its position.
run --load "$pgns/from-fen-black.pgn" --perft 3
loaded=$(cat "$tmp/out")
run --variant chess --fen "8/5pp1/6kp/8/8/8/4KPPP/R7 w - - 4 35" --perft 3
check "perft of a loaded game" "$(cat "$tmp/out")" "$loaded"
# (the file records 0-1: moves after it are refused, so a copy without it)
sed 's/"0-1"/"*"/; s/ 0-1$/ */' "$pgns/from-fen-black.pgn" >"$tmp/from-fen-open.pgn"
run --load "$tmp/from-fen-open.pgn" --play Ra8 --print-fen --status
check "--play continues the loaded game" "R7/5pp1/6kp/8/8/8/4KPPP/8 b - - 5 35
game in progress" "$(cat "$tmp/out")"

# Capablanca: its own pieces (A, C) and castling in SAN.
run --load "$pgns/capablanca.pgn" --print-fen
check "capablanca from SAN" "rn1bq2rk1/pppp2p1pp/6bn2/4p5/5P4/1A5N2/PPPP1aPPPP/RN1BQ2RK1 w - - 0 11" "$(cat "$tmp/out")"

# The tags choose the setup, the optional rules and the Titans.
cat >"$tmp/setup.pgn" <<'PGN'
[Variant "stealth-ninja"]
[VariantSetup "second"]

1. e2-e4 *
PGN
run --load "$tmp/setup.pgn" --print-fen
check "setup from the tags" "****ww****/rnbgqkgbnr/pppppppppp/10/10/10/10/4P5/10/PPPP1PPPPP/RNBGQKGBNR/****WW****[JJJJSTjjjjst] b KQkq e3 0 1" \
    "$(cat "$tmp/out")"
cat >"$tmp/titans.pgn" <<'PGN'
[Variant "chess"]
[Titans "rook"]
[SetUp "1"]
[FEN "4k3/8/8/8/8/3r4/1N6/4K3 w - - 0 1"]

*
PGN
run --load "$tmp/titans.pgn" --moves
check "Titans from the tags: the rook cannot be taken" "0" "$(grep -c '^b2-d3' "$tmp/out")"
sed '/Titans/d' "$tmp/titans.pgn" >"$tmp/no-titans.pgn"
run --load "$tmp/no-titans.pgn" --moves
check "without them it can" "b2-d3xd3" "$(grep '^b2-d3' "$tmp/out")"
cat >"$tmp/options.pgn" <<'PGN'
[Variant "stealth-ninja"]
[VariantOptions "scepter"]

*
PGN
run --load "$tmp/options.pgn" --status
check "options from the tags" "0 game in progress" "$status $(cat "$tmp/out")"
sed 's/scepter/no-such-rule/' "$tmp/options.pgn" >"$tmp/bad-options.pgn"
run --load "$tmp/bad-options.pgn" --status
check "a wrong option in the tags is named" "1" "$status"
check "its message" "1" "$(grep -c "no-such-rule" "$tmp/err")"

# Errors name the file and what is wrong.
run --load "$pgns/opera-lichess.pgn" --print-fen --variant titan-chess
check "another --variant" "1 ninjachess: $pgns/opera-lichess.pgn: a game of chess, not of --variant titan-chess" \
    "$status $(cat "$tmp/err")"
printf '[Event "x"]\n\n1. e4 e5 2. Ke3 *\n' >"$tmp/bad.pgn"
run --load "$tmp/bad.pgn" --print-fen
check "an illegal move" "1 ninjachess: $tmp/bad.pgn: line 3: move 2 'Ke3': illegal move 'Ke3'" "$status $(cat "$tmp/err")"
# a move after a threefold repetition (the start position a third time)
printf '[Event "x"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. e4 *\n' >"$tmp/rep.pgn"
run --load "$tmp/rep.pgn" --status
check "a move after a threefold repetition" "1 ninjachess: $tmp/rep.pgn: line 3: move 'e4' after the game ended" \
    "$status $(cat "$tmp/err")"
run --load "$tmp/none.pgn" --status
check "a missing file" "1 ninjachess: cannot open '$tmp/none.pgn': No such file or directory" "$status $(cat "$tmp/err")"
run --load "$pgns/opera-lichess.pgn" --fen "8/8/8/8/8/8/8/K6k w - - 0 1" --status
check "--load with --fen" "1 ninjachess: --load and --fen exclude each other: the file says where its game begins" \
    "$status $(cat "$tmp/err")"

run --load "$pgns/opera-lichess.pgn" --titans rook --status
check "--load with --titans" "1 ninjachess: --load takes --titans from the file's tags; leave it out" "$status $(cat "$tmp/err")"
run --load "$pgns/opera-lichess.pgn" --variant capablanca
check "the game screen refuses another --variant too" \
    "1 ninjachess: $pgns/opera-lichess.pgn: a game of chess, not of --variant capablanca" "$status $(cat "$tmp/err")"

check_done
