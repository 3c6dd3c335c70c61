/* The lessons of data/lessons/ against the rules core, each claim compared
 * here with the generated moves (destinations of the selected piece, the
 * squares each of its moves removes and pushes, the answers), besides
 * the library's own check; the rule texts' examples are all there, in the
 * texts' order; bad lesson files give the documented FILE:LINE messages;
 * the progress file is written atomically and a damaged one is set aside. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lesson/lesson.h"
#include "rules/rules.h"
#include "notation/notation.h"
#include "ui/ui_lesson.h"

static LessonSet shipped;

static int load_shipped(void **state)
{
    (void)state;
    static DataErrors e;
    memset(&shipped, 0, sizeof shipped);
    if (lesson_load_dir(&shipped, NC_TEST_DATA_DIR, &e)) {
        data_errors_print(&e, stderr);
        return -1;
    }
    return 0;
}

static int free_shipped(void **state)
{
    (void)state;
    lesson_set_free(&shipped);
    return 0;
}

static int sq_of(const Variant *v, const char *name)
{
    const char *s = name;
    int q = nc_parse_sq(v, &s);
    if (q < 0 || *s)
        fail_msg("square %s of a shipped lesson is not on the board of %s", name, v->name);
    return q;
}

/* The squares a move removes (pushes) as a 0/1 table. */
static void effects_of(const Position *p, const Move *m, bool pushes, uint8_t *set)
{
    MoveEffects fx;
    move_effects(p, m, &fx);
    memset(set, 0, NC_MAX_SQ);
    for (int i = 0; i < fx.n; i++)
        if ((fx.kind[i] == FX_PUSH) == pushes)
            set[fx.sq[i]] = 1;
}

/* The claim table of one kind: want[to][sq]; has[to] when a line names to. */
static void claim_table(const Variant *v, const LessonClaim *c, int n, uint8_t (*want)[NC_MAX_SQ], uint8_t *has)
{
    for (int k = 0; k < n; k++) {
        int to = sq_of(v, c[k].to);
        has[to] = 1;
        for (int j = 0; j < c[k].nsq; j++)
            want[to][sq_of(v, c[k].sq[j])] = 1;
    }
}

static int mismatches;

#define MISMATCH(l, ...) (mismatches++, fprintf(stderr, "lesson %s: ", (l)->id), fprintf(stderr, __VA_ARGS__), \
                          fputc('\n', stderr))

/* One lesson's selection: destinations and every move's effects. */
static void check_selection(const Lesson *l, Position *p, const MoveList *ml)
{
    const Variant *v = p->v;
    int from = 0, drop = -1;
    if (l->select[1] == '@')
        drop = nc_type_of_letter(v, l->select[0]);
    else
        from = sq_of(v, l->select);
    static uint8_t want_rm[NC_MAX_SQ][NC_MAX_SQ], want_push[NC_MAX_SQ][NC_MAX_SQ];
    uint8_t has_rm[NC_MAX_SQ] = {0}, has_push[NC_MAX_SQ] = {0}, dest[NC_MAX_SQ] = {0}, claimed[NC_MAX_SQ] = {0};
    memset(want_rm, 0, sizeof want_rm);
    memset(want_push, 0, sizeof want_push);
    claim_table(v, l->removes, l->nremoves, want_rm, has_rm);
    claim_table(v, l->pushes, l->npushes, want_push, has_push);
    for (int i = 0; i < l->ndests; i++)
        claimed[sq_of(v, l->dests[i])] = 1;
    for (int i = 0; i < ml->n; i++) {
        const Move *m = &ml->m[i];
        bool mine = drop >= 0 ? m->kind == MK_DROP && m->promo == drop + 1 : m->kind != MK_DROP && m->from == from;
        if (!mine)
            continue;
        dest[m->to] = 1;
        char text[160];
        move_to_text(p, m, text, sizeof text);
        uint8_t got[NC_MAX_SQ];
        effects_of(p, m, false, got);
        if (memcmp(got, want_rm[m->to], NC_MAX_SQ))
            MISMATCH(l, "the move %s removes other squares than claimed", text);
        effects_of(p, m, true, got);
        if (memcmp(got, want_push[m->to], NC_MAX_SQ))
            MISMATCH(l, "the move %s pushes other squares than claimed", text);
    }
    for (int sq = 0; sq < NC_MAX_SQ; sq++) {
        char name[8];
        if (dest[sq] != claimed[sq])
            MISMATCH(l, "destination %s: %s by the rules, %s by the lesson", nc_sqname(v, sq, name),
                     dest[sq] ? "yes" : "no", claimed[sq] ? "yes" : "no");
        if ((has_rm[sq] || has_push[sq]) && !dest[sq])
            MISMATCH(l, "a claim for %s, which is no destination", nc_sqname(v, sq, name));
    }
}

