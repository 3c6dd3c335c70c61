/* Builds a Variant from a parsed VariantBlock and the piece library: lines
 * given twice, board and missing squares, piece types, special ranks, then
 * (datafile_rules.c) the rule lines, then the whole-variant checks, setups
 * and castling squares.
 * The order of the steps is the order of the messages: keep it. */
#include "datafile_internal.h"

#include "rules/rules.h"
#include "notation/notation.h"
#include "text/quote.h"

#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- castling squares ---- */

/* Castling squares follow from the chosen setup: the royal piece, and the
 * castling rooks nearest the edges on its rank, one on each side. */
static void fill_castle_mask(Variant *v)
{
    memset(v->castle_mask, 0, sizeof v->castle_mask);
    for (int c = 0; c < 2; c++) {
        if (v->castle_king_sq[c])
            v->castle_mask[v->castle_king_sq[c]] |= (uint8_t)(3 << (2 * c));
        for (int w = 0; w < 2; w++)
            if (v->castle_rook_sq[c][w])
                v->castle_mask[v->castle_rook_sq[c][w]] |= (uint8_t)(1 << (2 * c + w));
    }
}

/* The castling rooks of colour c on the rank of its king at k. */
static int find_castle_rooks(Variant *v, const Position *p, int c, int k, char *err, int errlen)
{
    int rank = v->rank_of[k];
    for (int f = 0; f < v->width; f++) {
        int sq = nc_sq(v, f, rank);
        int code = p->board[sq];
        if (code == NC_EMPTY || code == NC_OFF || nc_colour(code) != c || nc_type(code) != v->castle_rook_type)
            continue;
        if (f < v->file_of[k] && !v->castle_rook_sq[c][0])
            v->castle_rook_sq[c][0] = (uint16_t)sq;
        if (f > v->file_of[k])
            v->castle_rook_sq[c][1] = (uint16_t)sq;
    }
    for (int w = 0; w < 2; w++) {
        int r = v->castle_rook_sq[c][w];
        if (!r) {
            snprintf(err, (size_t)errlen, "castling: no %s on the %s side of the %s king in setup '%s'",
                     v->types[v->castle_rook_type].name, w ? "higher-file" : "lower-file", c ? "black" : "white",
                     v->setup_name[v->setup]);
            return -1;
        }
        int dist = abs(v->file_of[r] - v->file_of[k]);
        if (v->castling == 1 && v->castle_dist[w] > dist) {
            snprintf(err, (size_t)errlen,
                     "castling: king distance %d is more than the %d squares from the %s king to its %s rook in "
                     "setup '%s'",
                     v->castle_dist[w], dist, c ? "black" : "white", w ? "higher-file" : "lower-file",
                     v->setup_name[v->setup]);
            return -1;
        }
    }
    return 0;
}

/* The square of colour c's castling piece (the royal one, or the one of
 * the type the castling line names), 0 when it has none, -1 after the
 * message when it has several. */
static int castle_king_square(const Variant *v, const Position *p, int c, char *err, int errlen)
{
    if (v->castle_king_type < 0)
        return p->king[c];
    int sq = 0;
    for (int i = 0; i < p->npieces[c]; i++) {
        int s = p->plist[c][i];
        if (nc_type(p->board[s]) != v->castle_king_type)
            continue;
        if (sq) {
            snprintf(err, (size_t)errlen, "castling: more than one %s %s in setup '%s'", c ? "black" : "white",
                     v->types[v->castle_king_type].name, v->setup_name[v->setup]);
            return -1;
        }
        sq = s;
    }
    return sq;
}

