/* The tutorial screen: a sandbox of the variant; the game stays untouched.
 * Besides its own module, only the registry in ui_main.c includes this
 * header; other screens reach this one by its ScreenId. */
#ifndef NC_UI_TUTORIAL_H
#define NC_UI_TUTORIAL_H

#include "ui_screen.h"

extern const Screen ui_tutorial_screen;

#endif
