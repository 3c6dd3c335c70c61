/* Move generation for every piece the data files can describe (slides,
 * leaps, bent and fly-over moves, locust captures, Titan pushes, castling,
 * drops) and the check test built on the same generator.  Reads positions,
 * never changes them for good; knows nothing of text or I/O. */
#include "movegen.h"

#include "endrules.h"
#include "royal_sight.h"

#include <assert.h>
#include <string.h>

/* Rare kinds and conditions stay out of line, so that inlining them does
 * not slow the common generator down. */
#define NC_COLD __attribute__((noinline, cold))

/* One generator serves two purposes: listing moves, and the check test,
 * which asks whether any move of one side removes the piece on `target`.
 * In the second mode moves are examined as they are found and nothing is
 * stored, and pieces and directions that cannot reach the target are
 * skipped (unless Titans are on the board: a push can crush far away). */
typedef struct {
    Position *p;
    MoveList *ml;
    int colour;     /* side whose moves are generated */
    int target;     /* check mode: the square tested; 0 when listing */
    int tdx, tdy;   /* target offset from the piece (check mode) */
    bool filter;    /* check mode may skip unaligned directions */
    bool noisy;     /* listing: only moves that may remove a piece or promote (gen_noisy) */
    bool collect;   /* check mode lists the removing moves in ml instead of stopping at one */
    bool found;
    int8_t in_chk;  /* listing: the mover is in check (1), is not (0), not asked yet (-1) */
} Gen;

static inline int is_titan_code(const Variant *v, int code)
{
    return code != NC_EMPTY && code != NC_OFF && v->types[nc_type(code)].titan;
}

/* The square at the end of a push chain starting at `to`. */
static int chain_end(const Position *p, int to, int d)
{
    const Variant *v = p->v;
    int s = to;
    while (is_titan_code(v, p->board[s]))
        s += d;
    return s;
}

static bool removes(const Position *p, const Move *m, int target)
{
    if (m->cap[0] == target || m->cap[1] == target)
        return true;
    if (m->flags & MF_PUSH) {
        int end = chain_end(p, m->to, m->pushdir);
        return end == target; /* a normal piece there is crushed */
    }
    return m->to == target && p->board[target] != NC_EMPTY;
}

/* True, and the list marked, when no move fits any more. */
static inline bool list_full(MoveList *ml)
{
    if (ml->n < NC_MAX_MOVES)
        return false;
    ml->overflow = true;
    return true;
}

/* A move that may remove a piece or promotes (pieces' moves only). */
static inline bool is_noisy(const Position *p, const Move *m)
{
    return m->cap[0] || m->promo || (m->flags & MF_PUSH) || p->board[m->to] != NC_EMPTY;
}

static inline void emit(Gen *g, const Move *m)
{
    if (g->target) {
        if (!removes(g->p, m, g->target))
            return;
        if (!g->collect)
            g->found = true;
        else if (!list_full(g->ml))
            g->ml->m[g->ml->n++] = *m;
        return;
    }
    if (g->noisy && !is_noisy(g->p, m))
        return;
    if (list_full(g->ml))
        return;
    g->ml->m[g->ml->n++] = *m;
}

static bool on_special(const Variant *v, int sq, int colour)
{
    for (int i = 0; i < v->nspecial; i++)
        if (v->special_sq[colour][i] == sq)
            return true;
    return false;
}

/* The promotions of a move onto a rank where the piece may promote: the
 * move itself too when promotion is optional there (a rank of the
 * promotion zone before the promotion rank), and each choice the side
 * may still take (promotion-limit: fewer of that type on the board). */
static void add_promotions(Gen *g, Move *m, bool optional)
{
    const Variant *v = g->p->v;
    if (optional)
        emit(g, m);
    for (int i = 0; i < v->npromo; i++) {
        int pt = v->promo_types[i];
        if (v->promo_limit[pt] && g->p->count[nc_code(pt, g->colour)] >= v->promo_limit[pt])
            continue;
        m->promo = (uint8_t)(pt + 1);
        emit(g, m);
    }
    m->promo = 0;
}

/* The promotions or the Insane Ninja change of a move, when it has them:
 * true when they were emitted in its place. */
static inline bool add_changes(Gen *g, int t, Move *m)
{
    const Variant *v = g->p->v;
    if (v->types[t].promotes) {
        int rr = v->rel_rank[g->colour][m->to];
        if (rr == v->promo_rank || (v->promo_zone && rr >= v->promo_zone - 1)) {
            add_promotions(g, m, rr != v->promo_rank);
            return true;
        }
    }
    if (v->insane_enabled && v->insane_from[t] && on_special(v, m->to, g->colour)) {
        m->promo = (uint8_t)(v->insane_type + 1);
        emit(g, m);
        m->promo = 0;
        return true;
    }
    return false;
}

