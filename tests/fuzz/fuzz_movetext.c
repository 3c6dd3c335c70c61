/* Fuzz harness for the move text (doc/move-text.md): the first byte picks
 * one of the shipped variants, the rest is a move text tried against the
 * variant's start position and the fixed positions below (captures, en
 * passant, promotion, castling, pushes, crushes, exiles, drops).  A text
 * that parses must name a legal move, leave the position as it was, and
 * write back a text that parses to the same move.
 * Touches no files and prints nothing unless a check fails (then aborts);
 * the positions are set up once and copied for every try. */
#include "fuzz.h"

#include <stdlib.h>
#include <string.h>

#include "rules/rules.h"
#include "notation/notation.h"

/* Positions where the marks of the move text occur; the variant is given
 * by name so the table does not depend on the selector order. */
static const struct {
    const char *variant;
    const char *fen;
} fixed[] = {
    {"chess", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"},
    {"chess", "4k3/P7/8/8/8/8/7p/4K3 w - - 0 1"},
    {"chess", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1"},
    {"chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
    {"capablanca", "r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1"},
    {"titan-chess", "fr4k3rf/jjjwnbbnwjjj/pppppppppppp/12/12/12/12/12/12/PPPPPPPPPPPP/JJJWNBBNWJJJ/FR4K3RF w KQkq - 0 1"},
    {"titan-chess", "6k5/12/12/12/12/12/1p10/12/3Y1Fpp4/12/12/6K5 w - - 0 1"},
    {"titan-chess", "fry1vqkulyrf/jjjwnbbnwjjj/p1p1pppp1ppp/12/3p1l6/1p6pB2/1P10/P1P2P6/9P2/3PP1PPP1PP/"
                    "JJJWNB1NWJJJ/FRYLVQKULYRF w KQkq - 1 9"},
    {"stealth-ninja", "****ww****/gr3k2rg/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/GR3K2RG/****WW****"
                      "[JJJJSTjjjjst] w KQkq - 0 1"},
    {"stealth-ninja", "****ww****/grnbqkbnrg/1pj2pppp1/2p1p5/p2j5p/10/3p2P2P/1P8/1JP4N2/P2PPP1PP1/"
                      "GRNBQKB1RG/****WW****[JJJSTjjst] w KQkq - 0 9"},
    {"flying-warmachines", "****mm****/er3k2re/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/ER3K2RE/****MM****"
                           "[JJJJJjjjjj] w KQkq - 0 1"},
    {"flying-warmachines", "****mm****/erhbqkbz1e/ppppppp1rp/10/8p1/7p2/P6P2/10/1BP1M3P1/1P1PPPPBRP/"
                           "ERH1QK1Z1E/****1M****[JJJJJjjjjj] w Qq - 2 9"},
    {"chess-titan-rooks", "3rk3/8/8/8/8/8/8/3RK3 w - - 0 1"},
    {"titan-chess-titans", "6k5/12/12/12/12/12/12/3p8/3r8/12/12/3R2K5 w - - 0 1"},
};
#define NFIXED ((int)(sizeof fixed / sizeof fixed[0]))
#define MAX_VARIANTS 16
#define MAX_PER_VARIANT (1 + NFIXED)

static Position positions[MAX_VARIANTS][MAX_PER_VARIANT];
static int npositions[MAX_VARIANTS];

static void setup_positions(void)
{
    if (fuzz_nvariants() > MAX_VARIANTS)
        fuzz_fail("fuzz_movetext: more than %d variants; raise MAX_VARIANTS", MAX_VARIANTS);
    for (int k = 0; k < fuzz_nvariants(); k++) {
        const Variant *v = fuzz_variant((uint8_t)k);
        pos_start(&positions[k][npositions[k]++], v);
        for (int i = 0; i < NFIXED; i++) {
            if (strcmp(fixed[i].variant, fuzz_variant_name((uint8_t)k)) != 0)
                continue;
            char err[256];
            if (pos_from_fen(&positions[k][npositions[k]++], v, fixed[i].fen, err, sizeof err))
                fuzz_fail("fuzz_movetext: fixed position of %s does not parse: %s\n  %s", fixed[i].variant, err,
                          fixed[i].fen);
        }
    }
}

/* Field by field rather than move_equal: the harness checks the parser
 * against the move generator's own fields, whatever equality the library
 * defines. */
static int same_move(const Move *a, const Move *b)
{
    return a->from == b->from && a->to == b->to && a->cap[0] == b->cap[0] && a->cap[1] == b->cap[1] &&
           a->aux == b->aux && a->aux2 == b->aux2 && a->pushdir == b->pushdir && a->kind == b->kind &&
           a->promo == b->promo && a->flags == b->flags;
}

static void try_text(const Position *start, const char *text)
{
    Position p = *start;
    char before[1024], after[1024], err[256] = "";
    pos_to_fen(&p, before, sizeof before);
    Move m;
    int rc = move_from_text(&p, text, &m, err, sizeof err);
    pos_to_fen(&p, after, sizeof after);
    if (strcmp(before, after) != 0 || p.key != start->key)
        fuzz_fail("fuzz_movetext: reading '%s' changed the position\n  before: %s\n  after:  %s", text, before, after);
    if (rc != 0) {
        if (!err[0])
            fuzz_fail("fuzz_movetext: '%s' rejected without a message in %s", text, before);
        return;
    }

    MoveList ml;
    gen_legal(&p, &ml);
    int legal = 0;
    for (int i = 0; i < ml.n && !legal; i++)
        legal = same_move(&ml.m[i], &m);
    if (!legal)
        fuzz_fail("fuzz_movetext: '%s' gives a move that is not legal in %s", text, before);

    char written[160];
    move_to_text(&p, &m, written, sizeof written);
    Move back;
    if (move_from_text(&p, written, &back, err, sizeof err) != 0)
        fuzz_fail("fuzz_movetext: '%s' read as '%s', which does not parse: %s\n  in %s", text, written, err, before);
    if (!same_move(&back, &m))
        fuzz_fail("fuzz_movetext: '%s' read as '%s', which parses to another move\n  in %s", text, written, before);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    if (!npositions[0])
        setup_positions();
    int k = data[0] % fuzz_nvariants();
    char *text = fuzz_cstr(data + 1, size - 1);
    for (int i = 0; i < npositions[k]; i++)
        try_text(&positions[k][i], text);
    free(text);
    return 0;
}
