/* The game behind the screen: history with move texts, undo and redo,
 * the selection and its highlights, the end of the game, the computer,
 * and the game's clock told of each move and takeback.
 * No curses here and no keys: screens change the game through these calls. */
#include "ui_internal.h"
#include "ui_report.h"

#include "ui_analysis.h"

#include "frontend/frontend.h"
#include "notation/notation.h"

#include <assert.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static void *xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n);
    if (!q)
        abort();
    return q;
}

void ui_msg(Ui *u, bool error, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(u->msg, sizeof u->msg, fmt, ap);
    va_end(ap);
    u->msg_error = error;
}

const char *ui_type_name(const Variant *v, int type)
{
    return v->types[type].title[0] ? v->types[type].title : v->types[type].name;
}

void ui_game_reset(Ui *u, const Position *start)
{
    ui_computer_stop(u);
    game_free(&u->g);
    game_init(&u->g, start);
    u->start = *start;
    ui_origin_free(&u->origin); /* a new game keeps nothing of a loaded one */
    u->nredo = 0;
    u->end = END_NONE;
    u->result[0] = 0;
    u->sel = 0;
    u->drop_type = -1;
    u->have_score = false;
    gameclock_init(&u->clock, u->clock.base, u->clock.inc);
    u->have_hint = false;
    u->reviewing = false;
    if (!u->cursor || !u->v->exists[u->cursor]) {
        /* Start on the king's file, two ranks in front of the mover. */
        int k = start->king[start->side];
        u->cursor = k ? k : u->v->squares[0];
    }
    ui_refresh(u);
}

void ui_orient(Ui *u)
{
    int me = u->player[NC_BLACK] == PL_HUMAN && u->player[NC_WHITE] == PL_COMPUTER ? NC_BLACK
             : u->player[NC_WHITE] == PL_HUMAN && u->player[NC_BLACK] == PL_COMPUTER ? NC_WHITE
                                                                                      : u->g.pos.side;
    u->flipped = me == NC_BLACK && u->player[NC_WHITE] == PL_COMPUTER;
    if (u->g.pos.king[me])
        u->cursor = u->g.pos.king[me];
}

void ui_game_free(Ui *u)
{
    ui_report_free(u); /* its thread stopped first */
    ui_computer_stop(u);
    ui_analysis_free(u); /* its search refers to the variant */
    if (u->search)
        search_free(u->search);
    u->search = NULL;
    if (u->v) {
        game_free(&u->g);
        variant_free(u->v);
    }
    u->v = NULL;
    gameclock_free(&u->clock);
    free(u->text);
    free(u->mover);
    free(u->redo);
    u->text = NULL;
    u->mover = NULL;
    u->redo = NULL;
    u->cap = 0;
    ui_origin_free(&u->origin);
}

bool ui_game_over(const Ui *u)
{
    return u->end != END_NONE;
}

static void ensure_cap(Ui *u, int n)
{
    if (n < u->cap)
        return;
    int cap = u->cap ? u->cap : 64;
    while (cap <= n)
        cap *= 2;
    u->text = xrealloc(u->text, sizeof *u->text * (size_t)cap);
    u->mover = xrealloc(u->mover, sizeof *u->mover * (size_t)cap);
    u->redo = xrealloc(u->redo, sizeof *u->redo * (size_t)cap);
    u->cap = cap;
}

void ui_position_at(const Ui *u, int ply, Position *out)
{
    assert(ply >= 0 && ply <= u->g.nply);
    /* Back from the current position, so that a position set up in the
     * tutorial's sandbox is respected too. */
    *out = u->g.pos;
    for (int i = u->g.nply - 1; i >= ply; i--)
        unmake_move(out, &u->g.moves[i], &u->g.undos[i]);
}

const Position *ui_shown_pos(const Ui *u)
{
    return u->reviewing ? &u->view_pos : &u->g.pos;
}

int ui_shown_ply(const Ui *u)
{
    return u->reviewing ? u->view_ply : u->g.nply;
}

void ui_move_marks(const Position *before, const Move *m, uint8_t *marks)
{
    memset(marks, 0, NC_MAX_SQ);
    MoveEffects fx;
    move_effects(before, m, &fx);
    for (int i = 0; i < fx.n; i++) {
        int s = fx.sq[i];
        if (fx.kind[i] == FX_PUSH) {
            if (s + m->pushdir != m->to)
                marks[s + m->pushdir] = LM_PUSHED;
        } else if (s != m->to && marks[s] != LM_PUSHED) {
            marks[s] = LM_GONE;
        }
    }
    marks[m->to] = LM_MOVE;
    marks[m->kind == MK_DROP ? m->aux : m->from] = LM_MOVE;
    if (m->kind == MK_CASTLE) {
        marks[m->aux] = LM_MOVE;
        marks[m->aux2] = LM_MOVE;
    }
}

