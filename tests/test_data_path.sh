#!/bin/sh
# The data path (doc/data-files.md, "Where the files are found"): a
# player's own variant and pieces files in $XDG_DATA_HOME add to the
# installed ones, a file of the same name in an earlier directory overrides
# a later one, --list-variants names each variant's file, and directories
# or files that cannot be used are reported.  The shipped data stands in
# for the installed data, as $XDG_DATA_DIRS/ninjachess.
# usage: test_data_path.sh PATH/TO/ninjachess DATA_DIR
nc=$1
data=$(cd "$2" && pwd)
tmp=$(mktemp -d)
trap 'chmod -R u+rwx "$tmp"; rm -rf "$tmp"' EXIT
pass=0
failures=0
check() { # name expected actual
    if [ "$2" = "$3" ]; then
        pass=$((pass + 1))
    else
        echo "FAIL $1: expected '$2', got '$3'"
        failures=$((failures + 1))
    fi
}
run() {
    "$nc" "$@" >"$tmp/out" 2>"$tmp/err"
    status=$?
}
nodes() { sed -n 's/^nodes //p' "$tmp/out"; }

mkdir -p "$tmp/sys" "$tmp/home/ninjachess/variants"
ln -s "$data" "$tmp/sys/ninjachess"
export XDG_DATA_DIRS="$tmp/sys" XDG_DATA_HOME="$tmp/home" HOME="$tmp/nohome"
user="$tmp/home/ninjachess"

# one variant file alone is enough; it uses the shipped pieces
cat >"$user/variants/rooks-only.txt" <<'V'
variant rooks-only
  title Rooks Only
  describe Kings and rooks.
  board 8x8
  pieces king rook
  castling none
  setup main r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1
V
printf 'end\n' >>"$user/variants/rooks-only.txt"
run --variant rooks-only --perft 1
check "own variant found" "0 24" "$status $(nodes)"
run --list-variants
check "list: own variant and its file" "rooks-only             Kings and rooks. ($user/variants/rooks-only.txt)" \
    "$(grep '^rooks-only ' "$tmp/out")"
check "list: shipped variant and its file" "chess                  Orthodox chess on the 8x8 board. ($tmp/sys/ninjachess/variants/chess.txt)" \
    "$(grep '^chess ' "$tmp/out")"
check "list: each name once" "" "$(cut -d' ' -f1 "$tmp/out" | sort | uniq -d)"

# a file of the same name overrides the shipped one
sed 's/setup main .*/setup main 4k3\/8\/8\/8\/8\/8\/8\/4K3 w - - 0 1/; s/castling fixed 2 rook/castling none/' \
    "$data/variants/chess.txt" >"$user/variants/chess.txt"
run --variant chess --perft 1
check "own chess.txt overrides" "0 5" "$status $(nodes)"
run --list-variants
check "list: the overriding file" "$user/variants/chess.txt)" "$(grep '^chess ' "$tmp/out" | sed 's/.*(//')"
# --data-dir comes first of all
run --data-dir "$data" --variant chess --perft 1
check "--data-dir first" "0 20" "$status $(nodes)"
rm "$user/variants/chess.txt"

# own pieces: a new one is added, one of the same name replaces the shipped one
cat >"$user/pieces.txt" <<'P'
piece camel
  title Camel
  letter L
  value 250
  move leap 3,1
end
piece rook
  title Short Rook
  letter R
  value 300
  move slide orth range=1
end
P
cat >"$user/variants/camels.txt" <<'V'
variant camels
  board 8x8
  pieces king camel
  castling none
  setup main 4k3/8/8/8/8/8/8/L3K3 w - - 0 1
end
V
run --variant camels --perft 1
check "own piece added" "0 7" "$status $(nodes)"
run --variant rooks-only --perft 1
check "own piece overrides" "0 9" "$status $(nodes)"
run --variant chess --perft 2
check "shipped pieces still there" "0 400" "$status $(nodes)"
rm "$user/pieces.txt"

# $XDG_DATA_HOME unset: ~/.local/share
mkdir -p "$tmp/h/.local/share/ninjachess/variants"
cp "$user/variants/rooks-only.txt" "$tmp/h/.local/share/ninjachess/variants/"
rm "$user/variants/rooks-only.txt"
XDG_DATA_HOME='' HOME="$tmp/h" "$nc" --variant rooks-only --perft 1 >"$tmp/out" 2>"$tmp/err"
check "~/.local/share when XDG_DATA_HOME is empty" "0 24" "$? $(nodes)"
XDG_DATA_HOME='' HOME="$tmp/h" "$nc" --list-variants >"$tmp/out" 2>"$tmp/err"
check "list: from ~/.local/share" "$tmp/h/.local/share/ninjachess/variants/rooks-only.txt)" \
    "$(grep '^rooks-only ' "$tmp/out" | sed 's/.*(//')"

