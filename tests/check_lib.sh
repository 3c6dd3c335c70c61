# Shared by the command-line shell tests: check NAME EXPECTED ACTUAL counts
# a pass or prints the difference; check_done prints the count and fails
# the test when any check failed.  Sourced: . "$(dirname "$0")/check_lib.sh"
passed=0
failed=0

check() { # name, expected, actual
    if [ "$2" = "$3" ]; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        printf 'FAIL %s\n  expected: %s\n  got:      %s\n' "$1" "$2" "$3"
    fi
}

check_done() {
    echo "$passed passed, $failed failed"
    [ "$failed" -eq 0 ]
}
