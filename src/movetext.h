/* The move text (doc/move-text.md): names every square a move involves.
 * The project's own notation; other notations belong to their front ends. */
#ifndef NC_MOVETEXT_H
#define NC_MOVETEXT_H

#include "position.h"

/* Writes the move text of m (legal in p) into buf (>= 160 bytes). */
char *move_to_text(const Position *p, const Move *m, char *buf, int buflen);
/* Finds the legal move that text names.  Accepts the full text and, when it
 * names exactly one legal move, the short "from-to[=X]" form, each with an
 * optional trailing '+' (the move must give check) or '#' (it must mate).
 * Returns 0, or -1 with a one-line message (malformed, illegal, ambiguous,
 * a false mark, longer than 159 characters) quoting the text. */
int move_from_text(Position *p, const char *text, Move *out, char *err, int errlen);

#endif
