/* The --datagen file (doc/data-files.md, "Self-play positions"): its
 * header, one record a line, finding where an existing file leaves off,
 * and --check-data, which holds every record against the rules.  No games
 * are played here (datagen.c). */
#ifndef NC_FRONTEND_DATAGEN_FILE_H
#define NC_FRONTEND_DATAGEN_FILE_H

#include "nnue/nnue.h"
#include "options.h"

#include <stdbool.h>
#include <stddef.h>

/* One position: its text, the search's score in centipawns from White's
 * view, the game's result for White in half points (2 win, 1 draw,
 * 0 loss), the plies played in the game before it, the game's number. */
typedef struct {
    const char *text;
    int score;
    int result2;
    int ply;
    long long game;
} DgRecord;

/* A record line is shorter than this (the position text and four numbers). */
#define DG_LINE_MAX 1200

/* The header line a file of this variant, setup, options and Titans
 * starts with (with its newline). */
void dg_header(const Options *opt, const char *variant, char *buf, size_t len);
/* The evaluation that scores a run's positions, for its comment line:
 * "hand-made evaluation" (net NULL), or "net FILE (checksum XXXXXXXX)"
 * with file quoted (no control byte can break the line). */
void dg_evaluation(const NnueNet *net, const char *file, char *buf, size_t len);
/* The record's line, with its newline; its length. */
int dg_format(const DgRecord *r, char *buf, size_t len);
/* Splits a record line (without its newline; changed in place) into r,
 * r->text pointing into it.  0, or -1 with what is wrong in why. */
int dg_parse(char *line, DgRecord *r, char *why, size_t whylen);

/* Where an existing file leaves off: checks that it starts with header
 * (a missing or empty file is new: 0 and 0), that every line is a comment
 * or a record of the right shape and that it ends with a newline.  The
 * next game number (one past the highest) and the records in *next and
 * *records.  0, or -1 with "FILE:LINE: message" in err. */
int dg_scan(const char *path, const char *header, long long *next, long long *records, char *err, size_t errlen);

/* --check-data FILE: every record of FILE parsed in the variant the
 * options give, printed back equal, the side to move not in check, no mate
 * score, one result per game and its plies rising; prints a count line.
 * Exit status 0, or 1 after printing each problem. */
int dg_check_main(const Options *opt);

#endif
