/* The rule lines of a variant block, read once the board and piece types
 * are known: promote-to, castling, drop, titans, option, insane-ninja and
 * scepter (their special squares).  Each line is read on its own, in file
 * order; setups and the whole-variant checks are datafile_build.c's. */
#include "datafile_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The same square seen from Black's side of the board. */
static int mirror_label(const Variant *v, int sq)
{
    return nc_sq(v, v->file_of[sq], v->height - 1 - v->rank_of[sq]);
}

/* Splits "a,b,c" (or words) into type indices. */
static int parse_type_list(Build *b, const char *list, int *out, int max, int line)
{
    char buf[512];
    snprintf(buf, sizeof buf, "%s", list);
    int n = 0;
    char *save3 = NULL;
    for (char *tok = strtok_r(buf, ", ", &save3); tok; tok = strtok_r(NULL, ", ", &save3)) {
        int t = df_type_named(b->v, tok);
        if (t < 0) {
            df_add_error(b->errs, b->fname, line, "piece type '%s' is not in this variant", tok);
            return -1;
        }
        if (n < max)
            out[n++] = t;
    }
    return n;
}

/* A type named by word of the line, or -1 after the message. */
static int type_word(Build *b, const Directive *d, int k)
{
    int t = df_type_named(b->v, d->words[k]);
    if (t < 0)
        df_add_error(b->errs, b->fname, d->line, "piece type '%s' is not in this variant", d->words[k]);
    return t;
}

static void rule_promote_to(Build *b, const Directive *d)
{
    Variant *v = b->v;
    int list[NC_MAX_PROMO];
    char joined[512] = "";
    for (int k = 1; k < d->nw; k++)
        snprintf(joined + strlen(joined), sizeof joined - strlen(joined), "%s ", d->words[k]);
    int n = parse_type_list(b, joined, list, NC_MAX_PROMO, d->line);
    if (n <= 0) {
        if (n == 0)
            df_add_error(b->errs, b->fname, d->line, "'promote-to' needs piece types");
        return;
    }
    for (int k = 0; k < n; k++) {
        if (v->types[list[k]].royal) {
            df_add_error(b->errs, b->fname, d->line, "cannot promote to royal piece type '%s'", v->types[list[k]].name);
            continue;
        }
        if (v->npromo >= NC_MAX_PROMO) { /* over several lines: the table would overflow */
            df_add_error(b->errs, b->fname, d->line, "more than %d promotion choices", NC_MAX_PROMO);
            return;
        }
        v->promo_types[v->npromo++] = (uint8_t)list[k];
    }
}

/* castling none | flexible ROOK | fixed N ROOK */
static void rule_castling(Build *b, const Directive *d)
{
    Variant *v = b->v;
    int k = 1;
    if (d->nw >= 2 && !strcmp(d->words[1], "none")) {
        v->castling = 0;
        return;
    }
    if (d->nw >= 2 && !strcmp(d->words[1], "flexible")) {
        v->castling = 2;
        k = 2;
    } else if (d->nw >= 3 && !strcmp(d->words[1], "fixed")) {
        char *end;
        long n = strtol(d->words[2], &end, 10);
        if (*end || n < 1 || n > 15) {
            df_add_error(b->errs, b->fname, d->line, "castling fixed needs a king distance 1-15, not '%s'", d->words[2]);
            return;
        }
        v->castling = 1;
        v->castle_fixed = (int)n;
        k = 3;
    } else {
        df_add_error(b->errs, b->fname, d->line, "castling must be 'none', 'flexible ROOK' or 'fixed N ROOK'");
        return;
    }
    if (d->nw != k + 1) {
        df_add_error(b->errs, b->fname, d->line, "castling needs the rook's piece type, e.g. 'castling flexible rook'");
        return;
    }
    int t = type_word(b, d, k);
    if (t >= 0)
        v->castle_rook_type = t;
}

/* A drop square for White and its mirror image for Black. */
static void add_drop_square(Variant *v, int t, int sq)
{
    if (v->ndropsq[t][0] < NC_MAX_DROPSQ) {
        v->dropsq[t][0][v->ndropsq[t][0]++] = (uint16_t)sq;
        v->dropsq[t][1][v->ndropsq[t][1]++] = (uint16_t)mirror_label(v, sq);
    }
}

/* squares=SQ,SQ,... */
static void drop_squares(Build *b, const Directive *d, int t, const char *list)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", list);
    char *save4 = NULL;
    for (char *tok = strtok_r(buf, ",", &save4); tok; tok = strtok_r(NULL, ",", &save4)) {
        int sq = df_square_word(b->v, tok, false);
        if (sq < 0) {
            df_add_error(b->errs, b->fname, d->line, "no square '%s' on this board", tok);
            continue;
        }
        add_drop_square(b->v, t, sq);
    }
}

/* rank=N: every existing square of that rank. */
static void drop_rank(Build *b, const Directive *d, int t, const char *label_text)
{
    Variant *v = b->v;
    char *end;
    long label = strtol(label_text, &end, 10);
    long r = label - v->rank_base;
    if (*end || label_text[0] == 0 || r < 0 || r >= v->height) {
        df_add_error(b->errs, b->fname, d->line, "rank= must be a rank of the board, not '%s'", label_text);
        return;
    }
    for (int f = 0; f < v->width; f++) {
        int sq = nc_sq(v, f, (int)r);
        if (v->exists[sq])
            add_drop_square(v, t, sq);
    }
}

