/* Live analysis (src/ui/ui_analysis.c) without a terminal: the screen's
 * tick never waits for the analysis search (a changed position or
 * analysis turned off only asks it to stop, a later tick collects it),
 * the lines follow the shown position in the move list's notation, the
 * analysis stays off against the computer unless allowed, the
 * computer's own search beside it finds what it finds alone, and the
 * winning-chance curve of the bar. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "ui/ui_analysis.h"
#include "ui/ui_internal.h"
#include "notation/notation.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifndef NC_TEST_DATA_DIR
#define NC_TEST_DATA_DIR "data"
#endif

static Ui U;

static Ui *new_ui(const char *variant)
{
    ui_game_free(&U);
    memset(&U, 0, sizeof U);
    U.board.drop_type = -1;
    U.mode.tut_type = -1;
    U.engine.level = 1;
    char err[512];
    if (ui_game_new(&U, NC_TEST_DATA_DIR, variant, NULL, NULL, NULL, NULL, err, sizeof err))
        fail_msg("%s: %s", variant, err);
    return &U;
}

static void nap(void)
{
    struct timespec ts = {0, 10 * 1000 * 1000};
    nanosleep(&ts, NULL);
}

/* Ticks until the analysis shows lines of the shown position (the
 * sanitizer build is slow: a generous bound). */
static void tick_until_lines(Ui *u)
{
    for (int i = 0; i < 6000; i++) {
        ui_analysis_tick(u);
        UiAnalysis *a = u->analysis;
        if (a->have_info && !a->stopping && a->key == ui_shown_pos(u)->key && a->ply == ui_shown_ply(u))
            return;
        nap();
    }
    fail_msg("no analysis lines within a minute");
}

static void play_text(Ui *u, const char *text)
{
    Move m;
    char err[200];
    if (move_from_input(&u->game.g.pos, text, &m, err, sizeof err))
        fail_msg("%s: %s", text, err);
    ui_play(u, &m);
}

/* The first move of the first line as written there: the word after the
 * score and the move number. */
static void first_word(const UiAnalysis *a, char *out, size_t len)
{
    const char *s = strchr(a->text[0], ' ');
    assert_non_null(s);
    s = strchr(s + 1, ' '); /* past "1." or "1..." */
    assert_non_null(s);
    size_t n = strcspn(s + 1, " ");
    snprintf(out, len, "%.*s", (int)n, s + 1);
}

static void test_tick_never_waits(void **state)
{
    (void)state;
    Ui *u = new_ui("chess");
    ui_analysis_toggle(u);
    UiAnalysis *a = u->analysis;
    assert_non_null(a);
    assert_true(a->on);
    tick_until_lines(u);
    assert_true(a->running);
    play_text(u, "e4");
    /* One tick after the move: the search it found on the old position is
     * asked to stop and left running; nothing of the old lines is shown. */
    ui_analysis_tick(u);
    assert_true(a->running);
    assert_true(a->stopping);
    assert_false(a->have_info);
    tick_until_lines(u);
    assert_int_equal(a->pos.side, NC_BLACK);
    assert_true(a->key == u->game.g.pos.key);
    assert_non_null(strstr(a->text[0], " 1... "));
    /* Off: the key asks the search to stop and returns; ticks collect it. */
    ui_analysis_toggle(u);
    assert_false(a->on);
    assert_true(a->running);
    for (int i = 0; i < 6000 && a->running; i++) {
        ui_analysis_tick(u);
        nap();
    }
    assert_false(a->running);
    ui_game_free(u);
    assert_null(u->analysis);
}

/* Review: a step back is analysed with the game's moves before it. */
static void test_follows_review(void **state)
{
    (void)state;
    Ui *u = new_ui("chess");
    play_text(u, "e4");
    play_text(u, "e5");
    ui_analysis_toggle(u);
    tick_until_lines(u);
    assert_int_equal(u->analysis->pos.side, NC_WHITE);
    assert_non_null(strstr(u->analysis->text[0], " 2. "));
    ui_review(u, 1);
    tick_until_lines(u);
    assert_int_equal(u->analysis->ply, 1);
    assert_non_null(strstr(u->analysis->text[0], " 1... "));
    ui_game_free(u);
}

/* The first move of a line reads as the move list writes it once played:
 * SAN in chess, the mover's letter and the move text where there is no SAN. */
static void check_notation(const char *variant)
{
    Ui *u = new_ui(variant);
    ui_analysis_toggle(u);
    tick_until_lines(u);
    char word[200], label[200];
    first_word(u->analysis, word, sizeof word);
    Move m = u->analysis->info.lines[0].pv[0];
    ui_play(u, &m);
    ui_move_label(u, 0, label, sizeof label);
    assert_string_equal(word, label);
    ui_game_free(u);
}

static void test_notation_of_the_move_list(void **state)
{
    (void)state;
    check_notation("chess");
    check_notation("crazyhouse");
}

/* Lines: 1 to 5 and round; the search is started again with the new count. */
static void test_more_lines(void **state)
{
    (void)state;
    Ui *u = new_ui("chess");
    ui_analysis_toggle(u);
    ui_analysis_more_lines(u);
    ui_analysis_more_lines(u);
    assert_int_equal(u->analysis->lines, 3);
    tick_until_lines(u);
    assert_int_equal(u->analysis->nshown, 3);
    for (int i = 1; i < 3; i++) /* best first, White to move */
        assert_true(u->analysis->score[i] <= u->analysis->score[i - 1]);
    ui_analysis_more_lines(u);
    ui_analysis_more_lines(u);
    ui_analysis_more_lines(u);
    assert_int_equal(u->analysis->lines, 1);
    ui_game_free(u);
}

