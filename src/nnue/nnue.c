/* The neural evaluation (nnue.h): net files, features, accumulators and
 * the integer forward pass. */
#include "nnue.h"

#include "datafile/datafile.h"
#include "notation/notation.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NAME_BYTES 48
#define HEADER_BYTES (8 + 4 + NAME_BYTES + 6 * 4 + 4)
#define FILE_MAX ((size_t)64 << 20)

struct NnueNet {
    char name[NAME_BYTES];
    int features, hidden, ntypes, area, width, height;
    int32_t scale, out_bias;
    uint32_t checksum;    /* the file's last word */
    int16_t *weights;     /* features x hidden */
    int16_t *bias;        /* hidden */
    int16_t *out_weights; /* 2 x hidden */
};

int nnue_features(const Variant *v)
{
    return 2 * v->ntypes * v->width * v->height + 2 * v->ntypes * NNUE_HAND_MAX;
}

uint32_t nnue_checksum(const NnueNet *n)
{
    return n->checksum;
}

int nnue_hidden(const NnueNet *n)
{
    return n->hidden;
}

/* ---- bytes ---- */

static uint32_t fnv1a(const unsigned char *b, size_t n)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 16777619u;
    return h;
}

static uint32_t get32(const unsigned char *b)
{
    return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

static void put32(unsigned char *b, uint32_t x)
{
    for (int i = 0; i < 4; i++)
        b[i] = (unsigned char)(x >> (8 * i));
}

static void get16s(int16_t *out, const unsigned char *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        out[i] = (int16_t)(uint16_t)(b[2 * i] | b[2 * i + 1] << 8);
}

static void put16s(unsigned char *b, const int16_t *in, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        uint16_t x = (uint16_t)in[i];
        b[2 * i] = (unsigned char)x;
        b[2 * i + 1] = (unsigned char)(x >> 8);
    }
}

static size_t body_bytes(size_t features, size_t hidden)
{
    return 2 * (features * hidden + hidden + 2 * hidden) + 4;
}

unsigned char *nnue_write(const Variant *v, int hidden, const int16_t *weights, const int16_t *bias,
                          const int16_t *out_weights, int32_t out_bias, int32_t scale, size_t *len)
{
    size_t f = (size_t)nnue_features(v), h = (size_t)hidden;
    size_t n = HEADER_BYTES + body_bytes(f, h) + 4;
    unsigned char *b = calloc(1, n), *p = b;
    if (!b)
        return NULL;
    memcpy(p, NNUE_MAGIC, 8);
    put32(p + 8, NNUE_VERSION);
    snprintf((char *)p + 12, NAME_BYTES, "%s", v->name);
    p += 12 + NAME_BYTES;
    const uint32_t fields[6] = {(uint32_t)v->width, (uint32_t)v->height, (uint32_t)v->ntypes, NNUE_HAND_MAX,
                                (uint32_t)f, (uint32_t)h};
    for (int i = 0; i < 6; i++, p += 4)
        put32(p, fields[i]);
    put32(p, (uint32_t)scale);
    p += 4;
    put16s(p, weights, f * h);
    p += 2 * f * h;
    put16s(p, bias, h);
    p += 2 * h;
    put16s(p, out_weights, 2 * h);
    p += 4 * h;
    put32(p, (uint32_t)out_bias);
    p += 4;
    put32(p, fnv1a(b, (size_t)(p - b)));
    *len = n;
    return b;
}

/* The header's checks, in the order a reader would want them told. */
static int check_header(const unsigned char *b, size_t len, const Variant *v, char *err, int errlen)
{
    if (len < HEADER_BYTES || memcmp(b, NNUE_MAGIC, 8)) {
        snprintf(err, (size_t)errlen, "not a ninjachess net (no NCNNUE header)");
        return -1;
    }
    if (get32(b + 8) != NNUE_VERSION) {
        snprintf(err, (size_t)errlen, "net format version %u; this program reads version %d", get32(b + 8),
                 NNUE_VERSION);
        return -1;
    }
    char name[NAME_BYTES + 1];
    memcpy(name, b + 12, NAME_BYTES);
    name[NAME_BYTES] = 0;
    if (strcmp(name, v->name)) {
        snprintf(err, (size_t)errlen, "a net of variant '%.48s', not of %s", name, v->name);
        return -1;
    }
    const unsigned char *f = b + 12 + NAME_BYTES;
    uint32_t w = get32(f), h = get32(f + 4), nt = get32(f + 8), hm = get32(f + 12), nf = get32(f + 16);
    uint32_t hidden = get32(f + 20);
    if (w != (uint32_t)v->width || h != (uint32_t)v->height || nt != (uint32_t)v->ntypes) {
        snprintf(err, (size_t)errlen, "a net of a %ux%u board with %u piece types; %s has %dx%d and %d", w, h, nt,
                 v->name, v->width, v->height, v->ntypes);
        return -1;
    }
    if (hm != NNUE_HAND_MAX || nf != (uint32_t)nnue_features(v)) {
        snprintf(err, (size_t)errlen, "another feature set (%u features, hand up to %u; this program: %d, %d)", nf,
                 hm, nnue_features(v), NNUE_HAND_MAX);
        return -1;
    }
    if (hidden < 16 || hidden > NNUE_MAX_HIDDEN || hidden % 16) {
        snprintf(err, (size_t)errlen, "a hidden layer of %u; it must be 16 to %d in steps of 16", hidden,
                 NNUE_MAX_HIDDEN);
        return -1;
    }
    size_t want = HEADER_BYTES + body_bytes(nf, hidden) + 4;
    if (len != want) {
        snprintf(err, (size_t)errlen, "%zu bytes where its header says %zu (cut short or padded)", len, want);
        return -1;
    }
    if (fnv1a(b, len - 4) != get32(b + len - 4)) {
        snprintf(err, (size_t)errlen, "the checksum does not match: the file is damaged");
        return -1;
    }
    return 0;
}

