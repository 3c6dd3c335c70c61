/* Fuzz harness for the typed-move reader (src/moveinput.c, src/san.c): the
 * first byte picks one of a few chess and Capablanca positions (en passant,
 * promotions, castling both ways, several pieces reaching one square), the
 * rest is the text a player typed.  Reading must not change the position;
 * a refusal must say why; an accepted text must name a legal move whose
 * label (SAN) is distinct from every other legal move's and reads back to
 * the same move. */
#include "fuzz.h"

#include "rules/rules.h"
#include "notation/notation.h"

#include <stdlib.h>
#include <string.h>

static const struct {
    const char *variant, *fen;
} fixed[] = {
    {"chess", NULL},
    {"chess", "r3k2r/1P6/8/3pP3/8/Q7/8/Q1Q1K2R w Kkq d6 0 1"},
    {"chess", "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1"},
    {"capablanca", NULL},
    {"capablanca", "r4k3r/1P8/10/10/10/10/10/R4K3R w KQkq - 0 1"},
};
#define NFIXED (sizeof fixed / sizeof fixed[0])

static Position positions[NFIXED];

static const Variant *variant_named(const char *name)
{
    for (int i = 0; i < fuzz_nvariants(); i++)
        if (!strcmp(fuzz_variant_name((uint8_t)i), name))
            return fuzz_variant((uint8_t)i);
    fuzz_fail("fuzz_san: no variant %s", name);
}

static void setup_positions(void)
{
    for (size_t i = 0; i < NFIXED; i++) {
        const Variant *v = variant_named(fixed[i].variant);
        char err[256];
        if (!fixed[i].fen)
            pos_start(&positions[i], v);
        else if (pos_from_fen(&positions[i], v, fixed[i].fen, err, sizeof err))
            fuzz_fail("fuzz_san: fixed position %zu does not parse: %s", i, err);
    }
}

static void check_accepted(Position *p, const Move *m, const char *text)
{
    MoveList ml;
    gen_legal(p, &ml);
    int at = -1;
    for (int i = 0; i < ml.n; i++)
        if (move_equal(&ml.m[i], m))
            at = i;
    if (at < 0)
        fuzz_fail("fuzz_san: '%s' gives a move that is not legal", text);
    char label[160], other[160], err[256];
    move_label(p, m, label, sizeof label);
    for (int i = 0; i < ml.n; i++)
        if (i != at && !strcmp(move_label(p, &ml.m[i], other, sizeof other), label))
            fuzz_fail("fuzz_san: two legal moves are written '%s'", label);
    Move back;
    if (move_from_input(p, label, &back, err, sizeof err) || !move_equal(&back, m))
        fuzz_fail("fuzz_san: '%s' read as '%s', which does not read back to it (%s)", text, label, err);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    static bool ready;
    if (!ready) {
        setup_positions();
        ready = true;
    }
    Position p = positions[data[0] % NFIXED];
    uint64_t key = p.key;
    char *text = fuzz_cstr(data + 1, size - 1);
    Move m;
    char err[256] = "";
    int rc = move_from_input(&p, text, &m, err, sizeof err);
    if (p.key != key)
        fuzz_fail("fuzz_san: reading '%s' changed the position", text);
    if (rc && !err[0])
        fuzz_fail("fuzz_san: '%s' refused without a message", text);
    if (!rc)
        check_accepted(&p, &m, text);
    free(text);
    return 0;
}