static void check_one(const Lesson *l)
{
    DataErrors *e = calloc(1, sizeof *e);
    Variant *v = variant_load(NC_TEST_DATA_DIR, l->variant, e);
    assert_non_null(v);
    char err[400];
    if (l->setup[0])
        assert_int_equal(variant_set_setup(v, l->setup, err, sizeof err), 0);
    if (l->options[0])
        assert_int_equal(variant_set_options(v, l->options, err, sizeof err), 0);
    if (l->titans[0])
        assert_int_equal(variant_set_titans(v, l->titans, err, sizeof err), 0);
    Position p;
    if (pos_from_fen(&p, v, l->position, err, sizeof err))
        fail_msg("lesson %s: position: %s", l->id, err);
    for (int i = 0; i < l->nplay; i++) {
        Move m;
        Undo u;
        if (move_from_text(&p, l->play[i], &m, err, sizeof err))
            fail_msg("lesson %s: play: %s", l->id, err);
        make_move(&p, &m, &u);
    }
    MoveList *ml = malloc(sizeof *ml);
    gen_legal(&p, ml);
    if (l->select[0])
        check_selection(l, &p, ml);
    for (int i = 0; i < l->nanswers; i++) {
        Move m;
        if (move_from_text(&p, l->answer[i], &m, err, sizeof err))
            MISMATCH(l, "answer %s: %s", l->answer[i], err);
    }
    free(ml);
    variant_free(v);
    free(e);
}

static void shipped_claims_hold(void **state)
{
    (void)state;
    assert_true(shipped.n >= 100);
    mismatches = 0;
    for (int i = 0; i < shipped.n; i++)
        check_one(&shipped.l[i]);
    assert_int_equal(mismatches, 0);
    /* The library's own check agrees. */
    DataErrors *e = calloc(1, sizeof *e);
    int problems = 0;
    for (int i = 0; i < shipped.n; i++)
        problems += lesson_check(&shipped, &shipped.l[i], NC_TEST_DATA_DIR, e);
    data_errors_print(e, stderr);
    assert_int_equal(problems, 0);
    free(e);
}

/* Every worked example of the four rule texts, in the texts' order. */
static const char *const examples[] = {
    /* Titan Chess */
    "tc-ninja-pawn-run", "tc-ninja-pawn-upper", "tc-ninja-pawn-no-ep", "tc-ninja-pawn-promotion",
    "tc-ninja-warrior", "tc-leaping-guard", "tc-bomber-f4", "tc-bomber-both", "tc-bomber-no-rook",
    "tc-bomber-knight-safe", "tc-raptor-d4", "tc-raptor-both", "tc-guard-raptor-diagram", "tc-quad-bomber-d4",
    "tc-quad-bomber-f5-gone", "tc-quad-bomber-g5-gone", "tc-quad-raptor-d4", "tc-quad-raptor-a6-gone",
    "tc-quad-raptor-b5-gone", "tc-quad-raptor-knight", "tc-castling", "tc-castling-black", "tc-pawn-run",
    "tc-pawn-after-g5", "tc-pawn-after-g4", "tc-pawn-after-capture", "tc-ep-a5", "tc-ep-a6", "tc-ep-b6",
    "tc-ep-avoid", "tc-ep-second-move", "tc-ep-next-move-only", "tc-promotion",
    /* Titan Pieces */
    "tp-push", "tp-exile", "tp-crush", "tp-crush-own", "tp-chain", "tp-chain-exile", "tp-own-titan",
    "tp-push-into-check", "tp-crush-own-king", "tp-pawn-push", "tp-knight-cannot", "tp-bent-push",
    "tp-king-cannot", "tp-king-exiles", "tp-push-away-check",
    /* Stealth Ninja Chess */
    "sn-ninja-guard", "sn-ninja-warrior", "sn-ninja-pawn-run", "sn-ninja-pawn-centre", "sn-ninja-pawn-past",
    "sn-ninja-pawn-e9", "sn-ninja-pawn-no-ep", "sn-ninja-pawn-f3", "sn-ninja-pawn-h9", "sn-gryphon-h1",
    "sn-anti-gryphon-e4", "sn-anti-gryphon-blocked", "sn-rear-drop", "sn-rear-drop-anti", "sn-ninja-pawn-drop",
    "sn-ninja-pawn-drop-black", "sn-drop-block", "sn-castling", "sn-castling-second", "sn-pawn-run",
    "sn-pawn-after-f4", "sn-pawn-after-f3", "sn-pawn-after-capture", "sn-ep-a4", "sn-ep-a5", "sn-ep-b5",
    "sn-ep-avoid", "sn-ep-second-move", "sn-ninja-pawn-exempt", "sn-promotion", "sn-insane-ninja", "sn-scepter",
    /* Flying Warmachines */
    "fw-ferz-knight", "fw-wazir-knight", "fw-warmachine-d5", "fw-warelephant-d5", "fw-ninja-pawn-run",
    "fw-ninja-pawn-past", "fw-ninja-pawn-e9", "fw-ninja-pawn-no-ep", "fw-ninja-pawn-f3", "fw-ninja-pawn-h9",
    "fw-ninja-pawn-drop", "fw-castling", "fw-pawn-run", "fw-ep-a4", "fw-ep-b5", "fw-promotion",
};

