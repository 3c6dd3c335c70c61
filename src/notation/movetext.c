/* The move text of doc/move-text.md, both ways: writing every square a move
 * involves, and finding the one legal move a text names; and the
 * coordinate form (e2e4, e7e8q, P@e4) that other engines print and XBoard
 * speaks, written here once for every front end.  Legality itself comes
 * from movegen.c. */
#include "movetext.h"

#include "rules/rules.h"
#include "text/quote.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

char *move_to_text(const Position *p, const Move *m, char *buf, int buflen)
{
    const Variant *v = p->v;
    char a[4], b[4], c[4], d[4];
    int n = 0;
#define PUT(...) (n += snprintf(buf + n, n < buflen ? (size_t)(buflen - n) : 0, __VA_ARGS__))
    if (m->kind == MK_CASTLE) {
        PUT("%s-%s,%s-%s", nc_sqname(v, m->from, a), nc_sqname(v, m->to, b),
            nc_sqname(v, m->aux, c), nc_sqname(v, m->aux2, d));
        return buf;
    }
    if (m->kind == MK_DROP) {
        PUT("%c@%s", v->types[m->promo - 1].letter, nc_sqname(v, m->aux, a));
        if (m->to != m->aux)
            PUT("-%s", nc_sqname(v, m->to, b));
        return buf;
    }
    PUT("%s-%s", nc_sqname(v, m->from, a), nc_sqname(v, m->to, b));
    MoveEffects fx;
    move_effects(p, m, &fx);
    static const char mark[] = {'x', '^', '%', ':'};
    for (int i = 0; i < fx.n; i++)
        PUT("%c%s", mark[fx.kind[i]], nc_sqname(v, fx.sq[i], a));
    if (m->promo)
        PUT("=%c", v->types[m->promo - 1].letter);
#undef PUT
    return buf;
}

char *coord_sqname(const Variant *v, int sq, int rank_first, char *buf)
{
    snprintf(buf, 8, "%c%d", 'a' + v->file_of[sq], v->rank_of[sq] + rank_first);
    return buf;
}

void move_to_coord(const Position *p, const Move *m, int rank_first, char *buf, size_t len)
{
    const Variant *v = p->v;
    char a[8], b[8];
    if (m->kind == MK_DROP) {
        snprintf(buf, len, "%c@%s", v->types[m->promo - 1].letter, coord_sqname(v, m->to, rank_first, b));
        return;
    }
    snprintf(buf, len, "%s%s", coord_sqname(v, m->from, rank_first, a), coord_sqname(v, m->to, rank_first, b));
    if (m->promo) {
        size_t n = strlen(buf);
        snprintf(buf + n, len - n, "%c", (char)tolower((unsigned char)v->types[m->promo - 1].letter));
    }
}

/* The short form of a move: its squares and promotion, effects left out. */
static void short_form(const Position *p, const Move *m, char *buf, int buflen)
{
    const Variant *v = p->v;
    char a[4], b[4];
    if (m->kind == MK_DROP) {
        snprintf(buf, (size_t)buflen, "%c@%s", v->types[m->promo - 1].letter, nc_sqname(v, m->aux, a));
        if (m->to != m->aux)
            snprintf(buf + strlen(buf), (size_t)buflen - strlen(buf), "-%s", nc_sqname(v, m->to, b));
        return;
    }
    snprintf(buf, (size_t)buflen, "%s-%s", nc_sqname(v, m->from, a), nc_sqname(v, m->to, b));
    if (m->promo && m->kind == MK_NORMAL)
        snprintf(buf + strlen(buf), (size_t)buflen - strlen(buf), "=%c", v->types[m->promo - 1].letter);
}

/* The text without blanks, a trailing check or mate mark taken off into
 * *mark ('+', '#' or 0; a mark elsewhere stays and makes the text
 * malformed).  Returns -1 with a message for an empty or too long text. */
