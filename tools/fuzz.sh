#!/bin/sh
# A short libFuzzer run of every harness in tests/fuzz (doc/fuzzing.md).
#   tools/fuzz.sh [SECONDS] [HARNESS...]   default 60 seconds each, all harnesses
# Sets up build-fuzz (clang, ASan, UBSan, -Dfuzz=true) if needed, builds the
# harnesses, runs each one alone on a copy of its seed corpus (plus its
# regression inputs), and prints its speed and whether it crashed.  Inputs
# are cut at 16 KiB (-max_len; the replay tests read them whole), so one
# big regression input does not make every mutation that big.  Crash,
# leak and timeout inputs are left in build-fuzz/crashes/HARNESS/.  The
# checked-in corpus is never written to.
#   FUZZ_KEEP_GOING=1   go on after a crash (libFuzzer's fork mode), to
#                       collect more than one crash in a run
# Exit status 1 when some harness crashed.
set -eu
cd "$(dirname "$0")/.."

secs=${1:-60}
[ $# -gt 0 ] && shift
harnesses=${*:-datafile position movetext san pgn xboard lesson config}
build="build-fuzz"

# Number of files in a directory.
count() {
    find "$1" -type f | wc -l
}

if [ ! -f "$build/build.ninja" ]; then
    CC=clang meson setup "$build" -Dfuzz=true -Db_sanitize=address,undefined -Db_lundef=false
fi
targets=""
for h in $harnesses; do
    targets="$targets tests/fuzz/fuzz_$h"
done
# shellcheck disable=SC2086 # one word per target
nice -n 10 ninja -C "$build" $targets

# Every sanitizer report is a crash; UBSan would otherwise print and go on.
export ASAN_OPTIONS="${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-halt_on_error=1:abort_on_error=1:print_stacktrace=1}"

keep_going=""
if [ "${FUZZ_KEEP_GOING:-0}" = 1 ]; then
    keep_going="-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1"
fi

status=0
for h in $harnesses; do
    work="$build/fuzz-work/$h"
    crashes="$build/crashes/$h"
    log="$build/fuzz-work/$h.log"
    rm -rf "$work"
    mkdir -p "$work" "$crashes"
    cp tests/fuzz/corpus/"$h"/* "$work"/
    for f in tests/fuzz/regress/"$h"/*; do
        case $(basename "$f") in README*) continue ;; esac
        [ -f "$f" ] && cp "$f" "$work"/
    done
    before=$(count "$crashes")
    start=$(date +%s)
    set +e
    # shellcheck disable=SC2086 # the fork-mode options are separate words
    nice -n 10 "$build/tests/fuzz/fuzz_$h" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=16384 \
        -print_final_stats=1 -artifact_prefix="$crashes/" $keep_going "$work" >"$log" 2>&1
    rc=$?
    set -e
    elapsed=$(( $(date +%s) - start ))
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    if [ -z "$execs" ]; then
        # Fork mode prints no final stats; its last status line counts the runs.
        execs=$(sed -n 's/^#\([0-9]*\):.*/\1/p' "$log" | tail -1)
    fi
    # Over the wall-clock time: libFuzzer's own figure is 0 for a run that
    # crashed within a second, and per job in fork mode.
    speed=$(( ${execs:-0} / (elapsed > 0 ? elapsed : 1) ))
    new=$(( $(count "$crashes") - before ))
    if [ "$rc" -ne 0 ] || [ "$new" -gt 0 ]; then
        status=1
        echo "$h: ${execs:-?} runs, ${speed:-?} execs/s: CRASHED ($new new input(s) in $crashes/, log $log)"
        # One line per distinct report site (fork mode may save many
        # inputs for one fault), most frequent first.
        grep -E 'runtime error|ERROR: (Address|Leak)Sanitizer|^SUMMARY: AddressSanitizer|^fuzz_[a-z]*: |libFuzzer: (timeout|out-of-memory)' "$log" |
            sed -E -e 's/0x[0-9a-f]+//g; s/==[0-9]+==//; :a' -e 's/(runtime error: [^0-9]*)-?[0-9]+/\1N/; ta' |
            sort | uniq -c | sort -rn | head -n 10 | sed 's/^/   /' || true
    else
        echo "$h: ${execs:-?} runs, ${speed:-?} execs/s: no crash (corpus grew to $(count "$work") inputs)"
    fi
done
exit $status
