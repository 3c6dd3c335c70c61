/* Standard algebraic notation (san.h): when a variant can use it, writing
 * a move with its disambiguation and check marks, and finding the legal
 * move a SAN text names.  Legality comes from movegen.c. */
#include "san.h"

#include "rules/rules.h"
#include "text/quote.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* The type written without a letter (the pawn): the one that promotes. */
static int pawn_type(const Variant *v)
{
    for (int t = 0; t < v->ntypes; t++)
        if (v->types[t].promotes)
            return t;
    return -1;
}

static bool atoms_orthodox(const PieceType *pt)
{
    for (int a = 0; a < pt->natoms; a++) {
        const Atom *at = &pt->atoms[a];
        if (at->kind == ATOM_BENT || at->kind == ATOM_FLYOVER || (at->flags & (AF_TAKE_OVER | AF_BENT_FLYOVER)))
            return false;
    }
    return true;
}

bool san_applies(const Variant *v)
{
    if (v->has_drops || v->has_titans || v->has_bent || v->castling == 2)
        return false;
    if (v->width > 26 || v->nsquares != v->width * v->height)
        return false;
    int promoting = 0;
    for (int t = 0; t < v->ntypes; t++) {
        const PieceType *pt = &v->types[t];
        if (!atoms_orthodox(pt))
            return false;
        for (int u = 0; u < t; u++)
            if (v->types[u].letter == pt->letter)
                return false;
        promoting += pt->promotes;
    }
    return promoting <= 1;
}

static bool is_capture(const Position *p, const Move *m)
{
    MoveEffects fx;
    move_effects(p, m, &fx);
    for (int i = 0; i < fx.n; i++)
        if (fx.kind[i] == FX_CAPTURE)
            return true;
    return false;
}

/* The type of the piece that makes a normal move. */
static int mover_type(const Position *p, const Move *m)
{
    return nc_type(p->board[m->from]);
}

/* Origin file and/or rank when another piece of the same type could move
 * to the same square: the file if it tells them apart, else the rank,
 * else both. */
static int disambiguation(const Position *p, const MoveList *ml, const Move *m, char *buf, int buflen)
{
    const Variant *v = p->v;
    bool others = false, same_file = false, same_rank = false;
    for (int i = 0; i < ml->n; i++) {
        const Move *o = &ml->m[i];
        if (o->kind != MK_NORMAL || o->to != m->to || o->from == m->from || mover_type(p, o) != mover_type(p, m))
            continue;
        others = true;
        same_file |= v->file_of[o->from] == v->file_of[m->from];
        same_rank |= v->rank_of[o->from] == v->rank_of[m->from];
    }
    char file = (char)('a' + v->file_of[m->from]);
    int rank = v->rank_of[m->from] + v->rank_base;
    if (!others)
        return snprintf(buf, (size_t)buflen, "%s", "");
    if (!same_file)
        return snprintf(buf, (size_t)buflen, "%c", file);
    if (!same_rank)
        return snprintf(buf, (size_t)buflen, "%d", rank);
    return snprintf(buf, (size_t)buflen, "%c%d", file, rank);
}

/* '+' when m gives check, '#' when it mates, else 0. */
static char check_mark_of(const Position *p, const Move *m, MoveList *scratch)
{
    Position q = *p;
    Undo u;
    make_move(&q, m, &u);
    if (!q.king[q.side] || !in_check(&q))
        return 0;
    if (q.scepter)
        return '+';
    gen_legal(&q, scratch);
    return scratch->n == 0 ? '#' : '+';
}

char *san_format(const Position *p, const Move *m, char *buf, int buflen)
{
    const Variant *v = p->v;
    Position q = *p;
    MoveList ml;
    gen_legal(&q, &ml);
    char a[4], dis[8];
    int n = 0;
#define PUT(...) (n += snprintf(buf + n, n < buflen ? (size_t)(buflen - n) : 0, __VA_ARGS__))
    if (m->kind == MK_CASTLE) {
        PUT("%s", v->file_of[m->aux] > v->file_of[m->from] ? "O-O" : "O-O-O");
    } else if (m->kind == MK_DROP) {
        PUT("%c@%s", v->types[m->promo - 1].letter, nc_sqname(v, m->to, a));
    } else {
        int type = mover_type(p, m);
        bool capture = is_capture(p, m);
        if (v->types[type].promotes) {
            if (capture)
                PUT("%c", 'a' + v->file_of[m->from]);
        } else {
            disambiguation(p, &ml, m, dis, sizeof dis);
            PUT("%c%s", v->types[type].letter, dis);
        }
        PUT("%s%s", capture ? "x" : "", nc_sqname(v, m->to, a));
        if (m->promo)
            PUT("=%c", v->types[m->promo - 1].letter);
    }
    char mark = check_mark_of(p, m, &ml);
    if (mark)
        PUT("%c", mark);
#undef PUT
    return buf;
}

