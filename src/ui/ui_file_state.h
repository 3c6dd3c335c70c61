/* The files' part of the Ui state: the file last saved or loaded (the
 * save and open prompts offer it), what a loaded game keeps of its file
 * (tags, comments, where the game stands in it: ui_pgn_origin.c), so that
 * a save replaces only that game, and the file the player last saved a
 * whole game to.  ui_pgn.c, ui_pgn_load.c and the game screen use it. */
#ifndef NC_UI_FILE_STATE_H
#define NC_UI_FILE_STATE_H

#include "rules/rules.h"

#include <stdbool.h>
#include <stddef.h>

/* A loaded game's tag and comment (ui_pgn_origin.c). */
typedef struct {
    char name[32];
    char *value;
} UiTag;
typedef struct {
    int ply;              /* the plies it follows */
    char *text;
} UiNote;
/* What a loaded game keeps of its file; all zero: a game of our own. */
typedef struct {
    UiTag *tags;          /* every tag, in the file's order */
    int ntags;
    UiNote *notes;        /* its comments, [%clk] left out when it has clocks */
    int nnotes;
    UiNote *nags;         /* its NAGs ("$1") */
    int nnags;
    Move *moves;          /* the moves loaded: notes hold while the game begins with them */
    int nply;
    char path[4096];      /* the file's real path; empty: not from a file */
    char *head;           /* the file's bytes up to the game's end, as loaded or last saved */
    size_t head_len, game_start; /* where the game's text begins in them */
    bool agreed;          /* the player let this game replace itself in its file */
    char *scratch;        /* the last note handed out */
    size_t scratch_cap;
    bool nomem;           /* a note could not be handed out: the write fails */
} UiOrigin;

typedef struct {
    char save_path[512];  /* last file saved or loaded */
    UiOrigin origin;      /* the loaded game's file, tags and comments */
    char written[4096];   /* real path of the file the player last saved a whole game to */
} UiFiles;

#endif
