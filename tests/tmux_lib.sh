# The helpers of the tmux tests (sourced): a detached tmux server of its
# own, the program started in a session of a given size, polling the
# screen for a text instead of sleeping, keys, and the results.
# Sourced with the test's arguments, NINJACHESS DATA_DIR, as
#     . "$(dirname "$0")/tmux_lib.sh"
# it sets BIN and DATA from them (a test may make its own DATA after) and
# skips the test (77) where tmux is missing.  Sets TMP, a directory
# removed on exit, with the program's home, state, config and cache
# directories (the endgame tables' cache is the test's own) in it.
[ $# -ge 2 ] || { echo "usage: $0 NINJACHESS DATA_DIR" >&2; exit 2; }
BIN=$1
DATA=$2
command -v tmux >/dev/null 2>&1 || { echo "tmux not installed: skipped"; exit 77; }
TMP=$(mktemp -d /tmp/nc_tmux_XXXXXX)
SOCK="nctest$$"
export HOME="$TMP/home" XDG_STATE_HOME="$TMP/state" XDG_CONFIG_HOME="$TMP/config" XDG_CACHE_HOME="$TMP/cache" \
    LANG=C.UTF-8 LC_ALL=C.UTF-8
unset NO_COLOR
mkdir -p "$HOME"
case "${TERM:-dumb}" in dumb|"") export TERM=xterm-256color ;; esac
# exit-empty off: the server survives between the program's sessions, so a
# new session never races a server that is shutting down.
printf 'set -s exit-empty off\nset -g remain-on-exit on\nset -g default-terminal tmux-256color\nset -g history-limit 100\n' >"$TMP/tmux.conf"
T() { tmux -L "$SOCK" -f "$TMP/tmux.conf" "$@"; }
cleanup() { T kill-server >/dev/null 2>&1; rm -rf "$TMP"; }
trap cleanup EXIT

FAILS=0
# fresh: no saved games (each section starts from an empty state directory).
fresh() { export XDG_STATE_HOME="$TMP/state"; rm -rf "$XDG_STATE_HOME"; }
# saved TEXT: a saved game in progress holds TEXT.
saved() { grep -l -F -- "$1" "$XDG_STATE_HOME"/ninjachess/games/*.pgn 2>/dev/null | grep -q .; }
fail() { echo "FAIL: $*"; echo "---- screen ----"; T capture-pane -p -t "$S" 2>/dev/null; echo "----------------"; FAILS=$((FAILS + 1)); }
ok() { echo "ok: $*"; }

# start ARGS...: runs the program at COLSxROWS (80x24 unless set) in a new
# session named $S (nc unless set); PRE is shell code run before it (in a
# subshell of its own).
S=nc
COLS=80
ROWS=24
PRE=:
start() {
    T kill-session -t "$S" >/dev/null 2>&1
    rm -f "$TMP/status.$S"
    # A shell runs the program and writes its exit status where we can read it.
    T new-session -d -s "$S" -x "$COLS" -y "$ROWS" -e "XDG_STATE_HOME=$XDG_STATE_HOME" -e "HOME=$HOME" \
        -e "XDG_CONFIG_HOME=$XDG_CONFIG_HOME" -e "XDG_CACHE_HOME=$XDG_CACHE_HOME" \
        -e "LANG=C.UTF-8" -e "LC_ALL=C.UTF-8" \
        sh -c '('"$PRE"'; exec "$@"); echo $? >"'"$TMP/status.$S"'"' sh "$BIN" --data-dir "$DATA" "$@"
}
# The program's process id: the child of the pane's shell.
prog_pid() { ps -o pid= --ppid "$(T display -p -t "$S" '#{pane_pid}')" | tr -d ' '; }
screen() { T capture-pane -p -t "$S" 2>/dev/null; }
# wait_for TEXT [SECONDS]: polls the screen until TEXT shows.
wait_for() {
    n=0; max=$(( ${2:-10} * 10 ))
    while [ $n -lt $max ]; do
        screen | grep -F -q -- "$1" && return 0
        sleep 0.1; n=$((n + 1))
    done
    return 1
}
wait_gone() {
    n=0; max=$(( ${2:-10} * 10 ))
    while [ $n -lt $max ]; do
        screen | grep -F -q -- "$1" || return 0
        sleep 0.1; n=$((n + 1))
    done
    return 1
}
# wait_exit: polls until the program has ended; prints its exit status.
wait_exit() {
    n=0
    while [ $n -lt 100 ]; do
        [ -s "$TMP/status.$S" ] && { cat "$TMP/status.$S"; return 0; }
        sleep 0.1; n=$((n + 1))
    done
    echo timeout
}
keys() { T send-keys -t "$S" "$@"; }
# move TEXT: types a move at the ':' prompt and waits for the prompt to close.
move() { keys ':'; wait_for "Move:" 5 || fail "no move prompt"; keys -l "$1"; keys Enter; wait_gone "Move:" 5; }
expect() { if wait_for "$1" "${3:-10}"; then ok "$2"; else fail "$2 (no '$1')"; fi; }
quit_ok() {
    keys q
    st=$(wait_exit)
    [ "$st" = 0 ] && ok "$1: quits with status 0" || fail "$1: exit status $st"
}
# config_value_refused KEY: 'KEY = maybe' in the config file stops the
# program before the screen (status 1) with the file, line, key and value
# named; the config directory is removed after.
config_value_refused() {
    mkdir -p "$XDG_CONFIG_HOME/ninjachess"
    printf '%s = maybe\n' "$1" >"$XDG_CONFIG_HOME/ninjachess/config"
    out=$("$BIN" --data-dir "$DATA" --variant chess 2>&1 </dev/null); st=$?
    if echo "$out" | grep -q "ninjachess/config:1: $1: 'maybe' is neither 'on' nor 'off'" && [ $st -eq 1 ]; then
        ok "a wrong $1 value is named"
    else
        fail "$1 value: status $st: $out"
    fi
    rm -rf "$XDG_CONFIG_HOME"
}
