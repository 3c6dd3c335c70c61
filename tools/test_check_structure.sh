#!/bin/sh
# The structure check must catch what it is for: a small tree with an include
# cycle, an upward include, an over-long function and a file without its
# opening comment must each be reported, and a clean tree must pass; two
# modules compiled with cc that call each other are a knot of calls, and a
# pair where one only calls the other is not.
# usage: test_check_structure.sh PATH/TO/check_structure.py
script=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0
check() { # name, pattern expected in the output
    if grep -q -e "$2" "$tmp/out"; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        printf 'FAIL %s: no line matching %s in\n' "$1" "$2"
        cat "$tmp/out"
    fi
}

mkdir -p "$tmp/clean/src/rules" "$tmp/clean/src/search" "$tmp/clean/src/files" "$tmp/clean/src/endgame" "$tmp/clean/tests"
printf '/* rules */\n#include "b.h"\n' >"$tmp/clean/src/rules/a.c"
printf '/* rules */\nint b;\n' >"$tmp/clean/src/rules/b.h"
printf '/* a */\n' >"$tmp/clean/src/rules/a.h"
printf '/* rules, public */\n#include "a.h"\n' >"$tmp/clean/src/rules/rules.h"
printf '/* search */\n#include "rules/rules.h"\n' >"$tmp/clean/src/search/s.c"
printf '/* search, public */\n' >"$tmp/clean/src/search/search.h"
printf '/* test */\n' >"$tmp/clean/tests/t.c"
printf '/* files */\n' >"$tmp/clean/src/files/safe_file.h"
printf '/* endgame */\n#include "../files/safe_file.h"\n' >"$tmp/clean/src/endgame/e.c"   # files/ is below endgame/
printf '/* endgame */\n' >"$tmp/clean/src/endgame/endgame.h"
printf '/* main */\n#include "search/search.h"\n' >"$tmp/clean/src/main.c"
python3 "$script" "$tmp/clean" >"$tmp/out"
status=$?
check "clean tree passes" "structure: ok"
[ "$status" -eq 0 ] && passed=$((passed + 1)) || { failed=$((failed + 1)); echo "FAIL clean status $status"; }

cp -r "$tmp/clean" "$tmp/bad"
printf '/* rules */\n#include "a.h"\n' >"$tmp/bad/src/rules/b.h"                 # a -> b -> a
printf '/* rules */\n#include "search/search.h"\n' >"$tmp/bad/src/rules/c.c"     # upward include
printf 'int x;\n' >"$tmp/bad/tests/u.c"                                           # no opening comment
printf '/* e */\n' >"$tmp/bad/src/search/eval.h"
printf '/* s */\n#include <stdio.h>\nvoid g(void) { printf("x"); }\n' >"$tmp/bad/src/search/s.c"    # I/O in the search
printf '/* front */\n#include "search/eval.h"\n' >"$tmp/bad/src/main.c"          # private header
printf '/* stray */\n' >"$tmp/bad/src/stray.c"                                    # a library file at the root
{ echo '/* long */'; echo 'void f(void)'; echo '{'; i=0; while [ $i -lt 120 ]; do echo '    ;'; i=$((i + 1)); done; echo '}'; } >"$tmp/bad/src/rules/long.c"
mkdir -p "$tmp/bad/src/ui"
printf '/* screen */\nextern const Screen one_screen;\n' >"$tmp/bad/src/ui/one.h"
printf '/* other screen */\n#include "one.h"\n' >"$tmp/bad/src/ui/two.c"      # a screen including another
printf '/* main */\n#include "one.h"\n' >"$tmp/bad/src/ui/ui_main.c"
printf '/* files */\n#include "endgame/endgame.h"\n' >"$tmp/bad/src/files/g.c"   # files/ is layer 0
python3 "$script" "$tmp/bad" >"$tmp/out"
status=$?
check "cycle found" "FAIL include cycle: rules/a -> rules/b -> rules/a"
check "upward include found" "FAIL src/rules/c.c (rules core) includes src/search/search.h (search), a higher layer"
check "long function found" "FAIL src/rules/long.c: function of 122 lines (limit 100): void f(void)"
check "files/ including endgame/ found" "FAIL src/files/g.c (safe file creation) includes src/endgame/endgame.h (endgame tables), a higher layer"
check "private header found" "FAIL src/main.c includes src/search/eval.h, private to src/search/ (its public header: src/search/search.h)"
check "library file at the root found" "FAIL src/stray.c: not in a layer"
check "I/O in the search found" 'FAIL src/search/s.c:3: input or output in a part that does none'
check "screen including a screen found" "FAIL src/ui/two.c includes the screen src/ui/one.h"
if grep -q "src/ui/ui_main.c includes the screen" "$tmp/out"; then failed=$((failed + 1)); echo "FAIL ui_main.c may include screens"; else passed=$((passed + 1)); fi
check "missing comment found" "FAIL tests/u.c: does not open with a comment"
[ "$status" -eq 1 ] && passed=$((passed + 1)) || { failed=$((failed + 1)); echo "FAIL bad status $status"; }

# Knots of calls, read with nm from objects named as meson names them.
mkdir -p "$tmp/calls/src/rules" "$tmp/calls/build/lib.p"
printf '/* a */\nint pong(int n);\nint ping(int n) { return n ? pong(n - 1) : 0; }\n' >"$tmp/calls/src/rules/ping.c"
printf '/* b */\nint ping(int n);\nint pong(int n) { return n ? ping(n - 1) : 1; }\n' >"$tmp/calls/src/rules/pong.c"
printf '/* c */\nint low(int n) { return n + 1; }\n' >"$tmp/calls/src/rules/low.c"
printf '/* d */\nint low(int n);\nint high(int n) { return low(n) * 2; }\n' >"$tmp/calls/src/rules/high.c"
printf '/* rules, public */\n' >"$tmp/calls/src/rules/rules.h"
for m in ping pong low high; do
    cc -c -o "$tmp/calls/build/lib.p/src_rules_$m.c.o" "$tmp/calls/src/rules/$m.c" || failed=$((failed + 1))
done
python3 "$script" --objects "$tmp/calls/build" "$tmp/calls" >"$tmp/out"
status=$?
check "knot of calls found" "FAIL knot of calls: rules/ping, rules/pong: rules/ping -> rules/pong (pong); rules/pong -> rules/ping (ping)"
if grep -q "knot of calls: .*rules/\(low\|high\)" "$tmp/out"; then failed=$((failed + 1)); echo "FAIL a one-way call is no knot"; cat "$tmp/out"; else passed=$((passed + 1)); fi
[ "$status" -eq 1 ] && passed=$((passed + 1)) || { failed=$((failed + 1)); echo "FAIL knot status $status"; }
rm "$tmp/calls/src/rules/pong.c" "$tmp/calls/build/lib.p/src_rules_pong.c.o"
python3 "$script" --objects "$tmp/calls/build" "$tmp/calls" >"$tmp/out"
status=$?
check "calls without a knot pass" "structure: ok"
check "calls read" "1 call edges between modules from 3 objects; 0 knots of calls"
[ "$status" -eq 0 ] && passed=$((passed + 1)) || { failed=$((failed + 1)); echo "FAIL no-knot status $status"; }
python3 "$script" --objects "$tmp/none" "$tmp/calls" >"$tmp/out"
check "no objects is a failure" "FAIL no objects of src/ in"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
