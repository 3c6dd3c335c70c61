/* Lessons in the tutorial's sandbox: the menu by collection (rule text and variant) and topic, a
 * lesson's position with its claimed moves marked (every shipped claim
 * equals the rules, tests/test_lessons.c; a lesson whose claims do not
 * hold is refused here too), its text wrapped into the panel, the
 * exercises (the answer judged, the answer shown after the second wrong
 * try) and the progress kept in the state directory. */
#include "ui_lesson.h"
#include "ui_board_input.h"
#include "ui_screen.h"

#include <curses.h>
#include <stdlib.h>
#include <string.h>

static const char *lesson_file(const LessonView *lv, const Lesson *l)
{
    return lv->set.files[l->file];
}

/* Reads the lessons and the progress once; each file's collection (or
 * else the variant's title) names the menu's groups. */
/* The lessons' menus are dialogs (ui_lesson_answered goes on); a menu
 * that cannot be asked is told. */
static void ask(Ui *t, bool ok)
{
    if (!ok)
        ui_msg(t, true, "The question does not fit on the screen's dialog");
}

static bool load(Ui *t, LessonView *lv)
{
    if (lv->loaded)
        return true;
    DataErrors *e = calloc(1, sizeof *e);
    if (!e)
        return false;
    if (lesson_load_dir(&lv->set, t->data_dir, e)) {
        ui_msg(t, true, "%s", e->n ? e->msg[0] : "lessons: cannot be read");
        lesson_set_free(&lv->set);
        free(e);
        return false;
    }
    free(e);
    for (int i = 0; i < lv->set.n; i++) {
        char err[400];
        const Lesson *l = &lv->set.l[i];
        if (lv->set.collection[l->file][0]) {
            snprintf(lv->group[i], sizeof lv->group[i], "%s", lv->set.collection[l->file]);
            continue;
        }
        int same = -1;
        for (int j = 0; j < i && same < 0; j++)
            if (!strcmp(lv->set.l[j].variant, l->variant) && !lv->set.collection[lv->set.l[j].file][0])
                same = j;
        if (same >= 0) {
            memcpy(lv->group[i], lv->group[same], sizeof lv->group[i]);
            continue;
        }
        Variant *v = lesson_variant(l, t->data_dir, err, sizeof err);
        snprintf(lv->group[i], sizeof lv->group[i], "%s", v ? v->title : l->variant);
        variant_free(v);
    }
    char note[1400];
    ui_progress_load(&lv->progress, note, sizeof note);
    if (note[0])
        ui_msg(t, true, "%s", note);
    lv->loaded = true;
    lv->cur = -1;
    return true;
}

static void save_progress(Ui *t, LessonView *lv, int state)
{
    const Lesson *l = &lv->set.l[lv->cur];
    if (ui_progress_get(&lv->progress, l->id) >= state)
        return;
    char err[800];
    if (!ui_progress_mark(&lv->progress, l->id, state) || ui_progress_save(&lv->progress, err, sizeof err))
        ui_msg(t, true, "lesson progress not saved: %s", err);
}

/* The distinct values of one field among the lessons of a group, in the
 * order of the files. */
static int distinct(const LessonView *lv, int *first, int max, const char *group)
{
    int n = 0;
    for (int i = 0; i < lv->set.n && n < max; i++) {
        const Lesson *l = &lv->set.l[i];
        if (group && strcmp(lv->group[i], group))
            continue;
        bool seen = false;
        for (int j = 0; j < n && !seen; j++)
            seen = group ? !strcmp(lv->set.l[first[j]].topic, l->topic)
                           : !strcmp(lv->group[first[j]], lv->group[i]);
        if (!seen)
            first[n++] = i;
    }
    return n;
}

#define MENU_MAX 20

/* The lessons of one topic, asked. */
static void lesson_menu(Ui *t, LessonView *lv, const char *group, const char *topic)
{
    char labels[MENU_MAX][120];
    const char *items[MENU_MAX];
    int *idx = lv->ask_idx, n = 0;
    for (int i = 0; i < lv->set.n && n < MENU_MAX; i++) {
        const Lesson *l = &lv->set.l[i];
        if (strcmp(lv->group[i], group) || strcmp(l->topic, topic))
            continue;
        int st = ui_progress_get(&lv->progress, l->id);
        snprintf(labels[n], sizeof labels[n], "%s%s", l->title,
                 st == PROGRESS_SOLVED ? "  [solved]" : st == PROGRESS_SEEN ? "  [seen]" : "");
        items[n] = labels[n];
        idx[n++] = i;
    }
    int more = 0;
    if (n == MENU_MAX)
        for (int i = idx[n - 1] + 1; i < lv->set.n; i++)
            more += !strcmp(lv->group[i], group) && !strcmp(lv->set.l[i].topic, topic);
    lv->ask_n = n;
    lv->ask_more = more;
    ask(t, screen_ask_menu(LESSON_ASK_LESSON, topic, items, n));
}

