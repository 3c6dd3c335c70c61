#!/bin/sh
# Perft of our variants against numbers recorded from Fairy-Stockfish
# (tests/fsf_perft/VARIANT.perft, written by tools/record_fsf_perft.py):
# from the start and after each recorded line, played in with --play in
# Fairy-Stockfish's coordinate form.  Every file is checked; its base name
# is our variant, which must exist.  Any difference, unknown variant,
# refused move or malformed line fails, naming variant, line and depth.
# usage: test_fsf_perft.sh PATH/TO/ninjachess DATA_DIR PERFT_DIR [MAX_DEPTH]
#   MAX_DEPTH (or $NC_FSF_PERFT_MAX_DEPTH) skips deeper recorded depths,
#   for slow builds such as the sanitizer's.
#   NC_TEST_LIGHT (tests/README.md) checks the start position and every
#   second recorded line after it, each at its deepest recorded depth up to
#   MAX_DEPTH only (a move wrong at a shallower depth is counted there
#   too): every variant still checked, in a sixth of the runs.
nc=$1
data=$2
dir=$3
max=${4:-${NC_FSF_PERFT_MAX_DEPTH:-99}}
light=false
case ${NC_TEST_LIGHT:-0} in 0) ;; *) light=true ;; esac
failures=0
checked=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# Compares our perft of $variant after $line at depth $1 with $2.
check_perft() {
    # the moves, when any, go to --play as separate words
    # shellcheck disable=SC2086
    out=$("$nc" --data-dir "$data" --variant "$variant" ${line:+--play $line} --perft "$1" 2>&1)
    ours=$(printf '%s\n' "$out" | sed -n 's/^nodes \([0-9]*\)$/\1/p' | tail -n 1)
    checked=$((checked + 1))
    if [ -z "$ours" ]; then
        fail "$variant, line '${line:-startpos}', depth $1: no perft ($out)"
    elif [ "$ours" != "$2" ]; then
        fail "$variant, line '${line:-startpos}', depth $1: ours $ours, Fairy-Stockfish $2"
    fi
}

# The lighter run's check of the line's deepest depth seen, if any, on
# its sample of the lines (the first, third, fifth... of the file).
flush_pending() {
    [ -n "$pending" ] && [ $((lines % 2)) -eq 1 ] && check_perft $pending
    pending=""
}

files=$(ls "$dir"/*.perft 2>/dev/null)
[ -n "$files" ] || { echo "FAIL: no .perft files in $dir"; exit 1; }
set -f # the lines are split into words below, never globbed
for file in $files; do
    variant=$(basename "$file" .perft)
    if [ ! -f "$data/variants/$variant.txt" ]; then
        fail "$file: no variant '$variant' in $data/variants"
        continue
    fi
    line=""
    have_line=false
    pending=""
    lines=0
    n=0
    # "line MOVES" starts a position, "perft DEPTH NODES" checks it
    while IFS= read -r text || [ -n "$text" ]; do
        n=$((n + 1))
        set -- $text
        case $1 in
        '' | '#'*) continue ;;
        line)
            flush_pending
            shift
            [ $# -gt 0 ] || { fail "$variant: $file:$n: 'line' needs moves or 'startpos'"; have_line=false; continue; }
            line=$*
            [ "$line" = startpos ] && line=""
            have_line=true
            lines=$((lines + 1))
            ;;
        perft)
            if ! $have_line || [ $# -ne 3 ]; then
                fail "$variant: $file:$n: expected 'perft DEPTH NODES' after a 'line'"
                continue
            fi
            depth=$2 theirs=$3
            case $depth$theirs in
            *[!0-9]*)
                fail "$variant: $file:$n: depth and nodes must be numbers: '$text'"
                continue
                ;;
            esac
            [ "$depth" -le "$max" ] || continue
            if $light; then
                pending="$depth $theirs"
            else
                check_perft "$depth" "$theirs"
            fi
            ;;
        *) fail "$variant: $file:$n: unknown line '$text'" ;;
        esac
    done <"$file"
    flush_pending
    echo "$variant: checked"
done
echo "$checked perft counts compared, $failures failures"
[ "$failures" -eq 0 ] && [ "$checked" -gt 0 ]
