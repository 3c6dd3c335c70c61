/* The one rule of PGN text that the game screen's saves and the match
 * tool's game files share: how a tag is written.  Only writing; each
 * reader of PGN keeps its own parser. */
#ifndef NC_PGN_TAGS_H
#define NC_PGN_TAGS_H

#include <stdio.h>

/* Writes [Name "value"] and a newline, with '"' and '\' escaped. */
void pgn_put_tag(FILE *f, const char *name, const char *value);

#endif
