#!/bin/sh
# Opening books and --datagen: the shipped books load for their variants,
# --make-book is repeatable and keeps balanced positions, --datagen's
# records read back to the positions they came from, each run's comment
# names the evaluation that scored it (hand-made, or --nnue's net and its
# checksum), a run goes on where the file leaves off (files from before
# the evaluation was named too), and bad files are refused with FILE:LINE.
# usage: test_datagen.sh PATH/TO/ninjachess DATA_DIR
nc=$1
data=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

. "$(dirname "$0")/check_lib.sh"

run() { # runs ninjachess, storing stdout, stderr and status
    "$nc" --data-dir "$data" "$@" >"$tmp/out" 2>"$tmp/err"
    status=$?
}

# ---- the shipped books ----
# Each book's lines all load (the opening reader checks every position
# against the variant's rules and refuses the file at its first bad line),
# are distinct, and number at least a few hundred.
for v in chess capablanca titan-chess titan-chess-titans chess-titan-rooks stealth-ninja flying-warmachines; do
    book="$data/books/$v.txt"
    check "book $v exists" yes "$([ -f "$book" ] && echo yes)"
    check "book $v says how it was made" 1 "$(grep -c "^# Made by: ninjachess --make-book [0-9]* --variant $v " "$book")"
    n=$(grep -cv '^#' "$book")
    check "book $v has 500 positions" 500 "$n"
    check "book $v positions distinct" 500 "$(grep -v '^#' "$book" | cut -d' ' -f1-4 | sort -u | wc -l | tr -d ' ')"
    run --variant "$v" --datagen "$tmp/$v.dat" --games 1 --nodes 30 --concurrency 1
    check "book $v loads and a game is played from it" "0 from the book" \
        "$status $(sed -n 's/^# games 0-0: .*, \(from the [a-z]*\), .*$/\1/p' "$tmp/$v.dat")"
    run --variant "$v" --check-data "$tmp/$v.dat"
    check "datagen $v records valid" "0 all valid" "$status $(sed -n 's/.*, \(all valid\)$/\1/p' "$tmp/out")"
done

# ---- --make-book ----
run --variant chess --make-book 4 --seed 7 --nodes 500
cp "$tmp/out" "$tmp/book1"
check "make-book status" 0 "$status"
check "make-book positions" 4 "$(grep -cv '^#' "$tmp/book1")"
check "make-book header" "# Made by: ninjachess --make-book 4 --variant chess --random-plies 8 --nodes 500 --seed 7" \
    "$(sed -n 2p "$tmp/book1")"
run --variant chess --make-book 4 --seed 7 --nodes 500
check "make-book same seed, same book" "" "$(cmp "$tmp/book1" "$tmp/out")"
run --variant chess --make-book 4 --seed 8 --nodes 500
check "make-book another seed, another book" different "$(cmp -s "$tmp/book1" "$tmp/out" || echo different)"
# every kept position scores within +/-50 by the same search
grep -v '^#' "$tmp/book1" | while read -r fen; do
    "$nc" --data-dir "$data" --variant chess --fen "$fen" --nodes 500 | grep '^info' | tail -n 1 |
        sed 's/.* score \(-*[0-9]*\) .*/\1/'
done >"$tmp/scores"
check "make-book scores within 50" 4 "$(awk '$1 >= -50 && $1 <= 50' "$tmp/scores" | wc -l | tr -d ' ')"
# random plies 8 from the start: White to move at move 5
check "make-book 8 random plies" "w 5 w 5 w 5 w 5" \
    "$(grep -v '^#' "$tmp/book1" | awk '{print $2, $6}' | tr '\n' ' ' | sed 's/ $//')"
run --variant chess --fen '4k3/8/8/8/8/8/8/QQQQK3 w - - 0 1' --make-book 3 --random-plies 1 --nodes 100
check "make-book gives up on unbalanced starts" \
    "1 ninjachess: only 0 of 600 random starts of chess scored within +/-50; try fewer random plies" \
    "$status $(cat "$tmp/err")"