/* A move of a type that promotes, may become an Insane Ninja or has a
 * region: none when it leaves the region; promotions expanded. */
static void add_special_move(Gen *g, int t, Move *m)
{
    const Variant *v = g->p->v;
    if (v->region_of[t] && !v->region[v->region_of[t] - 1][g->colour][m->to])
        return;
    /* the check test needs no changes; gen_removals lists them.  Two
     * branches, so that the listing one is compiled knowing it lists. */
    if (!g->target) {
        if (add_changes(g, t, m))
            return;
    } else if (g->collect && add_changes(g, t, m)) {
        return;
    }
    emit(g, m);
}

/* Adds a piece move; most types need nothing more than emitting it. */
static inline void add_piece_move(Gen *g, int t, Move *m)
{
    if (g->p->v->types[t].special)
        add_special_move(g, t, m);
    else
        emit(g, m);
}

static inline bool aligned(const Gen *g, int dx, int dy)
{
    if (!g->filter)
        return true;
    /* collinear with the target and pointing towards it */
    return dx * g->tdy == dy * g->tdx && dx * g->tdx + dy * g->tdy > 0;
}

static bool first_move_ok(Gen *g, const Atom *a, int from);

static bool origin_ok(Gen *g, const Variant *v, const Atom *a, int colour, int from)
{
    int rr = v->rel_rank[colour][from];
    switch (a->zone) {
    case ZONE_BEFORE: if (!(rr < v->centre_rank)) return false; break;
    case ZONE_UPTO: if (!(rr <= v->centre_rank)) return false; break;
    case ZONE_AT: if (rr != v->centre_rank) return false; break;
    case ZONE_PAST: if (!(rr > v->centre_rank)) return false; break;
    default: break;
    }
    if (a->start == START_ON && rr != v->start_rank)
        return false;
    if (a->start == START_OFF && rr == v->start_rank)
        return false;
    if (a->start == START_STATE)
        return first_move_ok(g, a, from);
    return true;
}

/* The common case when listing: a slide over empty squares that moves or
 * captures by replacement, by a piece that never promotes (rook, bishop,
 * queen, king).  Same moves as gen_slide, without its per-square checks. */
static void gen_plain_slide(Gen *g, int from, int t, int ai, const Atom *a)
{
    const Position *p = g->p;
    const Variant *v = p->v;
    int c = g->colour;
    int maxd = a->max ? a->max : 64;
    MoveList *ml = g->ml;
    Move *out = ml->m + ml->n;
    for (int d = 0; d < a->ndirs; d++) {
        int off = v->atom_off[t][ai][c][d];
        int s = from;
        for (int dist = 1; dist <= maxd; dist++) {
            s += off;
            int sc = p->board[s];
            if (sc == NC_EMPTY) {
                *out++ = (Move){.from = (uint16_t)from, .to = (uint16_t)s};
                continue;
            }
            if (sc != NC_OFF && nc_colour(sc) != c) {
                if (v->code_flags[sc] & NC_CF_TITAN)
                    *out++ = (Move){.from = (uint16_t)from, .to = (uint16_t)s, .flags = MF_PUSH, .pushdir = (int16_t)off};
                else
                    *out++ = (Move){.from = (uint16_t)from, .to = (uint16_t)s};
            }
            break;
        }
    }
    ml->n = (int)(out - ml->m);
}

/* gen_plain_slide's captures alone, for gen_noisy. */
static void gen_plain_slide_captures(Gen *g, int from, int t, int ai, const Atom *a)
{
    const Position *p = g->p;
    const Variant *v = p->v;
    int c = g->colour;
    int maxd = a->max ? a->max : 64;
    MoveList *ml = g->ml;
    for (int d = 0; d < a->ndirs; d++) {
        int off = v->atom_off[t][ai][c][d];
        int s = from, dist = 1;
        for (s += off; p->board[s] == NC_EMPTY && dist < maxd; s += off)
            dist++;
        int sc = p->board[s];
        if (sc == NC_EMPTY || sc == NC_OFF || nc_colour(sc) == c)
            continue;
        Move m = {.from = (uint16_t)from, .to = (uint16_t)s};
        if (v->code_flags[sc] & NC_CF_TITAN) {
            m.flags = MF_PUSH;
            m.pushdir = (int16_t)off;
        }
        ml->m[ml->n++] = m;
    }
}

