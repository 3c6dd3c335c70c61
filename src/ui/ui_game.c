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
    game_free(&u->game.g);
    game_init(&u->game.g, start);
    u->game.start = *start;
    ui_origin_free(&u->files.origin); /* a new game keeps nothing of a loaded one */
    u->game.nredo = 0;
    u->game.end = END_NONE;
    u->game.result[0] = 0;
    u->board.sel = 0;
    u->board.drop_type = -1;
    u->engine.have_score = false;
    gameclock_init(&u->clocks.clock, u->clocks.clock.base, u->clocks.clock.inc);
    u->engine.have_hint = false;
    u->review.reviewing = false;
    if (!u->board.cursor || !u->game.v->exists[u->board.cursor]) {
        /* Start on the king's file, two ranks in front of the mover. */
        int k = start->king[start->side];
        u->board.cursor = k ? k : u->game.v->squares[0];
    }
    ui_refresh(u);
}

void ui_orient(Ui *u)
{
    int me = u->game.player[NC_BLACK] == PL_HUMAN && u->game.player[NC_WHITE] == PL_COMPUTER ? NC_BLACK
             : u->game.player[NC_WHITE] == PL_HUMAN && u->game.player[NC_BLACK] == PL_COMPUTER ? NC_WHITE
                                                                                      : u->game.g.pos.side;
    u->look.flipped = me == NC_BLACK && u->game.player[NC_WHITE] == PL_COMPUTER;
    if (u->game.g.pos.king[me])
        u->board.cursor = u->game.g.pos.king[me];
}

void ui_game_free(Ui *u)
{
    ui_report_free(u); /* its thread stopped first */
    ui_computer_stop(u);
    ui_analysis_free(u); /* its search refers to the variant */
    if (u->engine.search)
        search_free(u->engine.search);
    u->engine.search = NULL;
    if (u->game.v) {
        game_free(&u->game.g);
        variant_free(u->game.v);
    }
    u->game.v = NULL;
    gameclock_free(&u->clocks.clock);
    free(u->game.text);
    free(u->game.mover);
    free(u->game.redo);
    u->game.text = NULL;
    u->game.mover = NULL;
    u->game.redo = NULL;
    u->game.cap = 0;
    ui_origin_free(&u->files.origin);
}

bool ui_game_over(const Ui *u)
{
    return u->game.end != END_NONE;
}

static void ensure_cap(Ui *u, int n)
{
    if (n < u->game.cap)
        return;
    int cap = u->game.cap ? u->game.cap : 64;
    while (cap <= n)
        cap *= 2;
    u->game.text = xrealloc(u->game.text, sizeof *u->game.text * (size_t)cap);
    u->game.mover = xrealloc(u->game.mover, sizeof *u->game.mover * (size_t)cap);
    u->game.redo = xrealloc(u->game.redo, sizeof *u->game.redo * (size_t)cap);
    u->game.cap = cap;
}

void ui_position_at(const Ui *u, int ply, Position *out)
{
    assert(ply >= 0 && ply <= u->game.g.nply);
    /* Back from the current position, so that a position set up in the
     * tutorial's sandbox is respected too. */
    *out = u->game.g.pos;
    for (int i = u->game.g.nply - 1; i >= ply; i--)
        unmake_move(out, &u->game.g.moves[i], &u->game.g.undos[i]);
}

const Position *ui_shown_pos(const Ui *u)
{
    return u->review.reviewing ? &u->review.view_pos : &u->game.g.pos;
}

int ui_shown_ply(const Ui *u)
{
    return u->review.reviewing ? u->review.view_ply : u->game.g.nply;
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
    memset(u->board.lastmark, 0, sizeof u->board.lastmark);
    int k = ui_shown_ply(u);
    if (k == 0)
        return;
    Position before;
    ui_position_at(u, k - 1, &before);
    ui_move_marks(&before, &u->game.g.moves[k - 1], u->board.lastmark);
}

void ui_review(Ui *u, int ply)
{
    ply = ply < 0 ? 0 : ply > u->game.g.nply ? u->game.g.nply : ply;
    u->review.reviewing = ply < u->game.g.nply;
    u->review.view_ply = ply;
    u->board.sel = 0;
    u->board.drop_type = -1;
    ui_refresh(u);
}

