/* A lesson held against the rules core: its variant and position are
 * built, its moves played, and every claim (the destinations of the
 * selected piece, what each of its moves removes and pushes, the answers
 * of an exercise and its goal) is compared with the generated moves.
 * A claim must be exact and complete: a destination or a removing move
 * the lesson leaves out is as wrong as one it invents. */
#include "lesson.h"

#include "rules/rules.h"
#include "notation/notation.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Counts the problem and adds its message. */
#define problem(e, count, file, line, ...) ((*(count))++, lesson_error((e), (file), (line), __VA_ARGS__))

Variant *lesson_variant(const Lesson *l, const char *data_dir, char *err, int errlen)
{
    DataErrors *de = calloc(1, sizeof *de);
    if (!de) {
        snprintf(err, (size_t)errlen, "out of memory");
        return NULL;
    }
    char why[300];
    Variant *v = variant_load_configured(data_dir, l->variant, l->setup, l->options, l->titans, de, why, sizeof why);
    if (!v && de->n)
        snprintf(err, (size_t)errlen, "variant '%s' does not load: %s", l->variant, de->msg[0]);
    else if (!v)
        snprintf(err, (size_t)errlen, "variant '%s': %s", l->variant, why);
    free(de);
    return v;
}

int lesson_position(const Lesson *l, const Variant *v, Position *p, char *err, int errlen)
{
    char why[400];
    if (pos_from_fen(p, v, l->position, why, sizeof why)) {
        snprintf(err, (size_t)errlen, "position: %s", why);
        return -1;
    }
    for (int i = 0; i < l->nplay; i++) {
        Move m;
        Undo u;
        if (move_from_text(p, l->play[i], &m, why, sizeof why)) {
            snprintf(err, (size_t)errlen, "play: %s", why);
            return -1;
        }
        make_move(p, &m, &u);
    }
    return 0;
}

int lesson_selection(const Lesson *l, const Position *p, int *sq, int *drop_type, char *err, int errlen)
{
    const Variant *v = p->v;
    const char *side = nc_colour_name(p->side);
    *sq = 0;
    *drop_type = -1;
    if (!l->select[0]) {
        snprintf(err, (size_t)errlen, "no selection");
        return -1;
    }
    if (l->select[1] == '@') {
        int t = nc_type_of_letter(v, l->select[0]);
        if (t < 0 || !v->droppable[t] || !p->hand[p->side][t]) {
            snprintf(err, (size_t)errlen, "select %s: %s has no such piece in hand", l->select, side);
            return -1;
        }
        *drop_type = t;
        return 0;
    }
    const char *s = l->select;
    int q = nc_parse_sq(v, &s);
    if (q < 0 || *s) {
        snprintf(err, (size_t)errlen, "bad square '%s': not a square of %s", l->select, v->name);
        return -1;
    }
    int code = p->board[q];
    if (code == NC_EMPTY || nc_colour(code) != p->side) {
        snprintf(err, (size_t)errlen, "select %s: no piece of the side to move (%s) there", l->select, side);
        return -1;
    }
    *sq = q;
    return 0;
}

/* The lesson's state while it is checked. */
typedef struct {
    const Lesson *l;
    const char *file;
    DataErrors *e;
    int count;
    Position pos;
    MoveList *ml;
    bool sel[NC_MAX_MOVES];      /* move i belongs to the selection */
} Check;

#define PROBLEM(c, key, ...) problem((c)->e, &(c)->count, (c)->file, (c)->l->line[key], __VA_ARGS__)

static int square_of(Check *c, const char *name, int line)
{
    const char *s = name;
    int q = nc_parse_sq(c->pos.v, &s);
    if (q < 0 || *s) {
        problem(c->e, &c->count, c->file, line, "bad square '%s': not a square of %s", name, c->pos.v->name);
        return -1;
    }
    return q;
}

static void list_squares(const Variant *v, const uint8_t *set, char *out, size_t len)
{
    size_t n = 0;
    out[0] = 0;
    for (int i = 0; i < v->nsquares && n + 6 < len; i++)
        if (set[v->squares[i]]) {
            char name[8];
            n += (size_t)snprintf(out + n, len - n, "%s%s", n ? " " : "", nc_sqname(v, v->squares[i], name));
        }
}

