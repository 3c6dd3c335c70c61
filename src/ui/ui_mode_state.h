/* The part of the Ui state that the tutorial, its lessons and the drill
 * set on the board they share with the game: the tutorial's sandbox,
 * whose keys the help and the key line tell, the panel's names of the
 * players, and the piece type explained; and the key lines the help and
 * the key line show for each of them (ui_help_keys.c). */
#ifndef NC_UI_MODE_STATE_H
#define NC_UI_MODE_STATE_H

#include <stdbool.h>

/* Whose keys the help and the key line tell (UiMode.keys_of); a tutorial
 * sandbox (UiMode.tutorial) tells the tutorial's. */
enum { UI_KEYS_GAME, UI_KEYS_TUTORIAL, UI_KEYS_DRILL, UI_KEYS_PUZZLE };

typedef struct {
    bool tutorial;        /* sandbox: any piece may be placed and moved */
    int keys_of;          /* whose keys the help and key line tell: UI_KEYS_* */
    const char *player_text[2]; /* the panel's name of a player, NULL: its kind */
    int tut_type;         /* piece type the tutorial explains, -1 none */
} UiMode;

/* Defined in ui_internal.h, which includes this header. */
typedef struct Ui Ui;

/* ui_help_keys.c */
#define UI_HELP_LINE 100
/* The key lines of the help page, at most max; returns how many. */
int ui_key_help(const Ui *u, char (*lines)[UI_HELP_LINE], int max);
/* The key line under the board (in_lesson: the tutorial's lesson keys). */
void ui_key_line(const Ui *u, bool in_lesson, char *out, int len);

#endif
