/* Variant description: board geometry, piece types and their movement
 * atoms, setup, and every rule switch a game needs.  A Variant is built by
 * the data-file loader (datafile.h) and is read-only afterwards; every
 * position and search refers to one explicitly, so no variant-dependent
 * table may live in a global.  No I/O here. */
#ifndef NC_VARIANT_H
#define NC_VARIANT_H

#include "eval_learned.h"
#include "eval_weights.h"

#include <stdbool.h>
#include <stdint.h>

#define NC_MAX_FILES 16
#define NC_MAX_RANKS 16
/* Padding around the box: leaps may have components up to NC_PAD. */
#define NC_PAD 4
#define NC_MAX_STRIDE (NC_MAX_FILES + 2 * NC_PAD)
#define NC_MAX_SQ (NC_MAX_STRIDE * (NC_MAX_RANKS + 2 * NC_PAD))
#define NC_MAX_TYPES 32
#define NC_MAX_ATOMS 12
_Static_assert(NC_MAX_TYPES == NC_LEARNED_TYPES && NC_MAX_RANKS == NC_LEARNED_RANKS && NC_MAX_FILES == NC_LEARNED_FILES,
               "the learned tables cover every type and square");
#define NC_MAX_DIRS 8
#define NC_MAX_PROMO 16
/* Drop squares per type and colour: every square of the largest board. */
#define NC_MAX_DROPSQ (NC_MAX_FILES * NC_MAX_RANKS)
#define NC_MAX_EP 8
#define NC_MAX_SPECIAL_SQ 4
#define NC_MAX_REGIONS 8

/* Board cell codes.  A piece code is 1 + 2 * type + colour. */
enum { NC_EMPTY = 0, NC_OFF = 255 };
enum { NC_WHITE = 0, NC_BLACK = 1 };
enum { NC_CF_ROYAL = 1, NC_CF_TITAN = 2 };

static const int8_t nc_ray_dx[8] = {1, -1, 0, 0, 1, 1, -1, -1};
static const int8_t nc_ray_dy[8] = {0, 0, 1, -1, 1, -1, 1, -1};

static inline int nc_code(int type, int colour) { return 1 + 2 * type + colour; }
static inline int nc_type(int code) { return (code - 1) >> 1; }
static inline int nc_colour(int code) { return (code - 1) & 1; }
/* "White" or "Black", for messages. */
static inline const char *nc_colour_name(int c) { return c == NC_WHITE ? "White" : "Black"; }

typedef enum {
    ATOM_SLIDE,   /* along unit directions; destination at distance min..max */
    ATOM_LEAP,    /* jump by a vector; passed squares are not looked at */
    ATOM_BENT,    /* one step, then a slide outward at 45 degrees */
    ATOM_FLYOVER, /* fly over the first piece met on a line, land right after */
    ATOM_HOP,     /* along a line over exactly one piece (the screen), landing beyond it */
} AtomKind;

/* Square classes for the conditions on passed squares and destinations.
 * An enemy Titan counts as an obstacle (SQ_FRIEND) on passed squares,
 * because it can never be taken by a piece flying or jumping over it. */
enum { SQ_EMPTY = 1, SQ_FRIEND = 2, SQ_ENEMY = 4 };

enum {
    AF_TAKE_OVER = 1 << 0,   /* enemies on passed squares are removed (mandatory) */
    AF_EP_SOURCE = 1 << 1,   /* a move of 2+ squares leaves en-passant targets */
    AF_EP_CAPTURE = 1 << 2,  /* may capture onto an en-passant target */
    AF_STOP_CENTRE = 1 << 3, /* destination may not lie beyond the centre rank */
    AF_BENT_FLYOVER = 1 << 4,/* bent path captures by flying over (quad pieces) */
    AF_FIRST = 1 << 5,       /* only while the piece has not moved (Position.unmoved) */
    AF_NOT_IN_CHECK = 1 << 6,/* not while the mover's side is in check */
};

/* Lines along which the royal pieces may not see each other (royal_sight.c). */
enum { RS_NONE = 0, RS_FILE = 1, RS_ORTH = 2, RS_ALL = 3 };

typedef enum { ZONE_ANY, ZONE_BEFORE, ZONE_UPTO, ZONE_AT, ZONE_PAST } Zone;
/* START_STATE: no start-rank condition, but a first or not-in-check one
 * (set by variant_finish, so that one test in the generator covers all). */
typedef enum { START_ANY, START_ON, START_OFF, START_STATE } StartCond;

typedef struct {
    uint8_t kind;   /* AtomKind */
    uint8_t ndirs;
    int8_t dx[NC_MAX_DIRS], dy[NC_MAX_DIRS]; /* White's view; Black mirrors dy */
    uint8_t min, max;  /* distance range; max 0 = unbounded */
    uint8_t over;      /* allowed classes of passed squares (SQ_*) */
    uint8_t to;        /* allowed classes of the destination (SQ_EMPTY|SQ_ENEMY) */
    uint8_t flags;     /* AF_* */
    uint8_t zone;      /* Zone: where the origin must be, relative to the centre rank */
    uint8_t start;     /* StartCond: origin on / off the side's start rank */
    uint8_t plain;     /* slide over empty squares, move or capture, no conditions (set by variant_finish) */
} Atom;

