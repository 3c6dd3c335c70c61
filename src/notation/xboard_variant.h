/* Our variants as XBoard (4.7+) sees them: square and move text in
 * coordinates, the announced variant names, the setup and piece lines of
 * engine-defined variants, and FEN translation.  Text only: no protocol
 * state and no I/O (xboard.c owns those). */
#ifndef NC_FRONTEND_XBOARD_VARIANT_H
#define NC_FRONTEND_XBOARD_VARIANT_H

#include "rules/rules.h"

#include <stdbool.h>
#include <stddef.h>

/* Coordinate notation: e2e4, e7e8q, P@e4; castling as the king's move; a
 * piece taken on the way as XBoard's two-leg move "from cap,cap to", and
 * so a one-square castling, "king rook,rook to" (the king's move would be
 * the king's step).  No two legal moves share a text. */
void xb_move_text(const Position *p, const Move *m, char *buf, size_t len);
/* The label XBoard gives the lowest rank of v's box: 0 on boards 10 ranks
 * high, 1 otherwise. */
int xb_rank_first(const Variant *v);
/* Finds the legal move XBoard means (also O-O / O-O-O, XBoard's "king
 * move,rook move" castling and king takes own rook); 0 or -1. */
int xb_parse_move(Position *p, const char *text, Move *out);

/* Writes the feature variants= list: normal, capablanca, the shipped
 * variants made for this program (Titan Chess first), then the other names
 * of `names` (a data path's variant_list(); chess and capablanca are the
 * first two).  0, or -1 when the list does not fit in len: buf then ends
 * after the last name that did. */
int xb_variant_list(char *const *names, int n, char *buf, size_t len);
/* Our name of an XBoard variant name ("normal" is chess). */
const char *xb_variant_name(const char *xb);
/* XBoard's name of one of our variants (chess is "normal"). */
const char *xb_variant_xbname(const char *ours);
/* True for the variants XBoard knows itself (no setup line needed). */
bool xb_builtin(const char *name);
/* Writes "setup (PIECETOCHAR) WxH+H_fairy FEN" (no newline); 0 or -1. */
int xb_setup_line(const Variant *v, char *out, size_t len);
/* Betza notation of a piece type; false when its moves cannot be said
 * exactly (or it is royal: XBoard's king, with castling, is kept). */
bool xb_betza(const PieceType *pt, char *out, size_t len);
/* Position text as XBoard writes it for setboard: the whole box with
 * missing squares empty (the inverse of xb_fen_to_ours). */
void xb_position_fen(const Position *p, char *out, size_t len);
/* setboard text to our position text ('*' for missing squares); 0, or -1
 * when a missing square holds a piece or the text does not fit. */
int xb_fen_to_ours(const Variant *v, const char *fen, char *out, size_t len);

#endif
