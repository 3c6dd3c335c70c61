# Writing a small net for the tests (sourced): write_chess_net FILE makes a
# valid net of chess in the format of doc/data-files.md ("Networks"), so
# the tests need no trainer.
# A little-endian 32-bit word.
u32() {
    printf "$(printf '\\%03o\\%03o\\%03o\\%03o' $(($1 & 255)) $(($1 >> 8 & 255)) $(($1 >> 16 & 255)) $(($1 >> 24 & 255)))"
}
# FNV-1a of a file's bytes, as the net's checksum.
fnv1a() {
    od -A n -v -t u1 "$1" | tr -s ' \n' '\n\n' | {
        h=2166136261
        while read -r b; do
            [ -n "$b" ] && h=$((((h ^ b) * 16777619) & 4294967295))
        done
        echo "$h"
    }
}
# A net of chess (8x8, 6 types, 864 features) with a hidden layer of 16,
# every weight 0, as doc/data-files.md lays it out: header, weights, biases,
# output weights, output bias, checksum.
write_chess_net() { # FILE
    {
        printf 'NCNNUE\r\n'
        u32 1
        printf 'chess'
        head -c 43 /dev/zero
        u32 8; u32 8; u32 6; u32 8; u32 864; u32 16
        u32 1 # scale
        head -c $((2 * (864 * 16 + 16 + 2 * 16))) /dev/zero
        u32 0 # output bias
    } >"$1.body"
    { cat "$1.body"; u32 "$(fnv1a "$1.body")"; } >"$1"
    rm -f "$1.body"
}
