#!/bin/sh
# An endgame table built for the search's draw verdicts (seconds on
# 12x12) does not hold up the engine: "quit" and "?" (move now) during the
# build end it at once, and nothing half-built is saved in the cache.
# usage: test_table_stop.sh NINJACHESS DATA_DIR
set -u
BIN=$1
DATA=$2
TMP=$(mktemp -d /tmp/nc_tablestop_XXXXXX)
trap 'rm -rf "$TMP"' EXIT
export XDG_CACHE_HOME="$TMP/cache"
FAILS=0
fail() { echo "FAIL: $*"; FAILS=$((FAILS + 1)); }
ok() { echo "ok: $*"; }
now_ms() { echo $(($(date +%s%N) / 1000000)); }

# King and queen against a bare king on 12x12: with 30 s a move the search
# first builds the KQ table (about 3 s, far longer under sanitizers).
FEN='5k6/12/12/12/12/12/12/12/12/12/12/4K2Q4 w - - 0 1'
start() { printf 'xboard\nprotover 2\nvariant titan-chess\nsetboard %s\nst 30\ngo\n' "$FEN"; }

{ start; sleep 0.5; now_ms >"$TMP/quit"; echo quit; } |
    { "$BIN" --data-dir "$DATA" --xboard >"$TMP/out" 2>"$TMP/err"; now_ms >"$TMP/end"; }
waited=$(($(cat "$TMP/end") - $(cat "$TMP/quit")))
[ "$waited" -lt 1000 ] && ok "quit during the build: the engine ends ${waited} ms later" \
    || fail "quit during the build: the engine ended only ${waited} ms later"
left=$(find "$XDG_CACHE_HOME" -type f 2>/dev/null | wc -l)
[ "$left" -eq 0 ] && ok "nothing saved from a stopped build" || fail "files left in the cache: $(find "$XDG_CACHE_HOME" -type f)"

rm -rf "$XDG_CACHE_HOME"
{ start; sleep 0.5; now_ms >"$TMP/ask"; echo '?'; sleep 1.5; echo quit; } |
    "$BIN" --data-dir "$DATA" --xboard 2>"$TMP/err2" |
    while IFS= read -r line; do
        case $line in "move "*) now_ms >"$TMP/moved"; echo "$line" >"$TMP/move" ;; esac
    done
if [ -s "$TMP/move" ]; then
    waited=$(($(cat "$TMP/moved") - $(cat "$TMP/ask")))
    [ "$waited" -lt 1000 ] && ok "move now during the build: $(cat "$TMP/move") ${waited} ms later" \
        || fail "move now during the build: the move came ${waited} ms later"
else
    fail "move now during the build: no move ($(cat "$TMP/err2"))"
fi
left=$(find "$XDG_CACHE_HOME" -type f 2>/dev/null | wc -l)
[ "$left" -eq 0 ] && ok "nothing saved after move now" || fail "files left in the cache: $(find "$XDG_CACHE_HOME" -type f)"

echo "$FAILS failed"
[ "$FAILS" -eq 0 ]
