/* One game of a match between two CECP engines: setting both up for the
 * opening, the clocks, asking for moves, checking every move with the
 * rules, and how the game ended.  No statistics, no files, no threads. */
#ifndef NC_FRONTEND_MATCH_GAME_H
#define NC_FRONTEND_MATCH_GAME_H

#include "engine_proc.h"
#include "match_openings.h"

typedef enum { TC_ST, TC_CLOCK, TC_DEPTH, TC_NODES } TcKind;

typedef struct {
    TcKind kind;
    double st;              /* TC_ST: seconds per move */
    double base, inc;       /* TC_CLOCK: seconds */
    int depth;              /* "sd" sent when > 0 */
    /* TC_NODES: the nodes each engine searches a move.  No clock is sent
     * (the engines take the count on their command line); the thinking
     * output is asked for, and a move reported with more nodes than
     * match_nodes_allowed stops the match. */
    long long nodes;
    double margin;          /* lateness forgiven, seconds */
    int adjudicate_plies;   /* 0 none */
    /* a win adjudicated when both engines' reported scores give the same
     * side at least win_score centipawns for win_plies plies in a row
     * (win_plies 0: never) */
    int win_score, win_plies;
} MatchTc;

typedef struct {
    Game g;                 /* the whole game, the opening included; caller frees */
    int winner;             /* NC_WHITE, NC_BLACK or -1 for a draw */
    const char *termination;/* PGN Termination word */
    char reason[320];       /* in words, for the PGN comment and the game line */
    int forfeit;            /* colour whose engine lost by fault (to be restarted); -1 none */
} GameOutcome;

/* The most nodes a thinking line may report under TC_NODES: the count
 * and a little over, for engines that look at the count every so often. */
long long match_nodes_allowed(long long nodes);

/* Seconds an engine may take for one move when only a depth or a node
 * count limits it. */
#define MATCH_DEPTH_MOVE_SECONDS 120.0

/* Plays op with eng[NC_WHITE] against eng[NC_BLACK] (both running), named
 * names[NC_WHITE] and names[NC_BLACK] in the reasons.
 * 0 with the outcome; -1 when the game could not be played (an engine
 * refused the setup, searched more than its nodes under TC_NODES, or the
 * match was interrupted): err says why and out->g holds nothing. */
int match_play_game(Engine *eng[2], const char *const names[2], const Variant *v, const Opening *op, const MatchTc *tc, GameOutcome *out,
                    char *err, size_t errlen);

#endif
