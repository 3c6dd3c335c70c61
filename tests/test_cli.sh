#!/bin/sh
# Command-line contract: output formats, exit statuses and one-line errors.
# usage: test_cli.sh PATH/TO/ninjachess DATA_DIR
nc=$1
data=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

. "$(dirname "$0")/check_lib.sh"

run() { # runs ninjachess, storing stdout, stderr and status
    "$nc" --data-dir "$data" "$@" >"$tmp/out" 2>"$tmp/err"
    status=$?
}

run --list-variants
check "list-variants status" 0 "$status"
check "list-variants names" "$(ls "$data/variants" | sed -n 's/\.txt$//p' | LC_ALL=C sort | tr '\n' ' ' | sed 's/ $//')" \
    "$(cut -d' ' -f1 "$tmp/out" | tr '\n' ' ' | sed 's/ $//')"

run --variant chess --moves
check "moves count" 20 "$(wc -l <"$tmp/out" | tr -d ' ')"
check "moves sorted first" "a2-a3" "$(head -n 1 "$tmp/out")"

run --variant chess --perft 3 --divide
check "perft divide lines" 21 "$(wc -l <"$tmp/out" | tr -d ' ')"
check "perft last line" "nodes 8902" "$(tail -n 1 "$tmp/out")"
check "perft divide entry" "e2-e4: 600" "$(grep '^e2-e4:' "$tmp/out")"

run --variant titan-chess --perft 1
check "titan perft 1" "nodes 46" "$(tail -n 1 "$tmp/out")"

run --variant chess --play e2-e4 e7e5 g1-f3 --print-fen
check "play then fen" "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2" "$(cat "$tmp/out")"

run --variant stealth-ninja --play e2-e4 e9-e7 J@e2-e3 --print-fen
check "drop with slide" "****ww****/grnbqkbnrg/pppp1ppppp/10/4p5/10/10/4P5/4J5/PPPP1PPPPP/GRNBQKBNRG/****WW****[JJJSTjjjjst] b KQkq - 0 2" "$(cat "$tmp/out")"
run --variant stealth-ninja --moves
check "no drop onto occupied rank 2" "" "$(grep '^J@' "$tmp/out")"

run --variant chess --play f2-f3 e7-e5 g2-g4 d8-h4 --status
check "mate status" "checkmate: Black wins" "$(cat "$tmp/out")"

run --variant chess --play g1-f3 g8-f6 f3-g1 f6-g8 g1-f3 g8-f6 f3-g1 --status
check "two occurrences are no repetition" "game in progress" "$(cat "$tmp/out")"
run --variant chess --play g1-f3 g8-f6 f3-g1 f6-g8 g1-f3 g8-f6 f3-g1 f6-g8 --status
check "threefold repetition" "threefold repetition" "$(cat "$tmp/out")"
# Repetition has no window: a ninja pawn's step aside and back and a Titan
# pushed to and fro reset the 100-ply count, yet the position recurs.
run --variant stealth-ninja --fen '****2****/9k/10/4j5/10/10/10/10/4J5/10/K9/****2****[] w - - 0 1' \
    --play e3-d3 e8-d8 d3-e3 d8-e8 e3-d3 e8-d8 d3-e3 d8-e8 --status
check "repetition across ninja pawn steps" "threefold repetition" "$(cat "$tmp/out")"
run --variant stealth-ninja --fen '****2****/9k/10/4j5/10/10/10/10/4J5/10/K9/****2****[] w - - 0 1' \
    --play e3-d3 e8-d8 d3-e3 d8-e8 e3-d3 e8-d8 d3-e3 --status
