/* --endgame: solves king and pieces against a bare king and prints the
 * position counts and the longest mate. */
#ifndef NC_ENDGAME_QUERY_H
#define NC_ENDGAME_QUERY_H

#include "options.h"

/* Exit status 0, or 1 after an error line on stderr. */
int endgame_query_main(const Options *o);

#endif
