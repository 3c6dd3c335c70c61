/* Opening books: --make-book, which writes balanced start positions of a
 * variant, and where the shipped books are found (books/NAME.txt in the
 * data path).  The books are opening files the match tool's --openings
 * reads (match_openings.h); doc/data-files.md, "Opening books". */
#ifndef NC_FRONTEND_BOOK_H
#define NC_FRONTEND_BOOK_H

#include "options.h"

#include <stddef.h>

/* Positions kept are those a short search scores within this many
 * centipawns of equal. */
#define BOOK_MARGIN 50
#define BOOK_DEFAULT_PLIES 8
#define BOOK_DEFAULT_NODES 2000

/* The book of variant NAME: books/NAME.txt in the first directory of the
 * data path that has one.  1 found (its path in file), 0 none, -1 a
 * problem (a message in err). */
int book_file(const char *path, const char *name, char *file, size_t len, char *err, size_t errlen);

/* --make-book N: N distinct positions, each reached by --random-plies
 * random legal plies (default 8) from the start the options give and kept
 * when a search of --nodes nodes (default 2000) scores it within
 * BOOK_MARGIN; written to stdout as position texts after a comment header
 * saying how they were made.  The same seed (--seed, default 0) gives the
 * same book.  Exit status 0, or 1 after printing why. */
int book_make_main(const Options *opt);

#endif
