#!/bin/sh
# --check-lessons on the command line: the shipped lessons pass; a bad
# file gives FILE:LINE: message lines on stdout and exit status 1.
# usage: test_lessons_cli.sh NINJACHESS DATA_DIR
set -u
BIN=$1
DATA=$2
TMP=$(mktemp -d /tmp/nc_lessons_cli_XXXXXX)
trap 'rm -rf "$TMP"' EXIT
FAILS=0
ok() { echo "ok: $*"; }
fail() { echo "FAIL: $*"; FAILS=$((FAILS + 1)); }

out=$("$BIN" --data-dir "$DATA" --check-lessons); st=$?
last=$(echo "$out" | tail -n 1)
[ $st -eq 0 ] && echo "$last" | grep -q '^[0-9]* lessons in 4 files: every claim holds$' \
    && ok "shipped lessons: $last" || fail "shipped lessons: status $st: $out"

out=$("$BIN" --data-dir "$DATA" --check-lessons "$DATA/lessons/1-titan-chess.txt"); st=$?
[ $st -eq 0 ] && ok "one file named: $out" || fail "one file named: status $st: $out"

# A claim that disagrees with the rules, and an unknown key.
sed -e 's/^  destinations g4 g5 g6 h4$/  destinations g4 g5 h4/' "$DATA/lessons/1-titan-chess.txt" >"$TMP/wrong.txt"
line=$(grep -n '^  destinations g4 g5 h4$' "$TMP/wrong.txt" | cut -d: -f1)
printf 'lesson x\n  colour blue\nend\n' >"$TMP/unknown.txt"
out=$("$BIN" --data-dir "$DATA" --check-lessons "$TMP/wrong.txt" "$TMP/unknown.txt"); st=$?
[ $st -eq 1 ] && ok "bad files: status 1" || fail "bad files: status $st"
echo "$out" | grep -q -x -F "$TMP/wrong.txt:$line: destinations: g3 also goes to g6, which the lesson leaves out" \
    && ok "wrong claim: file:line: message" || fail "wrong claim not told: $out"
echo "$out" | grep -q -x -F "$TMP/unknown.txt:2: unknown keyword 'colour' in lesson block" \
    && ok "unknown key: file:line: message" || fail "unknown key not told: $out"

out=$("$BIN" --data-dir "$DATA" --check-lessons "$TMP/none.txt"); st=$?
[ $st -eq 1 ] && echo "$out" | grep -q -F "$TMP/none.txt: cannot open (No such file or directory)" \
    && ok "missing file: $out" || fail "missing file: status $st: $out"

"$BIN" --help | grep -q -- "--check-lessons \[FILE...\]" && ok "--help lists --check-lessons" || fail "--help"

echo "$FAILS failure(s)"
[ $FAILS -eq 0 ]