static void gen_slide(Gen *g, int from, int t, int ai, const Atom *a)
{
    Position *p = g->p;
    const Variant *v = p->v;
    int c = g->colour;
    /* The fast path writes without checking room: at most 15 squares a
     * direction on a 16x16 board.  Near a full list the checked path runs. */
    if (!g->target && a->plain && !v->types[t].promotes && !v->insane_from[t] &&
        g->ml->n + a->ndirs * NC_MAX_FILES <= NC_MAX_MOVES) {
        if (g->noisy)
            gen_plain_slide_captures(g, from, t, ai, a);
        else
            gen_plain_slide(g, from, t, ai, a);
        return;
    }
    int maxd = a->max ? a->max : 64;
    bool promotes = v->types[t].promotes;
    for (int d = 0; d < a->ndirs; d++) {
        int ddx = a->dx[d], ddy = c ? -a->dy[d] : a->dy[d];
        if (!aligned(g, ddx, ddy))
            continue;
        int off = v->atom_off[t][ai][c][d];
        int s = from, ncap = 0;
        uint16_t caps[2] = {0, 0};
        bool clear = true;
        for (int dist = 1; dist <= maxd; dist++) {
            s += off;
            int sc = p->board[s];
            if (sc == NC_OFF)
                break;
            int rr = v->rel_rank[c][s];
            if ((a->flags & AF_STOP_CENTRE) && rr > v->centre_rank)
                break;
            if (promotes && rr > v->promo_rank)
                break;
            if (dist >= a->min) {
                Move m = {0};
                m.from = (uint16_t)from;
                m.to = (uint16_t)s;
                m.cap[0] = caps[0];
                m.cap[1] = caps[1];
                if (sc == NC_EMPTY) {
                    if (a->to & SQ_EMPTY) {
                        if ((a->flags & AF_EP_SOURCE) && dist >= 2) {
                            m.flags = MF_EP_SOURCE;
                            m.pushdir = (int16_t)off; /* the line whose squares it passed */
                        }
                        add_piece_move(g, t, &m);
                    } else if ((a->flags & AF_EP_CAPTURE) && c == p->side && p->nep) {
                        for (int i = 0; i < p->nep; i++)
                            if (p->ep[i] == s) {
                                m.cap[0] = p->ep_victim;
                                add_piece_move(g, t, &m);
                            }
                    }
                } else if (nc_colour(sc) != c && (a->to & SQ_ENEMY)) {
                    if (!v->types[nc_type(sc)].titan) {
                        add_piece_move(g, t, &m);
                    } else if (clear) {
                        m.flags = MF_PUSH;
                        m.pushdir = (int16_t)off;
                        add_piece_move(g, t, &m);
                    }
                }
                if (g->found)
                    return;
            }
            if (dist == maxd)
                break;
            /* may the piece pass this square? */
            int cls;
            if (sc == NC_EMPTY)
                cls = SQ_EMPTY;
            else if (nc_colour(sc) == c || v->types[nc_type(sc)].titan)
                cls = SQ_FRIEND;
            else
                cls = SQ_ENEMY;
            if (!(a->over & cls))
                break;
            if (sc != NC_EMPTY) {
                clear = false;
                if ((a->flags & AF_TAKE_OVER) && cls == SQ_ENEMY) {
                    if (ncap == 2)
                        break;
                    caps[ncap++] = (uint16_t)s;
                }
            }
        }
    }
}

static void gen_leap(Gen *g, int from, int t, int ai, const Atom *a)
{
    Position *p = g->p;
    const Variant *v = p->v;
    int c = g->colour;
    for (int d = 0; d < a->ndirs; d++) {
        if (g->filter) {
            int ddx = a->dx[d], ddy = c ? -a->dy[d] : a->dy[d];
            if (ddx != g->tdx || ddy != g->tdy)
                continue;
        }
        int s = from + v->atom_off[t][ai][c][d];
        int sc = p->board[s];
        if (sc == NC_OFF)
            continue;
        if (v->types[t].promotes && v->rel_rank[c][s] > v->promo_rank)
            continue;
        Move m = {0};
        m.from = (uint16_t)from;
        m.to = (uint16_t)s;
        if (sc == NC_EMPTY) {
            if (a->to & SQ_EMPTY)
                add_piece_move(g, t, &m);
        } else if (nc_colour(sc) != c && (a->to & SQ_ENEMY) && !v->types[nc_type(sc)].titan) {
            add_piece_move(g, t, &m);
        }
        if (g->found)
            return;
    }
}

