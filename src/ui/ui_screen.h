/* The contract every screen keeps, and the stack of screens.  A screen is
 * a module that exports one Screen; it asks for another screen by its id
 * through the calls below, never by calling or including that module, so
 * that new screens slot in without new crossings between them. */
#ifndef NC_UI_SCREEN_H
#define NC_UI_SCREEN_H

#include "ui_internal.h"

#include <stdbool.h>
#include <stddef.h>

typedef enum { SCR_START, SCR_GAME, SCR_TUTORIAL, SCR_DRILL, SCR_PUZZLE, SCR_DIALOG, SCR_COUNT } ScreenId;

/* A game chosen on the start screen, with its time control (base and
 * increment in seconds; base 0: no clocks). */
typedef struct {
    char variant[48], setup[24], options[96], titans[160];
    double clock_base, clock_inc;
} GameChoice;

/* The argument of SCR_DRILL: the variant (empty: the game's, else
 * titan-chess), the material such as "KR" (empty: a menu of those that
 * force mate), and the seed of the start position (0: a new one). */
typedef struct {
    char variant[48], material[8];
    long long seed;
} DrillChoice;

/* The argument of SCR_PUZZLE: the variant's name, a NUL-terminated string
 * (empty: the first seed variant that has puzzles). */

/* The argument of SCR_DIALOG (made by screen_ask_*): a question drawn
 * over the screen below, which keeps its tick while the player answers. */
enum { DLG_PROMPT, DLG_CONFIRM, DLG_MENU, DLG_HELP };
#define DLG_TEXT_MAX 512
#define DLG_ITEMS_MAX 12800  /* UI_MENU_MAX items of 200 bytes: the variant picker's */
typedef struct {
    int kind;                 /* DLG_* */
    int tag;                  /* the asker's: what the answer is for */
    char title[1400];         /* the question, the prompt or the menu's title */
    char text[DLG_TEXT_MAX];  /* the prompt's line as it opens */
    int len;                  /* the prompt's longest line + 1 */
    int n;                    /* menu items */
    int cur;                  /* the menu's current item as it opens */
    bool type_ahead;          /* a letter moves to the next item starting with it */
    char keys[UI_MENU_MAX + 1]; /* each item's key; empty: 1-9 */
    Ui *of;                   /* the help page: whose (NULL: app) */
    char items[DLG_ITEMS_MAX];/* the menu's items, each ended by a NUL */
} DialogArg;

/* What a screen hands back to the one below it when it pops. */
typedef struct {
    bool chosen;          /* it ended with a choice (the start screen: play this game;
                           * a dialog: yes, an item, or a line entered) */
    GameChoice game;
    int tag;              /* a dialog's: the asker's tag */
    int choice;           /* a menu's item, MENU_CANCEL when none */
    char text[DLG_TEXT_MAX]; /* a prompt's line */
} ScreenResult;

/* app is the game in progress, shared by all screens; self is what open
 * stored for this screen (NULL if it keeps nothing).  Only open and draw
 * are required. */
typedef struct Screen {
    const char *name;
    /* Drawn over the screen below, which is drawn first and keeps its tick
     * (the clock, the computer's move) while this one is on top. */
    bool overlay;
    /* On push, with a copy of the pusher's argument (NULL if none) that
     * lives only during the call.  Returns false when the screen cannot
     * open (it says why in app's message); it is then not pushed. */
    bool (*open)(Ui *app, const void *arg, void **self);
    void (*draw)(Ui *app, void *self);
    void (*key)(Ui *app, void *self, int key);    /* one key or mouse event */
    void (*tick)(Ui *app, void *self);            /* each loop round, while on top */
    /* The screen above, `from`, popped with r (NULL when it had nothing). */
    void (*resume)(Ui *app, void *self, ScreenId from, const ScreenResult *r);
    /* A screen that is no overlay was pushed over this one: until its
     * resume it is neither drawn nor ticked, so what it runs on its own
     * (the live analysis's search) should pause. */
    void (*covered)(Ui *app, void *self);
    void (*close)(Ui *app, void *self);           /* on pop */
} Screen;

/* Requests from a screen take effect once its handler has returned (at
 * once when made outside any handler), in the order they were made.  The
 * argument (len bytes, at most SCREEN_ARG_MAX) and the result are copied,
 * so they may live on the caller's stack. */
#define SCREEN_ARG_MAX 16384
void screen_push(ScreenId id, const void *arg, size_t len);
/* Pops the top screen; the one below gets r through its resume. */
void screen_pop(const ScreenResult *r);
/* Pops the top screen and pushes id in its place; nothing is resumed. */
void screen_replace(ScreenId id, const void *arg, size_t len);
void screen_quit(void);                      /* ends the event loop */

/* Dialogs: SCR_DIALOG pushed over the asking screen, whose resume gets the
 * answer with tag (from SCR_DIALOG; NULL when it was closed unanswered by
 * a screen_pop of the asker's own, e.g. its game ended).  A prompt of at
 * most len - 1 bytes starting with text; yes or no (y and n answer); a
 * menu of n items; the help page of the Ui of (NULL: app), which must
 * live while the page is open, closed by a key.  false
 * (nothing pushed) when the texts do not fit. */
bool screen_ask_line(int tag, const char *question, const char *text, int len);
bool screen_ask_yes(int tag, const char *question);
bool screen_ask_menu(int tag, const char *title, const char *const *items, int n);
/* A menu as screen_ask_menu's with its current item first at cur, each
 * item's key from keys (NULL: 1-9) and, with type_ahead, a letter moving
 * to the next item that starts with it (j, k and q keep their keys). */
typedef struct {
    int cur;
    const char *keys;
    bool type_ahead;
} MenuLook;
bool screen_ask_menu_as(int tag, const char *title, const char *const *items, int n, const MenuLook *look);
bool screen_ask_help(int tag, Ui *of);

/* ---- used by ui_main.c (and the tests) ---- */
/* Empties the stack (closing what is open), makes app the shared state and
 * screens[id] the screen each id opens. */
void screen_stack_reset(Ui *app, const Screen *const screens[SCR_COUNT]);
/* Runs the event loop until the stack is empty, a quit or a signal. */
void screen_run(void);
void screen_draw(void);
void screen_key(int key);
void screen_tick(void);
int screen_depth(void);
ScreenId screen_top(void);                   /* SCR_COUNT when empty */
bool screen_quit_requested(void);
/* What the last screen to pop handed back (chosen false if nothing). */
const ScreenResult *screen_last_result(void);

#endif
