/* PGN, the parts every reader and writer of games shares: the tag section
 * (the tags this program uses), the move text with its comments, NAGs and
 * variations, and writing moves in the notation players read (moveinput.h:
 * SAN where the variant uses it, else the move text).  Games other
 * programs wrote read as well as our own: no [Variant] tag means orthodox
 * chess.  What a caller builds from the moves (a Game, the screen's game)
 * is the caller's; this module only walks the text. */
#ifndef NC_PGN_H
#define NC_PGN_H

#include "rules/rules.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct {
    char variant[48];       /* our variant name; "chess" when no tag says */
    char setup[24], options[96], titans[160], fen[1024], white[1024], black[1024];
    char time_control[32];  /* the TimeControl tag as written; empty none */
    char result[64];        /* the Result tag as written; empty none */
    char termination[256];  /* the Termination tag as written; empty none */
    int level;              /* our Level tag, 0..10; 0 none */
    bool has_variant;       /* a [Variant] tag was there */
} PgnTags;

/* Reads the tag section at *sp, advancing *sp to the move text and *line
 * over the lines passed.  name is the file's name for messages.  A
 * [Variant] value other programs write ("Titan Chess", "Standard") is
 * turned into ours.  Returns 0, or -1 with "NAME: line N: what is wrong". */
int pgn_read_tags(const char **sp, int *line, PgnTags *t, const char *name, char *err, int errlen);
/* The same, handing every tag as read (also those PgnTags does not keep)
 * to each, in the file's order. */
typedef void (*PgnTagFn)(void *ctx, const char *name, const char *value);
int pgn_read_tags_each(const char **sp, int *line, PgnTags *t, const char *name, PgnTagFn each, void *ctx,
                       char *err, int errlen);

/* What pgn_read_moves hands over, in order.  move: one move token without
 * its number or annotation marks, the plies before it counted in ply;
 * non-zero stops the walk (err filled).  comment: the text of a {comment}
 * after `ply` plies, without the braces (may be NULL). */
typedef struct {
    int (*move)(void *ctx, const char *text, int ply, int line, char *err, int errlen);
    void (*comment)(void *ctx, const char *text, size_t len, int ply);
    /* where the walk stopped: after the result token, at the next
     * game's '[' or at the end of the text (may be NULL) */
    void (*end)(void *ctx, const char *at);
    /* a NAG ("$1"; a move's glyph "!" comes as "$1") after `ply` plies
     * (may be NULL) */
    void (*nag)(void *ctx, const char *nag, int ply);
} PgnReader;
/* Walks the move text from s (at line `line`) up to the result token,
 * the next game's tags or the end: move numbers, NAGs ($N), annotation
 * glyphs and variations (nested parentheses, with their comments) are
 * skipped.  Returns 0, or -1 with a message naming the file and line. */
int pgn_read_moves(const char *s, int line, const char *name, const PgnReader *r, void *ctx, char *err,
                   int errlen);

/* The end the tags record, for a game whose position is not over (time,
 * resignation, agreement, adjudication): a [Result] other than "*".
 * Returns the winner (NC_WHITE, NC_BLACK), -1 for a draw, -2 when the tags
 * record no end.  how: "time forfeit", "resignation", "draw agreed",
 * "adjudication", "result as recorded" (no [Termination]), or another
 * [Termination] as written (also this
 * program's older "1-0, White resigned" forms, read by their words). */
int pgn_recorded_end(const PgnTags *t, char *how, size_t len);
/* [Termination]'s value in the PGN standard's words for how a game
 * ended: "time forfeit" after a flag fell, else "normal". */
const char *pgn_termination_of(bool time_forfeit);

/* The result token of a finished game's text ("1-0, checkmate" -> "1-0"),
 * "*" for an unfinished one (result NULL or empty). */
const char *pgn_result_of(const char *result);

/* Comment after ply i (0-based; -1: before the first move) written as
 * {text}; NULL or "" none. */
typedef const char *(*PgnCommentFn)(void *ctx, int ply, char *buf, size_t len);
/* Writes the move text of the game from start (move numbers, each move
 * as move_label writes it, comments) and the result token, in lines
 * shorter than 80 columns.  0, or -1 on a write error. */
int pgn_write_moves(FILE *f, const Position *start, const Move *moves, int nply, PgnCommentFn comment,
                    void *ctx, const char *result_token);
/* The same with NAGs: nag gives those after ply i ("$1 $14"; NULL or ""
 * none), written right after the move, before its comment. */
int pgn_write_annotated(FILE *f, const Position *start, const Move *moves, int nply, PgnCommentFn nag,
                        PgnCommentFn comment, void *ctx, const char *result_token);

/* Everything written beside the moves: NAGs and a comment after each
 * move (as above), and a variation: the line that could have been played
 * instead of move i, nline moves from the position before it (0: none),
 * written in parentheses after the move's comment. */
typedef int (*PgnVariationFn)(void *ctx, int ply, const Move **line);
typedef struct {
    PgnCommentFn nag, comment;
    PgnVariationFn variation;
    void *ctx;
} PgnNotes;
int pgn_write_noted(FILE *f, const Position *start, const Move *moves, int nply, const PgnNotes *notes,
                    const char *result_token);

/* Reads a whole regular file of at most 64 MiB that holds no NUL byte;
 * NULL with the reason in err (cannot open, a directory, a FIFO or a
 * device, too large, binary). */
char *pgn_read_file(const char *path, size_t *lenp, char *err, int errlen);
/* The same for an open stream (standard input where an option takes "-"),
 * named name in messages. */
char *pgn_read_stream(FILE *f, const char *name, size_t *lenp, char *err, int errlen);

#endif
