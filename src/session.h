/* Building a variant and a game from the command-line options. */
#ifndef NC_SESSION_H
#define NC_SESSION_H

#include "game.h"
#include "options.h"

#include <stdio.h>

/* Loads opt->variant (or `name` when not NULL) with the setup, optional
 * rules and Titans the options ask for.  Returns NULL after printing the
 * problems to stderr. */
Variant *session_variant(const Options *opt, const char *name);
/* Starts g from opt->fen or the setup, then plays opt->play.  Returns 0, or
 * -1 with a one-line message in err. */
int session_game(const Options *opt, const Variant *v, Game *g, char *err, int errlen);
/* Parses argv into opt.  Returns 0, or exit status + 1 (help/version
 * printed: 1; error printed: 2). */
int options_parse(Options *opt, int argc, char **argv);
void options_usage(FILE *out);

#endif
