/* The files' part of the Ui state: the file last saved or loaded (the
 * save and open prompts offer it), what a loaded game keeps of its file
 * (tags, comments, where the game stands in it: ui_pgn_origin.c), so that
 * a save replaces only that game, and the file the player last saved a
 * whole game to; and the functions of the modules that keep it: PGN
 * saving (ui_pgn.c) and loading (ui_pgn_load.c), paths and atomic writes
 * (ui_files.c), the loaded file's origin (ui_pgn_origin.c). */
#ifndef NC_UI_FILE_STATE_H
#define NC_UI_FILE_STATE_H

#include "rules/rules.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

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

/* Defined in ui_internal.h, which includes this header. */
typedef struct Ui Ui;

/* ui_pgn.c */
int ui_pgn_write(const Ui *u, FILE *f);
int ui_pgn_save(Ui *u, const char *path, char *err, int errlen);
bool ui_pgn_at_setup(const Ui *u);  /* the game began at the variant's setup */
/* The player's name the loaded game's tags give side; NULL none. */
const char *ui_player_tag(const Ui *u, int side);

/* ui_pgn_load.c */
/* Loads a PGN file into a new game in u (u->data_dir must be set).
 * On failure u is unchanged and err says what is wrong. */
int ui_pgn_load(Ui *u, const char *path, char *err, int errlen);
int ui_pgn_load_text(Ui *u, const char *text, const char *name, char *err, int errlen);

/* ui_files.c */
/* path's contents replaced by data: all or nothing; -1 with the reason. */
int ui_atomic_write(const char *path, const char *data, size_t len, char *err, int errlen);
/* A path typed at the save and open prompts with a leading "~" or "~NAME"
 * made the home directory it names; -1 when there is no such home or the
 * result does not fit. */
int ui_expand_path(const char *typed, char *out, int len);

/* ui_pgn_origin.c */
void ui_origin_free(UiOrigin *o);
int ui_origin_add_tag(UiOrigin *o, const char *name, const char *value);
/* The loaded tag's value; NULL when the game had none. */
const char *ui_origin_tag(const UiOrigin *o, const char *name);
/* A comment read after ply plies; clocks: its [%clk] is left out. */
int ui_origin_add_note(UiOrigin *o, const char *text, size_t len, int ply, bool clocks);
int ui_origin_add_nag(UiOrigin *o, const char *nag, int ply);
int ui_origin_set_moves(UiOrigin *o, const Move *moves, int nply);
/* The file's text up to end, where the game's text ended. */
int ui_origin_set_text(UiOrigin *o, const char *text, const char *end);
/* The loaded comments after ply (0-based; -1 before the first move)
 * while the game still begins with the loaded moves; NULL none. */
const char *ui_origin_note(const Ui *u, int ply);
/* The same for the loaded NAGs ("$1 $14"). */
const char *ui_origin_nags(const Ui *u, int ply);
void ui_origin_real_path(const char *path, char *real);
/* Writes game (a whole PGN game, len bytes) to path: into the file the
 * game was loaded from, in place of that game only (refused when the
 * file changed since); elsewhere, as the whole file. */
int ui_origin_write(Ui *u, const char *path, const char *game, size_t len, char *err, int errlen);
/* 1 and the question to ask when saving to path would replace a file
 * this program did not write; 0 when it may be written. */
int ui_pgn_save_question(const Ui *u, const char *path, char *question, int qlen);
/* A name beside path that no file has yet ("game-2.pgn"). */
void ui_pgn_other_name(const char *path, char *out, int len);

#endif
