/* Board state: square edits, hash, make/unmake, consistency checks, the
 * start position.  The position text is read and written in position_text.c;
 * make_move and unmake_move are the perft hot path: keep them lean. */
#include "position.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- square edits that keep every derived field right ---- */

static void list_remove(Position *p, int sq, int colour)
{
    int i = p->pindex[sq];
    int last = p->plist[colour][--p->npieces[colour]];
    p->plist[colour][i] = (uint16_t)last;
    p->pindex[last] = (uint8_t)i;
}

static void list_add(Position *p, int sq, int colour)
{
    p->pindex[sq] = (uint8_t)p->npieces[colour];
    p->plist[colour][p->npieces[colour]++] = (uint16_t)sq;
}

/* Changes one square, updating hash, lists, counts and royal squares. */
static inline void set_sq(Position *p, int sq, int code)
{
    const Variant *v = p->v;
    int old = p->board[sq];
    if (old != NC_EMPTY) {
        int c = nc_colour(old), f = v->code_flags[old];
        list_remove(p, sq, c);
        p->count[old]--;
        if (f & NC_CF_ROYAL) {
            p->nroyal[c]--;
            p->king[c] = 0;
        }
        if (f & NC_CF_TITAN)
            p->ntitans--;
    }
    p->board[sq] = (uint8_t)code;
    p->key ^= v->zob_psq[old][sq] ^ v->zob_psq[code][sq];
    if (code != NC_EMPTY) {
        int c = nc_colour(code), f = v->code_flags[code];
        list_add(p, sq, c);
        p->count[code]++;
        if (f & NC_CF_ROYAL) {
            p->nroyal[c]++;
            p->king[c] = (uint16_t)sq;
        }
        if (f & NC_CF_TITAN)
            p->ntitans++;
    }
}

static inline void record(Undo *u, int sq, int old)
{
    assert(u->nch < (int)(sizeof u->ch / sizeof u->ch[0]));
    u->ch[u->nch].sq = (uint16_t)sq;
    u->ch[u->nch].old = (uint8_t)old;
    u->nch++;
}

static inline void change(Position *p, Undo *u, int sq, int code)
{
    record(u, sq, p->board[sq]);
    set_sq(p, sq, code);
}

static void set_hand(Position *p, int colour, int type, int n)
{
    const Variant *v = p->v;
    p->key ^= v->zob_hand[colour][type][p->hand[colour][type]] ^ v->zob_hand[colour][type][n];
    p->hand[colour][type] = (uint8_t)n;
}

static void set_castle(Position *p, int rights)
{
    p->key ^= p->v->zob_castle[p->castle] ^ p->v->zob_castle[rights];
    p->castle = (uint8_t)rights;
}

static void clear_ep(Position *p)
{
    for (int i = 0; i < p->nep; i++)
        p->key ^= p->v->zob_ep[p->ep[i]];
    p->nep = 0;
    p->ep_victim = 0;
}

void pos_clear(Position *p, const Variant *v)
{
    memset(p, 0, sizeof *p);
    p->v = v;
    for (int sq = 0; sq < NC_MAX_SQ; sq++)
        p->board[sq] = v->exists[sq] ? NC_EMPTY : NC_OFF;
    p->fullmove = 1;
    p->key = pos_compute_key(p);
}

void pos_put(Position *p, int sq, int code)
{
    if (p->board[sq] == NC_OFF)
        return;
    set_sq(p, sq, code);
}

uint64_t pos_compute_key(const Position *p)
{
    const Variant *v = p->v;
    uint64_t k = 0;
    for (int i = 0; i < v->nsquares; i++) {
        int sq = v->squares[i];
        k ^= v->zob_psq[p->board[sq]][sq];
    }
    if (p->side)
        k ^= v->zob_side;
    k ^= v->zob_castle[p->castle];
    for (int i = 0; i < p->nep; i++)
        k ^= v->zob_ep[p->ep[i]];
    for (int c = 0; c < 2; c++)
        for (int t = 0; t < v->ntypes; t++)
            k ^= v->zob_hand[c][t][p->hand[c][t]];
    for (uint32_t bits = p->unmoved; bits; bits &= bits - 1)
        k ^= v->zob_first[__builtin_ctz(bits)];
    return k;
}

/* ---- make / unmake ---- */

static bool on_special(const Variant *v, int sq, int colour)
{
    for (int i = 0; i < v->nspecial; i++)
        if (v->special_sq[colour][i] == sq)
            return true;
    return false;
}

