/* The move text (doc/move-text.md): names every square a move involves.
 * Also the coordinate form other engines and XBoard use (e2e4, e7e8q,
 * P@e4), whose rank labels the caller chooses; other notations belong to
 * their front ends. */
#ifndef NC_MOVETEXT_H
#define NC_MOVETEXT_H

#include "rules/rules.h"

#include <stddef.h>

/* Writes the move text of m (legal in p) into buf (>= 160 bytes). */
char *move_to_text(const Position *p, const Move *m, char *buf, int buflen);
/* A square in coordinates: file letter, then the rank counted from
 * rank_first for the lowest rank of the box (buf >= 8 bytes). */
char *coord_sqname(const Variant *v, int sq, int rank_first, char *buf);
/* The coordinate form of m (legal in p): from and to run together ("e2e4"),
 * a promotion as the type's lower-case letter ("e7e8q"), a drop as "X@SQ"
 * naming the square the piece ends on, castling as the king's move; pieces
 * taken on the way are not named.  Ranks are labelled from rank_first
 * (the variant's rank_base for the form other engines print). */
void move_to_coord(const Position *p, const Move *m, int rank_first, char *buf, size_t len);
/* What a reader of a typed or saved move found: the move, or what went
 * wrong with the legal moves it could be (moveinput.h, san.h). */
#define MOVE_READ_MAX_CANDIDATES 32
typedef enum {
    MOVE_READ_OK,
    MOVE_READ_MALFORMED, /* not a move in the notation (or too long, empty) */
    MOVE_READ_ILLEGAL,   /* a well-formed move that is not legal here */
    MOVE_READ_AMBIGUOUS, /* several legal moves: the candidates */
    MOVE_READ_BAD_MARK,  /* a '+' or '#' that the move does not earn */
} MoveReadStatus;
typedef struct {
    MoveReadStatus status;
    Move move;      /* MOVE_READ_OK */
    int ncand;      /* MOVE_READ_AMBIGUOUS: the legal moves named (the first MOVE_READ_MAX_CANDIDATES) */
    Move cand[MOVE_READ_MAX_CANDIDATES];
    char msg[400];  /* but for MOVE_READ_OK: one line quoting the text */
} MoveRead;

/* move_from_text() with the result as a MoveRead; returns r->status. */
MoveReadStatus move_read_text(Position *p, const char *text, MoveRead *r);
/* Finds the legal move that text names.  Accepts the full text and, when it
 * names exactly one legal move, the short "from-to[=X]" form or the
 * coordinate form (ranks from the variant's rank_base), each with an
 * optional trailing '+' (the move must give check) or '#' (it must mate).
 * Returns 0, or -1 with a one-line message (malformed, illegal, ambiguous,
 * a false mark, longer than 159 characters) quoting the text. */
int move_from_text(Position *p, const char *text, Move *out, char *err, int errlen);

#endif
