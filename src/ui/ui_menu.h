/* What every dialog is made of, one key at a time: the menu, yes/no, the
 * line prompt and the help page (ui_widgets.c), and the reading of keys
 * and mouse events with the quitting signal's flag (ui_keys.c).  None of
 * them reads keys in a loop of its own: the stack's loop (ui_screen.c)
 * does. */
#ifndef NC_UI_MENU_H
#define NC_UI_MENU_H

#include <curses.h>
#include <signal.h>
#include <stdbool.h>

/* Defined in ui_internal.h, which includes this header. */
typedef struct Ui Ui;

/* ui_widgets.c */
/* Where a line of text wider than w is broken: at its last blank that
 * leaves something on the line, else at w.  Returns the bytes shown. */
int ui_line_break(const char *s, int w);
/* A menu of labels; ui_menu_key gives the chosen index, MENU_CANCEL, or
 * MENU_OPEN while the menu stays open.  ui_menu_draw records the geometry
 * that clicks are matched against. */
enum { MENU_OPEN = -2, MENU_CANCEL = -1 };
#define UI_MENU_MAX 64
typedef struct {
    const char *title;
    const char *const *items;
    int n, cur;
    int top, left, width;  /* where it was last drawn */
    const char *keys;      /* the key of each item; NULL: 1-9 */
    /* Screen row of each item's first line and its line count as last
     * drawn (long items and titles wrap at word boundaries); -1: not shown. */
    int item_y[UI_MENU_MAX], item_h[UI_MENU_MAX];
} UiMenu;
void ui_menu_draw(UiMenu *m);
int ui_menu_key(UiMenu *m, int key);
/* The same, but a letter moves to the next item that starts with it (j,
 * k, q keep their keys; their capitals jump). */
int ui_menu_typed_key(UiMenu *m, int key);
/* One key at a time: the yes/no menu m (items "Yes (y)", "No (n)") gives 1
 * yes, 0 no, MENU_OPEN while open; the prompt's line buf (at most len - 1
 * bytes) gives 1 entered, -1 cancelled, 0 while open. */
int ui_confirm_key(UiMenu *m, int key);
/* The help page: the screen's keys (ui_help_keys.c), the board's marks,
 * the config file, the variant's pieces; built once, drawn from line
 * first; ui_help_key turns the page and is true when the key closes it. */
#define UI_HELP_MAX 128
typedef struct {
    char lines[UI_HELP_MAX][720];
    int n, first;
} UiHelp;
void ui_help_build(Ui *u, UiHelp *h);
void ui_help_draw(UiHelp *h);
bool ui_help_key(UiHelp *h, int key);
void ui_prompt_draw(const char *question, const char *buf);
int ui_prompt_key(char *buf, int len, int key);

/* ui_keys.c */
/* getch for every screen: a lone release of button 1 (asked for only so
 * that getch keeps its timeout, ui_main.c) reads as ERR, no key. */
int ui_getch(void);
/* The event of the KEY_MOUSE ui_getch last gave; false when none. */
bool ui_mouse_event(MEVENT *ev);

/* The quitting signal caught (set by ui_main.c's handler); 0 for none. */
extern volatile sig_atomic_t ui_signal_caught;

#endif
