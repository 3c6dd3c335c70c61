/* The game report on the game screen (ui_report.h): its keys (E the report,
 * ] and [ the next and previous judged move), its dialogs (the budget, what
 * to do with a finished report, where to save it), its rows of the panel
 * (progress bar, evaluation graph, the shown move judged, the summary), the
 * marks of the move list, and saving the game with the report's notes as
 * --analyse writes them (analysis_pgn_notes).  The thread, and whether
 * the report is of the game shown, are ui_report_job.c's. */
#include "ui_internal.h"
#include "ui_report.h"

#include <curses.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

enum { REPORT_KEY = 'E', REPORT_KEY_NEXT = ']', REPORT_KEY_PREV = '[' };

static const long long budgets[3] = {UI_REPORT_QUICK_NODES, UI_REPORT_NORMAL_NODES, UI_REPORT_DEEP_NODES};
static const char *const budget_words[3] = {"quick", "normal", "deep"};

static void start(Ui *u, int which)
{
    ui_report_free(u);
    char err[1600];
    u->report = ui_report_job_start(u, budgets[which], err, sizeof err);
    if (!u->report || err[0])
        ui_msg(u, true, "%s", err);
    else
        ui_msg(u, false, "Game report (%s, %lld nodes a position) running; E stops it", budget_words[which],
               budgets[which]);
}

static void ask_budget(Ui *u)
{
    char items[3][80];
    const char *it[3];
    for (int i = 0; i < 3; i++) {
        snprintf(items[i], sizeof items[i], "%c%s: %lld nodes a position", budget_words[i][0] - 'a' + 'A',
                 budget_words[i] + 1, budgets[i]);
        it[i] = items[i];
    }
    if (!screen_ask_menu(REPORT_ASK_DEPTH, "Game report: how deep?", it, 3))
        ui_msg(u, true, "The question does not fit on the screen's dialog");
}

static void ask_done(Ui *u)
{
    static const char *const it[] = {"Save the game with the report as PGN", "Again, quick", "Again, normal",
                                     "Again, deep", "Drop the report"};
    if (!screen_ask_menu(REPORT_ASK_DONE, "Game report", it, 5))
        ui_msg(u, true, "The question does not fit on the screen's dialog");
}

static void report_key(Ui *u)
{
    if (u->report && !u->report->ready && ui_report_applies(u, u->report)) {
        ui_report_free(u);
        ui_msg(u, false, "Game report stopped");
    } else if (ui_report_ready(u))
        ask_done(u);
    else if (u->game.g.nply == 0)
        ui_msg(u, true, "No moves to judge yet");
    else if (!ui_game_over(u) && !u->review.reviewing)
        ui_msg(u, true, "The game report is for a finished game or in review (< steps back)");
    else
        ask_budget(u);
}

/* "12... Nf6??" for ply. */
static void move_name(const Ui *u, const UiReport *r, int ply, char *buf, int len)
{
    char num[16], label[200];
    ui_ply_number(u, ply, num, sizeof num);
    ui_move_label(u, ply, label, sizeof label);
    snprintf(buf, (size_t)len, "%s %s%s", num, label, analysis_judgement_mark(r->a[ply].judgement));
}

/* Shows the position after the next (dir 1) or previous (-1) judged move
 * from the one shown. */
static void jump(Ui *u, int dir)
{
    const UiReport *r = ui_report_ready(u);
    if (!r) {
        ui_msg(u, true, "No game report; E makes one");
        return;
    }
    int sel = ui_shown_ply(u) - 1, i = sel + dir;
    while (i >= 0 && i < r->nply && r->a[i].judgement == JUDGED_GOOD)
        i += dir;
    if (i < 0 || i >= r->nply) {
        ui_msg(u, true, "No %s inaccuracy, mistake or blunder", dir > 0 ? "later" : "earlier");
        return;
    }
    ui_review(u, i + 1);
    char name[240];
    move_name(u, r, i, name, sizeof name);
    ui_msg(u, false, "%s: %s", name, analysis_judgement_word(r->a[i].judgement));
}

bool ui_report_key(Ui *u, int k)
{
    if (k == REPORT_KEY)
        report_key(u);
    else if (k == REPORT_KEY_NEXT || k == REPORT_KEY_PREV)
        jump(u, k == REPORT_KEY_NEXT ? 1 : -1);
    else
        return false;
    return true;
}

