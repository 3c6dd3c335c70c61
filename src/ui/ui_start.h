/* The start screen, where the game is chosen; it pops with the choice.
 * Besides its own module, only the registry in ui_main.c includes this
 * header; other screens reach this one by its ScreenId. */
#ifndef NC_UI_START_H
#define NC_UI_START_H

#include "ui_screen.h"

extern const Screen ui_start_screen;

#endif
