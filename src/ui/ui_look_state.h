/* The board's look in the Ui state: which glyphs and colours the
 * terminal gets, which side is at the bottom, and the layout of the
 * screen as last drawn (where the board, the panel, the hands and the
 * move list are, for clicks).  Set up by ui_main.c and ui_board.c
 * (ui_colours_init, ui_layout); every screen draws with it, through the
 * functions of ui_board.c and ui_glyphs.c declared here. */
#ifndef NC_UI_LOOK_STATE_H
#define NC_UI_LOOK_STATE_H

#include "rules/rules.h"

#include <stdbool.h>

/* Square backgrounds, one colour pair per (background, foreground). */
enum {
    BG_LIGHT, BG_DARK,
    BG_QUIET, BG_CAPTURE, BG_REMOVED, BG_PUSH, BG_PROMO, BG_CASTLE,
    BG_LAST_LIGHT, BG_LAST_DARK, BG_CHECK, BG_SELECTED,
    BG_FLYOVER, BG_LAST_GONE, BG_LAST_PUSHED, BG_HINT,
    BG_COUNT
};
enum { FG_WHITE, FG_BLACK, FG_MARK, FG_COUNT };
/* Pairs for the panel after the square pairs. */
enum { PAIR_TITLE = 1 + BG_COUNT * FG_COUNT, PAIR_ERROR, PAIR_GOOD, PAIR_DIM };

typedef struct {
    bool too_small;
    int need_w, need_h;
    int cw, ch;            /* cell size */
    int bx, by;            /* screen position of the board's top-left cell */
    int lw;                /* width of the rank-label column */
    int px, py, pw, ph;    /* side panel */
    int msg_y, hint_y;     /* message and key-hint lines */
    int hand_y[2];         /* panel rows of the hands (for clicks) */
    int hand_x0[2][NC_MAX_TYPES], hand_x1[2][NC_MAX_TYPES];
    int list_y, list_rows, list_first; /* the move list's rows (for clicks) */
    bool list_two;                     /* two plies a row */
    int list_x[2];                     /* columns of White's and Black's moves */
} Layout;

typedef struct {
    bool flipped, ascii, utf8;
    int colours;          /* 0 monochrome, 8, 256 */
    Layout lay;
} UiLook;

/* Defined in ui_internal.h, which includes this header. */
typedef struct Ui Ui;

/* ui_board.c */
void ui_colours_init(Ui *u);
short ui_default_bg256(int bg);  /* the built-in palette entry of a background */
/* The 256-colour palette entry of a square background or a side's pieces:
 * the config file's, else the built-in one. */
short ui_bg256(const Ui *u, int bg);
short ui_piece256(const Ui *u, int colour);
void ui_layout(Ui *u, int rows, int cols);
/* Draws into curses' virtual screen (wnoutrefresh); the caller updates
 * the terminal (doupdate, as screen_draw does, or a refresh of its own). */
void ui_draw(Ui *u);
void ui_square_cell(const Ui *u, int sq, int *y, int *x);
int ui_square_at(const Ui *u, int y, int x);
int ui_square_pair(const Ui *u, int sq);    /* colour pair used for a square */
void ui_draw_too_small(const Ui *u, int rows, int cols);

/* ui_glyphs.c */
/* The text drawn for a piece code (UTF-8 glyph or letter; buf holds 2). */
const char *ui_piece_str(const Ui *u, int code, char *buf);

#endif
