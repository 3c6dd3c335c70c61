/* Analysis of a played game (analysis.h): one search per position, the
 * played move scored by the search of the position it led to. */
#include "analysis.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define SCORE_CAP 1000 /* scores beyond a rook or so all mean "won" */

static int capped(int score)
{
    return score > SCORE_CAP ? SCORE_CAP : score < -SCORE_CAP ? -SCORE_CAP : score;
}

double analysis_win_chances(int score)
{
    return 2.0 / (1.0 + exp(-0.00368208 * (double)capped(score))) - 1.0;
}

MoveJudgement analysis_judge(double loss)
{
    return loss >= 0.3 ? JUDGED_BLUNDER : loss >= 0.2 ? JUDGED_MISTAKE : loss >= 0.1 ? JUDGED_INACCURACY : JUDGED_GOOD;
}

/* The score of a position for its side to move: the game's end when it is
 * over, else the search's; *info is filled by a search only. */
static int position_score(Search *s, Game *g, const SearchLimits *lim, SearchInfo *info, bool *searched)
{
    GameStatus st = game_status(g);
    *searched = false;
    if (st != GS_ONGOING) {
        int w = game_winner(g, st);
        return w < 0 ? 0 : w == g->pos.side ? SEARCH_MATE : -SEARCH_MATE;
    }
    search_run(s, g, lim, info);
    *searched = true;
    return info->score;
}

static void keep_line(MoveAnalysis *a, const SearchInfo *in)
{
    int n = in->npv < ANALYSIS_MAX_LINE ? in->npv : ANALYSIS_MAX_LINE;
    memcpy(a->line, in->pv, sizeof(Move) * (size_t)n);
    a->nline = n;
    if (n == 0 && in->has_best) {
        a->line[0] = in->best;
        a->nline = 1;
    }
}

int analysis_run(Search *s, const Game *g, const SearchLimits *lim, MoveAnalysis *out, AnalysisProgress progress,
                 void *ctx)
{
    Position start = g->pos;
    for (int i = g->nply - 1; i >= 0; i--)
        unmake_move(&start, &g->moves[i], &g->undos[i]);
    Game h;
    game_init(&h, &start);
    SearchInfo in;
    bool searched;
    int score = position_score(s, &h, lim, &in, &searched);
    int rc = 0;
    for (int i = 0; i < g->nply; i++) {
        if (progress && !progress(ctx, i + 1, g->nply + 1)) {
            rc = -1;
            break;
        }
        MoveAnalysis *a = &out[i];
        memset(a, 0, sizeof *a);
        a->best_score = score;
        a->best_played = searched && in.has_best && move_equal(&in.best, &g->moves[i]);
        if (searched)
            keep_line(a, &in);
        game_push(&h, &g->moves[i]);
        score = position_score(s, &h, lim, &in, &searched);
        a->played_score = -score;
        if (!a->best_played) {
            a->loss = analysis_win_chances(a->best_score) - analysis_win_chances(a->played_score);
            if (a->loss < 0)
                a->loss = 0;
            int cp = capped(a->best_score) - capped(a->played_score);
            a->cp_loss = cp > 0 ? cp : 0;
            a->judgement = analysis_judge(a->loss);
        }
    }
    if (rc == 0 && progress)
        progress(ctx, g->nply + 1, g->nply + 1);
    game_free(&h);
    return rc;
}

void analysis_summary(const Position *start, const MoveAnalysis *a, int nply, SideSummary out[2])
{
    memset(out, 0, sizeof(SideSummary) * 2);
    long loss[2] = {0, 0};
    for (int i = 0; i < nply; i++) {
        int side = (start->side + i) % 2;
        SideSummary *o = &out[side];
        o->moves++;
        loss[side] += a[i].cp_loss;
        o->inaccuracies += a[i].judgement == JUDGED_INACCURACY;
        o->mistakes += a[i].judgement == JUDGED_MISTAKE;
        o->blunders += a[i].judgement == JUDGED_BLUNDER;
    }
    for (int c = 0; c < 2; c++)
        out[c].average_cp_loss = out[c].moves ? (double)loss[c] / out[c].moves : 0.0;
}
