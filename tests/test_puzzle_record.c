/* The player's puzzle record (src/ui/ui_puzzle_record.c): the Elo update,
 * the choice of the next puzzle, the file's text read and written, and a
 * damaged file told with its line and reset, a file that is no record
 * (a FIFO, too large, a NUL byte) told and never waited on. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "ui/ui_puzzle_record.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void test_rate(void **state)
{
    (void)state;
    assert_int_equal(puzzle_rate(1200, 1200, true), 1216);
    assert_int_equal(puzzle_rate(1200, 1200, false), 1184);
    /* expected score 0.477 against a puzzle 16 points above */
    assert_int_equal(puzzle_rate(1184, 1200, true), 1201);
    /* a puzzle far below: little to win, much to lose */
    assert_int_equal(puzzle_rate(1500, 700, true), 1500);
    assert_int_equal(puzzle_rate(1500, 700, false), 1468);
    assert_int_equal(puzzle_rate(110, 100, false), 100); /* not below 100 */
}

static void test_pick(void **state)
{
    (void)state;
    PuzzleRecord r;
    puzzle_record_init(&r);
    assert_int_equal(r.rating, 1200);
    const int ratings[] = {600, 1300, 1150, 1250};
    assert_int_equal(puzzle_pick(&r, "chess", ratings, 4), 2);
    puzzle_mark_seen(&r, "chess", 4, 2);
    assert_int_equal(puzzle_pick(&r, "chess", ratings, 4), 3); /* 1250 and 1300: the nearer */
    puzzle_mark_seen(&r, "chess", 4, 3);
    assert_int_equal(puzzle_pick(&r, "chess", ratings, 4), 1);
    puzzle_mark_seen(&r, "chess", 4, 1);
    assert_int_equal(puzzle_pick(&r, "chess", ratings, 4), 0);
    puzzle_mark_seen(&r, "chess", 4, 0);
    /* all seen: offered again from the nearest */
    assert_int_equal(puzzle_pick(&r, "chess", ratings, 4), 2);
    /* another variant's set is its own */
    assert_int_equal(puzzle_pick(&r, "shogi", ratings, 4), 2);
    assert_int_equal(puzzle_pick(&r, "chess", ratings, 0), -1);
}

static void test_text(void **state)
{
    (void)state;
    PuzzleRecord r, back;
    char buf[4096], err[400];
    puzzle_record_init(&r);
    r.rating = 1317;
    r.streak = 4;
    const int ratings[11] = {0}; /* 11: the last pick is of a file of 11 */
    puzzle_pick(&r, "stealth-ninja", ratings, 10);
    puzzle_mark_seen(&r, "stealth-ninja", 10, 0);
    puzzle_mark_seen(&r, "stealth-ninja", 10, 9);
    int n = puzzle_record_format(&r, buf, sizeof buf);
    assert_true(n > 0);
    assert_string_equal(buf, "# ninjachess puzzle record 1\nrating 1317\nstreak 4\nseen stealth-ninja 10 0102\n");
    assert_int_equal(puzzle_record_parse(&back, buf, "R", err, sizeof err), 0);
    assert_int_equal(back.rating, 1317);
    assert_int_equal(back.streak, 4);
    /* 1 to 8 seen: the unseen one nearest 0 is 1 */
    assert_int_equal(puzzle_pick(&back, "stealth-ninja", ratings, 10), 1);
    /* a file of another count: its set starts empty */
    assert_int_equal(puzzle_pick(&back, "stealth-ninja", ratings, 11), 0);
}

static void bad(const char *text, const char *want)
{
    PuzzleRecord r;
    char err[400];
    assert_int_equal(puzzle_record_parse(&r, text, "R", err, sizeof err), -1);
    assert_string_equal(err, want);
    assert_int_equal(r.rating, 1200); /* nothing of a damaged file is kept */
    assert_int_equal(r.streak, 0);
}

static void test_damaged_text(void **state)
{
    (void)state;
    bad("# ninjachess puzzle record 1\nrating lots\nstreak 2\n", "R:2: rating 'lots': a number from 100 to 4000");
    bad("# ninjachess puzzle record 1\nrating 99\nstreak 2\n", "R:2: rating '99': a number from 100 to 4000");
    bad("# ninjachess puzzle record 1\nstreak 2\nrating 1300\nstreak 3\n", "R:4: a second streak line");
    bad("# ninjachess puzzle record 1\nrating 1300\n", "R:2: no streak line");
    bad("rating 1300\nstreak 2\n", "R:1: not a puzzle record (the first line is '# ninjachess puzzle record 1')");
    bad("# ninjachess puzzle record 1\nrating 1300\nstreak 2\nseen chess 10 01\n",
        "R:4: a seen line needs 4 hex digits for 10 puzzles");
    bad("# ninjachess puzzle record 1\nrating 1300\nstreak 2\nfoo 1\n", "R:4: unknown word 'foo'");
    bad("", "R:0: no rating line");
}