void ui_lesson_menu(Ui *t, LessonView *lv, const char *const *extra_items, int extra_n)
{
    if (!load(t, lv))
        return;
    int *first = lv->ask_first;
    int ng = distinct(lv, first, MENU_MAX - extra_n, NULL);
    const char *items[MENU_MAX];
    for (int i = 0; i < ng; i++)
        items[i] = lv->group[first[i]];
    for (int i = 0; i < extra_n; i++)
        items[ng + i] = extra_items[i];
    lv->ask_ng = ng;
    ask(t, screen_ask_menu(LESSON_ASK_GROUP, "Lessons from the rule texts", items, ng + extra_n));
}

/* The group chosen: its topics, asked. */
static void topic_menu(Ui *t, LessonView *lv, int g)
{
    lv->ask_group = lv->ask_first[g];
    const char *group = lv->group[lv->ask_group];
    int nt = distinct(lv, lv->ask_first, MENU_MAX, group);
    const char *titems[MENU_MAX];
    for (int i = 0; i < nt; i++)
        titems[i] = lv->set.l[lv->ask_first[i]].topic;
    ask(t, screen_ask_menu(LESSON_ASK_TOPIC, group, titems, nt));
}

static void choose_drop_answered(Ui *t, LessonView *lv, int pick);
static void judge(Ui *t, LessonView *lv, const Move *played);

int ui_lesson_answered(Ui *t, LessonView *lv, int tag, int k)
{
    if (tag == LESSON_ASK_GROUP && k >= lv->ask_ng)
        return k - lv->ask_ng;
    if (tag == LESSON_ASK_GROUP && k >= 0)
        topic_menu(t, lv, k);
    else if (tag == LESSON_ASK_TOPIC && k >= 0)
        lesson_menu(t, lv, lv->group[lv->ask_group], lv->set.l[lv->ask_first[k]].topic);
    else if (tag == LESSON_ASK_LESSON && k >= 0 && k < lv->ask_n) {
        if (lv->ask_more)
            ui_msg(t, true, "The menu lists the first %d lessons of %s; n reaches the %d more", MENU_MAX,
                   lv->set.l[lv->ask_idx[k]].topic, lv->ask_more);
        ui_lesson_open(t, lv, lv->ask_idx[k]);
    } else if (tag == LESSON_ASK_DROP && k >= 0)
        choose_drop_answered(t, lv, k);
    else if (tag == LESSON_ASK_WHICH && k >= 0 && k < lv->ask_ncand && lv->cur >= 0)
        judge(t, lv, &lv->ask_cand[k]);
    else if (tag == LESSON_ASK_WHICH)
        ui_msg(t, false, "Move cancelled");
    return -1;
}

static int centre_of(const Variant *v)
{
    int sq = nc_sq(v, (v->width - 1) / 2, (v->height - 1) / 2);
    return v->exists[sq] ? sq : v->squares[0];
}

/* Builds the lesson's game in the sandbox: its variant, position and
 * moves, then its selection; answers are read in the position shown. */
static bool build(Ui *t, LessonView *lv, const Lesson *l, char *err, int errlen)
{
    if (ui_game_new(t, t->data_dir, l->variant, l->setup[0] ? l->setup : NULL, l->options[0] ? l->options : NULL,
                    l->titans[0] ? l->titans : NULL, l->position, err, errlen))
        return false;
    for (int i = 0; i < l->nplay; i++) {
        Move m;
        if (move_from_text(&t->game.g.pos, l->play[i], &m, err, errlen))
            return false;
        ui_play(t, &m);
    }
    t->game.end = END_NONE;
    t->board.cursor = centre_of(t->game.v);
    lv->nanswers = 0;
    for (int i = 0; i < l->nanswers; i++)
        if (move_from_text(&t->game.g.pos, l->answer[i], &lv->answer[lv->nanswers++], err, errlen))
            return false;
    if (!l->select[0])
        return true;
    int sq, drop_type;
    if (lesson_selection(l, &t->game.g.pos, &sq, &drop_type, err, errlen))
        return false;
    if (sq) {
        t->board.cursor = sq;
        t->mode.tut_type = nc_type(t->game.g.pos.board[sq]);
        if (!lesson_is_exercise(l))
            ui_select(t, sq);
    } else if (!lesson_is_exercise(l)) {
        t->mode.tut_type = drop_type;
        ui_select_drop(t, drop_type);
    }
    return true;
}