static int clean_text(const char *text, char *clean, int size, char *mark, char *err, int errlen)
{
    char q[80];
    size_t len = strlen(text);
    if (len >= (size_t)size) {
        snprintf(err, (size_t)errlen, "move text '%s' is longer than %d characters", nc_quote(text, q, sizeof q),
                 size - 1);
        return -1;
    }
    int n = 0;
    for (const char *s = text; *s; s++)
        if (!isspace((unsigned char)*s))
            clean[n++] = *s;
    clean[n] = 0;
    *mark = 0;
    if (n > 0 && (clean[n - 1] == '+' || clean[n - 1] == '#')) {
        *mark = clean[n - 1];
        clean[--n] = 0;
    }
    if (n == 0 && *mark)
        snprintf(err, (size_t)errlen, "move '%s' names no move before its mark", nc_quote(text, q, sizeof q));
    else if (n == 0)
        snprintf(err, (size_t)errlen, "empty move");
    return n == 0 ? -1 : 0;
}

/* A trailing '+' is accepted only on a move that gives check, '#' only on
 * one that mates. */
static int check_mark(Position *p, const Move *m, char mark, const char *text, char *err, int errlen)
{
    if (!mark)
        return 0;
    Undo u;
    make_move(p, m, &u);
    bool check = in_check(p), mate = false;
    if (check && !p->scepter) {
        MoveList ml;
        gen_legal(p, &ml);
        mate = ml.n == 0;
    }
    unmake_move(p, m, &u);
    if (mark == '+' ? check : mate)
        return 0;
    char q[200];
    snprintf(err, (size_t)errlen, "move '%s' does not give %s", nc_quote(text, q, sizeof q),
             mark == '+' ? "check" : "mate");
    return -1;
}

/* The legal move whose full text (when `full` may be tried), or else whose
 * short form, is `dashed`: its index, -1 for none, -2 for several (listed
 * in cands). */
static int find_move(Position *p, const MoveList *ml, const char *dashed, bool full, MoveRead *r)
{
    char buf[160];
    for (int i = 0; full && i < ml->n; i++) {
        move_to_text(p, &ml->m[i], buf, sizeof buf);
        if (strcmp(buf, dashed) == 0)
            return i;
    }
    int found = -1, nfound = 0;
    r->ncand = 0;
    bool names_promo = strchr(dashed, '=') != NULL;
    for (int i = 0; i < ml->n; i++) {
        short_form(p, &ml->m[i], buf, sizeof buf);
        /* without "=X" the short form matches every promotion choice */
        char *eq = strchr(buf, '=');
        if (eq && !names_promo)
            *eq = 0;
        if (strcmp(buf, dashed) == 0) {
            if (nfound++ == 0)
                found = i;
            if (r->ncand < MOVE_READ_MAX_CANDIDATES)
                r->cand[r->ncand++] = ml->m[i];
        }
    }
    return nfound > 1 ? -2 : found;
}

/* The legal moves whose coordinate form (any case) is text: the index of
 * the one, -1 for none, -2 for several (their full texts in cands). */
static int find_coord_move(Position *p, const MoveList *ml, const char *text, MoveRead *r)
{
    int found = -1, nfound = 0;
    r->ncand = 0;
    for (int i = 0; i < ml->n; i++) {
        char buf[32];
        move_to_coord(p, &ml->m[i], p->v->rank_base, buf, sizeof buf);
        if (strcasecmp(buf, text) != 0)
            continue;
        if (nfound++ == 0)
            found = i;
        if (r->ncand < MOVE_READ_MAX_CANDIDATES)
            r->cand[r->ncand++] = ml->m[i];
    }
    return nfound > 1 ? -2 : found;
}

/* True when c is the letter of one of the variant's types, in either case. */
static bool is_type_letter(const Variant *v, char c)
{
    for (int t = 0; t < v->ntypes; t++)
        if (v->types[t].letter == toupper((unsigned char)c))
            return true;
    return false;
}

/* After the first squares: effects, "=X", or a castling's rook part, and
 * nothing else (the grammar of doc/move-text.md); or the lower-case
 * promotion letter of the coordinate form. */
static bool rest_wellformed(const Variant *v, const char *s)
{
    if (*s == ',') {
        s++;
        if (nc_parse_sq(v, &s) < 0 || *s++ != '-' || nc_parse_sq(v, &s) < 0)
            return false;
        return *s == 0;
    }
    if (s[0] && !s[1] && is_type_letter(v, s[0]) && !strchr("x^%:", s[0]))
        return true;
    while (*s && strchr("x^%:", *s)) {
        s++;
        if (nc_parse_sq(v, &s) < 0)
            return false;
    }
    if (*s == '=' && isupper((unsigned char)s[1]))
        s += 2;
    return *s == 0;
}