int df_locate_castling(Variant *v, char *err, int errlen)
{
    memset(v->castle_king_sq, 0, sizeof v->castle_king_sq);
    memset(v->castle_rook_sq, 0, sizeof v->castle_rook_sq);
    memset(v->castle_mask, 0, sizeof v->castle_mask);
    if (!v->castling)
        return 0;
    Position p;
    /* parse the board part only: castling rights are checked afterwards */
    char board[DF_MAX_LINE + 16]; /* any setup text with " w - - 0 1" after its board */
    assert(strlen(v->setup_fen[v->setup]) <= DF_MAX_LINE);
    snprintf(board, sizeof board, "%s", v->setup_fen[v->setup]);
    char *sp = strchr(board, ' ');
    if (sp)
        snprintf(sp, sizeof board - (size_t)(sp - board), " w - - 0 1");
    if (pos_from_fen(&p, v, board, err, errlen))
        return -1;
    int found = 0;
    for (int c = 0; c < 2; c++) {
        int k = castle_king_square(v, &p, c, err, errlen);
        if (k < 0)
            return -1;
        if (!k)
            continue; /* that side never castles (horde: no king) */
        found++;
        v->castle_king_sq[c] = (uint16_t)k;
        if (find_castle_rooks(v, &p, c, k, err, errlen))
            return -1;
    }
    if (!found) {
        snprintf(err, (size_t)errlen, "castling needs a %s of either side in the setup",
                 v->castle_king_type >= 0 ? v->types[v->castle_king_type].name : "royal piece");
        return -1;
    }
    fill_castle_mask(v);
    return 0;
}

/* ---- board and piece types ---- */

static bool failed(const Build *b)
{
    return b->errs->n > b->before;
}

/* The reader's limits fit the Variant's fields. */
_Static_assert(sizeof((Variant *)0)->name > DF_MAX_VARIANT_NAME, "variant name");
_Static_assert(sizeof((Variant *)0)->title > DF_MAX_VARIANT_TITLE, "variant title");
_Static_assert(sizeof((Variant *)0)->source > DF_MAX_PATH, "file path");
_Static_assert(sizeof((Variant *)0)->types[0].name > DF_MAX_PIECE_NAME, "piece name");
_Static_assert(sizeof((Variant *)0)->types[0].title > DF_MAX_PIECE_TITLE, "piece title");
_Static_assert(sizeof((Variant *)0)->setup_name[0] > DF_MAX_SETUP_NAME, "setup name");
_Static_assert(sizeof((Variant *)0)->setup_name / sizeof((Variant *)0)->setup_name[0] == DF_MAX_SETUPS, "setups");
_Static_assert(sizeof((Variant *)0)->options / sizeof((Variant *)0)->options[0] == DF_MAX_OPTIONS, "options");

static Variant *new_variant(const VariantBlock *vb, const char *fname)
{
    Variant *v = calloc(1, sizeof *v);
    if (!v)
        return NULL;
    snprintf(v->name, sizeof v->name, "%s", vb->name);
    snprintf(v->title, sizeof v->title, "%s", vb->name);
    snprintf(v->source, sizeof v->source, "%s", fname);
    v->castle_rook_type = -1;
    v->insane_type = -1;
    v->checkmate_result = NC_END_LOSS;
    v->stalemate_result = NC_END_DRAW;
    v->castle_king_type = -1;
    eval_weights_default(&v->eval_weights);
    memset(v->promoted_of, -1, sizeof v->promoted_of);
    memset(v->promoted_as, -1, sizeof v->promoted_as);
    v->rank_base = 1;
    v->centre_rank = v->start_rank = v->promo_rank = -1;
    return v;
}

/* Lines that may appear once in a variant block: a repeat is an error,
 * never "the last one wins". */
static void check_repeats(Build *b, const VariantBlock *vb)
{
    static const char *const once[] = {"board",          "pieces",     "rank-base", "title",
                                       "centre-rank",    "start-rank", "castling",  "promotion-rank",
                                       "insane-ninja",   "scepter",    "must-capture", "captures-to-hand"};
    for (int i = 0; i < vb->nd; i++)
        for (size_t k = 0; k < sizeof once / sizeof once[0]; k++) {
            if (strcmp(vb->d[i].words[0], once[k]))
                continue;
            for (int j = 0; j < i; j++)
                if (!strcmp(vb->d[j].words[0], once[k])) {
                    df_add_error(b->errs, b->fname, vb->d[i].line, "repeated '%s' line (first at line %d)", once[k],
                                 vb->d[j].line);
                    break;
                }
        }
}