/* A push: walk the chain of k Titans to its end, then shift from the far end. */
static void push_chain(Position *p, Undo *u, const Move *m)
{
    const Variant *v = p->v;
    int d = m->pushdir, end = m->to, k = 0;
    while (p->board[end] != NC_EMPTY && p->board[end] != NC_OFF && v->types[nc_type(p->board[end])].titan)
        end += d, k++;
    assert(k > 0);
    if (p->board[end] == NC_OFF) {
        change(p, u, end - d, NC_EMPTY); /* the last Titan is exiled */
        k--;
    } else if (p->board[end] != NC_EMPTY) {
        change(p, u, end, NC_EMPTY); /* crushed */
    }
    for (int i = k - 1; i >= 0; i--) {
        int s = m->to + i * d;
        change(p, u, s + d, p->board[s]);
    }
}

/* captures-to-hand: the piece `code` taken by `us` goes to its hand, a
 * promoted one as the type it promoted from. */
static void capture_to_hand(Position *p, Undo *u, int us, int code)
{
    const Variant *v = p->v;
    int t = nc_type(code);
    if (v->promoted_of[t] >= 0)
        t = v->promoted_of[t];
    assert(u->ngain < sizeof u->gain && p->hand[us][t] < NC_MAX_HAND_TYPE);
    u->gain[u->ngain++] = (uint8_t)t;
    set_hand(p, us, t, p->hand[us][t] + 1);
}

/* The piece a promotion puts on the board: the chosen type, or its stand-in
 * for promoted pieces when they return to hand as the type they came from. */
static int promoted_code(const Variant *v, int type, int us)
{
    if (v->captures_to_hand && v->promoted_as[type] >= 0)
        type = v->promoted_as[type];
    return nc_code(type, us);
}

/* First-move rights after a move: lost on every square whose occupant
 * changed, and the royal piece's when a piece of the type that spoils it
 * lands on its rank or file (whatever stands between). */
__attribute__((noinline, cold)) static void update_first_moves(Position *p, const Undo *u, int mover_type, int to)
{
    const Variant *v = p->v;
    uint32_t bits = p->unmoved;
    for (int i = 0; i < u->nch; i++)
        if (v->first_bit[u->ch[i].sq])
            bits &= ~(1u << (v->first_bit[u->ch[i].sq] - 1));
    int them = p->side ^ 1, k = p->king[them];
    if (v->first_lost_to == mover_type + 1 && k && v->first_bit[k] &&
        (v->file_of[k] == v->file_of[to] || v->rank_of[k] == v->rank_of[to]))
        bits &= ~(1u << (v->first_bit[k] - 1));
    for (uint32_t gone = p->unmoved & ~bits; gone; gone &= gone - 1)
        p->key ^= v->zob_first[__builtin_ctz(gone)];
    p->unmoved = bits;
}

void make_move(Position *p, const Move *m, Undo *u)
{
    const Variant *v = p->v;
    int us = p->side;
    u->nch = 0;
    u->castle = p->castle;
    u->nep = p->nep;
    memcpy(u->ep, p->ep, sizeof p->ep);
    u->ep_victim = p->ep_victim;
    u->halfmove = p->halfmove;
    u->scepter = p->scepter;
    u->hand_type = -1;
    u->ngain = 0;
    u->key = p->key;
    u->unmoved = p->unmoved;

    clear_ep(p);
    bool irreversible = false;
    int mover_type;

    if (m->kind == MK_DROP) {
        int t = m->promo - 1;
        u->hand_type = t;
        set_hand(p, us, t, p->hand[us][t] - 1);
        change(p, u, m->to, nc_code(t, us));
        mover_type = t;
        irreversible = true;
    } else if (m->kind == MK_CASTLE) {
        int king = p->board[m->from], rook = p->board[m->aux];
        change(p, u, m->from, NC_EMPTY);
        if (m->aux != m->from)
            change(p, u, m->aux, NC_EMPTY);
        change(p, u, m->to, king);
        change(p, u, m->aux2, rook);
        mover_type = nc_type(king);
    } else {
        int piece = p->board[m->from];
        mover_type = nc_type(piece);
        if (v->types[mover_type].promotes)
            irreversible = true;
        change(p, u, m->from, NC_EMPTY);
        for (int i = 0; i < 2 && m->cap[i]; i++) {
            if (v->captures_to_hand)
                capture_to_hand(p, u, us, p->board[m->cap[i]]);
            change(p, u, m->cap[i], NC_EMPTY);
            irreversible = true;
        }
        if (m->flags & MF_PUSH) {
            push_chain(p, u, m);
            irreversible = true;
        } else if (p->board[m->to] != NC_EMPTY) {
            irreversible = true;
            if (v->captures_to_hand)
                capture_to_hand(p, u, us, p->board[m->to]);
        }
        int code = piece;
        if (m->promo)
            code = promoted_code(v, m->promo - 1, us);
        change(p, u, m->to, code);
        if ((m->flags & MF_EP_SOURCE) && !v->types[mover_type].titan) {
            int dir = m->pushdir; /* the step of the slide's line */
            for (int s = m->from + dir; s != m->to && p->nep < NC_MAX_EP; s += dir) {
                p->ep[p->nep++] = (uint16_t)s;
                p->key ^= v->zob_ep[s];
            }
            if (p->nep)
                p->ep_victim = m->to;
        }
    }

    /* Castling rights: every square whose occupant changed. */
    if (p->castle) {
        int rights = p->castle;
        for (int i = 0; i < u->nch; i++)
            rights &= ~v->castle_mask[u->ch[i].sq];
        if (rights != p->castle)
            set_castle(p, rights);
    }
    if (p->unmoved)
        update_first_moves(p, u, mover_type, m->to);
    if (v->scepter_enabled && v->types[mover_type].royal && m->kind != MK_DROP &&
        on_special(v, m->to, us))
        p->scepter = true;

    p->halfmove = irreversible ? 0 : p->halfmove + 1;
    if (us == NC_BLACK)
        p->fullmove++;
    p->side ^= 1;
    p->key ^= v->zob_side;
    POS_ASSERT_OK(p);
}

