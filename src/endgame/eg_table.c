/* Endgame tables: materials, the numbering of positions, and reading a
 * table (probes, the best move, counts).  No I/O. */
#include "eg_table.h"

#include "rules/rules.h"

#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <string.h>

static int royal_type(const Variant *v)
{
    int king = -1;
    for (int t = 0; t < v->ntypes; t++)
        if (v->types[t].royal) {
            if (king >= 0)
                return -2;
            king = t;
        }
    return king;
}

/* Why a piece type cannot be in a table, or NULL. */
static const char *unsuitable(const Variant *v, int type)
{
    const PieceType *pt = &v->types[type];
    if (pt->royal)
        return "is royal";
    if (pt->titan)
        return "is a Titan";
    if (pt->promotes)
        return "promotes (pawns are not in the tables)";
    if (v->insane_enabled && v->insane_from[type])
        return "may become an Insane Ninja (switch that option off)";
    for (int a = 0; a < pt->natoms; a++) {
        const Atom *at = &pt->atoms[a];
        if (at->zone != ZONE_ANY || at->start != START_ANY || (at->flags & (AF_EP_SOURCE | AF_EP_CAPTURE | AF_STOP_CENTRE)))
            return "moves by where it stands (pawn-like pieces are not in the tables)";
    }
    return NULL;
}

/* The tables know checkmate (a loss), stalemate (a draw) and nothing else:
 * a variant whose game rules say more than that, or whose king is held to
 * a region or may not face the other, has none.  NULL, or what it has. */
static const char *game_rules_unsolved(const Variant *v, int king)
{
    if (v->nend > 0)
        return "game ends on material (game-end)";
    if (v->checkmate_result != NC_END_LOSS || v->stalemate_result != NC_END_DRAW)
        return "another result of checkmate or stalemate";
    if (v->must_capture)
        return "compulsory captures";
    if (v->captures_to_hand)
        return "captures going to hand";
    if (v->royal_sight != RS_NONE || v->region_of[king])
        return "a king confined to a region or forbidden to face the other";
    return NULL;
}

static void name_material(const Variant *v, EgMaterial *m)
{
    int k = 0;
    m->name[k++] = v->types[m->king].letter;
    for (int i = 0; i < m->npieces; i++)
        m->name[k++] = v->types[m->types[i]].letter;
    m->name[k] = 0;
}

int eg_material_parse(const Variant *v, const char *text, int attacker, EgMaterial *out, char *err, int errlen)
{
    memset(out, 0, sizeof *out);
    out->attacker = attacker;
    out->king = royal_type(v);
    if (out->king < 0) {
        snprintf(err, (size_t)errlen, "%s: the tables need exactly one royal piece type", v->name);
        return -1;
    }
    if (v->scepter_enabled) {
        snprintf(err, (size_t)errlen, "%s: no tables with Capture the Scepter switched on", v->name);
        return -1;
    }
    const char *rules = game_rules_unsolved(v, out->king);
    if (rules) {
        snprintf(err, (size_t)errlen, "%s: no tables for a variant with %s", v->name, rules);
        return -1;
    }
    size_t len = strlen(text);
    if (len < 2 || len > 1 + EG_MAX_PIECES) {
        snprintf(err, (size_t)errlen, "material '%.20s': a king and one or two pieces, such as KR or KBN", text);
        return -1;
    }
    if (nc_type_of_letter(v, text[0]) != out->king) {
        snprintf(err, (size_t)errlen, "material '%s': must start with the king's letter %c", text, v->types[out->king].letter);
        return -1;
    }
    for (size_t i = 1; i < len; i++) {
        int t = nc_type_of_letter(v, text[i]);
        const char *why = t < 0 ? NULL : unsuitable(v, t);
        if (t < 0 || why) {
            if (t < 0)
                snprintf(err, (size_t)errlen, "material '%s': %s has no piece with the letter %c", text, v->name, text[i]);
            else
                snprintf(err, (size_t)errlen, "material '%s': the %s %s", text, v->types[t].title, why);
            return -1;
        }
        out->types[out->npieces++] = t;
    }
    if (out->npieces == 2 && out->types[1] < out->types[0]) {
        int x = out->types[0];
        out->types[0] = out->types[1];
        out->types[1] = x;
    }
    name_material(v, out);
    return 0;
}

EgMaterial eg_material_without(const EgMaterial *m, int k)
{
    EgMaterial r = *m;
    assert(k >= 0 && k < m->npieces);
    r.npieces = 0;
    for (int i = 0; i < m->npieces; i++)
        if (i != k)
            r.types[r.npieces++] = m->types[i];
    size_t j = 0;
    for (size_t i = 0; m->name[i]; i++)
        if (i != (size_t)k + 1)
            r.name[j++] = m->name[i];
    r.name[j] = 0;
    return r;
}

