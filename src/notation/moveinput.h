/* A move as players read and type it: SAN where the variant uses it
 * (san.h), the move text (movetext.h) everywhere.  The one place that
 * decides which notation a move is shown in and which a typed text is
 * read as, for the game screen, saved games and the command line. */
#ifndef NC_MOVEINPUT_H
#define NC_MOVEINPUT_H

#include "movetext.h"
#include "rules/rules.h"

/* Finds the legal move a player's text names: the full move text, its
 * short and coordinate forms (move_from_text), or SAN where san_applies.
 * Returns 0, or -1 with a one-line message: the SAN reader's when the
 * text is not move text but reads as SAN, else the move-text reader's. */
int move_from_input(Position *p, const char *text, Move *out, char *err, int errlen);
/* The same with the result as a MoveRead (movetext.h): what went wrong,
 * and the candidate moves of a text that names several; returns
 * r->status. */
MoveReadStatus move_read_input(Position *p, const char *text, MoveRead *r);
/* A move read from someone's file: as move_from_input, but a '+' or '#'
 * that is not true is only a warning (warn, "does not give check; read
 * as e4"), since the move itself is plain; warn is empty when there is
 * none. */
int move_from_record(Position *p, const char *text, Move *out, char *warn, int warnlen, char *err, int errlen);
/* How a move is shown and saved: SAN where the variant uses it, else the
 * full move text.  buf >= 160 bytes; returns buf. */
char *move_label(const Position *p, const Move *m, char *buf, int buflen);

#endif
