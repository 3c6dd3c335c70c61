/* The command-line queries: answered on stdout, then the program exits.
 * Variant listing and checking, and the queries on one position (moves,
 * perft, position text, status, one-shot search).  No protocol, no screen. */
#ifndef NC_FRONTEND_QUERY_H
#define NC_FRONTEND_QUERY_H

#include "options.h"

#include <stdbool.h>

/* --list-variants: name and description of every variant in the data. */
int query_list_variants(const Options *opt);
/* --check-variant FILE: "FILE: variant NAME is valid", else the problems. */
int query_check_variant(const Options *opt);
/* True when the options ask a question about one position. */
bool query_asked(const Options *opt);
/* Answers --print-fen, --status, --moves, --perft [--divide] and
 * --think/--depth/--nodes, in that order, for the position the options
 * give (needs --variant).  The search prints "info depth D seldepth S
 * score N|mate M nodes N time T nps R pv ..." lines (PV in the move text)
 * and, as the last line, the chosen move; with no legal move it prints
 * the reason to stderr and fails. */
int query_main(const Options *opt);

#endif
