/* Live analysis (ui_analysis.h): the state of the analysis search, its
 * following of the shown position from the screen's tick, the lines in
 * the game's notation (SAN where the variant has it, as the move list),
 * and their drawing in the panel with the evaluation bar beside the board.
 * The search is the computer's own (search.h), a separate object with one
 * thread, so that the computer's move, searched by its own object on a
 * copy of the game, is not touched by it. */
#include "ui_analysis.h"

#include "frontend/frontend.h"
#include "notation/notation.h"

#include <curses.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static UiAnalysis *analysis_of(Ui *u)
{
    if (!u->analysis) {
        u->analysis = calloc(1, sizeof *u->analysis);
        if (u->analysis)
            u->analysis->lines = 1;
    }
    return u->analysis;
}

bool ui_analysis_allowed(const Ui *u)
{
    if (u->mode.tutorial || !u->game.v)
        return false;
    bool computer = u->game.player[NC_WHITE] == PL_COMPUTER || u->game.player[NC_BLACK] == PL_COMPUTER;
    return !computer || u->review.reviewing || ui_game_over(u) || u->cfg.analysis > 0;
}

/* Whether the search runs (or ran) on another position or line count
 * than the one to analyse now. */
static bool target_changed(const Ui *u, const UiAnalysis *a)
{
    return !a->have_target || a->key != ui_shown_pos(u)->key || a->ply != ui_shown_ply(u) ||
           a->target_lines != a->lines;
}

/* Starts the search on the shown position with the game's moves before
 * it (for repetitions); false when there is no search to start. */
static bool start(Ui *u, UiAnalysis *a)
{
    if (!a->search) {
        a->search = search_new(16);
        char why[1600] = "";
        if (a->search)
            fe_screen_net(a->search, u->data_dir, u->engine.no_net, u->game.v, why, sizeof why);
        if (why[0])
            ui_msg(u, true, "%s", why);
    }
    if (!a->search) {
        a->on = false;
        ui_msg(u, true, "Analysis is not available: out of memory");
        return false;
    }
    SearchLimits lim;
    memset(&lim, 0, sizeof lim); /* no depth, time or node limit: until stopped */
    lim.level = 10;
    lim.lines = a->lines;
    /* It follows every step: a table build would hold the core for long. */
    lim.flags = SEARCH_NO_TABLE_BUILDS | SEARCH_UNTIL_STOPPED;
    int ply = ui_shown_ply(u);
    Game g;
    const Game *from = &u->game.g;
    if (ply != u->game.g.nply) {
        game_init(&g, &u->game.start);
        for (int i = 0; i < ply; i++)
            game_push(&g, &u->game.g.moves[i]);
        from = &g;
    }
    search_start(a->search, from, &lim);
    if (from == &g)
        game_free(&g);
    a->running = true;
    a->stopping = false;
    a->have_target = true;
    a->key = ui_shown_pos(u)->key;
    a->ply = ply;
    a->target_lines = a->lines;
    a->pos = *ui_shown_pos(u);
    a->have_info = false;
    a->no_move = false;
    a->nshown = 0;
    return true;
}

/* "+0.34", "-1.20", "#3" (White mates in 3), "#-2": White's view of the
 * mover's score. */
static void score_text(int mover_score, int side, char *buf, size_t len)
{
    int sign = side == NC_WHITE ? 1 : -1;
    if (mover_score > SEARCH_MATE - 1000)
        snprintf(buf, len, "#%d", sign * ((SEARCH_MATE - mover_score + 1) / 2));
    else if (mover_score < -SEARCH_MATE + 1000)
        snprintf(buf, len, "#%d", -sign * ((SEARCH_MATE + mover_score) / 2));
    else
        snprintf(buf, len, "%+.2f", sign * mover_score / 100.0);
}

/* The move as the move list writes it: SAN where the variant has it,
 * else the mover's letter and the move text. */
static void move_word(const Position *p, const Move *m, char *buf, int len)
{
    char text[160];
    move_label(p, m, text, sizeof text);
    int code = m->kind == MK_DROP ? NC_EMPTY : p->board[m->from];
    if (san_applies(p->v) || code == NC_EMPTY || code == NC_OFF)
        snprintf(buf, (size_t)len, "%s", text);
    else
        snprintf(buf, (size_t)len, "%c%s", p->v->types[nc_type(code)].letter, text);
}

