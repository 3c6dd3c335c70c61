/* Judges the material game-end rules of endrules.h: counts each side's
 * pieces of the rule's types on the board and in hand; a promoted piece's
 * stand-in type (captures-to-hand) counts as the type it shows. */
#include "endrules.h"

static int count_types(const Position *p, int colour, uint32_t types)
{
    const Variant *v = p->v;
    int n = 0;
    for (int t = 0; t < v->ntypes; t++)
        if (types >> t & 1) {
            n += p->count[nc_code(t, colour)] + p->hand[colour][t];
            if (v->promoted_as[t] >= 0) /* promoted pieces of that type (captures-to-hand) */
                n += p->count[nc_code(v->promoted_as[t], colour)];
        }
    return n;
}

/* Does rule r hold against `colour` (the reduced side)? */
static bool rule_holds(const Position *p, const EndRule *r, int colour)
{
    int least = r->other_least + (r->claim && colour == p->side);
    if (!r->each)
        return count_types(p, colour, r->types) <= r->most && count_types(p, colour ^ 1, r->types) >= least;
    for (int t = 0; t < p->v->ntypes; t++) {
        if (!(r->types >> t & 1))
            continue;
        uint32_t one = 1u << t;
        if (count_types(p, colour, one) <= r->most && count_types(p, colour ^ 1, one) >= least)
            return true;
    }
    return false;
}

int end_rules_judge(const Position *p, int *rule)
{
    const Variant *v = p->v;
    for (int k = 0; k < 2; k++) {
        int colour = k == 0 ? p->side ^ 1 : p->side;
        for (int i = 0; i < v->nend; i++) {
            const EndRule *r = &v->end[i];
            if (!rule_holds(p, r, colour))
                continue;
            if (rule)
                *rule = i;
            if (r->result == NC_END_DRAW || colour == p->side)
                return r->result;
            return r->result == NC_END_WIN ? NC_END_LOSS : NC_END_WIN;
        }
    }
    return NC_END_NONE;
}