check "two occurrences after ninja pawn steps" "game in progress" "$(cat "$tmp/out")"
run --variant chess-titan-rooks --fen "7k/8/8/r7/8/R7/8/K7 w - - 0 1" --play a3-a5 a6-a5 a4-a5 a6-a5 a4-a5 --status
check "repetition across Titan pushes" "threefold repetition" "$(cat "$tmp/out")"
# An en-passant target that no pawn can take on does not make a position new.
run --variant stealth-ninja --play e2-e4 c10-d8 c1-d3 d8-c10 d3-c1 c10-d8 c1-d3 d8-c10 d3-c1 --status
check "unusable en-passant target ignored" "threefold repetition" "$(cat "$tmp/out")"
run --variant stealth-ninja --play e2-e4 c10-d8 c1-d3 d8-c10 d3-c1 c10-d8 c1-d3 d8-c10 --status
check "unusable en-passant target, two occurrences" "game in progress" "$(cat "$tmp/out")"
# A usable one does: after d7-d5 with a white pawn on e5, the first position
# (capture possible) differs from the later ones.
run --variant chess --fen "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1" --play d7-d5 e1-e2 e8-e7 e2-e1 e7-e8 e1-e2 e8-e7 e2-e1 e7-e8 --status
check "usable en-passant target counts" "game in progress" "$(cat "$tmp/out")"
# The kings go round three ways, so that no position between comes three
# times first (moves after a repetition are refused).
run --variant chess --fen "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1" --play d7-d5 e1-e2 e8-e7 e2-e1 e7-e8 e1-d1 e8-d8 d1-e1 d8-e8 e1-f1 e8-f8 f1-e1 f8-e8 --status
check "usable en-passant target, third later occurrence" "threefold repetition" "$(cat "$tmp/out")"
run --variant chess --fen "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1" --status
check "stalemate" "stalemate" "$(cat "$tmp/out")"
run --variant xiangqi --fen "3k5/R8/9/9/9/9/9/9/4R4/5K3 b - - 0 1" --status
check "stalemate loses in xiangqi" "stalemate: White wins" "$(cat "$tmp/out")"
run --variant chess --fen "7k/8/6K1/8/8/8/8/R7 w - - 99 80" --play a1-a2 --status
check "100 plies" "100 plies without capture, pawn move or drop" "$(cat "$tmp/out")"
run --variant chess --fen "7k/8/6K1/8/8/8/8/R7 w - - 98 80" --play a1-a2 --status
check "99 plies" "game in progress" "$(cat "$tmp/out")"
run --variant chess --fen "7k/8/6K1/8/8/8/8/8 w - - 0 1" --status
check "bare kings" "bare kings" "$(cat "$tmp/out")"
run --variant stealth-ninja --fen "****2****/9k/10/10/10/10/10/10/10/10/K9/****2****[J] w - - 0 1" --status
check "a piece in hand is not bare" "game in progress" "$(cat "$tmp/out")"

scepter_fen='****K1****/9k/p9/10/10/10/10/10/10/10/10/****2****[] b - - 0 1'
run --variant stealth-ninja --option scepter --fen "$scepter_fen" --status --moves
check "scepter in position text ends the game, drawn" "Capture the Scepter: a draw" "$(cat "$tmp/out")"
run --variant stealth-ninja --fen "$scepter_fen" --status
check "no scepter rule without the option" "game in progress" "$(cat "$tmp/out")"

# errors: one line, status 1
run --variant no-such --moves
check "unknown variant status" 1 "$status"
check "unknown variant message" "ninjachess: no-such: unknown variant (see --list-variants)" "$(cat "$tmp/err")"

run --variant chess --fen "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1" --moves
check "bad fen status" 1 "$status"
check "bad fen message" "ninjachess: position text: expected 8 ranks separated by '/'" "$(cat "$tmp/err")"

run --variant chess --fen "4k2P/8/8/8/8/8/8/4K3 w - - 0 1" --moves
check "pawn on its last rank" "ninjachess: position text: a piece that must promote stands on h8" "$(cat "$tmp/err")"
run --variant chess-titan-rooks --titans pawn --fen "4k2P/8/8/8/8/8/8/4K3 w - - 0 1" --moves
check "titan pawn on its last rank" 0 "$status"

run --variant chess --play e2-e5 --moves
check "illegal move status" 1 "$status"
check "illegal move message" "ninjachess: illegal move 'e2-e5'" "$(cat "$tmp/err")"

run --variant chess --perft x
check "bad depth" "ninjachess: --perft needs a depth 0-20, not 'x'" "$(cat "$tmp/err")"