/* First pass: the lines everything else refers to (each given once, see
 * check_repeats); rank-base is read here. */
static void find_geometry(Build *b, const VariantBlock *vb, const Directive **dboard, const Directive **dpieces)
{
    for (int i = 0; i < vb->nd; i++) {
        const Directive *d = &vb->d[i];
        if (strcmp(d->words[0], "board") == 0 && !*dboard)
            *dboard = d;
        else if (strcmp(d->words[0], "pieces") == 0 && !*dpieces)
            *dpieces = d;
        else if (strcmp(d->words[0], "rank-base") == 0) {
            if (d->nw != 2 || (strcmp(d->words[1], "0") && strcmp(d->words[1], "1")))
                df_add_error(b->errs, b->fname, d->line, "rank-base must be 0 or 1");
            else
                b->v->rank_base = d->words[1][0] - '0';
        }
    }
}

/* "board WxH": the box of squares, all existing until 'missing' says not. */
static int read_board_size(Build *b, const VariantBlock *vb, const Directive *dboard)
{
    Variant *v = b->v;
    if (!dboard) {
        df_add_error(b->errs, b->fname, vb->line, "variant '%s' has no 'board' line", vb->name);
        return -1;
    }
    long w = 0, h = 0;
    char wtext[DF_MAX_LINE + 1] = "";
    const char *x = dboard->nw == 2 ? strchr(dboard->words[1], 'x') : NULL;
    if (x)
        snprintf(wtext, sizeof wtext, "%.*s", (int)(x - dboard->words[1]), dboard->words[1]);
    if (!x || !df_parse_int(wtext, 1, NC_MAX_FILES, &w) || !df_parse_int(x + 1, 1, NC_MAX_RANKS, &h)) {
        df_add_error(b->errs, b->fname, dboard->line, "board must be WIDTHxHEIGHT with each 1-%d, not '%s'",
                     NC_MAX_FILES, dboard->nw > 1 ? dboard->words[1] : "");
        return -1;
    }
    v->width = (int)w;
    v->height = (int)h;
    v->stride = w + 2 * NC_PAD;
    for (int sq = 0; sq < NC_MAX_SQ; sq++) {
        v->file_of[sq] = -1;
        v->rank_of[sq] = -1;
    }
    for (int r = 0; r < h; r++)
        for (int f = 0; f < w; f++) {
            int sq = nc_sq(v, f, r);
            v->exists[sq] = 1;
            v->file_of[sq] = (int8_t)f;
            v->rank_of[sq] = (int8_t)r;
        }
    return 0;
}

