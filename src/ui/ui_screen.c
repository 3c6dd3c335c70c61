/* The stack of screens and the event loop that drives its top (and the
 * screen under a dialog): the program's only getch loop, and the dialogs'
 * arguments made.  It knows no screen by name:
 * ui_main.c hands it the registry, so that no screen module and this one
 * include each other.  It draws nothing itself and keeps no game state;
 * that belongs to the screens and to app. */
#include "ui_screen.h"

#include <assert.h>
#include <curses.h>
#include <stdio.h>
#include <string.h>

static const Screen *const *registry;

#define MAX_DEPTH 8
#define MAX_REQUESTS 8

typedef struct {
    ScreenId id;
    void *self;
} Entry;

enum { REQ_PUSH, REQ_POP, REQ_REPLACE };

typedef struct {
    int kind;
    ScreenId id;
    unsigned char arg[SCREEN_ARG_MAX];
    size_t arglen;
    bool has_result;
    ScreenResult result;
} Request;

static Ui *app;
static Entry stack[MAX_DEPTH];
static int depth;
static Request queue[MAX_REQUESTS];
static int nqueued;
static int handlers;          /* screen handlers running now (nesting) */
static bool quit;
static ScreenResult last;

static void open_screen(ScreenId id, const void *arg)
{
    /* Screens push at most three deep; more is a programming error. */
    assert(depth < MAX_DEPTH && id < SCR_COUNT && registry[id]);
    if (depth >= MAX_DEPTH || id >= SCR_COUNT)
        return;
    void *self = NULL;
    handlers++;
    bool ok = registry[id]->open(app, arg, &self);
    handlers--;
    if (!ok)
        return;
    stack[depth].id = id;
    stack[depth].self = self;
    depth++;
    const Screen *below = depth > 1 ? registry[stack[depth - 2].id] : NULL;
    if (below && below->covered && !registry[id]->overlay) {
        handlers++;
        below->covered(app, stack[depth - 2].self);
        handlers--;
    }
}

static void close_top(void)
{
    Entry e = stack[--depth];
    const Screen *s = registry[e.id];
    if (s->close) {
        handlers++;
        s->close(app, e.self);
        handlers--;
    }
}

static void pop_screen(const Request *rq)
{
    if (depth == 0)
        return;
    ScreenId from = stack[depth - 1].id;
    close_top();
    memset(&last, 0, sizeof last);
    if (rq->has_result)
        last = rq->result;
    if (depth == 0 || rq->kind == REQ_REPLACE)
        return;
    const Screen *below = registry[stack[depth - 1].id];
    if (below->resume) {
        handlers++;
        below->resume(app, stack[depth - 1].self, from, rq->has_result ? &rq->result : NULL);
        handlers--;
    }
}

/* Requests made while applying one (an open that pushes, a resume that
 * pops) join the queue and are applied in turn. */
static void apply_requests(void)
{
    if (handlers)
        return;
    for (int i = 0; i < nqueued; i++) {
        Request *rq = &queue[i];
        if (rq->kind == REQ_POP || rq->kind == REQ_REPLACE)
            pop_screen(rq);
        if (rq->kind == REQ_PUSH || rq->kind == REQ_REPLACE)
            open_screen(rq->id, rq->arglen ? rq->arg : NULL);
    }
    nqueued = 0;
}

/* A request that cannot be kept (queue full, argument too large) is
 * dropped: a programming error that shows as a screen that does not open. */
static void request(int kind, ScreenId id, const void *arg, size_t len, const ScreenResult *r)
{
    if (nqueued >= MAX_REQUESTS || len > SCREEN_ARG_MAX || (len && !arg))
        return;
    Request *rq = &queue[nqueued++];
    memset(rq, 0, sizeof *rq);
    rq->kind = kind;
    rq->id = id;
    if (len)
        memcpy(rq->arg, arg, len);
    rq->arglen = len;
    if (r) {
        rq->has_result = true;
        rq->result = *r;
    }
    apply_requests();
}

void screen_push(ScreenId id, const void *arg, size_t len)
{
    request(REQ_PUSH, id, arg, len, NULL);
}

void screen_pop(const ScreenResult *r)
{
    request(REQ_POP, SCR_COUNT, NULL, 0, r);
}

void screen_replace(ScreenId id, const void *arg, size_t len)
{
    request(REQ_REPLACE, id, arg, len, NULL);
}

void screen_quit(void)
{
    quit = true;
}

void screen_stack_reset(Ui *a, const Screen *const screens[SCR_COUNT])
{
    nqueued = 0;
    while (depth > 0)
        close_top();
    app = a;
    registry = screens;
    quit = false;
    memset(&last, 0, sizeof last);
}

