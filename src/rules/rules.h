/* The rules core, the one header the rest of the program includes for it:
 * variants and their pieces, positions with make and unmake, the move
 * generator, royal sight, the end rules, a game with its history, and the
 * clocks.  No I/O in any of it; variants come from the data-file reader
 * (datafile/) and positions from their text (notation/). */
#ifndef NC_RULES_H
#define NC_RULES_H

#include "clock.h"
#include "endrules.h"
#include "game.h"
#include "gameclock.h"
#include "movegen.h"
#include "position.h"
#include "royal_sight.h"
#include "variant.h"

#endif
