/* Position text (doc/position-text.md): reading and writing a position,
 * and a variant's start position, which its data file gives as text. */
#ifndef NC_POSITION_TEXT_H
#define NC_POSITION_TEXT_H

#include "rules/rules.h"

/* Sets up the variant's chosen start position. */
void pos_start(Position *p, const Variant *v);
/* Parses a position text (doc/position-text.md).  Returns 0, or -1 with
 * a one-line message naming what is wrong; a position that cannot arise
 * in a game of the variant (its chosen setup) is refused. */
int pos_from_fen(Position *p, const Variant *v, const char *fen, char *err, int errlen);
/* Writes the position text, NUL-terminated, and returns its whole length,
 * as snprintf does: a return >= buflen means it did not fit and buf holds
 * only its start.  A buffer of NC_POS_TEXT_MAX bytes always holds it. */
int pos_to_fen(const Position *p, char *buf, int buflen);

#endif
