/* --endgame MATERIAL: the verdict of the endgame tables for king and one
 * or two pieces against a bare king (counts, an example of the longest
 * mate, and as the last line "longest mate N" or "no forced mate").
 * "K*" and "K**" give one line for every material of one or two pieces
 * that the tables allow.  Tables are built on demand and cached
 * (endgame/eg_store.h). */
#include "endgame_query.h"

#include "endgame/endgame.h"
#include "session.h"
#include "notation/notation.h"

#include <stdio.h>
#include <string.h>

static void verdict_line(const char *name, const EgStats *st)
{
    double won = st->legal[0] ? 100.0 * (double)st->wins[0] / (double)st->legal[0] : 0;
    if (st->longest)
        printf("%-4s %s, longest mate %d, %.1f%% of the positions won with the attacker to move\n", name,
               eg_forces_mate(st) ? "mates" : "mates only from special positions", st->longest, won);
    else
        printf("%-4s no forced mate\n", name);
}

static void print_counts(const Variant *v, const EgTable *t, const EgStats *st, long long seed)
{
    int a = t->mat.attacker;
    printf("%s: %s against a bare king (", v->name, t->mat.name);
    for (int k = 0; k <= t->mat.npieces; k++)
        printf("%s%s", k ? ", " : "", v->types[k ? t->mat.types[k - 1] : t->mat.king].title);
    printf("), %s attacking, %d squares\n", nc_colour_name(a), t->n);
    printf("legal positions: %llu with %s to move, %llu with %s to move\n", (unsigned long long)st->legal[0],
           nc_colour_name(a), (unsigned long long)st->legal[1], nc_colour_name(!a));
    printf("checkmates: %llu\n", (unsigned long long)st->mates);
    printf("%s to move: %llu win, %llu draw\n", nc_colour_name(a), (unsigned long long)st->wins[0],
           (unsigned long long)st->draws[0]);
    printf("%s to move: %llu lose, %llu draw\n", nc_colour_name(!a), (unsigned long long)st->wins[1],
           (unsigned long long)st->draws[1]);
    if (st->longest) {
        Position p;
        char fen[NC_POS_TEXT_MAX];
        eg_position(t, st->longest_index, true, &p);
        pos_to_fen(&p, fen, sizeof fen);
        printf("a longest mate: %s\n", fen);
        if (seed) {
            /* the start of the drill with this seed (ui/ui_drill.c draws it the same way) */
            uint64_t rng = (uint64_t)seed;
            size_t i = eg_random_win(t, &rng);
            eg_position(t, i, true, &p);
            pos_to_fen(&p, fen, sizeof fen);
            printf("drill start (seed %lld): %s mates in %d\n", seed, fen, t->wtm[i]);
        }
        printf("longest mate %d\n", st->longest);
    } else {
        printf("no forced mate\n");
    }
}

static int solve_one(EgStore *s, const Variant *v, const EgMaterial *m, bool brief, long long seed)
{
    char err[400];
    const EgTable *t = eg_store_get(s, v, m, true, true, err, sizeof err);
    if (!t) {
        fprintf(stderr, "ninjachess: --endgame: %s\n", err);
        return 1;
    }
    EgStats st;
    eg_stats(t, &st);
    if (brief)
        verdict_line(m->name, &st);
    else
        print_counts(v, t, &st, seed);
    return 0;
}

/* Every material of one (K*) or two (K**) pieces that the tables allow. */
static int solve_all(EgStore *s, const Variant *v, int npieces)
{
    int rc = 0;
    char king = v->types[0].letter;
    for (int t = 0; t < v->ntypes; t++)
        if (v->types[t].royal)
            king = v->types[t].letter;
    for (int a = 0; a < v->ntypes; a++)
        for (int b = npieces == 1 ? v->ntypes - 1 : a; b < v->ntypes; b++) {
            char text[4] = {king, v->types[a].letter, npieces == 2 ? v->types[b].letter : 0, 0};
            EgMaterial m;
            char err[300];
            if (eg_material_parse(v, text, NC_WHITE, &m, err, sizeof err))
                continue; /* pawns, the king itself and the like */
            if (solve_one(s, v, &m, true, 0))
                rc = 1;
        }
    return rc;
}

int endgame_query_main(const Options *o)
{
    Variant *v = session_variant(o, o->variant ? NULL : "titan-chess");
    if (!v)
        return 1;
    EgStore *s = eg_store_new(NULL, true);
    int rc = 1;
    if (!s) {
        fprintf(stderr, "ninjachess: out of memory\n");
    } else if (strlen(o->endgame) >= 2 && strspn(o->endgame + 1, "*") == strlen(o->endgame) - 1 &&
               strlen(o->endgame) <= 3) {
        rc = solve_all(s, v, (int)strlen(o->endgame) - 1);
    } else {
        EgMaterial m;
        char err[300];
        if (eg_material_parse(v, o->endgame, NC_WHITE, &m, err, sizeof err))
            fprintf(stderr, "ninjachess: --endgame: %s\n", err);
        else
            rc = solve_one(s, v, &m, false, o->drill_seed);
    }
    eg_store_free(s);
    variant_free(v);
    return rc;
}
