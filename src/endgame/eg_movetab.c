/* Per-piece move tables of the endgame solver, from the move generator:
 * every answer for the empty board and for one other piece on any square,
 * and a fall-back to the generator for boards where more pieces matter.
 * No I/O. */
#include "eg_movetab.h"

#include "rules/rules.h"

#include <stdlib.h>
#include <string.h>

/* The pieces standing in for "some other piece": a king of either colour
 * (the move generator tells friend from enemy, not one type from another,
 * when no Titans are about). */
static int blocker_code(const Variant *v, int colour)
{
    for (int t = 0; t < v->ntypes; t++)
        if (v->types[t].royal)
            return nc_code(t, colour);
    return nc_code(0, colour);
}

/* Quiet destinations of the piece on from (board square), as compact squares. */
static void quiet_dests(const EgMoveTab *mt, Position *p, MoveList *ml, int from, const int16_t *idx, EgSet *out)
{
    memset(out, 0, sizeof *out);
    gen_pseudo(p, ml);
    for (int i = 0; i < ml->n; i++) {
        const Move *m = &ml->m[i];
        if (m->kind == MK_NORMAL && m->from == from && !m->cap[0] && !m->promo && p->board[m->to] == NC_EMPTY)
            eg_set_add(out, idx[m->to]);
    }
    (void)mt;
}

/* Whether the piece on from removes the piece on x; *elsewhere is set when
 * such a removal lands on another square. */
static bool removes(Position *p, MoveList *ml, int from, int x, bool *elsewhere)
{
    gen_pseudo(p, ml);
    bool r = false;
    for (int i = 0; i < ml->n; i++) {
        const Move *m = &ml->m[i];
        if (m->from != from || m->kind != MK_NORMAL)
            continue;
        if (m->to == x || m->cap[0] == x || m->cap[1] == x) {
            r = true;
            if (m->to != x)
                *elsewhere = true;
        }
    }
    return r;
}

/* Asked once per square of the piece: a table of a big board takes seconds. */
static bool go_on(const EgmGoOn *go)
{
    return !go || !go->fn || go->fn(go->ctx);
}

static bool build_moves(EgMoveTab *mt, Position *p, MoveList *ml, const int16_t *idx, const EgmGoOn *go)
{
    int n = mt->n, code = nc_code(mt->type, mt->colour);
    int blk[2] = {blocker_code(mt->v, mt->colour), blocker_code(mt->v, !mt->colour)};
    for (int f = 0; f < n; f++) {
        if (!go_on(go))
            return false;
        int fs = mt->sq_of[f];
        pos_clear(p, mt->v);
        p->side = mt->colour;
        pos_put(p, fs, code);
        quiet_dests(mt, p, ml, fs, idx, &mt->mv_base[f]);
        for (int y = 0; y < n; y++) {
            if (y == f)
                continue;
            for (int c = 0; c < 2; c++) {
                EgSet d;
                pos_put(p, mt->sq_of[y], blk[c]);
                quiet_dests(mt, p, ml, fs, idx, &d);
                pos_put(p, mt->sq_of[y], NC_EMPTY);
                for (int t = 0; t < n; t++) {
                    if (t == y || t == f)
                        continue;
                    bool with = eg_set_has(&d, t);
                    if (with)
                        mt->mv_r1[((size_t)f * n + t) * n + y] |= (uint8_t)(1 << c);
                    if (with != eg_set_has(&mt->mv_base[f], t))
                        eg_set_add(&mt->mv_sens[(size_t)f * n + t], y);
                }
            }
        }
    }
    return true;
}

static bool build_removals(EgMoveTab *mt, Position *p, MoveList *ml, const EgmGoOn *go)
{
    int n = mt->n, code = nc_code(mt->type, mt->colour);
    int blk[2] = {blocker_code(mt->v, mt->colour), blocker_code(mt->v, !mt->colour)};
    for (int f = 0; f < n; f++) {
        if (!go_on(go))
            return false;
        int fs = mt->sq_of[f];
        for (int x = 0; x < n; x++) {
            if (x == f)
                continue;
            int xs = mt->sq_of[x];
            pos_clear(p, mt->v);
            p->side = mt->colour;
            pos_put(p, fs, code);
            pos_put(p, xs, blk[1]);
            bool base = removes(p, ml, fs, xs, &mt->removes_elsewhere);
            if (base)
                eg_set_add(&mt->at_base[f], x);
            for (int y = 0; y < n; y++) {
                if (y == f || y == x)
                    continue;
                for (int c = 0; c < 2; c++) {
                    pos_put(p, mt->sq_of[y], blk[c]);
                    bool with = removes(p, ml, fs, xs, &mt->removes_elsewhere);
                    pos_put(p, mt->sq_of[y], NC_EMPTY);
                    if (with)
                        mt->at_r1[((size_t)f * n + x) * n + y] |= (uint8_t)(1 << c);
                    if (with != base)
                        eg_set_add(&mt->at_sens[(size_t)f * n + x], y);
                }
            }
        }
    }
    return true;
}

