/* --xboard: the XBoard / WinBoard protocol (CECP v2) on stdin/stdout, or
 * on any input descriptor and output stream (xboard_run).  The protocol
 * only: variant translation is xboard_variant.h's, the thinking time the
 * search's (search/timeman.h). */
#ifndef NC_FRONTEND_XBOARD_H
#define NC_FRONTEND_XBOARD_H

#include "options.h"
#include "rules/rules.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Caps on a session's thinking: --xboard's --depth and --nodes, and the
 * fuzz harness (tests/fuzz/fuzz_xboard.c), which runs many short sessions.
 * They apply on top of what the protocol asks for, whichever is tighter. */
typedef struct {
    int max_depth;           /* each search at most this deep; 0: no cap */
    long long max_nodes;     /* each search at most this many nodes; 0: no cap */
    /* max_nodes alone ends a search: the protocol's clocks (st, level,
     * time) are not applied, so that every move searches the same nodes
     * whatever the load of the machine (matches at fixed nodes). */
    bool fixed_nodes;
    long long session_nodes; /* all searches together; once used up, each
                                search gets 1 node (it still gives a move);
                                0: no cap */
    size_t hash_mb;          /* transposition table; 0: FE_HASH_MB */
    bool no_table_builds;    /* no search builds an endgame table */
    /* Called with every move the engine is about to send as "move TEXT",
     * in the position it is played from; NULL: none. */
    void (*on_move)(const Position *p, const Move *m, const char *text, void *ctx);
    void *ctx;
} XboardLimits;

/* CECP v2 on stdin/stdout (coordinate moves e2e4, e7e8q, P@e4; castling
 * as the king's move); --nodes N makes every move a search of N nodes
 * whatever the clock, --depth N caps the depth.  Every shipped variant is announced; for those
 * XBoard does not know, a setup line (and piece lines where Betza notation
 * is exact) is sent.  What XBoard cannot show is listed in
 * xboard_variant.c.  Returns at "quit" or end of input. */
int xboard_main(const Options *opt);

/* The same session reading commands from in_fd (with read(2) and poll(2))
 * and writing the answers to out, which is flushed after every command;
 * lim may be NULL.  Not reentrant: one session at a time per process.
 * Returns 0, or 1 when the session cannot start. */
int xboard_run(const Options *opt, int in_fd, FILE *out, const XboardLimits *lim);

#endif