static void gen_flyover(Gen *g, int from, int t, int ai, const Atom *a)
{
    Position *p = g->p;
    const Variant *v = p->v;
    int c = g->colour;
    for (int d = 0; d < a->ndirs; d++) {
        int ddx = a->dx[d], ddy = c ? -a->dy[d] : a->dy[d];
        if (!aligned(g, ddx, ddy))
            continue;
        int off = v->atom_off[t][ai][c][d];
        int s = from + off, dist = 1;
        while (p->board[s] == NC_EMPTY)
            s += off, dist++;
        int sc = p->board[s];
        if (sc == NC_OFF || dist < a->min || (a->max && dist > a->max))
            continue;
        if (nc_colour(sc) == c || v->types[nc_type(sc)].titan)
            continue;
        int land = s + off;
        if (p->board[land] != NC_EMPTY)
            continue;
        if (v->types[t].promotes && v->rel_rank[c][land] > v->promo_rank)
            continue;
        Move m = {0};
        m.from = (uint16_t)from;
        m.to = (uint16_t)land;
        m.cap[0] = (uint16_t)s;
        add_piece_move(g, t, &m);
        if (g->found)
            return;
    }
}

/* A hop: along each direction over empty squares to the first piece (the
 * screen, of either side), then beyond it to the empty squares and the
 * first piece after, as to= allows (the xiangqi cannon captures with
 * 'hop orth to=enemy').  A Titan may be a screen but is never taken. */
NC_COLD static void gen_hop(Gen *g, int from, int t, int ai, const Atom *a)
{
    Position *p = g->p;
    const Variant *v = p->v;
    int c = g->colour;
    for (int d = 0; d < a->ndirs; d++) {
        int ddx = a->dx[d], ddy = c ? -a->dy[d] : a->dy[d];
        if (!aligned(g, ddx, ddy))
            continue;
        int off = v->atom_off[t][ai][c][d];
        int s = from + off;
        while (p->board[s] == NC_EMPTY)
            s += off;
        if (p->board[s] == NC_OFF)
            continue;
        for (s += off; p->board[s] != NC_OFF; s += off) {
            int sc = p->board[s];
            bool promotes_past = v->types[t].promotes && v->rel_rank[c][s] > v->promo_rank;
            Move m = {0};
            m.from = (uint16_t)from;
            m.to = (uint16_t)s;
            if (sc == NC_EMPTY) {
                if ((a->to & SQ_EMPTY) && !promotes_past)
                    add_piece_move(g, t, &m);
                if (g->found)
                    return;
                continue;
            }
            if (nc_colour(sc) != c && (a->to & SQ_ENEMY) && !v->types[nc_type(sc)].titan && !promotes_past)
                add_piece_move(g, t, &m);
            if (g->found)
                return;
            break;
        }
    }
}

static void gen_bent(Gen *g, int from, int t, int ai, const Atom *a)
{
    Position *p = g->p;
    const Variant *v = p->v;
    int c = g->colour;
    int stride = v->stride;
    int maxd = a->max ? a->max : 64;
    (void)ai; /* bent offsets are built here: they depend on the first step */
    for (int d = 0; d < a->ndirs; d++) {
        int dx = a->dx[d], dy = c ? -a->dy[d] : a->dy[d];
        int s1 = from + dx + dy * stride;
        if (p->board[s1] != NC_EMPTY)
            continue; /* never leaps; off-board too */
        int ox[2], oy[2];
        if (dx && dy) {
            ox[0] = dx, oy[0] = 0;
            ox[1] = 0, oy[1] = dy;
        } else if (dx) {
            ox[0] = dx, oy[0] = 1;
            ox[1] = dx, oy[1] = -1;
        } else {
            ox[0] = 1, oy[0] = dy;
            ox[1] = -1, oy[1] = dy;
        }
        for (int o = 0; o < 2; o++) {
            int off = ox[o] + oy[o] * stride;
            int s = s1;
            for (int dist = 1; dist <= maxd; dist++) {
                s += off;
                int sc = p->board[s];
                if (sc == NC_OFF)
                    break;
                Move m = {0};
                m.from = (uint16_t)from;
                if (sc == NC_EMPTY) {
                    if (dist >= a->min && (a->to & SQ_EMPTY)) {
                        m.to = (uint16_t)s;
                        add_piece_move(g, t, &m);
                    }
                    if (g->found)
                        return;
                    continue;
                }
                if (nc_colour(sc) != c) {
                    bool titan = v->types[nc_type(sc)].titan;
                    if (a->flags & AF_BENT_FLYOVER) {
                        int land = s + off;
                        if (!titan && p->board[land] == NC_EMPTY && dist + 1 >= a->min &&
                            (!a->max || dist + 1 <= a->max)) {
                            m.to = (uint16_t)land;
                            m.cap[0] = (uint16_t)s;
                            add_piece_move(g, t, &m);
                        }
                    } else if (dist >= a->min && (a->to & SQ_ENEMY)) {
                        m.to = (uint16_t)s;
                        if (titan) {
                            m.flags = MF_PUSH;
                            m.pushdir = (int16_t)off;
                        }
                        add_piece_move(g, t, &m);
                    }
                    if (g->found)
                        return;
                }
                break;
            }
        }
    }
}