/* rev[t]: every f with a quiet move to t on the empty board or beside one piece. */
static int build_reverse(EgMoveTab *mt)
{
    int n = mt->n;
    size_t count = 0;
    mt->rev_start = calloc((size_t)n + 1, sizeof *mt->rev_start);
    if (!mt->rev_start)
        return -1;
    for (int pass = 0; pass < 2; pass++) {
        count = 0;
        for (int t = 0; t < n; t++) {
            if (pass)
                mt->rev_start[t] = (int)count;
            for (int f = 0; f < n; f++) {
                bool any = f != t && eg_set_has(&mt->mv_base[f], t);
                for (int y = 0; y < n && !any && f != t; y++)
                    any = mt->mv_r1[((size_t)f * n + t) * n + y] != 0;
                if (any) {
                    if (pass)
                        mt->rev[count] = (uint16_t)f;
                    count++;
                }
            }
        }
        if (!pass) {
            mt->rev = malloc((count ? count : 1) * sizeof *mt->rev);
            if (!mt->rev)
                return -1;
        }
    }
    mt->rev_start[n] = (int)count;
    mt->fwd = calloc((size_t)n, sizeof(EgSet));
    if (!mt->fwd)
        return -1;
    for (int t = 0; t < n; t++)
        for (int k = mt->rev_start[t]; k < mt->rev_start[t + 1]; k++)
            eg_set_add(&mt->fwd[mt->rev[k]], t);
    for (int f = 0; f < n; f++)
        for (int x = 0; x < n; x++) {
            bool any = eg_set_has(&mt->at_base[f], x);
            for (int y = 0; y < n && !any; y++)
                any = mt->at_r1[((size_t)f * n + x) * n + y] != 0;
            if (any)
                eg_set_add(&mt->fwd[f], x);
        }
    return 0;
}

int egm_build(EgMoveTab *mt, const Variant *v, const uint16_t *sq_of, int n, int type, int colour,
              const EgmGoOn *go)
{
    memset(mt, 0, sizeof *mt);
    mt->v = v;
    mt->sq_of = sq_of;
    mt->n = n;
    mt->type = type;
    mt->colour = colour;
    size_t n2 = (size_t)n * n, n3 = n2 * n;
    mt->mv_base = calloc((size_t)n, sizeof(EgSet));
    mt->at_base = calloc((size_t)n, sizeof(EgSet));
    mt->mv_sens = calloc(n2, sizeof(EgSet));
    mt->at_sens = calloc(n2, sizeof(EgSet));
    mt->mv_r1 = calloc(n3, 1);
    mt->at_r1 = calloc(n3, 1);
    Position *p = malloc(sizeof *p);
    MoveList *ml = malloc(sizeof *ml);
    int16_t *idx = malloc(sizeof(int16_t) * NC_MAX_SQ);
    int rc = -1;
    if (mt->mv_base && mt->at_base && mt->mv_sens && mt->at_sens && mt->mv_r1 && mt->at_r1 && p && ml && idx) {
        for (int s = 0; s < NC_MAX_SQ; s++)
            idx[s] = -1;
        for (int i = 0; i < n; i++)
            idx[sq_of[i]] = (int16_t)i;
        if (!build_moves(mt, p, ml, idx, go) || !build_removals(mt, p, ml, go))
            rc = EGM_STOPPED;
        else
            rc = build_reverse(mt);
    }
    free(p);
    free(ml);
    free(idx);
    if (rc)
        egm_free(mt);
    return rc;
}

void egm_free(EgMoveTab *mt)
{
    free(mt->mv_base);
    free(mt->at_base);
    free(mt->mv_sens);
    free(mt->at_sens);
    free(mt->mv_r1);
    free(mt->at_r1);
    free(mt->rev_start);
    free(mt->fwd);
    free(mt->rev);
    memset(mt, 0, sizeof *mt);
}

static void board_position(const EgMoveTab *mt, const EgBoard *b, unsigned absent, int side, Position *p)
{
    pos_clear(p, mt->v);
    for (int i = 0; i < b->n; i++)
        if (!(absent >> i & 1))
            pos_put(p, mt->sq_of[b->sq[i]], b->code[i]);
    p->side = side;
}

bool egm_can_move_slow(const EgMoveTab *mt, const EgBoard *b, int mover, int to)
{
    Position p;
    MoveList ml;
    board_position(mt, b, 0, mt->colour, &p);
    int fs = mt->sq_of[b->sq[mover]], ts = mt->sq_of[to];
    gen_pseudo(&p, &ml);
    for (int i = 0; i < ml.n; i++)
        if (ml.m[i].kind == MK_NORMAL && ml.m[i].from == fs && ml.m[i].to == ts && !ml.m[i].cap[0] && !ml.m[i].promo)
            return true;
    return false;
}

bool egm_removes_slow(const EgMoveTab *mt, const EgBoard *b, int by, int target, unsigned absent)
{
    Position p;
    MoveList ml;
    board_position(mt, b, absent, mt->colour, &p);
    bool elsewhere = false;
    return removes(&p, &ml, mt->sq_of[b->sq[by]], mt->sq_of[b->sq[target]], &elsewhere);
}
