/* --uci: the Universal Chess Interface on stdin/stdout, or on any input
 * descriptor and output stream (uci_run).  The protocol only: move text is
 * XBoard's coordinates (xboard_variant.h), the thinking time the search's
 * (search/timeman.h). */
#ifndef NC_FRONTEND_UCI_H
#define NC_FRONTEND_UCI_H

#include "options.h"

#include <stdio.h>

/* UCI on stdin/stdout.  Options: UCI_Variant (every shipped variant, by
 * our name, which is the usual UCI name where one exists), Hash, Threads
 * and MultiPV (1 only: the search gives one line).  Moves are coordinates
 * (e2e4, e7e8q, castling as the king's move, drops P@e4) as in --xboard.
 * Returns at "quit" or end of input. */
int uci_main(const Options *opt);

/* The same session reading commands from in_fd and writing the answers to
 * out, flushed after every line.  Not reentrant: one session at a time
 * per process.  Returns 0, or 1 when the session cannot start. */
int uci_run(const Options *opt, int in_fd, FILE *out);

#endif
