/* Static evaluation for any variant, built from the variant's data alone.
 * Internal to the search (not part of the public contract in search.h). */
#ifndef NC_EVAL_H
#define NC_EVAL_H

#include "rules/rules.h"
#include "eval_draw.h"

typedef struct {
    const Variant *v;         /* tables below belong to this variant */
    uint64_t fingerprint;     /* eval_fingerprint(v) when built */
    int value[NC_MAX_TYPES];  /* material, centipawns (royal 0, Titan bonus added) */
    int hand_value[NC_MAX_TYPES];
    int hand_blocked_value[NC_MAX_TYPES]; /* while no drop square is free */
    /* Square tables per piece code (1 + 2 * type + colour), opening and
     * endgame, from the owner's view (always a bonus for the owner). */
    int16_t pst_mg[2 * NC_MAX_TYPES + 1][NC_MAX_SQ];
    int16_t pst_eg[2 * NC_MAX_TYPES + 1][NC_MAX_SQ];
    int phase_total;          /* non-pawn, non-royal material at the start */
    int material_sign;        /* -1 where losing every piece wins (antichess, losers): pieces are a burden */
    bool phase_piece[NC_MAX_TYPES]; /* counts towards the game phase */
    int16_t passed_bonus[2 * NC_MAX_TYPES + 1][NC_MAX_SQ]; /* endgame, promoting pieces */
    bool promoter[2 * NC_MAX_TYPES + 1]; /* the code's type promotes */
    uint8_t file_kind[2 * NC_MAX_TYPES + 1]; /* FILE_KIND_*: promoting, or sliding far along files */
    uint8_t enemy[2][256];    /* 1 for a board code of the other colour's piece */
    uint64_t file_unit[NC_MAX_SQ]; /* 1 in the 4-bit lane of the square's file (SideTally) */
    int forward[2];           /* board offset of a step ahead, per colour */
    bool structure_on;        /* some pawn-structure or open-line weight is not 0 */
    int ring1[8], ring2[16];  /* board offsets at king distance 1 and 2 */
    /* by a king's colour and a board code: 1 for its own piece, 1 << 16
     * for an enemy piece, 0 for an empty or off-board square */
    uint32_t king_count[2][256];
    /* colour-pair: a code of a colour-bound type has two bits (2 * type
     * and the next) in a side's pair mask, set by its square's colour */
    uint64_t pair_bit[2 * NC_MAX_TYPES + 1]; /* 1 << (2 * type), 0 when not colour-bound */
    uint8_t sq_colour[NC_MAX_SQ];            /* (file + rank) & 1 */
    bool pairs_on;            /* colour-pair is not 0 and some type is colour-bound */
    /* slide-reach and king-reach: each code's plain slides (board offset,
     * most steps) and plain leaps, and the squares a promoting code guards
     * (its one-step and leaping moves that may take) */
    bool reach_on;            /* slide-reach, king-reach, pawn-threat or hanging is not 0 */
    bool threats_on;          /* pawn-threat or hanging is not 0 */
    uint8_t nreach[2 * NC_MAX_TYPES + 1];
    int16_t reach_off[2 * NC_MAX_TYPES + 1][NC_MAX_ATOMS * NC_MAX_DIRS];
    uint8_t reach_max[2 * NC_MAX_TYPES + 1][NC_MAX_ATOMS * NC_MAX_DIRS];
    uint8_t nleap[2 * NC_MAX_TYPES + 1];
    bool reaches[2 * NC_MAX_TYPES + 1];  /* nreach or nleap is not 0 */
    int16_t leap_off[2 * NC_MAX_TYPES + 1][NC_MAX_ATOMS * NC_MAX_DIRS];
    uint8_t nguard[2 * NC_MAX_TYPES + 1];
    int16_t guard_off[2 * NC_MAX_TYPES + 1][NC_MAX_ATOMS * NC_MAX_DIRS];
    /* what an empty square a colour's slide passes adds, by its guard and
     * zone marks (marks & 15): 1 when the enemy's pawns do not guard it,
     * plus 1 << 16 when it is in the enemy king zone (eval_piece_reach) */
    uint32_t reach_step[2][16];
    DrawTables draw;          /* material that cannot mate, the wrong rook pawn */
} EvalTables;

/* The material value of type t: the learned one where the weights file
 * gives it (Variant.eval_learned), the data files' otherwise.  The game
 * phase is still measured with the data files' values. */
