/* PGN reading and the move text of PGN writing (pgn.h).  Tags go into
 * fixed fields: a value longer than its field is refused, never cut. */
#include "pgn.h"

#include "moveinput.h"
#include "text/quote.h"
#include "files/safe_file.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *skip_space(const char *s, int *line)
{
    for (;;) {
        while (*s == ' ' || *s == '\t' || *s == '\r' || *s == '\n') {
            if (*s == '\n')
                (*line)++;
            s++;
        }
        if (*s == ';' || *s == '%') { /* comment to the end of the line / escape line */
            while (*s && *s != '\n')
                s++;
            continue;
        }
        return s;
    }
}

/* Copies a tag value; false when it does not fit the field. */
static bool set_field(char *dst, size_t n, const char *v)
{
    size_t l = strlen(v);
    if (l >= n)
        return false;
    memcpy(dst, v, l + 1);
    return true;
}

/* The field a tag this program uses is kept in (NULL for the others). */
static char *tag_field(PgnTags *t, const char *name, size_t *size)
{
    static const struct {
        const char *name;
        size_t offset, size;
    } fields[] = {
        {"Variant", offsetof(PgnTags, variant), sizeof ((PgnTags *)0)->variant},
        {"VariantSetup", offsetof(PgnTags, setup), sizeof ((PgnTags *)0)->setup},
        {"VariantOptions", offsetof(PgnTags, options), sizeof ((PgnTags *)0)->options},
        {"Titans", offsetof(PgnTags, titans), sizeof ((PgnTags *)0)->titans},
        {"FEN", offsetof(PgnTags, fen), sizeof ((PgnTags *)0)->fen},
        {"White", offsetof(PgnTags, white), sizeof ((PgnTags *)0)->white},
        {"Black", offsetof(PgnTags, black), sizeof ((PgnTags *)0)->black},
        {"TimeControl", offsetof(PgnTags, time_control), sizeof ((PgnTags *)0)->time_control},
        {"Result", offsetof(PgnTags, result), sizeof ((PgnTags *)0)->result},
        {"Termination", offsetof(PgnTags, termination), sizeof ((PgnTags *)0)->termination},
    };
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
        if (!strcmp(name, fields[i].name)) {
            *size = fields[i].size;
            return (char *)t + fields[i].offset;
        }
    return NULL;
}

/* Our name for a [Variant] value: "Titan Chess" is titan-chess; the names
 * other programs give orthodox chess are chess. */
static void our_variant_name(char *name)
{
    for (char *c = name; *c; c++)
        *c = *c == ' ' ? '-' : (*c >= 'A' && *c <= 'Z') ? (char)(*c - 'A' + 'a') : *c;
    static const char *const aliases[][2] = {
        {"standard", "chess"}, {"normal", "chess"}, {"orthodox", "chess"}, {"capablanca-chess", "capablanca"},
    };
    for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++)
        if (!strcmp(name, aliases[i][0]))
            strcpy(name, aliases[i][1]);
}

/* Keeps the value of a tag this program uses; false when it is longer
 * than the program keeps. */
static bool store_tag(PgnTags *t, const char *name, const char *val)
{
    size_t size;
    char *field = tag_field(t, name, &size);
    if (field && !set_field(field, size, val))
        return false;
    if (!strcmp(name, "Variant")) {
        our_variant_name(t->variant);
        t->has_variant = true;
    } else if (!strcmp(name, "Level")) {
        t->level = atoi(val);
        if (t->level < 0 || t->level > 10)
            t->level = 0;
    }
    return true;
}

