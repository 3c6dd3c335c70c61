/* Positions, moves, make/unmake.  A Position refers to its Variant and may
 * be copied by value (it owns no memory).  Which moves exist is movegen's
 * business; this module only carries a move out and takes it back. */
#ifndef NC_POSITION_H
#define NC_POSITION_H

#include "variant.h"

#define NC_MAX_PIECES 128
/* Moves in one list.  A position text is refused when either side has more
 * than half of it (position_text.c), so that play from a position that was
 * let in stays far below it; the generator never writes past it. */
#define NC_MAX_MOVES 4096
/* Limits of the position text (doc/position-text.md): pieces of one type
 * in one hand, pieces in one hand, the half-move clock and move number. */
#define NC_MAX_HAND_TYPE 31
#define NC_MAX_HAND 128
#define NC_MAX_COUNTER 999999
/* The longest position text pos_to_fen writes, with its NUL: every rank at
 * most two characters a square (a letter and the promoted mark '~') plus
 * '/', the hand in "[...]", " w ", four castling letters and 32
 * first-move letters, ' ', the en-passant squares (at most 3 characters
 * and a comma each), two counters of at most 11 characters after a space.
 * 883 bytes; the callers' 1024-byte buffers hold it. */
#define NC_POS_TEXT_MAX                                                                                     \
    (NC_MAX_RANKS * (2 * NC_MAX_FILES + 1) + 2 + 2 * NC_MAX_HAND + 3 + 4 + 32 + 1 + 4 * NC_MAX_EP + 2 * 12 + 1)
_Static_assert(NC_POS_TEXT_MAX <= 1024, "the callers' position-text buffers are 1024 bytes");

enum { MK_NORMAL = 0, MK_CASTLE = 1, MK_DROP = 2 };
enum {
    MF_EP_SOURCE = 1, /* leaves en-passant targets on the squares passed */
    MF_PUSH = 2,      /* the destination holds an enemy Titan that is pushed */
};

/* A move names its squares; what the push chain removes is found from the
 * board when the move is made, because it follows from the position. */
typedef struct {
    uint16_t from;   /* 0 for drops */
    uint16_t to;
    uint16_t cap[2]; /* squares of pieces removed on the way (locust, en passant); 0 = none */
    uint16_t aux;    /* castling: rook square; drop: square the piece enters on */
    uint16_t aux2;   /* castling: rook destination */
    int16_t pushdir; /* board offset of a push (last step of the path); of an en-passant source, its step */
    uint8_t kind;    /* MK_* */
    uint8_t promo;   /* promotion: 1 + new type; drop: 1 + dropped type */
    uint8_t flags;   /* MF_* */
} Move;

typedef struct {
    Move m[NC_MAX_MOVES];
    int n;
    bool overflow;   /* more moves existed than the list holds */
} MoveList;

typedef struct Position {
    const Variant *v;
    uint8_t board[NC_MAX_SQ];
    uint8_t hand[2][NC_MAX_TYPES];
    int side;
    uint8_t castle;              /* bit (colour * 2 + wing) */
    uint8_t nep;
    uint16_t ep[NC_MAX_EP];      /* en-passant target squares */
    uint16_t ep_victim;          /* the pawn that may be taken en passant */
    int halfmove, fullmove;
    bool scepter;                /* Capture the Scepter reached: game drawn */
    uint64_t key;
    uint16_t king[2];            /* royal square, 0 if that side has none */
    int nroyal[2];
    int ntitans;                 /* Titans on the board */
    int count[2 * NC_MAX_TYPES + 1];
    int npieces[2];
    uint16_t plist[2][NC_MAX_PIECES];
    uint8_t pindex[NC_MAX_SQ];
    uint32_t unmoved;            /* first-move rights (Variant.first_bit) */
} Position;

typedef struct {
    uint16_t sq;
    uint8_t old;
} SqChange;

/* Everything make_move changed, for unmake_move. */
typedef struct {
    SqChange ch[48];
    int nch;
    uint8_t castle, nep, scepter;
    uint16_t ep[NC_MAX_EP];
    uint16_t ep_victim;
    int halfmove;
    int hand_type;  /* -1 or the type taken from the hand */
    uint8_t ngain;  /* captures-to-hand: types that went to the mover's hand */
    uint8_t gain[3];
    uint64_t key;
    uint32_t unmoved;
} Undo;

void make_move(Position *p, const Move *m, Undo *u);
void unmake_move(Position *p, const Move *m, const Undo *u);

/* Recomputes hash, counts, piece lists and king squares from the board and
 * reports the first inconsistency (message in err), or returns true. */
bool pos_ok(const Position *p, char *err, int errlen);
uint64_t pos_compute_key(const Position *p);

/* Board-only edits for set-up editors; they keep lists and hash right. */
void pos_clear(Position *p, const Variant *v);
void pos_put(Position *p, int sq, int code);

#ifdef NC_DEBUG
#define POS_ASSERT_OK(p) pos_assert_ok(p)
void pos_assert_ok(const Position *p);
#else
#define POS_ASSERT_OK(p) ((void)0)
#endif

#endif
