#!/bin/sh
# --endgame from the command line: the verdict lines, the cache (used when
# valid, rebuilt with a message when not) and bad materials.
# usage: test_endgame_cli.sh NINJACHESS DATA_DIR
set -u
BIN=$1
DATA=$2
TMP=$(mktemp -d /tmp/nc_egcli_XXXXXX)
trap 'rm -rf "$TMP"' EXIT
export XDG_CACHE_HOME="$TMP/cache"
FAILS=0
fail() { echo "FAIL: $*"; FAILS=$((FAILS + 1)); }
ok() { echo "ok: $*"; }
eg() { "$BIN" --data-dir "$DATA" "$@"; }

out=$(eg --variant chess --endgame KR 2>"$TMP/err")
[ "$(echo "$out" | tail -1)" = "longest mate 16" ] && ok "KR: longest mate 16" || fail "KR: $out"
echo "$out" | grep -q "^checkmates: 216$" && ok "KR: 216 checkmates" || fail "KR counts: $out"
grep -q "building KR (chess)" "$TMP/err" && ok "progress line while building" || fail "no progress: $(cat "$TMP/err")"
[ -f "$XDG_CACHE_HOME/ninjachess/chess-KR-w.egtb" ] && ok "cached" || fail "no cache file"

eg --variant chess --endgame KR >/dev/null 2>"$TMP/err2"
[ -s "$TMP/err2" ] && fail "the cached table was built again: $(cat "$TMP/err2")" || ok "the cached table is used"

printf 'garbage' | dd of="$XDG_CACHE_HOME/ninjachess/chess-KR-w.egtb" bs=1 seek=5000 conv=notrunc 2>/dev/null
out=$(eg --variant chess --endgame KR 2>"$TMP/err3")
grep -q "is not a valid table (checksum does not match): building it again" "$TMP/err3" && ok "a damaged cache file is rebuilt" \
    || fail "damaged cache: $(cat "$TMP/err3")"
[ "$(echo "$out" | tail -1)" = "longest mate 16" ] || fail "after the rebuild: $out"

[ "$(eg --variant chess --endgame KN 2>/dev/null | tail -1)" = "no forced mate" ] && ok "KN: no forced mate" || fail "KN"
out=$(eg --variant chess --endgame 'K*' 2>/dev/null)
echo "$out" | grep -q "^KQ   mates, longest mate 10," && echo "$out" | grep -q "^KB   no forced mate" && ok "K*" || fail "K*: $out"

out=$(eg --variant chess --endgame KP 2>&1); rc=$?
[ $rc -eq 1 ] && echo "$out" | grep -q "promotes" && ok "KP refused" || fail "KP: $rc $out"
out=$(eg --variant chess --endgame RK 2>&1); rc=$?
[ $rc -eq 1 ] && echo "$out" | grep -q "must start with the king" && ok "RK refused" || fail "RK: $rc $out"
# variants whose game rules the tables do not know have none
for vr in "shatranj:game ends on material" "xiangqi:another result of checkmate" "antichess:exactly one royal piece type" \
          "losers:game ends on material" "crazyhouse:captures going to hand"; do
    out=$(eg --variant "${vr%%:*}" --endgame KR 2>&1); rc=$?
    [ $rc -eq 1 ] && echo "$out" | grep -q "${vr#*:}" && ok "${vr%%:*} refused" ||
        fail "${vr%%:*}: $rc $out"
done
out=$(eg --variant makruk --endgame KR 2>/dev/null | tail -1)
[ "$out" = "longest mate 16" ] && ok "makruk KR: its rules are chess's" || fail "makruk KR: $out"
out=$(eg --variant chess --drill-seed 3 2>&1); rc=$?
[ $rc -eq 1 ] && echo "$out" | grep -q "needs --drill or --endgame" && ok "--drill-seed alone refused" || fail "seed: $rc $out"

[ $FAILS -eq 0 ] || { echo "$FAILS failure(s)"; exit 1; }
echo "all endgame command-line tests passed"
