/* The game report on the game screen (issue 38): every move of the game
 * judged by analysis/ as --analyse does, run on a thread of its own so that
 * no key waits, then shown in the panel (a progress bar, the evaluation
 * graph, the shown move's judgement and better move, each side's summary),
 * as marks in the move list, and saved as PGN with the report's notes.
 *   ui_report_job.c  the report's thread: its own variant, game copy and
 *                    search; start, progress, stop, free; whether it is
 *                    of the game shown, a move's mark (calls nothing of
 *                    the screen, so ui_game.c and ui_review.c may use it)
 *   ui_report.c      keys, dialogs, drawing and saving
 * All the state is UiReport, one pointer of the Ui (Ui.report). */
#ifndef NC_UI_REPORT_H
#define NC_UI_REPORT_H

#include "analysis/analysis.h"
#include "ui_screen.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>

/* The report's budget a position: the depth menu's items. */
#define UI_REPORT_QUICK_NODES 20000
#define UI_REPORT_NORMAL_NODES 150000
#define UI_REPORT_DEEP_NODES 800000

/* Dialog tags of the report's questions, apart from the game screen's. */
enum { REPORT_ASK_DEPTH = 900, REPORT_ASK_DONE, REPORT_ASK_PATH, REPORT_ASK_REPLACE };

typedef struct UiReport {
    /* The game judged, copied when the report began: the report applies to
     * the Ui's game while that is the same variant, start and moves. */
    char vname[48], setup[24], options[96], titans[160];
    Position start;          /* its v is the screen's variant: compared, never used by the thread */
    Move *moves;
    int nply;
    long long nodes;         /* the budget a position */

    /* The thread and what it shares with the screen. */
    pthread_t thread;
    bool started;            /* the thread runs or has not been joined */
    Search *search;          /* the thread's; made and freed by the screen's side */
    Variant *v;              /* the thread's, loaded like the screen's; freed with the report */
    atomic_int done, total;  /* positions searched, of how many */
    atomic_bool stop;        /* the screen asks the thread to stop */
    atomic_bool finished;    /* the thread has ended: rc and a are final */
    int rc;                  /* 0 judged, -1 stopped */
    MoveAnalysis *a;         /* a[i] judges moves[i] */

    /* The screen's side. */
    bool ready;              /* finished, judged and told */
    SideSummary sum[2];
    char path[512];          /* where the report is saved (REPORT_ASK_REPLACE) */
} UiReport;

/* ui_report_job.c */
/* A new report of u's game at nodes a position, evaluated with the
 * variant's net as the game's searches are, its thread started; NULL with
 * the reason in err.  Started, err is empty or tells of a net that did not
 * load (the hand-made evaluation is used). */
UiReport *ui_report_job_start(const Ui *u, long long nodes, char *err, int errlen);
/* Whether the thread has ended (then joined, once). */
bool ui_report_job_finished(UiReport *r);
/* Stops the thread (soon: the search is told too), waits for it and
 * frees everything; NULL is fine. */
void ui_report_job_free(UiReport *r);
/* Frees u's report, if any (ui_game_free). */
void ui_report_free(Ui *u);
/* The report is of u's game: the same variant and start, and the game
 * still begins with the moves judged (it may have more). */
bool ui_report_applies(const Ui *u, const UiReport *r);
/* u's finished report when it applies to u's game, else NULL. */
const UiReport *ui_report_ready(const Ui *u);
/* The mark of ply (0-based) in the move list ("??", "?", "?!", "" none)
 * and the attributes to draw it with. */
const char *ui_report_mark(const Ui *u, int ply, attr_t *attr);

/* ui_report.c */
/* The report's keys on the game screen; true when k was one of them. */
bool ui_report_key(Ui *u, int k);
/* Each loop round: a finished report is told and kept, one of a game
 * that changed since is dropped. */
void ui_report_tick(Ui *u);
/* The answer of a report's dialog; true when r was one (its tag). */
bool ui_report_answer(Ui *u, const ScreenResult *r);
/* Draws the report's rows of the panel from row y, leaving the move list
 * at least min_list rows above bottom; returns the next free row. */
int ui_report_panel(Ui *u, int y, int bottom, int min_list);

#endif