/* Tells a malformed text from an illegal one, for the message. */
static MoveReadStatus no_move_error(const Position *p, const char *dashed, const char *text, char *err, int errlen)
{
    const char *s = dashed;
    bool wellformed = false;
    if (s[0] && s[1] == '@') {
        s += 2;
        wellformed = nc_parse_sq(p->v, &s) >= 0;
        if (wellformed && *s == '-') {
            s++;
            wellformed = nc_parse_sq(p->v, &s) >= 0;
        }
    } else if (nc_parse_sq(p->v, &s) >= 0 && *s == '-') {
        s++;
        wellformed = nc_parse_sq(p->v, &s) >= 0;
    }
    wellformed = wellformed && rest_wellformed(p->v, s);
    char q[200];
    nc_quote(text, q, sizeof q);
    if (!wellformed)
        snprintf(err, (size_t)errlen, "malformed move '%s' (expected e.g. e2-e4, see the move text)", q);
    else
        snprintf(err, (size_t)errlen, "illegal move '%s'", q);
    return wellformed ? MOVE_READ_ILLEGAL : MOVE_READ_MALFORMED;
}

MoveReadStatus move_read_text(Position *p, const char *text, MoveRead *r)
{
    char clean[160], mark;
    r->ncand = 0;
    r->msg[0] = 0;
    if (clean_text(text, clean, (int)sizeof clean, &mark, r->msg, sizeof r->msg))
        return r->status = MOVE_READ_MALFORMED;
    /* Accept "e2e4" for "e2-e4": insert the dash after the first square. */
    char dashed[170];
    const char *q = clean;
    int first = nc_parse_sq(p->v, &q);
    /* A bare "g1h1" is a short or coordinate form, never the full text of
     * the king step g1-h1: with a one-square castling it is ambiguous. */
    bool full = true;
    if (first >= 0 && *q && *q != '-' && isalpha((unsigned char)*q)) {
        const char *rest = q;
        full = !(nc_parse_sq(p->v, &rest) >= 0 && *rest == 0);
        snprintf(dashed, sizeof dashed, "%.*s-%s", (int)(q - clean), clean, q);
    } else {
        snprintf(dashed, sizeof dashed, "%s", clean);
    }
    /* Drop letters are written upper case. */
    if (dashed[0] && dashed[1] == '@')
        dashed[0] = (char)toupper((unsigned char)dashed[0]);

    MoveList ml;
    gen_legal(p, &ml);
    int i = find_move(p, &ml, dashed, full, r);
    if (i == -1)
        i = find_coord_move(p, &ml, clean, r);
    if (i >= 0) {
        if (check_mark(p, &ml.m[i], mark, text, r->msg, sizeof r->msg))
            return r->status = MOVE_READ_BAD_MARK;
        r->move = ml.m[i];
        return r->status = MOVE_READ_OK;
    }
    if (i == -2) {
        char qt[200];
        int n = snprintf(r->msg, sizeof r->msg, "ambiguous move '%s': could be", nc_quote(text, qt, sizeof qt));
        for (int k = 0; k < r->ncand && n > 0 && n < (int)sizeof r->msg; k++) {
            char full_text[160];
            move_to_text(p, &r->cand[k], full_text, sizeof full_text);
            n += snprintf(r->msg + n, sizeof r->msg - (size_t)n, "%s %s", k ? "," : "", full_text);
        }
        return r->status = MOVE_READ_AMBIGUOUS;
    }
    r->ncand = 0;
    return r->status = no_move_error(p, dashed, text, r->msg, sizeof r->msg);
}

int move_from_text(Position *p, const char *text, Move *out, char *err, int errlen)
{
    MoveRead r;
    if (move_read_text(p, text, &r) == MOVE_READ_OK) {
        *out = r.move;
        return 0;
    }
    snprintf(err, (size_t)errlen, "%s", r.msg);
    return -1;
}
