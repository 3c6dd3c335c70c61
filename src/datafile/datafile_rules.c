/* The rule lines of a variant block, read once the board and piece types
 * are known: promote-to, castling, drop, titans, option, insane-ninja and
 * scepter (their special squares).  Each line is read on its own, in file
 * order; setups and the whole-variant checks are datafile_build.c's. */
#include "datafile_internal.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The same square seen from Black's side of the board. */
static int mirror_label(const Variant *v, int sq)
{
    return nc_sq(v, v->file_of[sq], v->height - 1 - v->rank_of[sq]);
}

/* Splits the comma-separated list given for key (e.g. "from=") into at
 * most max items (what they are: "squares") pointing into buf (DF_MAX_LINE
 * + 1 bytes).  Returns their number, or -1 after the message: an empty
 * list, an empty item, too many. */
static int split_list(Build *b, const Directive *d, const char *key, const char *what, const char *list, char *buf,
                      char **items, int max)
{
    assert(strlen(list) <= DF_MAX_LINE);
    snprintf(buf, DF_MAX_LINE + 1, "%s", list);
    const char *sep = key[strlen(key) - 1] == '=' ? "" : " "; /* "from=a,b" but "titans a,b" */
    if (!buf[0]) {
        df_add_error(b->errs, b->fname, d->line, "%s needs a list, e.g. %s%sa,b", key, key, sep);
        return -1;
    }
    int n = 0;
    for (char *p = buf;;) {
        char *comma = strchr(p, ',');
        if (comma)
            *comma = 0;
        if (!*p) {
            df_add_error(b->errs, b->fname, d->line, "empty item in %s%s%s", key, sep, list);
            return -1;
        }
        if (n == max) {
            df_add_error(b->errs, b->fname, d->line, "more than %d %s in %s", max, what, key);
            return -1;
        }
        items[n++] = p;
        if (!comma)
            return n;
        p = comma + 1;
    }
}

/* "from=A,B": type indices into out (each type once); -1 after the message. */
static int parse_type_list(Build *b, const Directive *d, const char *key, const char *list, int *out)
{
    char buf[DF_MAX_LINE + 1];
    char *items[NC_MAX_TYPES];
    int n = split_list(b, d, key, "piece types", list, buf, items, NC_MAX_TYPES);
    for (int k = 0; k < n; k++) {
        int t = df_type_named(b->v, items[k]);
        if (t < 0) {
            df_add_error(b->errs, b->fname, d->line, "piece type '%s' is not in this variant", items[k]);
            return -1;
        }
        for (int j = 0; j < k; j++)
            if (out[j] == t) {
                df_add_error(b->errs, b->fname, d->line, "piece type '%s' listed twice in %s", items[k], key);
                return -1;
            }
        out[k] = t;
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
    if (d->nw < 2) {
        df_add_error(b->errs, b->fname, d->line, "'promote-to' needs piece types");
        return;
    }
    for (int k = 1; k < d->nw; k++) {
        int t = type_word(b, d, k);
        if (t < 0)
            return;
        if (v->types[t].royal) {
            df_add_error(b->errs, b->fname, d->line, "cannot promote to royal piece type '%s'", v->types[t].name);
            continue;
        }
        for (int i = 0; i < v->npromo; i++)
            if (v->promo_types[i] == t) {
                df_add_error(b->errs, b->fname, d->line, "piece type '%s' listed twice in promote-to", d->words[k]);
                return;
            }
        if (v->npromo >= NC_MAX_PROMO) { /* over several lines too */
            df_add_error(b->errs, b->fname, d->line, "more than %d promotion choices", NC_MAX_PROMO);
            return;
        }
        v->promo_types[v->npromo++] = (uint8_t)t;
    }
}

/* "N" or "N,M" (lower-file wing, higher-file wing) for fixed castling. */
static int castling_distances(Build *b, const Directive *d, const char *w)
{
    Variant *v = b->v;
    char buf[DF_MAX_LINE + 1];
    char *items[2];
    int n = split_list(b, d, "castling fixed", "distances", w, buf, items, 2);
    if (n < 0)
        return -1;
    for (int k = 0; k < n; k++) {
        long dist;
        if (!df_parse_int(items[k], 1, NC_MAX_FILES - 1, &dist)) {
            df_add_error(b->errs, b->fname, d->line, "castling fixed needs a king distance 1-15, not '%s'", items[k]);
            return -1;
        }
        v->castle_dist[k] = (int)dist;
    }
    if (n == 1)
        v->castle_dist[1] = v->castle_dist[0];
    v->castle_fixed = v->castle_dist[0];
    return 0;
}

/* castling none | flexible ROOK [king=TYPE] | fixed N[,M] ROOK [king=TYPE] */
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
        if (castling_distances(b, d, d->words[2]))
            return;
        v->castling = 1;
        k = 3;
    } else {
        df_add_error(b->errs, b->fname, d->line, "castling must be 'none', 'flexible ROOK' or 'fixed N ROOK'");
        return;
    }
    int nw = d->nw;
    if (nw == k + 2 && !strncmp(d->words[k + 1], "king=", 5)) {
        int t = df_type_named(v, d->words[k + 1] + 5);
        if (t < 0) {
            df_add_error(b->errs, b->fname, d->line, "piece type '%s' is not in this variant", d->words[k + 1] + 5);
            return;
        }
        v->castle_king_type = t;
        nw--;
    }
    if (nw != k + 1) {
        df_add_error(b->errs, b->fname, d->line, "castling needs the rook's piece type, e.g. 'castling flexible rook'");
        return;
    }
    int t = type_word(b, d, k);
    if (t >= 0)
        v->castle_rook_type = t;
}