void ui_report_tick(Ui *u)
{
    UiReport *r = u->report;
    if (!r)
        return;
    if (!ui_report_applies(u, r)) {
        ui_report_free(u); /* another game, or moves taken back */
        return;
    }
    if (r->ready || !ui_report_job_finished(r))
        return;
    if (r->rc) {
        ui_report_free(u);
        return;
    }
    analysis_summary(&r->start, r->a, r->nply, r->sum);
    r->ready = true;
    int n[3] = {0, 0, 0};
    for (int i = 0; i < r->nply; i++)
        if (r->a[i].judgement != JUDGED_GOOD)
            n[r->a[i].judgement - JUDGED_INACCURACY]++;
    ui_msg(u, false, "Game report: %d ?!, %d ?, %d ??; ] and [ step through them, E saves", n[0], n[1], n[2]);
}

/* ---- saving ---- */

/* The game as the save key writes it, its tags kept but [Annotator], then
 * the moves with the report's notes. */
static int report_text(const Ui *u, const UiReport *r, char **out, size_t *outlen)
{
    char *plain = NULL;
    size_t plen = 0;
    FILE *f = open_memstream(&plain, &plen);
    if (!f)
        return -1;
    int rc = ui_pgn_write(u, f);
    fclose(f);
    f = rc ? NULL : open_memstream(out, outlen);
    if (!f) {
        free(plain);
        return -1;
    }
    char *end = strstr(plain, "\n\n");
    for (char *line = plain; end && line <= end;) {
        char *nl = strchr(line, '\n');
        if (strncmp(line, "[Annotator ", 11))
            fwrite(line, 1, (size_t)(nl - line + 1), f);
        line = nl + 1;
    }
    pgn_put_tag(f, "Annotator", "ninjachess " NC_VERSION);
    fputc('\n', f);
    AnalysisReport ar = {&u->game.start, u->game.g.moves, r->a};
    PgnNotes notes = analysis_pgn_notes(&ar);
    rc = !end || pgn_write_noted(f, &u->game.start, u->game.g.moves, u->game.g.nply, &notes,
                                 pgn_result_of(ui_game_over(u) ? u->game.result : NULL));
    free(plain);
    if (fclose(f) || rc) {
        free(*out);
        *out = NULL;
        return -1;
    }
    return 0;
}

static void save_to(Ui *u, const char *path)
{
    const UiReport *r = ui_report_ready(u);
    char *text = NULL, err[700];
    size_t len = 0;
    if (!r || r->nply != u->game.g.nply) {
        ui_msg(u, true, "The report does not cover the game's moves; E makes a new one");
        return;
    }
    if (report_text(u, r, &text, &len))
        ui_msg(u, true, "Out of memory writing the report");
    else if (ui_atomic_write(path, text, len, err, sizeof err))
        ui_msg(u, true, "%s", err);
    else
        ui_msg(u, false, "Saved the game with its report to %s", path);
    free(text);
}

static void ask_path(Ui *u, const char *path)
{
    if (!screen_ask_line(REPORT_ASK_PATH, "Save the game with its report to: ", path, (int)sizeof u->report->path))
        ui_msg(u, true, "The question does not fit on the screen's dialog");
}

/* "game-report.pgn" beside the game's file, else in the directory. */
static void default_path(const Ui *u, char *buf, size_t len)
{
    const char *p = u->files.save_path;
    size_t n = strlen(p);
    if (n > 4 && !strcmp(p + n - 4, ".pgn"))
        snprintf(buf, len, "%.*s-report.pgn", (int)(n - 4), p);
    else
        snprintf(buf, len, "ninjachess-report.pgn");
}

static void path_typed(Ui *u, const char *typed)
{
    UiReport *r = u->report;
    if (!typed[0] || !r)
        return;
    if (ui_expand_path(typed, r->path, sizeof r->path)) {
        ui_msg(u, true, "No home directory for %.100s (or the path is too long)", typed);
        return;
    }
    struct stat st;
    if (stat(r->path, &st) == 0 || errno != ENOENT) {
        char q[700];
        snprintf(q, sizeof q, "%.600s exists. Replace it?", r->path);
        if (!screen_ask_yes(REPORT_ASK_REPLACE, q))
            ui_msg(u, true, "The question does not fit on the screen's dialog");
        return;
    }
    save_to(u, r->path);
}