static void compute_last_marks(Ui *u)
{
    memset(u->lastmark, 0, sizeof u->lastmark);
    int k = ui_shown_ply(u);
    if (k == 0)
        return;
    Position before;
    ui_position_at(u, k - 1, &before);
    ui_move_marks(&before, &u->g.moves[k - 1], u->lastmark);
}

void ui_review(Ui *u, int ply)
{
    ply = ply < 0 ? 0 : ply > u->g.nply ? u->g.nply : ply;
    u->reviewing = ply < u->g.nply;
    u->view_ply = ply;
    u->sel = 0;
    u->drop_type = -1;
    ui_refresh(u);
}

void ui_review_continue(Ui *u)
{
    if (!u->reviewing)
        return;
    ui_computer_stop(u);
    /* Play goes on from there with the clocks as they were then. */
    while (u->g.nply > u->view_ply) {
        game_pop(&u->g);
        ui_clock_undo(u);
    }
    u->reviewing = false;
    u->nredo = 0;
    u->end = END_NONE;
    u->changes++;
    ui_refresh(u);
}

void ui_move_label(const Ui *u, int ply, char *buf, int len)
{
    const Move *m = &u->g.moves[ply];
    int t = u->mover[ply] - 1;
    /* SAN names its piece already; the move text gets the mover's letter. */
    if (m->kind == MK_DROP || t < 0 || san_applies(u->v))
        snprintf(buf, (size_t)len, "%s", u->text[ply]);
    else
        snprintf(buf, (size_t)len, "%c%s", u->v->types[t].letter, u->text[ply]);
}

/* ---- the game's clock: each move and takeback, the computer's time ---- */

void ui_clock_moved(Ui *u, int side)
{
    gameclock_moved(&u->clock, side, nc_seconds());
}

void ui_clock_undo(Ui *u)
{
    gameclock_undo(&u->clock, nc_seconds());
}

void ui_clock_redo(Ui *u, int side)
{
    double now = nc_seconds();
    if (!gameclock_redo(&u->clock, now))
        gameclock_moved(&u->clock, side, now);
}

void ui_clock_limits(const Ui *u, SearchLimits *lim)
{
    int side = u->g.pos.side;
    TimeControl tc;
    memset(&tc, 0, sizeof tc);
    tc.time_left = gameclock_left(&u->clock, side, side, nc_seconds());
    if (tc.time_left < 0)
        tc.time_left = 0;
    tc.increment = u->clock.inc;
    tc.moves_played = u->g.nply / 2;
    TimeBudget b = timeman_plan(&tc);
    lim->seconds = b.most;
    lim->target_seconds = b.target;
}

/* Keeps the text and the moving piece of the ply about to be pushed, and
 * tells the clock: a move played, or one taken back played again. */
static void record_ply(Ui *u, const Move *m, bool redo)
{
    int n = u->g.nply;
    ensure_cap(u, n + 1);
    move_label(&u->g.pos, m, u->text[n], sizeof u->text[0]);
    if (redo)
        ui_clock_redo(u, u->g.pos.side);
    else
        ui_clock_moved(u, u->g.pos.side);
    int code = m->kind == MK_DROP ? NC_EMPTY : u->g.pos.board[m->from];
    u->mover[n] = (uint8_t)(m->kind == MK_DROP ? m->promo : code == NC_EMPTY ? 0 : nc_type(code) + 1);
}

/* Recomputes everything that follows from the position: legal moves,
 * check, the end of the game, and the highlights of the selection. */
void ui_refresh(Ui *u)
{
    gen_legal(&u->g.pos, &u->legal);
    u->in_check = u->g.pos.king[u->g.pos.side] && in_check(&u->g.pos);
    if (u->end == END_NONE || u->end == END_STATUS) {
        u->status = game_status(&u->g);
        u->end = u->status == GS_ONGOING ? END_NONE : END_STATUS;
        if (u->end == END_STATUS) {
            int w = game_winner(&u->g, u->status);
            snprintf(u->result, sizeof u->result, "%s, %s",
                     w == NC_WHITE ? "1-0" : w == NC_BLACK ? "0-1" : "1/2-1/2",
                     game_status_text(u->status));
        } else {
            u->result[0] = 0;
        }
    }
    if (u->reviewing && u->view_ply >= u->g.nply)
        u->reviewing = false;
    if (u->reviewing)
        ui_position_at(u, u->view_ply, &u->view_pos);
    compute_last_marks(u);
    if (u->sel)
        ui_select(u, u->sel);
    else if (u->drop_type >= 0)
        ui_select_drop(u, u->drop_type);
    else
        memset(u->hl, 0, sizeof u->hl);
    ui_hover(u);
}