static void check_destinations(Check *c)
{
    const Variant *v = c->pos.v;
    uint8_t got[NC_MAX_SQ] = {0}, claimed[NC_MAX_SQ] = {0}, missing[NC_MAX_SQ] = {0}, extra[NC_MAX_SQ] = {0};
    for (int i = 0; i < c->ml->n; i++)
        if (c->sel[i])
            got[c->ml->m[i].to] = 1;
    for (int i = 0; i < c->l->ndests; i++) {
        int q = square_of(c, c->l->dests[i], c->l->line[LK_DESTINATIONS]);
        if (q < 0)
            return;
        claimed[q] = 1;
    }
    bool any_missing = false, any_extra = false;
    for (int i = 0; i < NC_MAX_SQ; i++) {
        missing[i] = got[i] && !claimed[i];
        extra[i] = claimed[i] && !got[i];
        any_missing |= missing[i];
        any_extra |= extra[i];
    }
    char list[600];
    if (any_extra) {
        list_squares(v, extra, list, sizeof list);
        PROBLEM(c, LK_DESTINATIONS, "destinations: the rules give no move of %s to %s", c->l->select, list);
    }
    if (any_missing) {
        list_squares(v, missing, list, sizeof list);
        PROBLEM(c, LK_DESTINATIONS, "destinations: %s also goes to %s, which the lesson leaves out", c->l->select,
                list);
    }
}

static bool fx_matches(int kind, bool pushes)
{
    return pushes ? kind == FX_PUSH : kind != FX_PUSH;
}

/* The squares move m removes (or pushes); returns how many. */
static int effect_set(Check *c, const Move *m, bool pushes, uint8_t *set)
{
    MoveEffects fx;
    move_effects(&c->pos, m, &fx);
    memset(set, 0, NC_MAX_SQ);
    int n = 0;
    for (int i = 0; i < fx.n; i++)
        if (fx_matches(fx.kind[i], pushes) && !set[fx.sq[i]]) {
            set[fx.sq[i]] = 1;
            n++;
        }
    return n;
}

/* Each claim equals what every move of the selection to its square does,
 * and every move that removes (pushes) something has its claim. */
static void check_claims(Check *c, bool pushes)
{
    const Variant *v = c->pos.v;
    const char *word = pushes ? "pushes" : "removes";
    int n = pushes ? c->l->npushes : c->l->nremoves;
    const LessonClaim *cl = pushes ? c->l->pushes : c->l->removes;
    int claim_of[NC_MAX_SQ], to_sq[LESSON_MAX_CLAIMS];
    for (int i = 0; i < NC_MAX_SQ; i++)
        claim_of[i] = -1;
    uint8_t want[LESSON_MAX_CLAIMS][NC_MAX_SQ];
    for (int k = 0; k < n; k++) {
        int to = square_of(c, cl[k].to, cl[k].line);
        if (to < 0)
            return;
        claim_of[to] = k;
        to_sq[k] = to;
        memset(want[k], 0, sizeof want[k]);
        for (int j = 0; j < cl[k].nsq; j++) {
            int q = square_of(c, cl[k].sq[j], cl[k].line);
            if (q < 0)
                return;
            want[k][q] = 1;
        }
    }
    bool used[LESSON_MAX_CLAIMS] = {0};
    for (int i = 0; i < c->ml->n; i++) {
        if (!c->sel[i])
            continue;
        const Move *m = &c->ml->m[i];
        uint8_t got[NC_MAX_SQ];
        int ng = effect_set(c, m, pushes, got);
        int k = claim_of[m->to];
        char text[160], list[600], name[8];
        move_to_text(&c->pos, m, text, sizeof text);
        list_squares(v, got, list, sizeof list);
        if (k < 0) {
            if (ng)
                PROBLEM(c, LK_SELECT, "the move %s %s %s: a '%s %s' line is missing", text, word, list, word,
                        nc_sqname(v, m->to, name));
            continue;
        }
        used[k] = true;
        if (memcmp(got, want[k], NC_MAX_SQ) != 0) {
            char claimed[600];
            list_squares(v, want[k], claimed, sizeof claimed);
            problem(c->e, &c->count, c->file, cl[k].line, "%s %s: the move %s %s %s, not %s", word, cl[k].to, text,
                    word, ng ? list : "nothing", claimed);
        }
    }
    for (int k = 0; k < n; k++)
        if (!used[k] && claim_of[to_sq[k]] == k)
            problem(c->e, &c->count, c->file, cl[k].line, "%s %s: %s has no move to %s", word, cl[k].to,
                    c->l->select, cl[k].to);
}

