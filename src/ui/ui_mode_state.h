/* The part of the Ui state that the tutorial, its lessons and the drill
 * set on the board they share with the game: the tutorial's sandbox,
 * whose keys the help and the key line tell, the panel's names of the
 * players, and the piece type explained. */
#ifndef NC_UI_MODE_STATE_H
#define NC_UI_MODE_STATE_H

#include <stdbool.h>

/* Whose keys the help and the key line tell (UiMode.keys_of); a tutorial
 * sandbox (UiMode.tutorial) tells the tutorial's. */
enum { UI_KEYS_GAME, UI_KEYS_TUTORIAL, UI_KEYS_DRILL };

typedef struct {
    bool tutorial;        /* sandbox: any piece may be placed and moved */
    int keys_of;          /* whose keys the help and key line tell: UI_KEYS_* */
    const char *player_text[2]; /* the panel's name of a player, NULL: its kind */
    int tut_type;         /* piece type the tutorial explains, -1 none */
} UiMode;

#endif
