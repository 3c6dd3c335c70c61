/* The endgame solver.  Positions are numbered as eg_table.h says; each
 * side to move has one byte a position.  While building, the defender's
 * bytes hold how many of its non-capturing moves are not yet known to
 * lose (1..COUNT_MAX), or LOST + n once it is known to be mated in n;
 * the attacker's bytes hold 0 (not known) or n (mates in n).
 *
 * 1. Every position is classified: illegal, checkmate, stalemate, a
 *    capture that escapes to a drawn smaller table, or its move count.
 * 2. Layer n: from each defender position mated in n, every attacker
 *    move taken back gives a position that mates in n + 1 (unless known
 *    sooner); from that, every defender move taken back removes one move
 *    from its count, and a count that reaches zero means mated in n + 1
 *    (or later, when a capture into a smaller table lasts longer).
 * Moves are taken back by trying every square a move could have come
 * from (the per-piece tables' reverse lists) and asking whether that move
 * exists, so no movement rule needs its own reverse. */
#include "eg_solve.h"

#include "eg_movetab.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { COUNT_MAX = 127, LOST = 128, BT_DRAW = 254 };

typedef struct {
    EgTable *t;
    const EgTable *const *sub;
    EgMoveTab tabs[2 + EG_MAX_PIECES]; /* attacker king, defender king, pieces */
    const EgMoveTab *of[2 + EG_MAX_PIECES];
    int np;                            /* pieces on the board: 2 + npieces */
    int maxlost;
    EgProgress progress;
    void *ctx;
    bool stopped; /* the progress asked to stop */
} Solver;

static size_t board_index(const Solver *s, const EgBoard *b)
{
    return eg_index(s->t, b->sq[0], b->sq[1], &b->sq[2]);
}

static bool distinct(const EgBoard *b)
{
    for (int i = 0; i < b->n; i++)
        for (int j = i + 1; j < b->n; j++)
            if (b->sq[i] == b->sq[j])
                return false;
    return true;
}

static int occupant(const EgBoard *b, int sq)
{
    for (int i = 0; i < b->n; i++)
        if (b->sq[i] == sq)
            return i;
    return -1;
}

/* The defender's king (piece 1) can be removed by the attacker. */
static bool defender_attacked(const Solver *s, const EgBoard *b, unsigned absent)
{
    for (int i = 0; i < s->np; i++)
        if (i != 1 && !(absent >> i & 1) && egm_removes(s->of[i], b, i, 1, absent))
            return true;
    return false;
}

static bool attacker_attacked(const Solver *s, const EgBoard *b)
{
    return egm_removes(s->of[1], b, 1, 0, 0);
}

/* Value of the smaller table after the defender's king took piece k on its
 * square: 0 a draw, else the attacker's moves to mate. */
static int after_capture(const Solver *s, const EgBoard *b, int k)
{
    if (s->t->mat.npieces == 1)
        return 0; /* bare kings */
    int other = b->sq[2 + (1 - k)];
    const EgTable *sub = s->sub[k];
    return sub->wtm[eg_index(sub, b->sq[0], b->sq[1], &other)];
}

typedef struct {
    int quiet;       /* legal non-capturing moves */
    int captures;    /* legal captures */
    bool draw;       /* a capture reaches a drawn smaller table */
    int capmax;      /* the longest mate after a capture */
} DefenderMoves;

static void defender_moves(const Solver *s, EgBoard *b, DefenderMoves *dm)
{
    memset(dm, 0, sizeof *dm);
    const EgMoveTab *km = s->of[1];
    int from = b->sq[1];
    const EgSet *fw = &km->fwd[from];
    for (int w = 0; w < EG_SET_WORDS; w++)
        for (uint64_t bits = fw->w[w]; bits; bits &= bits - 1) {
            int to = w * 64 + __builtin_ctzll(bits), occ = occupant(b, to);
            if (occ == 0)
                continue;
            if (occ > 1) {
                if (!egm_removes(km, b, 1, occ, 0))
                    continue;
                b->sq[1] = to;
                unsigned absent = 1u << occ;
                bool ok = !defender_attacked(s, b, absent);
                int v = ok ? after_capture(s, b, occ - 2) : 0;
                b->sq[1] = from;
                if (!ok)
                    continue;
                dm->captures++;
                if (v == EG_DRAW)
                    dm->draw = true;
                else if (v > dm->capmax)
                    dm->capmax = v;
                continue;
            }
            if (!egm_can_move(km, b, 1, to))
                continue;
            b->sq[1] = to;
            if (!defender_attacked(s, b, 0))
                dm->quiet++;
            b->sq[1] = from;
        }
}

