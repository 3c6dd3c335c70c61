/* Piece blocks of the data files: opening and closing a definition, its
 * keyword lines, and the 'move' words (kinds, directions, leaps, square
 * classes, ranges, options) that become the Atoms of a PieceType.
 * Knows nothing of variants. */
#include "datafile_internal.h"

#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int df_lib_find(const PieceLib *lib, const char *name)
{
    for (int i = lib->n - 1; i >= 0; i--)
        if (strcmp(lib->defs[i].pt.name, name) == 0)
            return i;
    return -1;
}

static int add_dirs(Atom *a, const char *word, const Line *l, DataErrors *errs)
{
    static const struct {
        const char *name;
        int n;
        int8_t d[8][2];
    } names[] = {
        {"orth", 4, {{1, 0}, {-1, 0}, {0, 1}, {0, -1}}},
        {"diag", 4, {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}},
        {"all", 8, {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}}},
        {"fwd", 1, {{0, 1}}},
        {"back", 1, {{0, -1}}},
        {"side", 2, {{1, 0}, {-1, 0}}},
        {"fwd-diag", 2, {{1, 1}, {-1, 1}}},
        {"back-diag", 2, {{1, -1}, {-1, -1}}},
    };
    char buf[DF_MAX_LINE + 1];
    assert(strlen(word) < sizeof buf);
    snprintf(buf, sizeof buf, "%s", word);
    if (!buf[0] || buf[0] == ',' || buf[strlen(buf) - 1] == ',' || strstr(buf, ",,")) {
        df_add_error(errs, l->file, l->line, "empty direction in '%s'", word);
        return -1;
    }
    char *save1 = NULL;
    for (char *tok = strtok_r(buf, ",", &save1); tok; tok = strtok_r(NULL, ",", &save1)) {
        int found = -1;
        for (int i = 0; i < (int)(sizeof names / sizeof names[0]); i++)
            if (strcmp(names[i].name, tok) == 0)
                found = i;
        if (found < 0) {
            df_add_error(errs, l->file, l->line, "unknown direction '%s' (orth, diag, all, fwd, back, side, fwd-diag, back-diag)", tok);
            return -1;
        }
        for (int k = 0; k < names[found].n; k++) {
            bool dup = false;
            for (int j = 0; j < a->ndirs; j++)
                if (a->dx[j] == names[found].d[k][0] && a->dy[j] == names[found].d[k][1])
                    dup = true;
            /* every direction is one of the 8 unit steps, each kept once */
            assert(dup || a->ndirs < NC_MAX_DIRS);
            if (!dup) {
                a->dx[a->ndirs] = names[found].d[k][0];
                a->dy[a->ndirs] = names[found].d[k][1];
                a->ndirs++;
            }
        }
    }
    return 0;
}

/* "X,Y": the eight (or four) mirror images of the leap. */
static int parse_leap(Atom *a, const char *word, const Line *l, DataErrors *errs)
{
    long x, y;
    char xs[DF_MAX_LINE + 1];
    const char *comma = strchr(word, ',');
    snprintf(xs, sizeof xs, "%.*s", comma ? (int)(comma - word) : 0, word);
    if (!comma || !df_parse_int(xs, 0, 99, &x) || !df_parse_int(comma + 1, 0, 99, &y) || (x == 0 && y == 0)) {
        df_add_error(errs, l->file, l->line, "bad leap '%s' (expected two numbers like 2,1)", word);
        return -1;
    }
    if (x > NC_PAD || y > NC_PAD) {
        df_add_error(errs, l->file, l->line, "leap '%s' is longer than %d squares", word, NC_PAD);
        return -1;
    }
    int vec[2][2] = {{(int)x, (int)y}, {(int)y, (int)x}};
    for (int i = 0; i < 2; i++)
        for (int sx = -1; sx <= 1; sx += 2)
            for (int sy = -1; sy <= 1; sy += 2) {
                int dx = vec[i][0] * sx, dy = vec[i][1] * sy;
                bool dup = false;
                for (int j = 0; j < a->ndirs; j++)
                    if (a->dx[j] == dx && a->dy[j] == dy)
                        dup = true;
                assert(dup || a->ndirs < NC_MAX_DIRS); /* at most 8 mirror images */
                if (!dup) {
                    a->dx[a->ndirs] = (int8_t)dx;
                    a->dy[a->ndirs] = (int8_t)dy;
                    a->ndirs++;
                }
            }
    return 0;
}