/* The conditions of first and not-in-check moves: the piece on `from`
 * still has its first-move right; its side is not in check (a move to an
 * empty square, so the check test never needs it). */
NC_COLD static bool first_move_ok(Gen *g, const Atom *a, int from)
{
    const Position *p = g->p;
    if (a->flags & AF_FIRST) {
        int bit = p->v->first_bit[from];
        if (!bit || !(p->unmoved >> (bit - 1) & 1))
            return false;
    }
    if (a->flags & AF_NOT_IN_CHECK) {
        if (g->target)
            return false;
        if (g->in_chk < 0)
            g->in_chk = in_check(p);
        if (g->in_chk)
            return false;
    }
    return true;
}

/* For gen_noisy: an atom whose moves from `from` can neither remove a
 * piece nor change the piece (promote, become an Insane Ninja) lists
 * nothing there, so it is not generated at all. */
static bool atom_quiet_from(const Variant *v, const Atom *a, int t, int c, int from)
{
    if ((a->to & SQ_ENEMY) || (a->flags & (AF_TAKE_OVER | AF_EP_CAPTURE | AF_BENT_FLYOVER)) ||
        a->kind == ATOM_FLYOVER || v->insane_from[t])
        return false;
    if (!v->types[t].promotes)
        return true;
    if (a->kind == ATOM_BENT)
        return false;
    /* a promoting piece: quiet while its furthest destination stays short
     * of the first rank where it may promote */
    int ahead = 0;
    for (int d = 0; d < a->ndirs; d++)
        ahead = a->dy[d] > ahead ? a->dy[d] : ahead;
    int first = v->promo_zone ? v->promo_zone - 1 : v->promo_rank;
    if (first > v->promo_rank)
        first = v->promo_rank;
    return v->rel_rank[c][from] + ahead * (a->max ? a->max : 64) < first;
}

static void gen_piece(Gen *g, int from)
{
    const Variant *v = g->p->v;
    int t = nc_type(g->p->board[from]);
    const PieceType *pt = &v->types[t];
    for (int ai = 0; ai < pt->natoms && !g->found; ai++) {
        const Atom *a = &pt->atoms[ai];
        if ((a->zone || a->start) && !origin_ok(g, v, a, g->colour, from))
            continue;
        if (g->noisy && atom_quiet_from(v, a, t, g->colour, from))
            continue;
        switch (a->kind) {
        case ATOM_SLIDE: gen_slide(g, from, t, ai, a); break;
        case ATOM_LEAP: gen_leap(g, from, t, ai, a); break;
        case ATOM_FLYOVER: gen_flyover(g, from, t, ai, a); break;
        case ATOM_BENT: gen_bent(g, from, t, ai, a); break;
        case ATOM_HOP: gen_hop(g, from, t, ai, a); break;
        }
    }
}

/* Check mode without Titans: aims g at its target (file tf, rank tr) from
 * `from`, so that directions that miss it are skipped; false when a piece
 * of type t there cannot reach it at all.  Always inlined: as a call it
 * slowed the check test (and perft) by 0.7%. */
__attribute__((always_inline)) static inline bool aim_at_target(Gen *g, const Variant *v, int by, int from, int t,
                                                                int tf, int tr)
{
    int dx = tf - v->file_of[from], dy = tr - v->rank_of[from];
    if (!v->reach[by][t][dy + 15][dx + 15])
        return false;
    g->filter = true;
    g->tdx = dx;
    g->tdy = dy;
    return true;
}

bool sq_removable(const Position *cp, int sq, int by)
{
    Position *p = (Position *)cp; /* check mode never changes the position */
    const Variant *v = p->v;
    bool titans = p->ntitans > 0;
    uint32_t generate = v->complex_types;
    if (titans) {
        generate = ~0u; /* a push can crush far away: generate everything */
    } else {
        /* plain sliders: the first piece met on each line */
        for (int ray = 0; ray < 8; ray++) {
            int off = v->ray_off[ray];
            int s = sq;
            for (int k = 1;; k++) {
                s += off;
                int c = p->board[s];
                if (c == NC_EMPTY)
                    continue;
                if (c != NC_OFF && nc_colour(c) == by && (v->ray_types[by][ray][k < 16 ? k : 16] >> nc_type(c) & 1))
                    return true;
                break;
            }
        }
        for (int i = 0; i < v->nleaps; i++) {
            int c = p->board[sq + v->leap_off[i]];
            if (c != NC_EMPTY && c != NC_OFF && nc_colour(c) == by && (v->leap_types[by][i] >> nc_type(c) & 1))
                return true;
        }
        if (!generate)
            return false;
    }
    Gen g = {0};
    g.p = p;
    g.colour = by;
    g.target = sq;
    int tf = v->file_of[sq], tr = v->rank_of[sq];
    for (int i = 0; i < p->npieces[by] && !g.found; i++) {
        int from = p->plist[by][i];
        int t = nc_type(p->board[from]);
        if (!(generate >> t & 1))
            continue;
        if (!titans && !aim_at_target(&g, v, by, from, t, tf, tr))
            continue;
        gen_piece(&g, from);
    }
    return g.found;
}

