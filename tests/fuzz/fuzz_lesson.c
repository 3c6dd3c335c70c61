/* Fuzz harness for the lesson reader and checker (doc/lessons.md): the
 * input is the text of one lesson file.  A file that reads is also held
 * against the rules (its first four lessons, each loading its variant
 * from the data directory), since a lesson that reads must be checkable
 * without a crash whatever it claims.  Nothing is written or printed. */
#include "fuzz.h"

#include <stdlib.h>
#include <string.h>

#include "lesson/lesson.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_cstr(data, size);
    LessonSet set;
    memset(&set, 0, sizeof set);
    DataErrors *e = calloc(1, sizeof *e);
    if (!text || !e)
        fuzz_fail("fuzz_lesson: out of memory");
    if (lesson_load_text(&set, "fuzz.txt", text, e) == 0) {
        for (int i = 0; i < set.n && i < 4; i++)
            lesson_check(&set, &set.l[i], fuzz_data_dir(), e);
        if (e->n < 0 || e->n > 64)
            fuzz_fail("fuzz_lesson: %d messages", e->n);
    } else if (e->n < 1) {
        fuzz_fail("fuzz_lesson: reading failed without a message");
    }
    lesson_set_free(&set);
    free(e);
    free(text);
    return 0;
}
