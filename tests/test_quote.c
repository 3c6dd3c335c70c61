/* Quoting outside text in messages (quote.h): control bytes and broken
 * UTF-8 escaped, valid UTF-8 kept, cuts marked. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "notation/notation.h"
#include "text/quote.h"

#include <string.h>

static void test_plain_text_unchanged(void **state)
{
    (void)state;
    char buf[64];
    assert_string_equal(nc_quote("e2-e4", buf, sizeof buf), "e2-e4");
    assert_string_equal(nc_quote("", buf, sizeof buf), "");
}

static void test_control_bytes_escaped(void **state)
{
    (void)state;
    char buf[64];
    assert_string_equal(nc_quote("a\x1b[2Jb\tc\x7f", buf, sizeof buf), "a\\x1b[2Jb\\x09c\\x7f");
    assert_string_equal(nc_quote("back\\slash", buf, sizeof buf), "back\\\\slash");
}

static void test_utf8_kept_broken_escaped(void **state)
{
    (void)state;
    char buf[64];
    assert_string_equal(nc_quote("\xe2\x99\x94 king", buf, sizeof buf), "\xe2\x99\x94 king");
    /* a lone continuation byte, a truncated sequence, an overlong '/', a surrogate */
    assert_string_equal(nc_quote("\x80", buf, sizeof buf), "\\x80");
    assert_string_equal(nc_quote("\xe2\x99", buf, sizeof buf), "\\xe2\\x99");
    assert_string_equal(nc_quote("\xc0\xaf", buf, sizeof buf), "\\xc0\\xaf");
    assert_string_equal(nc_quote("\xed\xa0\x80", buf, sizeof buf), "\\xed\\xa0\\x80");
    assert_string_equal(nc_quote("\xf4\x90\x80\x80", buf, sizeof buf), "\\xf4\\x90\\x80\\x80");
}

static void test_cut_is_marked(void **state)
{
    (void)state;
    char buf[12];
    assert_string_equal(nc_quote("abcdefgh", buf, sizeof buf), "abcdefgh");
    assert_string_equal(nc_quote("abcdefghi", buf, sizeof buf), "abcdefgh...");
    /* an escape is never split */
    assert_string_equal(nc_quote("abcdefg\x01", buf, sizeof buf), "abcdefg...");
    assert_true(strlen(nc_quote("\x01\x01\x01\x01\x01\x01", buf, sizeof buf)) < sizeof buf);
}

static void test_quote_n_stops_at_n(void **state)
{
    (void)state;
    char buf[32];
    assert_string_equal(nc_quote_n("e2-e4 rest", 5, buf, sizeof buf), "e2-e4");
    assert_string_equal(nc_quote_n("a\0b", 3, buf, sizeof buf), "a\\x00b");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_plain_text_unchanged),
        cmocka_unit_test(test_control_bytes_escaped),
        cmocka_unit_test(test_utf8_kept_broken_escaped),
        cmocka_unit_test(test_cut_is_marked),
        cmocka_unit_test(test_quote_n_stops_at_n),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
