#include "datafile.h"

#include "position.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#ifndef NC_DATA_DIR_INSTALLED
#define NC_DATA_DIR_INSTALLED "/usr/local/share/ninjachess"
#endif
#ifndef NC_DATA_DIR_SOURCE
#define NC_DATA_DIR_SOURCE ""
#endif

/* ---- errors ---- */

static void add_error(DataErrors *e, const char *file, int line, const char *fmt, ...)
{
    if (e->n >= (int)(sizeof e->msg / sizeof e->msg[0]))
        return;
    char body[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(body, sizeof body, fmt, ap);
    va_end(ap);
    if (line > 0)
        snprintf(e->msg[e->n++], sizeof e->msg[0], "%s:%d: %s", file, line, body);
    else
        snprintf(e->msg[e->n++], sizeof e->msg[0], "%s: %s", file, body);
}

void data_errors_print(const DataErrors *e, FILE *out)
{
    for (int i = 0; i < e->n; i++)
        fprintf(out, "%s\n", e->msg[i]);
}

/* ---- data directory ---- */

static bool is_dir_with_pieces(const char *dir)
{
    char path[1024];
    struct stat st;
    snprintf(path, sizeof path, "%s/pieces.txt", dir);
    return stat(path, &st) == 0;
}

const char *data_dir_find(const char *explicit_dir)
{
    static char buf[1024]; /* returned path; the search is done once per call */
    if (explicit_dir && *explicit_dir)
        return explicit_dir;
    const char *env = getenv("NINJACHESS_DATA_DIR");
    if (env && *env)
        return env;
    const char *home = getenv("XDG_DATA_HOME");
    if (home && *home) {
        snprintf(buf, sizeof buf, "%s/ninjachess", home);
        if (is_dir_with_pieces(buf))
            return buf;
    } else if ((home = getenv("HOME")) && *home) {
        snprintf(buf, sizeof buf, "%s/.local/share/ninjachess", home);
        if (is_dir_with_pieces(buf))
            return buf;
    }
    const char *dirs = getenv("XDG_DATA_DIRS");
    if (!dirs || !*dirs)
        dirs = "/usr/local/share:/usr/share";
    const char *s = dirs;
    while (*s) {
        const char *e = strchr(s, ':');
        int len = e ? (int)(e - s) : (int)strlen(s);
        snprintf(buf, sizeof buf, "%.*s/ninjachess", len, s);
        if (len && is_dir_with_pieces(buf))
            return buf;
        s += len;
        if (*s == ':')
            s++;
    }
    if (is_dir_with_pieces(NC_DATA_DIR_INSTALLED))
        return NC_DATA_DIR_INSTALLED;
    if (*NC_DATA_DIR_SOURCE && is_dir_with_pieces(NC_DATA_DIR_SOURCE))
        return NC_DATA_DIR_SOURCE;
    return NC_DATA_DIR_INSTALLED;
}

/* ---- reading ---- */

static char *read_file(const char *path, DataErrors *errs)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        add_error(errs, path, 0, "cannot open (%s)", strerror(errno));
        return NULL;
    }
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    if (!buf) {
        fclose(f);
        return NULL;
    }
    size_t r;
    while ((r = fread(buf + n, 1, cap - n - 1, f)) > 0) {
        n += r;
        if (n + 1 >= cap) {
            char *nb = realloc(buf, cap * 2);
            if (!nb) {
                free(buf);
                fclose(f);
                return NULL;
            }
            buf = nb;
            cap *= 2;
        }
    }
    fclose(f);
    buf[n] = 0;
    return buf;
}

#define MAX_WORDS 40

typedef struct {
    const char *file;
    int line;
    int nw;
    char *w[MAX_WORDS];
    char store[1024];
} Line;

/* Splits one line into words; '#' starts a comment. */
static void split_line(Line *l, const char *src, size_t len)
{
    if (len >= sizeof l->store)
        len = sizeof l->store - 1;
    memcpy(l->store, src, len);
    l->store[len] = 0;
    char *hash = strchr(l->store, '#');
    if (hash)
        *hash = 0;
    l->nw = 0;
    char *save = NULL;
    for (char *tok = strtok_r(l->store, " \t\r\n", &save); tok && l->nw < MAX_WORDS;
         tok = strtok_r(NULL, " \t\r\n", &save))
        l->w[l->nw++] = tok;
}

/* ---- piece definitions ---- */

typedef struct {
    PieceType pt;
    int line;
    char file[256];
    bool defined;
} PieceDef;

typedef struct {
    PieceDef defs[96];
    int n;
} PieceLib;

static int lib_find(const PieceLib *lib, const char *name)
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
    char buf[128];
    snprintf(buf, sizeof buf, "%s", word);
    char *save1 = NULL;
    for (char *tok = strtok_r(buf, ",", &save1); tok; tok = strtok_r(NULL, ",", &save1)) {
        int found = -1;
        for (int i = 0; i < (int)(sizeof names / sizeof names[0]); i++)
            if (strcmp(names[i].name, tok) == 0)
                found = i;
        if (found < 0) {
            add_error(errs, l->file, l->line, "unknown direction '%s' (orth, diag, all, fwd, back, side, fwd-diag, back-diag)", tok);
            return -1;
        }
        for (int k = 0; k < names[found].n; k++) {
            bool dup = false;
            for (int j = 0; j < a->ndirs; j++)
                if (a->dx[j] == names[found].d[k][0] && a->dy[j] == names[found].d[k][1])
                    dup = true;
            if (!dup && a->ndirs < NC_MAX_DIRS) {
                a->dx[a->ndirs] = names[found].d[k][0];
                a->dy[a->ndirs] = names[found].d[k][1];
                a->ndirs++;
            }
        }
    }
    return 0;
}