/* Square classes "empty+enemy" for over= (dest false) and to= (dest true). */
static int parse_classes(const char *val, bool dest, int *out)
{
    int m = 0;
    char buf[DF_MAX_LINE + 1];
    assert(strlen(val) < sizeof buf);
    snprintf(buf, sizeof buf, "%s", val);
    if (!buf[0] || buf[0] == '+' || buf[strlen(buf) - 1] == '+' || strstr(buf, "++"))
        return -1;
    char *save2 = NULL;
    for (char *tok = strtok_r(buf, "+", &save2); tok; tok = strtok_r(NULL, "+", &save2)) {
        if (strcmp(tok, "empty") == 0)
            m |= SQ_EMPTY;
        else if (strcmp(tok, "enemy") == 0)
            m |= SQ_ENEMY;
        else if (!dest && strcmp(tok, "friend") == 0)
            m |= SQ_FRIEND;
        else if (!dest && strcmp(tok, "occupied") == 0)
            m |= SQ_FRIEND | SQ_ENEMY;
        else if (strcmp(tok, "any") == 0)
            m |= dest ? SQ_EMPTY | SQ_ENEMY : SQ_EMPTY | SQ_FRIEND | SQ_ENEMY;
        else
            return -1;
    }
    *out = m;
    return 0;
}

/* The kind word and the directions (or leap) word of a 'move' line. */
static int move_kind_and_dirs(Atom *a, const Line *l, DataErrors *errs)
{
    const char *kind = l->w[1];
    if (strcmp(kind, "slide") == 0)
        a->kind = ATOM_SLIDE;
    else if (strcmp(kind, "leap") == 0)
        a->kind = ATOM_LEAP;
    else if (strcmp(kind, "bent") == 0)
        a->kind = ATOM_BENT;
    else if (strcmp(kind, "flyover") == 0)
        a->kind = ATOM_FLYOVER;
    else if (strcmp(kind, "hop") == 0)
        a->kind = ATOM_HOP;
    else {
        df_add_error(errs, l->file, l->line, "unknown move kind '%s' (slide, leap, bent, flyover, hop)", kind);
        return -1;
    }
    if (a->kind == ATOM_LEAP) {
        if (parse_leap(a, l->w[2], l, errs))
            return -1;
        a->max = 1;
        return 0;
    }
    if (a->kind == ATOM_BENT && strcmp(l->w[2], "diag") != 0 && strcmp(l->w[2], "orth") != 0) {
        df_add_error(errs, l->file, l->line, "a bent move starts 'diag' or 'orth', not '%s'", l->w[2]);
        return -1;
    }
    return add_dirs(a, l->w[2], l, errs);
}

/* A move option without '=': a flag. */
static int move_flag(Atom *a, const char *w, const Line *l, DataErrors *errs)
{
    if (strcmp(w, "take-over") == 0)
        a->flags |= AF_TAKE_OVER;
    else if (strcmp(w, "ep-source") == 0)
        a->flags |= AF_EP_SOURCE;
    else if (strcmp(w, "ep-capture") == 0)
        a->flags |= AF_EP_CAPTURE;
    else if (strcmp(w, "stop-centre") == 0)
        a->flags |= AF_STOP_CENTRE;
    else if (strcmp(w, "flyover") == 0 && a->kind == ATOM_BENT)
        a->flags |= AF_BENT_FLYOVER;
    else if (strcmp(w, "first") == 0)
        a->flags |= AF_FIRST;
    else if (strcmp(w, "not-in-check") == 0)
        a->flags |= AF_NOT_IN_CHECK;
    else {
        df_add_error(errs, l->file, l->line, "unknown move option '%s'", w);
        return -1;
    }
    return 0;
}

/* range=N, N-M or N- (no upper limit), each 1-64. */
static int parse_range(Atom *a, const char *val, const Line *l, DataErrors *errs)
{
    char lo_text[DF_MAX_LINE + 1];
    const char *dash = strchr(val, '-');
    snprintf(lo_text, sizeof lo_text, "%.*s", dash ? (int)(dash - val) : (int)strlen(val), val);
    long lo, hi = 0;
    bool ok = df_parse_int(lo_text, 1, 64, &lo);
    if (ok && dash && dash[1])
        ok = df_parse_int(dash + 1, lo, 64, &hi);
    else if (ok && !dash)
        hi = lo;
    if (!ok) {
        df_add_error(errs, l->file, l->line, "bad range '%s' (expected N, N-M or N-, each 1-64)", val);
        return -1;
    }
    a->min = (uint8_t)lo;
    a->max = (uint8_t)hi;
    return 0;
}