static inline int eval_piece_value(const Variant *v, int t)
{
    return v->eval_learned.has_value[t] ? v->eval_learned.value[t] : v->types[t].value;
}

/* Builds the tables for v (a few milliseconds; needs only the variant). */
void eval_init(EvalTables *e, const Variant *v);
/* A digest of everything in v the tables depend on: a variant loaded again
 * at the same address (or changed by --titans) is told apart by it. */
uint64_t eval_fingerprint(const Variant *v);
/* Score of p in centipawns from the side to move's view. */
int eval_position(const EvalTables *e, const Position *p);


/* The parts the evaluation is made of, for eval_terms.c: the measures of
 * each square a weight multiplies (per type and colour, out indexed by
 * square), the pieces around a king (own at distance 1, own at 2, enemy
 * at 1, enemy at 2), and whether the promoting piece on sq is passed. */
typedef struct {
    int up;        /* royal: ranks ahead of its home rank (0 at or behind it) */
    int adv;       /* promoting: ranks advanced, 0 to the promotion range */
    int mob_diff;  /* other: moves from the square minus the type's average */
    double fd, cd; /* distance from the centre file; from the centre, file plus rank */
    double fr;     /* promoting: share of the way to promotion, adv / range */
    int home;      /* other: 1 on a square a piece of this code starts on (undeveloped) */
} SquareFacts;
void eval_square_facts(const Variant *v, int t, int c, SquareFacts *out, MoveList *ml);
void eval_king_counts(const EvalTables *e, const Position *p, int c, int counts[4]);
bool eval_is_passed(const EvalTables *e, const Position *p, int sq);

/* What eval_live_marks() marks on a square, shifted left by the colour:
 * guarded by that colour's promoting pieces (its pawns), and next to or
 * under that colour's royal piece (its king zone); eval_piece_reach()
 * adds the squares where that colour's plain slides end on a piece and
 * where its plain leaps land (attacked or defended).  The guard and zone
 * marks of both colours fit in the low four bits (reach_step). */
enum { MARK_PAWN_GUARD = 1, MARK_KING_ZONE = 4, MARK_ATTACK = 16 };
void eval_live_marks(const EvalTables *restrict e, const Position *restrict p, uint8_t marks[restrict NC_MAX_SQ]);
/* (Only the board's squares are set: the others are never read.) */

typedef struct {
    int reach; /* squares for slide-reach */
    int zone;  /* squares of the enemy king zone, for king-reach */
} LiveReach;

/* Adds what the piece on sq reaches: to reach, the squares its plain
 * slides reach now and the enemy's pawns do not guard (empty ones, and
 * the enemy piece or Titan that ends a line); to zone, the squares of
 * the enemy king zone its slides reach (the piece ending a line counted
 * whoever's it is) and its plain leaps land on.  Marks MARK_ATTACK on
 * the squares a line ends on and the leaps land on.  Nothing for royal
 * and promoting types, whose safety and advance other terms measure. */
static inline void eval_piece_reach(const EvalTables *restrict e, const Position *restrict p,
                                    uint8_t *restrict marks, int sq, int code, LiveReach *out)
{
    /* restrict: the stores to marks (bytes) would otherwise make the
     * compiler read the tables and the board again after each one */
    int own = nc_colour(code), guard = MARK_PAWN_GUARD << !own, zone = MARK_KING_ZONE << !own;
    uint8_t attack = (uint8_t)(MARK_ATTACK << own);
    const uint32_t *step = e->reach_step[own];
    const uint8_t *board = p->board;
    uint32_t steps = 0; /* the empty squares' counts, n in the low half and z in the high */
    int n = 0, z = 0;
    for (int d = 0, nd = e->nreach[code]; d < nd; d++) {
        int off = e->reach_off[code][d], s = sq + off, left = e->reach_max[code][d];
        for (; left > 0 && board[s] == NC_EMPTY; left--, s += off)
            steps += step[marks[s] & 15];
        if (left > 0 && board[s] != NC_OFF) {
            z += !!(marks[s] & zone);
            marks[s] |= attack;
            if (nc_colour(board[s]) != own)
                n += !(marks[s] & guard); /* the line ends on an enemy piece within reach */
        }
    }
    for (int d = 0, nd = e->nleap[code]; d < nd; d++) {
        int s = sq + e->leap_off[code][d];
        /* a long leap from an edge may leave the padded board; a king on
         * the edge has zone marks off the board, which do not count */
        if (s >= 0 && s < NC_MAX_SQ && board[s] != NC_OFF) {
            z += !!(marks[s] & zone);
            marks[s] |= attack;
        }
    }
    out->reach += n + (int)(steps & 0xffff);
    out->zone += z + (int)(steps >> 16);
}