void eg_table_init(EgTable *t, const Variant *v, const EgMaterial *m)
{
    memset(t, 0, sizeof *t);
    t->v = v;
    t->mat = *m;
    t->n = v->nsquares;
    for (int s = 0; s < NC_MAX_SQ; s++)
        t->idx_of[s] = -1;
    for (int i = 0; i < v->nsquares; i++) {
        t->sq_of[i] = v->squares[i];
        t->idx_of[v->squares[i]] = (int16_t)i;
    }
    t->npos = (size_t)t->n * (size_t)t->n;
    for (int k = 0; k < m->npieces; k++)
        t->npos *= (size_t)t->n;
}

void eg_decode(const EgTable *t, size_t i, int *ak, int *dk, int *pc)
{
    size_t n = (size_t)t->n;
    for (int k = t->mat.npieces - 1; k >= 0; k--) {
        pc[k] = (int)(i % n);
        i /= n;
    }
    *dk = (int)(i % n);
    *ak = (int)(i / n);
}

/* FNV-1a over what decides the tables: the board's squares and the movement
 * of the king and the pieces. */
static uint64_t fnv(uint64_t h, const void *data, size_t len)
{
    const unsigned char *b = data;
    for (size_t i = 0; i < len; i++) {
        h ^= b[i];
        h *= 0x100000001b3ULL;
    }
    return h;
}

static uint64_t hash_type(uint64_t h, const PieceType *pt)
{
    h = fnv(h, &pt->natoms, sizeof pt->natoms);
    for (int a = 0; a < pt->natoms; a++) {
        const Atom *at = &pt->atoms[a];
        uint8_t b[8] = {at->kind, at->ndirs, at->min, at->max, at->over, at->to, at->flags, at->zone};
        h = fnv(h, b, sizeof b);
        h = fnv(h, at->dx, at->ndirs);
        h = fnv(h, at->dy, at->ndirs);
    }
    return h;
}

uint64_t eg_identity(const Variant *v, const EgMaterial *m)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    int dims[3] = {v->width, v->height, v->nsquares};
    h = fnv(h, dims, sizeof dims);
    for (int i = 0; i < v->nsquares; i++) {
        int8_t fr[2] = {v->file_of[v->squares[i]], v->rank_of[v->squares[i]]};
        h = fnv(h, fr, sizeof fr);
    }
    h = hash_type(h, &v->types[m->king]);
    for (int k = 0; k < m->npieces; k++)
        h = hash_type(h, &v->types[m->types[k]]);
    return fnv(h, &m->attacker, sizeof m->attacker);
}

int eg_material_of(const Position *p, EgMaterial *out)
{
    const Variant *v = p->v;
    memset(out, 0, sizeof *out);
    out->king = royal_type(v);
    if (out->king < 0 || p->ntitans || p->castle || p->nep || p->scepter || v->scepter_enabled)
        return -1;
    for (int c = 0; c < 2; c++)
        for (int t = 0; t < v->ntypes; t++)
            if (p->hand[c][t])
                return -1;
    if (p->npieces[0] == 1 && p->npieces[1] >= 2)
        out->attacker = NC_BLACK;
    else if (p->npieces[1] == 1 && p->npieces[0] >= 2)
        out->attacker = NC_WHITE;
    else
        return -1;
    int a = out->attacker;
    if (p->npieces[a] > 1 + EG_MAX_PIECES || p->count[nc_code(out->king, a)] != 1 || p->count[nc_code(out->king, !a)] != 1)
        return -1;
    for (int t = 0; t < v->ntypes; t++) {
        if (t == out->king)
            continue;
        for (int k = 0; k < p->count[nc_code(t, a)]; k++) {
            if (unsuitable(v, t))
                return -1;
            out->types[out->npieces++] = t;
        }
    }
    name_material(v, out);
    return 0;
}

long long eg_position_index(const EgTable *t, const Position *p)
{
    EgMaterial m;
    if (p->v != t->v || eg_material_of(p, &m) || m.attacker != t->mat.attacker || m.npieces != t->mat.npieces)
        return -1;
    for (int k = 0; k < m.npieces; k++)
        if (m.types[k] != t->mat.types[k])
            return -1;
    int a = m.attacker, pc[EG_MAX_PIECES], npc = 0;
    for (int i = 0; i < p->npieces[a]; i++) {
        int sq = p->plist[a][i];
        if (sq != p->king[a])
            pc[npc++] = sq;
    }
    /* the pieces in the table's (type) order */
    if (npc == 2 && nc_type(p->board[pc[0]]) != t->mat.types[0]) {
        int x = pc[0];
        pc[0] = pc[1];
        pc[1] = x;
    }
    for (int k = 0; k < npc; k++)
        pc[k] = t->idx_of[pc[k]];
    return (long long)eg_index(t, t->idx_of[p->king[a]], t->idx_of[p->king[!a]], pc);
}

int eg_probe(const EgTable *t, const Position *p)
{
    long long i = eg_position_index(t, p);
    if (i < 0)
        return EG_ILLEGAL;
    return p->side == t->mat.attacker ? t->wtm[i] : t->btm[i];
}

