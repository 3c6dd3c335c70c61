/* The dialog screen: a question (prompt, yes/no, menu) over the screen
 * that asked it, opened through screen_ask_* (ui_screen.h). */
#ifndef NC_UI_DIALOG_H
#define NC_UI_DIALOG_H

#include "ui_screen.h"

extern const Screen ui_dialog_screen;

#endif