/* A drop square for White and its mirror image for Black; -1 after the
 * message when it is there already or the table is full. */
static int add_drop_square(Build *b, const Directive *d, int t, int sq)
{
    Variant *v = b->v;
    char name[4];
    for (int i = 0; i < v->ndropsq[t][0]; i++)
        if (v->dropsq[t][0][i] == sq) {
            df_add_error(b->errs, b->fname, d->line, "drop square %s given twice for '%s'", nc_sqname(v, sq, name),
                         v->types[t].name);
            return -1;
        }
    if (!v->exists[mirror_label(v, sq)]) {
        char mirror[4];
        df_add_error(b->errs, b->fname, d->line, "drop square %s has no mirror square %s for Black on this board",
                     nc_sqname(v, sq, name), nc_sqname(v, mirror_label(v, sq), mirror));
        return -1;
    }
    if (v->ndropsq[t][0] >= NC_MAX_DROPSQ) {
        df_add_error(b->errs, b->fname, d->line, "more than %d drop squares for '%s'", NC_MAX_DROPSQ,
                     v->types[t].name);
        return -1;
    }
    v->dropsq[t][0][v->ndropsq[t][0]++] = (uint16_t)sq;
    v->dropsq[t][1][v->ndropsq[t][1]++] = (uint16_t)mirror_label(v, sq);
    return 0;
}

/* squares=SQ,SQ,... */
static void drop_squares(Build *b, const Directive *d, int t, const char *list)
{
    char buf[DF_MAX_LINE + 1];
    char *items[DF_MAX_LINE / 2 + 1]; /* as many as a line can hold: the table's limit is checked per square */
    int n = split_list(b, d, "squares=", "squares", list, buf, items, (int)(sizeof items / sizeof items[0]));
    for (int k = 0; k < n; k++) {
        int sq = df_square_word(b->v, items[k], false);
        if (sq < 0) {
            df_add_error(b->errs, b->fname, d->line, "no square '%s' on this board", items[k]);
            continue;
        }
        if (add_drop_square(b, d, t, sq))
            return;
    }
}

/* rank=N: every existing square of that rank. */
static void drop_rank(Build *b, const Directive *d, int t, const char *label_text)
{
    Variant *v = b->v;
    long label;
    if (!df_parse_int(label_text, v->rank_base, v->rank_base + v->height - 1, &label)) {
        df_add_error(b->errs, b->fname, d->line, "rank= must be a rank of the board, not '%s'", label_text);
        return;
    }
    for (int f = 0; f < v->width; f++) {
        int sq = nc_sq(v, f, (int)(label - v->rank_base));
        if (v->exists[sq] && add_drop_square(b, d, t, sq))
            return;
    }
}

/* drop TYPE [squares=...] [rank=N] [slide] */
static void rule_drop(Build *b, const Directive *d)
{
    Variant *v = b->v;
    if (d->nw < 3) {
        df_add_error(b->errs, b->fname, d->line, "'drop' needs a piece type and 'squares=...', 'rank=N' or 'anywhere'");
        return;
    }
    int t = type_word(b, d, 1);
    if (t < 0)
        return;
    v->droppable[t] = 1;
    v->has_drops = true;
    bool where = false;
    for (int k = 2; k < d->nw; k++) {
        const char *w = d->words[k];
        if (!strcmp(w, "slide")) {
            v->drop_slide[t] = 1;
        } else if (!strncmp(w, "squares=", 8)) {
            drop_squares(b, d, t, w + 8);
            where = true;
        } else if (!strncmp(w, "rank=", 5)) {
            drop_rank(b, d, t, w + 5);
            where = true;
        } else if (!strcmp(w, "anywhere")) {
            for (int i = 0; i < v->nsquares; i++)
                if (add_drop_square(b, d, t, v->squares[i]))
                    return;
            where = true;
        } else {
            df_add_error(b->errs, b->fname, d->line, "unknown drop option '%s' (squares=, rank=, anywhere, slide)", w);
            return;
        }
    }
    if (!where)
        df_add_error(b->errs, b->fname, d->line, "'drop' needs a piece type and 'squares=...', 'rank=N' or 'anywhere'");
}