static void test_off_against_the_computer(void **state)
{
    (void)state;
    Ui *u = new_ui("chess");
    u->game.player[NC_BLACK] = PL_COMPUTER;
    assert_false(ui_analysis_allowed(u));
    ui_analysis_toggle(u);
    assert_true(u->analysis == NULL || !u->analysis->on);
    play_text(u, "e4");
    ui_review(u, 0);
    assert_true(ui_analysis_allowed(u)); /* in review */
    ui_review(u, 1);
    assert_false(ui_analysis_allowed(u));
    u->cfg.analysis = 1;                 /* analysis-vs-computer = on */
    assert_true(ui_analysis_allowed(u));
    u->cfg.analysis = -1;
    u->game.player[NC_BLACK] = PL_HUMAN;
    assert_true(ui_analysis_allowed(u)); /* two humans */
    ui_game_free(u);
}

/* A mate on the board: the search ends at once and says there is no move;
 * the game is over, so the analysis may run against the computer too. */
static void test_no_move_after_mate(void **state)
{
    (void)state;
    Ui *u = new_ui("chess");
    u->game.player[NC_BLACK] = PL_COMPUTER;
    play_text(u, "f3");
    play_text(u, "e5");
    play_text(u, "g4");
    play_text(u, "Qh4#");
    assert_true(ui_game_over(u));
    ui_analysis_toggle(u);
    assert_true(u->analysis->on);
    for (int i = 0; i < 6000 && (u->analysis->running || !u->analysis->have_target); i++) {
        ui_analysis_tick(u);
        nap();
    }
    assert_false(u->analysis->running);
    assert_true(u->analysis->no_move);
    assert_false(u->analysis->have_info);
    ui_analysis_tick(u); /* a finished search on the same position is not started again */
    assert_false(u->analysis->running);
    ui_game_free(u);
}

/* The computer's own search beside a running analysis: at a fixed depth
 * from a cleared table it finds the same move and score with the same
 * node count as alone, so the two share nothing but the machine. */
static void test_computer_search_unaffected(void **state)
{
    (void)state;
    Ui *u = new_ui("chess");
    play_text(u, "e4");
    play_text(u, "e5");
    play_text(u, "Nf3");
    Search *s = search_new(16);
    assert_non_null(s);
    SearchLimits lim;
    memset(&lim, 0, sizeof lim);
    lim.level = 10;
    lim.depth = 6;
    SearchInfo alone, beside;
    search_run(s, &u->game.g, &lim, &alone);
    ui_analysis_toggle(u);
    tick_until_lines(u);
    search_clear(s);
    search_run(s, &u->game.g, &lim, &beside);
    ui_analysis_tick(u);
    assert_true(u->analysis->running); /* it ran all along */
    assert_true(move_equal(&alone.best, &beside.best));
    assert_int_equal(alone.score, beside.score);
    assert_true(alone.nodes == beside.nodes);
    search_free(s);
    ui_game_free(u);
}

static void test_config_setting(void **state)
{
    (void)state;
    UiConfig c;
    char err[400];
    assert_int_equal(ui_config_parse(&c, "analysis-vs-computer = on\n", "cfg", err, sizeof err), 0);
    assert_int_equal(c.analysis, 1);
    assert_int_equal(ui_config_parse(&c, "analysis-vs-computer = off\n", "cfg", err, sizeof err), 0);
    assert_int_equal(c.analysis, -1);
    assert_int_equal(ui_config_parse(&c, "\nanalysis-vs-computer = yes\n", "cfg", err, sizeof err), -1);
    assert_string_equal(err, "cfg:2: analysis-vs-computer: 'yes' is neither 'on' nor 'off'");
    assert_int_equal(ui_config_parse(&c, "key.analysis = A\nkey.lines = V\n", "cfg", err, sizeof err), 0);
    assert_int_equal(ui_config_action_key(&c, "analysis"), 'A');
    assert_int_equal(ui_config_key(&c, 'V'), 'v');
}

static void test_chance(void **state)
{
    (void)state;
    assert_int_equal(ui_analysis_chance(0), 500);
    assert_int_equal(ui_analysis_chance(SEARCH_MATE - 3), 1000);
    assert_int_equal(ui_analysis_chance(-SEARCH_MATE + 3), 0);
    assert_true(ui_analysis_chance(100) > 500 && ui_analysis_chance(100) < 700);
    assert_int_equal(ui_analysis_chance(300) + ui_analysis_chance(-300), 1000);
    for (int cp = -2000; cp < 2000; cp += 50)
        assert_true(ui_analysis_chance(cp) <= ui_analysis_chance(cp + 50));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tick_never_waits),
        cmocka_unit_test(test_follows_review),
        cmocka_unit_test(test_notation_of_the_move_list),
        cmocka_unit_test(test_more_lines),
        cmocka_unit_test(test_off_against_the_computer),
        cmocka_unit_test(test_no_move_after_mate),
        cmocka_unit_test(test_computer_search_unaffected),
        cmocka_unit_test(test_config_setting),
        cmocka_unit_test(test_chance),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    ui_game_free(&U);
    return rc;
}
