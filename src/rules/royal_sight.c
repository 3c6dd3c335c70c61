/* Royal sight: whether the two royal pieces face each other along a file,
 * a rank or a diagonal with nothing between them (Variant.royal_sight says
 * which lines count).  A missing square blocks the sight. */
#include "royal_sight.h"

bool royals_see_each_other(const Position *p)
{
    const Variant *v = p->v;
    int a = p->king[NC_WHITE], b = p->king[NC_BLACK];
    if (!v->royal_sight || !a || !b)
        return false;
    int dx = v->file_of[b] - v->file_of[a], dy = v->rank_of[b] - v->rank_of[a];
    bool file = dx == 0, rank = dy == 0, diag = dx == dy || dx == -dy;
    if (!(file || (v->royal_sight >= RS_ORTH && rank) || (v->royal_sight == RS_ALL && diag)))
        return false;
    int step = (dx > 0) - (dx < 0) + ((dy > 0) - (dy < 0)) * v->stride;
    for (int s = a + step; s != b; s += step)
        if (p->board[s] != NC_EMPTY)
            return false;
    return true;
}
