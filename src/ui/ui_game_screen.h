/* The game screen: the game in progress on the board, its keys and clicks.
 * Besides its own module, only the registry in ui_main.c includes this
 * header; other screens reach this one by its ScreenId. */
#ifndef NC_UI_GAME_SCREEN_H
#define NC_UI_GAME_SCREEN_H

#include "ui_screen.h"

extern const Screen ui_game_screen;

#endif
