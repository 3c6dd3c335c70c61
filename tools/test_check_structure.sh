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

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