void ui_review_continue(Ui *u)
{
    if (!u->review.reviewing)
        return;
    ui_computer_stop(u);
    /* Play goes on from there with the clocks as they were then. */
    while (u->game.g.nply > u->review.view_ply) {
        game_pop(&u->game.g);
        ui_clock_undo(u);
    }
    u->review.reviewing = false;
    u->game.nredo = 0;
    u->game.end = END_NONE;
    u->save.changes++;
    ui_refresh(u);
}

void ui_move_label(const Ui *u, int ply, char *buf, int len)
{
    const Move *m = &u->game.g.moves[ply];
    int t = u->game.mover[ply] - 1;
    /* SAN names its piece already; the move text gets the mover's letter. */
    if (m->kind == MK_DROP || t < 0 || san_applies(u->game.v))
        snprintf(buf, (size_t)len, "%s", u->game.text[ply]);
    else
        snprintf(buf, (size_t)len, "%c%s", u->game.v->types[t].letter, u->game.text[ply]);
}

/* ---- the game's clock: each move and takeback, the computer's time ---- */

void ui_clock_moved(Ui *u, int side)
{
    gameclock_moved(&u->clocks.clock, side, nc_seconds());
}

void ui_clock_undo(Ui *u)
{
    gameclock_undo(&u->clocks.clock, nc_seconds());
}

void ui_clock_redo(Ui *u, int side)
{
    double now = nc_seconds();
    if (!gameclock_redo(&u->clocks.clock, now))
        gameclock_moved(&u->clocks.clock, side, now);
}

void ui_clock_limits(const Ui *u, SearchLimits *lim)
{
    int side = u->game.g.pos.side;
    TimeControl tc;
    memset(&tc, 0, sizeof tc);
    tc.time_left = gameclock_left(&u->clocks.clock, side, side, nc_seconds());
    if (tc.time_left < 0)
        tc.time_left = 0;
    tc.increment = u->clocks.clock.inc;
    tc.moves_played = u->game.g.nply / 2;
    TimeBudget b = timeman_plan(&tc);
    lim->seconds = b.most;
    lim->target_seconds = b.target;
}

/* Keeps the text and the moving piece of the ply about to be pushed, and
 * tells the clock: a move played, or one taken back played again. */
static void record_ply(Ui *u, const Move *m, bool redo)
{
    int n = u->game.g.nply;
    ensure_cap(u, n + 1);
    move_label(&u->game.g.pos, m, u->game.text[n], sizeof u->game.text[0]);
    if (redo)
        ui_clock_redo(u, u->game.g.pos.side);
    else
        ui_clock_moved(u, u->game.g.pos.side);
    int code = m->kind == MK_DROP ? NC_EMPTY : u->game.g.pos.board[m->from];
    u->game.mover[n] = (uint8_t)(m->kind == MK_DROP ? m->promo : code == NC_EMPTY ? 0 : nc_type(code) + 1);
}

/* Recomputes everything that follows from the position: legal moves,
 * check, the end of the game, and the highlights of the selection. */
void ui_refresh(Ui *u)
{
    gen_legal(&u->game.g.pos, &u->board.legal);
    u->game.in_check = u->game.g.pos.king[u->game.g.pos.side] && in_check(&u->game.g.pos);
    if (u->game.end == END_NONE || u->game.end == END_STATUS) {
        u->game.status = game_status(&u->game.g);
        u->game.end = u->game.status == GS_ONGOING ? END_NONE : END_STATUS;
        if (u->game.end == END_STATUS) {
            int w = game_winner(&u->game.g, u->game.status);
            snprintf(u->game.result, sizeof u->game.result, "%s, %s",
                     w == NC_WHITE ? "1-0" : w == NC_BLACK ? "0-1" : "1/2-1/2",
                     game_status_text(u->game.status));
        } else {
            u->game.result[0] = 0;
        }
    }
    if (u->review.reviewing && u->review.view_ply >= u->game.g.nply)
        u->review.reviewing = false;
    if (u->review.reviewing)
        ui_position_at(u, u->review.view_ply, &u->review.view_pos);
    compute_last_marks(u);
    if (u->board.sel)
        ui_select(u, u->board.sel);
    else if (u->board.drop_type >= 0)
        ui_select_drop(u, u->board.drop_type);
    else
        memset(u->board.hl, 0, sizeof u->board.hl);
    ui_hover(u);
}