static void examples_in_text_order(void **state)
{
    (void)state;
    static const char *const collections[] = {"Titan Chess", "Titan Pieces", "Stealth Ninja Chess",
                                              "Flying Warmachines"};
    assert_int_equal(shipped.nfiles, 4);
    for (int f = 0; f < 4; f++)
        assert_string_equal(shipped.collection[f], collections[f]);
    int last = -1;
    for (size_t k = 0; k < sizeof examples / sizeof examples[0]; k++) {
        int at = -1;
        for (int i = 0; i < shipped.n; i++)
            if (!strcmp(shipped.l[i].id, examples[k]))
                at = i;
        if (at < 0)
            fail_msg("no lesson %s", examples[k]);
        if (at < last)
            fail_msg("lesson %s comes before the example listed before it", examples[k]);
        last = at;
    }
}

static void exercises_have_answers(void **state)
{
    (void)state;
    int exercises = 0;
    for (int i = 0; i < shipped.n; i++) {
        const Lesson *l = &shipped.l[i];
        if (!lesson_is_exercise(l))
            continue;
        exercises++;
        assert_true(l->question[0] && l->nanswers > 0 && l->explain[0]);
    }
    assert_true(exercises >= 10);
}

/* ---- bad lesson files ---------------------------------------------- */

#define HEAD "lesson x\n  variant titan-chess\n  topic T\n  title A\n  explain E\n"
#define EXPLAIN100 "  explain " \
    "0123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789\n"
#define BOMBER_POS "  position 12/k11/12/11K/12/5b6/12/12/3rPFpr4/12/5b6/5n6 w - - 0 1\n"

