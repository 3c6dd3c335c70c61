/* Lesson files (doc/lessons.md): a position of a variant, the piece to
 * look at or the move to find, the destinations, removed and pushed
 * squares the lesson claims, and its explanation.  lesson.c reads them
 * with "FILE:LINE: message" for every problem; lesson_check.c holds each
 * claim against the rules core, so that no lesson can state a wrong rule. */
#ifndef NC_LESSON_H
#define NC_LESSON_H

#include "datafile/datafile.h"
#include "rules/rules.h"

#include <stdbool.h>

/* Limits (doc/lessons.md, "Limits"); input over one is refused, naming it. */
#define LESSON_MAX_FILE (256 * 1024)
#define LESSON_MAX_LINE 1023
#define LESSON_MAX_WORDS 64
#define LESSON_MAX_ID 31
#define LESSON_MAX_TOPIC 39
#define LESSON_MAX_TITLE 79
#define LESSON_MAX_TEXT 255      /* source, question, hint */
#define LESSON_MAX_EXPLAIN 1023
#define LESSON_MAX_PLAY 8
#define LESSON_MAX_DESTS 128
#define LESSON_MAX_CLAIMS 32     /* removes and pushes lines, each */
#define LESSON_MAX_CLAIM_SQ 8
#define LESSON_MAX_ANSWERS 8
#define LESSON_MAX_LESSONS 512   /* in one set (every file together) */
#define LESSON_MAX_FILES 32
#define LESSON_MOVE_MAX 159      /* as the move text (doc/move-text.md) */

/* What each line of a lesson is; the line numbers are kept per key for
 * the messages of the check. */
enum {
    LK_LESSON, LK_VARIANT, LK_SETUP, LK_OPTIONS, LK_TITANS, LK_TOPIC, LK_TITLE, LK_SOURCE,
    LK_POSITION, LK_PLAY, LK_SELECT, LK_DESTINATIONS, LK_REMOVES, LK_PUSHES, LK_QUESTION,
    LK_ANSWER, LK_GOAL, LK_HINT, LK_EXPLAIN, LK_COUNT
};

/* "removes TO SQ..." / "pushes TO SQ...": what the moves of the selection
 * to TO remove (capture, crush, exile) or push. */
typedef struct {
    char to[4];
    int nsq;
    char sq[LESSON_MAX_CLAIM_SQ][4];
    int line;
} LessonClaim;

typedef enum { GOAL_NONE, GOAL_CHECK, GOAL_MATE } LessonGoal;

typedef struct {
    char id[LESSON_MAX_ID + 1];
    char variant[48], setup[24], options[96], titans[160];
    char topic[LESSON_MAX_TOPIC + 1], title[LESSON_MAX_TITLE + 1], source[LESSON_MAX_TEXT + 1];
    char position[LESSON_MAX_LINE + 1];
    int nplay;
    char play[LESSON_MAX_PLAY][LESSON_MOVE_MAX + 1];
    char select[4];              /* a square, or "X@" for the hand piece X; "" none */
    bool has_dests;
    int ndests;
    char dests[LESSON_MAX_DESTS][4];
    int nremoves, npushes;
    LessonClaim removes[LESSON_MAX_CLAIMS], pushes[LESSON_MAX_CLAIMS];
    char question[LESSON_MAX_TEXT + 1], hint[LESSON_MAX_TEXT + 1];
    int nanswers;
    char answer[LESSON_MAX_ANSWERS][LESSON_MOVE_MAX + 1];
    LessonGoal goal;
    char explain[LESSON_MAX_EXPLAIN + 1];
    int file;                    /* index into LessonSet.files */
    int line[LK_COUNT];          /* first line of each key; 0 when absent */
} Lesson;

typedef struct {
    Lesson *l;
    int n, cap;
    int nfiles;
    char files[LESSON_MAX_FILES][1024];
    /* Each file's 'collection' line (the menu's name for its lessons); "" none. */
    char collection[LESSON_MAX_FILES][LESSON_MAX_TITLE + 1];
    int collection_line[LESSON_MAX_FILES];
} LessonSet;

/* Appends the lessons of one file (or of text held in memory, name used
 * in the messages) to s.  Returns 0, or -1 with the problems in e (the
 * lessons read before the first problem of the file are kept). */
int lesson_load_file(LessonSet *s, const char *path, DataErrors *e);
int lesson_load_text(LessonSet *s, const char *name, const char *text, DataErrors *e);
/* Every lessons/ *.txt of the data path's directories, in the order of
 * their names; a file in an earlier directory hides one of the same name
 * in a later one. */
int lesson_load_dir(LessonSet *s, const char *data_path, DataErrors *e);
void lesson_set_free(LessonSet *s);
bool lesson_is_exercise(const Lesson *l);
/* Adds "FILE:LINE: message" (line 0: "FILE: message") to e; outside
 * text in the arguments must be quoted (quote.h) by the caller.  The
 * last free slot says that more problems were found than are kept. */
void lesson_error(DataErrors *e, const char *file, int line, const char *fmt, ...)
#ifdef __GNUC__
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/* Checks every claim of l against the rules (variants read from
 * data_dir); adds one message per wrong claim.  Returns the number of
 * problems found. */
int lesson_check(const LessonSet *s, const Lesson *l, const char *data_dir, DataErrors *e);
/* The variant the lesson is played in (with its setup, options and
 * Titans), or NULL with a message. */
Variant *lesson_variant(const Lesson *l, const char *data_dir, char *err, int errlen);
/* The lesson's position: its text, then its play moves.  0 or -1 with a
 * message. */
int lesson_position(const Lesson *l, const Variant *v, Position *p, char *err, int errlen);
/* The selection in p: *sq the square (0 for a hand piece), *drop_type the
 * hand piece (-1 for a square).  0, or -1 when there is no selection or
 * it names no piece of the side to move. */
int lesson_selection(const Lesson *l, const Position *p, int *sq, int *drop_type, char *err, int errlen);

#endif