/* One word of the pieces line; returns -1 when the type table is full. */
static int add_piece_type(Build *b, const PieceLib *lib, const Directive *dpieces, const char *word)
{
    Variant *v = b->v;
    int line = dpieces->line;
    /* "NAME=DEFINITION" names a type after a differently named
     * definition, so every variant can call its pawn "pawn". */
    char tname[DF_MAX_LINE + 1], dname[DF_MAX_LINE + 1];
    const char *eq = strchr(word, '=');
    snprintf(tname, sizeof tname, "%.*s", eq ? (int)(eq - word) : (int)strlen(word), word);
    snprintf(dname, sizeof dname, "%s", eq ? eq + 1 : word);
    if (!df_valid_name(tname)) {
        df_add_error(b->errs, b->fname, line, "bad piece type name '%s'", tname);
        return 0;
    }
    if (strlen(tname) > DF_MAX_PIECE_NAME) {
        df_add_error(b->errs, b->fname, line, "piece type name '%s' is longer than %d bytes", tname, DF_MAX_PIECE_NAME);
        return 0;
    }
    int k = df_lib_find(lib, dname);
    if (k < 0 || !lib->defs[k].defined) {
        df_add_error(b->errs, b->fname, line, "unknown piece type '%s'", dname);
        return 0;
    }
    if (v->ntypes >= NC_MAX_TYPES) {
        df_add_error(b->errs, b->fname, line, "more than %d piece types", NC_MAX_TYPES);
        return -1;
    }
    if (df_type_named(v, tname) >= 0) {
        df_add_error(b->errs, b->fname, line, "piece type '%s' listed twice", tname);
        return 0;
    }
    PieceType *pt = &v->types[v->ntypes++];
    *pt = lib->defs[k].pt;
    snprintf(pt->name, sizeof pt->name, "%s", tname);
    pt->description = lib->defs[k].pt.description ? strdup(lib->defs[k].pt.description) : NULL;
    if (lib->defs[k].pt.description && !pt->description)
        df_add_error(b->errs, b->fname, line, "out of memory");
    for (int t = 0; t < v->ntypes - 1; t++)
        if (v->types[t].letter == pt->letter)
            df_add_error(b->errs, b->fname, line, "letter '%c' is used by both '%s' and '%s'", pt->letter,
                         v->types[t].name, pt->name);
    return 0;
}

static int read_piece_types(Build *b, const VariantBlock *vb, const PieceLib *lib, const Directive *dpieces)
{
    if (!dpieces || dpieces->nw < 2) {
        df_add_error(b->errs, b->fname, dpieces ? dpieces->line : vb->line, "variant '%s' has no 'pieces' line",
                     vb->name);
        return -1;
    }
    for (int i = 1; i < dpieces->nw; i++)
        if (add_piece_type(b, lib, dpieces, dpieces->words[i]))
            break;
    return 0;
}

/* ---- second pass: texts, missing squares, special ranks ---- */

/* "missing a0-d0 g0": squares of the box that are not on the board. */
static void read_missing(Build *b, const Directive *d)
{
    Variant *v = b->v;
    if (d->nw < 2)
        df_add_error(b->errs, b->fname, d->line, "'missing' needs squares, e.g. 'missing a0-d0 g0-j0'");
    for (int k = 1; k < d->nw; k++) {
        char a[DF_MAX_LINE + 1], z[DF_MAX_LINE + 1];
        const char *dash = strchr(d->words[k], '-');
        snprintf(a, sizeof a, "%.*s", dash ? (int)(dash - d->words[k]) : (int)strlen(d->words[k]), d->words[k]);
        snprintf(z, sizeof z, "%s", dash ? dash + 1 : d->words[k]);
        int s1 = df_square_word(v, a, true), s2 = df_square_word(v, z, true);
        if (s1 < 0 || s2 < 0 || v->rank_of[s1] != v->rank_of[s2] || v->file_of[s1] > v->file_of[s2]) {
            df_add_error(b->errs, b->fname, d->line, "bad square range '%s' (squares of one rank, like a0-d0)",
                         d->words[k]);
            continue;
        }
        for (int s = s1; s <= s2; s++)
            v->exists[s] = 0;
    }
}

/* centre-rank, start-rank, promotion-rank: a rank label of the board. */
static void read_special_rank(Build *b, const Directive *d)
{
    Variant *v = b->v;
    const char *kw = d->words[0];
    long label;
    if (d->nw != 2 || !df_parse_int(d->words[1], v->rank_base, v->rank_base + v->height - 1, &label)) {
        df_add_error(b->errs, b->fname, d->line, "%s must be a rank of the board, not '%s'", kw,
                     d->nw > 1 ? d->words[1] : "");
        return;
    }
    int idx = (int)label - v->rank_base;
    if (kw[0] == 'c')
        v->centre_rank = idx;
    else if (kw[0] == 's')
        v->start_rank = idx;
    else
        v->promo_rank = idx;
}

