#!/bin/sh
# Files and directories someone else prepared (issue 40): a link at the
# endgame cache's temporary name is not followed, temporary files of a
# killed table build are removed (those a live writer holds are kept), a
# cache directory others may write to is not used, a config file that is
# a FIFO or binds keys badly is refused with its file and line, the
# match tool's opening file refuses an over-long line, a NUL byte and an
# endless file, a link planted where --pgn or --datagen writes is not
# followed (/dev/stdout and a named pipe still take --pgn), and a FIFO
# given where a file is read is refused at once.  No terminal needed.
# usage: test_hostile_files.sh NINJACHESS DATA_DIR
set -u
BIN=$1
DATA=$2
TMP=$(mktemp -d /tmp/nc_hostile_XXXXXX)
trap 'rm -rf "$TMP"' EXIT
export HOME="$TMP/home" XDG_CACHE_HOME="$TMP/cache" XDG_CONFIG_HOME="$TMP/config" XDG_STATE_HOME="$TMP/state"
mkdir -p "$HOME"
FAILS=0
fail() { echo "FAIL: $*"; FAILS=$((FAILS + 1)); }
ok() { echo "ok: $*"; }
cache="$XDG_CACHE_HOME/ninjachess"

# ---- the cache's temporary name: a planted link is not followed ----
# Earlier versions wrote NAME.egtb.PID.tmp; the shell's exec keeps its PID.
mkdir -p "$cache"
chmod 700 "$cache"
printf 'precious data\n' >"$TMP/target"
sh -c 'ln -s "$1" "$2/chess-KR-w.egtb.$$.tmp" && exec "$3" --data-dir "$4" --variant chess --endgame KR' \
    sh "$TMP/target" "$cache" "$BIN" "$DATA" >"$TMP/out" 2>"$TMP/err"
[ "$(cat "$TMP/target")" = "precious data" ] && ok "the link's target is untouched" \
    || fail "the link's target now holds $(head -c 8 "$TMP/target" | od -c | head -1)"
[ -f "$cache/chess-KR-w.egtb" ] && [ ! -L "$cache/chess-KR-w.egtb" ] && ok "the table is a file of its own" \
    || fail "the table: $(ls -l "$cache")"
[ "$(tail -1 "$TMP/out")" = "longest mate 16" ] || fail "KR: $(cat "$TMP/out" "$TMP/err")"
[ "$(ls "$cache" | grep -c tmp)" = 1 ] && ok "no temporary file left but the planted link" || fail "left: $(ls "$cache")"