static bool move_matches_selection(const Ui *u, const Move *m)
{
    if (u->board.drop_type >= 0)
        return m->kind == MK_DROP && m->promo == u->board.drop_type + 1;
    return u->board.sel && m->kind != MK_DROP && m->from == u->board.sel;
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
    memset(u->board.hl, 0, sizeof u->board.hl);
    Position *p = &u->game.g.pos;
    /* Removed squares first, so that destinations drawn over them win. */
    uint8_t removed[NC_MAX_SQ];
    memset(removed, 0, sizeof removed);
    for (int i = 0; i < u->board.legal.n; i++) {
        const Move *m = &u->board.legal.m[i];
        if (!move_matches_selection(u, m))
            continue;
        MoveEffects fx;
        move_effects(p, m, &fx);
        int k = move_kind(m, &fx);
        if (hl_rank(k) > hl_rank(u->board.hl[m->to]))
            u->board.hl[m->to] = (uint8_t)k;
        for (int j = 0; j < fx.n; j++)
            if (fx.sq[j] != m->to)
                removed[fx.sq[j]] = 1;
    }
    for (int sq = 0; sq < NC_MAX_SQ; sq++)
        if (removed[sq] && !u->board.hl[sq])
            u->board.hl[sq] = HL_REMOVED;
}

void ui_select(Ui *u, int sq)
{
    u->board.sel = sq;
    u->board.drop_type = -1;
    if (sq)
        compute_highlights(u);
    else
        memset(u->board.hl, 0, sizeof u->board.hl);
    ui_hover(u);
}

void ui_select_drop(Ui *u, int type)
{
    u->board.sel = 0;
    u->board.drop_type = type;
    if (type >= 0)
        compute_highlights(u);
    else
        memset(u->board.hl, 0, sizeof u->board.hl);
    ui_hover(u);
}