NnueNet *nnue_parse(const unsigned char *b, size_t len, const Variant *v, char *err, int errlen)
{
    if (check_header(b, len, v, err, errlen))
        return NULL;
    const unsigned char *f = b + 12 + NAME_BYTES;
    NnueNet *n = calloc(1, sizeof *n);
    if (!n) {
        snprintf(err, (size_t)errlen, "out of memory");
        return NULL;
    }
    memcpy(n->name, b + 12, NAME_BYTES);
    n->name[NAME_BYTES - 1] = 0;
    n->features = (int)get32(f + 16);
    n->hidden = (int)get32(f + 20);
    n->scale = (int32_t)get32(f + 24);
    n->checksum = get32(b + len - 4);
    n->ntypes = v->ntypes;
    n->width = v->width;
    n->height = v->height;
    n->area = v->width * v->height;
    size_t fh = (size_t)n->features * (size_t)n->hidden, h = (size_t)n->hidden;
    n->weights = malloc(2 * fh);
    n->bias = malloc(2 * h);
    n->out_weights = malloc(4 * h);
    if (!n->weights || !n->bias || !n->out_weights) {
        nnue_free(n);
        snprintf(err, (size_t)errlen, "out of memory for the net's weights");
        return NULL;
    }
    const unsigned char *p = b + HEADER_BYTES;
    get16s(n->weights, p, fh);
    p += 2 * fh;
    get16s(n->bias, p, h);
    p += 2 * h;
    get16s(n->out_weights, p, 2 * h);
    p += 4 * h;
    n->out_bias = (int32_t)get32(p);
    return n;
}

NnueNet *nnue_load(const char *path, const Variant *v, char *err, int errlen)
{
    /* read as data files are (a regular file, the size cap); the net's own
     * words for what is wrong */
    size_t len;
    char *buf = data_file_read(path, FILE_MAX, &len, NULL);
    if (!buf) {
        int e = errno;
        snprintf(err, (size_t)errlen, "%s: %s", path,
                 e == EINVAL ? "not a regular file" : e == EFBIG ? "larger than 64 MiB"
                 : e == ENOMEM ? "out of memory" : strerror(e));
        return NULL;
    }
    char why[400];
    NnueNet *n = nnue_parse((const unsigned char *)buf, len, v, why, sizeof why);
    if (!n)
        snprintf(err, (size_t)errlen, "%s: %s", path, why);
    free(buf);
    return n;
}

bool nnue_fits(const NnueNet *n, const Variant *v)
{
    return !strcmp(n->name, v->name) && n->width == v->width && n->height == v->height && n->ntypes == v->ntypes &&
           n->features == nnue_features(v);
}

void nnue_free(NnueNet *n)
{
    if (!n)
        return;
    free(n->weights);
    free(n->bias);
    free(n->out_weights);
    free(n);
}

/* ---- features ---- */

/* The feature of piece `code` on sq in the view of colour c. */
static int board_feature(const Variant *v, int c, int code, int sq)
{
    int s = c == NC_WHITE ? sq : nc_mirror_sq(v, sq, NC_BLACK);
    int box = v->rank_of[s] * v->width + v->file_of[s];
    int rel = nc_colour(code) != c;
    return (rel * v->ntypes + nc_type(code)) * v->width * v->height + box;
}

/* The feature "at least k (1-based) pieces of type t in hand of colour hc"
 * in the view of colour c. */
static int hand_feature(const Variant *v, int c, int hc, int t, int k)
{
    int rel = hc != c;
    return 2 * v->ntypes * v->width * v->height + (rel * v->ntypes + t) * NNUE_HAND_MAX + (k - 1);
}