/* "+0.34 1. e4 e5 2. Nf3": the score and the line's moves while they are
 * legal, numbered from the analysed position. */
static void line_text(const UiAnalysis *a, const SearchLine *l, char *out, size_t len)
{
    Position pos = a->pos;
    char score[16];
    score_text(l->score, pos.side, score, sizeof score);
    size_t n = (size_t)snprintf(out, len, "%s", score);
    for (int i = 0; i < l->npv && i < UI_ANALYSIS_PLIES && n + 40 < len; i++) {
        MoveList ml;
        gen_legal(&pos, &ml);
        int k = -1;
        for (int j = 0; j < ml.n && k < 0; j++)
            if (move_equal(&ml.m[j], &l->pv[i]))
                k = j;
        if (k < 0)
            break;
        char word[200];
        move_word(&pos, &ml.m[k], word, sizeof word);
        if (pos.side == NC_WHITE)
            n += (size_t)snprintf(out + n, len - n, " %d. %s", pos.fullmove, word);
        else if (i == 0)
            n += (size_t)snprintf(out + n, len - n, " %d... %s", pos.fullmove, word);
        else
            n += (size_t)snprintf(out + n, len - n, " %s", word);
        Undo undo;
        make_move(&pos, &ml.m[k], &undo);
    }
}

/* The shown lines from the search's report. */
static void rebuild(UiAnalysis *a)
{
    const SearchInfo *in = &a->info;
    SearchLine one;
    const SearchLine *lines = in->lines;
    int n = in->nlines < UI_ANALYSIS_MAX_LINES ? in->nlines : UI_ANALYSIS_MAX_LINES;
    if (n == 0 && in->depth > 0) {
        /* a report without lines (an endgame table's move): the main line */
        one.score = in->score;
        one.npv = in->npv;
        memcpy(one.pv, in->pv, sizeof(Move) * (size_t)in->npv);
        lines = &one;
        n = 1;
    }
    for (int i = 0; i < n; i++) {
        line_text(a, &lines[i], a->text[i], sizeof a->text[i]);
        a->score[i] = a->pos.side == NC_WHITE ? lines[i].score : -lines[i].score;
    }
    a->nshown = n;
}

/* Takes the report in when it says something new about the target. */
static void take_report(UiAnalysis *a, const SearchInfo *in)
{
    if (in->depth < 1)
        return;
    if (a->have_info && in->depth == a->info.depth && in->nlines == a->info.nlines &&
        !memcmp(in->lines, a->info.lines, sizeof in->lines) && in->npv == a->info.npv &&
        !memcmp(in->pv, a->info.pv, sizeof in->pv))
        return;
    a->info = *in;
    a->have_info = true;
    rebuild(a);
}

void ui_analysis_tick(Ui *u)
{
    UiAnalysis *a = u->analysis;
    if (!a)
        return;
    bool want = a->on && ui_analysis_allowed(u);
    if (a->running) {
        SearchInfo in;
        bool done = search_poll(a->search, &in);
        if (!a->stopping && (!want || target_changed(u, a))) {
            /* Only asked: a later tick collects it, so a key never waits. */
            search_stop(a->search);
            a->stopping = true;
            a->have_info = false;
        }
        if (!a->stopping)
            take_report(a, &in);
        if (!done)
            return;
        search_wait(a->search, NULL); /* its thread has ended already */
        a->running = false;
        a->no_move = !a->stopping && !in.has_best;
        if (a->stopping)
            a->have_target = false;
        a->stopping = false;
    }
    if (want && target_changed(u, a))
        start(u, a);
}

void ui_analysis_pause(Ui *u)
{
    UiAnalysis *a = u->analysis;
    if (!a || !a->running || a->stopping)
        return;
    /* collected by the tick after the return, which then starts anew */
    search_stop(a->search);
    a->stopping = true;
    a->have_info = false;
}

void ui_analysis_toggle(Ui *u)
{
    if (u->analysis && u->analysis->on) {
        u->analysis->on = false; /* the next tick stops the search */
        ui_msg(u, false, "Analysis off");
        return;
    }
    if (!ui_analysis_allowed(u)) {
        ui_msg(u, true, "No analysis while playing the computer: it runs in review, after the game, "
                        "or with analysis-vs-computer = on in the config");
        return;
    }
    UiAnalysis *a = analysis_of(u);
    if (!a) {
        ui_msg(u, true, "Analysis is not available: out of memory");
        return;
    }
    a->on = true;
    ui_msg(u, false, "Analysis on (%d line%s); %c more lines, %c off", a->lines, a->lines == 1 ? "" : "s",
           ui_config_action_key(&u->cfg, "lines"), ui_config_action_key(&u->cfg, "analysis"));
}