/* gen_removals' shortcut, as in sq_removable: the replacement captures
 * of sq by the first piece on each line and by leapers, for the types
 * whose removing moves are all plain slides and leaps and that neither
 * promote nor change (the others are generated). */
static void add_plain_removals(const Position *p, int sq, int by, MoveList *ml)
{
    const Variant *v = p->v;
    uint32_t plain = ~v->complex_types;
    for (int ray = 0; ray < 8; ray++) {
        int off = v->ray_off[ray], s = sq, k = 1;
        for (s += off; p->board[s] == NC_EMPTY; s += off)
            k++;
        int c = p->board[s];
        if (c == NC_OFF || nc_colour(c) != by)
            continue;
        int t = nc_type(c);
        if ((v->ray_types[by][ray][k < 16 ? k : 16] & plain) >> t & 1 && !v->types[t].special && !list_full(ml))
            ml->m[ml->n++] = (Move){.from = (uint16_t)s, .to = (uint16_t)sq};
    }
    for (int i = 0; i < v->nleaps; i++) {
        int s = sq + v->leap_off[i], c = p->board[s];
        if (c == NC_EMPTY || c == NC_OFF || nc_colour(c) != by)
            continue;
        int t = nc_type(c);
        if ((v->leap_types[by][i] & plain) >> t & 1 && !v->types[t].special && !list_full(ml))
            ml->m[ml->n++] = (Move){.from = (uint16_t)s, .to = (uint16_t)sq};
    }
}

void gen_removals(Position *p, int sq, int by, MoveList *ml)
{
    const Variant *v = p->v;
    /* a push can crush far away, and en passant is not in the tables:
     * then every piece is generated */
    bool all = p->ntitans > 0 || p->nep > 0;
    ml->n = 0;
    ml->overflow = false;
    if (!all)
        add_plain_removals(p, sq, by, ml);
    Gen g = {.p = p, .ml = ml, .colour = by, .target = sq, .collect = true, .in_chk = -1};
    int tf = v->file_of[sq], tr = v->rank_of[sq];
    for (int i = 0; i < p->npieces[by]; i++) {
        int from = p->plist[by][i];
        int t = nc_type(p->board[from]);
        if (!all) {
            if (!(v->complex_types >> t & 1) && !v->types[t].special)
                continue; /* listed by add_plain_removals */
            if (!aim_at_target(&g, v, by, from, t, tf, tr))
                continue;
        }
        gen_piece(&g, from);
    }
}

bool in_check(const Position *p)
{
    int k = p->king[p->side];
    return k && sq_removable(p, k, p->side ^ 1);
}

/* Would the king be removable standing on sq (with the rook lifted when sq
 * is the rook's square)?  Uses raw board edits that the check test reads. */
static bool castle_square_attacked(Position *p, int ksq, int sq)
{
    int king = p->board[ksq], under = p->board[sq];
    p->board[ksq] = NC_EMPTY;
    p->board[sq] = (uint8_t)king;
    bool att = sq_removable(p, sq, p->side ^ 1);
    p->board[sq] = (uint8_t)under;
    p->board[ksq] = (uint8_t)king;
    return att;
}