void unmake_move(Position *p, const Move *m, const Undo *u)
{
    for (int i = u->nch - 1; i >= 0; i--)
        set_sq(p, u->ch[i].sq, u->ch[i].old);
    p->side ^= 1;
    if (p->side == NC_BLACK)
        p->fullmove--;
    if (u->hand_type >= 0)
        p->hand[p->side][u->hand_type]++;
    for (int i = 0; i < u->ngain; i++)
        p->hand[p->side][u->gain[i]]--;
    p->castle = u->castle;
    p->nep = u->nep;
    memcpy(p->ep, u->ep, sizeof p->ep);
    p->ep_victim = u->ep_victim;
    p->halfmove = u->halfmove;
    p->scepter = u->scepter;
    p->unmoved = u->unmoved;
    p->key = u->key;
    (void)m;
    POS_ASSERT_OK(p);
}

/* ---- consistency ---- */

bool pos_ok(const Position *p, char *err, int errlen)
{
    const Variant *v = p->v;
    int count[2 * NC_MAX_TYPES + 1] = {0}, npieces[2] = {0}, nroyal[2] = {0}, ntitans = 0;
    uint16_t king[2] = {0, 0};
    for (int sq = 0; sq < NC_MAX_SQ; sq++) {
        int code = p->board[sq];
        if (!v->exists[sq]) {
            if (code != NC_OFF) {
                snprintf(err, (size_t)errlen, "square %d off the board holds %d", sq, code);
                return false;
            }
            continue;
        }
        if (code == NC_EMPTY)
            continue;
        if (code == NC_OFF || nc_type(code) >= v->ntypes) {
            snprintf(err, (size_t)errlen, "bad piece code %d on square %d", code, sq);
            return false;
        }
        int c = nc_colour(code), t = nc_type(code);
        count[code]++;
        npieces[c]++;
        if (v->types[t].royal) {
            nroyal[c]++;
            king[c] = (uint16_t)sq;
        }
        if (v->types[t].titan)
            ntitans++;
        if (p->pindex[sq] >= p->npieces[c] || p->plist[c][p->pindex[sq]] != sq) {
            snprintf(err, (size_t)errlen, "piece list misses square %d", sq);
            return false;
        }
    }
    for (int c = 0; c < 2; c++) {
        if (npieces[c] != p->npieces[c]) {
            snprintf(err, (size_t)errlen, "piece count of side %d is %d, board has %d", c, p->npieces[c], npieces[c]);
            return false;
        }
        if (nroyal[c] != p->nroyal[c] || (nroyal[c] == 1 && king[c] != p->king[c])) {
            snprintf(err, (size_t)errlen, "royal square of side %d wrong", c);
            return false;
        }
    }
    for (int code = 1; code <= 2 * v->ntypes; code++)
        if (count[code] != p->count[code]) {
            snprintf(err, (size_t)errlen, "count of piece code %d is %d, board has %d", code, p->count[code], count[code]);
            return false;
        }
    if (ntitans != p->ntitans) {
        snprintf(err, (size_t)errlen, "Titan count %d, board has %d", p->ntitans, ntitans);
        return false;
    }
    if (pos_compute_key(p) != p->key) {
        snprintf(err, (size_t)errlen, "hash key differs from the recomputed one");
        return false;
    }
    if (p->side != NC_WHITE && p->side != NC_BLACK) {
        snprintf(err, (size_t)errlen, "side to move %d", p->side);
        return false;
    }
    return true;
}

#ifdef NC_DEBUG
void pos_assert_ok(const Position *p)
{
    char err[200];
    if (!pos_ok(p, err, sizeof err)) {
        fprintf(stderr, "pos_ok failed: %s\n", err);
        abort();
    }
}
#endif