run --frobnicate
check "unknown option status" 1 "$status"
check "unknown option message" "ninjachess: unknown option '--frobnicate' (see --help)" "$(cat "$tmp/err")"
run --le 3
check "ambiguous option" "ninjachess: option '--le' is ambiguous: --level, --levels" "$(cat "$tmp/err")"
run --variant
check "missing value status" 1 "$status"
check "missing value" "ninjachess: option --variant needs an argument (NAME)" "$(cat "$tmp/err")"
run --perft
check "missing number" "ninjachess: option --perft needs an argument: a depth 0-20" "$(cat "$tmp/err")"
run --variant --moves
check "option taken as a value" "ninjachess: option --variant needs an argument, not the option '--moves'" "$(cat "$tmp/err")"
run --moves=3
check "value for a flag" "ninjachess: option --moves takes no value, not '3'" "$(cat "$tmp/err")"
run --puzzle --drill KR
check "puzzle with drill status" 1 "$status"
check "puzzle with drill" "ninjachess: --puzzle cannot be combined with --drill" "$(cat "$tmp/err")"
run --variant chess stray --moves
check "stray word" "ninjachess: unexpected argument 'stray' (options start with --; see --help)" "$(cat "$tmp/err")"
run --variant chess --divide
check "divide without perft" "ninjachess: --divide needs --perft N" "$(cat "$tmp/err")"
run --levels 3,4
check "levels without selfplay" "ninjachess: --levels needs --selfplay N" "$(cat "$tmp/err")"
run --variant chess --think 0
check "bad seconds" "ninjachess: --think needs a number of seconds, not '0'" "$(cat "$tmp/err")"
run --variant chess --nodes 2000000001
check "too many nodes" "ninjachess: --nodes needs a node count, not '2000000001'" "$(cat "$tmp/err")"
run --variant=chess --perft=2
check "option=value form" "nodes 400" "$(tail -n 1 "$tmp/out")"
run --vari chess --perft 1
check "unique abbreviation" "nodes 20" "$(tail -n 1 "$tmp/out")"
run --variant chess --play e2-e4 e7-e5 --perft 1
check "moves end at the next option" "nodes 29" "$(tail -n 1 "$tmp/out")"
run --help
check "help status" 0 "$status"
check "help from the table" "  --titans LIST            make these piece types Titans (names or letters)" "$(grep -e '--titans' "$tmp/out")"
check "help lists every option" 65 "$(grep -c '^  --' "$tmp/out")"
run --variant chess --search-param rfp-margin=5 --depth 2
check "search parameter out of range" "ninjachess: --search-param: rfp-margin must be a whole number from 10 to 1000, not '5'" "$(cat "$tmp/err")"
run --variant chess --search-param nope=3 --depth 2
check "unknown search parameter" "ninjachess: --search-param: no parameter is named 'nope'" "$(cat "$tmp/err")"
run --variant chess --threads 0 --depth 2
check "no threads" "ninjachess: --threads needs a number of threads 1-64, not '0'" "$(cat "$tmp/err")"
run --variant chess --threads 2 --search-param nmp-depth=64,lmp-base=6 --depth 4
check "threads and parameters search" 0 "$status"
check "threads and parameters give a move" 1 "$(tail -n 1 "$tmp/out" | grep -cE '^[a-h][1-8]-[a-h][1-8]$')"
run -h
check "short help" "usage: ninjachess [OPTION]..." "$(head -n 1 "$tmp/out")"
run --version
check "version" "ninjachess" "$(cut -d' ' -f1 "$tmp/out")"

# --check-variant
cat >"$tmp/good.txt" <<'V'
piece camel
  letter X
  describe Leaps three squares one way and one the other.
  move leap 3,1
end
variant camel-chess
  board 8x8
  pieces king camel
  setup main 4k3/8/8/8/8/8/8/X3K3 w - - 0 1
end
V
run --check-variant "$tmp/good.txt"
check "check-variant valid status" 0 "$status"
check "check-variant valid message" "$tmp/good.txt: variant camel-chess is valid" "$(cat "$tmp/out")"

printf 'variant broken\n  board 8x8\n  pieces king kinght\n  setup main 8/8/8/8/8/8/8/8 w - - 0 1\nend\n' >"$tmp/bad.txt"
run --check-variant "$tmp/bad.txt"
check "check-variant bad status" 1 "$status"
check "check-variant bad message" "$tmp/bad.txt:3: unknown piece type 'kinght'" "$(cat "$tmp/out")"