# ---- --datagen: records read back ----
grep -v '^#' "$tmp/book1" >"$tmp/openings"
run --variant chess --datagen "$tmp/a.dat" --games 2 --nodes 300 --openings "$tmp/openings"
check "datagen status" 0 "$status"
check "datagen progress line" "datagen: 2 games" "$(tail -n 1 "$tmp/err" | cut -d, -f1)"
check "datagen header" "# ninjachess datagen: variant chess setup - option - titans -" "$(head -n 1 "$tmp/a.dat")"
check "datagen run comment" "# games 0-1: nodes 300, random plies 2, seed 0, from the book, hand-made evaluation" \
    "$(sed -n 2p "$tmp/a.dat")"
run --variant chess --check-data "$tmp/a.dat"
check "check-data valid" 0 "$status"
# each position printed back by the position-text reader as written
grep -v '^#' "$tmp/a.dat" | head -n 6 | sed 's/ | .*//' >"$tmp/fens"
while read -r fen; do
    "$nc" --data-dir "$data" --variant chess --fen "$fen" --print-fen
done <"$tmp/fens" >"$tmp/back"
check "positions read back" "" "$(diff "$tmp/fens" "$tmp/back")"
check "records of games 0 and 1 only" "0 1" "$(grep -v '^#' "$tmp/a.dat" | awk -F' [|] ' '{print $5}' | sort -u | tr '\n' ' ' | sed 's/ $//')"
check "one result a game" 2 "$(grep -v '^#' "$tmp/a.dat" | awk -F' [|] ' '{print $5, $3}' | sort -u | wc -l | tr -d ' ')"

# going on: game 2 is new, and the three games are those of one run of three
run --variant chess --datagen "$tmp/a.dat" --games 1 --nodes 300 --openings "$tmp/openings"
check "datagen resumes" "ninjachess: datagen chess: games 2-2" "$(head -n 1 "$tmp/err" | cut -d' ' -f1-5)"
run --variant chess --datagen "$tmp/b.dat" --games 3 --nodes 300 --openings "$tmp/openings" --concurrency 1
check "resumed run plays the games of one run" "" \
    "$(grep -v '^#' "$tmp/a.dat" | sort >"$tmp/as"; grep -v '^#' "$tmp/b.dat" | sort | diff "$tmp/as" -)"
check "run comments" "2" "$(grep -c '^# games' "$tmp/a.dat")"

# A run scored by --nnue's net names it and its checksum (the file's last
# four bytes, little-endian); a file whose run lines name no evaluation
# (written before they did) is checked and resumed as before.
. "$(dirname "$0")/nnue_net.sh"
write_chess_net "$tmp/c.nnue"
sum=$(tail -c 4 "$tmp/c.nnue" | od -A n -v -t u1 | { read -r a b c d; printf '%02x%02x%02x%02x' "$d" "$c" "$b" "$a"; })
run --variant chess --datagen "$tmp/n.dat" --games 1 --nodes 100 --openings "$tmp/openings" --concurrency 1 \
    --nnue "$tmp/c.nnue"
check "datagen --nnue run comment" "0 # games 0-0: nodes 100, random plies 2, seed 0, from the book, net $tmp/c.nnue (checksum $sum)" \
    "$status $(sed -n 2p "$tmp/n.dat")"
sed 's/, hand-made evaluation$//' "$tmp/a.dat" >"$tmp/old.dat"
check "an old file's run lines" "# games 0-1: nodes 300, random plies 2, seed 0, from the book" "$(sed -n 2p "$tmp/old.dat")"
run --variant chess --check-data "$tmp/old.dat"
check "check-data reads an old file" 0 "$status"
run --variant chess --datagen "$tmp/old.dat" --games 1 --nodes 300 --openings "$tmp/openings"
check "datagen resumes an old file" "0 ninjachess: datagen chess: games 3-3" "$status $(head -n 1 "$tmp/err" | cut -d' ' -f1-5)"