bool ui_lesson_open(Ui *t, LessonView *lv, int i)
{
    if (!load(t, lv) || i < 0 || i >= lv->set.n)
        return false;
    const Lesson *l = &lv->set.l[i];
    DataErrors *e = calloc(1, sizeof *e);
    char err[600] = "";
    bool ok = e && lesson_check(&lv->set, l, t->data_dir, e) == 0;
    if (!ok) {
        ui_msg(t, true, "%s", e && e->n ? e->msg[0] : "out of memory");
        free(e);
        return false;
    }
    free(e);
    if (!build(t, lv, l, err, sizeof err)) {
        ui_msg(t, true, "%s:%d: %s", lesson_file(lv, l), l->line[LK_LESSON], err);
        lv->cur = -1;
        return false;
    }
    lv->cur = i;
    lv->tries = 0;
    lv->solved = lv->revealed = false;
    save_progress(t, lv, PROGRESS_SEEN);
    if (lesson_is_exercise(l))
        ui_msg(t, false, "Exercise: choose a piece, then its destination (Enter or click)");
    else
        ui_msg(t, false, "Lesson %d of %d: n next, b previous, L lessons, r again", i + 1, lv->set.n);
    return true;
}

/* The answer: its piece selected, the cursor on its destination. */
static void reveal(Ui *t, LessonView *lv)
{
    const Move *m = &lv->answer[0];
    if (m->kind == MK_DROP)
        ui_select_drop(t, m->promo - 1);
    else
        ui_select(t, m->from);
    t->board.cursor = m->to;
    ui_hover(t);
    lv->revealed = true;
}

static bool is_answer(const LessonView *lv, const Move *m)
{
    for (int i = 0; i < lv->nanswers; i++)
        if (move_equal(&lv->answer[i], m))
            return true;
    return false;
}

static bool open_exercise(const LessonView *lv)
{
    return lv->cur >= 0 && lesson_is_exercise(&lv->set.l[lv->cur]) && !lv->solved && !lv->revealed;
}

static const char *side_name(int side)
{
    return side == NC_WHITE ? "White" : "Black";
}

/* A piece in hand of the side to move selected for dropping (the lesson's
 * position stays as it is, unlike the sandbox's drop page). */
static void choose_drop(Ui *t, LessonView *lv)
{
    int side = t->game.g.pos.side, n = 0;
    char labels[NC_MAX_TYPES][64];
    const char *items[NC_MAX_TYPES];
    for (int ty = 0; ty < t->game.v->ntypes; ty++)
        if (t->game.g.pos.hand[side][ty]) {
            snprintf(labels[n], sizeof labels[n], "%s (%d in hand)", ui_type_name(t->game.v, ty),
                     t->game.g.pos.hand[side][ty]);
            items[n] = labels[n];
            lv->ask_types[n++] = ty;
        }
    if (n == 0)
        ui_msg(t, true, "%s has no pieces in hand", side_name(side));
    else if (n == 1)
        ui_lesson_select_drop(t, lv->ask_types[0]);
    else
        ask(t, screen_ask_menu(LESSON_ASK_DROP, "Drop which piece?", items, n));
}

static void choose_drop_answered(Ui *t, LessonView *lv, int pick)
{
    if (pick < NC_MAX_TYPES)
        ui_lesson_select_drop(t, lv->ask_types[pick]);
}

void ui_lesson_select_drop(Ui *t, int type)
{
    t->mode.tut_type = type;
    ui_select_drop(t, type);
    ui_msg(t, false, "Drop the %s: choose a marked square", ui_type_name(t->game.v, type));
}

static void judge_named(Ui *t, void *lv, const Move *m)
{
    judge(t, lv, m);
}

/* Judges the move the player chose at the cursor. */
bool ui_lesson_activate(Ui *t, LessonView *lv)
{
    if (!open_exercise(lv))
        return false;
    int code = t->game.g.pos.board[t->board.cursor];
    Move c[32];
    int n = t->board.sel || t->board.drop_type >= 0 ? ui_candidates(t, t->board.cursor, c, 32) : 0;
    if (n == 0 && code != NC_EMPTY && nc_colour(code) != t->game.g.pos.side) {
        /* The sandbox would hand the move to that side, losing the
         * exercise's castling and en-passant rights. */
        ui_msg(t, true, "It is %s to move in this exercise", side_name(t->game.g.pos.side));
        return true;
    }
    if (n == 0 && (t->board.sel || t->board.drop_type >= 0) && t->board.cursor != t->board.sel &&
        (code == NC_EMPTY || nc_colour(code) != t->game.g.pos.side)) {
        char sqn[8];
        ui_msg(t, true, "No legal move of the selection goes to %s; choose a marked square",
               nc_sqname(t->game.v, t->board.cursor, sqn));
        return true;
    }
    if (n == 0)
        return false;
    ui_board_candidates(t, c, n, judge_named, lv, LESSON_ASK_WHICH, lv->ask_cand, &lv->ask_ncand);
    return true;
}