static const struct {
    const char *text, *message;
} bad[] = {
    {HEAD "  frobnicate 3\nend\n", "bad.txt:6: unknown keyword 'frobnicate' in lesson block"},
    {HEAD BOMBER_POS "  select f4\n  destinations f3 z9\nend\n",
     "bad.txt:8: bad square 'z9' (expected a file letter and a rank, like e4 or l12)"},
    {HEAD BOMBER_POS "  select f4\n  destinations d4 f2 f3 f5 f6 f8 h4 f12\n"
          "  removes d4 d4\n  removes f2 f2\n  removes f8 f7\n  removes h4 g4 h4\nend\n",
     "bad.txt:8: destinations: the rules give no move of f4 to f12"},
    {HEAD BOMBER_POS "  select f4\n  destinations d4 f2 f3 f5 f8 h4\n"
          "  removes d4 d4\n  removes f2 f2\n  removes f8 f7\n  removes h4 g4 h4\nend\n",
     "bad.txt:8: destinations: f4 also goes to f6, which the lesson leaves out"},
    {HEAD BOMBER_POS "  select f4\n  destinations d4 f2 f3 f5 f6 f8 h4\n"
          "  removes d4 d4\n  removes f2 f2\n  removes f8 f7\n  removes h4 h4\nend\n",
     "bad.txt:12: removes h4: the move f4-h4xg4xh4 removes g4 h4, not h4"},
    {HEAD BOMBER_POS "  select f4\n  destinations d4 f2 f3 f5 f6 f8 h4\n"
          "  removes d4 d4\n  removes f2 f2\n  removes h4 g4 h4\nend\n",
     "bad.txt:7: the move f4-f8xf7 removes f7: a 'removes f8' line is missing"},
    {HEAD BOMBER_POS "  select f4\n  destinations d4 f2 f3 f5 f6 f8 h4\n"
          "  removes d4 d4\n  removes f2 f2\n  removes f8 f7\n  removes h4 g4 h4\n  pushes f3 f2\nend\n",
     "bad.txt:13: pushes f3: the move f4-f3 pushes nothing, not f2"},
    {HEAD BOMBER_POS "  select g4\n  destinations g3\nend\n",
     "bad.txt:7: select g4: no piece of the side to move (White) there"},
    {HEAD BOMBER_POS "  question Q?\n  answer f4-g4\nend\n", "bad.txt:8: answer: "},
    {HEAD BOMBER_POS "  question Q?\n  answer f4-f8\n  goal check\nend\n",
     "bad.txt:8: goal check: the answer f4-f8xf7 does not give check"},
    {HEAD "  position 12/12/12/12/12/12/12/12/12/12/12/12/12 w - - 0 1\n  question Q?\n  answer a1-a2\nend\n",
     "bad.txt:6: position: "},
    {HEAD "  title B\nend\n", "bad.txt:6: repeated 'title' line (first at line 4)"},
    {"lesson x\n  variant titan-chess\n", "bad.txt:2: lesson 'x' (line 1) not closed with 'end'"},
    {HEAD BOMBER_POS "  select f4\nend\n", "bad.txt:8: lesson 'x' selects f4 but claims no 'destinations'"},
    {"select f4\n", "bad.txt:1: 'select' outside a lesson block"},
    {HEAD "end\n" HEAD "end\n", "bad.txt:7: lesson 'x' is defined twice (first at bad.txt:1)"},
    {"lesson x\n  variant titan-chess\n  topic T\n  explain E\n  title "
     "0123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890\nend\n",
     "bad.txt:5: title longer than 79 bytes"},
    {HEAD "  destinations " "a1 a2 a3 a4 a5 a6 a7 a8 a9 a10 b1 b2 b3 b4 b5 b6 b7 b8 b9 b10 c1 c2 c3 c4 c5 c6 c7 c8 c9 "
          "c10 d1 d2 d3 d4 d5 d6 d7 d8 d9 d10 e1 e2 e3 e4 e5 e6 e7 e8 e9 e10 f1 f2 f3 f4 f5 f6 f7 f8 f9 f10 g1 g2 g3 g4"
          " g5\nend\n",
     "bad.txt:6: more than 64 words on a line"},
    {HEAD "  removes h4 a1 a2 a3 a4 a5 a6 a7 a8 a9\nend\n", "bad.txt:6: more than 8 squares on a 'removes' line"},
    {HEAD "  play a3-a4 a10-a9 b3-b4 b10-b9 c3-c4 c10-c9 d3-d4 d10-d9\n  play e3-e4\nend\n",
     "bad.txt:7: more than 8 play moves in a lesson"},
    {HEAD EXPLAIN100 EXPLAIN100 EXPLAIN100 EXPLAIN100 EXPLAIN100 EXPLAIN100 EXPLAIN100 EXPLAIN100 EXPLAIN100
          EXPLAIN100 EXPLAIN100 "end\n",
     "bad.txt:16: explanation longer than 1023 bytes"},
    {HEAD "  collection X\nend\n", "bad.txt:6: 'collection' belongs outside the lesson blocks"},
    {"collection A\ncollection B\n", "bad.txt:2: repeated 'collection' line (first at line 1)"},
    {HEAD "  goal stalemate\nend\n", "bad.txt:6: bad goal 'stalemate' (check, mate)"},
    {HEAD "  variant nosuch\nend\n", "bad.txt:6: repeated 'variant' line (first at line 2)"},
    {"lesson x\n  variant no-such-variant\n  topic T\n  title A\n  explain E\n" BOMBER_POS
     "  question Q?\n  answer a1-a2\nend\n",
     "bad.txt:2: variant 'no-such-variant' does not load: "},
};

static bool has_message(const DataErrors *e, const char *want)
{
    for (int i = 0; i < e->n; i++)
        if (!strncmp(e->msg[i], want, strlen(want)))
            return true;
    return false;
}

static void bad_files_are_told(void **state)
{
    (void)state;
    DataErrors *e = calloc(1, sizeof *e);
    int missing = 0;
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        LessonSet s = {0};
        memset(e, 0, sizeof *e);
        if (lesson_load_text(&s, "bad.txt", bad[k].text, e) == 0)
            for (int i = 0; i < s.n; i++)
                lesson_check(&s, &s.l[i], NC_TEST_DATA_DIR, e);
        if (!has_message(e, bad[k].message)) {
            missing++;
            fprintf(stderr, "case %zu: expected \"%s\", got:\n", k, bad[k].message);
            data_errors_print(e, stderr);
        }
        lesson_set_free(&s);
    }
    free(e);
    assert_int_equal(missing, 0);
}

