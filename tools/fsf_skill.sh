#!/bin/sh
# Fairy-Stockfish (Debian's package) as an XBoard engine at a given Skill
# Level, for the match tool:
#   ninjachess --match --engine 'ninjachess --xboard' \
#       --engine 'tools/fsf_skill.sh 10' --variant chess --tc 0:10+0.1 ...
# The first line the match tool sends ("xboard") goes through first, then
# the option, then the rest of the conversation unchanged.  Without a
# level, Fairy-Stockfish plays at full strength.
set -eu
fsf=$(command -v fairy-stockfish || echo /usr/games/fairy-stockfish)
if [ ! -x "$fsf" ]; then
    echo "fsf_skill.sh: fairy-stockfish is not installed (apt-get install fairy-stockfish)" >&2
    exit 127
fi
if [ $# -eq 0 ]; then
    exec "$fsf"
fi
case $1 in
'' | *[!0-9]*)
    echo "fsf_skill.sh: the Skill Level is a whole number from 0 to 20, not '$1'" >&2
    exit 2
    ;;
esac
[ "$1" -le 20 ] || { echo "fsf_skill.sh: the Skill Level is a whole number from 0 to 20, not '$1'" >&2; exit 2; }
{
    IFS= read -r first
    printf '%s\n' "$first"
    printf 'option Skill Level=%s\n' "$1"
    exec cat
} | exec "$fsf"
