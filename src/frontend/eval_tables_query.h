/* --eval-tables: the piece values and square tables the evaluation of a
 * variant uses, printed as a weights file's table section. */
#ifndef NC_EVAL_TABLES_QUERY_H
#define NC_EVAL_TABLES_QUERY_H

#include "options.h"

/* Prints the lines doc/data-files.md ("Learned tables") describes; 0, or
 * 1 after a message on stderr (a variant that does not load). */
int eval_tables_main(const Options *opt);

#endif