# a truncated data file: the block is never closed
head -n 3 "$data/variants/chess.txt" >"$tmp/truncated.txt"
run --check-variant "$tmp/truncated.txt"
check "truncated status" 1 "$status"
check "truncated message" "$tmp/truncated.txt:1: block 'chess' not closed with 'end'" "$(cat "$tmp/out")"

# position and move texts from outside: refused with one line naming what is wrong
run --variant chess --fen "rnbqkbnr/pppppppp/4294967304/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" --print-fen
check "count wrapping an int" "ninjachess: position text: empty-square count 4294967304 runs past the end of rank 6 (8 files)" "$(cat "$tmp/err")"
run --variant chess --fen "4k3/8/8/8/8/8/8/4Q1K1 w - - 0 1" --status
check "side not to move in check status" 1 "$status"
check "side not to move in check" "ninjachess: position text: Black is in check (its King on e8 could be taken) but it is White's turn" "$(cat "$tmp/err")"
run --variant chess --play "$(printf 'e2-e5\033[2J')" --moves
check "move text quoted" "ninjachess: malformed move 'e2-e5\x1b[2J' (expected e.g. e2-e4, see the move text)" "$(cat "$tmp/err")"
run --variant chess --play "e2-e4+" --moves
check "false check mark" "ninjachess: move 'e2-e4+' does not give check" "$(cat "$tmp/err")"

# XBoard setboard: the reason in an error line, no long loop on a huge count
printf 'xboard\nprotover 2\nnew\nforce\nsetboard rnbqkbnr/pppppppp/99/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\nvariant stealth-ninja\nsetboard 2000000000/grnbqkbnrg/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/GRNBQKBNRG/4WW4[JJJJSTjjjjst] w KQkq - 0 1\nping 1\nquit\n' >"$tmp/xb.in"
"$nc" --data-dir "$data" --xboard <"$tmp/xb.in" >"$tmp/out" 2>"$tmp/err"
check "xboard setboard status" 0 "$?"
check "xboard setboard errors" "Error (bad position): position text: empty-square count 99 runs past the end of rank 6 (8 files)
tellusererror Illegal position
Error (bad position): position text '2000000000/grnbqkbnrg/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/GRNBQKBNRG/4WW4[JJJJSTjjjjst] w KQkq - 0 1' does not fit the board (a count or a piece past its edge or on a missing square, or too long)
tellusererror Illegal position
pong 1" "$(grep -v '^feature\|^piece\|^setup' "$tmp/out")"

# A position so crowded that a side has more moves than half a move list
# holds is refused (it used to overrun the list), a quieter one is not.
crowded_variant() { # setup line
    cat <<V
piece superpiece
  letter S
  describe Slides as a queen and leaps as every leaper up to four squares.
  move slide all
  move leap 2,1
  move leap 3,1
  move leap 3,2
  move leap 4,1
  move leap 4,3
  move leap 2,2
  move leap 3,3
  move leap 4,4
  move leap 4,2
  move leap 2,0
end
variant crowded
  board 16x16
  pieces king superpiece
  setup main $1
end
V
}
crowded_variant "15k/16/16/16/16/16/16/16/16/16/16/16/1S1S1S1S1S1S1S1S/16/S1S1S1S1S1S1S1S1/K15 b - - 0 1" >"$tmp/crowded.txt"
run --check-variant "$tmp/crowded.txt"
check "crowded but playable" "$tmp/crowded.txt: variant crowded is valid" "$(cat "$tmp/out")"
crowded_variant "15k/16/16/16/1S1S1S1S1S1S1S1S/16/S1S1S1S1S1S1S1S1/16/1S1S1S1S1S1S1S1S/16/S1S1S1S1S1S1S1S1/16/1S1S1S1S1S1S1S1S/16/S1S1S1S1S1S1S1S1/K15 b - - 0 1" >"$tmp/crowded.txt"
run --check-variant "$tmp/crowded.txt"
check "too many moves" "$tmp/crowded.txt:19: setup 'main': position text: White has 2708 moves here; a position may give each side at most 2048" "$(cat "$tmp/out")"

run --variant chess --time 5x
check "--time malformed" "1 ninjachess: --time: time control '5x' is not MINUTES+SECONDS (e.g. 5+3 or 0:30+1)" "$status $(cat "$tmp/err")"
run --variant chess --time 0+3
check "--time out of range" 1 "$status"

check_done