int nnue_active(const Position *p, int view, int *out, int max)
{
    const Variant *v = p->v;
    int n = 0;
    for (int i = 0; i < v->nsquares; i++) {
        int sq = v->squares[i], code = p->board[sq];
        if (code != NC_EMPTY && n < max)
            out[n++] = board_feature(v, view, code, sq);
    }
    for (int hc = 0; hc < 2; hc++)
        for (int t = 0; t < v->ntypes; t++)
            for (int k = 1; k <= p->hand[hc][t] && k <= NNUE_HAND_MAX && n < max; k++)
                out[n++] = hand_feature(v, view, hc, t, k);
    return n;
}

static void add_feature(const NnueNet *n, int16_t *acc, int f)
{
    const int16_t *w = n->weights + (size_t)f * (size_t)n->hidden;
    for (int i = 0; i < n->hidden; i++)
        acc[i] = (int16_t)(acc[i] + w[i]);
}

static void sub_feature(const NnueNet *n, int16_t *acc, int f)
{
    const int16_t *w = n->weights + (size_t)f * (size_t)n->hidden;
    for (int i = 0; i < n->hidden; i++)
        acc[i] = (int16_t)(acc[i] - w[i]);
}

void nnue_refresh(const NnueNet *n, const Position *p, NnueAcc *a)
{
    int f[NNUE_MAX_ACTIVE];
    for (int c = 0; c < 2; c++) {
        int16_t *acc = a->v[c];
        memcpy(acc, n->bias, sizeof(int16_t) * (size_t)n->hidden);
        int k = nnue_active(p, c, f, NNUE_MAX_ACTIVE);
        for (int i = 0; i < k; i++)
            add_feature(n, acc, f[i]);
    }
}

/* A hand count of type t of colour hc changed from was to now. */
static void hand_change(const NnueNet *n, const Variant *v, NnueAcc *a, int hc, int t, int was, int now)
{
    int lo = was < now ? was : now, hi = was < now ? now : was;
    for (int k = lo + 1; k <= hi && k <= NNUE_HAND_MAX; k++)
        for (int c = 0; c < 2; c++) {
            if (now > was)
                add_feature(n, a->v[c], hand_feature(v, c, hc, t, k));
            else
                sub_feature(n, a->v[c], hand_feature(v, c, hc, t, k));
        }
}

void nnue_update(const NnueNet *n, const Position *p, const Undo *u, const NnueAcc *before, NnueAcc *after)
{
    const Variant *v = p->v;
    if (after != before)
        for (int c = 0; c < 2; c++)
            memcpy(after->v[c], before->v[c], sizeof(int16_t) * (size_t)n->hidden);
    /* a square changed twice in one move counts once: from its first old
     * occupant to its occupant now */
    for (int i = 0; i < u->nch; i++) {
        int sq = u->ch[i].sq, first = 1;
        for (int j = 0; j < i && first; j++)
            first = u->ch[j].sq != sq;
        int was = u->ch[i].old, now = p->board[sq];
        if (!first || was == now)
            continue;
        for (int c = 0; c < 2; c++) {
            if (was != NC_EMPTY)
                sub_feature(n, after->v[c], board_feature(v, c, was, sq));
            if (now != NC_EMPTY)
                add_feature(n, after->v[c], board_feature(v, c, now, sq));
        }
    }
    /* the hand of the side that moved: one used by a drop, some gained */
    int mover = p->side ^ 1;
    int delta[NC_MAX_TYPES] = {0};
    if (u->hand_type >= 0)
        delta[u->hand_type]--;
    for (int i = 0; i < u->ngain; i++)
        delta[u->gain[i]]++;
    for (int t = 0; t < v->ntypes; t++)
        if (delta[t])
            hand_change(n, v, after, mover, t, p->hand[mover][t] - delta[t], p->hand[mover][t]);
}

#ifdef NC_DEBUG
void nnue_assert_ok(const NnueNet *n, const Position *p, const NnueAcc *a)
{
    NnueAcc *fresh = malloc(sizeof *fresh);
    if (!fresh)
        return;
    nnue_refresh(n, p, fresh);
    for (int c = 0; c < 2; c++)
        if (memcmp(fresh->v[c], a->v[c], sizeof(int16_t) * (size_t)n->hidden)) {
            char fen[NC_POS_TEXT_MAX];
            pos_to_fen(p, fen, sizeof fen);
            fprintf(stderr, "nnue: the updated accumulator of view %d differs from a refresh at %s\n", c, fen);
            abort();
        }
    free(fresh);
}
#endif

int nnue_evaluate(const NnueNet *n, const NnueAcc *a, int side)
{
    int64_t sum = n->out_bias;
    const int16_t *views[2] = {a->v[side], a->v[side ^ 1]};
    for (int k = 0; k < 2; k++) {
        const int16_t *acc = views[k], *w = n->out_weights + k * n->hidden;
        int32_t part = 0;
        for (int i = 0; i < n->hidden; i++) {
            int x = acc[i] < 0 ? 0 : acc[i] > NNUE_QA ? NNUE_QA : acc[i];
            part += x * w[i];
        }
        sum += part;
    }
    return (int)(sum * n->scale / (NNUE_QA * NNUE_QB));
}