typedef struct {
    char name[32];         /* identifier used in data files, e.g. "flying-bomber" */
    char title[48];        /* display name, e.g. "Flying Bomber" */
    char letter;           /* upper-case FEN letter */
    char *description;     /* words for the tutorial (owned) */
    int value;             /* material value in centipawns */
    bool royal, titan, promotes;
    bool special;          /* promotes, may become an Insane Ninja or has a region (variant_finish) */
    int natoms;
    Atom atoms[NC_MAX_ATOMS];
} PieceType;

typedef struct {
    char name[24];
    char *description;     /* owned */
} VariantOption;

/* A game-end rule on material (doc/data-files.md, 'game-end'): a side whose
 * counted pieces (on the board and in hand) number at most `most`, while
 * the other side has at least `other_least` (one more when the reduced side
 * is to move and `claim` is set: it may still bare the other), gets
 * `result`.  `each` counts every listed type on its own (extinction of any
 * one of them); otherwise the listed types are counted together. */
enum { NC_END_NONE = 0, NC_END_WIN, NC_END_LOSS, NC_END_DRAW };
enum { NC_END_KIND_BARE_KING, NC_END_KIND_EXTINCTION, NC_END_KIND_NO_PIECES };
#define NC_MAX_END_RULES 4
typedef struct {
    uint32_t types;      /* bit per type counted */
    uint8_t kind;        /* NC_END_KIND_* (for the status text) */
    bool each, claim;
    int8_t most, other_least;
    int8_t result;       /* NC_END_WIN, NC_END_LOSS or NC_END_DRAW for the reduced side */
} EndRule;