# a broken own file is reported with its path, not passed over
printf 'variant chess\n  board 8x8\n' >"$user/variants/chess.txt"
run --variant chess --perft 1
check "broken own file" "1 ninjachess: $user/variants/chess.txt:1: block 'chess' not closed with 'end'" \
    "$status $(head -n 1 "$tmp/err")"
rm "$user/variants/chess.txt"

# what cannot be used is an error
run --data-dir "$tmp/nowhere" --variant chess --perft 1
check "missing --data-dir" "1 ninjachess: $tmp/nowhere: cannot use as data directory (No such file or directory)" \
    "$status $(cat "$tmp/err")"
printf 'x\n' >"$tmp/file"
run --data-dir "$tmp/file" --list-variants
check "--data-dir is a file" "1 ninjachess: $tmp/file: cannot use as data directory (Not a directory)" \
    "$status $(cat "$tmp/err")"
printf 'x\n' >"$tmp/xdgfile"
XDG_DATA_HOME="$tmp/xdgfile" "$nc" --variant chess --perft 1 >"$tmp/out" 2>"$tmp/err"
check "XDG_DATA_HOME/ninjachess is a file" "1 ninjachess: $tmp/xdgfile/ninjachess: cannot use as data directory (Not a directory)" \
    "$? $(cat "$tmp/err")"
mkdir -p "$tmp/xdgfile2"
printf 'x\n' >"$tmp/xdgfile2/ninjachess"
XDG_DATA_HOME="$tmp/xdgfile2" "$nc" --variant chess --perft 1 >"$tmp/out" 2>"$tmp/err"
check "XDG_DATA_HOME/ninjachess is a file" "1 ninjachess: $tmp/xdgfile2/ninjachess: cannot use as data directory (Not a directory)" \
    "$? $(cat "$tmp/err")"
mkdir "$user/pieces.txt"
run --variant chess --perft 1
check "pieces.txt is a directory" "1 ninjachess: $user/pieces.txt: cannot read (Is a directory)" "$status $(cat "$tmp/err")"
rmdir "$user/pieces.txt"
if [ "$(id -u)" != 0 ]; then # root reads everything
    chmod 000 "$user/variants"
    run --variant chess --perft 1
    check "unreadable variants directory" "1 ninjachess: $user/variants: cannot read (Permission denied)" \
        "$status $(cat "$tmp/err")"
    chmod 755 "$user/variants"
fi
# a list in --data-dir is searched in order
mkdir -p "$tmp/a/variants"
cp "$tmp/h/.local/share/ninjachess/variants/rooks-only.txt" "$tmp/a/variants/"
run --data-dir "$tmp/a:$data" --variant rooks-only --perft 1
check "--data-dir list" "0 24" "$status $(nodes)"

# a player's own lesson file adds to the shipped ones; one named like a
# shipped file replaces it
mkdir -p "$user/lessons"
cat >"$user/lessons/9-mine.txt" <<'L'
collection Mine
lesson my-rook
  variant chess
  topic Rook
  title A rook in the corner
  position 7k/8/8/8/8/8/8/R6K w - - 0 1
  select a1
  destinations a2 a3 a4 a5 a6 a7 a8 b1 c1 d1 e1 f1 g1
  explain The rook runs along its file and its rank.
end
L
run --check-lessons
check "a player's lesson file is added" "0 108 lessons in 5 files: every claim holds" "$status $(cat "$tmp/out")"
sed "s/my-rook/my-other-rook/" "$user/lessons/9-mine.txt" >"$user/lessons/1-titan-chess.txt"
run --check-lessons
check "a player's lesson file replaces a shipped one" "0 lessons in 5 files: every claim holds" \
    "$status $(sed 's/^[0-9]* //' "$tmp/out")"
sed -i 's/ a8 b1/ b1/' "$user/lessons/9-mine.txt"
run --check-lessons
check "a wrong claim in a player's lesson" "1" "$status"
rm -r "$user/lessons"

echo "$pass passed, $failures failed"
[ "$failures" -eq 0 ]
