/* --match: two CECP engines play a series of games; every game is judged
 * by the rules library, written as PGN, and scored with Elo, LOS and
 * optionally an SPRT.  See the manual page for the options. */
#ifndef NC_FRONTEND_MATCH_H
#define NC_FRONTEND_MATCH_H

#include "options.h"

/* Runs the match the options describe; prints one line per game and the
 * statistics.  0 when the match ran (or stopped by the SPRT), 1 after a
 * one-line error on stderr or an interrupt. */
int match_main(const Options *opt);

/* The other self-play tools of this folder. */
#include "book.h"
#include "datagen.h"
#include "datagen_file.h"
#include "nnue_data.h"
#include "selfplay.h"

#endif