static bool is_special_rank(const char *kw)
{
    return !strcmp(kw, "centre-rank") || !strcmp(kw, "start-rank") || !strcmp(kw, "promotion-rank");
}

static void read_board_details(Build *b, const VariantBlock *vb)
{
    Variant *v = b->v;
    for (int i = 0; i < vb->nd; i++) {
        const Directive *d = &vb->d[i];
        const char *kw = d->words[0];
        if (!strcmp(kw, "title")) {
            if (!d->text[0])
                df_add_error(b->errs, b->fname, d->line, "'title' needs a value");
            else if (strlen(d->text) > DF_MAX_VARIANT_TITLE)
                df_add_error(b->errs, b->fname, d->line, "title longer than %d bytes", DF_MAX_VARIANT_TITLE);
            else
                snprintf(v->title, sizeof v->title, "%s", d->text);
        } else if (!strcmp(kw, "describe")) {
            if (!d->text[0])
                df_add_error(b->errs, b->fname, d->line, "'describe' needs a value");
            else if (!df_append_text(&v->description, d->text))
                df_add_error(b->errs, b->fname, d->line, "out of memory");
        } else if (!strcmp(kw, "missing")) {
            read_missing(b, d);
        } else if (is_special_rank(kw)) {
            read_special_rank(b, d);
        }
    }
}

/* ---- third pass: rule lines ---- */

/* Keywords read by the other passes. */
static bool read_elsewhere(const char *kw)
{
    static const char *const kws[] = {"board", "pieces", "rank-base", "title", "describe", "missing", "setup"};
    for (size_t i = 0; i < sizeof kws / sizeof kws[0]; i++)
        if (!strcmp(kw, kws[i]))
            return true;
    return is_special_rank(kw);
}

static void read_rules(Build *b, const VariantBlock *vb)
{
    for (int i = 0; i < vb->nd; i++)
        if (!read_elsewhere(vb->d[i].words[0]))
            df_apply_rule(b, &vb->d[i]);
}

/* ---- whole-variant checks and setups ---- */

/* Promotion and the ranks piece moves refer to must be defined; one royal type. */
static int check_piece_needs(Build *b, const VariantBlock *vb, const Directive *dpieces)
{
    const Variant *v = b->v;
    for (int t = 0; t < v->ntypes; t++) {
        const char *name = v->types[t].name;
        if (v->types[t].promotes && (v->promo_rank < 0 || v->npromo == 0)) {
            df_add_error(b->errs, b->fname, vb->line,
                         "piece type '%s' promotes but the variant has no promotion-rank and promote-to", name);
            return -1;
        }
        for (int a = 0; a < v->types[t].natoms; a++) {
            const Atom *at = &v->types[t].atoms[a];
            if ((at->zone || (at->flags & AF_STOP_CENTRE)) && v->centre_rank < 0) {
                df_add_error(b->errs, b->fname, vb->line,
                             "piece type '%s' refers to the centre rank but the variant has no centre-rank", name);
                return -1;
            }
            if ((at->start == START_ON || at->start == START_OFF) && v->start_rank < 0) {
                df_add_error(b->errs, b->fname, vb->line,
                             "piece type '%s' refers to the start rank but the variant has no start-rank", name);
                return -1;
            }
        }
    }
    int royals = 0;
    for (int t = 0; t < v->ntypes; t++)
        royals += v->types[t].royal;
    if (royals > 1) {
        df_add_error(b->errs, b->fname, dpieces->line, "more than one royal piece type");
        return -1;
    }
    return 0;
}

/* An optional rule needs both its 'option' line (the player's switch) and
 * its rule line (what it does); either alone is a mistake in the file. */
