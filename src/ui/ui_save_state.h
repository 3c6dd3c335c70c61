/* The autosave's part of the Ui state: the game's own file in the state
 * directory and its lock, the count of changes that tells when a save is
 * due (bumped by every change of the game), and a failed save with its
 * reason and the time to try again.  ui_autosave.c keeps it; resuming a
 * saved game (ui_saved_games.c) and loading one (ui_pgn_load.c) set it. */
#ifndef NC_UI_SAVE_STATE_H
#define NC_UI_SAVE_STATE_H

#include <stdbool.h>

/* Empty game_file until the first change is saved.  All zero: no file,
 * no lock. */
typedef struct {
    char game_file[1100];
    int game_lock;        /* descriptor of its lock + 1; 0 none */
    bool game_created;    /* this process made game_file */
    unsigned changes;     /* bumped by every change of the game */
    unsigned saved_changes, failed_changes;
    bool save_failed;     /* the last save failed: save_err says why */
    char save_err[700];
    long save_retry;      /* when to try again without a new change */
} UiSave;

#endif