typedef struct Variant {
    char name[48];
    char title[64];
    char *description;     /* one line; owned */
    char source[1024];     /* file the variant was read from */

    /* Geometry.  Box files 0..width-1, box ranks 0..height-1; rank labels
     * start at rank_base.  Square index = (rank + PAD) * stride + file + PAD. */
    int width, height, rank_base, stride;
    uint8_t exists[NC_MAX_SQ];        /* 1 for a real square */
    int nsquares;
    uint16_t squares[NC_MAX_SQ];      /* real squares, a1-first order */
    int8_t file_of[NC_MAX_SQ], rank_of[NC_MAX_SQ]; /* box coordinates, -1 off box */
    int8_t rel_rank[2][NC_MAX_SQ];    /* rank index as seen from each side */

    int ntypes;
    PieceType types[NC_MAX_TYPES];
    int16_t atom_off[NC_MAX_TYPES][NC_MAX_ATOMS][2][NC_MAX_DIRS]; /* per colour */
    /* reach[colour][type][dy+15][dx+15]: the piece can possibly remove a piece
     * at that relative offset (ignoring pushes); used to skip pieces fast. */
    uint8_t reach[2][NC_MAX_TYPES][31][31];
    /* Fast check test for types whose captures are plain slides over empty
     * squares or leaps: ray_types[c][dir][k] holds the types of colour c
     * that remove a piece k squares away looking from the target along
     * direction dir (index into nc_ray_dx/dy); leap_types likewise for the
     * leap vectors.  Other types are tested by generating their moves. */
    uint32_t ray_types[2][8][17];
    int nleaps;
    int8_t leap_dx[32], leap_dy[32];
    uint32_t leap_types[2][32];
    /* The same as square offsets on this board: ray_off[dir] one step along
     * the ray, leap_off[i] from the target to where the leaper stands. */
    int16_t ray_off[8], leap_off[32];
    uint32_t complex_types;
    uint8_t code_flags[2 * NC_MAX_TYPES + 1]; /* NC_CF_* per piece code */
    bool has_titans;                  /* some type is a Titan */
    bool has_bent;                    /* some type moves on bent paths */

    /* Zones, as rank indices seen from White (Black mirrors). */
    int centre_rank, start_rank, promo_rank;
    int npromo;
    uint8_t promo_types[NC_MAX_PROMO];

    /* Castling. */
    int castling;         /* 0 none, 1 fixed distance, 2 flexible */
    int castle_fixed;     /* king distance for fixed castling */
    int castle_rook_type; /* -1 none */
    uint16_t castle_king_sq[2];
    uint16_t castle_rook_sq[2][2];    /* [colour][0 = lower file side, 1 = higher] */
    uint8_t castle_mask[NC_MAX_SQ];   /* rights lost when a square's occupant changes */

    /* Drops.  drop_sq is per colour; drop_slide: a dropped piece of that type
     * may slide forward over vacant squares up to the centre rank. */
    uint8_t hand_start[NC_MAX_TYPES];
    uint8_t droppable[NC_MAX_TYPES];
    uint8_t drop_slide[NC_MAX_TYPES];
    int ndropsq[NC_MAX_TYPES][2];
    uint16_t dropsq[NC_MAX_TYPES][2][NC_MAX_DROPSQ];
    bool has_drops;

    /* Optional rules (may be switched on when a game starts). */
    int noptions;
    VariantOption options[4];
    bool insane_enabled, scepter_enabled;
    int insane_type;                  /* type a ninja becomes; -1 none */
    uint8_t insane_from[NC_MAX_TYPES];
    int nspecial;
    uint16_t special_sq[2][NC_MAX_SPECIAL_SQ]; /* enemy rear squares, per colour of the mover */

    /* Piece-move vocabulary: regions, promotion zone and limits, royal
     * sight (doc/data-files.md).  All zero when a variant gives none. */
    uint8_t region_of[NC_MAX_TYPES];  /* 0: anywhere; else 1 + the region the type may not leave */
    int nregions;
    uint8_t region[NC_MAX_REGIONS][2][NC_MAX_SQ]; /* 1 for a square of the region, per colour (Black mirrored) */
    int promo_zone;                   /* 1 + the rank (White's view) from which promotion is optional; 0: none */
    uint8_t promo_limit[NC_MAX_TYPES];/* 0: unlimited; else promote to it only while fewer are on the board */
    uint8_t royal_sight;              /* RS_*: royal pieces may not see each other along these lines */
    /* First-move rights: a piece on its side's first rank (the box's
     * bottom rank for White, top for Black) keeps one until its square's
     * occupant changes.  first_bit[sq]: 0, or 1 + its bit in Position.unmoved
     * (file, plus 16 for Black). */
    bool has_first;                   /* some type has a move with AF_FIRST */
    uint8_t first_bit[NC_MAX_SQ];
    uint8_t first_lost_to;            /* 0, or 1 + the type whose move onto the royal piece's rank or file ends its right */
    uint64_t zob_first[32];

    /* Setups: board part of a position text, per named setup. */
    int nsetups;
    char setup_name[4][24];
    char *setup_fen[4];               /* owned */
    int setup;                        /* the chosen one */

    /* Game-rule vocabulary (datafile_rules.c: game-end, must-capture,
     * captures-to-hand, castling per wing and with a non-royal piece).
     * Judged in endrules.c, carried out in position.c and movegen.c. */
    int nend;
    EndRule end[NC_MAX_END_RULES];
    int8_t checkmate_result;          /* END_*, for the side mated: NC_END_LOSS unless the file says */
    int8_t stalemate_result;          /* END_*, for the side stalemated: NC_END_DRAW unless the file says */
    bool must_capture;                /* if a legal move removes a piece, only such moves are legal */
    bool captures_to_hand;            /* a removed piece goes to the capturer's hand */
    int8_t promoted_of[NC_MAX_TYPES]; /* a promoted piece's stand-in type: the type it returns to hand as; -1 */
    int8_t promoted_as[NC_MAX_TYPES]; /* promotion choice: its stand-in type when promoted pieces demote; -1 */
    int castle_dist[2];               /* fixed castling: king distance to the lower-file, higher-file wing */
    int castle_king_type;             /* the castling piece: the royal type unless the file names another */

    /* The evaluation's weights: the defaults, or the variant's weights file
     * (datafile_eval.c). */
    EvalWeights eval_weights;
    /* Its learned values and square tables, where the weights file has
     * them (datafile_tables.c); all absent without one. */
    EvalLearned eval_learned;

    /* Zobrist keys. */
    uint64_t zob_psq[2 * NC_MAX_TYPES + 1][NC_MAX_SQ];
    uint64_t zob_side, zob_castle[16], zob_ep[NC_MAX_SQ];
    uint64_t zob_hand[2][NC_MAX_TYPES][32];
} Variant;

/* Square helpers. */
static inline int nc_sq(const Variant *v, int file, int rank)
{
    return (rank + NC_PAD) * v->stride + file + NC_PAD;
}

/* Writes the square name ("e4", "e0", "l12") into buf (>= 4 bytes); returns buf. */
char *nc_sqname(const Variant *v, int sq, char *buf);
/* Parses a square name at *s; returns the square and advances *s, or -1
 * (with *s unchanged) when no real square of the board is named there. */
int nc_parse_sq(const Variant *v, const char **s);
/* Type index for an upper- or lower-case letter, or -1. */
int nc_type_of_letter(const Variant *v, char c);
/* Mirrors a square given from White's view for the given colour. */
int nc_mirror_sq(const Variant *v, int sq, int colour);

/* Finishes a variant after loading: square tables, direction offsets,
 * reach tables, castling squares, Zobrist keys.  Returns 0 or sets err. */
int variant_finish(Variant *v, char *err, int errlen);
/* Makes the named types Titans (comma-separated names or letters).
 * Returns 0, or -1 with a message (unknown type, royal type). */
int variant_set_titans(Variant *v, const char *list, char *err, int errlen);
/* Switches optional rules on (comma-separated names). */
int variant_set_options(Variant *v, const char *list, char *err, int errlen);
void variant_free(Variant *v);

#endif
