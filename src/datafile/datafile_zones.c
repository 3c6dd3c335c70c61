/* The variant lines of the piece-move vocabulary that are not piece
 * lines: promotion-zone and promotion-limit (where promotion is optional
 * and which choices remain), region (squares a type may not leave),
 * royals-may-not-face and first-move-lost-to.  Called by datafile_rules.c for each rule line. */
#include "datafile_internal.h"

/* The highest promotion-limit: more of one type than any board holds. */
#define DF_MAX_PROMO_LIMIT 99

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A line that may appear once: false (after the message) when it came before. */
static bool zone_line_once(Build *b, const Directive *d, int slot)
{
    if (b->zone_line[slot]) {
        df_add_error(b->errs, b->fname, d->line, "repeated '%s' line (first at line %d)", d->words[0],
                     b->zone_line[slot]);
        return false;
    }
    b->zone_line[slot] = d->line;
    return true;
}

/* promotion-zone N: promotion is optional from rank N up to the rank
 * before the promotion rank, mandatory on the promotion rank. */
static void rule_promotion_zone(Build *b, const Directive *d)
{
    Variant *v = b->v;
    long label;
    if (!zone_line_once(b, d, 0))
        return;
    if (v->promo_rank < 0) {
        df_add_error(b->errs, b->fname, d->line, "promotion-zone needs a promotion-rank line");
        return;
    }
    int last = v->promo_rank + v->rank_base;
    if (d->nw != 2 || !df_parse_int(d->words[1], v->rank_base, last - 1, &label)) {
        df_add_error(b->errs, b->fname, d->line, "promotion-zone must be a rank below the promotion rank %d, not '%s'",
                     last, d->nw > 1 ? d->words[1] : "");
        return;
    }
    v->promo_zone = (int)label - v->rank_base + 1;
}

/* promotion-limit TYPE=N ...: promotion to TYPE only while the side has
 * fewer than N of it on the board. */
static void rule_promotion_limit(Build *b, const Directive *d)
{
    Variant *v = b->v;
    if (d->nw < 2) {
        df_add_error(b->errs, b->fname, d->line, "'promotion-limit' needs TYPE=N items, e.g. 'promotion-limit queen=1'");
        return;
    }
    for (int k = 1; k < d->nw; k++) {
        const char *eq = strchr(d->words[k], '=');
        char name[DF_MAX_LINE + 1];
        long n;
        if (!eq || !df_parse_int(eq + 1, 1, DF_MAX_PROMO_LIMIT, &n)) {
            df_add_error(b->errs, b->fname, d->line, "bad promotion limit '%s' (expected TYPE=N, N 1-%d)",
                         d->words[k], DF_MAX_PROMO_LIMIT);
            return;
        }
        snprintf(name, sizeof name, "%.*s", (int)(eq - d->words[k]), d->words[k]);
        int t = df_type_named(v, name);
        if (t < 0) {
            df_add_error(b->errs, b->fname, d->line, "piece type '%s' is not in this variant", name);
            return;
        }
        if (v->promo_limit[t]) {
            df_add_error(b->errs, b->fname, d->line, "piece type '%s' limited twice", name);
            return;
        }
        v->promo_limit[t] = (uint8_t)n;
    }
}

/* "d1-f3" (the rectangle between two corners) or "e2": marks the squares
 * of region r for White and their mirror images for Black; -1 after the
 * message. */
static int region_squares(Build *b, const Directive *d, int r, const char *w)
{
    Variant *v = b->v;
    char a[DF_MAX_LINE + 1];
    const char *dash = strchr(w, '-');
    snprintf(a, sizeof a, "%.*s", dash ? (int)(dash - w) : (int)strlen(w), w);
    int s1 = df_square_word(v, a, true), s2 = dash ? df_square_word(v, dash + 1, true) : s1;
    if (s1 < 0 || s2 < 0) {
        df_add_error(b->errs, b->fname, d->line, "bad region squares '%s' (a square or two corners, like d1-f3)", w);
        return -1;
    }
    int f0 = v->file_of[s1], f1 = v->file_of[s2], r0 = v->rank_of[s1], r1 = v->rank_of[s2];
    for (int f = f0 < f1 ? f0 : f1; f <= (f0 < f1 ? f1 : f0); f++)
        for (int rk = r0 < r1 ? r0 : r1; rk <= (r0 < r1 ? r1 : r0); rk++) {
            int sq = nc_sq(v, f, rk), mirror = nc_sq(v, f, v->height - 1 - rk);
            if (!v->exists[sq] || !v->exists[mirror])
                continue; /* a missing square is outside every region */
            v->region[r][0][sq] = 1;
            v->region[r][1][mirror] = 1;
        }
    return 0;
}