bool ui_report_answer(Ui *u, const ScreenResult *res)
{
    if (!res || res->tag < REPORT_ASK_DEPTH || res->tag > REPORT_ASK_REPLACE)
        return false;
    char path[512];
    if (res->tag == REPORT_ASK_DEPTH && res->chosen && res->choice >= 0 && res->choice < 3)
        start(u, res->choice);
    else if (res->tag == REPORT_ASK_DONE && res->chosen && ui_report_ready(u)) {
        if (res->choice == 0) {
            default_path(u, path, sizeof path);
            ask_path(u, path);
        } else if (res->choice >= 1 && res->choice <= 3)
            start(u, res->choice - 1);
        else if (res->choice == 4) {
            ui_report_free(u);
            ui_msg(u, false, "Game report dropped");
        }
    } else if (res->tag == REPORT_ASK_PATH && res->chosen && ui_report_ready(u))
        path_typed(u, res->text);
    else if (res->tag == REPORT_ASK_REPLACE && ui_report_ready(u)) {
        if (res->chosen)
            save_to(u, u->report->path);
        else {
            ui_pgn_other_name(u->report->path, path, sizeof path);
            ask_path(u, path);
        }
    }
    return true;
}

/* ---- drawing ---- */

/* Text in rows from y, words kept whole, at most max rows; the next row. */
static int put_wrapped(const Ui *u, int y, int max, attr_t a, const char *text)
{
    int w = u->look.lay.pw - 1;
    attrset(a);
    for (int used = 0; *text && used < max && w > 0; used++) {
        while (*text == ' ')
            text++;
        int n = ui_line_break(text, w);
        mvprintw(y++, u->look.lay.px, "%.*s", n, text);
        text += n;
    }
    attrset(A_NORMAL);
    return y;
}

static int progress_row(const Ui *u, const UiReport *r, int y)
{
    int done = atomic_load(&r->done), total = atomic_load(&r->total);
    int w = u->look.lay.pw - 1 - 24;
    if (w < 4)
        w = 4;
    int filled = total > 0 ? done * w / total : 0;
    char bar[256];
    for (int i = 0; i < w && i < (int)sizeof bar - 1; i++)
        bar[i] = i < filled ? '=' : '.';
    bar[w < (int)sizeof bar - 1 ? w : (int)sizeof bar - 1] = 0;
    char line[400];
    snprintf(line, sizeof line, "Report [%s] %d/%d", bar, done, total);
    return put_wrapped(u, y, 1, A_BOLD, line);
}

/* White's view of the position after ply plies (0: the start). */
static int white_score_at(const UiReport *r, int ply)
{
    if (ply == 0)
        return analysis_white_score(&r->start, 0, r->a[0].best_score);
    return analysis_white_score(&r->start, ply - 1, r->a[ply - 1].played_score);
}

/* The graph: a column per position (or positions per column), the bar's
 * height White's winning chances, so White's advantage is up; the shown
 * position's column reversed, judged moves in their mark's colour. */
static int graph_rows(const Ui *u, const UiReport *r, int y, int rows)
{
    static const char *const blocks[9] = {" ", "\u2581", "\u2582", "\u2583", "\u2584",
                                          "\u2585", "\u2586", "\u2587", "\u2588"};
    bool utf = u->look.utf8 && !u->look.ascii;
    int w = u->look.lay.pw - 1, npts = r->nply + 1;
    int per = npts <= w ? w / npts : 1, cols = npts <= w ? npts * per : w;
    int shown = ui_shown_ply(u) > r->nply ? r->nply : ui_shown_ply(u);
    for (int c = 0; c < cols; c++) {
        int pt = npts <= w ? c / per : (int)((long)c * npts / w);
        double wc = analysis_win_chances(white_score_at(r, pt));
        int h = (int)((wc + 1.0) / 2.0 * rows * 8 + 0.5);
        attr_t a = A_NORMAL;
        if (pt > 0)
            ui_report_mark(u, pt - 1, &a);
        if (pt == shown)
            a |= A_REVERSE;
        attrset(a);
        for (int row = 0; row < rows; row++) {
            int fill = h - (rows - 1 - row) * 8;
            fill = fill < 0 ? 0 : fill > 8 ? 8 : fill;
            const char *cell = utf ? blocks[fill] : fill >= 4 ? "#" : fill > 0 ? "_" : " ";
            mvaddstr(y + row, u->look.lay.px + c, cell);
        }
    }
    attrset(A_NORMAL);
    return y + rows;
}

/* The line of the better move: up to six moves from the position before ply. */
static void line_text(const Ui *u, const MoveAnalysis *a, int ply, char *buf, size_t len)
{
    Position p;
    ui_position_at(u, ply, &p);
    size_t n = 0;
    buf[0] = 0;
    for (int i = 0; i < a->nline && i < 6 && n < len; i++) {
        char m[160];
        move_label(&p, &a->line[i], m, sizeof m);
        n += (size_t)snprintf(buf + n, len - n, "%s%s", i ? " " : "", m);
        Undo undo;
        make_move(&p, &a->line[i], &undo);
    }
}

