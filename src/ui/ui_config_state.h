/* The config file's settings in the Ui state (Ui.cfg): colours, glyphs,
 * level, threads, time control, bell, analysis against the computer and
 * keys, and what reads them and answers from them (ui_config.c). */
#ifndef NC_UI_CONFIG_STATE_H
#define NC_UI_CONFIG_STATE_H

#include "ui_look_state.h"

#include <stdbool.h>

/* A time control, as the config file (and later the command line) gives
 * it: base time and increment, and the text it was written as. */
typedef struct {
    bool set;
    int base_seconds;
    int increment_seconds;
    char text[32];
} UiTimeControl;

enum { UI_GLYPHS_DEFAULT, UI_GLYPHS_ASCII, UI_GLYPHS_UNICODE };
#define UI_MAX_KEYS 32

/* The settings of the config file (ui_config.c); all zero: none. */
typedef struct {
    short bg256[BG_COUNT];
    bool bg_set[BG_COUNT];
    short piece256[2];
    bool piece_set[2];
    int glyphs;              /* UI_GLYPHS_* */
    int level;               /* 0: not set */
    int threads;             /* search threads; 0: not set */
    UiTimeControl time;
    int bell;                /* 1 on, -1 off; 0 not set: on */
    int analysis;            /* analysis against the computer: 1 on, -1 off; 0 not set: off */
    int keys[UI_MAX_KEYS];   /* per action: the key the file gives it, 0 none */
    char path[600];
} UiConfig;

/* Defined in ui_internal.h, which includes this header. */
typedef struct Ui Ui;

/* ui_config.c */
/* Reads the config file if there is one; -1 with "FILE:LINE: reason"
 * (a line for each wrong line of the file). */
int ui_config_load(UiConfig *c, char *err, int errlen);
/* Parses config text; name is the file name used in messages.  Every
 * wrong line is told, one "FILE:LINE: reason" a line of err. */
int ui_config_parse(UiConfig *c, const char *text, const char *name, char *err, int errlen);
/* $XDG_CONFIG_HOME/ninjachess/config or ~/.config/ninjachess/config. */
int ui_config_path(char *buf, int len);
/* "MINUTES[:SS][+SECONDS]" into tc; -1 with the reason. */
int ui_time_control_parse(const char *s, UiTimeControl *tc, char *err, int errlen);
/* The key as the game screen's defaults know it: a key the file gave to
 * an action becomes that action's default key. */
int ui_config_key(const UiConfig *c, int key);
/* The key of a named action (key.NAME): the file's, else the default; -1
 * for no such action.  ui_config_action_name(i) names them, NULL past the
 * last. */
int ui_config_action_key(const UiConfig *c, const char *action);
const char *ui_config_action_name(int i);
/* The terminal's bell (its flash when it has none), unless the config
 * turned it off: the computer moved, a clock runs low. */
void ui_bell(const Ui *u);

#endif
