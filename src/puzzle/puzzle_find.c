/* Finding and checking puzzles with the search (puzzle.h): a position is a
 * puzzle when a two-line search finds one winning move and no other. */
#include "puzzle.h"

#include <stdio.h>
#include <string.h>

#define RATING_MAX_DEPTH 8 /* the deepest search the rating tries */

static bool is_mate_score(int score)
{
    return score > SEARCH_MATE - 1000;
}

int puzzle_only_win(Search *s, const Game *g, const PuzzleRule *r, Move *best, SearchInfo *info, char *why,
                    size_t whylen)
{
    search_clear(s);
    search_run(s, g, &(SearchLimits){.nodes = r->nodes, .level = 10, .lines = 2}, info);
    if (!info->has_best) {
        snprintf(why, whylen, "no legal move");
        return 0;
    }
    *best = info->best;
    int top = info->nlines > 0 ? info->lines[0].score : info->score;
    if (top < r->win_cp) {
        snprintf(why, whylen, "the best move scores %d, below %d", top, r->win_cp);
        return 0;
    }
    if (info->nlines < 2)
        return 1; /* the only legal move: it is the only win */
    int second = info->lines[1].score;
    bool both_mate = is_mate_score(top) && is_mate_score(second);
    if (both_mate || second >= r->other_cp || top - second < r->gap_cp) {
        snprintf(why, whylen, "a second move scores %d against %d", second, top);
        return 0;
    }
    return 1;
}

/* The depth from which a search of each depth settles on move m. */
static int settling_depth(Search *s, const Game *g, const Move *m)
{
    int settled = RATING_MAX_DEPTH + 1;
    for (int d = RATING_MAX_DEPTH; d >= 1; d--) {
        SearchInfo in;
        search_clear(s);
        search_run(s, g, &(SearchLimits){.depth = d, .level = 10}, &in);
        if (!in.has_best || !move_equal(&in.best, m))
            break;
        settled = d;
    }
    return settled;
}

int puzzle_find(Search *s, Game *g, const PuzzleRule *find, const PuzzleRule *confirm, Puzzle *out)
{
    SearchInfo in;
    Move first, again;
    char why[200];
    if (game_status(g) != GS_ONGOING || !puzzle_only_win(s, g, find, &first, &in, why, sizeof why) ||
        !puzzle_only_win(s, g, confirm, &again, &in, why, sizeof why) || !move_equal(&first, &again))
        return 0;
    memset(out, 0, sizeof *out);
    out->start = g->pos;
    out->solution[0] = first;
    out->nplies = 1;
    /* played out: the answer the confirming search expects, then the
     * solver's next move while it too is the only win */
    Game h;
    game_init(&h, &g->pos);
    game_push(&h, &first);
    while (out->nplies + 2 <= PUZZLE_MAX_PLIES && game_status(&h) == GS_ONGOING) {
        SearchInfo ans;
        search_clear(s);
        search_run(s, &h, &(SearchLimits){.nodes = find->nodes, .level = 10}, &ans);
        if (!ans.has_best)
            break;
        game_push(&h, &ans.best);
        Move next;
        if (game_status(&h) != GS_ONGOING || !puzzle_only_win(s, &h, find, &next, &in, why, sizeof why))
            break;
        out->solution[out->nplies++] = ans.best;
        out->solution[out->nplies++] = next;
        game_push(&h, &next);
    }
    game_free(&h);
    int depth = settling_depth(s, g, &first);
    out->rating = 400 + 200 * depth;
    return 1;
}

int puzzle_check(Search *s, const Puzzle *p, const PuzzleRule *r, char *why, size_t whylen)
{
    Game g;
    game_init(&g, &p->start);
    int rc = 0;
    for (int i = 0; i < p->nplies && rc == 0; i++) {
        MoveList ml;
        gen_legal(&g.pos, &ml);
        bool legal = false;
        for (int k = 0; k < ml.n && !legal; k++)
            legal = move_equal(&ml.m[k], &p->solution[i]);
        if (game_status(&g) != GS_ONGOING) {
            snprintf(why, whylen, "the game is over before solution move %d", i + 1);
            rc = -1;
        } else if (!legal) {
            snprintf(why, whylen, "solution move %d is not legal", i + 1);
            rc = -1;
        } else if (i % 2 == 0) {
            Move best;
            SearchInfo in;
            char reason[200];
            if (!puzzle_only_win(s, &g, r, &best, &in, reason, sizeof reason)) {
                snprintf(why, whylen, "solution move %d: not the only win: %s", i + 1, reason);
                rc = -1;
            } else if (!move_equal(&best, &p->solution[i])) {
                snprintf(why, whylen, "solution move %d: another move is the only win", i + 1);
                rc = -1;
            }
        }
        if (rc == 0)
            game_push(&g, &p->solution[i]);
    }
    game_free(&g);
    return rc;
}