static void gen_castling(Position *p, MoveList *ml)
{
    const Variant *v = p->v;
    int c = p->side;
    int ksq = v->castle_king_sq[c];
    /* a castling piece that is not royal is never in check: nothing attacks it */
    bool royal = v->code_flags[p->board[ksq]] & NC_CF_ROYAL;
    bool checked = !royal, check = false;
    for (int w = 0; w < 2; w++) {
        if (!(p->castle & (1 << (2 * c + w))))
            continue;
        int rsq = v->castle_rook_sq[c][w];
        int dir = v->file_of[rsq] > v->file_of[ksq] ? 1 : -1;
        int dist = (v->file_of[rsq] - v->file_of[ksq]) * dir;
        bool clear = true;
        for (int s = ksq + dir; s != rsq; s += dir)
            if (p->board[s] != NC_EMPTY)
                clear = false;
        if (!clear)
            continue;
        if (!checked) {
            check = sq_removable(p, ksq, c ^ 1);
            checked = true;
        }
        if (check)
            return;
        int nmin = 1, nmax = dist;
        if (v->castling == 1)
            nmin = nmax = v->castle_dist[w];
        for (int n = 1; n <= nmax; n++) {
            int kto = ksq + n * dir;
            if (royal && castle_square_attacked(p, ksq, kto))
                break;
            if (n < nmin)
                continue;
            Move m = {0};
            m.kind = MK_CASTLE;
            m.from = (uint16_t)ksq;
            m.to = (uint16_t)kto;
            m.aux = (uint16_t)rsq;
            m.aux2 = (uint16_t)(kto - dir);
            if (list_full(ml))
                return;
            ml->m[ml->n++] = m;
        }
    }
}

static void gen_drops(Position *p, MoveList *ml)
{
    const Variant *v = p->v;
    int c = p->side;
    int fwd = c == NC_WHITE ? v->stride : -v->stride;
    for (int t = 0; t < v->ntypes; t++) {
        if (!p->hand[c][t])
            continue;
        for (int i = 0; i < v->ndropsq[t][c]; i++) {
            int sq = v->dropsq[t][c][i];
            if (p->board[sq] != NC_EMPTY)
                continue;
            for (int s = sq; p->board[s] == NC_EMPTY; s += fwd) {
                if (s != sq && (!v->drop_slide[t] || v->rel_rank[c][s] > v->centre_rank))
                    break;
                Move m = {0};
                m.kind = MK_DROP;
                m.to = (uint16_t)s;
                m.aux = (uint16_t)sq;
                m.promo = (uint8_t)(t + 1);
                if (list_full(ml))
                    return;
                ml->m[ml->n++] = m;
                if (!v->drop_slide[t])
                    break;
            }
        }
    }
}

static bool removes_piece(const Position *p, const Move *m)
{
    return m->cap[0] || (m->kind == MK_NORMAL && (p->board[m->to] != NC_EMPTY || (m->flags & MF_PUSH)));
}

/* must-capture: when some legal move removes a piece (or pushes a Titan),
 * only those moves stay.  With a royal piece the captures are made to see
 * that one is legal; the list still holds pseudo-legal moves. */
static void keep_captures(Position *p, MoveList *ml)
{
    bool royal = p->nroyal[p->side] > 0, any = false;
    for (int i = 0; i < ml->n && !any; i++)
        any = removes_piece(p, &ml->m[i]) && (!royal || move_is_legal(p, &ml->m[i]));
    if (!any)
        return;
    int n = 0;
    for (int i = 0; i < ml->n; i++)
        if (removes_piece(p, &ml->m[i]))
            ml->m[n++] = ml->m[i];
    ml->n = n;
}

/* A generator listing the side to move's moves into ml (emptied). */
static Gen listing_gen(Position *p, MoveList *ml, bool noisy)
{
    ml->n = 0;
    ml->overflow = false;
    return (Gen){.p = p, .ml = ml, .colour = p->side, .in_chk = -1, .noisy = noisy};
}

void gen_noisy(Position *p, MoveList *ml)
{
    Gen g = listing_gen(p, ml, true);
    if (p->scepter)
        return;
    for (int i = 0; i < p->npieces[p->side]; i++)
        gen_piece(&g, p->plist[p->side][i]);
    if (p->v->must_capture)
        keep_captures(p, ml);
}

void gen_pseudo(Position *p, MoveList *ml)
{
    const Variant *v = p->v;
    Gen g = listing_gen(p, ml, false);
    if (p->scepter)
        return;
    for (int i = 0; i < p->npieces[p->side]; i++)
        gen_piece(&g, p->plist[p->side][i]);
    if (v->castling && (p->castle & (3 << (2 * p->side))))
        gen_castling(p, ml);
    if (v->has_drops)
        gen_drops(p, ml);
    if (v->must_capture)
        keep_captures(p, ml);
}

/* Legal when the mover's royal piece survives and is not removable. */
bool legal_after_make(Position *p, int us, int had_royal)
{
    if (!had_royal)
        return true;
    if (p->nroyal[us] < had_royal)
        return false; /* crushed by its own push */
    if (p->v->royal_sight && royals_see_each_other(p))
        return false;
    return !sq_removable(p, p->king[us], us ^ 1);
}