/* The shown move judged: its score, and when judged the reply that
 * refutes it and the better move with its line. */
static void move_text(const Ui *u, const UiReport *r, int ply, char *buf, size_t len)
{
    const MoveAnalysis *a = &r->a[ply];
    char name[240], after[32], before[32], line[600], reply[200] = "";
    move_name(u, r, ply, name, sizeof name);
    if (a->played_score == SEARCH_MATE || a->played_score == -SEARCH_MATE)
        snprintf(after, sizeof after, "game over");
    else
        analysis_eval_text(analysis_white_score(&r->start, ply, a->played_score), after, sizeof after);
    analysis_eval_text(analysis_white_score(&r->start, ply, a->best_score), before, sizeof before);
    line_text(u, a, ply, line, sizeof line);
    if (a->judgement == JUDGED_GOOD) {
        if (a->best_played || !line[0])
            snprintf(buf, len, "%s %s%s", name, after, a->best_played ? ", the best move" : "");
        else
            snprintf(buf, len, "%s %s; best was %s", name, after, line);
        return;
    }
    if (ply + 1 < r->nply && r->a[ply + 1].nline > 0) {
        Position p;
        char m[160];
        ui_position_at(u, ply + 1, &p);
        move_label(&p, &r->a[ply + 1].line[0], m, sizeof m);
        snprintf(reply, sizeof reply, ", refuted by %s", m);
    }
    snprintf(buf, len, "%s %s (%s -> %s)%s. Best: %s", name, analysis_judgement_word(a->judgement), before, after,
             reply, line[0] ? line : "?");
}

/* Rows put_wrapped needs for text. */
static int rows_needed(const Ui *u, const char *text)
{
    int w = u->look.lay.pw - 1, rows = 0;
    while (*text && w > 0) {
        while (*text == ' ')
            text++;
        int n = ui_line_break(text, w);
        text += n;
        rows++;
    }
    return rows;
}

/* Each side's counts and average loss: in --analyse's words where they
 * fit in max_each rows, else shorter. */
static int summary_rows(const Ui *u, const UiReport *r, int y, int max_each)
{
    for (int c = NC_WHITE; c <= NC_BLACK; c++) {
        const SideSummary *s = &r->sum[c];
        const char *side = c == NC_WHITE ? "White" : "Black";
        char line[300];
        snprintf(line, sizeof line,
                 "%s: %d moves, %d inaccuracies, %d mistakes, %d blunders, average centipawn loss %.0f", side,
                 s->moves, s->inaccuracies, s->mistakes, s->blunders, s->average_cp_loss);
        if (rows_needed(u, line) > max_each)
            snprintf(line, sizeof line, "%s: %d ?! %d ? %d ?? in %d moves, average loss %.0f", side, s->inaccuracies,
                     s->mistakes, s->blunders, s->moves, s->average_cp_loss);
        if (rows_needed(u, line) > max_each)
            snprintf(line, sizeof line, "%s %d ?! %d ? %d ?? loss %.0f", side, s->inaccuracies, s->mistakes,
                     s->blunders, s->average_cp_loss);
        y = put_wrapped(u, y, max_each, A_NORMAL, line);
    }
    return y;
}

int ui_report_panel(Ui *u, int y, int bottom, int min_list)
{
    UiReport *r = u->report;
    int avail = bottom - y - min_list;
    if (avail >= 1 && !ui_report_ready(u) && !(r && ui_report_applies(u, r)) && ui_game_over(u) && u->game.g.nply > 0)
        return put_wrapped(u, y, 1, u->look.colours ? COLOR_PAIR(PAIR_DIM) : A_DIM, "E: game report");
    if (!r || avail < 1 || !ui_report_applies(u, r))
        return y;
    if (!r->ready)
        return progress_row(u, r, y);
    /* The graph first, then the shown move, then the summary, as room allows. */
    int graph = avail >= 10 ? 4 : avail >= 7 ? 3 : avail >= 4 ? 2 : 1;
    int rest = avail - graph;
    int each = rest >= 9 ? 3 : rest >= 7 ? 2 : rest >= 5 ? 1 : 0;
    int text = rest - 2 * each > 3 ? 3 : rest - 2 * each;
    y = graph_rows(u, r, y, graph);
    int shown = ui_shown_ply(u);
    if (text && shown > 0 && shown <= r->nply) {
        char buf[1000];
        move_text(u, r, shown - 1, buf, sizeof buf);
        y = put_wrapped(u, y, text, A_NORMAL, buf);
    }
    if (each)
        y = summary_rows(u, r, y, each);
    return y;
}