/* Tells the progress; false when it asks to stop (remembered). */
static bool tell(Solver *s, const char *stage, double fraction, int layer)
{
    if (s->progress && !s->stopped && !s->progress(s->ctx, stage, fraction, layer))
        s->stopped = true;
    return !s->stopped;
}

static int classify_defender(const Solver *s, EgBoard *b)
{
    if (attacker_attacked(s, b))
        return EG_ILLEGAL;
    DefenderMoves dm;
    defender_moves(s, b, &dm);
    if (dm.draw)
        return BT_DRAW;
    if (dm.quiet + dm.captures == 0)
        return defender_attacked(s, b, 0) ? LOST + 0 : BT_DRAW;
    if (dm.quiet == 0)
        return LOST + dm.capmax;
    return dm.quiet > COUNT_MAX ? -1 : dm.quiet;
}

/* Step 1 for every position. */
static int classify(Solver *s, char *err, int errlen)
{
    EgTable *t = s->t;
    size_t per_king = t->npos / (size_t)t->n;
    EgBoard b = {.n = s->np};
    b.code[0] = nc_code(t->mat.king, t->mat.attacker);
    b.code[1] = nc_code(t->mat.king, !t->mat.attacker);
    for (int k = 0; k < t->mat.npieces; k++)
        b.code[2 + k] = nc_code(t->mat.types[k], t->mat.attacker);
    for (size_t i = 0; i < t->npos; i++) {
        if (i % per_king == 0 && !tell(s, "positions", (double)i / (double)t->npos, -1))
            return EG_SOLVE_STOPPED;
        eg_decode(t, i, &b.sq[0], &b.sq[1], &b.sq[2]);
        if (!distinct(&b)) {
            t->wtm[i] = t->btm[i] = EG_ILLEGAL;
            continue;
        }
        t->wtm[i] = defender_attacked(s, &b, 0) ? EG_ILLEGAL : 0;
        int v = classify_defender(s, &b);
        if (v < 0) {
            snprintf(err, (size_t)errlen, "%s: the king has more than %d moves", t->mat.name, COUNT_MAX);
            return -1;
        }
        if (v >= LOST && v < BT_DRAW && v - LOST > s->maxlost)
            s->maxlost = v - LOST;
        t->btm[i] = (uint8_t)v;
    }
    return 0;
}

/* A defender's move taken back from the attacker-to-move position b, which
 * was just found to mate in n: each predecessor loses one escape. */
static void defender_unmoves(Solver *s, EgBoard *b, int n)
{
    const EgMoveTab *km = s->of[1];
    int to = b->sq[1];
    for (int k = km->rev_start[to]; k < km->rev_start[to + 1]; k++) {
        int from = km->rev[k];
        if (occupant(b, from) >= 0)
            continue;
        b->sq[1] = from;
        if (egm_can_move(km, b, 1, to)) {
            size_t q = board_index(s, b);
            uint8_t v = s->t->btm[q];
            if (v >= 1 && v <= COUNT_MAX) {
                if (--v == 0) {
                    DefenderMoves dm;
                    defender_moves(s, b, &dm);
                    int lost = dm.capmax > n ? dm.capmax : n;
                    v = (uint8_t)(LOST + lost);
                    if (lost > s->maxlost)
                        s->maxlost = lost;
                }
                s->t->btm[q] = v;
            }
        }
        b->sq[1] = to;
    }
}

/* Every attacker move taken back from the defender-to-move position b,
 * mated in n. */
static void attacker_unmoves(Solver *s, EgBoard *b, int n)
{
    for (int j = 0; j < s->np; j++) {
        if (j == 1)
            continue;
        const EgMoveTab *mt = s->of[j];
        int to = b->sq[j];
        for (int k = mt->rev_start[to]; k < mt->rev_start[to + 1]; k++) {
            int from = mt->rev[k];
            if (occupant(b, from) >= 0)
                continue;
            b->sq[j] = from;
            if (egm_can_move(mt, b, j, to)) {
                size_t p = board_index(s, b);
                if (s->t->wtm[p] == 0) {
                    s->t->wtm[p] = (uint8_t)(n + 1);
                    defender_unmoves(s, b, n + 1);
                }
            }
            b->sq[j] = to;
        }
    }
}