static void rule_titans(Build *b, const Directive *d)
{
    char err[200];
    char joined[DF_MAX_LINE + 1] = "";
    if (d->nw < 2) {
        df_add_error(b->errs, b->fname, d->line, "'titans' needs piece types");
        return;
    }
    for (int k = 1; k < d->nw; k++) {
        char buf[DF_MAX_LINE + 1];
        char *items[NC_MAX_TYPES];
        if (split_list(b, d, "titans", "piece types", d->words[k], buf, items, NC_MAX_TYPES) < 0)
            return;
        /* the words and commas of one line fit a line's length */
        snprintf(joined + strlen(joined), sizeof joined - strlen(joined), "%s%s", k > 1 ? "," : "", d->words[k]);
    }
    if (variant_set_titans(b->v, joined, err, sizeof err))
        df_add_error_text(b->errs, b->fname, d->line, err);
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
    for (int i = 0; i < v->noptions; i++)
        if (!strcmp(v->options[i].name, d->words[1])) {
            df_add_error(b->errs, b->fname, d->line, "option '%s' is given twice (first at line %d)", d->words[1],
                         b->option_line[i]);
            return;
        }
    if (v->noptions >= DF_MAX_OPTIONS) {
        df_add_error(b->errs, b->fname, d->line, "more than %d options", DF_MAX_OPTIONS);
        return;
    }
    /* the text after the keyword starts with the name */
    const char *desc = d->text + strlen(d->words[1]);
    while (*desc == ' ' || *desc == '\t')
        desc++;
    char *copy = strdup(desc);
    if (!copy) {
        df_add_error(b->errs, b->fname, d->line, "out of memory");
        return;
    }
    b->option_line[v->noptions] = d->line;
    VariantOption *o = &v->options[v->noptions++];
    snprintf(o->name, sizeof o->name, "%s", d->words[1]);
    o->description = copy;
}

/* The special squares (enemy rear squares) of insane-ninja and scepter.
 * The two rules share one list (Variant.special_sq), so when both are
 * given their squares must be the same. */