/* ---- reading ---- */

/* What a SAN text asks for, once parsed. */
typedef struct {
    int castle;      /* 0 none, 1 king side (towards the higher files), 2 queen side */
    int type;        /* the moving type */
    int file, rank;  /* origin file index and rank label; -1 not given */
    int to;          /* destination square */
    int promo;       /* promotion type; -1 none */
} SanQuery;

/* Takes annotation marks (!, ?), the check or mate mark (into *mark) and
 * "e.p." off the end of s. */
static void strip_suffixes(char *s, char *mark)
{
    size_t n = strlen(s);
    while (n && (s[n - 1] == '!' || s[n - 1] == '?'))
        s[--n] = 0;
    *mark = 0;
    if (n && (s[n - 1] == '+' || s[n - 1] == '#')) {
        *mark = s[n - 1];
        s[--n] = 0;
    }
    if (n > 4 && !strcmp(s + n - 4, "e.p."))
        s[n -= 4] = 0;
}

/* The origin part before the destination: [file][rank], 'x' or '-' after. */
static bool parse_origin(const Variant *v, const char *s, size_t len, SanQuery *q)
{
    while (len && (s[len - 1] == 'x' || s[len - 1] == ':' || s[len - 1] == '-'))
        len--;
    size_t i = 0;
    if (i < len && s[i] >= 'a' && s[i] < 'a' + v->width)
        q->file = s[i++] - 'a';
    if (i < len) {
        int r = 0;
        size_t d = i;
        while (i < len && isdigit((unsigned char)s[i]) && r < 100)
            r = r * 10 + (s[i++] - '0');
        if (i == d)
            return false;
        q->rank = r;
    }
    return i == len;
}

/* The destination and promotion at the end of body. */
static bool parse_target(const Variant *v, const char *body, SanQuery *q)
{
    size_t len = strlen(body);
    if (len >= 2 && body[len - 2] == '=' && isupper((unsigned char)body[len - 1])) {
        q->promo = nc_type_of_letter(v, body[len - 1]);
        len -= 2;
    } else if (len >= 1 && isupper((unsigned char)body[len - 1])) {
        q->promo = nc_type_of_letter(v, body[len - 1]);
        len -= 1;
    }
    if (len > 0 && body[len - 1] == '=')
        return false;
    size_t k = len;
    while (k > 0 && isdigit((unsigned char)body[k - 1]))
        k--;
    if (k == 0 || k == len || !islower((unsigned char)body[k - 1]))
        return false;
    k--;
    char sq[8];
    if (len - k >= sizeof sq)
        return false;
    memcpy(sq, body + k, len - k);
    sq[len - k] = 0;
    const char *s = sq;
    q->to = nc_parse_sq(v, &s);
    if (q->to < 0 || *s)
        return false;
    return parse_origin(v, body, k, q);
}

static bool parse_query(const Variant *v, const char *s, SanQuery *q)
{
    memset(q, 0, sizeof *q);
    q->file = q->rank = q->promo = -1;
    if (!strcmp(s, "O-O") || !strcmp(s, "0-0")) {
        q->castle = 1;
        return true;
    }
    if (!strcmp(s, "O-O-O") || !strcmp(s, "0-0-0")) {
        q->castle = 2;
        return true;
    }
    if (isupper((unsigned char)*s)) {
        q->type = nc_type_of_letter(v, *s);
        s++;
    } else {
        q->type = pawn_type(v);
    }
    if (q->type < 0)
        return false;
    return parse_target(v, s, q) && (q->promo < 0 || !v->types[q->promo].royal);
}

static bool matches(const Position *p, const Move *m, const SanQuery *q, bool ignore_promo)
{
    const Variant *v = p->v;
    if (q->castle)
        return m->kind == MK_CASTLE && (v->file_of[m->aux] > v->file_of[m->from]) == (q->castle == 1);
    if (m->kind != MK_NORMAL || m->to != q->to || mover_type(p, m) != q->type)
        return false;
    if (q->file >= 0 && v->file_of[m->from] != q->file)
        return false;
    if (q->rank >= 0 && v->rank_of[m->from] + v->rank_base != q->rank)
        return false;
    return ignore_promo || m->promo == (q->promo >= 0 ? q->promo + 1 : 0);
}

