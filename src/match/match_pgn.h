/* PGN of the games of a match or of self-play: the tags, the moves (SAN
 * where the variant uses it, else the move text of doc/move-text.md) and
 * the result, appended as each game ends to a file opened once for the
 * run, without following a link.  Writing only: no engines, no
 * statistics. */
#ifndef NC_FRONTEND_MATCH_PGN_H
#define NC_FRONTEND_MATCH_PGN_H

#include "rules/rules.h"

#include <stddef.h>
#include <stdio.h>

typedef struct {
    const char *event, *round, *white, *black;
    const char *variant;                 /* our variant name */
    const char *setup, *options, *titans;/* as the options gave them; NULL none */
    const char *time_control;            /* PGN TimeControl value; NULL "-" */
    const Game *game;
    int opening_plies;                   /* the first plies came from the opening */
    int winner;                          /* NC_WHITE, NC_BLACK, -1 a draw, -2 unfinished */
    const char *termination;             /* PGN word: normal, adjudication, time forfeit, ... */
    const char *reason;                  /* comment after the last move; NULL none */
} PgnGame;

/* "1-0", "0-1", "1/2-1/2" or "*". */
const char *pgn_result_token(int winner);
/* Writes one game; 0, or -1 on a write error. */
int pgn_write(FILE *f, const PgnGame *pg);
/* Opens the --pgn file once for the run (safe_file.h, sf_open_append: a
 * link there is refused, /dev/stdout, a pipe or a device is written as
 * given, a missing file is created); NULL with a one-line message. */
FILE *pgn_open(const char *path, char *err, size_t errlen);
/* Appends one game to f, opened by pgn_open(path), flushed at once so
 * that a match killed later keeps it; 0, or -1 with a one-line message. */
int pgn_append(FILE *f, const char *path, const PgnGame *pg, char *err, size_t errlen);

#endif