static int parse_leap(Atom *a, const char *word, const Line *l, DataErrors *errs)
{
    int x, y;
    char extra;
    if (sscanf(word, "%d,%d%c", &x, &y, &extra) != 2 || x < 0 || y < 0 || (x == 0 && y == 0)) {
        add_error(errs, l->file, l->line, "bad leap '%s' (expected two numbers like 2,1)", word);
        return -1;
    }
    if (x > NC_PAD || y > NC_PAD) {
        add_error(errs, l->file, l->line, "leap '%s' is longer than %d squares", word, NC_PAD);
        return -1;
    }
    int vec[2][2] = {{x, y}, {y, x}};
    for (int i = 0; i < 2; i++)
        for (int sx = -1; sx <= 1; sx += 2)
            for (int sy = -1; sy <= 1; sy += 2) {
                int dx = vec[i][0] * sx, dy = vec[i][1] * sy;
                bool dup = false;
                for (int j = 0; j < a->ndirs; j++)
                    if (a->dx[j] == dx && a->dy[j] == dy)
                        dup = true;
                if (!dup) {
                    a->dx[a->ndirs] = (int8_t)dx;
                    a->dy[a->ndirs] = (int8_t)dy;
                    a->ndirs++;
                }
            }
    return 0;
}

static int parse_classes(const char *val, bool dest, int *out)
{
    int m = 0;
    char buf[64];
    snprintf(buf, sizeof buf, "%s", val);
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

static int parse_move(PieceType *pt, const Line *l, DataErrors *errs)
{
    if (l->nw < 3) {
        add_error(errs, l->file, l->line, "'move' needs a kind and directions, e.g. 'move slide orth'");
        return -1;
    }
    if (pt->natoms >= NC_MAX_ATOMS) {
        add_error(errs, l->file, l->line, "piece '%s' has more than %d moves", pt->name, NC_MAX_ATOMS);
        return -1;
    }
    Atom a;
    memset(&a, 0, sizeof a);
    a.min = 1;
    a.max = 0;
    a.over = SQ_EMPTY;
    a.to = SQ_EMPTY | SQ_ENEMY;
    const char *kind = l->w[1];
    if (strcmp(kind, "slide") == 0)
        a.kind = ATOM_SLIDE;
    else if (strcmp(kind, "leap") == 0)
        a.kind = ATOM_LEAP;
    else if (strcmp(kind, "bent") == 0)
        a.kind = ATOM_BENT;
    else if (strcmp(kind, "flyover") == 0)
        a.kind = ATOM_FLYOVER;
    else {
        add_error(errs, l->file, l->line, "unknown move kind '%s' (slide, leap, bent, flyover)", kind);
        return -1;
    }
    if (a.kind == ATOM_LEAP) {
        if (parse_leap(&a, l->w[2], l, errs))
            return -1;
        a.max = 1;
    } else if (a.kind == ATOM_BENT) {
        if (strcmp(l->w[2], "diag") != 0 && strcmp(l->w[2], "orth") != 0) {
            add_error(errs, l->file, l->line, "a bent move starts 'diag' or 'orth', not '%s'", l->w[2]);
            return -1;
        }
        if (add_dirs(&a, l->w[2], l, errs))
            return -1;
    } else if (add_dirs(&a, l->w[2], l, errs)) {
        return -1;
    }
    bool has_range = false;
    for (int i = 3; i < l->nw; i++) {
        const char *w = l->w[i];
        const char *eq = strchr(w, '=');
        if (!eq) {
            if (strcmp(w, "take-over") == 0)
                a.flags |= AF_TAKE_OVER;
            else if (strcmp(w, "ep-source") == 0)
                a.flags |= AF_EP_SOURCE;
            else if (strcmp(w, "ep-capture") == 0)
                a.flags |= AF_EP_CAPTURE;
            else if (strcmp(w, "stop-centre") == 0)
                a.flags |= AF_STOP_CENTRE;
            else if (strcmp(w, "flyover") == 0 && a.kind == ATOM_BENT)
                a.flags |= AF_BENT_FLYOVER;
            else {
                add_error(errs, l->file, l->line, "unknown move option '%s'", w);
                return -1;
            }
            continue;
        }
        char key[32];
        snprintf(key, sizeof key, "%.*s", (int)(eq - w), w);
        const char *val = eq + 1;
        if (strcmp(key, "range") == 0) {
            int lo, hi = 0, n = 0;
            char dash = 0;
            int k = sscanf(val, "%d%c%d%n", &lo, &dash, &hi, &n);
            bool ok = false;
            if (k == 1 && (int)strlen(val) == snprintf(NULL, 0, "%d", lo)) {
                hi = lo;
                ok = true;
            } else if (k >= 2 && dash == '-') {
                if (k == 2 && val[strlen(val) - 1] == '-') {
                    hi = 0;
                    ok = true;
                } else if (k == 3 && val[n] == 0) {
                    ok = true;
                }
            }
            if (!ok || lo < 1 || lo > 64 || (hi && (hi < lo || hi > 64))) {
                add_error(errs, l->file, l->line, "bad range '%s' (expected N, N-M or N-)", val);
                return -1;
            }
            a.min = (uint8_t)lo;
            a.max = (uint8_t)hi;
            has_range = true;
        } else if (strcmp(key, "over") == 0) {
            int m;
            if (parse_classes(val, false, &m)) {
                add_error(errs, l->file, l->line, "bad value '%s' for over= (empty, friend, enemy, occupied, any)", val);
                return -1;
            }
            a.over = (uint8_t)m;
        } else if (strcmp(key, "to") == 0) {
            int m;
            if (parse_classes(val, true, &m)) {
                add_error(errs, l->file, l->line, "bad value '%s' for to= (empty, enemy, any)", val);
                return -1;
            }
            a.to = (uint8_t)m;
        } else if (strcmp(key, "zone") == 0) {
            static const char *z[] = {"any", "before", "upto", "at", "past"};
            int found = -1;
            for (int j = 0; j < 5; j++)
                if (strcmp(val, z[j]) == 0)
                    found = j;
            if (found < 0) {
                add_error(errs, l->file, l->line, "bad value '%s' for zone= (any, before, upto, at, past)", val);
                return -1;
            }
            a.zone = (uint8_t)found;
        } else if (strcmp(key, "start") == 0) {
            if (strcmp(val, "on") == 0)
                a.start = START_ON;
            else if (strcmp(val, "off") == 0)
                a.start = START_OFF;
            else {
                add_error(errs, l->file, l->line, "bad value '%s' for start= (on, off)", val);
                return -1;
            }
        } else {
            add_error(errs, l->file, l->line, "unknown move option '%s'", key);
            return -1;
        }
    }
    if (a.kind == ATOM_LEAP && has_range) {
        add_error(errs, l->file, l->line, "a leap takes no range");
        return -1;
    }
    if ((a.flags & AF_TAKE_OVER) && (a.max == 0 || a.max > 3)) {
        add_error(errs, l->file, l->line, "take-over needs a range of at most 3 squares");
        return -1;
    }
    pt->atoms[pt->natoms++] = a;
    return 0;
}

static char *append_text(char *old, const char *add)
{
    size_t ol = old ? strlen(old) : 0, al = strlen(add);
    char *n = realloc(old, ol + al + 2);
    if (!n)
        return old;
    if (ol)
        n[ol++] = ' ';
    memcpy(n + ol, add, al + 1);
    return n;
}

/* Text after the keyword of the line: titles and descriptions. */
static const char *line_rest(const char *src, size_t len, char *buf, size_t buflen)
{
    size_t i = 0;
    while (i < len && isspace((unsigned char)src[i]))
        i++;
    while (i < len && !isspace((unsigned char)src[i]))
        i++;
    while (i < len && (src[i] == ' ' || src[i] == '\t'))
        i++;
    size_t e = len;
    while (e > i && isspace((unsigned char)src[e - 1]))
        e--;
    size_t n = e - i < buflen - 1 ? e - i : buflen - 1;
    memcpy(buf, src + i, n);
    buf[n] = 0;
    return buf;
}

/* ---- variant blocks ---- */

typedef struct {
    int line;
    char text[1024];
    int nw;
    char words[MAX_WORDS][128];
} Directive;

typedef struct {
    char name[48];
    int line;
    Directive d[96];
    int nd;
} VariantBlock;

static bool valid_name(const char *s)
{
    if (!*s)
        return false;
    for (; *s; s++)
        if (!(islower((unsigned char)*s) || isdigit((unsigned char)*s) || *s == '-'))
            return false;
    return true;
}

/* Parses a file's text: piece blocks go to lib, a variant block to vb. */
static void parse_text(const char *fname, const char *text, PieceLib *lib, VariantBlock *vb, bool *have_vb,
                       DataErrors *errs)
{
    const char *s = text;
    int lineno = 0;
    PieceDef *cur = NULL;
    bool in_variant = false;
    int block_line = 0;
    char block_name[64] = "";
    while (*s) {
        const char *e = strchr(s, '\n');
        size_t len = e ? (size_t)(e - s) : strlen(s);
        lineno++;
        Line l;
        l.file = fname;
        l.line = lineno;
        split_line(&l, s, len);
        char rest[1024];
        line_rest(s, len, rest, sizeof rest);
        /* '#' starts a comment, except in title and describe texts */
        bool keeps_hash = l.nw && (!strcmp(l.w[0], "describe") || !strcmp(l.w[0], "title"));
        char *hash = keeps_hash ? NULL : strchr(rest, '#');
        if (hash)
            *hash = 0;
        s = e ? e + 1 : s + len;
        if (l.nw == 0)
            continue;
        const char *kw = l.w[0];
        if (!cur && !in_variant) {
            if (strcmp(kw, "piece") == 0 || strcmp(kw, "variant") == 0) {
                if (l.nw != 2 || !valid_name(l.w[1])) {
                    add_error(errs, fname, lineno, "'%s' needs one name of lower-case letters, digits and '-'", kw);
                    continue;
                }
                block_line = lineno;
                snprintf(block_name, sizeof block_name, "%s", l.w[1]);
                if (kw[0] == 'p') {
                    if (lib->n >= (int)(sizeof lib->defs / sizeof lib->defs[0])) {
                        add_error(errs, fname, lineno, "too many piece definitions");
                        continue;
                    }
                    for (int i = 0; i < lib->n; i++)
                        if (strcmp(lib->defs[i].pt.name, l.w[1]) == 0 && strcmp(lib->defs[i].file, fname) == 0)
                            add_error(errs, fname, lineno, "piece '%s' is defined twice (first on line %d)", l.w[1], lib->defs[i].line);
                    cur = &lib->defs[lib->n++];
                    memset(cur, 0, sizeof *cur);
                    snprintf(cur->pt.name, sizeof cur->pt.name, "%s", l.w[1]);
                    snprintf(cur->pt.title, sizeof cur->pt.title, "%s", l.w[1]);
                    snprintf(cur->file, sizeof cur->file, "%s", fname);
                    cur->line = lineno;
                    cur->pt.value = -1;
                } else {
                    if (*have_vb) {
                        add_error(errs, fname, lineno, "a file holds one variant; '%s' is the second", l.w[1]);
                        continue;
                    }
                    in_variant = true;
                    *have_vb = true;
                    memset(vb, 0, sizeof *vb);
                    snprintf(vb->name, sizeof vb->name, "%s", l.w[1]);
                    vb->line = lineno;
                }
            } else {
                add_error(errs, fname, lineno, "'%s' outside a piece or variant block", kw);
            }
            continue;
        }
        if (strcmp(kw, "end") == 0) {
            if (cur) {
                if (!cur->pt.letter)
                    add_error(errs, fname, block_line, "piece '%s' has no letter", cur->pt.name);
                if (cur->pt.natoms == 0)
                    add_error(errs, fname, block_line, "piece '%s' has no moves", cur->pt.name);
                if (cur->pt.value < 0)
                    cur->pt.value = 0;
                cur->defined = true;
            }
            cur = NULL;
            in_variant = false;
            continue;
        }
        if (strcmp(kw, "piece") == 0 || strcmp(kw, "variant") == 0) {
            add_error(errs, fname, lineno, "block '%s' (line %d) not closed with 'end'", block_name, block_line);
            cur = NULL;
            in_variant = false;
            continue;
        }
        if (cur) {
            PieceType *pt = &cur->pt;
            if (strcmp(kw, "title") == 0) {
                if (!rest[0])
                    add_error(errs, fname, lineno, "'title' needs a value");
                else
                    snprintf(pt->title, sizeof pt->title, "%.47s", rest);
            } else if (strcmp(kw, "describe") == 0) {
                if (!rest[0])
                    add_error(errs, fname, lineno, "'describe' needs a value");
                else
                    pt->description = append_text(pt->description, rest);
            } else if (strcmp(kw, "letter") == 0) {
                if (l.nw != 2 || strlen(l.w[1]) != 1 || !isupper((unsigned char)l.w[1][0]))
                    add_error(errs, fname, lineno, "letter must be one upper-case letter A-Z, not '%s'", l.nw > 1 ? l.w[1] : "");
                else
                    pt->letter = l.w[1][0];
            } else if (strcmp(kw, "value") == 0) {
                char *end;
                long val = l.nw == 2 ? strtol(l.w[1], &end, 10) : -1;
                if (l.nw != 2 || *end || val < 0 || val > 100000)
                    add_error(errs, fname, lineno, "value must be a whole number of centipawns 0-100000, not '%s'", l.nw > 1 ? l.w[1] : "");
                else
                    pt->value = (int)val;
            } else if (strcmp(kw, "royal") == 0) {
                pt->royal = true;
            } else if (strcmp(kw, "promotes") == 0) {
                pt->promotes = true;
            } else if (strcmp(kw, "titan") == 0) {
                pt->titan = true;
            } else if (strcmp(kw, "move") == 0) {
                parse_move(pt, &l, errs);
            } else {
                add_error(errs, fname, lineno, "unknown keyword '%s' in piece block", kw);
            }
            continue;
        }
        /* variant directive: checked when the variant is built */
        if (vb->nd >= (int)(sizeof vb->d / sizeof vb->d[0])) {
            add_error(errs, fname, lineno, "too many lines in variant block");
            continue;
        }
        Directive *d = &vb->d[vb->nd++];
        d->line = lineno;
        snprintf(d->text, sizeof d->text, "%s", rest);
        d->nw = l.nw;
        for (int i = 0; i < l.nw; i++)
            snprintf(d->words[i], sizeof d->words[i], "%s", l.w[i]);
    }
    if (cur || in_variant)
        add_error(errs, fname, block_line, "block '%s' not closed with 'end'", block_name);
}

static int parse_square_word(const Variant *v, const char *w, bool allow_missing)
{
    if (w[0] < 'a' || w[0] >= 'a' + v->width || !isdigit((unsigned char)w[1]))
        return -1;
    char *end;
    long label = strtol(w + 1, &end, 10);
    if (*end)
        return -1;
    long r = label - v->rank_base;
    if (r < 0 || r >= v->height)
        return -1;
    int sq = nc_sq(v, w[0] - 'a', (int)r);
    if (!allow_missing && !v->exists[sq])
        return -1;
    return sq;
}

static int find_type_name(const Variant *v, const char *name)
{
    for (int t = 0; t < v->ntypes; t++)
        if (strcmp(v->types[t].name, name) == 0)
            return t;
    return -1;
}

/* Splits "a,b,c" (or words) into type indices. */
static int parse_type_list(const Variant *v, const char *list, int *out, int max, const char *file, int line,
                           DataErrors *errs)
{
    char buf[512];
    snprintf(buf, sizeof buf, "%s", list);
    int n = 0;
    char *save3 = NULL;
    for (char *tok = strtok_r(buf, ", ", &save3); tok; tok = strtok_r(NULL, ", ", &save3)) {
        int t = find_type_name(v, tok);
        if (t < 0) {
            add_error(errs, file, line, "piece type '%s' is not in this variant", tok);
            return -1;
        }
        if (n < max)
            out[n++] = t;
    }
    return n;
}

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

static int locate_castling(Variant *v, char *err, int errlen)
{
    memset(v->castle_king_sq, 0, sizeof v->castle_king_sq);
    memset(v->castle_rook_sq, 0, sizeof v->castle_rook_sq);
    memset(v->castle_mask, 0, sizeof v->castle_mask);
    if (!v->castling)
        return 0;
    Position p;
    /* parse the board part only: castling rights are checked afterwards */
    char board[512];
    snprintf(board, sizeof board, "%s", v->setup_fen[v->setup]);
    char *sp = strchr(board, ' ');
    if (sp)
        snprintf(sp, sizeof board - (size_t)(sp - board), " w - - 0 1");
    if (pos_from_fen(&p, v, board, err, errlen))
        return -1;
    for (int c = 0; c < 2; c++) {
        int k = p.king[c];
        if (!k) {
            snprintf(err, (size_t)errlen, "castling needs a royal piece of each side in the setup");
            return -1;
        }
        v->castle_king_sq[c] = (uint16_t)k;
        int rank = v->rank_of[k];
        for (int f = 0; f < v->width; f++) {
            int sq = nc_sq(v, f, rank);
            int code = p.board[sq];
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
                         v->types[v->castle_rook_type].name, w ? "higher-file" : "lower-file",
                         c ? "black" : "white", v->setup_name[v->setup]);
                return -1;
            }
            int dist = abs(v->file_of[r] - v->file_of[k]);
            if (v->castling == 1 && v->castle_fixed >= dist) {
                snprintf(err, (size_t)errlen, "castling distance %d does not fit between king and rook", v->castle_fixed);
                return -1;
            }
        }
    }
    fill_castle_mask(v);
    return 0;
}