int eg_outcome(const EgTable *t, const Position *p, int *moves)
{
    int b = eg_probe(t, p);
    *moves = 0;
    if (b == EG_ILLEGAL)
        return -1;
    if (b == EG_DRAW)
        return EG_RES_DRAW;
    if (p->side == t->mat.attacker) {
        *moves = b;
        return EG_RES_WIN;
    }
    *moves = b - 1;
    return EG_RES_LOSS;
}

/* Sort key of a move's result: lower is better for the mover. */
static int move_rank(const EgTable *t, Position *p, const Move *m, bool attacker)
{
    Undo u;
    make_move(p, m, &u);
    int moves, r = eg_outcome(t, p, &moves);
    unmake_move(p, m, &u);
    if (attacker)
        return r == EG_RES_LOSS ? moves : 100000; /* the defender is mated in `moves` */
    if (r == EG_RES_WIN)
        return 1000 - moves;                      /* the longest mate first */
    return 0;                                     /* a capture that draws, or any other escape */
}

bool eg_agrees_at(const EgTable *t, Position *p)
{
    int n, r = eg_outcome(t, p, &n);
    if (r < 0)
        return true;
    MoveList ml;
    gen_legal(p, &ml);
    if (ml.n == 0)
        return in_check(p) ? r == EG_RES_LOSS && n == 0 : r == EG_RES_DRAW;
    bool attacker = p->side == t->mat.attacker;
    int best = -1, worst = -1; /* the fastest mate a move leaves, the slowest */
    bool draw = false, unknown = false;
    for (int i = 0; i < ml.n; i++) {
        Undo u;
        make_move(p, &ml.m[i], &u);
        int n2, r2 = eg_outcome(t, p, &n2);
        unmake_move(p, &ml.m[i], &u);
        if (r2 < 0)
            unknown = true;
        else if (r2 == EG_RES_DRAW)
            draw = true;
        else if (r2 == (attacker ? EG_RES_LOSS : EG_RES_WIN)) {
            best = best < 0 || n2 < best ? n2 : best;
            worst = n2 > worst ? n2 : worst;
        } else {
            return false; /* the side to move cannot leave the other side winning */
        }
    }
    if (attacker) {
        /* a win in n: the fastest known mate, or a faster one by a move
         * the table does not judge */
        if (r == EG_RES_WIN)
            return best >= 0 ? n == best + 1 || (unknown && n < best + 1) : unknown;
        return best < 0;
    }
    /* the defender: a loss in n when every move loses, in n at the most */
    if (r == EG_RES_LOSS)
        return !draw && worst >= 0 && (n == worst || (unknown && n > worst));
    return draw || unknown;
}

bool eg_best_move(const EgTable *t, Position *p, Move *out)
{
    int moves, r = eg_outcome(t, p, &moves);
    if (r != EG_RES_WIN && r != EG_RES_LOSS)
        return false;
    MoveList ml;
    gen_legal(p, &ml);
    int best = -1, best_rank = 0;
    for (int i = 0; i < ml.n; i++) {
        int k = move_rank(t, p, &ml.m[i], r == EG_RES_WIN);
        if (best < 0 || k < best_rank) {
            best = i;
            best_rank = k;
        }
    }
    if (best < 0)
        return false;
    *out = ml.m[best];
    return true;
}

void eg_stats(const EgTable *t, EgStats *s)
{
    memset(s, 0, sizeof *s);
    for (size_t i = 0; i < t->npos; i++) {
        int w = t->wtm[i], b = t->btm[i];
        if (w != EG_ILLEGAL) {
            s->legal[0]++;
            if (w == EG_DRAW)
                s->draws[0]++;
            else {
                s->wins[0]++;
                if (w > s->longest) {
                    s->longest = w;
                    s->longest_index = i;
                }
            }
        }
        if (b != EG_ILLEGAL) {
            s->legal[1]++;
            if (b == EG_DRAW)
                s->draws[1]++;
            else
                s->wins[1]++;
            if (b == 1)
                s->mates++;
        }
    }
}

bool eg_forces_mate(const EgStats *s)
{
    return s->longest > 0 && s->wins[0] * 4 >= s->legal[0];
}

/* splitmix64: small, and the same sequence everywhere for a seed */
static uint64_t next_random(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

size_t eg_random_win(const EgTable *t, uint64_t *rng)
{
    size_t i;
    do
        i = (size_t)(next_random(rng) % t->npos);
    while (t->wtm[i] == EG_DRAW || t->wtm[i] == EG_ILLEGAL);
    return i;
}

void eg_position(const EgTable *t, size_t i, bool attacker_to_move, Position *p)
{
    int ak, dk, pc[EG_MAX_PIECES];
    eg_decode(t, i, &ak, &dk, pc);
    int a = t->mat.attacker;
    pos_clear(p, t->v);
    pos_put(p, t->sq_of[ak], nc_code(t->mat.king, a));
    pos_put(p, t->sq_of[dk], nc_code(t->mat.king, !a));
    for (int k = 0; k < t->mat.npieces; k++)
        pos_put(p, t->sq_of[pc[k]], nc_code(t->mat.types[k], a));
    p->side = attacker_to_move ? a : !a;
    p->key = pos_compute_key(p);
}
