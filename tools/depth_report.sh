#!/bin/sh
# Depth each of two builds reaches in the same thinking time from the same
# middlegame positions of every seed variant: the positions after PLIES
# plies of a self-play game (played by the first build at depth 3, and
# given to both builds as a position text, which older builds read too,
# while their move text may differ).  Each build reads its own data
# directory, since an older build may refuse the newer files.  Prints a
# line per variant and position: variant, ply, then each build's depth,
# seldepth and nodes.  Run it on an otherwise idle machine; the two builds
# think one after the other on each position.
# usage: tools/depth_report.sh BUILD_A BUILD_B [SECONDS] [DATA_A] [DATA_B]
#   (DATA_A defaults to this tree's data, DATA_B to DATA_A)
set -eu
a=$1
b=$2
secs=${3:-5}
data_a=${4:-$(dirname "$0")/../data}
data_b=${5:-$data_a}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# "depth seldepth nodes" of the last thinking line of a --think run.
last_depth() {
    sed -n 's/^info depth \([0-9]*\) seldepth \([0-9]*\) score [-0-9]* nodes \([0-9]*\).*/\1 \2 \3/p' "$1" | tail -n 1
}

for variant in chess capablanca titan-chess stealth-ninja flying-warmachines; do
    "$a" --data-dir "$data_a" --variant "$variant" --selfplay 1 --depth 3 --pgn "$tmp/game.pgn" >/dev/null
    moves=$(awk '/^$/ { body = 1; next } body && !/^\[/' "$tmp/game.pgn" | tr '\n' ' ' |
        sed 's/{[^}]*}//g; s/[0-9][0-9]*\.\.*//g; s/1-0\|0-1\|1\/2-1\/2\|\*//g')
    for plies in 30 50; do
        line=$(echo $moves | cut -d' ' -f1-$plies)
        [ "$(echo $line | wc -w)" -eq "$plies" ] || continue
        fen=$("$a" --data-dir "$data_a" --variant "$variant" --play $line --print-fen | tail -n 1)
        "$a" --data-dir "$data_a" --variant "$variant" --fen "$fen" --think "$secs" >"$tmp/a.out" 2>&1 || true
        "$b" --data-dir "$data_b" --variant "$variant" --fen "$fen" --think "$secs" >"$tmp/b.out" 2>&1 || true
        echo "$variant ply $plies: A $(last_depth "$tmp/a.out"); B $(last_depth "$tmp/b.out")"
    done
    rm -f "$tmp/game.pgn"
done
