/* Building the variant and the game that the command-line options ask for;
 * shared by the front ends.  No option parsing (options.c) and no output
 * but the error lines of a variant that fails to load. */
#ifndef NC_SESSION_H
#define NC_SESSION_H

#include "rules/rules.h"
#include "options.h"
#include "notation/notation.h"

/* Loads opt->variant (or `name` when not NULL) with the setup, optional
 * rules and Titans the options ask for.  Returns NULL after printing the
 * problems to stderr. */
Variant *session_variant(const Options *opt, const char *name);
/* Starts g from opt->fen or the setup, then plays opt->play.  Returns 0, or
 * -1 with a one-line message in err and nothing left to free in g. */
int session_game(const Options *opt, const Variant *v, Game *g, char *err, int errlen);

/* For --load: the variant the file's tags name, with its setup, optional
 * rules and Titans (opt->variant, when given, must be the same), and the
 * game from its [FEN] and moves, then opt->play.  Returns 0, or -1 with a
 * one-line message in err and nothing left to free. */
int session_load(const Options *opt, Variant **vout, Game *g, char *err, int errlen);
/* The same, and in ended how the game ended when its position is not over
 * but its tags record an end (time forfeit, resignation, agreement, ...),
 * as --status says it ("time forfeit: Black wins"); "" otherwise.  Moves
 * of opt->play after that end are refused. */
int session_load_ended(const Options *opt, Variant **vout, Game *g, char *ended, int endedlen, char *err,
                       int errlen);
/* Every game of a PGN file in turn, each loaded as --load loads one (but
 * opt->play not played): each gets its variant, its game, its tags and its
 * index in the file; a non-zero return from each stops the walk.  Returns
 * 0 (also when each stopped it), or -1 with a one-line message in err when
 * the file or one of its games does not load. */
typedef int (*SessionGameFn)(void *ctx, const Variant *v, const Game *g, const PgnTags *t, int index);
int session_each_game(const Options *opt, const char *path, SessionGameFn each, void *ctx, char *err, int errlen);

/* The variant a game's tags name, as --load takes it (file: the quoted
 * file name for messages).  NULL with a one-line message in err. */
Variant *session_tags_variant(const Options *opt, const PgnTags *t, const char *file, char *err, int errlen);

#endif
