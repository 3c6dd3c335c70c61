/* --check-lessons [FILE...]: every lesson file read and each of its
 * claims held against the rules, the problems printed as FILE:LINE:
 * message.  The reading and checking are the library's (lesson.h). */
#ifndef NC_FRONTEND_LESSONS_H
#define NC_FRONTEND_LESSONS_H

#include "options.h"

/* Returns 0 when every lesson is right, else 1 after printing why. */
int lessons_check_main(const Options *opt);

#endif
