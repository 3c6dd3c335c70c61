/* What is derived from a variant once it is built (square names, hash
 * keys, the reach and attack tables of the fast check test) and changing a
 * loaded variant's optional rules and Titans.  Reading data files is
 * datafile.c's job; no I/O here. */
#include "variant.h"

#include "text/quote.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *nc_sqname(const Variant *v, int sq, char *buf)
{
    snprintf(buf, 4, "%c%d", 'a' + v->file_of[sq], v->rank_of[sq] + v->rank_base);
    return buf;
}

int nc_parse_sq(const Variant *v, const char **s)
{
    const char *p = *s;
    if (*p < 'a' || *p >= 'a' + v->width)
        return -1;
    int file = *p++ - 'a';
    if (!isdigit((unsigned char)*p))
        return -1;
    int label = *p++ - '0';
    /* Take a second digit only if it still names a rank of the board, so
     * that "e11" parses but "e1" followed by "1..." in short forms still works. */
    if (isdigit((unsigned char)*p)) {
        int two = label * 10 + (*p - '0');
        if (label != 0 && two - v->rank_base < v->height) {
            label = two;
            p++;
        }
    }
    int rank = label - v->rank_base;
    if (rank < 0 || rank >= v->height)
        return -1;
    int sq = nc_sq(v, file, rank);
    if (!v->exists[sq])
        return -1;
    *s = p;
    return sq;
}

int nc_type_of_letter(const Variant *v, char c)
{
    char u = (char)toupper((unsigned char)c);
    for (int t = 0; t < v->ntypes; t++)
        if (v->types[t].letter == u)
            return t;
    return -1;
}

int nc_mirror_sq(const Variant *v, int sq, int colour)
{
    if (colour == NC_WHITE)
        return sq;
    return nc_sq(v, v->file_of[sq], v->height - 1 - v->rank_of[sq]);
}

/* splitmix64: a fixed seed gives the same keys in every run, so hash
 * signatures and benchmarks are reproducible. */
