/* The autosave's part of the Ui state: the game's own file in the state
 * directory and its lock, the count of changes that tells when a save is
 * due (bumped by every change of the game), and a failed save with its
 * reason and the time to try again.  ui_autosave.c keeps it; resuming a
 * saved game (ui_saved_games.c) and loading one (ui_pgn_load.c) set it.
 * Declares the functions of ui_autosave.c and ui_saved_games.c. */
#ifndef NC_UI_SAVE_STATE_H
#define NC_UI_SAVE_STATE_H

#include <stdbool.h>
#include <stddef.h>

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

/* Defined in ui_internal.h, which includes this header. */
typedef struct Ui Ui;

/* ui_autosave.c */
/* $XDG_STATE_HOME/ninjachess[/sub] (or ~/.local/state/...), made when
 * create is set; -1 with the reason in err. */
int ui_state_dir(char *buf, int len, const char *sub, bool create, char *err, int errlen);
/* The single autosave.pgn of earlier versions (read once, then moved). */
int ui_autosave_path(char *buf, int len, bool create_dir);
/* Saves the game to its own file if it changed since the last save;
 * -1 when it could not be (save_err and the message say why). */
int ui_autosave(Ui *u);
/* After each key and tick: saves a change, retries a failed save now
 * and then, and keeps the failure on the message line. */
void ui_autosave_tick(Ui *u);
/* The game is being replaced or the program ends: a finished game's file
 * moves to games/finished/, the lock is given up. */
void ui_autosave_leave(Ui *u);
/* A game file's lock: DIR/NAME.lock beside DIR/NAME.pgn.  Taking it gives
 * its descriptor, or -1 with errno EWOULDBLOCK when another instance has
 * it; dropping it (lock: descriptor + 1, 0 none) removes the file. */
void ui_lock_path_of(const char *game, char *buf, size_t len);
int ui_lock_take(const char *path, bool excl);
void ui_lock_drop(const char *game, int *lock);
/* games/finished/NAME; a file that cannot move stays where it is. */
void ui_move_to_finished(const char *path);

/* ui_saved_games.c */
/* A saved game that may be resumed; its lock is held while offered. */
typedef struct {
    char path[1100];
    int lock;             /* descriptor + 1; 0 none */
    long mtime;
    int plies;
    char title[64], when[32];
} SavedGame;
/* The unfinished saved games no running instance holds, the most recent
 * first; with match, only those of u's variant, setup, options and
 * Titans begun at the setup.  A file that cannot be read is put aside as
 * NAME.damaged and told in note. */
int ui_saved_games(const Ui *u, bool match, SavedGame *out, int max, char *note, int notelen);
void ui_saved_game_release(SavedGame *g);
/* Loads g into u, which then keeps saving to g's file. */
int ui_saved_game_resume(Ui *u, SavedGame *g, char *err, int errlen);

#endif