static bool move_matches_selection(const Ui *u, const Move *m)
{
    if (u->drop_type >= 0)
        return m->kind == MK_DROP && m->promo == u->drop_type + 1;
    return u->sel && m->kind != MK_DROP && m->from == u->sel;
}

/* The highlight of a destination; the more special kinds win, because a
 * square can be reached by several moves (castling and a king step). */
static int move_kind(const Move *m, const MoveEffects *fx)
{
    if (m->kind == MK_CASTLE)
        return HL_CASTLE;
    if (m->flags & MF_PUSH)
        return HL_PUSH;
    if (m->promo && m->kind != MK_DROP)
        return HL_PROMO;
    for (int i = 0; i < fx->n; i++)
        if (fx->kind[i] == FX_CAPTURE && fx->sq[i] != m->to)
            return HL_FLYOVER;
    for (int i = 0; i < fx->n; i++)
        if (fx->kind[i] == FX_CAPTURE && fx->sq[i] == m->to)
            return HL_CAPTURE;
    return HL_QUIET;
}

static int hl_rank(int k)
{
    static const int rank[HL_COUNT] = {0, 1, 4, 2, 6, 5, 7, 3};
    return rank[k];
}

static void compute_highlights(Ui *u)
{
    memset(u->hl, 0, sizeof u->hl);
    Position *p = &u->g.pos;
    /* Removed squares first, so that destinations drawn over them win. */
    uint8_t removed[NC_MAX_SQ];
    memset(removed, 0, sizeof removed);
    for (int i = 0; i < u->legal.n; i++) {
        const Move *m = &u->legal.m[i];
        if (!move_matches_selection(u, m))
            continue;
        MoveEffects fx;
        move_effects(p, m, &fx);
        int k = move_kind(m, &fx);
        if (hl_rank(k) > hl_rank(u->hl[m->to]))
            u->hl[m->to] = (uint8_t)k;
        for (int j = 0; j < fx.n; j++)
            if (fx.sq[j] != m->to)
                removed[fx.sq[j]] = 1;
    }
    for (int sq = 0; sq < NC_MAX_SQ; sq++)
        if (removed[sq] && !u->hl[sq])
            u->hl[sq] = HL_REMOVED;
}

void ui_select(Ui *u, int sq)
{
    u->sel = sq;
    u->drop_type = -1;
    if (sq)
        compute_highlights(u);
    else
        memset(u->hl, 0, sizeof u->hl);
    ui_hover(u);
}

void ui_select_drop(Ui *u, int type)
{
    u->sel = 0;
    u->drop_type = type;
    if (type >= 0)
        compute_highlights(u);
    else
        memset(u->hl, 0, sizeof u->hl);
    ui_hover(u);
}

int ui_candidates(const Ui *u, int sq, Move *out, int max)
{
    int n = 0;
    for (int i = 0; i < u->legal.n && n < max; i++) {
        const Move *m = &u->legal.m[i];
        if (move_matches_selection(u, m) && m->to == sq)
            out[n++] = m[0];
    }
    return n;
}

static const char *fx_word(int k)
{
    switch (k) {
    case FX_CAPTURE: return "captures";
    case FX_PUSH: return "pushes";
    case FX_CRUSH: return "crushes";
    default: return "exiles";
    }
}