/* A file over the size limit is refused whole, naming the limit. */
static void file_limits(void **state)
{
    (void)state;
    char path[] = "/tmp/nc_lessons_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    for (int i = 0; i < LESSON_MAX_FILE / 64 + 2; i++)
        fprintf(f, "# %-61s\n", "filler");
    fclose(f);
    LessonSet s = {0};
    DataErrors *e = calloc(1, sizeof *e);
    assert_int_equal(lesson_load_file(&s, path, e), -1);
    char want[1200];
    snprintf(want, sizeof want, "%s: file larger than %d bytes", path, LESSON_MAX_FILE);
    assert_true(has_message(e, want));
    unlink(path);
    lesson_set_free(&s);
    free(e);
}

/* ---- progress ------------------------------------------------------- */

static char state_dir[64];

static void progress_file(char *buf, size_t len)
{
    snprintf(buf, len, "%s/ninjachess/%s", state_dir, PROGRESS_FILE);
}

static void progress_round_trip(void **state)
{
    (void)state;
    snprintf(state_dir, sizeof state_dir, "/tmp/nc_progress_XXXXXX");
    assert_non_null(mkdtemp(state_dir));
    setenv("XDG_STATE_HOME", state_dir, 1);
    static LessonProgress p, q;
    memset(&p, 0, sizeof p);
    assert_true(ui_progress_mark(&p, "tc-bomber-f4", PROGRESS_SEEN));
    assert_true(ui_progress_mark(&p, "tc-raptor-both", PROGRESS_SOLVED));
    assert_true(ui_progress_mark(&p, "tc-raptor-both", PROGRESS_SEEN)); /* never lowered */
    char err[800], note[1400];
    assert_int_equal(ui_progress_save(&p, err, sizeof err), 0);
    assert_int_equal(ui_progress_load(&q, note, sizeof note), 0);
    assert_string_equal(note, "");
    assert_int_equal(ui_progress_get(&q, "tc-bomber-f4"), PROGRESS_SEEN);
    assert_int_equal(ui_progress_get(&q, "tc-raptor-both"), PROGRESS_SOLVED);
    assert_int_equal(ui_progress_get(&q, "tc-castling"), PROGRESS_NONE);
    /* Nothing but the file is left: the temporary one was renamed. */
    char dir[128], cmd[256];
    snprintf(dir, sizeof dir, "%s/ninjachess", state_dir);
    snprintf(cmd, sizeof cmd, "test \"$(ls %s)\" = %s", dir, PROGRESS_FILE);
    assert_int_equal(system(cmd), 0);
}

static void progress_damaged(void **state)
{
    (void)state;
    char path[256], aside[300];
    progress_file(path, sizeof path);
    snprintf(aside, sizeof aside, "%s.damaged", path);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs("# ninjachess lesson progress 1\ntc-bomber-f4 seen\ntc-raptor-both maybe\n", f);
    fclose(f);
    static LessonProgress q;
    char note[1400];
    assert_int_equal(ui_progress_load(&q, note, sizeof note), 0);
    assert_non_null(strstr(note, "is damaged (line 3: expected 'LESSON seen' or 'LESSON solved')"));
    assert_non_null(strstr(note, "moved aside to lessons.txt.damaged"));
    assert_int_equal(q.n, 0);
    struct stat st;
    assert_int_equal(stat(aside, &st), 0);
    assert_int_not_equal(stat(path, &st), 0);
    /* Garbage that is not a progress file at all. */
    f = fopen(path, "w");
    fputs("\x01\x02 binary", f);
    fclose(f);
    assert_int_equal(ui_progress_load(&q, note, sizeof note), 0);
    assert_non_null(strstr(note, "line 1: not a lesson progress file"));
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf %s", state_dir);
    assert_int_equal(system(cmd), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(shipped_claims_hold),
        cmocka_unit_test(examples_in_text_order),
        cmocka_unit_test(exercises_have_answers),
        cmocka_unit_test(bad_files_are_told),
        cmocka_unit_test(file_limits),
        cmocka_unit_test(progress_round_trip),
        cmocka_unit_test(progress_damaged),
    };
    return cmocka_run_group_tests(tests, load_shipped, free_shipped);
}
