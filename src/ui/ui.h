/* The curses game screen, seen from the rest of the program: one call.
 * Everything else of src/ui stays inside src/ui. */
#ifndef NC_UI_H
#define NC_UI_H

#include "options.h"

/* Runs the game screen until the player quits; returns the exit status. */
int ui_main(const Options *opt);

#endif