/* What the live terms count for one side, from its point of view. */
typedef struct {
    int pairs;       /* colour-bound types it has on both colours (colour-pair) */
    LiveReach reach; /* slide-reach, king-reach */
    int pawn_threat; /* enemy pieces, not royal, promoting or Titans, its pawns guard */
    int hanging;     /* enemy pieces, not royal or Titans, it attacks and none of theirs defend */
} LiveCounts;
/* The live counts of both sides (indexed by colour); pawn_threat and
 * hanging are counted only when e->threats_on, and only for the side not
 * to move (against the pieces of the side to move). */
void eval_live_counts(const EvalTables *e, const Position *p, LiveCounts out[2]);

/* Pawn structure and open lines, counted from tallies that eval_position
 * gathers in its one pass over the pieces (eval_note_piece); "pawn" is any
 * promoting piece.  A tally holds a count per file in 4-bit lanes (file f
 * in bits 4f..4f+3; NC_MAX_FILES is 16), so the counts are read with a few
 * word operations instead of a loop over the files.  A lane overflows only
 * with 16 such pieces of a side on one file, a file of 16 ranks all of
 * them; the terms would then be off, nothing worse. */
typedef struct {
    uint64_t pawns, sliders; /* promoting pieces, file sliders per file */
    int blocked;             /* promoting pieces with an enemy piece right ahead */
} SideTally;
typedef struct {
    int doubled, isolated, blocked; /* promoting pieces so placed */
    int open, half_open;            /* file sliders on such files */
} StructureCounts;
enum { FILE_KIND_NONE, FILE_KIND_PAWN, FILE_KIND_SLIDER };

static inline void eval_note_piece(const EvalTables *e, const Position *p, int c, int sq, int code, SideTally *st)
{
    int kind = e->file_kind[code];
    if (kind == FILE_KIND_PAWN) {
        st->pawns += e->file_unit[sq];
        /* only an enemy blocks: an own piece ahead moves away at its
         * owner's will (and an own pawn ahead makes this one doubled) */
        st->blocked += e->enemy[c][p->board[sq + e->forward[c]]];
    } else if (kind == FILE_KIND_SLIDER) {
        st->sliders += e->file_unit[sq];
    }
}
_Static_assert(NC_MAX_FILES <= 16, "a file per 4-bit lane of a 64-bit tally");
#define EVAL_LANES_LOW 0x1111111111111111ULL
#define EVAL_BYTES_LOW 0x0F0F0F0F0F0F0F0FULL

/* 1 in each lane of x that is not 0. */
static inline uint64_t eval_lanes_taken(uint64_t x) { return (x | x >> 1 | x >> 2 | x >> 3) & EVAL_LANES_LOW; }

/* The sum of x's lanes (at most 16 * 15 = 240, so no byte overflows). */
static inline int eval_lane_sum(uint64_t x)
{
    x = (x & EVAL_BYTES_LOW) + (x >> 4 & EVAL_BYTES_LOW);
    return (int)((x * 0x0101010101010101ULL) >> 56);
}

/* The counts per colour from the tallies of both sides (inline: it runs
 * in every evaluation). */
static inline void eval_structure_counts(const SideTally tally[2], StructureCounts out[2])
{
    for (int c = 0; c < 2; c++) {
        const SideTally *t = &tally[c];
        uint64_t own = eval_lanes_taken(t->pawns), enemy = eval_lanes_taken(tally[!c].pawns);
        uint64_t alone = own & ~(own << 4) & ~(own >> 4);
        out[c] = (StructureCounts){
            .doubled = eval_lane_sum(t->pawns - own), /* all but one on each file (no lane borrows) */
            .isolated = eval_lane_sum(t->pawns & alone * 0xF),
            .blocked = t->blocked,
            .open = eval_lane_sum(t->sliders & ~((own | enemy) * 0xF)),
            .half_open = eval_lane_sum(t->sliders & enemy * 0xF & ~(own * 0xF)),
        };
    }
}

#endif