/* Whether m gives check (mate with mate set) in c->pos. */
static bool gives(Check *c, const Move *m, bool mate)
{
    Undo u;
    make_move(&c->pos, m, &u);
    bool chk = c->pos.king[c->pos.side] && in_check(&c->pos);
    if (chk && mate) {
        MoveList *reply = malloc(sizeof *reply);
        if (reply) {
            gen_legal(&c->pos, reply);
            chk = reply->n == 0;
            free(reply);
        }
    }
    unmake_move(&c->pos, m, &u);
    return chk;
}

static void check_answers(Check *c)
{
    Move ans[LESSON_MAX_ANSWERS];
    for (int i = 0; i < c->l->nanswers; i++) {
        char why[400];
        if (move_from_text(&c->pos, c->l->answer[i], &ans[i], why, sizeof why)) {
            PROBLEM(c, LK_ANSWER, "answer: %s", why);
            return;
        }
    }
    if (c->l->goal == GOAL_NONE)
        return;
    bool mate = c->l->goal == GOAL_MATE;
    const char *what = mate ? "mates" : "gives check";
    for (int i = 0; i < c->ml->n; i++) {
        if (c->l->select[0] && !c->sel[i])
            continue;
        bool is_answer = false;
        for (int j = 0; j < c->l->nanswers; j++)
            is_answer |= move_equal(&ans[j], &c->ml->m[i]);
        bool g = gives(c, &c->ml->m[i], mate);
        char text[160];
        move_to_text(&c->pos, &c->ml->m[i], text, sizeof text);
        if (g && !is_answer)
            PROBLEM(c, LK_ANSWER, "goal %s: %s also %s but is not an answer", mate ? "mate" : "check", text, what);
        else if (!g && is_answer)
            PROBLEM(c, LK_ANSWER, "goal %s: the answer %s does not %s", mate ? "mate" : "check", text,
                    mate ? "mate" : "give check");
    }
}

/* Marks the moves of the selection in c->sel. */
static void select_moves(Check *c, int sq, int drop_type)
{
    for (int i = 0; i < c->ml->n; i++) {
        const Move *m = &c->ml->m[i];
        c->sel[i] = drop_type >= 0 ? m->kind == MK_DROP && m->promo == drop_type + 1
                                   : m->kind != MK_DROP && m->from == sq;
    }
}

int lesson_check(const LessonSet *s, const Lesson *l, const char *data_dir, DataErrors *e)
{
    Check *c = calloc(1, sizeof *c);
    MoveList *ml = malloc(sizeof *ml);
    if (!c || !ml) {
        free(c);
        free(ml);
        int dummy = 0;
        problem(e, &dummy, s->files[l->file], l->line[LK_LESSON], "out of memory");
        return 1;
    }
    c->l = l;
    c->file = s->files[l->file];
    c->e = e;
    c->ml = ml;
    char err[600];
    Variant *v = lesson_variant(l, data_dir, err, sizeof err);
    if (!v) {
        PROBLEM(c, LK_VARIANT, "%s", err);
    } else if (lesson_position(l, v, &c->pos, err, sizeof err)) {
        PROBLEM(c, !strncmp(err, "play", 4) ? LK_PLAY : LK_POSITION, "%s", err);
    } else {
        gen_legal(&c->pos, ml);
        int sq, drop_type;
        if (l->select[0] && lesson_selection(l, &c->pos, &sq, &drop_type, err, sizeof err)) {
            PROBLEM(c, LK_SELECT, "%s", err);
        } else {
            if (l->select[0]) {
                select_moves(c, sq, drop_type);
                check_destinations(c);
                check_claims(c, false);
                check_claims(c, true);
            }
            if (l->nanswers)
                check_answers(c);
        }
    }
    int count = c->count;
    variant_free(v);
    free(ml);
    free(c);
    return count;
}