/* The message (and the status) when no legal move or several match;
 * several are r's candidates. */
static MoveReadStatus no_single_move(Position *p, const MoveList *ml, const SanQuery *q, int found, const char *text,
                                     MoveRead *r)
{
    char qt[80], *err = r->msg;
    int errlen = (int)sizeof r->msg;
    nc_quote(text, qt, sizeof qt);
    if (found > 1) {
        int n = snprintf(err, (size_t)errlen, "ambiguous move '%s': could be", qt);
        for (int i = 0; i < ml->n; i++)
            if (matches(p, &ml->m[i], q, false)) {
                char s[NC_SAN_MAX];
                if (n > 0 && n < errlen)
                    n += snprintf(err + n, (size_t)(errlen - n), "%s %s", r->ncand ? "," : "",
                                  san_format(p, &ml->m[i], s, sizeof s));
                if (r->ncand < MOVE_READ_MAX_CANDIDATES)
                    r->cand[r->ncand++] = ml->m[i];
            }
        return MOVE_READ_AMBIGUOUS;
    }
    int promo_letter = 0;
    for (int i = 0; i < ml->n && !promo_letter; i++)
        if (q->promo < 0 && matches(p, &ml->m[i], q, true) && ml->m[i].promo)
            promo_letter = p->v->types[ml->m[i].promo - 1].letter;
    if (promo_letter)
        snprintf(err, (size_t)errlen, "move '%s' must name what the pawn becomes (e.g. %s=%c)", qt, qt, promo_letter);
    else if (q->castle)
        snprintf(err, (size_t)errlen, "illegal move '%s': castling on that side is not possible now", qt);
    else
        snprintf(err, (size_t)errlen, "illegal move '%s'", qt);
    return promo_letter ? MOVE_READ_MALFORMED : MOVE_READ_ILLEGAL;
}

/* A trailing '+' only on a move that gives check (a mate too), '#' only on
 * one that mates. */
static int check_mark(Position *p, const Move *m, char mark, const char *text, char *err, int errlen)
{
    if (!mark)
        return 0;
    MoveList scratch;
    char real = check_mark_of(p, m, &scratch);
    if (mark == '+' ? real != 0 : real == '#')
        return 0;
    char q[80];
    snprintf(err, (size_t)errlen, "move '%s' does not give %s", nc_quote(text, q, sizeof q),
             mark == '+' ? "check" : "mate");
    return -1;
}

MoveReadStatus san_read(Position *p, const char *text, MoveRead *r)
{
    char s[40], q[80];
    int n = 0;
    r->ncand = 0;
    r->msg[0] = 0;
    for (const char *c = text; *c; c++) {
        if (isspace((unsigned char)*c))
            continue;
        if (n == (int)sizeof s - 1) {
            snprintf(r->msg, sizeof r->msg, "move '%s' is too long for SAN", nc_quote(text, q, sizeof q));
            return r->status = MOVE_READ_MALFORMED;
        }
        s[n++] = *c;
    }
    s[n] = 0;
    char mark;
    strip_suffixes(s, &mark);
    SanQuery sq;
    if (!s[0] || !parse_query(p->v, s, &sq)) {
        snprintf(r->msg, sizeof r->msg, "malformed move '%s' (expected SAN such as Nf3, exd5, e8=Q or O-O)",
                 nc_quote(text, q, sizeof q));
        return r->status = MOVE_READ_MALFORMED;
    }
    MoveList ml;
    gen_legal(p, &ml);
    int found = 0, at = -1;
    for (int i = 0; i < ml.n; i++)
        if (matches(p, &ml.m[i], &sq, false) && found++ == 0)
            at = i;
    if (found != 1)
        return r->status = no_single_move(p, &ml, &sq, found, text, r);
    if (check_mark(p, &ml.m[at], mark, text, r->msg, sizeof r->msg))
        return r->status = MOVE_READ_BAD_MARK;
    r->move = ml.m[at];
    return r->status = MOVE_READ_OK;
}

int san_parse(Position *p, const char *text, Move *out, char *err, int errlen)
{
    MoveRead r;
    if (san_read(p, text, &r) == MOVE_READ_OK) {
        *out = r.move;
        return 0;
    }
    snprintf(err, (size_t)errlen, "%s", r.msg);
    return -1;
}
