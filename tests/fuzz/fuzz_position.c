/* Fuzz harness for the position text (doc/position-text.md): the first byte
 * picks one of the shipped variants, the rest is a position text.  A text
 * that parses must write back a text that parses to the same text and the
 * same hash key, and the legal moves must be generable from it.
 * Touches no files and prints nothing unless a check fails (then aborts);
 * the variants are loaded once and shared by every input. */
#include "fuzz.h"

#include <stdlib.h>
#include <string.h>

#include "rules/rules.h"
#include "notation/notation.h"

/* pos_to_fen needs at least 512 bytes; a 16x16 board with full hands fits. */
#define FEN_MAX 1024

static void check_round_trip(const Position *p, uint8_t pick, const char *input)
{
    char fen1[FEN_MAX], fen2[FEN_MAX], err[256];
    pos_to_fen(p, fen1, sizeof fen1);
    Position q;
    if (pos_from_fen(&q, p->v, fen1, err, sizeof err))
        fuzz_fail("fuzz_position: %s: written text does not parse: %s\n  input:   %s\n  written: %s",
                  fuzz_variant_name(pick), err, input, fen1);
    pos_to_fen(&q, fen2, sizeof fen2);
    if (strcmp(fen1, fen2) != 0)
        fuzz_fail("fuzz_position: %s: round trip changes the text\n  input:  %s\n  first:  %s\n  second: %s",
                  fuzz_variant_name(pick), input, fen1, fen2);
    if (q.key != p->key)
        fuzz_fail("fuzz_position: %s: round trip changes the hash key of %s", fuzz_variant_name(pick), fen1);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    const Variant *v = fuzz_variant(data[0]);
    char *text = fuzz_cstr(data + 1, size - 1);
    Position p;
    char err[256] = "";
    if (pos_from_fen(&p, v, text, err, sizeof err) != 0) {
        /* A rejection must say why.  (The message may quote the input,
         * control characters included, so it is not checked to be one line.) */
        if (!err[0])
            fuzz_fail("fuzz_position: '%s' rejected without a message", text);
    } else {
        check_round_trip(&p, data[0], text);
        MoveList ml;
        gen_legal(&p, &ml);
        if (ml.n < 0 || ml.n > NC_MAX_MOVES)
            fuzz_fail("fuzz_position: gen_legal returned %d moves", ml.n);
    }
    free(text);
    return 0;
}