/* "e2-e5xe4: captures e4 (Black Pawn)" and the like. */
void ui_describe_move(const Ui *u, const Move *m, char *buf, int len)
{
    Position *p = (Position *)&u->g.pos;
    char text[160], sqn[8];
    move_to_text(p, m, text, sizeof text);
    int n = snprintf(buf, (size_t)len, "%s", text);
    MoveEffects fx;
    move_effects(p, m, &fx);
    if (m->kind == MK_CASTLE)
        n += snprintf(buf + n, (size_t)(len > n ? len - n : 0), ": castles");
    if (m->kind == MK_DROP && m->aux != m->to)
        n += snprintf(buf + n, (size_t)(len > n ? len - n : 0), ": dropped on %s, slides to %s",
                      nc_sqname(u->v, m->aux, sqn), nc_sqname(u->v, m->to, text));
    else if (m->kind == MK_DROP)
        n += snprintf(buf + n, (size_t)(len > n ? len - n : 0), ": dropped on %s", nc_sqname(u->v, m->to, sqn));
    for (int i = 0; i < fx.n && n < len; i++) {
        int code = p->board[fx.sq[i]];
        n += snprintf(buf + n, (size_t)(len - n), "%s %s %s", i ? "," : ":", fx_word(fx.kind[i]),
                      nc_sqname(u->v, fx.sq[i], sqn));
        if (code != NC_EMPTY && code != NC_OFF && n < len)
            n += snprintf(buf + n, (size_t)(len - n), " (%s)", ui_type_name(u->v, nc_type(code)));
    }
    if (m->promo && m->kind != MK_DROP && n < len)
        snprintf(buf + n, (size_t)(len - n), ", becomes %s", ui_type_name(u->v, m->promo - 1));
}

void ui_move_message(const Ui *u, const Move *m, char *buf, int len)
{
    if (san_applies(u->v) && len >= NC_SAN_MAX)
        san_format(&u->g.pos, m, buf, len);
    else
        ui_describe_move(u, m, buf, len);
}

void ui_hover(Ui *u)
{
    memset(u->removes, 0, sizeof u->removes);
    u->hover[0] = 0;
    if (!u->sel && u->drop_type < 0)
        return;
    Move c[8];
    int n = ui_candidates(u, u->cursor, c, 8);
    if (n == 0)
        return;
    MoveEffects fx;
    move_effects(&u->g.pos, &c[0], &fx);
    for (int i = 0; i < fx.n; i++)
        u->removes[fx.sq[i]] = 1;
    ui_describe_move(u, &c[0], u->hover, sizeof u->hover);
    if (n > 1) {
        size_t l = strlen(u->hover);
        snprintf(u->hover + l, sizeof u->hover - l, " (+%d choices)", n - 1);
    }
}

void ui_play(Ui *u, const Move *m)
{
    if (u->hinting)
        ui_computer_stop(u); /* the hint was for the position before this move */
    record_ply(u, m, false);
    game_push(&u->g, m);
    u->changes++;
    u->nredo = 0;
    u->sel = 0;
    u->drop_type = -1;
    if (u->end != END_STATUS)
        u->end = END_NONE;
    ui_refresh(u);
}

static bool undo_one(Ui *u)
{
    if (u->g.nply == 0)
        return false;
    Move m = u->g.moves[u->g.nply - 1];
    game_pop(&u->g);
    ui_clock_undo(u);
    ensure_cap(u, u->nredo + 1);
    u->redo[u->nredo++] = m;
    return true;
}

/* Against the computer both plies go back, so the human moves again. */
bool ui_undo(Ui *u)
{
    ui_computer_stop(u);
    if (u->end == END_RESIGN || u->end == END_AGREED || u->end == END_RECORDED) {
        /* Taking back a resignation or a draw agreement resumes the game. */
        u->end = END_NONE;
        u->changes++;
        ui_refresh(u);
        return true;
    }
    if (!undo_one(u))
        return false;
    u->changes++;
    while (u->player[u->g.pos.side] == PL_COMPUTER && u->player[u->g.pos.side ^ 1] == PL_HUMAN &&
           u->g.nply > 0)
        undo_one(u);
    u->end = END_NONE;
    u->sel = 0;
    u->drop_type = -1;
    ui_refresh(u);
    return true;
}

bool ui_redo(Ui *u)
{
    ui_computer_stop(u);
    if (u->nredo == 0)
        return false;
    u->changes++;
    do {
        Move m = u->redo[--u->nredo];
        record_ply(u, &m, true);
        game_push(&u->g, &m);
    } while (u->nredo > 0 && u->player[u->g.pos.side] == PL_COMPUTER &&
             u->player[u->g.pos.side ^ 1] == PL_HUMAN);
    u->end = END_NONE;
    u->sel = 0;
    u->drop_type = -1;
    ui_refresh(u);
    return true;
}

/* ---- the computer ---- */

void ui_computer_stop(Ui *u)
{
    if (u->search && (u->thinking || u->hinting)) {
        SearchInfo info;
        search_stop(u->search);
        search_wait(u->search, &info);
    }
    u->thinking = false;
    u->hinting = false;
}

/* The computer's search, with the screen's thread count and the variant's
 * net (a net that does not load told on the message line). */
