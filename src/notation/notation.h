/* Text of the game, the one header the rest of the program includes for
 * it: position text, move text (coordinate and SAN), reading a typed move,
 * PGN with its tags and the games it holds, the CECP and UCI names of
 * variants and moves, and quoting outside text in messages.  No I/O but
 * through the caller's FILE. */
#ifndef NC_NOTATION_H
#define NC_NOTATION_H

#include "moveinput.h"
#include "movetext.h"
#include "pgn.h"
#include "pgn_game.h"
#include "pgn_tags.h"
#include "position_text.h"
#include "san.h"
#include "xboard_variant.h"

#endif
