/* The move text of doc/move-text.md, both ways: writing every square a move
 * involves, and finding the one legal move a text names.  Legality itself
 * comes from movegen.c; no other notation lives here. */
#include "movetext.h"

#include "movegen.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

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

int move_from_text(Position *p, const char *text, Move *out, char *err, int errlen)
{
    char clean[160];
    int n = 0;
    for (const char *s = text; *s && n < (int)sizeof clean - 1; s++) {
        if (*s == '+' || *s == '#' || isspace((unsigned char)*s))
            continue;
        clean[n++] = *s;
    }
    clean[n] = 0;
    if (n == 0) {
        snprintf(err, (size_t)errlen, "empty move");
        return -1;
    }
    /* Accept "e2e4" for "e2-e4": insert the dash after the first square. */
    char dashed[170];
    const char *q = clean;
    int first = nc_parse_sq(p->v, &q);
    if (first >= 0 && *q && *q != '-' && isalpha((unsigned char)*q)) {
        snprintf(dashed, sizeof dashed, "%.*s-%s", (int)(q - clean), clean, q);
    } else {
        snprintf(dashed, sizeof dashed, "%s", clean);
    }
    /* Drop letters are written upper case. */
    if (dashed[0] && dashed[1] == '@')
        dashed[0] = (char)toupper((unsigned char)dashed[0]);

    MoveList ml;
    gen_legal(p, &ml);
    char buf[160];
    for (int i = 0; i < ml.n; i++) {
        move_to_text(p, &ml.m[i], buf, sizeof buf);
        if (strcmp(buf, dashed) == 0) {
            *out = ml.m[i];
            return 0;
        }
    }
    int found = -1, nfound = 0;
    char cands[400] = "";
    bool names_promo = strchr(dashed, '=') != NULL;
    for (int i = 0; i < ml.n; i++) {
        short_form(p, &ml.m[i], buf, sizeof buf);
        /* without "=X" the short form matches every promotion choice */
        char *eq = strchr(buf, '=');
        if (eq && !names_promo)
            *eq = 0;
        if (strcmp(buf, dashed) == 0) {
            if (nfound++ == 0)
                found = i;
            char full[160];
            move_to_text(p, &ml.m[i], full, sizeof full);
            if (strlen(cands) + strlen(full) + 3 < sizeof cands)
                snprintf(cands + strlen(cands), sizeof cands - strlen(cands), "%s%s", nfound > 1 ? ", " : "", full);
        }
    }
    if (nfound == 1) {
        *out = ml.m[found];
        return 0;
    }
    if (nfound > 1) {
        snprintf(err, (size_t)errlen, "ambiguous move '%s': could be %s", text, cands);
        return -1;
    }
    /* Tell a malformed text from an illegal one. */
    const char *s = dashed;
    bool wellformed = false;
    if (s[0] && s[1] == '@') {
        s += 2;
        wellformed = nc_parse_sq(p->v, &s) >= 0;
    } else if (nc_parse_sq(p->v, &s) >= 0 && *s == '-') {
        s++;
        wellformed = nc_parse_sq(p->v, &s) >= 0;
    }
    if (!wellformed)
        snprintf(err, (size_t)errlen, "malformed move '%s' (expected e.g. e2-e4, see the move text)", text);
    else
        snprintf(err, (size_t)errlen, "illegal move '%s'", text);
    return -1;
}
