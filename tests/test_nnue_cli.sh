#!/bin/sh
# --nnue-features writes the header and records doc/tuning.md describes
# (features, board, types; score, result, side, each view's features),
# refuses a position that does not read with FILE:LINE; --nnue refuses a
# file that is not a net (with --xboard and --uci).  The data path's
# variants/NAME.nnue (a small net this test writes) is used by default and
# the player's own replaces the shipped one; --no-nnue turns it off; a
# damaged, cut or mismatched one is told once on stderr and play goes on
# with the hand-made evaluation (--think, --xboard, --uci after UCI_Variant,
# --selfplay, the match's own engines, which --no-nnue reaches too).
# usage: test_nnue_cli.sh PATH/TO/ninjachess DATA_DIR
nc=$1
data=$(cd "$2" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

. "$(dirname "$0")/check_lib.sh"

printf '# ninjachess datagen: variant chess setup - option - titans -\n' >"$tmp/d.dat"
printf 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 | -16 | 0.5 | 1 | 0\n' >>"$tmp/d.dat"
printf '4k3/8/8/8/8/8/8/4K2R w K - 0 1 | 500 | 1 | 60 | 1\n' >>"$tmp/d.dat"
"$nc" --data-dir "$data" --variant chess --nnue-features "$tmp/d.dat" >"$tmp/f.bin" 2>"$tmp/err"
check "status" 0 "$?"
check "magic" "NCFEAT1" "$(head -c 7 "$tmp/f.bin")"
# features 2*6*64 + 2*6*8 = 864, width 8, height 8, 6 types
check "header" "864 8 8 6" "$(od -A n -t u4 -j 8 -N 16 "$tmp/f.bin" | tr -s ' ' | sed 's/^ //; s/ $//')"
# record 1: score -16 (int16), result 1 (a draw), Black to move, 32 and 32 features
check "record 1" "-16" "$(od -A n -t d2 -j 24 -N 2 "$tmp/f.bin" | tr -d ' ')"
check "record 1: result, side" "1 1" "$(od -A n -t u1 -j 26 -N 2 "$tmp/f.bin" | tr -s ' ' | sed 's/^ //; s/ $//')"
check "record 1: features a view" "32 32" "$(od -A n -t u2 -j 28 -N 4 "$tmp/f.bin" | tr -s ' ' | sed 's/^ //; s/ $//')"
# record 2 starts after 8 + 4 * 64 bytes: White to move, won, 3 pieces a view
r2=$((24 + 8 + 256))
check "record 2: score" "500" "$(od -A n -t d2 -j $r2 -N 2 "$tmp/f.bin" | tr -d ' ')"
check "record 2: result, side, counts" "2 0 3 0 3 0" "$(od -A n -t u1 -j $((r2 + 2)) -N 6 "$tmp/f.bin" | tr -s ' ' | sed 's/^ //; s/ $//')"
check "the whole file" $((r2 + 8 + 4 * 6)) "$(wc -c <"$tmp/f.bin" | tr -d ' ')"
check "count line" "ninjachess: 2 positions, 864 features" "$(cat "$tmp/err")"

printf 'not a position | 0 | 1 | 0 | 2\n' >>"$tmp/d.dat"
"$nc" --data-dir "$data" --variant chess --nnue-features "$tmp/d.dat" >/dev/null 2>"$tmp/err"
check "bad record: status" 1 "$?"
check "bad record: FILE:LINE" yes "$(grep -q "d.dat:4: " "$tmp/err" && echo yes || echo no)"

printf 'hello\n' >"$tmp/not.nnue"
printf 'quit\n' | "$nc" --data-dir "$data" --variant chess --xboard --nnue "$tmp/not.nnue" >/dev/null 2>"$tmp/err"
check "--nnue refuses a file that is not a net" "1 ninjachess: --nnue: $tmp/not.nnue: not a ninjachess net (no NCNNUE header)" "$? $(cat "$tmp/err")"

printf 'quit\n' | "$nc" --data-dir "$data" --variant chess --uci --nnue "$tmp/not.nnue" >/dev/null 2>"$tmp/err"
check "--uci --nnue refuses it too" "1 ninjachess: --nnue: $tmp/not.nnue: not a ninjachess net (no NCNNUE header)" "$? $(cat "$tmp/err")"

# ---- nets in the data path ----

. "$(dirname "$0")/nnue_net.sh"
evaluation() { sed -n 's/^info string evaluation: //p' "$tmp/out"; }
think() { # DATA_PATH, more options
    dp=$1
    shift
    "$nc" --data-dir "$dp" --variant chess --depth 2 "$@" >"$tmp/out" 2>"$tmp/err"
    status=$?
}

mkdir -p "$tmp/good/variants" "$tmp/bad/variants"
write_chess_net "$tmp/good/variants/chess.nnue"
check "the test's net is 27840 bytes" 27840 "$(wc -c <"$tmp/good/variants/chess.nnue" | tr -d ' ')"

think "$data"
check "no net: the hand-made evaluation, nothing said" "0 hand-made " "$status $(evaluation) $(cat "$tmp/err")"
think "$tmp/good:$data"
check "the data path's net is used by default" "0 net $tmp/good/variants/chess.nnue " \
    "$status $(evaluation) $(cat "$tmp/err")"
check "and a move is chosen" 1 "$(tail -n 1 "$tmp/out" | grep -c '^[a-h][1-8]-[a-h][1-8]$')"
think "$tmp/good:$data" --no-nnue
check "--no-nnue: the hand-made evaluation" "0 hand-made" "$status $(evaluation)"
think "$tmp/good:$data" --nnue "$tmp/good/variants/chess.nnue" --no-nnue
check "--nnue and --no-nnue" "1 ninjachess: --nnue and --no-nnue exclude each other" "$status $(cat "$tmp/err")"
think "$data" --nnue "$tmp/good/variants/chess.nnue"
check "--nnue FILE names one" "0 net $tmp/good/variants/chess.nnue" "$status $(evaluation)"

# the game screen reads each variant's net itself: --nnue is refused there
"$nc" --data-dir "$data" --nnue "$tmp/good/variants/chess.nnue" </dev/null >"$tmp/out" 2>"$tmp/err"
check "the screen refuses --nnue" "2 ninjachess: --nnue FILE is for the engine front ends and the tools; the game screen reads each variant's variants/NAME.nnue from the data path (--no-nnue: none)" \
    "$? $(cat "$tmp/err")"

# --bench --nnue FILE: the variant's cases with the hand-made evaluation
# and with the net, and the net's share of the speed; a net of another
# variant is refused
"$nc" --data-dir "$data" --bench --nnue "$tmp/good/variants/chess.nnue" --variant chess --depth 3 >"$tmp/out" 2>"$tmp/err"
check "--bench --nnue: three cases twice, and the share" "0 7 3" \
    "$? $(grep -c '^search chess ' "$tmp/out") $(grep -c '(net)$' "$tmp/out")"
check "--bench --nnue: the share" 1 \
    "$(grep -c '^search chess hand-made [0-9]* knodes/s, net [0-9]* knodes/s: the net at [0-9.]* of the speed$' "$tmp/out")"
"$nc" --data-dir "$data" --bench --nnue "$tmp/good/variants/chess.nnue" --variant capablanca --depth 3 >"$tmp/out" 2>"$tmp/err"
check "--bench --nnue: another variant's net" \
    "1 ninjachess: --nnue: $tmp/good/variants/chess.nnue: a net of variant 'chess', not of capablanca" \
    "$? $(cat "$tmp/err")"

# damaged nets: told with the file and what is wrong; the search goes on
bad="$tmp/bad/variants/chess.nnue"
damaged() { # name, expected problem
    think "$tmp/bad:$data"
    check "$1" "0 hand-made ninjachess: $bad: $2; the hand-made evaluation is used" \
        "$status $(evaluation) $(cat "$tmp/err")"
    check "$1: a move all the same" 1 "$(tail -n 1 "$tmp/out" | grep -c '^[a-h][1-8]-[a-h][1-8]$')"
}
good="$tmp/good/variants/chess.nnue"
{ head -c 1000 "$good"; printf 'x'; tail -c +1002 "$good"; } >"$bad"
damaged "a wrong checksum" "the checksum does not match: the file is damaged"
head -c 20000 "$good" >"$bad"
damaged "a cut net" "20000 bytes where its header says 27840 (cut short or padded)"
{ head -c 12 "$good"; printf 'capablanca'; tail -c +23 "$good"; } >"$bad"
damaged "another variant's" "a net of variant 'capablanca', not of chess"
{ head -c 60 "$good"; u32 10; tail -c +65 "$good"; } >"$bad"
damaged "another board" "a net of a 10x8 board with 6 piece types; chess has 8x8 and 6"
{ head -c 80 "$good"; u32 32; tail -c +85 "$good"; } >"$bad"
damaged "another size" "27840 bytes where its header says 55584 (cut short or padded)"
printf 'hello\n' >"$bad"
damaged "not a net" "not a ninjachess net (no NCNNUE header)"

# told once by an engine that plays on: two games, then a move
{ head -c 1000 "$good"; printf 'x'; tail -c +1002 "$good"; } >"$bad"
{
    printf 'xboard\nprotover 2\nnew\nnew\nsd 2\nusermove e2e4\n'
    i=0 # quit once the move is out (a quit while thinking cancels it)
    while [ $i -lt 100 ] && ! grep -q '^move ' "$tmp/out" 2>/dev/null; do sleep 0.1; i=$((i + 1)); done
    printf 'quit\n'
} | "$nc" --data-dir "$tmp/bad:$data" --xboard >"$tmp/out" 2>"$tmp/err"
check "--xboard: told once" "1" "$(grep -c 'chess.nnue: the checksum does not match' "$tmp/err")"
check "--xboard: plays on" 1 "$(grep -c '^move ' "$tmp/out")"
# --uci: the net of the variant UCI_Variant names
cp "$bad" "$tmp/bad/variants/capablanca.nnue"
printf 'uci\nsetoption name UCI_Variant value capablanca\nisready\nposition startpos\ngo depth 1\nquit\n' |
    "$nc" --data-dir "$tmp/bad:$data" --uci --no-nnue >"$tmp/out" 2>"$tmp/err"
check "--uci --no-nnue: nothing read" "" "$(cat "$tmp/err")"
printf 'uci\nsetoption name UCI_Variant value capablanca\nisready\nposition startpos\ngo depth 1\nquit\n' |
    "$nc" --data-dir "$tmp/bad:$data" --uci >"$tmp/out" 2>"$tmp/err"
check "--uci: chess's net, then capablanca's, each told once" \
    "ninjachess: $bad: the checksum does not match: the file is damaged; the hand-made evaluation is used
ninjachess: $tmp/bad/variants/capablanca.nnue: a net of variant 'chess', not of capablanca; the hand-made evaluation is used" \
    "$(cat "$tmp/err")"
check "--uci: plays on" 1 "$(grep -c '^bestmove ' "$tmp/out")"
rm "$tmp/bad/variants/capablanca.nnue"
# self-play: both sides' searches, one message
"$nc" --data-dir "$tmp/bad:$data" --variant chess --selfplay 1 --depth 1 >"$tmp/out" 2>"$tmp/err"
check "--selfplay: told once, the game played" "0 1 1" \
    "$? $(grep -c 'chess.nnue: the checksum does not match' "$tmp/err") $(grep -c '^score: ' "$tmp/out")"
# the match's own engines: the data path's net, unless --no-nnue is given to the match
"$nc" --data-dir "$tmp/bad:$data" --variant chess --match --games 2 --nodes 200 --adjudicate-plies 20 \
    >"$tmp/out" 2>"$tmp/err"
check "--match: each own engine reads the net" "0 2" "$? $(grep -c 'chess.nnue: the checksum does not match' "$tmp/err")"
"$nc" --data-dir "$tmp/bad:$data" --variant chess --match --games 2 --nodes 200 --adjudicate-plies 20 --no-nnue \
    >"$tmp/out" 2>"$tmp/err"
check "--match --no-nnue: its engines read none" "0 0 2" \
    "$? $(grep -c 'chess.nnue' "$tmp/err") $(grep -c -e '--no-nnue --xboard$' "$tmp/out")"

# the player's own net replaces the shipped one (as its variant file would)
mkdir -p "$tmp/sys/ninjachess/variants" "$tmp/home/ninjachess/variants"
for f in pieces.txt variants/chess.txt; do ln -s "$data/$f" "$tmp/sys/ninjachess/$f"; done
cp "$bad" "$tmp/sys/ninjachess/variants/chess.nnue"
XDG_DATA_DIRS="$tmp/sys" XDG_DATA_HOME="$tmp/nohome" HOME="$tmp/nohome" \
    "$nc" --variant chess --depth 2 >"$tmp/out" 2>"$tmp/err"
check "the shipped net alone is read" "hand-made 1" "$(evaluation) $(grep -c "$tmp/sys/ninjachess/variants/chess.nnue: the checksum" "$tmp/err")"
cp "$good" "$tmp/home/ninjachess/variants/chess.nnue"
XDG_DATA_DIRS="$tmp/sys" XDG_DATA_HOME="$tmp/home" HOME="$tmp/nohome" \
    "$nc" --variant chess --depth 2 >"$tmp/out" 2>"$tmp/err"
check "the player's own net replaces it" "net $tmp/home/ninjachess/variants/chess.nnue " \
    "$(evaluation) $(cat "$tmp/err")"

check_done