int variant_set_setup(Variant *v, const char *name, char *err, int errlen)
{
    for (int i = 0; i < v->nsetups; i++)
        if (strcmp(v->setup_name[i], name) == 0) {
            v->setup = i;
            return locate_castling(v, err, errlen);
        }
    snprintf(err, (size_t)errlen, "no setup '%s' in variant %s", name, v->name);
    return -1;
}

static int mirror_label(const Variant *v, int sq)
{
    return nc_sq(v, v->file_of[sq], v->height - 1 - v->rank_of[sq]);
}

static Variant *build_variant(const VariantBlock *vb, const PieceLib *lib, const char *fname, DataErrors *errs)
{
    Variant *v = calloc(1, sizeof *v);
    if (!v) {
        add_error(errs, fname, 0, "out of memory");
        return NULL;
    }
    int before = errs->n;
    snprintf(v->name, sizeof v->name, "%s", vb->name);
    snprintf(v->title, sizeof v->title, "%s", vb->name);
    snprintf(v->source, sizeof v->source, "%s", fname);
    v->castle_rook_type = -1;
    v->insane_type = -1;
    v->rank_base = 1;
    v->centre_rank = v->start_rank = v->promo_rank = -1;
    const Directive *dboard = NULL, *dpieces = NULL;
    /* first pass: geometry and pieces, which everything else refers to */
    for (int i = 0; i < vb->nd; i++) {
        const Directive *d = &vb->d[i];
        if (strcmp(d->words[0], "board") == 0)
            dboard = d;
        else if (strcmp(d->words[0], "pieces") == 0)
            dpieces = d;
        else if (strcmp(d->words[0], "rank-base") == 0) {
            if (d->nw != 2 || (strcmp(d->words[1], "0") && strcmp(d->words[1], "1")))
                add_error(errs, fname, d->line, "rank-base must be 0 or 1");
            else
                v->rank_base = d->words[1][0] - '0';
        }
    }
    if (!dboard) {
        add_error(errs, fname, vb->line, "variant '%s' has no 'board' line", vb->name);
        goto fail;
    }
    {
        int w, h;
        char x, extra;
        if (dboard->nw != 2 || sscanf(dboard->words[1], "%d%c%d%c", &w, &x, &h, &extra) != 3 || x != 'x' || w < 1 ||
            h < 1 || w > NC_MAX_FILES || h > NC_MAX_RANKS) {
            add_error(errs, fname, dboard->line, "board must be WIDTHxHEIGHT with each 1-%d, not '%s'", NC_MAX_FILES,
                      dboard->nw > 1 ? dboard->words[1] : "");
            goto fail;
        }
        v->width = w;
        v->height = h;
        v->stride = w + 2 * NC_PAD;
        for (int r = 0; r < h; r++)
            for (int f = 0; f < w; f++)
                v->exists[nc_sq(v, f, r)] = 1;
        for (int sq = 0; sq < NC_MAX_SQ; sq++) {
            v->file_of[sq] = -1;
            v->rank_of[sq] = -1;
        }
        for (int r = 0; r < h; r++)
            for (int f = 0; f < w; f++) {
                v->file_of[nc_sq(v, f, r)] = (int8_t)f;
                v->rank_of[nc_sq(v, f, r)] = (int8_t)r;
            }
    }
    if (!dpieces || dpieces->nw < 2) {
        add_error(errs, fname, dpieces ? dpieces->line : vb->line, "variant '%s' has no 'pieces' line", vb->name);
        goto fail;
    }
    for (int i = 1; i < dpieces->nw; i++) {
        /* "NAME=DEFINITION" names a type after a differently named
         * definition, so every variant can call its pawn "pawn". */
        char tname[48], dname[128];
        const char *eq = strchr(dpieces->words[i], '=');
        if (eq) {
            snprintf(tname, sizeof tname, "%.*s", (int)(eq - dpieces->words[i]), dpieces->words[i]);
            snprintf(dname, sizeof dname, "%s", eq + 1);
        } else {
            snprintf(tname, sizeof tname, "%.47s", dpieces->words[i]);
            snprintf(dname, sizeof dname, "%s", dpieces->words[i]);
        }
        if (!valid_name(tname) || strlen(tname) >= sizeof v->types[0].name) {
            add_error(errs, fname, dpieces->line, "bad piece type name '%s'", tname);
            continue;
        }
        int k = lib_find(lib, dname);
        if (k < 0 || !lib->defs[k].defined) {
            add_error(errs, fname, dpieces->line, "unknown piece type '%s'", dname);
            continue;
        }
        if (v->ntypes >= NC_MAX_TYPES) {
            add_error(errs, fname, dpieces->line, "more than %d piece types", NC_MAX_TYPES);
            break;
        }
        if (find_type_name(v, tname) >= 0) {
            add_error(errs, fname, dpieces->line, "piece type '%s' listed twice", tname);
            continue;
        }
        PieceType *pt = &v->types[v->ntypes++];
        *pt = lib->defs[k].pt;
        snprintf(pt->name, sizeof pt->name, "%s", tname);
        pt->description = lib->defs[k].pt.description ? strdup(lib->defs[k].pt.description) : NULL;
        for (int t = 0; t < v->ntypes - 1; t++)
            if (v->types[t].letter == pt->letter)
                add_error(errs, fname, dpieces->line, "letter '%c' is used by both '%s' and '%s'", pt->letter,
                          v->types[t].name, pt->name);
    }
    if (errs->n > before)
        goto fail;

    for (int i = 0; i < vb->nd; i++) {
        const Directive *d = &vb->d[i];
        const char *kw = d->words[0];
        int line = d->line;
        if (!strcmp(kw, "board") || !strcmp(kw, "pieces") || !strcmp(kw, "rank-base"))
            continue;
        if (!strcmp(kw, "title")) {
            if (!d->text[0])
                add_error(errs, fname, line, "'title' needs a value");
            snprintf(v->title, sizeof v->title, "%.63s", d->text);
        } else if (!strcmp(kw, "describe")) {
            if (!d->text[0])
                add_error(errs, fname, line, "'describe' needs a value");
            else
                v->description = append_text(v->description, d->text);
        } else if (!strcmp(kw, "missing")) {
            if (d->nw < 2)
                add_error(errs, fname, line, "'missing' needs squares, e.g. 'missing a0-d0 g0-j0'");
            for (int k = 1; k < d->nw; k++) {
                char a[32], b[32];
                const char *dash = strchr(d->words[k], '-');
                if (dash) {
                    snprintf(a, sizeof a, "%.*s", (int)(dash - d->words[k]), d->words[k]);
                    snprintf(b, sizeof b, "%s", dash + 1);
                } else {
                    snprintf(a, sizeof a, "%.31s", d->words[k]);
                    snprintf(b, sizeof b, "%.31s", d->words[k]);
                }
                int s1 = parse_square_word(v, a, true), s2 = parse_square_word(v, b, true);
                if (s1 < 0 || s2 < 0 || v->rank_of[s1] != v->rank_of[s2] || v->file_of[s1] > v->file_of[s2]) {
                    add_error(errs, fname, line, "bad square range '%s' (squares of one rank, like a0-d0)", d->words[k]);
                    continue;
                }
                for (int s = s1; s <= s2; s++)
                    v->exists[s] = 0;
            }
        } else if (!strcmp(kw, "centre-rank") || !strcmp(kw, "start-rank") || !strcmp(kw, "promotion-rank")) {
            char *end;
            long label = d->nw == 2 ? strtol(d->words[1], &end, 10) : -1;
            if (d->nw != 2 || *end || label - v->rank_base < 0 || label - v->rank_base >= v->height) {
                add_error(errs, fname, line, "%s must be a rank of the board, not '%s'", kw, d->nw > 1 ? d->words[1] : "");
                continue;
            }
            int idx = (int)label - v->rank_base;
            if (kw[0] == 'c')
                v->centre_rank = idx;
            else if (kw[0] == 's')
                v->start_rank = idx;
            else
                v->promo_rank = idx;
        }
    }
    if (errs->n > before)
        goto fail;
    {
        char err[200];
        variant_finish(v, err, sizeof err);
    }

    for (int i = 0; i < vb->nd; i++) {
        const Directive *d = &vb->d[i];
        const char *kw = d->words[0];
        int line = d->line;
        if (!strcmp(kw, "board") || !strcmp(kw, "pieces") || !strcmp(kw, "rank-base") || !strcmp(kw, "title") ||
            !strcmp(kw, "describe") || !strcmp(kw, "missing") || !strcmp(kw, "centre-rank") ||
            !strcmp(kw, "start-rank") || !strcmp(kw, "promotion-rank") || !strcmp(kw, "setup"))
            continue;
        if (!strcmp(kw, "promote-to")) {
            int list[NC_MAX_PROMO];
            char joined[512] = "";
            for (int k = 1; k < d->nw; k++)
                snprintf(joined + strlen(joined), sizeof joined - strlen(joined), "%s ", d->words[k]);
            int n = parse_type_list(v, joined, list, NC_MAX_PROMO, fname, line, errs);
            if (n <= 0) {
                if (n == 0)
                    add_error(errs, fname, line, "'promote-to' needs piece types");
                continue;
            }
            for (int k = 0; k < n; k++) {
                if (v->types[list[k]].royal) {
                    add_error(errs, fname, line, "cannot promote to royal piece type '%s'", v->types[list[k]].name);
                    continue;
                }
                v->promo_types[v->npromo++] = (uint8_t)list[k];
            }
        } else if (!strcmp(kw, "castling")) {
            int k = 1;
            if (d->nw >= 2 && !strcmp(d->words[1], "none")) {
                v->castling = 0;
                continue;
            }
            if (d->nw >= 2 && !strcmp(d->words[1], "flexible")) {
                v->castling = 2;
                k = 2;
            } else if (d->nw >= 3 && !strcmp(d->words[1], "fixed")) {
                char *end;
                long n = strtol(d->words[2], &end, 10);
                if (*end || n < 1 || n > 15) {
                    add_error(errs, fname, line, "castling fixed needs a king distance 1-15, not '%s'", d->words[2]);
                    continue;
                }
                v->castling = 1;
                v->castle_fixed = (int)n;
                k = 3;
            } else {
                add_error(errs, fname, line, "castling must be 'none', 'flexible ROOK' or 'fixed N ROOK'");
                continue;
            }
            if (d->nw != k + 1) {
                add_error(errs, fname, line, "castling needs the rook's piece type, e.g. 'castling flexible rook'");
                continue;
            }
            int t = find_type_name(v, d->words[k]);
            if (t < 0) {
                add_error(errs, fname, line, "piece type '%s' is not in this variant", d->words[k]);
                continue;
            }
            v->castle_rook_type = t;
        } else if (!strcmp(kw, "drop")) {
            if (d->nw < 3) {
                add_error(errs, fname, line, "'drop' needs a piece type and 'squares=...' or 'rank=N'");
                continue;
            }
            int t = find_type_name(v, d->words[1]);
            if (t < 0) {
                add_error(errs, fname, line, "piece type '%s' is not in this variant", d->words[1]);
                continue;
            }
            v->droppable[t] = 1;
            v->has_drops = true;
            for (int k = 2; k < d->nw; k++) {
                const char *w = d->words[k];
                if (!strcmp(w, "slide")) {
                    v->drop_slide[t] = 1;
                } else if (!strncmp(w, "squares=", 8)) {
                    char buf[256];
                    snprintf(buf, sizeof buf, "%s", w + 8);
                    char *save4 = NULL;
    for (char *tok = strtok_r(buf, ",", &save4); tok; tok = strtok_r(NULL, ",", &save4)) {
                        int sq = parse_square_word(v, tok, false);
                        if (sq < 0) {
                            add_error(errs, fname, line, "no square '%s' on this board", tok);
                            continue;
                        }
                        if (v->ndropsq[t][0] < NC_MAX_DROPSQ) {
                            v->dropsq[t][0][v->ndropsq[t][0]++] = (uint16_t)sq;
                            v->dropsq[t][1][v->ndropsq[t][1]++] = (uint16_t)mirror_label(v, sq);
                        }
                    }
                } else if (!strncmp(w, "rank=", 5)) {
                    char *end;
                    long label = strtol(w + 5, &end, 10);
                    long r = label - v->rank_base;
                    if (*end || w[5] == 0 || r < 0 || r >= v->height) {
                        add_error(errs, fname, line, "rank= must be a rank of the board, not '%s'", w + 5);
                        continue;
                    }
                    for (int f = 0; f < v->width; f++) {
                        int sq = nc_sq(v, f, (int)r);
                        if (v->exists[sq] && v->ndropsq[t][0] < NC_MAX_DROPSQ) {
                            v->dropsq[t][0][v->ndropsq[t][0]++] = (uint16_t)sq;
                            v->dropsq[t][1][v->ndropsq[t][1]++] = (uint16_t)mirror_label(v, sq);
                        }
                    }
                } else {
                    add_error(errs, fname, line, "unknown drop option '%s' (squares=, rank=, slide)", w);
                }
            }
        } else if (!strcmp(kw, "titans")) {
            char err[200];
            char joined[512] = "";
            for (int k = 1; k < d->nw; k++)
                snprintf(joined + strlen(joined), sizeof joined - strlen(joined), "%s%s", k > 1 ? "," : "", d->words[k]);
            if (d->nw < 2)
                add_error(errs, fname, line, "'titans' needs piece types");
            else if (variant_set_titans(v, joined, err, sizeof err))
                add_error(errs, fname, line, "%s", err);
        } else if (!strcmp(kw, "option")) {
            if (d->nw < 3) {
                add_error(errs, fname, line, "'option' needs a name and a description");
                continue;
            }
            if (strcmp(d->words[1], "insane-ninja") && strcmp(d->words[1], "scepter")) {
                add_error(errs, fname, line, "unknown optional rule '%s' (insane-ninja, scepter)", d->words[1]);
                continue;
            }
            if (v->noptions >= 4)
                continue;
            VariantOption *o = &v->options[v->noptions++];
            snprintf(o->name, sizeof o->name, "%.23s", d->words[1]);
            const char *desc = strstr(d->text, d->words[1]) + strlen(d->words[1]);
            while (*desc == ' ' || *desc == '\t')
                desc++;
            o->description = strdup(desc);
        } else if (!strcmp(kw, "insane-ninja")) {
            /* insane-ninja TYPE from=A,B squares=e11,f11 */
            if (d->nw != 4 || strncmp(d->words[2], "from=", 5) || strncmp(d->words[3], "squares=", 8)) {
                add_error(errs, fname, line, "expected 'insane-ninja TYPE from=TYPE,... squares=SQ,...'");
                continue;
            }
            int t = find_type_name(v, d->words[1]);
            if (t < 0) {
                add_error(errs, fname, line, "piece type '%s' is not in this variant", d->words[1]);
                continue;
            }
            v->insane_type = t;
            int list[NC_MAX_TYPES];
            int n = parse_type_list(v, d->words[2] + 5, list, NC_MAX_TYPES, fname, line, errs);
            for (int k = 0; k < n; k++)
                v->insane_from[list[k]] = 1;
            char buf[256];
            snprintf(buf, sizeof buf, "%s", d->words[3] + 8);
            v->nspecial = 0;
            char *save5 = NULL;
    for (char *tok = strtok_r(buf, ",", &save5); tok; tok = strtok_r(NULL, ",", &save5)) {
                int sq = parse_square_word(v, tok, false);
                if (sq < 0) {
                    add_error(errs, fname, line, "no square '%s' on this board", tok);
                    continue;
                }
                if (v->nspecial < NC_MAX_SPECIAL_SQ) {
                    v->special_sq[0][v->nspecial] = (uint16_t)sq;
                    v->special_sq[1][v->nspecial] = (uint16_t)mirror_label(v, sq);
                    v->nspecial++;
                }
            }
        } else if (!strcmp(kw, "scepter")) {
            if (d->nw != 2 || strncmp(d->words[1], "squares=", 8)) {
                add_error(errs, fname, line, "expected 'scepter squares=SQ,...'");
                continue;
            }
            char buf[256];
            snprintf(buf, sizeof buf, "%s", d->words[1] + 8);
            v->nspecial = 0;
            char *save6 = NULL;
    for (char *tok = strtok_r(buf, ",", &save6); tok; tok = strtok_r(NULL, ",", &save6)) {
                int sq = parse_square_word(v, tok, false);
                if (sq < 0) {
                    add_error(errs, fname, line, "no square '%s' on this board", tok);
                    continue;
                }
                if (v->nspecial < NC_MAX_SPECIAL_SQ) {
                    v->special_sq[0][v->nspecial] = (uint16_t)sq;
                    v->special_sq[1][v->nspecial] = (uint16_t)mirror_label(v, sq);
                    v->nspecial++;
                }
            }
        } else {
            add_error(errs, fname, line, "unknown keyword '%s' in variant block", kw);
        }
    }
    if (errs->n > before)
        goto fail;

    /* whole-variant checks */
    for (int t = 0; t < v->ntypes; t++) {
        if (v->types[t].promotes && (v->promo_rank < 0 || v->npromo == 0)) {
            add_error(errs, fname, vb->line, "piece type '%s' promotes but the variant has no promotion-rank and promote-to",
                      v->types[t].name);
            goto fail;
        }
        for (int a = 0; a < v->types[t].natoms; a++) {
            const Atom *at = &v->types[t].atoms[a];
            if ((at->zone || (at->flags & AF_STOP_CENTRE)) && v->centre_rank < 0) {
                add_error(errs, fname, vb->line, "piece type '%s' refers to the centre rank but the variant has no centre-rank",
                          v->types[t].name);
                goto fail;
            }
            if (at->start && v->start_rank < 0) {
                add_error(errs, fname, vb->line, "piece type '%s' refers to the start rank but the variant has no start-rank",
                          v->types[t].name);
                goto fail;
            }
        }
    }
    {
        int royals = 0;
        for (int t = 0; t < v->ntypes; t++)
            royals += v->types[t].royal;
        if (royals > 1) {
            add_error(errs, fname, dpieces->line, "more than one royal piece type");
            goto fail;
        }
    }
    for (int i = 0; i < vb->nd; i++) {
        const Directive *d = &vb->d[i];
        if (strcmp(d->words[0], "setup"))
            continue;
        if (d->nw < 3) {
            add_error(errs, fname, d->line, "'setup' needs a name and a position text");
            continue;
        }
        if (v->nsetups >= 4) {
            add_error(errs, fname, d->line, "more than 4 setups");
            continue;
        }
        const char *fen = strstr(d->text, d->words[1]) + strlen(d->words[1]);
        while (*fen == ' ' || *fen == '\t')
            fen++;
        int k = v->nsetups++;
        snprintf(v->setup_name[k], sizeof v->setup_name[k], "%.23s", d->words[1]);
        v->setup_fen[k] = strdup(fen);
        v->setup = k;
        char err[200];
        if (v->castling && locate_castling(v, err, sizeof err)) {
            add_error(errs, fname, d->line, "setup '%s': %s", d->words[1], err);
            continue;
        }
        Position p;
        if (pos_from_fen(&p, v, fen, err, sizeof err))
            add_error(errs, fname, d->line, "setup '%s': %s", d->words[1], err);
    }
    if (v->nsetups == 0 && errs->n == before)
        add_error(errs, fname, vb->line, "variant '%s' has no 'setup' line", vb->name);
    if (errs->n > before)
        goto fail;
    v->setup = 0;
    {
        char err[200];
        if (v->castling && locate_castling(v, err, sizeof err)) {
            add_error(errs, fname, vb->line, "%s", err);
            goto fail;
        }
    }
    return v;
fail:
    variant_free(v);
    return NULL;
}

