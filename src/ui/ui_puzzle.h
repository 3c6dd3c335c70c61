/* The puzzle screen (issue 38): a shipped puzzle's position, the player's
 * moves judged against its solution, the defence played by the screen,
 * the solution shown after a wrong move; the player's puzzle rating and
 * streak (ui_puzzle_record.h).  Besides its own module only the registry
 * in ui_main.c includes this header; other screens push it by its
 * ScreenId (SCR_PUZZLE) with the variant's name (ui_screen.h). */
#ifndef NC_UI_PUZZLE_H
#define NC_UI_PUZZLE_H

#include "ui_screen.h"

extern const Screen ui_puzzle_screen;

#endif