void ui_analysis_more_lines(Ui *u)
{
    UiAnalysis *a = u->analysis;
    if (!a || !a->on) {
        ui_msg(u, true, "Analysis is off; %c turns it on", ui_config_action_key(&u->cfg, "analysis"));
        return;
    }
    a->lines = a->lines % UI_ANALYSIS_MAX_LINES + 1; /* the tick restarts it */
    ui_msg(u, false, "Analysis: %d line%s", a->lines, a->lines == 1 ? "" : "s");
}

int ui_analysis_chance(int white_score)
{
    if (white_score > SEARCH_MATE - 1000)
        return 1000;
    if (white_score < -SEARCH_MATE + 1000)
        return 0;
    /* the curve lichess uses for winning chances from centipawns */
    return (int)lround(1000.0 / (1.0 + exp(-0.00368208 * white_score)));
}

/* ---- drawing ---- */

/* Word-wraps text into the panel from row y, at most max rows; the rest
 * of a line that does not fit is left out (a line is only the search's
 * first moves anyway).  Returns the next free row. */
static int panel_text(const Ui *u, int y, attr_t attr, const char *text, int max)
{
    const Layout *l = &u->look.lay;
    int w = l->pw - 1, bottom = l->py + l->ph;
    if (w < 1)
        return y;
    attrset(attr);
    for (int used = 0; *text && y < bottom && used < max; used++) {
        while (*text == ' ')
            text++;
        int n = ui_line_break(text, w);
        mvprintw(y++, l->px, "%.*s", n, text);
        text += n;
    }
    attrset(A_NORMAL);
    return y;
}

/* The evaluation bar in the column right of the board: White's winning
 * chance of the best line filled from White's side of the board. */
static void draw_bar(const Ui *u, const UiAnalysis *a)
{
    const Layout *l = &u->look.lay;
    int rows = u->game.v->height * l->ch, x = l->bx + u->game.v->width * l->cw;
    if (x >= l->px || rows < 1)
        return;
    int white = (ui_analysis_chance(a->score[0]) * rows + 500) / 1000;
    bool glyphs = u->look.utf8 && !u->look.ascii;
    for (int r = 0; r < rows; r++) {
        /* rows counted from White's edge: the bottom unless flipped */
        int from_white = u->look.flipped ? r : rows - 1 - r;
        bool w = from_white < white;
        attrset(w ? A_BOLD : (u->look.colours ? COLOR_PAIR(PAIR_DIM) : A_NORMAL));
        mvaddstr(l->by + r, x, glyphs ? (w ? "\u2588" : "\u2591") : (w ? "#" : "."));
    }
    attrset(A_NORMAL);
}

int ui_analysis_draw(Ui *u, int y)
{
    UiAnalysis *a = u->analysis;
    if (!a || !a->on || u->mode.tutorial || y >= u->look.lay.py + u->look.lay.ph)
        return y;
    attr_t head = u->look.colours ? COLOR_PAIR(PAIR_TITLE) | A_BOLD : A_BOLD;
    if (!ui_analysis_allowed(u))
        return panel_text(u, y, head, "Analysis waits: against the computer it runs in review or after the game", 2);
    bool current = a->have_target && !a->stopping && a->key == ui_shown_pos(u)->key && a->ply == ui_shown_ply(u);
    if (!current || !a->have_info) {
        const char *what = current && a->no_move ? "Analysis: no legal move here" : "Analysis: thinking...";
        return panel_text(u, y, head, what, 1);
    }
    char line[120];
    snprintf(line, sizeof line, "Analysis: depth %d, %d line%s", a->info.depth, a->nshown, a->nshown == 1 ? "" : "s");
    y = panel_text(u, y, head, line, 1);
    int rows = a->nshown <= 2 ? 2 : 1;
    for (int i = 0; i < a->nshown; i++)
        y = panel_text(u, y, A_NORMAL, a->text[i], rows);
    draw_bar(u, a);
    return y;
}
