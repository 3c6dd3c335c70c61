/* The game report written beside the moves (analysis.h): the NAG, the
 * [%eval] comment with the judgement and the better move, and the better
 * line as a variation, for pgn_write_noted.  --analyse and the game
 * screen's saved report both write it through here. */
#include "analysis.h"

#include <stdio.h>

int analysis_white_score(const Position *start, int ply, int score)
{
    return (start->side + ply) % 2 == NC_WHITE ? score : -score;
}

void analysis_eval_text(int white_score, char *buf, size_t len)
{
    int a = white_score < 0 ? -white_score : white_score;
    if (a > SEARCH_MATE - 1000)
        snprintf(buf, len, "#%s%d", white_score < 0 ? "-" : "", (SEARCH_MATE - a + 1) / 2);
    else
        snprintf(buf, len, "%.2f", white_score / 100.0);
}

const char *analysis_judgement_word(MoveJudgement j)
{
    return j == JUDGED_BLUNDER      ? "Blunder"
           : j == JUDGED_MISTAKE    ? "Mistake"
           : j == JUDGED_INACCURACY ? "Inaccuracy"
                                    : "";
}

const char *analysis_judgement_mark(MoveJudgement j)
{
    return j == JUDGED_BLUNDER ? "??" : j == JUDGED_MISTAKE ? "?" : j == JUDGED_INACCURACY ? "?!" : "";
}

static const char *judgement_nag(MoveJudgement j)
{
    return j == JUDGED_BLUNDER ? "$4" : j == JUDGED_MISTAKE ? "$2" : j == JUDGED_INACCURACY ? "$6" : "";
}

static const char *nag_at(void *ctx, int ply, char *buf, size_t len)
{
    const AnalysisReport *r = ctx;
    if (ply < 0)
        return NULL;
    snprintf(buf, len, "%s", judgement_nag(r->a[ply].judgement));
    return buf;
}

void analysis_best_label(const AnalysisReport *r, int ply, char *buf, int len)
{
    Position p = *r->start;
    for (int i = 0; i < ply; i++) {
        Undo u;
        make_move(&p, &r->moves[i], &u);
    }
    buf[0] = 0;
    if (r->a[ply].nline > 0)
        move_label(&p, &r->a[ply].line[0], buf, len);
}

static const char *comment_at(void *ctx, int ply, char *buf, size_t len)
{
    const AnalysisReport *r = ctx;
    if (ply < 0)
        return NULL;
    const MoveAnalysis *a = &r->a[ply];
    if (a->played_score == SEARCH_MATE || a->played_score == -SEARCH_MATE)
        return NULL; /* the game is over: no score to give */
    char after[32], before[32], best[160];
    analysis_eval_text(analysis_white_score(r->start, ply, a->played_score), after, sizeof after);
    int n = snprintf(buf, len, "[%%eval %s]", after);
    if (a->judgement != JUDGED_GOOD && a->nline > 0 && n >= 0 && (size_t)n < len) {
        analysis_best_label(r, ply, best, sizeof best);
        analysis_eval_text(analysis_white_score(r->start, ply, a->best_score), before, sizeof before);
        snprintf(buf + n, len - (size_t)n, " %s (%s -> %s). %s was best.", analysis_judgement_word(a->judgement),
                 before, after, best);
    }
    return buf;
}

static int variation_at(void *ctx, int ply, const Move **line)
{
    const AnalysisReport *r = ctx;
    const MoveAnalysis *a = &r->a[ply];
    if (a->judgement == JUDGED_GOOD || a->nline == 0)
        return 0;
    *line = a->line;
    return a->nline;
}

PgnNotes analysis_pgn_notes(const AnalysisReport *r)
{
    PgnNotes n = {nag_at, comment_at, variation_at, (void *)r};
    return n;
}
