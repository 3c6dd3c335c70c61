#!/bin/sh
# A game loaded from someone else's file is never lost by saving it
# (issue 39, item 1): the file is replaced only when the player says so,
# otherwise a new name is offered; saved into its file, only that game's
# text changes (the other games stay byte for byte) and its tags (event,
# players, date, ECO, tags of other programs), comments and NAGs (also
# from glyphs: "?" is $2) are kept.
# pgn-extract reads every file written.
# usage: test_pgn_keep_tmux.sh NINJACHESS DATA_DIR
set -u
. "$(dirname "$0")/tmux_lib.sh"
extract=$(command -v pgn-extract || { [ -x /usr/games/pgn-extract ] && echo /usr/games/pgn-extract; })
[ -n "$extract" ] || { echo "FAIL pgn-extract is not installed (./setup installs it)"; exit 1; }

F="$TMP/opera.pgn"
cat >"$F" <<'PGN'
% two games of a collection
[Event "Paris Opera"]
[Site "Paris FRA"]
[Date "1858.11.02"]
[Round "?"]
[White "Morphy, Paul"]
[Black "Duke Karl / Count Isouard"]
[Result "*"]
[ECO "C41"]
[Annotator "Someone Else"]

{A famous game.} 1. e4 e5 2. Nf3 d6 {Philidor's defence} 3. d4 $1 Bg4? {A weak move.} *

[Event "Second game"]
[Site "?"]
[Date "1859.01.01"]
[Round "2"]
[White "Anderssen, Adolf"]
[Black "Dufresne, Jean"]
[Result "1-0"]

1. e4 {the king's pawn} e5 2. Nf3 Nc6 1-0
PGN
cp "$F" "$TMP/orig.pgn"
# The second game as it is in the file, to compare byte for byte.
sed -n '/^\[Event "Second game"\]/,$p' "$F" >"$TMP/second.pgn"
extract_ok() { # FILE: pgn-extract reads it without a word on stderr
    "$extract" -s "$1" >/dev/null 2>"$TMP/extract-err" && [ ! -s "$TMP/extract-err" ]
}
extract_ok "$F" || fail "pgn-extract complains about the test file: $(cat "$TMP/extract-err")"

fresh
start --load "$F"
expect "White: Morphy, Paul" "the panel names the players of the loaded game"
expect "Black: Duke Karl" "the panel names Black too"
move dxe5
expect "dxe5" "a move played after the loaded ones"

# Saving offers the loaded file; it was not written by this program: asked.
keys s; expect "Save to: $F" "the save prompt offers the loaded file"
keys Enter
expect "was not written by ninjachess" "replacing the loaded file asks first"
keys n
expect "Save to: $TMP/opera-2.pgn" "declined: a new name is offered"
keys Enter
expect "Saved to $TMP/opera-2.pgn" "saved under the new name"
cmp -s "$F" "$TMP/orig.pgn" && ok "the loaded file is untouched" || fail "the loaded file changed"
G="$TMP/opera-2.pgn"
for want in '[Event "Paris Opera"]' '[White "Morphy, Paul"]' '[Date "1858.11.02"]' '[ECO "C41"]' \
    '[Annotator "Someone Else"]' '{A famous game.}' "{Philidor's defence}" '{A weak move.}' '4. dxe5' \
    'd4 $1 Bg4 $2 {A weak move.}'; do
    tr '\n' ' ' <"$G" | grep -q -F -- "$want" && ok "new file keeps $want" || fail "new file lacks $want: $(cat "$G")"
done
extract_ok "$G" && ok "pgn-extract reads the new file" || fail "pgn-extract: $(cat "$TMP/extract-err")"

# Now into the loaded file itself, saying yes.
keys s; expect "Save to:" "save prompt again"
keys C-u; keys -l "$F"; keys Enter
expect "was not written by ninjachess" "asked again for the loaded file"
keys y
expect "Saved to $F" "saved into the loaded file"
sed -n '/^\[Event "Second game"\]/,$p' "$F" | cmp -s - "$TMP/second.pgn" \
    && ok "the file's second game is kept byte for byte" || fail "second game changed: $(cat "$F")"
head -n 1 "$F" | grep -q '^% two games of a collection$' && ok "the file's opening comment line is kept" \
    || fail "opening line lost: $(head -n 2 "$F")"
for want in '[Event "Paris Opera"]' '[White "Morphy, Paul"]' '[Black "Duke Karl / Count Isouard"]' \
    '[Date "1858.11.02"]' '[ECO "C41"]' '[Annotator "Someone Else"]' '{A famous game.}' \
    "{Philidor's defence}" '{A weak move.}' '4. dxe5' 'd4 $1 Bg4 $2 {A weak move.}'; do
    tr '\n' ' ' <"$F" | grep -q -F -- "$want" && ok "the file keeps $want" || fail "the file lacks $want: $(cat "$F")"
done
[ "$(grep -c '^\[Event ' "$F")" = 2 ] && ok "two games in the file" || fail "games: $(grep '^\[Event ' "$F")"
extract_ok "$F" && ok "pgn-extract reads the file" || fail "pgn-extract: $(cat "$TMP/extract-err")"
[ "$("$extract" -s "$F" 2>/dev/null | grep -c '^\[Event ')" = 2 ] && ok "pgn-extract finds both games" \
    || fail "pgn-extract does not find two games"

# A file this program wrote is saved again without a question.
move Bxf3
keys s; expect "Save to: $F" "save prompt"
keys Enter
expect "Saved to $F" "saved again"
screen | grep -q "was not written" && fail "asked about a file it wrote" || ok "no question for its own file"
tr '\n' ' ' <"$F" | grep -q -F '4. dxe5 Bxf3' && ok "the new move is in the file" || fail "no Bxf3: $(cat "$F")"
sed -n '/^\[Event "Second game"\]/,$p' "$F" | cmp -s - "$TMP/second.pgn" \
    && ok "the second game is still kept" || fail "second game changed on the second save"

# Someone changes the file meanwhile: it is not overwritten.
printf '\n[Event "Added"]\n\n1. d4 *\n' | cat "$TMP/orig.pgn" - >"$F"
keys s; expect "Save to: $F" "save prompt"
keys Enter
expect "changed since the game was" "a file changed by someone else is refused"
grep -q '^\[Event "Added"\]' "$F" && ok "the changed file is left alone" || fail "the changed file was overwritten"

# A new game is not the loaded one: saving it over the file asks again.
cp "$TMP/orig.pgn" "$F"
keys n; expect "Leave this game for a new one?" "new game asked"
keys y; expect "Start the game" "start screen"
keys Enter; expect "New game of" "a new game"
keys s; expect "Save to: $F" "save prompt in the new game"
keys Enter
expect "exists and was not written by ninjachess" "a new game over the collection asks"
keys n; expect "Save to: $TMP/opera-3.pgn" "and offers a new name"
keys Escape; wait_gone "Save to:" 5
cmp -s "$F" "$TMP/orig.pgn" && ok "the collection is untouched" || fail "the collection changed"
quit_ok "loaded game"

[ "$FAILS" = 0 ] || { echo "$FAILS failures"; exit 1; }
echo "all passed"
