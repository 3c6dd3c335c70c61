/* Evaluation terms from the moves the pieces have in this position:
 * mobility on squares no enemy promoting piece attacks, threats on pieces
 * worth more than their attacker, and attacks on the enemy king's
 * neighbourhood.  Only plain slides and leaps are scanned (the lines that
 * every data file's sliders, steppers and leapers are made of); bent,
 * fly-over and hopping moves, first-move and zone-bound moves are left to
 * the square tables, which already know them from the move generator. */
#include "eval_attacks.h"

#include <stdlib.h>
#include <string.h>

/* Weights, centipawns (first values, to be tuned per variant). */
#define EA_MOBILITY 3        /* a safe move more than the type's reference */
#define EA_MOBILITY_MAX 60   /* one side's mobility term at most */
#define EA_THREATS_MAX 70    /* one side's threats at most */
#define EA_THREAT_BASE 12    /* a piece attacked by one worth less ... */
#define EA_THREAT_SHARE 16   /* ... plus the difference divided by this */
#define EA_THREAT_MAX 90
#define EA_KING_HIT 3        /* per move into the king's neighbourhood, times attackers */
#define EA_KING_MAX 120

static int clamp_abs(int x, int most)
{
    return x > most ? most : x < -most ? -most : x;
}

/* A slide or leap with no condition on where it starts or what it passes
 * (a pawn's capture may also take en passant: still a plain capture line). */
static bool plain_line(const Atom *a, bool promotes)
{
    unsigned special = AF_TAKE_OVER | AF_EP_SOURCE | AF_STOP_CENTRE | AF_FIRST | AF_NOT_IN_CHECK;
    if (!promotes)
        special |= AF_EP_CAPTURE;
    return (a->kind == ATOM_SLIDE || a->kind == ATOM_LEAP) && a->zone == ZONE_ANY && a->start == START_ANY &&
           !(a->flags & special) && (a->kind == ATOM_LEAP || a->over == SQ_EMPTY);
}

/* The scans of type t: every direction of its plain slides and leaps (a
 * promoting type: its capture-only steps, kept apart as its attacks). */
static void init_type(AttackTables *a, const Variant *v, int t)
{
    const PieceType *pt = &v->types[t];
    for (int ai = 0; ai < pt->natoms; ai++) {
        const Atom *at = &pt->atoms[ai];
        if (!plain_line(at, pt->promotes))
            continue;
        bool leap = at->kind == ATOM_LEAP;
        int max = leap ? 1 : at->max ? at->max : 64;
        int min = leap ? 1 : at->min > 1 ? at->min : 1;
        for (int d = 0; d < at->ndirs; d++) {
            AttackScan sc = {{v->atom_off[t][ai][0][d], v->atom_off[t][ai][1][d]}, (uint8_t)min, (uint8_t)max, at->to};
            if (pt->promotes) {
                if (at->to == SQ_ENEMY && max == 1 && a->npawn_cap[t] < NC_MAX_DIRS)
                    a->pawn_cap[t][a->npawn_cap[t]++] = sc;
            } else if (a->nscan[t] < EA_MAX_SCANS) {
                a->scan[t][a->nscan[t]++] = sc;
            }
        }
    }
    a->scanned[t] = !pt->royal && !pt->promotes && a->nscan[t] > 0;
}

/* Per square: MAP_PAWN << c when side c's promoting pieces attack it,
 * MAP_ZONE << c when it is side c's king or next to it. */
enum { MAP_PAWN = 1, MAP_ZONE = 4 };
typedef struct {
    uint8_t sq[NC_MAX_SQ];
} Maps;

/* What one piece's scans find. */
typedef struct {
    int moves;    /* safe moves */
    int hits;     /* moves into the enemy king's neighbourhood */
    int threat;   /* threats on more valuable pieces */
} PieceScan;

static int threat_on(const AttackTables *a, const Variant *v, int attacker_value, int victim_code)
{
    int t = nc_type(victim_code);
    if (v->code_flags[victim_code] & (NC_CF_ROYAL | NC_CF_TITAN))
        return 0; /* a check is searched, a Titan is never taken */
    int gain = a->value[t] - attacker_value;
    if (gain <= 50)
        return 0;
    int th = EA_THREAT_BASE + gain / EA_THREAT_SHARE;
    return th < EA_THREAT_MAX ? th : EA_THREAT_MAX;
}

