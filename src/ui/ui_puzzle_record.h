/* The player's puzzle record (ui_puzzle_record.c): the puzzle rating and
 * streak and the puzzles already offered, kept in the state directory;
 * the rating's update and the choice of the next puzzle.  Used by the
 * puzzle screen (ui_puzzle.c). */
#ifndef NC_UI_PUZZLE_RECORD_H
#define NC_UI_PUZZLE_RECORD_H

#include "ui_internal.h"

#include <stdbool.h>
#include <stdint.h>

#define PUZZLE_RATING_START 1200
#define PUZZLE_K 32
#define PUZZLE_SEEN_MAX 8192   /* puzzles of one variant the seen set covers */
#define PUZZLE_RECORD_VARIANTS 16
#define PUZZLE_RECORD_FILE "puzzles.txt"

/* Which puzzles of a variant's file were offered since the set was last
 * emptied; n: the file's puzzle count when it was kept (a file of another
 * count is another file: its set starts empty). */
typedef struct {
    char variant[48];
    int n;
    uint8_t bits[PUZZLE_SEEN_MAX / 8];
} PuzzleSeen;

typedef struct {
    int rating, streak;
    PuzzleSeen seen[PUZZLE_RECORD_VARIANTS];
    int nseen;
} PuzzleRecord;

/* The record of a new player: rating 1200, streak 0, nothing seen. */
void puzzle_record_init(PuzzleRecord *r);
/* Reads a record's text; name is the file named in messages.  0, or -1
 * with "NAME:LINE: what is wrong" in err (r is then a new player's). */
int puzzle_record_parse(PuzzleRecord *r, const char *text, const char *name, char *err, int errlen);
/* The record's text; its length, or -1 when it does not fit. */
int puzzle_record_format(const PuzzleRecord *r, char *buf, size_t len);
/* Reads the record from the state directory; a missing file is a new
 * player.  A damaged file is moved aside (puzzles.txt.damaged), the
 * record starts afresh, and note says so with the file and line (note is
 * empty otherwise).  Never fails. */
void puzzle_record_load(PuzzleRecord *r, char *note, int notelen);
/* Writes the record whole (a temporary file renamed into place); 0, or -1
 * with the reason. */
int puzzle_record_save(const PuzzleRecord *r, char *err, int errlen);

/* The player's rating after a puzzle of rating puzzle: Elo, K = 32. */
int puzzle_rate(int player, int puzzle, bool solved);
/* The puzzle to offer of a variant's n puzzles (their ratings): among
 * those not yet seen, the one rated nearest the player (the first in the
 * file of equals); when all were seen, the set starts again.  -1 when n
 * is 0. */
int puzzle_pick(PuzzleRecord *r, const char *variant, const int *ratings, int n);
/* Puzzle i of the variant's n is seen. */
void puzzle_mark_seen(PuzzleRecord *r, const char *variant, int n, int i);

#endif
