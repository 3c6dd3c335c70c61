/* Live analysis on the game screen (ui_analysis.c, its search's end in
 * ui_analysis_search.c): a search of its own,
 * beside the computer opponent's, thinking without end on the position
 * the board shows (the game's, or the reviewed one), its best 1 to 5
 * lines in the game's notation with depth and score in the panel and an
 * evaluation bar beside the board.  It follows the shown position from
 * the screen's tick and never waits for its search on a key: a position
 * that changed, or analysis turned off, only asks the search to stop, and
 * a later tick collects it and starts the next one.  Against the computer
 * it runs only in review, after the game, or with the config's
 * analysis-vs-computer = on. */
#ifndef NC_UI_ANALYSIS_H
#define NC_UI_ANALYSIS_H

#include "ui_internal.h"

#define UI_ANALYSIS_MAX_LINES 5
#if UI_ANALYSIS_MAX_LINES > SEARCH_MAX_LINES
#error "the search finds at most SEARCH_MAX_LINES lines"
#endif
#define UI_ANALYSIS_PLIES 12   /* moves of a line that are written out */

typedef struct UiAnalysis {
    bool on;              /* the player turned it on */
    int lines;            /* lines asked for, 1..UI_ANALYSIS_MAX_LINES */
    Search *search;       /* its own search; made when first turned on */
    bool running;         /* a search was started and is not yet collected */
    bool stopping;        /* it was asked to stop: its result is not shown */
    /* The position the running (or last) search is on: the shown
     * position's key, its ply in the game, and the lines asked for. */
    bool have_target;
    uint64_t key;
    int ply, target_lines;
    Position pos;         /* that position, for the lines' move texts */
    SearchInfo info;      /* the search's last report on it */
    bool have_info;       /* info has a completed iteration of pos */
    bool no_move;         /* the search ended: pos has no legal move */
    /* The lines as drawn, rebuilt only when the report changes. */
    int nshown;
    int score[UI_ANALYSIS_MAX_LINES];   /* White's view, centipawns */
    char text[UI_ANALYSIS_MAX_LINES][400];
} UiAnalysis;

/* The keys: analysis on or off; the number of lines, 1 to 5 and round. */
void ui_analysis_toggle(Ui *u);
void ui_analysis_more_lines(Ui *u);
/* Each loop round: follows the shown position, collects a stopped search,
 * reads the running one's report.  Never waits for the search. */
void ui_analysis_tick(Ui *u);
/* The game screen is covered (the tutorial, the start screen): its
 * search is asked to stop, not waited on; the first tick after the
 * return starts it again on the shown position. */
void ui_analysis_pause(Ui *u);
/* The analysis in the panel from row y (and the bar beside the board);
 * the next free row.  Nothing while it is off. */
int ui_analysis_draw(Ui *u, int y);
/* Whether analysis may run now: not against the computer while the game
 * is played, unless the config allows it. */
bool ui_analysis_allowed(const Ui *u);
/* ui_analysis_search.c: stops the search and waits for it and frees it,
 * before the game's variant goes (the next start makes one with the new
 * variant's net); frees it all with the game. */
void ui_analysis_halt(Ui *u);
void ui_analysis_free(Ui *u);
/* White's winning chance in per mille from a score of White's view (a
 * logistic curve of the centipawns; mates are 0 or 1000). */
int ui_analysis_chance(int white_score);

#endif