static void scan_piece(const AttackTables *a, const Position *p, const Maps *mp, int from, int c, PieceScan *out)
{
    const Variant *v = p->v;
    int t = nc_type(p->board[from]), them = c ^ 1;
    int unsafe = MAP_PAWN << them, zone = MAP_ZONE << them;
    for (int i = 0; i < a->nscan[t]; i++) {
        const AttackScan *sc = &a->scan[t][i];
        int off = sc->off[c], s = from;
        for (int dist = 1; dist <= sc->max; dist++) {
            s += off;
            int code = p->board[s];
            if (code == NC_OFF)
                break;
            int f = mp->sq[s];
            if (dist < sc->min) {
                if (code != NC_EMPTY)
                    break;
                continue;
            }
            out->hits += (f & zone) != 0;
            if (code == NC_EMPTY) {
                out->moves += (sc->to & SQ_EMPTY) && !(f & unsafe);
                continue;
            }
            if (nc_colour(code) == them && dist >= sc->min && (sc->to & SQ_ENEMY)) {
                out->moves++;
                out->threat += threat_on(a, v, a->value[t], code);
            }
            break;
        }
    }
}

/* The squares attacked by the promoting pieces, and their threats. */
static void pawn_attacks(const AttackTables *a, const Position *p, Maps *mp, int threat[2])
{
    for (int c = 0; c < 2; c++)
        for (int i = 0; i < p->npieces[c]; i++) {
            int from = p->plist[c][i], t = nc_type(p->board[from]);
            for (int k = 0; k < a->npawn_cap[t]; k++) {
                int s = from + a->pawn_cap[t][k].off[c], code = p->board[s];
                if (code == NC_OFF)
                    continue;
                mp->sq[s] |= (uint8_t)(MAP_PAWN << c);
                if (code != NC_EMPTY && nc_colour(code) != c)
                    threat[c] += threat_on(a, p->v, a->value[t], code);
            }
        }
}

static void king_zones(const Position *p, Maps *mp)
{
    const Variant *v = p->v;
    for (int c = 0; c < 2; c++) {
        int k = p->king[c];
        if (!k)
            continue;
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                int s = k + dy * v->stride + dx;
                if (p->board[s] != NC_OFF)
                    mp->sq[s] |= (uint8_t)(MAP_ZONE << c);
            }
    }
}

void eval_attacks(const AttackTables *a, const Position *p, int *mg, int *eg)
{
    Maps mp;
    memset(&mp, 0, sizeof mp);
    int threat[2] = {0, 0};
    pawn_attacks(a, p, &mp, threat);
    king_zones(p, &mp);
    for (int c = 0; c < 2; c++) {
        int mob = 0, hits = 0, attackers = 0;
        for (int i = 0; i < p->npieces[c]; i++) {
            int from = p->plist[c][i], t = nc_type(p->board[from]);
            if (!a->scanned[t])
                continue;
            PieceScan ps = {0, 0, 0};
            scan_piece(a, p, &mp, from, c, &ps);
            mob += ps.moves - a->mobility_ref[t];
            threat[c] += ps.threat;
            if (ps.hits) {
                hits += ps.hits;
                attackers++;
            }
        }
        int king = attackers >= 2 ? EA_KING_HIT * hits * attackers : 0;
        if (king > EA_KING_MAX)
            king = EA_KING_MAX;
        int sign = c == NC_WHITE ? 1 : -1;
        int common = clamp_abs(EA_MOBILITY * mob, EA_MOBILITY_MAX) + (threat[c] < EA_THREATS_MAX ? threat[c] : EA_THREATS_MAX);
        *mg += sign * (common + king);
        *eg += sign * common;
    }
}

/* The reference mobility of each scanned type: half its mean number of
 * moves on an empty board, a middlegame's typical share. */
static void init_reference(AttackTables *a, const Variant *v)
{
    Position *p = malloc(sizeof *p);
    if (!p)
        abort();
    pos_clear(p, v);
    Maps mp;
    memset(&mp, 0, sizeof mp);
    for (int t = 0; t < v->ntypes; t++) {
        if (!a->scanned[t])
            continue;
        long sum = 0;
        for (int i = 0; i < v->nsquares; i++) {
            int sq = v->squares[i];
            pos_put(p, sq, nc_code(t, NC_WHITE));
            PieceScan ps = {0, 0, 0};
            scan_piece(a, p, &mp, sq, NC_WHITE, &ps);
            sum += ps.moves;
            pos_put(p, sq, NC_EMPTY);
        }
        a->mobility_ref[t] = v->nsquares ? (int)(sum / v->nsquares / 2) : 0;
    }
    free(p);
}

void eval_attacks_init(AttackTables *a, const Variant *v, const int *value)
{
    memset(a, 0, sizeof *a);
    for (int t = 0; t < v->ntypes; t++) {
        a->value[t] = value[t];
        init_type(a, v, t);
    }
    init_reference(a, v);
}
