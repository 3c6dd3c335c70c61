/* Analysis of a played game: every position searched at one budget, each
 * move scored against the search's best, and the moves that lost winning
 * chances judged (inaccuracy, mistake, blunder) with the better line.  The
 * judgement works on winning chances, a logistic curve of the score, so a
 * pawn lost in an even position weighs more than one lost when already
 * winning by a rook.  No I/O; the caller shows the result. */
#ifndef NC_ANALYSIS_H
#define NC_ANALYSIS_H

#include "notation/notation.h"
#include "rules/rules.h"
#include "search/search.h"

#include <stdbool.h>

#define ANALYSIS_MAX_LINE 16

typedef enum { JUDGED_GOOD, JUDGED_INACCURACY, JUDGED_MISTAKE, JUDGED_BLUNDER } MoveJudgement;

/* One move of the game. */
typedef struct {
    int best_score;   /* the position before the move, the mover's view (centipawns; SEARCH_MATE - n a mate) */
    int played_score; /* the position after it, the mover's view */
    bool best_played; /* the search's move was played */
    double loss;      /* winning chances lost, 0 to 2 (from a sure win to a sure loss) */
    int cp_loss;      /* centipawns lost, each score held to +/-1000 */
    MoveJudgement judgement;
    int nline;        /* the better line from the position before the move (best_played: the search's line) */
    Move line[ANALYSIS_MAX_LINE];
} MoveAnalysis;

/* Each side's moves in numbers. */
typedef struct {
    int moves, inaccuracies, mistakes, blunders;
    double average_cp_loss;
} SideSummary;

/* Called after each position searched (done of total); false stops the
 * analysis. */
typedef bool (*AnalysisProgress)(void *ctx, int done, int total);

/* Searches each position of g from its start to its last move, within lim
 * (its level, depth, nodes or seconds), and fills out[i] for move i (the
 * caller's array of g->nply).  Returns 0, or -1 when stopped by progress
 * (out holds the moves before). */
int analysis_run(Search *s, const Game *g, const SearchLimits *lim, MoveAnalysis *out, AnalysisProgress progress,
                 void *ctx);

/* The winning chances of a score for the side whose view it is, from -1
 * (lost) to 1 (won); a mate counts as a score of 1000. */
double analysis_win_chances(int score);

/* The judgement of a loss of winning chances: 0.1 or more an inaccuracy,
 * 0.2 a mistake, 0.3 a blunder. */
MoveJudgement analysis_judge(double loss);

/* Counts per side (index NC_WHITE, NC_BLACK) of the nply moves of a game
 * from start. */
void analysis_summary(const Position *start, const MoveAnalysis *a, int nply, SideSummary out[2]);

/* The report beside the moves of a game (analysis_pgn.c), for
 * pgn_write_noted: after each move its NAG ($6 ?!, $2 ?, $4 ??), a comment
 * with [%eval] after it (a judged move also says its judgement, the scores
 * before and after and the better move) and, for a judged move, the
 * better line as a variation.  The report must outlive the notes' use. */
typedef struct {
    const Position *start;   /* where the game began */
    const Move *moves;       /* its moves, a[i] judging moves[i] */
    const MoveAnalysis *a;
} AnalysisReport;
PgnNotes analysis_pgn_notes(const AnalysisReport *r);
/* The better move of ply as the game's notation writes it ("" none). */
void analysis_best_label(const AnalysisReport *r, int ply, char *buf, int len);
/* A score of the mover of ply (0-based, from start) in White's view. */
int analysis_white_score(const Position *start, int ply, int score);
/* A score as [%eval] writes it: pawns from White's view, or #N (#-N) for
 * a mate in N moves by White (Black). */
void analysis_eval_text(int white_score, char *buf, size_t len);
/* "Inaccuracy", "Mistake", "Blunder"; "" for a good move. */
const char *analysis_judgement_word(MoveJudgement j);
/* "?!", "?", "??"; "" for a good move. */
const char *analysis_judgement_mark(MoveJudgement j);

#endif
