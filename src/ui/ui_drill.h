/* The checkmate drill screen: king and pieces against a bare king from a
 * random start that the endgame tables say is a forced mate; the computer
 * defends from the tables, the player mates, and the screen compares the
 * moves used with the shortest mate.  Besides its own module, only the
 * registry in ui_main.c includes this header; other screens push it by
 * its ScreenId (SCR_DRILL) with a DrillChoice (ui_screen.h). */
#ifndef NC_UI_DRILL_H
#define NC_UI_DRILL_H

#include "ui_screen.h"

extern const Screen ui_drill_screen;

/* Before the terminal is taken over: loads or builds the table the choice
 * needs (the progress line on stderr).  Returns 0, or -1 with a message. */
int ui_drill_prepare(const char *data_dir, const DrillChoice *c, char *err, int errlen);

#endif