int ui_candidates(const Ui *u, int sq, Move *out, int max)
{
    int n = 0;
    for (int i = 0; i < u->board.legal.n && n < max; i++) {
        const Move *m = &u->board.legal.m[i];
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
    Position *p = (Position *)&u->game.g.pos;
    char text[160], sqn[8];
    move_to_text(p, m, text, sizeof text);
    int n = snprintf(buf, (size_t)len, "%s", text);
    MoveEffects fx;
    move_effects(p, m, &fx);
    if (m->kind == MK_CASTLE)
        n += snprintf(buf + n, (size_t)(len > n ? len - n : 0), ": castles");
    if (m->kind == MK_DROP && m->aux != m->to)
        n += snprintf(buf + n, (size_t)(len > n ? len - n : 0), ": dropped on %s, slides to %s",
                      nc_sqname(u->game.v, m->aux, sqn), nc_sqname(u->game.v, m->to, text));
    else if (m->kind == MK_DROP)
        n += snprintf(buf + n, (size_t)(len > n ? len - n : 0), ": dropped on %s", nc_sqname(u->game.v, m->to, sqn));
    for (int i = 0; i < fx.n && n < len; i++) {
        int code = p->board[fx.sq[i]];
        n += snprintf(buf + n, (size_t)(len - n), "%s %s %s", i ? "," : ":", fx_word(fx.kind[i]),
                      nc_sqname(u->game.v, fx.sq[i], sqn));
        if (code != NC_EMPTY && code != NC_OFF && n < len)
            n += snprintf(buf + n, (size_t)(len - n), " (%s)", ui_type_name(u->game.v, nc_type(code)));
    }
    if (m->promo && m->kind != MK_DROP && n < len)
        snprintf(buf + n, (size_t)(len - n), ", becomes %s", ui_type_name(u->game.v, m->promo - 1));
}

void ui_move_message(const Ui *u, const Move *m, char *buf, int len)
{
    if (san_applies(u->game.v) && len >= NC_SAN_MAX)
        san_format(&u->game.g.pos, m, buf, len);
    else
        ui_describe_move(u, m, buf, len);
}

void ui_hover(Ui *u)
{
    memset(u->board.removes, 0, sizeof u->board.removes);
    u->board.hover[0] = 0;
    if (!u->board.sel && u->board.drop_type < 0)
        return;
    Move c[8];
    int n = ui_candidates(u, u->board.cursor, c, 8);
    if (n == 0)
        return;
    MoveEffects fx;
    move_effects(&u->game.g.pos, &c[0], &fx);
    for (int i = 0; i < fx.n; i++)
        u->board.removes[fx.sq[i]] = 1;
    ui_describe_move(u, &c[0], u->board.hover, sizeof u->board.hover);
    if (n > 1) {
        size_t l = strlen(u->board.hover);
        snprintf(u->board.hover + l, sizeof u->board.hover - l, " (+%d choices)", n - 1);
    }
}

void ui_play(Ui *u, const Move *m)
{
    if (u->engine.hinting)
        ui_computer_stop(u); /* the hint was for the position before this move */
    record_ply(u, m, false);
    game_push(&u->game.g, m);
    u->save.changes++;
    u->game.nredo = 0;
    u->board.sel = 0;
    u->board.drop_type = -1;
    if (u->game.end != END_STATUS)
        u->game.end = END_NONE;
    ui_refresh(u);
}

static bool undo_one(Ui *u)
{
    if (u->game.g.nply == 0)
        return false;
    Move m = u->game.g.moves[u->game.g.nply - 1];
    game_pop(&u->game.g);
    ui_clock_undo(u);
    ensure_cap(u, u->game.nredo + 1);
    u->game.redo[u->game.nredo++] = m;
    return true;
}

/* Against the computer both plies go back, so the human moves again. */
bool ui_undo(Ui *u)
{
    ui_computer_stop(u);
    if (u->game.end == END_RESIGN || u->game.end == END_AGREED || u->game.end == END_RECORDED) {
        /* Taking back a resignation or a draw agreement resumes the game. */
        u->game.end = END_NONE;
        u->save.changes++;
        ui_refresh(u);
        return true;
    }
    if (!undo_one(u))
        return false;
    u->save.changes++;
    while (u->game.player[u->game.g.pos.side] == PL_COMPUTER && u->game.player[u->game.g.pos.side ^ 1] == PL_HUMAN &&
           u->game.g.nply > 0)
        undo_one(u);
    u->game.end = END_NONE;
    u->board.sel = 0;
    u->board.drop_type = -1;
    ui_refresh(u);
    return true;
}

bool ui_redo(Ui *u)
{
    ui_computer_stop(u);
    if (u->game.nredo == 0)
        return false;
    u->save.changes++;
    do {
        Move m = u->game.redo[--u->game.nredo];
        record_ply(u, &m, true);
        game_push(&u->game.g, &m);
    } while (u->game.nredo > 0 && u->game.player[u->game.g.pos.side] == PL_COMPUTER &&
             u->game.player[u->game.g.pos.side ^ 1] == PL_HUMAN);
    u->game.end = END_NONE;
    u->board.sel = 0;
    u->board.drop_type = -1;
    ui_refresh(u);
    return true;
}

/* ---- the computer ---- */

void ui_computer_stop(Ui *u)
{
    if (u->engine.search && (u->engine.thinking || u->engine.hinting)) {
        SearchInfo info;
        search_stop(u->engine.search);
        search_wait(u->engine.search, &info);
    }
    u->engine.thinking = false;
    u->engine.hinting = false;
}

/* The computer's search, with the screen's thread count and the variant's
 * net (a net that does not load told on the message line). */
static Search *ui_new_search(Ui *u)
{
    Search *s = search_new(16);
    if (s && u->engine.threads > 1)
        search_set_threads(s, u->engine.threads); /* fewer when the machine cannot: one always runs */
    char why[1600] = "";
    if (s)
        fe_screen_net(s, u->data_dir, u->engine.no_net, u->game.v, why, sizeof why);
    if (why[0])
        ui_msg(u, true, "%s", why);
    return s;
}

void ui_hint(Ui *u)
{
    if (u->mode.tutorial || ui_game_over(u) || u->game.player[u->game.g.pos.side] != PL_HUMAN || u->engine.thinking) {
        ui_msg(u, true, "A hint is for a human player on the move");
        return;
    }
    if (u->engine.hinting)
        return;
    if (!u->engine.search)
        u->engine.search = ui_new_search(u);
    SearchLimits lim;
    memset(&lim, 0, sizeof lim);
    lim.level = 10;
    lim.seconds = 2.0;
    if (!u->engine.search || search_start(u->engine.search, &u->game.g, &lim) != 0) {
        ui_msg(u, true, "the computer opponent is not available");
        return;
    }
    u->engine.hinting = true;
    memset(&u->engine.info, 0, sizeof u->engine.info);
    ui_msg(u, false, "Looking for a hint...");
}

/* A finished hint search: its move, if the position is still the same. */
static void hint_tick(Ui *u)
{
    if (!search_poll(u->engine.search, &u->engine.info))
        return;
    u->engine.hinting = false;
    for (int i = 0; u->engine.info.has_best && i < u->board.legal.n; i++)
        if (move_equal(&u->board.legal.m[i], &u->engine.info.best)) {
            char buf[200];
            ui_describe_move(u, &u->board.legal.m[i], buf, sizeof buf);
            ui_msg(u, false, "Hint: %s (marked ! on the board)", buf);
            u->engine.hint_move = u->board.legal.m[i];
            u->engine.hint_key = u->game.g.pos.key;
            u->engine.have_hint = true;
            return;
        }
}

bool ui_computer_accepts_draw(Ui *u, int side, int *score)
{
    ui_computer_stop(u);
    if (!u->engine.search)
        u->engine.search = ui_new_search(u);
    *score = 0;
    if (!u->engine.search)
        return false;
    SearchLimits lim;
    memset(&lim, 0, sizeof lim);
    lim.level = 10;
    lim.depth = 6;
    lim.seconds = 0.5;
    SearchInfo info;
    search_run(u->engine.search, &u->game.g, &lim, &info);
    *score = u->game.g.pos.side == side ? info.score : -info.score;
    return *score <= UI_DRAW_ACCEPT_CP;
}

void ui_computer_move_now(Ui *u)
{
    if (u->engine.search && u->engine.thinking)
        search_stop(u->engine.search);
}

void ui_computer_tick(Ui *u)
{
    if (u->engine.hinting) {
        hint_tick(u);
        return;
    }
    if (u->mode.tutorial || ui_game_over(u) || u->game.player[u->game.g.pos.side] != PL_COMPUTER) {
        ui_computer_stop(u);
        return;
    }
    if (!u->engine.search)
        u->engine.search = ui_new_search(u);
    if (!u->engine.search) {
        ui_msg(u, true, "the computer opponent is not available");
        u->game.player[u->game.g.pos.side] = PL_HUMAN;
        return;
    }
    if (!u->engine.thinking) {
        SearchLimits lim;
        memset(&lim, 0, sizeof lim);
        lim.level = u->engine.level;
        /* Thinking time grows with the level; the level also bounds depth. */
        lim.seconds = 0.25 + 0.35 * (u->engine.level ? u->engine.level : 10);
        if (u->clocks.clock.on) /* with clocks, its own clock decides */
            ui_clock_limits(u, &lim);
        if (search_start(u->engine.search, &u->game.g, &lim) != 0) {
            ui_msg(u, true, "the computer could not start thinking");
            u->game.player[u->game.g.pos.side] = PL_HUMAN;
            return;
        }
        u->engine.thinking = true;
        memset(&u->engine.info, 0, sizeof u->engine.info);
        return;
    }
    if (!search_poll(u->engine.search, &u->engine.info))
        return;
    u->engine.thinking = false;
    if (!u->engine.info.has_best)
        return;
    for (int i = 0; i < u->board.legal.n; i++) {
        if (move_equal(&u->board.legal.m[i], &u->engine.info.best)) {
            u->engine.last_score = u->engine.info.score;
            u->engine.have_score = true;
            Move m = u->board.legal.m[i];
            char buf[200];
            ui_move_message(u, &m, buf, sizeof buf);
            ui_play(u, &m);
            ui_bell(u);
            if (u->engine.info.note[0])
                ui_msg(u, true, "Computer played %s (%s)", buf, u->engine.info.note);
            else
                ui_msg(u, false, "Computer played %s", buf);
            return;
        }
    }
    ui_msg(u, true, "the computer chose an illegal move; you play this side now");
    u->game.player[u->game.g.pos.side] = PL_HUMAN;
}