/* zone=any|before|upto|at|past, relative to the centre rank. */
static int parse_zone(Atom *a, const char *val, const Line *l, DataErrors *errs)
{
    static const char *z[] = {"any", "before", "upto", "at", "past"};
    int found = -1;
    for (int j = 0; j < 5; j++)
        if (strcmp(val, z[j]) == 0)
            found = j;
    if (found < 0) {
        df_add_error(errs, l->file, l->line, "bad value '%s' for zone= (any, before, upto, at, past)", val);
        return -1;
    }
    a->zone = (uint8_t)found;
    return 0;
}

/* dirs=fwd,side,...: keeps the images of a leap that point the ways named
 * (from White's side): fwd (any forward component), back, side (none),
 * and fwd-narrow / fwd-wide (more forward than sideways / more sideways
 * than forward; a diagonal image is neither), likewise back-narrow and
 * back-wide.  The shogi knight is 'leap 2,1 dirs=fwd-narrow'. */
static int parse_leap_dirs(Atom *a, const char *val, const Line *l, DataErrors *errs)
{
    static const char *const names[] = {"fwd", "back", "side", "fwd-narrow", "fwd-wide", "back-narrow", "back-wide"};
    if (a->kind != ATOM_LEAP) {
        df_add_error(errs, l->file, l->line, "dirs= is for leaps (the directions of a %s follow its kind)", l->w[1]);
        return -1;
    }
    char buf[DF_MAX_LINE + 1];
    snprintf(buf, sizeof buf, "%s", val);
    if (!buf[0] || buf[0] == ',' || buf[strlen(buf) - 1] == ',' || strstr(buf, ",,")) {
        df_add_error(errs, l->file, l->line, "empty direction in '%s'", val);
        return -1;
    }
    unsigned want = 0;
    char *save = NULL;
    for (char *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        int found = -1;
        for (int i = 0; i < (int)(sizeof names / sizeof names[0]); i++)
            if (!strcmp(names[i], tok))
                found = i;
        if (found < 0) {
            df_add_error(errs, l->file, l->line,
                         "bad value '%s' for dirs= (fwd, back, side, fwd-narrow, fwd-wide, back-narrow, back-wide)", tok);
            return -1;
        }
        want |= 1u << found;
    }
    int n = 0;
    for (int d = 0; d < a->ndirs; d++) {
        int ax = a->dx[d] < 0 ? -a->dx[d] : a->dx[d], dy = a->dy[d], ay = dy < 0 ? -dy : dy;
        unsigned is = dy > 0 ? 1u : dy < 0 ? 2u : 4u;
        if (dy && ay > ax)
            is |= dy > 0 ? 8u : 32u;
        if (dy && ay < ax)
            is |= dy > 0 ? 16u : 64u;
        if (is & want) {
            a->dx[n] = a->dx[d];
            a->dy[n] = a->dy[d];
            n++;
        }
    }
    if (n == 0) {
        df_add_error(errs, l->file, l->line, "dirs=%s leaves the leap %s no direction", val, l->w[2]);
        return -1;
    }
    a->ndirs = (uint8_t)n;
    return 0;
}