# ---- temporary files of a build killed mid-save ----
rm -f "$cache"/*.tmp
head -c 5000 /dev/zero >"$cache/chess-KQ-w.egtb.tmpAb12Cd"       # its writer is gone
head -c 5000 /dev/zero >"$cache/chess-KQ-w.egtb.999999999.tmp"   # an earlier version's, its process gone
: >"$cache/chess-KB-w.egtb.tmpXy34Zw"
flock "$cache/chess-KB-w.egtb.tmpXy34Zw" sleep 5 &                # a live writer holds this one
holder=$!
sleep 0.3
"$BIN" --data-dir "$DATA" --variant chess --endgame KN >/dev/null 2>&1
[ ! -e "$cache/chess-KQ-w.egtb.tmpAb12Cd" ] && [ ! -e "$cache/chess-KQ-w.egtb.999999999.tmp" ] \
    && ok "a dead writer's temporary files are removed" || fail "left: $(ls "$cache")"
[ -e "$cache/chess-KB-w.egtb.tmpXy34Zw" ] && ok "a live writer's temporary file is kept" || fail "a live writer's file removed"
kill "$holder" 2>/dev/null
wait "$holder" 2>/dev/null
head -c 5000 /dev/zero >"$cache/chess-KQ-w.egtb.tmpEf56Gh"
out=$("$BIN" --data-dir "$DATA" --variant chess --endgame KR 2>&1)
[ ! -e "$cache/chess-KQ-w.egtb.tmpEf56Gh" ] && [ "$(echo "$out" | tail -1)" = "longest mate 16" ] \
    && ok "... also when the cache is only read" || fail "a cached table's run left: $(ls "$cache"): $out"

# ---- a cache directory others may write to is not used ----
rm -rf "$cache"
mkdir -p "$cache"
chmod 777 "$cache"
out=$("$BIN" --data-dir "$DATA" --variant chess --endgame KN 2>&1)
echo "$out" | grep -q "the endgame cache is not used: '$cache' may be written by other users (mode 0777)" \
    && ok "a cache directory writable by others is refused" || fail "cache 0777: $out"
[ -z "$(ls "$cache")" ] && ok "nothing written there" || fail "written: $(ls "$cache")"
rm -rf "$cache"
"$BIN" --data-dir "$DATA" --variant chess --endgame KN >/dev/null 2>&1
[ "$(stat -c %a "$cache")" = 700 ] && ok "the cache directory is made 0700" || fail "mode $(stat -c %a "$cache")"
if [ "$(id -u)" = 0 ] && id nobody >/dev/null 2>&1; then
    chown nobody "$cache"
    out=$("$BIN" --data-dir "$DATA" --variant chess --endgame KB 2>&1)
    echo "$out" | grep -q "the endgame cache is not used: '$cache' belongs to another user" \
        && ok "another user's cache directory is refused" || fail "another user's: $out"
fi

# ---- the config file ----
cfgdir="$XDG_CONFIG_HOME/ninjachess"
mkdir -p "$cfgdir"
chmod 700 "$cfgdir"
config_error() { # the program's message and status for the config in $cfgdir/config
    out=$(timeout 10 "$BIN" --data-dir "$DATA" --variant chess </dev/null 2>&1)
    st=$?
}
mkfifo "$cfgdir/config"
config_error
[ $st = 1 ] && [ "$out" = "ninjachess: $cfgdir/config: a FIFO, not a regular file: not read (fix or remove the file)" ] \
    && ok "a FIFO config is refused at once" || fail "FIFO config: status $st: $out"
rm -f "$cfgdir/config"
printf 'level = 3\nkey.undo = U\n# again\nkey.redo = U\n' >"$cfgdir/config"
config_error
[ $st = 1 ] && [ "$out" = "ninjachess: $cfgdir/config:4: key.redo: 'U' is already the key of undo (fix or remove the file)" ] \
    && ok "two actions on one key are refused" || fail "doubled key: status $st: $out"
printf 'key.undo = q\n' >"$cfgdir/config"
config_error
[ $st = 1 ] && [ "$out" = "ninjachess: $cfgdir/config:1: key.undo = q leaves quit with no key (give it another with key.quit) (fix or remove the file)" ] \
    && ok "an action left with no key is refused" || fail "no key: status $st: $out"
printf 'key.undo = q\nkey.quit = Q\n' >"$cfgdir/config"
config_error
echo "$out" | grep -q "needs a terminal" && ok "a key taken and given back elsewhere is fine" || fail "swap: $st $out"
chmod 777 "$cfgdir"
config_error
[ $st = 1 ] && echo "$out" | grep -q "'$cfgdir' may be written by other users (mode 0777)" \
    && ok "a config directory writable by others is refused" || fail "config dir 0777: $st $out"
chmod 700 "$cfgdir"

# ---- the match tool's opening file ----
openings() {
    out=$(timeout 10 "$BIN" --data-dir "$DATA" --match --openings "$1" 2>&1)
    st=$?
}
{ printf 'e2-e4\n'; printf 'e2-e4'; i=0; while [ $i -lt 1000 ]; do printf '     '; i=$((i + 1)); done; printf ' d2-d4\n'; } \
    >"$TMP/long.txt"
openings "$TMP/long.txt"
[ $st = 1 ] && [ "$out" = "ninjachess: $TMP/long.txt:2: line longer than 4095 bytes" ] \
    && ok "a 5,000-byte opening line is refused" || fail "long line: status $st: $out"
printf 'e2-e4\nd2-d4\000 e7-e5\n' >"$TMP/nul.txt"
openings "$TMP/nul.txt"
[ $st = 1 ] && [ "$out" = "ninjachess: $TMP/nul.txt:2: a NUL byte: not a text file" ] \
    && ok "a NUL byte in the opening file is refused" || fail "NUL: status $st: $out"
openings /dev/zero
[ $st = 1 ] && [ "$out" = "ninjachess: /dev/zero: a device, not a regular file: not read" ] \
    && ok "/dev/zero as the opening file is refused" || fail "/dev/zero: status $st: $out"

# ---- --pgn and --datagen: a planted link is not followed ----
printf 'precious data\n' >"$TMP/target"
untouched() { [ "$(cat "$TMP/target")" = "precious data" ]; }
ln -s "$TMP/target" "$TMP/link.pgn"
link_msg="a symbolic link, not followed where the program writes (name the file itself)"
out=$(timeout 10 "$BIN" --data-dir "$DATA" --variant chess --selfplay 1 --depth 1 --pgn "$TMP/link.pgn" 2>&1 >/dev/null)
st=$?
[ $st = 1 ] && [ "$out" = "ninjachess: cannot write $TMP/link.pgn: $link_msg" ] && untouched \
    && ok "self-play's --pgn refuses a link" || fail "self-play --pgn link: status $st: $out: $(head -c 40 "$TMP/target")"
printf 'precious data\n' >"$TMP/target"
out=$(timeout 10 "$BIN" --data-dir "$DATA" --match --games 1 --depth 1 --pgn "$TMP/link.pgn" 2>&1 >/dev/null)
st=$?
[ $st = 1 ] && [ "$out" = "ninjachess: cannot write $TMP/link.pgn: $link_msg" ] && untouched \
    && ok "the match's --pgn refuses a link before a game" || fail "match --pgn link: status $st: $out"
printf 'precious data\n' >"$TMP/target"
ln -s "$TMP/target" "$TMP/link.dat"
out=$(timeout 10 "$BIN" --data-dir "$DATA" --variant chess --datagen "$TMP/link.dat" --games 1 --nodes 30 \
    --concurrency 1 2>&1 >/dev/null)
st=$?
[ $st = 1 ] && [ "$out" = "ninjachess: $TMP/link.dat: $link_msg" ] && untouched \
    && ok "--datagen refuses a link" || fail "--datagen link: status $st: $out"
ln -s "$TMP/none" "$TMP/dangling.pgn"
out=$(timeout 10 "$BIN" --data-dir "$DATA" --variant chess --selfplay 1 --depth 1 --pgn "$TMP/dangling.pgn" 2>&1 >/dev/null)
[ ! -e "$TMP/none" ] && echo "$out" | grep -q -F "$link_msg" \
    && ok "a link to nothing creates nothing" || fail "dangling link: $out; $(ls "$TMP")"
# /dev/stdout is a link too: to a pipe, a terminal or the file it was sent to.
n=$(timeout 10 "$BIN" --data-dir "$DATA" --variant chess --selfplay 2 --depth 1 --pgn /dev/stdout | grep -c '^\[Event ')
[ "$n" = 2 ] && ok "--pgn /dev/stdout into a pipe" || fail "--pgn /dev/stdout piped: $n games"
printf 'before\n' >"$TMP/out.pgn"
timeout 10 "$BIN" --data-dir "$DATA" --match --games 1 --depth 1 --pgn /dev/stdout >>"$TMP/out.pgn" 2>/dev/null
[ "$(head -1 "$TMP/out.pgn")" = before ] && [ "$(grep -c '^\[Event "ninjachess match"\]' "$TMP/out.pgn")" = 1 ] \
    && ok "--pgn /dev/stdout appended to the file the output is" || fail "--pgn /dev/stdout >>: $(cat "$TMP/out.pgn")"
mkfifo "$TMP/games.fifo"
cat "$TMP/games.fifo" >"$TMP/from_fifo" &
reader=$!
timeout 10 "$BIN" --data-dir "$DATA" --variant chess --selfplay 2 --depth 1 --pgn "$TMP/games.fifo" >/dev/null 2>&1
st=$?
wait $reader
[ $st = 0 ] && [ "$(grep -c '^\[Event ' "$TMP/from_fifo")" = 2 ] \
    && ok "--pgn to a named pipe: both games through one open" || fail "--pgn FIFO: status $st: $(cat "$TMP/from_fifo")"
timeout 10 "$BIN" --data-dir "$DATA" --variant chess --selfplay 1 --depth 1 --pgn "$TMP/new.pgn" >/dev/null 2>&1
[ -f "$TMP/new.pgn" ] && [ ! -L "$TMP/new.pgn" ] && [ "$(grep -c '^\[Event ' "$TMP/new.pgn")" = 1 ] \
    && ok "--pgn makes a new file" || fail "--pgn new file: $(ls -l "$TMP/new.pgn")"

# ---- a FIFO where a file is read: refused at once, with its name ----
fifo="$TMP/x.fifo"
mkfifo "$fifo"
not_read() { # what, expected message, then the command
    what=$1 want=$2
    shift 2
    out=$(timeout 10 "$@" </dev/null 2>&1)
    st=$?
    [ $st = 1 ] && echo "$out" | grep -q -x -F "$want" && ok "a FIFO as $what is refused" \
        || fail "FIFO as $what: status $st: $out"
}
not_read "--load's game" "ninjachess: '$fifo': a FIFO, not a regular file: not read" \
    "$BIN" --data-dir "$DATA" --load "$fifo" --status
not_read "--openings" "ninjachess: $fifo: a FIFO, not a regular file: not read" \
    "$BIN" --data-dir "$DATA" --match --openings "$fifo"
not_read "--datagen's file" "ninjachess: $fifo: a FIFO, not a regular file: not written" \
    "$BIN" --data-dir "$DATA" --variant chess --datagen "$fifo" --games 1 --nodes 30
not_read "--check-data's file" "ninjachess: $fifo: a FIFO, not a regular file: not read" \
    "$BIN" --data-dir "$DATA" --variant chess --check-data "$fifo"
not_read "a lesson file" "$fifo: a FIFO, not a regular file: not read" \
    "$BIN" --data-dir "$DATA" --check-lessons "$fifo"
mkdir -p "$TMP/dd/variants"
mkfifo "$TMP/dd/variants/fifo-chess.txt" "$TMP/dd/variants/chess.eval"
not_read "a variant file" "ninjachess: $TMP/dd/variants/fifo-chess.txt: a FIFO, not a regular file: not read" \
    "$BIN" --data-dir "$TMP/dd:$DATA" --variant fifo-chess --perft 1
not_read "a weights file" "ninjachess: $TMP/dd/variants/chess.eval: a FIFO, not a regular file: not read" \
    "$BIN" --data-dir "$TMP/dd:$DATA" --variant chess --perft 1
mkfifo "$TMP/dd/pieces.txt"
not_read "the pieces file" "ninjachess: $TMP/dd/pieces.txt: a FIFO, not a regular file: not read" \
    "$BIN" --data-dir "$TMP/dd:$DATA" --variant chess --perft 1

[ $FAILS -eq 0 ] && echo "all passed" || echo "$FAILS failed"
[ $FAILS -eq 0 ]
