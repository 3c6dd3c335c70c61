/* Endgame tables: king and one or two pieces against a bare king.  What a
 * material is (parsed from the variant's piece letters), how a position of
 * it is numbered, and what a table holds for each position: the distance
 * to mate for both sides to move.  Building is eg_solve.h's, caching on
 * disk eg_store.h's; this module only numbers and reads (no I/O). */
#ifndef NC_EG_TABLE_H
#define NC_EG_TABLE_H

#include "rules/rules.h"

#include <stddef.h>
#include <stdint.h>

#define EG_MAX_PIECES 2
/* Table bytes.  Attacker to move: EG_DRAW, EG_ILLEGAL, or n >= 1: mates in
 * n moves.  Defender to move: EG_DRAW, EG_ILLEGAL, or n + 1: mated in n
 * moves (1 = checkmated now). */
enum { EG_DRAW = 0, EG_ILLEGAL = 255 };
/* The longest mate a table can hold, in moves. */
#define EG_MAX_DTM 125

typedef struct {
    int npieces;                 /* 1 or 2, besides the attacker's king */
    int king;                    /* the royal type */
    int types[EG_MAX_PIECES];
    int attacker;                /* NC_WHITE or NC_BLACK */
    char name[8];                /* "KBN": the king, then the pieces' letters */
} EgMaterial;

typedef struct {
    const Variant *v;
    EgMaterial mat;
    int n;                       /* real squares of the board */
    size_t npos;                 /* n^(2 + npieces) positions per side to move */
    uint16_t sq_of[NC_MAX_SQ];   /* compact index -> board square */
    int16_t idx_of[NC_MAX_SQ];   /* board square -> compact index, -1 none */
    uint8_t *wtm, *btm;          /* attacker / defender to move, npos bytes each */
    void *mem;                   /* what to release (eg_store's business) */
    size_t memlen;
    int mem_kind;                /* 0 none, 1 malloc, 2 mmap */
} EgTable;

/* Position counts of a table. */
typedef struct {
    uint64_t legal[2];           /* [0] attacker to move, [1] defender to move */
    uint64_t mates;              /* defender to move and checkmated */
    uint64_t wins[2];            /* attacker wins, per side to move */
    uint64_t draws[2];
    int longest;                 /* moves; 0 when no position is won */
    uint64_t longest_index;      /* a position with the attacker to move mating in `longest` */
} EgStats;

/* Parses "KR", "KBN" (the variant's letters, case ignored) for the given
 * attacking colour.  Refused with a message: unknown letter, not a king
 * first, more than two pieces, pawns or other promoting pieces, Titans,
 * royal pieces, a variant without exactly one royal type. */
int eg_material_parse(const Variant *v, const char *text, int attacker, EgMaterial *out, char *err, int errlen);
/* The material with piece k (0 or 1) taken away. */
EgMaterial eg_material_without(const EgMaterial *m, int k);

/* Fills the square numbering and sizes (no table memory). */
void eg_table_init(EgTable *t, const Variant *v, const EgMaterial *m);
/* Index of the position with the kings and pieces on these compact squares. */
static inline size_t eg_index(const EgTable *t, int ak, int dk, const int *pc)
{
    size_t i = (size_t)ak * (size_t)t->n + (size_t)dk;
    for (int k = 0; k < t->mat.npieces; k++)
        i = i * (size_t)t->n + (size_t)pc[k];
    return i;
}
void eg_decode(const EgTable *t, size_t i, int *ak, int *dk, int *pc);

/* A number naming the variant's board and the movement of the material's
 * piece types, for telling a cached table from one of another variant. */
uint64_t eg_identity(const Variant *v, const EgMaterial *m);

/* The position's material as an EgMaterial (pieces in type order), or -1
 * when it is not a king and one or two pieces against a bare king with
 * empty hands, no Titans, no castling or en passant. */
int eg_material_of(const Position *p, EgMaterial *out);
/* Index of p in t (whose material eg_material_of(p) gave), or -1. */
long long eg_position_index(const EgTable *t, const Position *p);
/* p's value from the table: the byte of its side to move. */
int eg_probe(const EgTable *t, const Position *p);
/* p's outcome: EG_WIN (the side to move mates), EG_LOSS (it is mated) or
 * EG_DRAW, with *moves the attacker's moves to mate (0: mated now); -1
 * when p is not a position of t or is illegal. */
enum { EG_RES_DRAW, EG_RES_WIN, EG_RES_LOSS };
int eg_outcome(const EgTable *t, const Position *p, int *moves);
/* The table's best move in p: the fastest mate for the attacker, the
 * longest defence for the defender (ties: the first in generation order).
 * False when p is not won or lost in t or has no legal move. */
bool eg_best_move(const EgTable *t, Position *p, Move *out);

/* Whether t's value for p follows from the values of the positions p's
 * legal moves lead to, by the rule the solver builds with (the side to
 * move wins in n when a move mates or leaves a loss in n - 1, the
 * defender loses in n when every move leaves a win in at most n, a
 * position without moves is mate or stalemate).  Moves that leave t's
 * material (a capture, a promotion) are not judged.  True when p is not a
 * position of t.  A table damaged or doctored at p fails this. */
bool eg_agrees_at(const EgTable *t, Position *p);

/* Counts of every kind of position. */
void eg_stats(const EgTable *t, EgStats *s);
/* The verdict "this material forces mate": the attacker, to move, wins at
 * least a quarter of the legal positions.  (A material that mates only a
 * king already caught, such as two knights, wins a tiny share; two
 * bishops win about half, those on squares of opposite colours.) */
bool eg_forces_mate(const EgStats *s);
/* A position drawn at random (from the generator state *rng) among those
 * the attacker, to move, mates from: its index.  The table must hold one. */
size_t eg_random_win(const EgTable *t, uint64_t *rng);

/* Sets up p as the position with index i, attacker (wtm) or defender to move. */
void eg_position(const EgTable *t, size_t i, bool attacker_to_move, Position *p);

#endif
