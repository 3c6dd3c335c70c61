/* The lessons of the tutorial screen (ui_lesson.c) and the player's
 * progress through them (ui_lesson_progress.c).  A library of the
 * tutorial screen, not a screen: it works on the tutorial's sandbox Ui. */
#ifndef NC_UI_LESSON_H
#define NC_UI_LESSON_H

#include "ui_internal.h"
#include "lesson/lesson.h"

/* Progress of each lesson, by its id: seen, solved (an exercise answered
 * without being shown the answer). */
enum { PROGRESS_NONE, PROGRESS_SEEN, PROGRESS_SOLVED };
#define PROGRESS_FILE "lessons.txt"
typedef struct {
    int n;
    char id[LESSON_MAX_LESSONS][LESSON_MAX_ID + 1];
    unsigned char state[LESSON_MAX_LESSONS];
} LessonProgress;

/* Reads STATE_DIR/lessons.txt; a missing file is no progress.  A damaged
 * file is moved aside to lessons.txt.damaged and told in note (the
 * progress then starts afresh); -1 only when it could not be read. */
int ui_progress_load(LessonProgress *p, char *note, int notelen);
/* Writes it atomically (a temporary file renamed over the old one). */
int ui_progress_save(const LessonProgress *p, char *err, int errlen);
int ui_progress_get(const LessonProgress *p, const char *id);
/* Raises a lesson's state (never lowers it); false when the table is full. */
bool ui_progress_mark(LessonProgress *p, const char *id, int state);
/* The text of the file, for ui_progress_save and the tests; -1 when it
 * does not fit. */
int ui_progress_format(const LessonProgress *p, char *buf, size_t len);
/* Parses the text; -1 with "line N: what" in err on damage. */
int ui_progress_parse(LessonProgress *p, const char *text, char *err, int errlen);

/* The lesson state of the tutorial: the lessons read, the one shown, the
 * tries at its exercise. */
typedef struct {
    bool loaded;
    LessonSet set;
    LessonProgress progress;
    char group[LESSON_MAX_LESSONS][LESSON_MAX_TITLE + 1]; /* menu group of each lesson */
    int cur;                  /* lesson shown, -1 none */
    int tries;                /* wrong answers so far */
    bool solved, revealed;    /* this time through */
    Move answer[LESSON_MAX_ANSWERS];
    int nanswers;
    /* What the lesson dialog open over the tutorial needs for its answer. */
    int ask_ng;               /* groups in the first menu (the extras follow) */
    int ask_first[20];        /* a lesson of each group or topic offered */
    int ask_group;            /* a lesson of the group chosen */
    int ask_idx[20];          /* the lesson of each item of the lessons' menu */
    int ask_n, ask_more;      /* its items; lessons of the topic not listed */
    int ask_types[NC_MAX_TYPES]; /* the drop menu's types */
    Move ask_cand[16];        /* the "Which move?" menu's moves */
    int ask_ncand;
} LessonView;

/* The lessons' menus and questions are dialogs over the tutorial
 * (ui_dialog.c) with these tags; the tutorial hands their answers to
 * ui_lesson_answered. */
enum { LESSON_ASK_GROUP = 100, LESSON_ASK_TOPIC, LESSON_ASK_LESSON, LESSON_ASK_DROP, LESSON_ASK_WHICH, LESSON_ASK_END };

/* The menu of lessons (by collection, i.e. rule text and variant, then
 * topic); the one chosen opens.
 * extra_items/extra_n: entries put after the variants (a hook for other
 * lesson-like screens), whose choice ui_lesson_answered returns. */
void ui_lesson_menu(Ui *t, LessonView *lv, const char *const *extra_items, int extra_n);
/* The answer to a lesson dialog (tag LESSON_ASK_*; choice the item, -1
 * none): the next menu, the lesson opened, the move judged...  Returns the
 * index of a chosen extra entry of the first menu, or -1. */
int ui_lesson_answered(Ui *t, LessonView *lv, int tag, int choice);
/* Shows lesson i in the sandbox t; false (told in t's message) if it
 * cannot be built. */
bool ui_lesson_open(Ui *t, LessonView *lv, int i);
/* A key while a lesson is shown; true when the lesson used it. */
bool ui_lesson_key(Ui *t, LessonView *lv, int key);
/* The board square chosen with Enter or the mouse while a lesson is
 * shown; true when the lesson handled it (an exercise's answer). */
bool ui_lesson_activate(Ui *t, LessonView *lv);
/* Selects the hand piece type of the side to move for dropping. */
void ui_lesson_select_drop(Ui *t, int type);
/* Draws the lesson's text over the tutorial's panel (after ui_draw). */
void ui_lesson_draw(Ui *t, LessonView *lv);
void ui_lesson_free(LessonView *lv);

#endif