/* drop TYPE [squares=...] [rank=N] [slide] */
static void rule_drop(Build *b, const Directive *d)
{
    Variant *v = b->v;
    if (d->nw < 3) {
        df_add_error(b->errs, b->fname, d->line, "'drop' needs a piece type and 'squares=...' or 'rank=N'");
        return;
    }
    int t = type_word(b, d, 1);
    if (t < 0)
        return;
    v->droppable[t] = 1;
    v->has_drops = true;
    for (int k = 2; k < d->nw; k++) {
        const char *w = d->words[k];
        if (!strcmp(w, "slide"))
            v->drop_slide[t] = 1;
        else if (!strncmp(w, "squares=", 8))
            drop_squares(b, d, t, w + 8);
        else if (!strncmp(w, "rank=", 5))
            drop_rank(b, d, t, w + 5);
        else
            df_add_error(b->errs, b->fname, d->line, "unknown drop option '%s' (squares=, rank=, slide)", w);
    }
}

static void rule_titans(Build *b, const Directive *d)
{
    char err[200];
    char joined[512] = "";
    for (int k = 1; k < d->nw; k++)
        snprintf(joined + strlen(joined), sizeof joined - strlen(joined), "%s%s", k > 1 ? "," : "", d->words[k]);
    if (d->nw < 2)
        df_add_error(b->errs, b->fname, d->line, "'titans' needs piece types");
    else if (variant_set_titans(b->v, joined, err, sizeof err))
        df_add_error(b->errs, b->fname, d->line, "%s", err);
}

/* option NAME DESCRIPTION: an optional rule the player may switch on. */
static void rule_option(Build *b, const Directive *d)
{
    Variant *v = b->v;
    if (d->nw < 3) {
        df_add_error(b->errs, b->fname, d->line, "'option' needs a name and a description");
        return;
    }
    if (strcmp(d->words[1], "insane-ninja") && strcmp(d->words[1], "scepter")) {
        df_add_error(b->errs, b->fname, d->line, "unknown optional rule '%s' (insane-ninja, scepter)", d->words[1]);
        return;
    }
    if (v->noptions >= 4)
        return;
    VariantOption *o = &v->options[v->noptions++];
    snprintf(o->name, sizeof o->name, "%.23s", d->words[1]);
    const char *desc = strstr(d->text, d->words[1]) + strlen(d->words[1]);
    while (*desc == ' ' || *desc == '\t')
        desc++;
    o->description = strdup(desc);
}

/* The special squares (enemy rear squares) of insane-ninja and scepter;
 * the last such line sets them. */
static void read_special_squares(Build *b, const Directive *d, const char *list)
{
    Variant *v = b->v;
    char buf[256];
    snprintf(buf, sizeof buf, "%s", list);
    v->nspecial = 0;
    char *save = NULL;
    for (char *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        int sq = df_square_word(v, tok, false);
        if (sq < 0) {
            df_add_error(b->errs, b->fname, d->line, "no square '%s' on this board", tok);
            continue;
        }
        if (v->nspecial < NC_MAX_SPECIAL_SQ) {
            v->special_sq[0][v->nspecial] = (uint16_t)sq;
            v->special_sq[1][v->nspecial] = (uint16_t)mirror_label(v, sq);
            v->nspecial++;
        }
    }
}

/* insane-ninja TYPE from=A,B squares=e11,f11 */
static void rule_insane_ninja(Build *b, const Directive *d)
{
    Variant *v = b->v;
    if (d->nw != 4 || strncmp(d->words[2], "from=", 5) || strncmp(d->words[3], "squares=", 8)) {
        df_add_error(b->errs, b->fname, d->line, "expected 'insane-ninja TYPE from=TYPE,... squares=SQ,...'");
        return;
    }
    int t = type_word(b, d, 1);
    if (t < 0)
        return;
    v->insane_type = t;
    int list[NC_MAX_TYPES];
    int n = parse_type_list(b, d->words[2] + 5, list, NC_MAX_TYPES, d->line);
    for (int k = 0; k < n; k++)
        v->insane_from[list[k]] = 1;
    read_special_squares(b, d, d->words[3] + 8);
}

/* scepter squares=SQ,... */
static void rule_scepter(Build *b, const Directive *d)
{
    if (d->nw != 2 || strncmp(d->words[1], "squares=", 8)) {
        df_add_error(b->errs, b->fname, d->line, "expected 'scepter squares=SQ,...'");
        return;
    }
    read_special_squares(b, d, d->words[1] + 8);
}

void df_apply_rule(Build *b, const Directive *d)
{
    static const struct {
        const char *kw;
        void (*read)(Build *b, const Directive *d);
    } rules[] = {
        {"promote-to", rule_promote_to}, {"castling", rule_castling},         {"drop", rule_drop},
        {"titans", rule_titans},         {"option", rule_option},             {"insane-ninja", rule_insane_ninja},
        {"scepter", rule_scepter},
    };
    for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++)
        if (!strcmp(d->words[0], rules[i].kw)) {
            rules[i].read(b, d);
            return;
        }
    df_add_error(b->errs, b->fname, d->line, "unknown keyword '%s' in variant block", d->words[0]);
}