/* region TYPE,... SQUARES...: the types' moves never end outside. */
static void rule_region(Build *b, const Directive *d)
{
    Variant *v = b->v;
    if (d->nw < 3) {
        df_add_error(b->errs, b->fname, d->line, "'region' needs piece types and squares, e.g. 'region king d1-f3'");
        return;
    }
    if (v->nregions >= NC_MAX_REGIONS) {
        df_add_error(b->errs, b->fname, d->line, "more than %d regions", NC_MAX_REGIONS);
        return;
    }
    int r = v->nregions;
    for (int k = 2; k < d->nw; k++)
        if (region_squares(b, d, r, d->words[k]))
            return;
    char buf[DF_MAX_LINE + 1];
    snprintf(buf, sizeof buf, "%s", d->words[1]);
    int types[NC_MAX_TYPES], n = 0;
    for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        int t = df_type_named(v, tok);
        if (t < 0) {
            df_add_error(b->errs, b->fname, d->line, "piece type '%s' is not in this variant", tok);
            return;
        }
        if (v->region_of[t]) {
            df_add_error(b->errs, b->fname, d->line, "piece type '%s' is given a region twice", tok);
            return;
        }
        if (n < NC_MAX_TYPES)
            types[n++] = t;
    }
    if (n == 0 || d->words[1][0] == ',' || d->words[1][strlen(d->words[1]) - 1] == ',' || strstr(d->words[1], ",,")) {
        df_add_error(b->errs, b->fname, d->line, "empty item in region %s", d->words[1]);
        return;
    }
    for (int i = 0; i < n; i++)
        v->region_of[types[i]] = (uint8_t)(r + 1);
    v->nregions++;
}

/* royals-may-not-face file|orth|all */
static void rule_royal_sight(Build *b, const Directive *d)
{
    static const char *const names[] = {"file", "orth", "all"};
    if (!zone_line_once(b, d, 1))
        return;
    for (int i = 0; i < 3; i++)
        if (d->nw == 2 && !strcmp(d->words[1], names[i])) {
            b->v->royal_sight = (uint8_t)(RS_FILE + i);
            return;
        }
    df_add_error(b->errs, b->fname, d->line, "royals-may-not-face takes 'file', 'orth' or 'all'");
}

/* first-move-lost-to TYPE: the royal piece loses its first-move right
 * when an enemy piece of TYPE moves onto its rank or file, whatever stands
 * between (Cambodian chess: the king aimed at by a rook). */
static void rule_first_move_lost_to(Build *b, const Directive *d)
{
    if (!zone_line_once(b, d, 2))
        return;
    if (d->nw != 2) {
        df_add_error(b->errs, b->fname, d->line, "'first-move-lost-to' needs one piece type");
        return;
    }
    int t = df_type_named(b->v, d->words[1]);
    if (t < 0) {
        df_add_error(b->errs, b->fname, d->line, "piece type '%s' is not in this variant", d->words[1]);
        return;
    }
    b->v->first_lost_to = (uint8_t)(t + 1);
}

bool df_apply_zone_rule(Build *b, const Directive *d)
{
    static const struct {
        const char *kw;
        void (*read)(Build *b, const Directive *d);
    } rules[] = {
        {"promotion-zone", rule_promotion_zone},
        {"promotion-limit", rule_promotion_limit},
        {"region", rule_region},
        {"royals-may-not-face", rule_royal_sight},
        {"first-move-lost-to", rule_first_move_lost_to},
    };
    for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++)
        if (!strcmp(d->words[0], rules[i].kw)) {
            rules[i].read(b, d);
            return true;
        }
    return false;
}
