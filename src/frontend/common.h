/* What several command-line front ends share: the hash size, the score and
 * principal-variation text, the "info" line and the pseudo-random move
 * picker.  Front-end specific formats stay in their own files. */
#ifndef NC_FRONTEND_COMMON_H
#define NC_FRONTEND_COMMON_H

#include "rules/rules.h"
#include "options.h"
#include "search/search.h"

#include <stddef.h>
#include <stdint.h>

/* Transposition table of the one-shot search, the benchmark and XBoard. */
#define FE_HASH_MB 64

/* Writes the text of m, legal in p, into buf. */
typedef void (*MoveWriter)(const Position *p, const Move *m, char *buf, size_t len);

/* Writes "N" centipawns or "mate N" (moves, negative when being mated). */
void fe_format_score(int score, char *buf, size_t len);
/* Writes the PV as texts separated by spaces; stops at the first move that
 * is not legal in the position reached (it cannot happen, but costs
 * nothing) or that does not fit. */
void fe_format_pv(const Position *start, const Move *pv, int npv, char *out, size_t len, MoveWriter write);
/* Prints "info depth D seldepth S score X nodes N time T nps R pv ..." with
 * the PV in the move text, and flushes stdout. */
void fe_print_info(const Position *p, const SearchInfo *in);

/* Gives s the search constants --search-param asks for; 0, or 1 after
 * printing why not. */
int fe_search_params(Search *s, const Options *opt);

/* Gives s the threads and search constants that --threads and
 * --search-param ask for (threads: default_threads when not given); 0, or 1
 * after printing why not. */
int fe_search_configure(Search *s, const Options *opt, int default_threads);

/* Prints each of the search's tunable constants on a line: name, default,
 * lowest, highest value, meaning (for --search-param-list); 0. */
int fe_search_param_list(void);

/* One xorshift64 step: the front ends' reproducible random numbers. */
uint64_t fe_rng(uint64_t *state);
/* One splitmix64 step: turns a seed (or a seed mixed with a game number)
 * into a well-spread xorshift state. */
uint64_t fe_mix(uint64_t x);
/* A legal move of g's position picked with fe_rng; 0, or -1 when none. */
int fe_random_move(Game *g, uint64_t *rng, Move *out);

#endif
