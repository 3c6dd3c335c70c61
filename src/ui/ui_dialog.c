/* The dialog screen: the move prompt, a yes/no question, a menu or the
 * help page as a state of the one event loop, as ncdu's quit question is.
 * It is an overlay: the stack draws the asking screen first and keeps its tick
 * running (the clock, the computer's move) while the player answers; the
 * answer goes back through the asker's resume with the asker's tag (or,
 * asked with no screen below, as the offer of saved games at start-up is,
 * through screen_last_result).  It draws and reads keys through
 * ui_widgets.c, so every dialog looks and answers alike. */
#include "ui_dialog.h"

#include <curses.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    DialogArg a;
    const char *items[UI_MENU_MAX];
    UiMenu m;
    UiHelp *help;           /* DLG_HELP: the page, built at open */
} Dialog;

static const char *const yes_no[] = {"Yes (y)", "No (n)"};

static bool dialog_open(Ui *u, const void *arg, void **self)
{
    (void)u;
    if (!arg)
        return false;
    Dialog *d = calloc(1, sizeof *d);
    if (!d) {
        ui_msg(u, true, "Out of memory: the question could not be asked");
        return false;
    }
    memcpy(&d->a, arg, sizeof d->a);
    d->m.title = d->a.title;
    for (int i = 0; i < UI_MENU_MAX; i++)
        d->m.item_y[i] = -1;
    if (d->a.kind == DLG_CONFIRM) {
        d->m.items = yes_no;
        d->m.n = 2;
    } else if (d->a.kind == DLG_MENU) {
        const char *p = d->a.items;
        for (int i = 0; i < d->a.n && i < UI_MENU_MAX; i++) {
            d->items[i] = p;
            p += strlen(p) + 1;
        }
        d->m.items = d->items;
        d->m.n = d->a.n;
        d->m.cur = d->a.cur;
        d->m.keys = d->a.keys[0] ? d->a.keys : NULL;
    } else if (d->a.kind == DLG_HELP) {
        d->help = malloc(sizeof *d->help);
        if (!d->help) {
            free(d);
            ui_msg(u, true, "Out of memory: the help page could not be shown");
            return false;
        }
        ui_help_build(d->a.of ? d->a.of : u, d->help);
    }
    *self = d;
    return true;
}

static void dialog_draw(Ui *u, void *self)
{
    Dialog *d = self;
    /* Alone on the stack it is drawn over the board (or the title line). */
    if (screen_depth() == 1 && d->a.kind != DLG_HELP)
        ui_draw(u);
    if (d->a.kind == DLG_PROMPT)
        ui_prompt_draw(d->a.title, d->a.text);
    else if (d->a.kind == DLG_HELP)
        ui_help_draw(d->help);
    else
        ui_menu_draw(&d->m);
}

static void answer(Dialog *d, bool chosen, int choice)
{
    ScreenResult r;
    memset(&r, 0, sizeof r);
    r.chosen = chosen;
    r.tag = d->a.tag;
    r.choice = choice;
    snprintf(r.text, sizeof r.text, "%s", d->a.text);
    screen_pop(&r);
}

/* A resize needs nothing: the loop draws the asker and the dialog again
 * at the new size each round. */
static void dialog_key(Ui *u, void *self, int k)
{
    (void)u;
    Dialog *d = self;
    if (k == KEY_RESIZE)
        return;
    if (d->a.kind == DLG_PROMPT) {
        int r = ui_prompt_key(d->a.text, d->a.len, k);
        if (r)
            answer(d, r > 0, MENU_CANCEL);
    } else if (d->a.kind == DLG_CONFIRM) {
        int r = ui_confirm_key(&d->m, k);
        if (r != MENU_OPEN)
            answer(d, r == 1, r == 1 ? 0 : 1);
    } else if (d->a.kind == DLG_HELP) {
        if (ui_help_key(d->help, k))
            answer(d, false, MENU_CANCEL);
    } else {
        int r = d->a.type_ahead ? ui_menu_typed_key(&d->m, k) : ui_menu_key(&d->m, k);
        if (r != MENU_OPEN)
            answer(d, r >= 0, r);
    }
}

static void dialog_close(Ui *u, void *self)
{
    (void)u;
    Dialog *d = self;
    free(d->help);
    free(d);
}

const Screen ui_dialog_screen = {
    .name = "dialog",
    .overlay = true,
    .open = dialog_open,
    .draw = dialog_draw,
    .key = dialog_key,
    .close = dialog_close,
};