/* The tag's name at s (after '['); NULL when there is none. */
static const char *tag_name(const char *s, char *name, size_t size)
{
    size_t n = 0;
    while (*s == ' ')
        s++;
    while ((*s >= 'A' && *s <= 'Z') || (*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') || *s == '_') {
        if (n + 1 < size)
            name[n++] = *s;
        s++;
    }
    name[n] = 0;
    return n ? s : NULL;
}

static int parse_tag(const char *s, const char **end, PgnTags *t, int line, PgnTagFn each, void *ctx, char *err,
                     int errlen)
{
    char name[32], val[1024];
    s = tag_name(s, name, sizeof name);
    while (s && *s == ' ')
        s++;
    if (!s || *s != '"') {
        snprintf(err, (size_t)errlen, "line %d: malformed tag (expected [Name \"value\"])", line);
        return -1;
    }
    s++;
    int k = 0;
    while (*s && *s != '"' && *s != '\n') {
        if (*s == '\\' && s[1])
            s++;
        if (k == (int)sizeof val - 1) {
            snprintf(err, (size_t)errlen, "line %d: the value of tag %s is longer than %d bytes", line, name,
                     (int)sizeof val - 1);
            return -1;
        }
        val[k++] = *s++;
    }
    val[k] = 0;
    if (*s != '"') {
        snprintf(err, (size_t)errlen, "line %d: tag %s is not closed", line, name);
        return -1;
    }
    s++;
    while (*s == ' ')
        s++;
    if (*s != ']') {
        snprintf(err, (size_t)errlen, "line %d: tag %s is not closed with ]", line, name);
        return -1;
    }
    *end = s + 1;
    if (each)
        each(ctx, name, val);
    if (!store_tag(t, name, val)) {
        size_t size = 0;
        tag_field(t, name, &size);
        snprintf(err, (size_t)errlen, "line %d: the value of tag %s is longer than %d bytes", line, name,
                 (int)size - 1);
        return -1;
    }
    return 0;
}

/* "1." or "1..." (also glued to the move): a game's move text. */
static bool starts_move_text(const char *s)
{
    if (*s < '1' || *s > '9')
        return false;
    while (*s >= '0' && *s <= '9')
        s++;
    return *s == '.';
}

int pgn_read_tags_each(const char **sp, int *line, PgnTags *t, const char *name, PgnTagFn each, void *ctx,
                       char *err, int errlen)
{
    char e[400];
    memset(t, 0, sizeof *t);
    const char *s = skip_space(*sp, line);
    if (*s != '[' && starts_move_text(s)) {
        /* Move text alone, as some programs export a game: the PGN
         * standard's game, chess, from its setup. */
        strcpy(t->variant, "chess");
        *sp = s;
        return 0;
    }
    if (*s != '[') {
        snprintf(err, (size_t)errlen, "%s is not a saved game (no PGN tags at the start)", name);
        return -1;
    }
    while (*s == '[') {
        if (parse_tag(s + 1, &s, t, *line, each, ctx, e, sizeof e)) {
            snprintf(err, (size_t)errlen, "%s: %s", name, e);
            return -1;
        }
        s = skip_space(s, line);
    }
    if (!t->has_variant)
        strcpy(t->variant, "chess"); /* the PGN standard's game */
    *sp = s;
    return 0;
}

int pgn_read_tags(const char **sp, int *line, PgnTags *t, const char *name, char *err, int errlen)
{
    return pgn_read_tags_each(sp, line, t, name, NULL, NULL, err, errlen);
}

/* ---- the move text ---- */

static bool is_result(const char *tok)
{
    return !strcmp(tok, "1-0") || !strcmp(tok, "0-1") || !strcmp(tok, "1/2-1/2") || !strcmp(tok, "*");
}

/* The move in a token: past a move number "12." or "12..." (also
 * "12.e3-e5"), annotation glyphs (!, ?) taken off the end. */
static const char *move_of_token(char *tok, char *glyph, size_t glen)
{
    char *mv = tok;
    if (*mv >= '0' && *mv <= '9') {
        char *q = mv;
        while (*q >= '0' && *q <= '9')
            q++;
        if (*q == '.') {
            while (*q == '.')
                q++;
            mv = q;
        }
    }
    size_t n = strlen(mv), end = n;
    while (n && (mv[n - 1] == '!' || mv[n - 1] == '?'))
        n--;
    snprintf(glyph, glen, "%s", end - n < glen ? mv + n : "");
    mv[n] = 0;
    return mv;
}

/* The NAG of a move's annotation glyph ("!" is $1), NULL for none. */
static const char *nag_of_glyph(const char *g)
{
    static const char *const glyphs[][2] = {{"!", "$1"},  {"?", "$2"},  {"!!", "$3"},
                                            {"??", "$4"}, {"!?", "$5"}, {"?!", "$6"}};
    for (size_t i = 0; i < sizeof glyphs / sizeof glyphs[0]; i++)
        if (!strcmp(g, glyphs[i][0]))
            return glyphs[i][1];
    return NULL;
}

/* The end of the {comment} at s, or NULL when it is not closed. */
static const char *comment_end(const char *s, int *line)
{
    while (*s && *s != '}') {
        if (*s == '\n')
            (*line)++;
        s++;
    }
    return *s ? s : NULL;
}

/* Skips a variation at s ('('), nested ones and comments inside it. */
static const char *skip_variation(const char *s, int *line, const char *name, char *err, int errlen)
{
    int opened = *line, depth = 0;
    do {
        if (*s == '{') {
            s = comment_end(s, line);
            if (!s)
                break;
        } else if (*s == '(') {
            depth++;
        } else if (*s == ')') {
            depth--;
        } else if (*s == '\n') {
            (*line)++;
        }
        s++;
    } while (*s && depth > 0);
    if (depth > 0 || !s) {
        snprintf(err, (size_t)errlen, "%s: line %d: variation '(' is not closed", name, opened);
        return NULL;
    }
    return s;
}

/* The next token at s into tok; NULL after an error. */
static const char *read_token(const char *s, char *tok, size_t size, int line, const char *name, char *err,
                              int errlen)
{
    size_t k = 0;
    while (*s && !strchr(" \t\n\r{}()[;", *s)) {
        if (k == size - 1) {
            snprintf(err, (size_t)errlen, "%s: line %d: a move longer than %d bytes", name, line, (int)size - 1);
            return NULL;
        }
        tok[k++] = *s++;
    }
    tok[k] = 0;
    return s;
}

/* A {comment}, a variation or a ')' at s: handled, s moved past it.
 * Returns s unchanged when s is at none of them, NULL after an error. */
static const char *skip_aside(const char *s, int *line, int ply, const char *name, const PgnReader *r, void *ctx,
                              char *err, int errlen)
{
    if (*s == '{') {
        int opened = *line;
        const char *e = comment_end(s + 1, line);
        if (!e) {
            snprintf(err, (size_t)errlen, "%s: line %d: comment '{' is not closed", name, opened);
            return NULL;
        }
        if (r->comment)
            r->comment(ctx, s + 1, (size_t)(e - s - 1), ply);
        return e + 1;
    }
    if (*s == '(')
        return skip_variation(s, line, name, err, errlen);
    if (*s == ')' || *s == '}') {
        snprintf(err, (size_t)errlen, "%s: line %d: '%c' without its opening", name, *line, *s);
        return NULL;
    }
    return s;
}

/* A '[' that opens a line: the next game's tags (a file of several games). */
static bool starts_line(const char *text, const char *s)
{
    while (s > text && (s[-1] == ' ' || s[-1] == '\t'))
        s--;
    return s == text || s[-1] == '\n';
}

/* Tells the reader where the game's text ended; 0. */
static int game_ends(const PgnReader *r, void *ctx, const char *at)
{
    if (r->end)
        r->end(ctx, at);
    return 0;
}

int pgn_read_moves(const char *s, int line, const char *name, const PgnReader *r, void *ctx, char *err,
                   int errlen)
{
    const char *text = s;
    int ply = 0;
    for (;;) {
        s = skip_space(s, &line);
        if (!*s)
            return game_ends(r, ctx, s);
        if (*s == '[') {
            if (starts_line(text, s))
                return game_ends(r, ctx, s); /* the next game's tags */
            snprintf(err, (size_t)errlen, "%s: line %d: '[' inside the moves (a tag must start a line)", name, line);
            return -1;
        }
        const char *next = skip_aside(s, &line, ply, name, r, ctx, err, errlen);
        if (!next)
            return -1;
        if (next != s) {
            s = next;
            continue;
        }
        char tok[200];
        s = read_token(s, tok, sizeof tok, line, name, err, errlen);
        if (!s)
            return -1;
        if (is_result(tok))
            return game_ends(r, ctx, s);
        if (!strcmp(tok, "e.p.") && ply > 0)
            continue; /* "exd6 e.p.": the suffix of the move before */
        char glyph[8];
        const char *mv = tok[0] == '$' ? "" : move_of_token(tok, glyph, sizeof glyph);
        if (!*mv) {
            const char *nag = tok[0] == '$' ? tok : nag_of_glyph(glyph);
            if (nag && r->nag)
                r->nag(ctx, nag, ply);
            continue;
        }
        if (r->move(ctx, mv, ply, line, err, errlen))
            return -1;
        ply++;
        if (glyph[0] && nag_of_glyph(glyph) && r->nag)
            r->nag(ctx, nag_of_glyph(glyph), ply);
    }
}

/* ---- how a game ended ---- */

int pgn_recorded_end(const PgnTags *t, char *how, size_t len)
{
    int winner = !strcmp(t->result, "1-0") ? NC_WHITE : !strcmp(t->result, "0-1") ? NC_BLACK
                 : !strcmp(t->result, "1/2-1/2") ? -1 : -2;
    if (winner == -2)
        return -2;
    char low[64];
    size_t n = 0;
    for (const char *c = t->termination; *c && n + 1 < sizeof low; c++)
        low[n++] = (char)(*c >= 'A' && *c <= 'Z' ? *c - 'A' + 'a' : *c);
    low[n] = 0;
    /* This program's older form "1-0, White resigned": the words after the result. */
    const char *words = strstr(low, ", ") ? strstr(low, ", ") + 2 : low;
    if (strstr(words, "time"))
        snprintf(how, len, "time forfeit");
    else if (!strcmp(words, "adjudication") || strstr(words, "adjudicat"))
        snprintf(how, len, "adjudication");
    else if (!words[0])
        snprintf(how, len, "result as recorded"); /* no word on how */
    else if (!strcmp(words, "normal") || strstr(words, "resign") || strstr(words, "agreed"))
        snprintf(how, len, "%s", winner < 0 ? "draw agreed" : "resignation");
    else
        snprintf(how, len, "%s", t->termination + (words - low));
    return winner;
}

const char *pgn_termination_of(bool time_forfeit)
{
    return time_forfeit ? "time forfeit" : "normal";
}

/* ---- writing ---- */

const char *pgn_result_of(const char *result)
{
    if (!result || !result[0])
        return "*";
    if (!strncmp(result, "1-0", 3))
        return "1-0";
    if (!strncmp(result, "0-1", 3))
        return "0-1";
    return "1/2-1/2";
}

/* Appends one token, breaking lines before column 80. */
static void put_token(FILE *f, const char *tok, int *col)
{
    int n = (int)strlen(tok);
    if (*col && *col + 1 + n > 79) {
        fputc('\n', f);
        *col = 0;
    }
    if (*col) {
        fputc(' ', f);
        (*col)++;
    }
    fputs(tok, f);
    *col += n;
}

/* A comment as one token, braces inside turned into parentheses (a brace
 * would end the comment); whatever its length, never cut. */
static int put_comment(FILE *f, const char *text, int *col)
{
    size_t n = strlen(text);
    char *buf = malloc(n + 3);
    if (!buf)
        return -1;
    buf[0] = '{';
    for (size_t i = 0; i < n; i++)
        buf[i + 1] = text[i] == '{' ? '(' : text[i] == '}' ? ')' : text[i];
    buf[n + 1] = '}';
    buf[n + 2] = 0;
    put_token(f, buf, col);
    free(buf);
    return 0;
}

int pgn_write_moves(FILE *f, const Position *start, const Move *moves, int nply, PgnCommentFn comment,
                    void *ctx, const char *result_token)
{
    return pgn_write_annotated(f, start, moves, nply, NULL, comment, ctx, result_token);
}

/* The NAG tokens ("$1 $14") after a move, each a token of its own. */
static void put_nags(FILE *f, const char *nags, int *col)
{
    char tok[16];
    for (const char *s = nags; *s;) {
        while (*s == ' ')
            s++;
        size_t n = strcspn(s, " ");
        if (n && n < sizeof tok) {
            memcpy(tok, s, n);
            tok[n] = 0;
            put_token(f, tok, col);
        }
        s += n;
    }
}

int pgn_write_annotated(FILE *f, const Position *start, const Move *moves, int nply, PgnCommentFn nag,
                        PgnCommentFn comment, void *ctx, const char *result_token)
{
    PgnNotes notes = {nag, comment, NULL, ctx};
    return pgn_write_noted(f, start, moves, nply, &notes, result_token);
}

/* A move with its number where one is due: before White's, and before
 * Black's at the start of a line or after a comment or variation. */
static void put_move(FILE *f, const Position *p, const Move *m, int fullmove, bool number_black, const char *open,
                     const char *close, int *col)
{
    char label[160], tok[220];
    move_label(p, m, label, sizeof label);
    if (p->side == NC_WHITE)
        snprintf(tok, sizeof tok, "%s%d. %s%s", open, fullmove, label, close);
    else if (number_black)
        snprintf(tok, sizeof tok, "%s%d... %s%s", open, fullmove, label, close);
    else
        snprintf(tok, sizeof tok, "%s%s%s", open, label, close);
    put_token(f, tok, col);
}

/* The variation of n moves from p (the position before the move it
 * replaces), numbered from fullmove. */
static void put_variation(FILE *f, Position p, const Move *line, int n, int fullmove, int *col)
{
    for (int k = 0; k < n; k++) {
        put_move(f, &p, &line[k], fullmove, k == 0, k == 0 ? "(" : "", k == n - 1 ? ")" : "", col);
        if (p.side == NC_BLACK)
            fullmove++;
        Undo u;
        make_move(&p, &line[k], &u);
    }
}

int pgn_write_noted(FILE *f, const Position *start, const Move *moves, int nply, const PgnNotes *notes,
                    const char *result_token)
{
    Position p = *start;
    int col = 0, fullmove = start->fullmove;
    bool number_black = true; /* a Black move gets its number first, and after a comment or variation */
    int failed = 0;           /* a comment could not be written (out of memory) */
    char cbuf[1024];
    void *ctx = notes->ctx;
    const char *before = notes->comment ? notes->comment(ctx, -1, cbuf, sizeof cbuf) : NULL;
    if (before && before[0])
        failed |= put_comment(f, before, &col);
    for (int i = 0; i < nply; i++) {
        put_move(f, &p, &moves[i], fullmove, number_black, "", "", &col);
        const char *nags = notes->nag ? notes->nag(ctx, i, cbuf, sizeof cbuf) : NULL;
        if (nags && nags[0])
            put_nags(f, nags, &col);
        const char *c = notes->comment ? notes->comment(ctx, i, cbuf, sizeof cbuf) : NULL;
        number_black = c && c[0];
        if (number_black)
            failed |= put_comment(f, c, &col);
        const Move *line = NULL;
        int nline = notes->variation ? notes->variation(ctx, i, &line) : 0;
        if (nline > 0 && line) {
            put_variation(f, p, line, nline, fullmove, &col);
            number_black = true;
        }
        if (p.side == NC_BLACK)
            fullmove++;
        Undo u;
        make_move(&p, &moves[i], &u);
    }
    put_token(f, result_token, &col);
    fputc('\n', f);
    return failed || ferror(f) ? -1 : 0;
}

/* ---- files ---- */

static char *read_all(FILE *f, size_t *lenp, int *e)
{
    char *buf = NULL;
    size_t len = 0, cap = 0;
    *e = 0;
    for (;;) {
        if (len + 4096 + 1 > cap) {
            cap = cap ? cap * 2 : 8192;
            char *nb = cap > (size_t)64 << 20 ? NULL : realloc(buf, cap);
            if (!nb) {
                *e = cap > (size_t)64 << 20 ? EFBIG : ENOMEM;
                free(buf);
                return NULL;
            }
            buf = nb;
        }
        size_t r = fread(buf + len, 1, 4096, f);
        len += r;
        if (r < 4096) {
            if (ferror(f)) {
                *e = errno ? errno : EIO;
                free(buf);
                return NULL;
            }
            break;
        }
    }
    buf[len] = 0;
    *lenp = len;
    return buf;
}

char *pgn_read_stream(FILE *f, const char *name, size_t *lenp, char *err, int errlen)
{
    char q[600];
    nc_quote(name, q, sizeof q);
    int e;
    char *buf = read_all(f, lenp, &e);
    if (!buf) {
        if (e == EFBIG)
            snprintf(err, (size_t)errlen, "'%s' is too large to be a saved game", q);
        else
            snprintf(err, (size_t)errlen, "cannot read '%s': %s", q, strerror(e));
        return NULL;
    }
    if (memchr(buf, 0, *lenp)) {
        free(buf);
        snprintf(err, (size_t)errlen, "'%s' is not a saved game (binary data)", q);
        return NULL;
    }
    return buf;
}

char *pgn_read_file(const char *path, size_t *lenp, char *err, int errlen)
{
    char q[600], why[200];
    nc_quote(path, q, sizeof q);
    /* A regular file only: a FIFO would block, a device never end. */
    int fd = sf_open_regular(path, why, sizeof why);
    FILE *f = fd < 0 ? NULL : fdopen(fd, "rb");
    if (!f) {
        int e = errno;
        if (fd >= 0)
            close(fd);
        if (fd < 0 && e == EISDIR)
            snprintf(err, (size_t)errlen, "'%s' is a directory, not a saved game", q);
        else if (fd < 0 && e == EINVAL)
            snprintf(err, (size_t)errlen, "'%s': %s", q, why);
        else
            snprintf(err, (size_t)errlen, "cannot open '%s': %s", q, strerror(e));
        return NULL;
    }
    char *buf = pgn_read_stream(f, path, lenp, err, errlen);
    fclose(f);
    return buf;
}
