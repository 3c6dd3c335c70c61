/* --check-lessons: reads the lesson files named (or every file of the
 * data directory's lessons/), checks the lessons of each file that reads
 * cleanly, and prints one FILE:LINE: message a problem on stdout. */
#include "lessons.h"

#include "lesson/lesson.h"

#include <stdio.h>
#include <stdlib.h>

int lessons_check_main(const Options *o)
{
    LessonSet set = {0};
    DataErrors *e = calloc(1, sizeof *e);
    if (!e) {
        fprintf(stderr, "ninjachess: out of memory\n");
        return 1;
    }
    bool bad_file[LESSON_MAX_FILES] = {false};
    int problems = 0;
    if (o->nlesson_files == 0) {
        problems += lesson_load_dir(&set, o->data_dir, e) != 0;
        for (int i = 0; i < set.nfiles; i++)
            bad_file[i] = problems > 0;
    } else {
        for (int i = 0; i < o->nlesson_files; i++) {
            int before = set.nfiles;
            if (lesson_load_file(&set, o->lesson_files[i], e)) {
                problems++;
                if (set.nfiles > before)
                    bad_file[before] = true;
            }
        }
    }
    data_errors_print(e, stdout);
    for (int i = 0; i < set.n; i++) {
        if (bad_file[set.l[i].file])
            continue;
        e->n = 0;
        problems += lesson_check(&set, &set.l[i], o->data_dir, e);
        data_errors_print(e, stdout);
    }
    if (!problems)
        printf("%d lesson%s in %d file%s: every claim holds\n", set.n, set.n == 1 ? "" : "s", set.nfiles,
               set.nfiles == 1 ? "" : "s");
    lesson_set_free(&set);
    free(e);
    return problems ? 1 : 0;
}