static uint64_t next_rand(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static void mark_reach(Variant *v, int colour, int t, int dx, int dy)
{
    if (dx < -15 || dx > 15 || dy < -15 || dy > 15)
        return;
    v->reach[colour][t][dy + 15][dx + 15] = 1;
}

/* Everything an atom could ever affect on an unbounded board: destinations
 * and passed squares (for locust captures), so the check test may skip
 * pieces that cannot reach a square. */
static void build_reach(Variant *v, int t)
{
    const PieceType *pt = &v->types[t];
    for (int c = 0; c < 2; c++) {
        for (int a = 0; a < pt->natoms; a++) {
            const Atom *at = &pt->atoms[a];
            for (int d = 0; d < at->ndirs; d++) {
                int dx = at->dx[d], dy = c ? -at->dy[d] : at->dy[d];
                switch (at->kind) {
                case ATOM_LEAP:
                    mark_reach(v, c, t, dx, dy);
                    break;
                case ATOM_SLIDE:
                case ATOM_FLYOVER:
                case ATOM_HOP:
                    for (int k = 1; k <= 15; k++)
                        mark_reach(v, c, t, dx * k, dy * k);
                    break;
                case ATOM_BENT: {
                    /* first step (dx,dy), then outward directions */
                    int ox[2], oy[2], n = 0;
                    if (dx != 0 && dy != 0) {
                        ox[n] = dx, oy[n++] = 0;
                        ox[n] = 0, oy[n++] = dy;
                    } else if (dx != 0) {
                        ox[n] = dx, oy[n++] = 1;
                        ox[n] = dx, oy[n++] = -1;
                    } else {
                        ox[n] = 1, oy[n++] = dy;
                        ox[n] = -1, oy[n++] = dy;
                    }
                    for (int i = 0; i < n; i++)
                        for (int k = 1; k <= 15; k++)
                            mark_reach(v, c, t, dx + ox[i] * k, dy + oy[i] * k);
                    break;
                }
                }
            }
        }
    }
}

/* First-move rights: which squares carry one, and whether any type needs them. */
static void finish_first_moves(Variant *v)
{
    v->has_first = false;
    for (int t = 0; t < v->ntypes; t++)
        for (int a = 0; a < v->types[t].natoms; a++)
            if (v->types[t].atoms[a].flags & AF_FIRST)
                v->has_first = true;
    memset(v->first_bit, 0, sizeof v->first_bit);
    for (int f = 0; f < v->width; f++) {
        v->first_bit[nc_sq(v, f, 0)] = (uint8_t)(1 + f);
        v->first_bit[nc_sq(v, f, v->height - 1)] = (uint8_t)(1 + 16 + f);
    }
}

/* Fills the fast check-test tables (see ray_types in variant.h). */
static void build_attack_tables(Variant *v)
{
    memset(v->ray_types, 0, sizeof v->ray_types);
    memset(v->leap_types, 0, sizeof v->leap_types);
    v->nleaps = 0;
    v->complex_types = 0;
    for (int t = 0; t < v->ntypes; t++) {
        const PieceType *pt = &v->types[t];
        for (int a = 0; a < pt->natoms; a++) {
            const Atom *at = &pt->atoms[a];
            if (!(at->to & SQ_ENEMY) && !(at->flags & (AF_TAKE_OVER | AF_BENT_FLYOVER)) && at->kind != ATOM_FLYOVER)
                continue; /* never removes anything */
            bool simple = !at->zone && !at->start &&
                          !(at->flags & (AF_TAKE_OVER | AF_BENT_FLYOVER | AF_STOP_CENTRE | AF_FIRST | AF_NOT_IN_CHECK)) &&
                          ((at->kind == ATOM_SLIDE && (at->over == SQ_EMPTY || at->max == 1)) ||
                           at->kind == ATOM_LEAP);
            if (!simple || v->region_of[t]) { /* a region: only generation knows where it ends */
                v->complex_types |= 1u << t;
                continue;
            }
        }
    }
    for (int t = 0; t < v->ntypes; t++) {
        if (v->complex_types & (1u << t))
            continue;
        const PieceType *pt = &v->types[t];
        for (int a = 0; a < pt->natoms; a++) {
            const Atom *at = &pt->atoms[a];
            if (!(at->to & SQ_ENEMY))
                continue;
            for (int c = 0; c < 2; c++)
                for (int d = 0; d < at->ndirs; d++) {
                    int dx = at->dx[d], dy = c ? -at->dy[d] : at->dy[d];
                    if (at->kind == ATOM_LEAP) {
                        int i;
                        for (i = 0; i < v->nleaps; i++)
                            if (v->leap_dx[i] == dx && v->leap_dy[i] == dy)
                                break;
                        if (i == v->nleaps) {
                            if (v->nleaps == 32) { /* too many vectors: test the type by generation */
                                v->complex_types |= 1u << t;
                                continue;
                            }
                            v->leap_dx[i] = (int8_t)dx;
                            v->leap_dy[i] = (int8_t)dy;
                            v->nleaps++;
                        }
                        v->leap_types[c][i] |= 1u << t;
                        continue;
                    }
                    /* the attacker moves along (dx,dy): seen from the target it
                     * stands in direction (-dx,-dy) */
                    int ray;
                    for (ray = 0; ray < 8; ray++)
                        if (nc_ray_dx[ray] == -dx && nc_ray_dy[ray] == -dy)
                            break;
                    int maxk = at->max ? at->max : 16;
                    for (int k = at->min; k <= maxk && k <= 16; k++)
                        v->ray_types[c][ray][k] |= 1u << t;
                }
        }
    }
    for (int ray = 0; ray < 8; ray++)
        v->ray_off[ray] = (int16_t)(nc_ray_dx[ray] + nc_ray_dy[ray] * v->stride);
    for (int i = 0; i < v->nleaps; i++)
        v->leap_off[i] = (int16_t)(-v->leap_dx[i] - v->leap_dy[i] * v->stride);
}

int variant_finish(Variant *v, char *err, int errlen)
{
    v->stride = v->width + 2 * NC_PAD;
    v->nsquares = 0;
    for (int sq = 0; sq < NC_MAX_SQ; sq++) {
        v->file_of[sq] = v->rank_of[sq] = -1;
        v->rel_rank[0][sq] = v->rel_rank[1][sq] = -1;
    }
    for (int r = 0; r < v->height; r++)
        for (int f = 0; f < v->width; f++) {
            int sq = nc_sq(v, f, r);
            v->file_of[sq] = (int8_t)f;
            v->rank_of[sq] = (int8_t)r;
            v->rel_rank[0][sq] = (int8_t)r;
            v->rel_rank[1][sq] = (int8_t)(v->height - 1 - r);
            if (v->exists[sq])
                v->squares[v->nsquares++] = (uint16_t)sq;
        }
    v->has_titans = false;
    v->has_bent = false;
    memset(v->reach, 0, sizeof v->reach);
    for (int t = 0; t < v->ntypes; t++) {
        PieceType *pt = &v->types[t];
        if (pt->titan)
            v->has_titans = true;
        for (int a = 0; a < pt->natoms; a++)
            if (pt->atoms[a].kind == ATOM_BENT)
                v->has_bent = true;
        for (int a = 0; a < pt->natoms; a++) {
            Atom *at = &pt->atoms[a];
            at->plain = at->kind == ATOM_SLIDE && at->over == SQ_EMPTY && !at->flags && at->min == 1 &&
                        at->to == (SQ_EMPTY | SQ_ENEMY) && !at->zone && !at->start;
            if (v->region_of[t])
                at->plain = 0; /* its moves are checked against the region */
            if (at->flags & (AF_FIRST | AF_NOT_IN_CHECK))
                at->start = START_STATE; /* the loader refuses start= with these */
        }
        pt->special = pt->promotes || v->insane_from[t] || v->region_of[t];
        for (int a = 0; a < pt->natoms; a++)
            for (int c = 0; c < 2; c++)
                for (int d = 0; d < pt->atoms[a].ndirs; d++) {
                    int dx = pt->atoms[a].dx[d];
                    int dy = c ? -pt->atoms[a].dy[d] : pt->atoms[a].dy[d];
                    v->atom_off[t][a][c][d] = (int16_t)(dx + dy * v->stride);
                }
        build_reach(v, t);
    }
    build_attack_tables(v);
    memset(v->code_flags, 0, sizeof v->code_flags);
    for (int t = 0; t < v->ntypes; t++)
        for (int c = 0; c < 2; c++)
            v->code_flags[nc_code(t, c)] =
                (uint8_t)((v->types[t].royal ? NC_CF_ROYAL : 0) | (v->types[t].titan ? NC_CF_TITAN : 0));
    uint64_t seed = 0x6E696E6A61636865ull; /* fixed */
    for (int code = 0; code < 2 * NC_MAX_TYPES + 1; code++)
        for (int sq = 0; sq < NC_MAX_SQ; sq++)
            v->zob_psq[code][sq] = code == NC_EMPTY ? 0 : next_rand(&seed);
    v->zob_side = next_rand(&seed);
    for (int i = 0; i < 16; i++)
        v->zob_castle[i] = next_rand(&seed);
    for (int sq = 0; sq < NC_MAX_SQ; sq++)
        v->zob_ep[sq] = next_rand(&seed);
    for (int c = 0; c < 2; c++)
        for (int t = 0; t < NC_MAX_TYPES; t++)
            for (int n = 0; n < 32; n++)
                v->zob_hand[c][t][n] = n == 0 ? 0 : next_rand(&seed);
    for (int i = 0; i < 32; i++) /* after the others, which stay as they were */
        v->zob_first[i] = next_rand(&seed);
    finish_first_moves(v);
    (void)err;
    (void)errlen;
    return 0;
}

static int find_type(const Variant *v, const char *name, int len)
{
    for (int t = 0; t < v->ntypes; t++) {
        if ((int)strlen(v->types[t].name) == len && strncmp(v->types[t].name, name, (size_t)len) == 0)
            return t;
        if (len == 1 && toupper((unsigned char)name[0]) == v->types[t].letter)
            return t;
    }
    return -1;
}

int variant_set_titans(Variant *v, const char *list, char *err, int errlen)
{
    const char *p = list;
    while (*p) {
        const char *e = strchr(p, ',');
        int len = e ? (int)(e - p) : (int)strlen(p);
        if (len > 0) {
            int t = find_type(v, p, len);
            if (t < 0) {
                char q[64];
                snprintf(err, (size_t)errlen, "no piece type '%s' in variant %s", nc_quote_n(p, (size_t)len, q, sizeof q),
                         v->name);
                return -1;
            }
            if (v->types[t].royal) {
                snprintf(err, (size_t)errlen, "royal piece type '%s' cannot be a Titan", v->types[t].name);
                return -1;
            }
            v->types[t].titan = true;
        }
        p += len;
        if (*p == ',')
            p++;
    }
    return variant_finish(v, err, errlen);
}

int variant_set_options(Variant *v, const char *list, char *err, int errlen)
{
    const char *p = list;
    while (*p) {
        const char *e = strchr(p, ',');
        int len = e ? (int)(e - p) : (int)strlen(p);
        if (len > 0) {
            int found = -1;
            for (int i = 0; i < v->noptions; i++)
                if ((int)strlen(v->options[i].name) == len && strncmp(v->options[i].name, p, (size_t)len) == 0)
                    found = i;
            if (found < 0) {
                char q[64];
                snprintf(err, (size_t)errlen, "no option '%s' in variant %s", nc_quote_n(p, (size_t)len, q, sizeof q),
                         v->name);
                return -1;
            }
            if (strcmp(v->options[found].name, "insane-ninja") == 0)
                v->insane_enabled = true;
            else if (strcmp(v->options[found].name, "scepter") == 0)
                v->scepter_enabled = true;
        }
        p += len;
        if (*p == ',')
            p++;
    }
    return 0;
}

void variant_free(Variant *v)
{
    if (!v)
        return;
    for (int t = 0; t < v->ntypes; t++)
        free(v->types[t].description);
    for (int i = 0; i < v->noptions; i++)
        free(v->options[i].description);
    for (int i = 0; i < v->nsetups; i++)
        free(v->setup_fen[i]);
    free(v->description);
    free(v);
}