static char dir[64];

static void test_file(void **state)
{
    (void)state;
    char path[200], note[2000], err[400];
    snprintf(dir, sizeof dir, "/tmp/nc_puzzle_record_XXXXXX");
    assert_non_null(mkdtemp(dir));
    setenv("XDG_STATE_HOME", dir, 1);
    PuzzleRecord r, back;
    puzzle_record_load(&back, note, sizeof note);
    assert_string_equal(note, ""); /* no file: a new player, nothing to tell */
    assert_int_equal(back.rating, 1200);
    puzzle_record_init(&r);
    r.rating = 1432;
    r.streak = 7;
    assert_int_equal(puzzle_record_save(&r, err, sizeof err), 0);
    puzzle_record_load(&back, note, sizeof note);
    assert_string_equal(note, "");
    assert_int_equal(back.rating, 1432);
    assert_int_equal(back.streak, 7);

    snprintf(path, sizeof path, "%s/ninjachess/puzzles.txt", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs("# ninjachess puzzle record 1\nrating 1432\nstreak seven\n", f);
    fclose(f);
    puzzle_record_load(&back, note, sizeof note);
    assert_non_null(strstr(note, "puzzles.txt:3: streak 'seven'"));
    assert_int_equal(back.rating, 1200);
    assert_int_equal(back.streak, 0);
    struct stat st;
    char aside[240];
    snprintf(aside, sizeof aside, "%s.damaged", path);
    assert_int_equal(stat(aside, &st), 0);
    assert_int_not_equal(stat(path, &st), 0);
    unlink(aside);
    snprintf(path, sizeof path, "%s/ninjachess", dir);
    rmdir(path);
    rmdir(dir);
}

/* Writes n bytes of text as the record, loads it; the note. */
static void load_bytes(const char *path, const char *text, size_t n, char *note, int notelen)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    assert_int_equal(fwrite(text, 1, n, f), n);
    fclose(f);
    PuzzleRecord r;
    puzzle_record_load(&r, note, notelen);
    assert_int_equal(r.rating, 1200);
}

static void test_file_kinds(void **state)
{
    (void)state;
    char d[64], path[200], aside[240], note[2000];
    snprintf(d, sizeof d, "/tmp/nc_puzzle_kinds_XXXXXX");
    assert_non_null(mkdtemp(d));
    setenv("XDG_STATE_HOME", d, 1);
    snprintf(path, sizeof path, "%s/ninjachess", d);
    assert_int_equal(mkdir(path, 0700), 0);
    snprintf(path, sizeof path, "%s/ninjachess/puzzles.txt", d);
    snprintf(aside, sizeof aside, "%s.damaged", path);
    struct stat st;

    /* a FIFO: refused, not waited on, and left where it is */
    assert_int_equal(mkfifo(path, 0600), 0);
    PuzzleRecord r;
    puzzle_record_load(&r, note, sizeof note);
    assert_non_null(strstr(note, "not a regular file"));
    assert_non_null(strstr(note, "starting at 1200"));
    assert_int_equal(stat(path, &st), 0);
    assert_true(S_ISFIFO(st.st_mode));
    unlink(path);

    /* a NUL byte, then a file over the cap: damaged, moved aside */
    static const char with_nul[] = "# ninjachess puzzle record 1\nrating 1\0";
    load_bytes(path, with_nul, sizeof with_nul - 1, note, sizeof note); /* the NUL kept, not the end */
    assert_non_null(strstr(note, "puzzles.txt: a NUL byte; moved aside"));
    assert_int_equal(stat(aside, &st), 0);
    unlink(aside);
    size_t big = 1 << 20;
    char *text = malloc(big);
    assert_non_null(text);
    memset(text, '#', big);
    load_bytes(path, text, big, note, sizeof note);
    free(text);
    assert_non_null(strstr(note, "puzzles.txt: larger than "));
    assert_int_equal(stat(aside, &st), 0);
    unlink(aside);
    snprintf(path, sizeof path, "%s/ninjachess", d);
    rmdir(path);
    rmdir(d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rate),
        cmocka_unit_test(test_pick),
        cmocka_unit_test(test_text),
        cmocka_unit_test(test_damaged_text),
        cmocka_unit_test(test_file),
        cmocka_unit_test(test_file_kinds),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