/* The move the player chose in an exercise: right, or a try. */
static void judge(Ui *t, LessonView *lv, const Move *m)
{
    Move played = *m;
    char what[200];
    ui_describe_move(t, &played, what, sizeof what);
    const Lesson *l = &lv->set.l[lv->cur];
    if (is_answer(lv, &played)) {
        ui_play(t, &played);
        t->game.end = END_NONE;
        lv->solved = true;
        ui_msg(t, false, "Right: %s", what);
        save_progress(t, lv, PROGRESS_SOLVED);
        return;
    }
    lv->tries++;
    ui_select(t, 0);
    if (lv->tries >= 2) {
        reveal(t, lv);
        char ans[200];
        ui_describe_move(t, &lv->answer[0], ans, sizeof ans);
        ui_msg(t, true, "Not %s. The answer: %s", what, ans);
    } else {
        ui_msg(t, true, "Not right: %s. %s", what, l->hint[0] ? l->hint : "Try once more.");
    }
}

static void step(Ui *t, LessonView *lv, int dir)
{
    int i = lv->cur + dir;
    if (i < 0 || i >= lv->set.n) {
        ui_msg(t, true, "%s lesson", dir > 0 ? "That was the last" : "This is the first");
        return;
    }
    ui_lesson_open(t, lv, i);
}

bool ui_lesson_key(Ui *t, LessonView *lv, int key)
{
    if (lv->cur < 0)
        return false;
    switch (key) {
    case 'n': case ']': case KEY_NPAGE: step(t, lv, 1); return true;
    case 'b': case '[': case KEY_PPAGE: step(t, lv, -1); return true;
    case 'r': ui_lesson_open(t, lv, lv->cur); return true;
    case 'd': choose_drop(t, lv); return true;
    default: return false;
    }
}

/* Word-wraps text into the panel from row y, breaking only at spaces (a
 * single word wider than the panel is the one thing split); returns the
 * next free row. */
static int wrap(const Ui *t, int y, const char *text, attr_t a)
{
    const Layout *lay = &t->look.lay;
    int w = lay->pw - 1, bottom = lay->py + lay->ph;
    const char *s = text;
    attrset(a);
    while (*s && y < bottom) {
        while (*s == ' ')
            s++;
        int n = (int)strlen(s);
        if (n > w) {
            int cut = w;
            while (cut > 0 && s[cut] != ' ')
                cut--;
            n = cut > 0 ? cut : w;
        }
        mvprintw(y++, lay->px, "%.*s", n, s);
        s += n;
    }
    while (*s == ' ')
        s++;
    if (*s) {
        /* Out of rows: say so rather than lose the rest unseen. */
        attrset(A_BOLD);
        mvprintw(bottom - 1, lay->px, "%-*.*s", w, w, "[more: a taller terminal shows it]");
    }
    attrset(A_NORMAL);
    return y;
}

void ui_lesson_draw(Ui *t, LessonView *lv)
{
    if (lv->cur < 0 || t->look.lay.too_small)
        return;
    const Lesson *l = &lv->set.l[lv->cur];
    const Layout *lay = &t->look.lay;
    /* Below the panel's status, hands and cursor lines (ui_board.c). */
    int y = lay->py + 3 + (t->game.v->has_drops ? 2 : 0) + 2;
    for (int r = y; r < lay->py + lay->ph; r++) {
        move(r, lay->px);
        clrtoeol();
    }
    char head[160];
    int st = ui_progress_get(&lv->progress, l->id);
    snprintf(head, sizeof head, "%s - lesson %d/%d%s", l->topic, lv->cur + 1, lv->set.n,
             st == PROGRESS_SOLVED ? " [solved]" : "");
    y = wrap(t, y, head, t->look.colours ? COLOR_PAIR(PAIR_TITLE) | A_BOLD : A_BOLD);
    y = wrap(t, y, l->title, A_BOLD);
    bool exercise = lesson_is_exercise(l);
    if (exercise)
        y = wrap(t, y, l->question, t->look.colours ? COLOR_PAIR(PAIR_GOOD) | A_BOLD : A_BOLD);
    if (!exercise || lv->solved || lv->revealed)
        y = wrap(t, y, l->explain, A_NORMAL);
    else
        y = wrap(t, y, "Select the piece and its destination with Enter or the mouse.", A_DIM);
    if (l->source[0] && y + 1 < lay->py + lay->ph)
        wrap(t, y + 1, l->source, t->look.colours ? COLOR_PAIR(PAIR_DIM) : A_DIM);
    int cy, cx;
    ui_square_cell(t, t->board.cursor, &cy, &cx);
    move(cy + lay->ch / 2, cx + lay->cw / 2);
    refresh();
}

void ui_lesson_free(LessonView *lv)
{
    lesson_set_free(&lv->set);
    lv->loaded = false;
    lv->cur = -1;
}