static Variant *load_with_lib(const char *dir, const char *fname, const char *text, DataErrors *errs)
{
    errs->n = 0;
    PieceLib *lib = calloc(1, sizeof *lib);
    VariantBlock *vb = calloc(1, sizeof *vb);
    Variant *v = NULL;
    if (!lib || !vb)
        goto done;
    char path[1024];
    snprintf(path, sizeof path, "%s/pieces.txt", dir);
    char *ptext = read_file(path, errs);
    if (!ptext)
        goto done;
    bool have = false;
    VariantBlock dummy;
    parse_text(path, ptext, lib, &dummy, &have, errs);
    free(ptext);
    if (have)
        add_error(errs, path, dummy.line, "variant blocks belong in the variants directory");
    have = false;
    parse_text(fname, text, lib, vb, &have, errs);
    if (!have && errs->n == 0)
        add_error(errs, fname, 0, "no 'variant' block");
    if (errs->n)
        goto done;
    v = build_variant(vb, lib, fname, errs);
done:
    for (int i = 0; lib && i < lib->n; i++)
        free(lib->defs[i].pt.description);
    free(lib);
    free(vb);
    return v;
}

Variant *variant_load_text(const char *dir, const char *fname, const char *text, DataErrors *errs)
{
    return load_with_lib(dir, fname, text, errs);
}

