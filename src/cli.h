/* Text-mode queries used by the command line. */
#ifndef NC_CLI_H
#define NC_CLI_H

#include "position.h"

/* Prints every legal move, sorted by text. */
int cli_moves(Position *p);
/* Prints perft (per root move with divide); the last line is "nodes N". */
int cli_perft(Position *p, int depth, bool divide);
/* Prints perft speed on fixed positions; non-zero if a known count differs. */
int cli_bench_perft(const char *dir);

#endif