static void read_special_squares(Build *b, const Directive *d, const char *list)
{
    Variant *v = b->v;
    char buf[DF_MAX_LINE + 1];
    char *items[NC_MAX_SPECIAL_SQ];
    int n = split_list(b, d, "squares=", "squares", list, buf, items, NC_MAX_SPECIAL_SQ);
    uint16_t sqs[NC_MAX_SPECIAL_SQ];
    for (int k = 0; k < n; k++) {
        int sq = df_square_word(v, items[k], false);
        if (sq < 0) {
            df_add_error(b->errs, b->fname, d->line, "no square '%s' on this board", items[k]);
            return;
        }
        if (!v->exists[mirror_label(v, sq)]) {
            char mirror[4];
            df_add_error(b->errs, b->fname, d->line, "square '%s' has no mirror square %s for Black on this board",
                         items[k], nc_sqname(v, mirror_label(v, sq), mirror));
            return;
        }
        for (int j = 0; j < k; j++)
            if (sqs[j] == sq) {
                df_add_error(b->errs, b->fname, d->line, "square '%s' listed twice in squares=", items[k]);
                return;
            }
        sqs[k] = (uint16_t)sq;
    }
    if (n < 0)
        return;
    if (b->special_line) {
        bool same = n == v->nspecial;
        for (int k = 0; k < n && same; k++) {
            bool found = false;
            for (int j = 0; j < v->nspecial; j++)
                found |= v->special_sq[0][j] == sqs[k];
            same = found;
        }
        if (!same)
            df_add_error(b->errs, b->fname, d->line,
                         "insane-ninja and scepter need the same squares (line %d gives others)", b->special_line);
        return;
    }
    b->special_line = d->line;
    v->nspecial = n;
    for (int k = 0; k < n; k++) {
        v->special_sq[0][k] = sqs[k];
        v->special_sq[1][k] = (uint16_t)mirror_label(v, sqs[k]);
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
    int list[NC_MAX_TYPES];
    int n = parse_type_list(b, d, "from=", d->words[2] + 5, list);
    if (n < 0)
        return;
    v->insane_type = t;
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

/* "wins", "loses", "draws" to END_*, or NC_END_NONE after the message. */
static int end_result_word(Build *b, const Directive *d, const char *w, bool draw_ok)
{
    if (!strcmp(w, "wins"))
        return NC_END_WIN;
    if (!strcmp(w, "loses"))
        return NC_END_LOSS;
    if (draw_ok && !strcmp(w, "draws"))
        return NC_END_DRAW;
    df_add_error(b->errs, b->fname, d->line, "'%s' must be followed by %s, not '%s'", d->words[1],
                 draw_ok ? "wins, loses or draws" : "wins or loses", w);
    return NC_END_NONE;
}

/* A material rule of game-end: bare-king, no-pieces, extinction. */
static void end_material_rule(Build *b, const Directive *d, int result)
{
    Variant *v = b->v;
    const char *kind = d->words[1];
    EndRule r = {0};
    r.result = (int8_t)result;
    int want = 3;
    if (!strcmp(kind, "bare-king")) {
        /* every piece but the royal ones is counted */
        r.kind = NC_END_KIND_BARE_KING;
        for (int t = 0; t < v->ntypes; t++)
            if (!v->types[t].royal)
                r.types |= 1u << t;
        if (d->nw == 4 && !strcmp(d->words[3], "unless-bare-back")) {
            r.other_least = 1;
            r.claim = true;
            want = 4;
        }
        bool royal = false;
        for (int t = 0; t < v->ntypes; t++)
            royal |= v->types[t].royal;
        if (!royal) {
            df_add_error(b->errs, b->fname, d->line, "game-end bare-king needs a royal piece type");
            return;
        }
    } else if (!strcmp(kind, "no-pieces")) {
        r.kind = NC_END_KIND_NO_PIECES;
        r.types = v->ntypes >= 32 ? ~0u : (1u << v->ntypes) - 1;
    } else {
        r.kind = NC_END_KIND_EXTINCTION;
        r.each = true;
        want = 4;
        if (d->nw < 4) {
            df_add_error(b->errs, b->fname, d->line, "game-end extinction needs piece types, e.g. 'game-end extinction loses king,queen'");
            return;
        }
        int list[NC_MAX_TYPES];
        int n = parse_type_list(b, d, "extinction", d->words[3], list);
        if (n < 0)
            return;
        for (int k = 0; k < n; k++)
            r.types |= 1u << list[k];
    }
    if (d->nw != want) {
        df_add_error(b->errs, b->fname, d->line, "unexpected '%s' after 'game-end %s %s'", d->words[want], kind,
                     d->words[2]);
        return;
    }
    if (v->nend >= NC_MAX_END_RULES) {
        df_add_error(b->errs, b->fname, d->line, "more than %d game-end rules on material", NC_MAX_END_RULES);
        return;
    }
    v->end[v->nend++] = r;
}

/* game-end checkmate|stalemate RESULT
 * game-end bare-king RESULT [unless-bare-back] | no-pieces RESULT | extinction RESULT TYPE,... */
static void rule_game_end(Build *b, const Directive *d)
{
    Variant *v = b->v;
    static const char *const kinds[] = {"checkmate", "stalemate", "bare-king", "no-pieces", "extinction"};
    size_t k = 0;
    while (d->nw >= 2 && k < sizeof kinds / sizeof kinds[0] && strcmp(d->words[1], kinds[k]))
        k++;
    if (d->nw < 3 || k == sizeof kinds / sizeof kinds[0]) {
        df_add_error(b->errs, b->fname, d->line,
                     "game-end must be 'checkmate', 'stalemate', 'bare-king', 'no-pieces' or 'extinction' and a "
                     "result, e.g. 'game-end stalemate loses'");
        return;
    }
    /* a checkmate is decisive: someone wins it */
    int result = end_result_word(b, d, d->words[2], k != 0);
    if (result == NC_END_NONE)
        return;
    if (k <= 1) {
        if (d->nw != 3) {
            df_add_error(b->errs, b->fname, d->line, "unexpected '%s' after 'game-end %s %s'", d->words[3],
                         d->words[1], d->words[2]);
            return;
        }
        int8_t *field = k == 0 ? &v->checkmate_result : &v->stalemate_result;
        *field = (int8_t)result;
        return;
    }
    end_material_rule(b, d, result);
}

/* must-capture, captures-to-hand: switches without a value. */
static void rule_switch(Build *b, const Directive *d)
{
    Variant *v = b->v;
    if (d->nw != 1) {
        df_add_error(b->errs, b->fname, d->line, "'%s' takes nothing after it, not '%s'", d->words[0], d->words[1]);
        return;
    }
    if (!strcmp(d->words[0], "must-capture"))
        v->must_capture = true;
    else
        v->captures_to_hand = true;
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
        {"game-end", rule_game_end},     {"must-capture", rule_switch},       {"captures-to-hand", rule_switch},
    };
    for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++)
        if (!strcmp(d->words[0], rules[i].kw)) {
            rules[i].read(b, d);
            return;
        }
    if (df_apply_zone_rule(b, d))
        return;
    df_add_error(b->errs, b->fname, d->line, "unknown keyword '%s' in variant block", d->words[0]);
}