Variant *variant_load_file(const char *dir, const char *path, DataErrors *errs)
{
    errs->n = 0;
    char *text = read_file(path, errs);
    if (!text)
        return NULL;
    Variant *v = load_with_lib(dir, path, text, errs);
    free(text);
    return v;
}

Variant *variant_load(const char *dir, const char *name, DataErrors *errs)
{
    errs->n = 0;
    if (!valid_name(name)) {
        add_error(errs, name, 0, "not a variant name (see --list-variants)");
        return NULL;
    }
    char path[1024];
    snprintf(path, sizeof path, "%s/variants/%s.txt", dir, name);
    struct stat st;
    if (stat(path, &st) != 0) {
        errs->n = 0;
        add_error(errs, name, 0, "unknown variant (see --list-variants)");
        return NULL;
    }
    return variant_load_file(dir, path, errs);
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int variant_list(const char *dir, char ***names)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/variants", dir);
    DIR *d = opendir(path);
    *names = NULL;
    if (!d)
        return 0;
    int n = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t len = strlen(e->d_name);
        if (len < 5 || strcmp(e->d_name + len - 4, ".txt"))
            continue;
        if (n == cap) {
            cap = cap ? cap * 2 : 16;
            char **nn = realloc(*names, sizeof **names * (size_t)cap);
            if (!nn)
                break;
            *names = nn;
        }
        (*names)[n++] = strndup(e->d_name, len - 4);
    }
    closedir(d);
    qsort(*names, (size_t)n, sizeof **names, cmp_str);
    return n;
}
