/* Every screen's key reading: getch, keeping the last mouse event read,
 * and the flag a quitting signal sets (its handler is ui_main.c's), on
 * which the event loop stops. */
#include "ui_internal.h"

#include <curses.h>

volatile sig_atomic_t ui_signal_caught;

static MEVENT mouse_pending;
static bool mouse_have;

int ui_getch(void)
{
    int k = getch();
    if (k != KEY_MOUSE)
        return k;
    MEVENT ev;
    if (getmouse(&ev) != OK)
        return ERR;
    /* A release is read only so that getch keeps its timeout (ui_main.c);
     * it is no key, so it neither acts nor clears a message. */
    if ((ev.bstate & BUTTON1_RELEASED) && !(ev.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED)))
        return ERR;
    mouse_pending = ev;
    mouse_have = true;
    return KEY_MOUSE;
}

bool ui_mouse_event(MEVENT *ev)
{
    if (!mouse_have)
        return false;
    *ev = mouse_pending;
    mouse_have = false;
    return true;
}