static int retrograde(Solver *s, char *err, int errlen)
{
    EgTable *t = s->t;
    size_t per_king = t->npos / (size_t)t->n;
    EgBoard b = {.n = s->np};
    b.code[0] = nc_code(t->mat.king, t->mat.attacker);
    b.code[1] = nc_code(t->mat.king, !t->mat.attacker);
    for (int k = 0; k < t->mat.npieces; k++)
        b.code[2 + k] = nc_code(t->mat.types[k], t->mat.attacker);
    for (int n = 0; n <= s->maxlost; n++) {
        if (n >= EG_MAX_DTM) {
            snprintf(err, (size_t)errlen, "%s: a mate longer than %d moves", t->mat.name, EG_MAX_DTM);
            return -1;
        }
        const uint8_t want = (uint8_t)(LOST + n);
        const uint8_t *bt = t->btm;
        for (size_t i = 0; i < t->npos; i++) {
            /* asked once per king square, as in classify: a layer of a
             * big board is too long to wait for */
            if (i % per_king == 0 && !tell(s, "mates in", 0, n + 1))
                return EG_SOLVE_STOPPED;
            if (bt[i] != want)
                continue;
            eg_decode(t, i, &b.sq[0], &b.sq[1], &b.sq[2]);
            attacker_unmoves(s, &b, n);
        }
    }
    /* final bytes: mated in n -> n + 1; the rest draws */
    for (size_t i = 0; i < t->npos; i++) {
        uint8_t v = t->btm[i];
        if (v != EG_ILLEGAL)
            t->btm[i] = v >= LOST && v < BT_DRAW ? (uint8_t)(v - LOST + 1) : EG_DRAW;
    }
    return 0;
}

/* The move tables' question to the progress; the fraction is that of the
 * piece whose table is being built. */
typedef struct {
    Solver *s;
    double fraction;
} TabProgress;

static bool tabs_go_on(void *ctx)
{
    TabProgress *tp = ctx;
    return tell(tp->s, "move tables", tp->fraction, -1);
}

static int make_tabs(Solver *s, char *err, int errlen)
{
    EgTable *t = s->t;
    int a = t->mat.attacker;
    int types[2 + EG_MAX_PIECES] = {t->mat.king, t->mat.king, t->mat.types[0], t->mat.types[1]};
    int colours[2 + EG_MAX_PIECES] = {a, !a, a, a};
    for (int i = 0; i < s->np; i++) {
        s->of[i] = NULL;
        for (int j = 0; j < i; j++)
            if (types[j] == types[i] && colours[j] == colours[i])
                s->of[i] = s->of[j];
        if (s->of[i])
            continue;
        TabProgress tp = {s, (double)i / s->np};
        EgmGoOn go = {tabs_go_on, &tp};
        int rc = egm_build(&s->tabs[i], t->v, t->sq_of, t->n, types[i], colours[i], &go);
        if (rc == EGM_STOPPED)
            return EG_SOLVE_STOPPED;
        if (rc) {
            snprintf(err, (size_t)errlen, "%s: out of memory for the move tables", t->mat.name);
            return -1;
        }
        s->of[i] = &s->tabs[i];
    }
    if (s->of[1]->removes_elsewhere) {
        snprintf(err, (size_t)errlen, "%s: the king captures otherwise than by replacement; no tables for it",
                 t->v->name);
        return -1;
    }
    return 0;
}

int eg_solve(EgTable *t, const EgTable *const *sub, EgProgress progress, void *ctx, char *err, int errlen)
{
    Solver *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, (size_t)errlen, "out of memory");
        return -1;
    }
    s->t = t;
    s->sub = sub;
    s->np = 2 + t->mat.npieces;
    s->progress = progress;
    s->ctx = ctx;
    t->mem = malloc(2 * t->npos);
    int rc = -1;
    if (!t->mem) {
        snprintf(err, (size_t)errlen, "%s: out of memory for %zu positions", t->mat.name, 2 * t->npos);
    } else {
        t->mem_kind = 1;
        t->memlen = 2 * t->npos;
        t->wtm = t->mem;
        t->btm = t->wtm + t->npos;
        rc = make_tabs(s, err, errlen);
        if (!rc)
            rc = classify(s, err, errlen);
        if (!rc)
            rc = retrograde(s, err, errlen);
        if (rc == EG_SOLVE_STOPPED)
            snprintf(err, (size_t)errlen, "%s: the building was stopped", t->mat.name);
    }
    for (int i = 0; i < s->np; i++)
        if (s->of[i] == &s->tabs[i])
            egm_free(&s->tabs[i]);
    free(s);
    return rc;
}