static Search *ui_new_search(Ui *u)
{
    Search *s = search_new(16);
    if (s && u->threads > 1)
        search_set_threads(s, u->threads); /* fewer when the machine cannot: one always runs */
    char why[1600] = "";
    if (s)
        fe_screen_net(s, u->data_dir, u->v, why, sizeof why);
    if (why[0])
        ui_msg(u, true, "%s", why);
    return s;
}

void ui_hint(Ui *u)
{
    if (u->tutorial || ui_game_over(u) || u->player[u->g.pos.side] != PL_HUMAN || u->thinking) {
        ui_msg(u, true, "A hint is for a human player on the move");
        return;
    }
    if (u->hinting)
        return;
    if (!u->search)
        u->search = ui_new_search(u);
    SearchLimits lim;
    memset(&lim, 0, sizeof lim);
    lim.level = 10;
    lim.seconds = 2.0;
    if (!u->search || search_start(u->search, &u->g, &lim) != 0) {
        ui_msg(u, true, "the computer opponent is not available");
        return;
    }
    u->hinting = true;
    memset(&u->info, 0, sizeof u->info);
    ui_msg(u, false, "Looking for a hint...");
}

/* A finished hint search: its move, if the position is still the same. */
static void hint_tick(Ui *u)
{
    if (!search_poll(u->search, &u->info))
        return;
    u->hinting = false;
    for (int i = 0; u->info.has_best && i < u->legal.n; i++)
        if (move_equal(&u->legal.m[i], &u->info.best)) {
            char buf[200];
            ui_describe_move(u, &u->legal.m[i], buf, sizeof buf);
            ui_msg(u, false, "Hint: %s (marked ! on the board)", buf);
            u->hint_move = u->legal.m[i];
            u->hint_key = u->g.pos.key;
            u->have_hint = true;
            return;
        }
}

bool ui_computer_accepts_draw(Ui *u, int side, int *score)
{
    ui_computer_stop(u);
    if (!u->search)
        u->search = ui_new_search(u);
    *score = 0;
    if (!u->search)
        return false;
    SearchLimits lim;
    memset(&lim, 0, sizeof lim);
    lim.level = 10;
    lim.depth = 6;
    lim.seconds = 0.5;
    SearchInfo info;
    search_run(u->search, &u->g, &lim, &info);
    *score = u->g.pos.side == side ? info.score : -info.score;
    return *score <= UI_DRAW_ACCEPT_CP;
}

void ui_computer_move_now(Ui *u)
{
    if (u->search && u->thinking)
        search_stop(u->search);
}

void ui_computer_tick(Ui *u)
{
    if (u->hinting) {
        hint_tick(u);
        return;
    }
    if (u->tutorial || ui_game_over(u) || u->player[u->g.pos.side] != PL_COMPUTER) {
        ui_computer_stop(u);
        return;
    }
    if (!u->search)
        u->search = ui_new_search(u);
    if (!u->search) {
        ui_msg(u, true, "the computer opponent is not available");
        u->player[u->g.pos.side] = PL_HUMAN;
        return;
    }
    if (!u->thinking) {
        SearchLimits lim;
        memset(&lim, 0, sizeof lim);
        lim.level = u->level;
        /* Thinking time grows with the level; the level also bounds depth. */
        lim.seconds = 0.25 + 0.35 * (u->level ? u->level : 10);
        if (u->clock.on) /* with clocks, its own clock decides */
            ui_clock_limits(u, &lim);
        if (search_start(u->search, &u->g, &lim) != 0) {
            ui_msg(u, true, "the computer could not start thinking");
            u->player[u->g.pos.side] = PL_HUMAN;
            return;
        }
        u->thinking = true;
        memset(&u->info, 0, sizeof u->info);
        return;
    }
    if (!search_poll(u->search, &u->info))
        return;
    u->thinking = false;
    if (!u->info.has_best)
        return;
    for (int i = 0; i < u->legal.n; i++) {
        if (move_equal(&u->legal.m[i], &u->info.best)) {
            u->last_score = u->info.score;
            u->have_score = true;
            Move m = u->legal.m[i];
            char buf[200];
            ui_move_message(u, &m, buf, sizeof buf);
            ui_play(u, &m);
            ui_bell(u);
            if (u->info.note[0])
                ui_msg(u, true, "Computer played %s (%s)", buf, u->info.note);
            else
                ui_msg(u, false, "Computer played %s", buf);
            return;
        }
    }
    ui_msg(u, true, "the computer chose an illegal move; you play this side now");
    u->player[u->g.pos.side] = PL_HUMAN;
}
