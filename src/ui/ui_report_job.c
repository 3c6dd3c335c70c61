/* The game report's thread (ui_report.h): the game copied when the report
 * begins, judged by analysis_run on a thread of its own with its own
 * variant (loaded again from the same files when it begins), game and
 * search, so that the screen may replace its game or variant meanwhile and
 * never waits on a key.  The screen asks it to stop through an atomic flag
 * and the search's own stop; it calls nothing of the screen.  Here too:
 * whether the report is of the screen's game, and the mark it gives a
 * move. */
#include "ui_internal.h"
#include "ui_report.h"

#include "frontend/frontend.h"

#include "datafile/datafile.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The report's transposition table, in megabytes. */
#define REPORT_HASH_MB 16

static bool progress(void *ctx, int done, int total)
{
    UiReport *r = ctx;
    atomic_store(&r->done, done);
    atomic_store(&r->total, total);
    return !atomic_load(&r->stop);
}

static void *report_main(void *arg)
{
    UiReport *r = arg;
    Position start = r->start;
    start.v = r->v;
    Game g;
    game_init(&g, &start);
    for (int i = 0; i < r->nply; i++)
        game_push(&g, &r->moves[i]);
    SearchLimits lim;
    memset(&lim, 0, sizeof lim);
    lim.nodes = r->nodes;
    r->rc = analysis_run(r->search, &g, &lim, r->a, progress, r);
    game_free(&g);
    atomic_store(&r->finished, true);
    return NULL;
}

static void copy_text(char *dst, size_t n, const char *s)
{
    snprintf(dst, n, "%s", s);
}

UiReport *ui_report_job_start(const Ui *u, long long nodes, char *err, int errlen)
{
    UiReport *r = calloc(1, sizeof *r);
    int n = u->game.g.nply;
    if (r) {
        r->moves = malloc(sizeof(Move) * (size_t)(n > 0 ? n : 1));
        r->a = calloc((size_t)(n > 0 ? n : 1), sizeof *r->a);
        r->search = search_new(REPORT_HASH_MB);
    }
    if (!r || !r->moves || !r->a || !r->search) {
        snprintf(err, (size_t)errlen, "Out of memory for the game report");
        ui_report_job_free(r);
        return NULL;
    }
    /* Loaded here, not on the thread: finding the data directory is not
     * safe beside another load. */
    DataErrors errs;
    r->v = variant_load_configured(u->data_dir, u->game.vname, u->game.setup, u->game.options, u->game.titans, &errs,
                                   err, errlen);
    if (!r->v) {
        if (errs.n > 0)
            snprintf(err, (size_t)errlen, "%s", errs.msg[0]);
        ui_report_job_free(r);
        return NULL;
    }
    /* the variant's net, as the game's searches have; a net that does not
     * load is told in err with the report running */
    err[0] = 0;
    fe_screen_net(r->search, u->data_dir, u->engine.no_net, r->v, err, (size_t)errlen);
    copy_text(r->vname, sizeof r->vname, u->game.vname);
    copy_text(r->setup, sizeof r->setup, u->game.setup);
    copy_text(r->options, sizeof r->options, u->game.options);
    copy_text(r->titans, sizeof r->titans, u->game.titans);
    r->start = u->game.start;
    memcpy(r->moves, u->game.g.moves, sizeof(Move) * (size_t)n);
    r->nply = n;
    r->nodes = nodes;
    atomic_store(&r->total, n + 1);
    if (pthread_create(&r->thread, NULL, report_main, r)) {
        snprintf(err, (size_t)errlen, "The game report could not start a thread");
        ui_report_job_free(r);
        return NULL;
    }
    r->started = true;
    return r;
}

bool ui_report_job_finished(UiReport *r)
{
    if (!atomic_load(&r->finished))
        return false;
    if (r->started) {
        pthread_join(r->thread, NULL);
        r->started = false;
    }
    return true;
}

void ui_report_job_free(UiReport *r)
{
    if (!r)
        return;
    if (r->started) {
        atomic_store(&r->stop, true);
        /* Told again until the thread ends: a search begun after one stop
         * clears it. */
        while (!atomic_load(&r->finished)) {
            search_stop(r->search);
            nanosleep(&(struct timespec){0, 1000000}, NULL);
        }
        pthread_join(r->thread, NULL);
    }
    if (r->search)
        search_free(r->search);
    if (r->v)
        variant_free(r->v);
    free(r->moves);
    free(r->a);
    free(r);
}

void ui_report_free(Ui *u)
{
    ui_report_job_free(u->report);
    u->report = NULL;
}

bool ui_report_applies(const Ui *u, const UiReport *r)
{
    if (!r || !u->game.v || strcmp(r->vname, u->game.vname) || strcmp(r->setup, u->game.setup) ||
        strcmp(r->options, u->game.options) || strcmp(r->titans, u->game.titans) ||
        r->start.key != u->game.start.key || r->start.side != u->game.start.side || u->game.g.nply < r->nply)
        return false;
    for (int i = 0; i < r->nply; i++)
        if (!move_equal(&r->moves[i], &u->game.g.moves[i]))
            return false;
    return true;
}

const UiReport *ui_report_ready(const Ui *u)
{
    return u->report && u->report->ready && ui_report_applies(u, u->report) ? u->report : NULL;
}

const char *ui_report_mark(const Ui *u, int ply, attr_t *attr)
{
    const UiReport *r = ui_report_ready(u);
    if (!r || ply < 0 || ply >= r->nply || r->a[ply].judgement == JUDGED_GOOD)
        return "";
    MoveJudgement j = r->a[ply].judgement;
    bool c = u->look.colours != 0;
    *attr = j == JUDGED_INACCURACY ? (c ? COLOR_PAIR(PAIR_TITLE) : A_NORMAL)
          : j == JUDGED_MISTAKE    ? (c ? COLOR_PAIR(PAIR_ERROR) : A_BOLD)
                                   : (c ? COLOR_PAIR(PAIR_ERROR) : 0) | A_BOLD;
    return analysis_judgement_mark(j);
}
