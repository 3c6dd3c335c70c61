#!/bin/sh
# The structure check must catch what it is for: a small tree with an include
# cycle, an upward include, an over-long function and a file without its
# opening comment must each be reported, and a clean tree must pass.
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

mkdir -p "$tmp/clean/src/search" "$tmp/clean/tests"
printf '/* rules */\n#include "b.h"\n' >"$tmp/clean/src/a.c"
printf '/* rules */\nint b;\n' >"$tmp/clean/src/b.h"
printf '/* search */\n#include "../a.h"\n' >"$tmp/clean/src/search/s.c"
printf '/* a */\n' >"$tmp/clean/src/a.h"
printf '/* test */\n' >"$tmp/clean/tests/t.c"
mkdir -p "$tmp/clean/src/files" "$tmp/clean/src/endgame"
printf '/* files */\n' >"$tmp/clean/src/files/f.h"
printf '/* endgame */\n#include "../files/f.h"\n' >"$tmp/clean/src/endgame/e.c"   # files/ is below endgame/
printf '/* endgame */\n' >"$tmp/clean/src/endgame/e.h"
python3 "$script" "$tmp/clean" >"$tmp/out"
status=$?
check "clean tree passes" "structure: ok"
[ "$status" -eq 0 ] && passed=$((passed + 1)) || { failed=$((failed + 1)); echo "FAIL clean status $status"; }

cp -r "$tmp/clean" "$tmp/bad"
printf '/* rules */\n#include "a.h"\n' >"$tmp/bad/src/b.h"                 # a -> b -> a
printf '/* rules */\n#include "search/s.h"\n' >"$tmp/bad/src/c.c"          # upward include
printf '/* s */\n' >"$tmp/bad/src/search/s.h"
printf 'int x;\n' >"$tmp/bad/tests/u.c"                                     # no opening comment
printf '/* e */\n' >"$tmp/bad/src/search/eval.h"
printf '/* s */\n#include <stdio.h>\nvoid g(void) { printf("x"); }\n' >"$tmp/bad/src/search/s.c"    # I/O in the search
printf '/* front */\n#include "search/eval.h"\n' >"$tmp/bad/src/main.c"     # private header
{ echo '/* long */'; echo 'void f(void)'; echo '{'; i=0; while [ $i -lt 120 ]; do echo '    ;'; i=$((i + 1)); done; echo '}'; } >"$tmp/bad/src/long.c"
mkdir -p "$tmp/bad/src/ui"
printf '/* screen */\nextern const Screen one_screen;\n' >"$tmp/bad/src/ui/one.h"
printf '/* other screen */\n#include "one.h"\n' >"$tmp/bad/src/ui/two.c"      # a screen including another
printf '/* main */\n#include "one.h"\n' >"$tmp/bad/src/ui/ui_main.c"
printf '/* files */\n#include "../endgame/e.h"\n' >"$tmp/bad/src/files/g.c"   # files/ is layer 0
python3 "$script" "$tmp/bad" >"$tmp/out"
status=$?
check "cycle found" "FAIL include cycle: a -> b -> a"
check "upward include found" "FAIL src/c.c (rules core and file formats) includes src/search/s.h (search), a higher layer"
check "long function found" "FAIL src/long.c: function of 122 lines (limit 100): void f(void)"
check "files/ including endgame/ found" "FAIL src/files/g.c (safe file creation) includes src/endgame/e.h (endgame tables), a higher layer"
check "private header found" "FAIL src/main.c includes src/search/eval.h, private to src/search/\*"
check "I/O in the search found" 'FAIL src/search/s.c:3: input or output in a part that does none'
check "screen including a screen found" "FAIL src/ui/two.c includes the screen src/ui/one.h"
if grep -q "src/ui/ui_main.c includes the screen" "$tmp/out"; then failed=$((failed + 1)); echo "FAIL ui_main.c may include screens"; else passed=$((passed + 1)); fi
check "missing comment found" "FAIL tests/u.c: does not open with a comment"
[ "$status" -eq 1 ] && passed=$((passed + 1)) || { failed=$((failed + 1)); echo "FAIL bad status $status"; }

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