static int check_options(Build *b, const VariantBlock *vb)
{
    static const char *const rules[] = {"insane-ninja", "scepter"};
    for (size_t r = 0; r < sizeof rules / sizeof rules[0]; r++) {
        int option = 0, rule = 0;
        for (int i = 0; i < vb->nd; i++) {
            const Directive *d = &vb->d[i];
            if (!strcmp(d->words[0], "option") && d->nw > 1 && !strcmp(d->words[1], rules[r]))
                option = d->line;
            if (!strcmp(d->words[0], rules[r]))
                rule = d->line;
        }
        if (option && !rule)
            df_add_error(b->errs, b->fname, option, "option '%s' needs a '%s' line", rules[r], rules[r]);
        else if (rule && !option)
            df_add_error(b->errs, b->fname, rule, "'%s' line without an 'option %s DESCRIPTION' line", rules[r], rules[r]);
    }
    return failed(b) ? -1 : 0;
}

/* The line of a variant block with this keyword, or the block's line. */
static int line_of(const VariantBlock *vb, const char *kw)
{
    for (int i = 0; i < vb->nd; i++)
        if (!strcmp(vb->d[i].words[0], kw))
            return vb->d[i].line;
    return vb->line;
}

/* captures-to-hand: a promoted piece must return to hand as the type it
 * promoted from, so each promotion choice gets a stand-in type for its
 * promoted pieces (appended after the listed types: the letters find the
 * listed ones first).  Every piece that can be taken needs a drop line. */
static int add_promoted_types(Build *b, const VariantBlock *vb)
{
    Variant *v = b->v;
    int line = line_of(vb, "captures-to-hand"), from = -1, ntypes = v->ntypes;
    for (int t = 0; t < ntypes; t++) {
        if (!v->types[t].royal && !v->types[t].titan && !v->droppable[t]) {
            df_add_error(b->errs, b->fname, line, "captures-to-hand: piece type '%s' can be taken but has no 'drop' line",
                         v->types[t].name);
            return -1;
        }
        if (v->types[t].promotes) {
            if (from >= 0) {
                df_add_error(b->errs, b->fname, line,
                             "captures-to-hand: promoted pieces return as the type they promoted from, so only one "
                             "type may promote ('%s' and '%s' do)", v->types[from].name, v->types[t].name);
                return -1;
            }
            from = t;
        }
    }
    for (int i = 0; i < v->npromo && from >= 0; i++) {
        int t = v->promo_types[i];
        if (v->ntypes >= NC_MAX_TYPES) {
            df_add_error(b->errs, b->fname, line,
                         "more than %d piece types with the promoted pieces' stand-ins of captures-to-hand", NC_MAX_TYPES);
            return -1;
        }
        int s = v->ntypes++;
        const PieceType *base = &v->types[t];
        PieceType *pt = &v->types[s];
        *pt = *base;
        pt->description = base->description ? strdup(base->description) : NULL;
        char name[sizeof pt->name], title[sizeof pt->title];
        snprintf(name, sizeof name, "%.22s~promoted", base->name);
        snprintf(title, sizeof title, "%.36s (promoted)", base->title);
        memcpy(pt->name, name, sizeof name);
        memcpy(pt->title, title, sizeof title);
        v->promoted_of[s] = (int8_t)from;
        v->promoted_as[t] = (int8_t)s;
    }
    char err[200];
    if (variant_finish(v, err, sizeof err)) {
        df_add_error_text(b->errs, b->fname, line, err);
        return -1;
    }
    return 0;
}

/* "setup 'NAME': TEXT", TEXT a message made (and quoted) by another part. */
static void setup_error(Build *b, int line, const char *name, const char *text)
{
    char qname[64], msg[320];
    snprintf(msg, sizeof msg, "setup '%s': %s", nc_quote(name, qname, sizeof qname), text);
    df_add_error_text(b->errs, b->fname, line, msg);
}

