/* The command-line front ends, the one header the program and the match
 * tools include for them: our own protocols (XBoard, UCI), the queries
 * (--perft, --analyse, --find-puzzles, --check-puzzles, --eval-terms, --eval-tables, --endgame, --lessons), --bench,
 * and what they share (score and line text, the search's settings from the
 * command line, the random move picker). */
#ifndef NC_FRONTEND_H
#define NC_FRONTEND_H

#include "analyse_query.h"
#include "bench.h"
#include "common.h"
#include "endgame_query.h"
#include "eval_tables_query.h"
#include "eval_terms_query.h"
#include "lessons.h"
#include "nnue_query.h"
#include "puzzles.h"
#include "query.h"
#include "uci.h"
#include "xboard.h"

#endif