# Positions whose best move changes material are left out: in antichess,
# where taking is compulsory, a position with a capture has only captures,
# so no written position may have one.  With NC_TEST_LIGHT (tests/README.md)
# every fourth written position is asked, each a run of the program.
run --variant antichess --datagen "$tmp/anti.dat" --games 2 --nodes 100 --concurrency 1
check "antichess without a book" "ninjachess: no opening book for antichess (books/antichess.txt); games start from the setup" \
    "$(head -n 1 "$tmp/err")"
every=1
case ${NC_TEST_LIGHT:-0} in 0) ;; *) every=4 ;; esac
grep -v '^#' "$tmp/anti.dat" | sed 's/ | .*//' | awk -v k="$every" '(NR - 1) % k == 0' >"$tmp/anti.fens"
check "antichess positions written" yes "$([ -s "$tmp/anti.fens" ] && echo yes)"
while read -r fen; do
    "$nc" --data-dir "$data" --variant antichess --fen "$fen" --moves | grep -c x
done <"$tmp/anti.fens" | sort -u >"$tmp/anti.caps"
check "no capture in a written position" 0 "$(cat "$tmp/anti.caps")"

# ---- bad files ----
run --variant capablanca --datagen "$tmp/a.dat" --games 1
check "another variant's file" \
    "ninjachess: $tmp/a.dat:1: not this variant's header '# ninjachess datagen: variant capablanca setup - option - titans -' (another variant, setup, option or titans?): '# ninjachess datagen: variant chess setup - option - titans -'" \
    "$(cat "$tmp/err")"
cp "$tmp/a.dat" "$tmp/cut.dat"
printf 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | 5' >>"$tmp/cut.dat"
lines=$(wc -l <"$tmp/cut.dat" | tr -d ' ')
run --variant chess --datagen "$tmp/cut.dat" --games 1
check "interrupted last line" \
    "ninjachess: $tmp/cut.dat:$((lines + 1)): the last line has no newline (an interrupted write?); remove it to go on" \
    "$(cat "$tmp/err")"
head -n 2 "$tmp/a.dat" >"$tmp/bad.dat"
{
    echo 'rnbqkbnr/pppp1ppp/8/4p3/4P3/5Q2/PPPP1PPP/RNB1KBNR b KQkq - 1 2 | 12 | 0.5 | 3 | 0'
    echo 'rnbqkbnr/ppppp1pp/5p2/7Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 2 | 12 | 0.5 | 4 | 0'
    echo 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 | 12 | 1 | 5 | 0'
    echo 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 | 12 | 0.5 | 5 | 0'
    echo 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 | 29500 | 0.5 | 6 | 1'
    echo 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 00 2 | 1 | 0.5 | 7 | 1'
    echo 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 | 1 | 0 | 8 | 1'
    echo 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 | 1 | 0.5 | 9 | 0'
} >>"$tmp/bad.dat"
run --variant chess --check-data "$tmp/bad.dat"
check "check-data problems" "1
ninjachess: $tmp/bad.dat:4: the side to move is in check
ninjachess: $tmp/bad.dat:5: another result than the game's earlier lines
ninjachess: $tmp/bad.dat:6: ply not after the game's line before
ninjachess: $tmp/bad.dat:7: score must be whole centipawns, not a mate, not '29500'
ninjachess: $tmp/bad.dat:8: position text is printed back as 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2'
ninjachess: $tmp/bad.dat:10: game 0 again (its lines from line 3)" "$status
$(cat "$tmp/err")"

# ---- options ----
run --variant chess --datagen "$tmp/c.dat"
check "datagen needs games" "ninjachess: --datagen FILE needs --variant NAME and --games N" "$(cat "$tmp/err")"
run --variant chess --make-book 2 --concurrency 2
check "make-book takes no concurrency" "ninjachess: --concurrency needs --match or --datagen" "$(cat "$tmp/err")"

check_done
