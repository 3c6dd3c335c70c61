#!/bin/sh
# A stand-in CECP engine for the match tests: it does the handshake and
# answers ping, and when asked to move it misbehaves as MODE says:
#   illegal  plays a1a8 (never legal at the start, nor for Black)
#   silent   never answers
#   claim    claims a draw instead of moving
#   crash    exits with status 3
#   resign   resigns
#   record   resigns, and appends every command it reads to $FAKE_LOG
#   nopost   resigns, and answers post as Fairy-Stockfish 11 does (its
#            misspelt "unkown command" error)
# usage: fake_engine.sh MODE
mode=$1
forced=0
move() {
    case $mode in
    illegal) echo "move a1a8" ;;
    silent) ;;
    claim) echo "1/2-1/2 {Draw by fancy}" ;;
    crash) exit 3 ;;
    resign | record | nopost) echo "resign" ;;
    esac
}
while IFS= read -r line; do
    [ "$mode" = record ] && printf '%s\n' "$line" >>"$FAKE_LOG"
    case $line in
    protover*)
        echo "feature done=0"
        echo "feature myname=\"fake-$mode\" usermove=1 ping=1 setboard=1"
        echo "feature variants=\"normal,stealth-ninja\" done=1" ;;
    ping*) echo "pong ${line#ping }" ;;
    post) [ "$mode" = nopost ] && echo "Error (unkown command): post" ;;
    new) forced=0 ;;
    force) forced=1 ;;
    go) forced=0; move ;;
    usermove*) [ "$forced" = 1 ] || move ;;
    quit) exit 0 ;;
    esac
done