/* A move option KEY=VALUE; seen collects the keys given so far, one bit each. */
static int move_setting(Atom *a, const char *w, const char *eq, unsigned *seen, const Line *l, DataErrors *errs)
{
    static const char *const keys[] = {"range", "over", "to", "zone", "start", "dirs"};
    char key[DF_MAX_LINE + 1];
    snprintf(key, sizeof key, "%.*s", (int)(eq - w), w);
    const char *val = eq + 1;
    for (unsigned k = 0; k < sizeof keys / sizeof keys[0]; k++)
        if (!strcmp(key, keys[k])) {
            if (*seen & (1u << k)) {
                df_add_error(errs, l->file, l->line, "'%s=' given twice in one move", key);
                return -1;
            }
            *seen |= 1u << k;
        }
    int m;
    if (strcmp(key, "range") == 0) {
        if (parse_range(a, val, l, errs))
            return -1;
    } else if (strcmp(key, "over") == 0) {
        if (parse_classes(val, false, &m)) {
            df_add_error(errs, l->file, l->line, "bad value '%s' for over= (empty, friend, enemy, occupied, any)", val);
            return -1;
        }
        a->over = (uint8_t)m;
    } else if (strcmp(key, "to") == 0) {
        if (parse_classes(val, true, &m)) {
            df_add_error(errs, l->file, l->line, "bad value '%s' for to= (empty, enemy, any)", val);
            return -1;
        }
        a->to = (uint8_t)m;
    } else if (strcmp(key, "zone") == 0) {
        return parse_zone(a, val, l, errs);
    } else if (strcmp(key, "dirs") == 0) {
        return parse_leap_dirs(a, val, l, errs);
    } else if (strcmp(key, "start") == 0) {
        if (strcmp(val, "on") == 0)
            a->start = START_ON;
        else if (strcmp(val, "off") == 0)
            a->start = START_OFF;
        else {
            df_add_error(errs, l->file, l->line, "bad value '%s' for start= (on, off)", val);
            return -1;
        }
    } else {
        df_add_error(errs, l->file, l->line, "unknown move option '%s'", key);
        return -1;
    }
    return 0;
}

/* "move KIND DIRECTIONS [OPTION...]": one more Atom of pt. */
static int parse_move(PieceType *pt, const Line *l, DataErrors *errs)
{
    if (l->nw < 3) {
        df_add_error(errs, l->file, l->line, "'move' needs a kind and directions, e.g. 'move slide orth'");
        return -1;
    }
    if (pt->natoms >= NC_MAX_ATOMS) {
        df_add_error(errs, l->file, l->line, "piece '%s' has more than %d moves", pt->name, NC_MAX_ATOMS);
        return -1;
    }
    Atom a;
    memset(&a, 0, sizeof a);
    a.min = 1;
    a.max = 0;
    a.over = SQ_EMPTY;
    a.to = SQ_EMPTY | SQ_ENEMY;
    if (move_kind_and_dirs(&a, l, errs))
        return -1;
    unsigned seen = 0; /* bit 0: range= */
    for (int i = 3; i < l->nw; i++) {
        const char *eq = strchr(l->w[i], '=');
        if (eq ? move_setting(&a, l->w[i], eq, &seen, l, errs) : move_flag(&a, l->w[i], l, errs))
            return -1;
    }
    if (a.kind == ATOM_LEAP && (seen & 1u)) {
        df_add_error(errs, l->file, l->line, "a leap takes no range");
        return -1;
    }
    if (a.kind == ATOM_HOP && ((seen & 3u) || a.flags)) {
        df_add_error(errs, l->file, l->line, "a hop takes only to=, zone= and start=");
        return -1;
    }
    if ((a.flags & (AF_FIRST | AF_NOT_IN_CHECK)) && a.start) {
        df_add_error(errs, l->file, l->line, "start= cannot go with first or not-in-check");
        return -1;
    }
    if ((a.flags & AF_NOT_IN_CHECK) && a.to != SQ_EMPTY) {
        df_add_error(errs, l->file, l->line, "not-in-check is for moves to empty squares (to=empty)");
        return -1;
    }
    if ((a.flags & (AF_EP_SOURCE | AF_EP_CAPTURE)) && a.kind != ATOM_SLIDE) {
        df_add_error(errs, l->file, l->line, "ep-source and ep-capture are for slides");
        return -1;
    }
    if ((a.flags & AF_TAKE_OVER) && (a.max == 0 || a.max > 3)) {
        df_add_error(errs, l->file, l->line, "take-over needs a range of at most 3 squares");
        return -1;
    }
    pt->atoms[pt->natoms++] = a;
    return 0;
}

/* "piece NAME" (name already checked): a new definition, or NULL if full. */
PieceDef *df_piece_open(PieceLib *lib, const Line *l, DataErrors *errs)
{
    if (lib->n >= DF_MAX_DEFS) {
        df_add_error(errs, l->file, l->line, "more than %d piece definitions (pieces.txt and the variant file together)",
                     DF_MAX_DEFS);
        return NULL;
    }
    for (int i = 0; i < lib->n; i++)
        if (strcmp(lib->defs[i].pt.name, l->w[1]) == 0 && strcmp(lib->defs[i].file, l->file) == 0)
            df_add_error(errs, l->file, l->line, "piece '%s' is defined twice (first on line %d)", l->w[1], lib->defs[i].line);
    PieceDef *def = &lib->defs[lib->n++];
    memset(def, 0, sizeof *def);
    snprintf(def->pt.name, sizeof def->pt.name, "%s", l->w[1]);
    snprintf(def->pt.title, sizeof def->pt.title, "%s", l->w[1]);
    def->file = l->file;
    def->line = l->line;
    def->pt.value = -1;
    return def;
}