static inline bool on_king_line(const Variant *v, int ksq, int sq)
{
    int dx = v->file_of[sq] - v->file_of[ksq], dy = v->rank_of[sq] - v->rank_of[ksq];
    return dx == 0 || dy == 0 || dx == dy || dx == -dy;
}

/* When the mover was not in check, its king did not move, and neither
 * Titans nor bent paths are in play, an enemy move could only start to
 * remove the king through squares on the king's eight lines (slides,
 * fly-overs and their passed squares lie on such a line; leaps depend on
 * their destination only).  A move that changes no such square is legal. */
bool move_surely_legal(const Position *p, const Move *m, bool in_chk)
{
    const Variant *v = p->v;
    int us = p->side, k = p->king[us];
    if (in_chk || !k || m->kind == MK_CASTLE || v->has_bent || p->ntitans)
        return false;
    if (m->kind != MK_DROP && m->from == k)
        return false;
    if (m->kind != MK_DROP && on_king_line(v, k, m->from))
        return false;
    if (on_king_line(v, k, m->to))
        return false;
    for (int i = 0; i < 2 && m->cap[i]; i++)
        if (on_king_line(v, k, m->cap[i]))
            return false;
    return true;
}

bool move_is_legal(Position *p, const Move *m)
{
    Undo u;
    int us = p->side, had = p->nroyal[us];
    make_move(p, m, &u);
    bool ok = legal_after_make(p, us, had);
    unmake_move(p, m, &u);
    return ok;
}

void gen_legal(Position *p, MoveList *ml)
{
    MoveList pseudo;
    if (p->v->nend && end_rules_judge(p, NULL)) {
        ml->n = 0; /* a game-end rule ended the game */
        ml->overflow = false;
        return;
    }
    gen_pseudo(p, &pseudo);
    bool chk = in_check(p);
    ml->n = 0;
    ml->overflow = pseudo.overflow;
    for (int i = 0; i < pseudo.n; i++)
        if (move_surely_legal(p, &pseudo.m[i], chk) || move_is_legal(p, &pseudo.m[i]))
            ml->m[ml->n++] = pseudo.m[i];
}

bool move_is_pseudo_legal(Position *p, const Move *m, MoveList *scratch)
{
    if (m->kind != MK_NORMAL) {
        /* castling and drops are rare here: the whole list is asked */
        gen_pseudo(p, scratch);
    } else {
        int code = p->board[m->from];
        if (p->scepter || code == NC_EMPTY || code == NC_OFF || nc_colour(code) != p->side)
            return false;
        Gen g = listing_gen(p, scratch, false);
        gen_piece(&g, m->from);
    }
    for (int i = 0; i < scratch->n; i++)
        if (move_equal(&scratch->m[i], m))
            return true;
    return false;
}

void move_effects(const Position *p, const Move *m, MoveEffects *fx)
{
    const Variant *v = p->v;
    fx->n = 0;
    if (m->kind == MK_CASTLE)
        return;
    for (int i = 0; i < 2 && m->cap[i]; i++) {
        fx->kind[fx->n] = FX_CAPTURE;
        fx->sq[fx->n++] = m->cap[i];
    }
    if (m->kind == MK_DROP)
        return;
    if (m->flags & MF_PUSH) {
        int s = m->to;
        while (is_titan_code(v, p->board[s])) {
            int next = s + m->pushdir;
            fx->kind[fx->n] = p->board[next] == NC_OFF ? FX_EXILE : FX_PUSH;
            fx->sq[fx->n++] = (uint16_t)s;
            s = next;
        }
        if (p->board[s] != NC_EMPTY && p->board[s] != NC_OFF) {
            fx->kind[fx->n] = FX_CRUSH;
            fx->sq[fx->n++] = (uint16_t)s;
        }
    } else if (p->board[m->to] != NC_EMPTY) {
        fx->kind[fx->n] = FX_CAPTURE;
        fx->sq[fx->n++] = m->to;
    }
}

uint64_t perft(Position *p, int depth)
{
    if (p->v->nend && end_rules_judge(p, NULL))
        return 0; /* ended by a game-end rule: no moves, as in gen_legal */
    MoveList ml;
    gen_pseudo(p, &ml);
    uint64_t nodes = 0;
    int us = p->side, had = p->nroyal[us];
    bool chk = in_check(p);
    for (int i = 0; i < ml.n; i++) {
        if (depth <= 1 && move_surely_legal(p, &ml.m[i], chk)) {
            nodes++;
            continue;
        }
        Undo u;
        make_move(p, &ml.m[i], &u);
        if (legal_after_make(p, us, had))
            nodes += depth <= 1 ? 1 : perft(p, depth - 1);
        unmake_move(p, &ml.m[i], &u);
    }
    return nodes;
}
