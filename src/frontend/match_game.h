/* One game of a match between two CECP engines: setting both up for the
 * opening, the clocks, asking for moves, checking every move with the
 * rules, and how the game ended.  No statistics, no files, no threads. */
#ifndef NC_FRONTEND_MATCH_GAME_H
#define NC_FRONTEND_MATCH_GAME_H

#include "engine_proc.h"
#include "match_openings.h"

typedef enum { TC_ST, TC_CLOCK, TC_DEPTH } TcKind;

typedef struct {
    TcKind kind;
    double st;              /* TC_ST: seconds per move */
    double base, inc;       /* TC_CLOCK: seconds */
    int depth;              /* "sd" sent when > 0 */
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

/* Seconds an engine may take for one move when only a depth limits it. */
#define MATCH_DEPTH_MOVE_SECONDS 120.0

/* Plays op with eng[NC_WHITE] against eng[NC_BLACK] (both running), named
 * names[NC_WHITE] and names[NC_BLACK] in the reasons.
 * 0 with the outcome; -1 when the game could not be played (an engine
 * refused the setup, or the match was interrupted): err says why and
 * out->g holds nothing. */
int match_play_game(Engine *eng[2], const char *const names[2], const Variant *v, const Opening *op, const MatchTc *tc, GameOutcome *out,
                    char *err, size_t errlen);

#endif