/* "setup NAME TEXT": stored, then its castling squares and text checked. */
static void add_setup(Build *b, const Directive *d)
{
    Variant *v = b->v;
    if (d->nw < 3) {
        df_add_error(b->errs, b->fname, d->line, "'setup' needs a name and a position text");
        return;
    }
    if (v->nsetups >= DF_MAX_SETUPS) {
        df_add_error(b->errs, b->fname, d->line, "more than %d setups", DF_MAX_SETUPS);
        return;
    }
    if (strlen(d->words[1]) > DF_MAX_SETUP_NAME) {
        df_add_error(b->errs, b->fname, d->line, "setup name '%s' is longer than %d bytes", d->words[1],
                     DF_MAX_SETUP_NAME);
        return;
    }
    for (int i = 0; i < v->nsetups; i++)
        if (!strcmp(v->setup_name[i], d->words[1])) {
            df_add_error(b->errs, b->fname, d->line, "setup '%s' is given twice (first at line %d)", d->words[1],
                         b->setup_line[i]);
            return;
        }
    /* the text after the keyword starts with the name */
    assert(!strncmp(d->text, d->words[1], strlen(d->words[1])));
    const char *fen = d->text + strlen(d->words[1]);
    while (*fen == ' ' || *fen == '\t')
        fen++;
    char *copy = strdup(fen);
    if (!copy) {
        df_add_error(b->errs, b->fname, d->line, "out of memory");
        return;
    }
    int k = v->nsetups++;
    snprintf(v->setup_name[k], sizeof v->setup_name[k], "%s", d->words[1]);
    v->setup_fen[k] = copy;
    b->setup_line[k] = d->line;
    v->setup = k;
    char err[200];
    Position p;
    if ((v->castling && df_locate_castling(v, err, sizeof err)) || pos_from_fen(&p, v, fen, err, sizeof err))
        setup_error(b, d->line, d->words[1], err);
}

/* Every setup; the first one is chosen and its castling squares found. */
static int read_setups(Build *b, const VariantBlock *vb)
{
    Variant *v = b->v;
    for (int i = 0; i < vb->nd; i++)
        if (!strcmp(vb->d[i].words[0], "setup"))
            add_setup(b, &vb->d[i]);
    if (v->nsetups == 0 && !failed(b))
        df_add_error(b->errs, b->fname, vb->line, "variant '%s' has no 'setup' line", vb->name);
    if (failed(b))
        return -1;
    v->setup = 0;
    char err[200];
    if (v->castling && df_locate_castling(v, err, sizeof err)) {
        df_add_error_text(b->errs, b->fname, vb->line, err);
        return -1;
    }
    return 0;
}

Variant *df_build_variant(const VariantBlock *vb, const PieceLib *lib, const char *fname, DataErrors *errs)
{
    Variant *v = new_variant(vb, fname);
    if (!v) {
        df_add_error(errs, fname, 0, "out of memory");
        return NULL;
    }
    Build b = {.v = v, .fname = fname, .errs = errs, .before = errs->n};
    const Directive *dboard = NULL, *dpieces = NULL;
    check_repeats(&b, vb);
    find_geometry(&b, vb, &dboard, &dpieces);
    if (read_board_size(&b, vb, dboard) || read_piece_types(&b, vb, lib, dpieces) || failed(&b))
        goto fail;
    read_board_details(&b, vb);
    if (failed(&b))
        goto fail;
    char err[200];
    if (variant_finish(v, err, sizeof err)) {
        df_add_error_text(errs, fname, vb->line, err);
        goto fail;
    }
    read_rules(&b, vb);
    if (failed(&b) || check_piece_needs(&b, vb, dpieces) || check_options(&b, vb))
        goto fail;
    /* again: regions and other rule lines change the derived tables (the
     * stand-ins of captures-to-hand do it as they are added) */
    if (v->captures_to_hand ? add_promoted_types(&b, vb) != 0 : variant_finish(v, err, sizeof err) != 0) {
        if (!v->captures_to_hand)
            df_add_error_text(errs, fname, vb->line, err);
        goto fail;
    }
    if (read_setups(&b, vb))
        goto fail;
    return v;
fail:
    variant_free(v);
    return NULL;
}
