/* Standard algebraic notation (SAN) for the variants whose moves are those
 * of orthodox chess in kind (Chess, Capablanca): writing a move and finding
 * the legal move a SAN text names.  Which variants use it follows from the
 * variant's data (san_applies), not from its name.  No I/O. */
#ifndef NC_SAN_H
#define NC_SAN_H

#include "movetext.h"
#include "rules/rules.h"

#include <stdbool.h>

/* The longest SAN this module writes, with its NUL: letter, origin square,
 * 'x', square, "=L", mark. */
#define NC_SAN_MAX 16

/* True when every move of the variant can be named in SAN: no drops,
 * Titans, bent paths, fly-overs or double captures; fixed castling or
 * none; a full rectangular board of at most 26 files; one letter per
 * piece type; at most one type that promotes (the pawn, written without
 * a letter). */
bool san_applies(const Variant *v);
/* Writes the SAN of m, legal in p, with '+' or '#' (buflen >= NC_SAN_MAX);
 * returns buf.  Only for variants where san_applies. */
char *san_format(const Position *p, const Move *m, char *buf, int buflen);
/* Finds the legal move a SAN text names: piece letter (none for the
 * pawn), origin file and/or rank when needed, 'x', destination, "=L" (or
 * just L) for a promotion, O-O and O-O-O (also with zeros), a trailing
 * '+' or '#' that must be true, annotation marks (!, ?) and "e.p."
 * ignored.  Returns 0, or -1 with a one-line message quoting the text
 * (malformed, illegal, ambiguous with the candidates, a false mark). */
int san_parse(Position *p, const char *text, Move *out, char *err, int errlen);
/* san_parse() with the result as a MoveRead (movetext.h): the candidates
 * of an ambiguous text; returns r->status. */
MoveReadStatus san_read(Position *p, const char *text, MoveRead *r);

#endif
