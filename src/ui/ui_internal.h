/* The Ui state that every screen shares and the libraries that work on
 * it.  Ui itself keeps the data directory, the message line, the config
 * and the screen's live analysis and game report (each its own module:
 * ui_analysis.h, ui_report.h); each other part has its own struct in its
 * own header, with the functions that work on that part:
 *   ui_game_state.h   Ui.game: the variant, the game's history, the
 *                     players, how it ended (ui_game.c, ui_game_new.c)
 *   ui_board_state.h  Ui.board: cursor, selection, legal moves, marks
 *                     (ui_moves.c, and ui_game.c's selecting)
 *   ui_look_state.h   Ui.look: glyphs, colours, orientation, layout
 *                     (ui_board.c, ui_glyphs.c)
 *   ui_config_state.h Ui.cfg's type: the config file (ui_config.c)
 *   ui_clock_state.h  Ui.clocks: the game's clocks, new games' time
 *                     control (ui_clock.c)
 *   ui_engine_state.h Ui.engine: the computer's search, level, hint
 *   ui_review_state.h Ui.review: the reviewed position, the move list
 *                     (ui_review.c)
 *   ui_mode_state.h   Ui.mode: the tutorial's, lessons' and drill's
 *                     settings of the board (ui_help_keys.c)
 *   ui_file_state.h   Ui.files: the files loaded and saved (ui_pgn.c,
 *                     ui_pgn_load.c, ui_files.c, ui_pgn_origin.c)
 *   ui_save_state.h   Ui.save: the autosave (ui_autosave.c,
 *                     ui_saved_games.c)
 *   ui_menu.h         no state: menus, prompts, help page and key reading
 *                     one key at a time (ui_widgets.c, ui_keys.c)
 * Declared here: the message line (ui_msg), the side panel (ui_panel.c)
 * and the material balance (ui_material.c).
 * The part headers are named apart from the modules (ui_clock.c is not
 * ui_clock_state.h) because this header, which the modules include,
 * includes them.  The screens (ui_start.c, ui_game_screen.c,
 * ui_tutorial.c, ui_drill.c, ui_puzzle.c, ui_dialog.c) follow the contract of
 * ui_screen.h and are driven by its stack (ui_screen.c); ui_main.c starts
 * it all.  Nothing here knows about any screen. */
#ifndef NC_UI_INTERNAL_H
#define NC_UI_INTERNAL_H

#include "rules/rules.h"
#include "notation/notation.h"
#include "options.h"
#include "search/search.h"
#include "ui_board_state.h"
#include "ui_clock_state.h"
#include "ui_config_state.h"
#include "ui_engine_state.h"
#include "ui_file_state.h"
#include "ui_game_state.h"
#include "ui_look_state.h"
#include "ui_menu.h"
#include "ui_mode_state.h"
#include "ui_review_state.h"
#include "ui_save_state.h"

#include <curses.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>

typedef struct Ui {
    const char *data_dir;
    UiGame game;          /* the game: variant, history, players, how it ended */
    UiBoard board;        /* the cursor, the selection, the marks on the squares */
    UiReview review;      /* the position reviewed, the move list's scroll */
    UiClocks clocks;      /* the game's clocks, the time control of new games */
    UiEngine engine;      /* the computer: its search, level, threads, hint */
    char msg[256];        /* the message line */
    bool msg_error;
    UiMode mode;          /* what the tutorial, a lesson or the drill make of the board */
    UiLook look;          /* glyphs, colours, the board's side and layout */
    UiConfig cfg;
    UiFiles files;        /* the files the game was loaded from and saved to */
    UiSave save;          /* the game's own file in the state directory (ui_autosave.c) */
    struct UiAnalysis *analysis; /* live analysis (ui_analysis.h); NULL: never turned on */
    struct UiReport *report; /* the game report (ui_report.h); NULL: none */
} Ui;

/* ui_game.c: the message line */
void ui_msg(Ui *u, bool error, const char *fmt, ...)
#ifdef __GNUC__
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* ui_panel.c */
void ui_draw_panel(Ui *u);

/* ui_material.c */
/* "White +3: took Q N P" for side in the shown position: its lead in
 * pawns when it has one, and the pieces it took in the shown plies
 * (captured, flown over, crushed, exiled), the most valuable first;
 * returns how many pieces it took. */
int ui_material_line(const Ui *u, int side, char *buf, int len);
/* Side's material lead in the shown position, in pawns (negative: behind). */
int ui_material_lead(const Ui *u, int side);

#endif