/* The lowest screen shown: the top, or the one the overlays above sit on. */
static int shown_base(void)
{
    int b = depth - 1;
    while (b > 0 && registry[stack[b].id]->overlay)
        b--;
    return b;
}

/* The screens' draws refresh stdscr's copy only (wnoutrefresh), so that a
 * dialog over a screen reaches the terminal once, not drawn and rubbed
 * out every round. */
void screen_draw(void)
{
    if (depth == 0)
        return;
    handlers++;
    for (int i = shown_base(); i < depth; i++)
        registry[stack[i].id]->draw(app, stack[i].self);
    handlers--;
    doupdate();
}

void screen_key(int key)
{
    if (depth == 0)
        return;
    Entry *e = &stack[depth - 1];
    if (registry[e->id]->key) {
        handlers++;
        registry[e->id]->key(app, e->self, key);
        handlers--;
    }
    apply_requests();
}

/* Under a dialog the screen below ticks first: its clock runs, and it may
 * close the dialog (screen_pop) when its game ends. */
void screen_tick(void)
{
    if (depth == 0)
        return;
    handlers++;
    for (int i = shown_base(); i < depth; i++)
        if (registry[stack[i].id]->tick)
            registry[stack[i].id]->tick(app, stack[i].self);
    handlers--;
    apply_requests();
}

void screen_run(void)
{
    while (depth > 0 && !quit && !ui_signal_caught) {
        screen_tick();
        if (depth == 0 || quit)
            break;
        screen_draw();
        int k = ui_getch();
        if (k != ERR)
            screen_key(k);
    }
}

int screen_depth(void)
{
    return depth;
}

ScreenId screen_top(void)
{
    return depth ? stack[depth - 1].id : SCR_COUNT;
}

bool screen_quit_requested(void)
{
    return quit;
}

const ScreenResult *screen_last_result(void)
{
    return &last;
}

_Static_assert(sizeof(DialogArg) <= SCREEN_ARG_MAX, "a dialog's argument fits a request");

static bool ask(const DialogArg *a)
{
    if (nqueued >= MAX_REQUESTS)
        return false;
    screen_push(SCR_DIALOG, a, sizeof *a);
    return true;
}

bool screen_ask_line(int tag, const char *question, const char *text, int len)
{
    static DialogArg a;
    memset(&a, 0, sizeof a);
    if (strlen(question) >= sizeof a.title || len < 1 || len > DLG_TEXT_MAX || (int)strlen(text) >= len)
        return false;
    a.kind = DLG_PROMPT;
    a.tag = tag;
    a.len = len;
    snprintf(a.title, sizeof a.title, "%s", question);
    snprintf(a.text, sizeof a.text, "%s", text);
    return ask(&a);
}

bool screen_ask_yes(int tag, const char *question)
{
    static DialogArg a;
    memset(&a, 0, sizeof a);
    if (strlen(question) >= sizeof a.title)
        return false;
    a.kind = DLG_CONFIRM;
    a.tag = tag;
    snprintf(a.title, sizeof a.title, "%s", question);
    return ask(&a);
}

bool screen_ask_menu(int tag, const char *title, const char *const *items, int n)
{
    MenuLook look = {0, NULL, false};
    return screen_ask_menu_as(tag, title, items, n, &look);
}

bool screen_ask_menu_as(int tag, const char *title, const char *const *items, int n, const MenuLook *look)
{
    static DialogArg a;
    memset(&a, 0, sizeof a);
    if (strlen(title) >= sizeof a.title || n < 1 || n > UI_MENU_MAX ||
        (look->keys && strlen(look->keys) >= sizeof a.keys))
        return false;
    a.kind = DLG_MENU;
    a.tag = tag;
    a.n = n;
    a.cur = look->cur >= 0 && look->cur < n ? look->cur : 0;
    a.type_ahead = look->type_ahead;
    snprintf(a.keys, sizeof a.keys, "%s", look->keys ? look->keys : "");
    snprintf(a.title, sizeof a.title, "%s", title);
    size_t at = 0;
    for (int i = 0; i < n; i++) {
        size_t l = strlen(items[i]) + 1;
        if (at + l > sizeof a.items)
            return false;
        memcpy(a.items + at, items[i], l);
        at += l;
    }
    return ask(&a);
}

bool screen_ask_help(int tag, Ui *of)
{
    static DialogArg a;
    memset(&a, 0, sizeof a);
    a.kind = DLG_HELP;
    a.tag = tag;
    a.of = of;
    return ask(&a);
}
