/* A neural evaluation (NNUE) of one variant (doc/data-files.md, "Networks"):
 * the net file with its checks, the feature set, the two accumulators
 * (one per side's view) computed from a position or updated from the
 * squares a move changed (its Undo), and the integer evaluation.
 *
 * Features, for the view of colour c: every piece as (own or other's,
 * type, square seen from c: the board mirrored for Black), over the box of
 * the board (rear squares included), then every piece in hand as (own or
 * other's, type, "at least k" for k = 1..NNUE_HAND_MAX).  One hidden layer
 * of int16 sums, clipped to 0..NNUE_QA, then one output from both views,
 * the side to move's first.  No I/O but reading a net's file. */
#ifndef NC_NNUE_H
#define NC_NNUE_H

#include "rules/rules.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define NNUE_MAGIC "NCNNUE\r\n"
#define NNUE_VERSION 1
#define NNUE_MAX_HIDDEN 1024
#define NNUE_HAND_MAX 8   /* pieces of one type in hand the features tell apart */
#define NNUE_QA 255       /* the hidden layer's clip, and its scale */
#define NNUE_QB 64        /* the output weights' scale */

typedef struct NnueNet NnueNet;

/* Both views' hidden sums, before the clip. */
typedef struct {
    int16_t v[2][NNUE_MAX_HIDDEN];
} NnueAcc;

/* The number of input features of v. */
int nnue_features(const Variant *v);
/* The features of p active in the view of colour view, at most max of
 * them, into out; their number (NNUE_MAX_ACTIVE always holds them all). */
#define NNUE_MAX_ACTIVE (NC_MAX_SQ + 2 * NC_MAX_TYPES * NNUE_HAND_MAX)
int nnue_active(const Position *p, int view, int *out, int max);

/* Reads a net for v from its bytes: the header must name v and its board,
 * this feature set and a hidden size of 16 to NNUE_MAX_HIDDEN in steps of
 * 16, and the checksum must hold.  NULL with the reason in err. */
NnueNet *nnue_parse(const unsigned char *buf, size_t len, const Variant *v, char *err, int errlen);
/* The same from a file (a regular file of at most 64 MiB); err names it. */
NnueNet *nnue_load(const char *path, const Variant *v, char *err, int errlen);
void nnue_free(NnueNet *n);
/* Whether n is a net of v (its name, board and feature set). */
bool nnue_fits(const NnueNet *n, const Variant *v);
int nnue_hidden(const NnueNet *n);
/* The checksum its file ends with (FNV-1a of the bytes before it): what
 * tells two nets of one variant apart, e.g. in --datagen's run lines. */
uint32_t nnue_checksum(const NnueNet *n);

/* The accumulators of p, from scratch. */
void nnue_refresh(const NnueNet *n, const Position *p, NnueAcc *a);
/* The accumulators after a move: before is the position's before it, p
 * the position after it and u the move's Undo (the squares it changed,
 * the hand it used and gained). */
void nnue_update(const NnueNet *n, const Position *p, const Undo *u, const NnueAcc *before, NnueAcc *after);
/* Debug builds: an accumulator that differs from a refresh of p ends the
 * program with a message, as POS_ASSERT_OK does for the board. */
#ifdef NC_DEBUG
#define NNUE_ASSERT_OK(n, p, a) nnue_assert_ok(n, p, a)
void nnue_assert_ok(const NnueNet *n, const Position *p, const NnueAcc *a);
#else
#define NNUE_ASSERT_OK(n, p, a) ((void)0)
#endif
/* The evaluation in centipawns for the side to move of p. */
int nnue_evaluate(const NnueNet *n, const NnueAcc *a, int side);

/* The bytes of a net file (for the tests and the trainer's format check):
 * the header for v and hidden, then weights (features x hidden, feature by
 * feature), biases (hidden), output weights (2 x hidden: the side to
 * move's view first), output bias and scale; the checksum is added.
 * Returns the malloc'd bytes and their length in *len, or NULL. */
unsigned char *nnue_write(const Variant *v, int hidden, const int16_t *weights, const int16_t *bias,
                          const int16_t *out_weights, int32_t out_bias, int32_t scale, size_t *len);

#endif