/* A line that may appear once in a block: false (after the message) when
 * it was given before; *first remembers where it was given. */
static bool first_time(int *first, const Line *l, DataErrors *errs)
{
    if (*first) {
        df_add_error(errs, l->file, l->line, "repeated '%s' line (first at line %d)", l->w[0], *first);
        return false;
    }
    *first = l->line;
    return true;
}

/* title, describe, letter, value: the lines with a value. */
static void piece_text_line(PieceDef *def, const Line *l, const char *rest, DataErrors *errs)
{
    PieceType *pt = &def->pt;
    const char *kw = l->w[0];
    if (strcmp(kw, "title") == 0) {
        if (!rest[0])
            df_add_error(errs, l->file, l->line, "'title' needs a value");
        else if (strlen(rest) > DF_MAX_PIECE_TITLE)
            df_add_error(errs, l->file, l->line, "title longer than %d bytes", DF_MAX_PIECE_TITLE);
        else if (first_time(&def->title_line, l, errs))
            snprintf(pt->title, sizeof pt->title, "%s", rest);
    } else if (strcmp(kw, "describe") == 0) {
        if (!rest[0])
            df_add_error(errs, l->file, l->line, "'describe' needs a value");
        else if (!df_append_text(&pt->description, rest))
            df_add_error(errs, l->file, l->line, "out of memory");
    } else if (strcmp(kw, "letter") == 0) {
        if (l->nw != 2 || strlen(l->w[1]) != 1 || !isupper((unsigned char)l->w[1][0]))
            df_add_error(errs, l->file, l->line, "letter must be one upper-case letter A-Z, not '%s'", l->nw > 1 ? l->w[1] : "");
        else if (first_time(&def->letter_line, l, errs))
            pt->letter = l->w[1][0];
    } else {
        long val;
        if (l->nw != 2 || !df_parse_int(l->w[1], 0, 100000, &val))
            df_add_error(errs, l->file, l->line, "value must be a whole number of centipawns 0-100000, not '%s'", l->nw > 1 ? l->w[1] : "");
        else if (first_time(&def->value_line, l, errs))
            pt->value = (int)val;
    }
}

/* One line inside a piece block. */
void df_piece_line(PieceDef *def, const Line *l, const char *rest, DataErrors *errs)
{
    PieceType *pt = &def->pt;
    const char *kw = l->w[0];
    bool flag = !strcmp(kw, "royal") || !strcmp(kw, "promotes") || !strcmp(kw, "titan");
    if (!strcmp(kw, "title") || !strcmp(kw, "describe") || !strcmp(kw, "letter") || !strcmp(kw, "value")) {
        piece_text_line(def, l, rest, errs);
    } else if (flag && l->nw > 1) {
        df_add_error(errs, l->file, l->line, "'%s' takes no value, not '%s'", kw, l->w[1]);
    } else if (strcmp(kw, "royal") == 0) {
        pt->royal = true;
    } else if (strcmp(kw, "promotes") == 0) {
        pt->promotes = true;
    } else if (strcmp(kw, "titan") == 0) {
        pt->titan = true;
    } else if (strcmp(kw, "move") == 0) {
        parse_move(pt, l, errs);
    } else {
        df_add_error(errs, l->file, l->line, "unknown keyword '%s' in piece block", kw);
    }
}

/* 'end' of a piece block: a piece needs a letter and a move. */
void df_piece_close(PieceDef *def, int block_line, const char *fname, DataErrors *errs)
{
    if (!def->pt.letter)
        df_add_error(errs, fname, block_line, "piece '%s' has no letter", def->pt.name);
    if (def->pt.natoms == 0)
        df_add_error(errs, fname, block_line, "piece '%s' has no moves", def->pt.name);
    if (def->pt.value < 0)
        def->pt.value = 0;
    def->defined = true;
}
