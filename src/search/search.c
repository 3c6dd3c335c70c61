/* Iterative-deepening principal variation search for every variant: the
 * node (pvs, in numbered steps), the quiescence search, the root, the
 * iterations and their time use, and the thread a search runs on.  The
 * transposition table (tt.c), move ordering (ordering.c) and history
 * (history.c) are its parts; every margin and reduction is a named
 * parameter (params.h).  Measurements behind the choices, and the level
 * table's strength, are in doc/search.md.
 *
 * The search works on pseudo-legal moves and tests legality after making
 * each one (the royal piece must survive and not be removable), because the
 * rules core's legality test is the expensive part and most nodes are cut
 * off before all moves are tried.  A "capture" is any move that removes
 * pieces (replacement, flying or jumping over, double capture, en passant,
 * Titan crush and exile), found from the move and the board and valued with
 * see_gain(); quiescence searches those and promotions (generated
 * alone by gen_noisy), skips a capture by a piece worth more than its gain
 * when the piece can be taken back on its square and the static exchange
 * evaluation (see.c) says it loses material, and takes any stored
 * bound of the transposition table as its result.  A quiescence node in
 * check does not stand pat: it searches every legal move, and with none
 * is mated.  Its checks are those a capture gives directly (the cheap
 * test of may_give_check() confirmed by the check test).
 *
 * Levels (SearchLimits.level; 0 means 10), in the table `levels` below.
 * The caller's own limits apply as well, whichever is tighter.  "noise" is
 * a random bonus in centipawns, drawn once per root move and search,
 * uniformly from [-noise, +noise]: it makes weak levels choose plausible
 * but imperfect moves, so beginners can win.  Node caps keep each level's
 * strength similar whatever the machine.  "time" is the share of the
 * caller's time limit (per move or from the clock) that the level uses: it
 * keeps levels 7-10 apart at every clock, where depth and node caps bind
 * only with long thinking times.  When a search gets no depth, time or
 * node limit at all, level 10 thinks for 5 seconds (so a forgotten limit
 * cannot hang the program).
 *
 * Time: with a time limit S the search stops an iteration at once when S
 * has passed, and does not start a new iteration after time-soft-pct of S
 * (it would rarely finish).  On a clock (SearchLimits.target_seconds T, S
 * then being the most it may spend) no new iteration starts after that
 * share of T, stretched while the best move changes or the score falls,
 * shrunk while the best move holds (the time-* parameters).  Draws: a
 * position repeated once inside the search or since the last irreversible
 * move before it, 100 plies without capture, pawn move or drop (unless
 * that last ply mates), bare kings and Capture the Scepter all score 0.
 * The variant's game-end rules (endrules.h) and its results for checkmate
 * and stalemate score as mate or draw.  The evaluation knows material that
 * cannot mate and the wrong rook pawn (eval_draw.c); run() has their
 * endgame-table verdicts prepared first.  Endgame tables (for those
 * verdicts and for the root's own move against a bare king) are built
 * only when the search has no time limit or at least DRAW_BUILD_SECONDS;
 * otherwise only tables already built count.
 *
 * Pruning, each only where it is safe (the steps of pvs() say where): null
 * move, late-move reductions of quiet moves, late-move pruning, internal
 * iterative reduction, reverse futility and futility near the leaves
 * (never when mate scores are in the window), aspiration windows, skipped
 * losing captures near the leaves; check and singular extensions.
 * SearchLimits.flags switches the table or all of the pruning off (the
 * quiescence search's delta pruning and skipped captures included). */
#include "search.h"

#include "nnue/nnue.h"
#include "rules/rules.h"
#include "endgame/endgame.h"

#include "eval.h"
#include "ordering.h"
#include "params.h"
#include "see.h"
#include "tt.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

_Static_assert(MATE == SEARCH_MATE, "defs.h and search.h agree on the mate score");

typedef struct {
    int depth;
    long long nodes;
    int noise;
    int time_pct; /* share of the caller's time limit the level uses */
} LevelSpec;

static const LevelSpec levels[11] = {
    {0, 0, 0, 100}, /* unused */
    {1, 0, 250, 100},     {1, 0, 60, 100},      {2, 0, 70, 100},
    {3, 20000, 35, 100},  {4, 60000, 15, 100},  {6, 150000, 6, 100},
    {8, 400000, 0, 25},   {10, 1000000, 0, 50}, {16, 3000000, 0, 70},
    {0, 0, 0, 100},
};

/* Whole static evaluations by position key: the same position is
 * evaluated again and again (by the node and its quiescence search, in
 * each iteration and re-search), and the live terms make it dear. */
#define EVAL_CACHE_SIZE (1 << 15)
typedef struct {
    uint64_t key;
    int score;
} EvalCacheEntry;

struct Search {
    TransTable *tt;       /* own_tt, or the main search's for a helper */
    TransTable own_tt;
    SearchParams par;

    /* helpers: searches of the same root on threads of their own, sharing
     * the table (and nothing else), started and stopped by run() */
    Search **helpers;
    int nhelpers;
    bool is_helper;
    Search *main_search;  /* a helper's: whose node cap it keeps too */
    bool helpers_on;      /* this search runs its helpers */
    int first_depth;      /* a helper's first iteration: 1 or 2 */
    atomic_ullong nodes_seen; /* nodes, for the main search's count */

    /* thread and shared state */
    pthread_t thread;
    bool thread_live;
    pthread_mutex_t mu;
    atomic_int stop;
    SearchInfo info;  /* published copy, under mu */

    EvalCacheEntry ecache[EVAL_CACHE_SIZE]; /* cleared with the evaluation's tables */

    /* the search's own copy of the game */
    Position pos;
    /* keys of the game since its last capture, then of the search path,
     * each with its window: the material (game_material), since only
     * positions of equal material can repeat and material never grows,
     * and the number of null moves on the path, since no repetition
     * counts across a null move */
    uint64_t *keys;
    int *kmat;
    int nkeys, keycap;
    int null_moves;

    /* limits of the current search */
    int max_depth;
    long long max_nodes;
    double soft, hard, t0;
    double target;        /* on a clock: the time aimed at (0: soft is fixed) */
    int noise;
    bool use_tt, prune;   /* SEARCH_NO_TT / SEARCH_NO_PRUNING switch these off */
    bool no_table_builds; /* SEARCH_NO_TABLE_BUILDS */

    /* working state */
    uint64_t nodes;
    int seldepth;
    bool stopped;
    int root_depth;
    MoveList *ml;                     /* one list per ply */
    int (*mscore)[NC_MAX_MOVES];
    Move pv[MAX_PLY][MAX_PLY];
    int pvlen[MAX_PLY];
    History hist;
    /* the move a singular-extension search at each ply leaves out (to 0:
     * none) */
    Move excluded[MAX_PLY];
    int lmr[64][64];
    MoveList scratch;                 /* for the exchange evaluation and checking a table move */
    uint64_t rng;
    EvalTables et;
    /* a neural evaluation in place of et (search_set_nnue; NULL: none),
     * used while the game's variant is the net's; acc[ply] are the
     * accumulators of the position at ply, updated at each move */
    const NnueNet *nnue;
    bool nnue_on;
    NnueAcc *acc;

    /* endgame tables: king and pieces against a bare king are played
     * from a table when one is cached (or, for one piece, quick to build) */
    EgStore *eg;

    /* root */
    MoveList root;
    int root_score[NC_MAX_MOVES];
    int root_noise[NC_MAX_MOVES];
    int nlines;                       /* lines asked for (1: no MultiPV) */
    SearchLine lines[SEARCH_MAX_LINES]; /* of the iteration in progress */
    Move best;
    bool has_best;
    char note[200];       /* SearchInfo.note of this search */
};

/* ---- small helpers ---- */

static uint64_t rng_next(uint64_t *s)
{
    uint64_t x = *s;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *s = x;
    return x * 0x2545F4914F6CDD1DULL;
}

/* Null move is unsafe in zugzwang-prone positions: demand a piece that is
 * neither royal nor promoting (on the board or in hand). */
static bool has_pieces(const Position *p, int c)
{
    const Variant *v = p->v;
    for (int i = 0; i < p->npieces[c]; i++) {
        const PieceType *pt = &v->types[nc_type(p->board[p->plist[c][i]])];
        if (!pt->royal && !pt->promotes)
            return true;
    }
    for (int t = 0; t < v->ntypes; t++)
        if (p->hand[c][t] && !v->types[t].promotes)
            return true;
    return false;
}

/* One earlier occurrence on the game and search path is a draw for the
 * search.  Positions before the last capture cannot recur; moves that
 * reset the 100-ply count but can be undone (a ninja pawn's step aside, a
 * Titan pushed back) can, so the window is the material, not that count. */
static bool is_repetition(const Search *s)
{
    const Position *p = &s->pos;
    int last = s->nkeys - 1;
    for (int i = last - 2; i >= 0 && s->kmat[i] == s->kmat[last]; i -= 2)
        if (s->keys[i] == p->key)
            return true;
    return false;
}

static void push_key_material(Search *s, uint64_t k, int material)
{
    if (s->nkeys == s->keycap) {
        s->keycap *= 2;
        uint64_t *nk = realloc(s->keys, sizeof *nk * (size_t)s->keycap);
        int *nm = nk ? realloc(s->kmat, sizeof *nm * (size_t)s->keycap) : NULL;
        if (!nk || !nm)
            abort();
        s->keys = nk;
        s->kmat = nm;
    }
    s->keys[s->nkeys] = k;
    s->kmat[s->nkeys++] = material;
}

/* The search position's key, after a move was made. */
static void push_key(Search *s, uint64_t k)
{
    push_key_material(s, k, game_material(&s->pos) | s->null_moves << 16);
}

/* ---- time and stop ---- */

/* The nodes of the search and its helpers (theirs as last seen). */
static uint64_t all_nodes(const Search *s)
{
    uint64_t n = s->nodes;
    for (int i = 0; i < s->nhelpers; i++)
        n += atomic_load_explicit(&s->helpers[i]->nodes_seen, memory_order_relaxed);
    return n;
}

/* The nodes of the main search m and its helpers as last published, read
 * from any of their threads. */
static uint64_t published_nodes(const Search *m)
{
    uint64_t n = atomic_load_explicit(&m->nodes_seen, memory_order_relaxed);
    for (int i = 0; i < m->nhelpers; i++)
        n += atomic_load_explicit(&m->helpers[i]->nodes_seen, memory_order_relaxed);
    return n;
}

static void check_stop(Search *s)
{
    atomic_store_explicit(&s->nodes_seen, s->nodes, memory_order_relaxed);
    if (atomic_load_explicit(&s->stop, memory_order_relaxed)) {
        s->stopped = true;
        return;
    }
    /* a helper keeps the main search's node cap itself: the main thread
     * may not run for a while on a loaded machine */
    const Search *m = s->is_helper ? s->main_search : NULL;
    if (m && m->max_nodes && (long long)published_nodes(m) >= m->max_nodes)
        s->stopped = true;
    else if (s->max_nodes && (long long)all_nodes(s) >= s->max_nodes)
        s->stopped = true;
    else if (s->hard > 0 && nc_seconds() - s->t0 >= s->hard)
        s->stopped = true;
}

/* Counts a node the search enters; false when the search has stopped.  A
 * node entered after the stop (a caller that searches on before it looks
 * at `stopped`) is neither searched nor counted, so a node cap is exact. */
static inline bool enter_node(Search *s)
{
    if (s->stopped)
        return false;
    if ((++s->nodes & 1023) == 0 || (s->max_nodes && (long long)s->nodes >= s->max_nodes))
        check_stop(s);
    return !s->stopped;
}

/* A result for the side to move (END_*) as a score at this ply. */
static int result_score(int result, int ply)
{
    return result == NC_END_WIN ? MATE - ply : result == NC_END_LOSS ? -MATE + ply : 0;
}

/* The score of a node without legal moves: checkmate or stalemate. */
static int no_move_score(const Position *p, bool incheck, int ply)
{
    return result_score(end_no_moves_result(p->v, incheck), ply);
}

/* A game-end rule of the variant that holds here: true with its score. */
static bool variant_end(const Position *p, int ply, int *score)
{
    if (!p->v->nend)
        return false;
    int result = end_rules_judge(p, NULL);
    if (result == NC_END_NONE)
        return false;
    *score = result_score(result, ply);
    return true;
}

/* ---- search ---- */

/* The static evaluation of p (at ply), from the cache when it was
 * evaluated before. */
static int evaluate(Search *s, const Position *p, int ply)
{
    EvalCacheEntry *ce = &s->ecache[p->key & (EVAL_CACHE_SIZE - 1)];
    if (ce->key != p->key) {
        ce->key = p->key;
        ce->score = s->nnue_on ? nnue_evaluate(s->nnue, &s->acc[ply], p->side) : eval_position(&s->et, p);
    }
    return ce->score;
}

/* The accumulators after the move just made at ply (u its Undo); in
 * debug builds checked against a refresh, as pos_ok() checks the board. */
static inline void nnue_follow(Search *s, int ply, const Undo *u)
{
    if (s->nnue_on && ply + 1 < MAX_PLY) {
        nnue_update(s->nnue, &s->pos, u, &s->acc[ply], &s->acc[ply + 1]);
        NNUE_ASSERT_OK(s->nnue, &s->pos, &s->acc[ply + 1]);
    }
}

static int quiesce(Search *s, int alpha, int beta, int ply, int qply, bool incheck);
static bool may_give_check(const Position *p, const Move *m);

/* Raises a quiescence node's best score, and alpha, to a move's score;
 * true at a cut-off. */
static inline bool raise_best(int score, int *best, int *alpha, int beta)
{
    if (score <= *best)
        return false;
    *best = score;
    if (score <= *alpha)
        return false;
    *alpha = score;
    return score >= beta;
}

/* Makes a quiescence move and searches it; false when it is illegal or
 * skipped.  With skip_if_losing, a move whose piece can be taken back where
 * it lands is skipped when the exchange evaluation says it loses material.
 * The child knows it is in check when the cheap test of
 * may_give_check() and then the check test say so (a check it misses,
 * uncovered or by flying over, is stood pat in as before). */
static bool quiesce_move(Search *s, const Move *m, bool skip_if_losing, int alpha, int beta, int ply,
                         int qply, int *score)
{
    Position *p = &s->pos;
    int us = p->side, had = p->nroyal[us];
    bool may_check = may_give_check(p, m);
    Undo u;
    /* whether the side is in check is known only when it is, so the
     * shortcut of move_surely_legal() cannot be used */
    make_move(p, m, &u);
    /* the recapture test first: it is cheaper to skip a move so than to
     * prove it legal, and either way it is not searched; the exchange
     * evaluation only when a piece can take back */
    if (skip_if_losing && sq_removable(p, m->to, p->side)) {
        unmake_move(p, m, &u);
        if (see(p, m, s->et.value, &s->scratch) < 0)
            return false;
        make_move(p, m, &u);
    }
    if (!legal_after_make(p, us, had)) {
        unmake_move(p, m, &u);
        return false;
    }
    s->hist.path_code[ply] = 0; /* no countermove is kept for quiescence moves */
    nnue_follow(s, ply, &u);
    bool gives_check = may_check && qply + 1 < QS_MAX && in_check(p);
    *score = -quiesce(s, -beta, -alpha, ply + 1, qply + 1, gives_check);
    unmake_move(p, m, &u);
    return true;
}

/* A quiescence node in check: no standing pat; every legal move is
 * searched, and with none the side is checkmated (scored as the variant
 * scores checkmate). */
static int quiesce_evasions(Search *s, int alpha, int beta, int ply, int qply)
{
    Position *p = &s->pos;
    MoveList *ml = &s->ml[ply];
    int *sc = s->mscore[ply];
    gen_pseudo(p, ml);
    order_score(p, s->et.value, &s->hist, ml, sc, NULL, ply);
    int best = -INF, searched = 0;
    for (int i = 0; i < ml->n; i++) {
        order_pick(ml, sc, i);
        int score;
        if (!quiesce_move(s, &ml->m[i], false, alpha, beta, ply, qply, &score))
            continue;
        if (s->stopped)
            return 0;
        searched++;
        if (raise_best(score, &best, &alpha, beta))
            break;
    }
    return searched ? best : no_move_score(p, true, ply);
}

/* Keeps the moves of ml that win material or promote, each scored by its
 * gain; delta pruning drops those that cannot lift the score to alpha
 * even unopposed. */
static void keep_gaining_moves(Search *s, MoveList *ml, int *sc, int stand, int alpha)
{
    const Position *p = &s->pos;
    int n = 0;
    for (int i = 0; i < ml->n; i++) {
        const Move *m = &ml->m[i];
        if (!is_tactical(p, m) && !(m->promo && m->kind != MK_DROP))
            continue;
        int g = see_gain(p, m, s->et.value);
        if (g <= 0 || (s->prune && stand + g + s->par.qs_delta <= alpha))
            continue;
        ml->m[n] = *m;
        sc[n] = g * 64 - mover_value(s->et.value, p, m) / 8; /* the gain is read back from it below */
        n++;
    }
    ml->n = n;
}

static int quiesce(Search *s, int alpha, int beta, int ply, int qply, bool incheck)
{
    Position *p = &s->pos;
    if (!enter_node(s))
        return 0;
    if (ply > s->seldepth)
        s->seldepth = ply;
    if (p->scepter)
        return 0;
    int end_score;
    if (variant_end(p, ply, &end_score))
        return end_score;
    /* a stored bound of any depth settles a quiescence node */
    const TTEntry *te = s->use_tt ? tt_probe(s->tt, p->key) : NULL;
    if (te) {
        int ts = score_from_tt(te->score, ply);
        if (te->flag == TT_EXACT || (te->flag == TT_LOWER && ts >= beta) || (te->flag == TT_UPPER && ts <= alpha))
            return ts;
    }
    if (incheck && ply < MAX_PLY - 1 && qply < QS_MAX)
        return quiesce_evasions(s, alpha, beta, ply, qply);
    int stand = evaluate(s, p, ply);
    if (ply >= MAX_PLY - 1 || qply >= QS_MAX)
        return stand;
    if (stand >= beta)
        return stand;
    if (stand > alpha)
        alpha = stand;
    int best = stand;

    MoveList *ml = &s->ml[ply];
    int *sc = s->mscore[ply];
    gen_noisy(p, ml);
    keep_gaining_moves(s, ml, sc, stand, alpha);
    for (int i = 0; i < ml->n; i++) {
        order_pick(ml, sc, i);
        const Move *m = &ml->m[i];
        /* a piece worth more than it takes may lose the exchange */
        int mv = mover_value(s->et.value, p, m), gain = (sc[i] + mv / 8) / 64;
        int score;
        if (!quiesce_move(s, m, s->prune && may_lose_exchange(p, m, gain, mv), alpha, beta, ply, qply, &score))
            continue;
        if (s->stopped)
            return 0;
        if (raise_best(score, &best, &alpha, beta))
            break;
    }
    return best;
}

static void null_move(Position *p, uint16_t *ep, int *nep, uint16_t *victim, uint64_t *key, int *hm)
{
    const Variant *v = p->v;
    *key = p->key;
    *nep = p->nep;
    memcpy(ep, p->ep, sizeof p->ep);
    *victim = p->ep_victim;
    *hm = p->halfmove;
    for (int i = 0; i < p->nep; i++)
        p->key ^= v->zob_ep[p->ep[i]];
    p->nep = 0;
    p->ep_victim = 0;
    p->side ^= 1;
    p->key ^= v->zob_side;
    p->halfmove = 0;
}

static void null_unmake(Position *p, const uint16_t *ep, int nep, uint16_t victim, uint64_t key, int hm)
{
    p->side ^= 1;
    p->nep = (uint8_t)nep;
    memcpy(p->ep, ep, sizeof p->ep);
    p->ep_victim = victim;
    p->key = key;
    p->halfmove = hm;
}

static int pvs(Search *s, int depth, int alpha, int beta, int ply, bool incheck, bool pvnode, bool allow_null);

/* Null move: lets the opponent move twice; if a reduced search still fails
 * high, so would a real move.  Returns true with the cut-off score. */
static bool null_move_cutoff(Search *s, int depth, int beta, int static_eval, int ply, int *score)
{
    const SearchParams *sp = &s->par;
    Position *p = &s->pos;
    /* reduced more the further the static score stands above beta */
    int r = sp->nmp_base + depth / sp->nmp_depth_div + (static_eval - beta) / sp->nmp_eval_div;
    if (r > sp->nmp_base + sp->nmp_eval_max + depth / sp->nmp_depth_div)
        r = sp->nmp_base + sp->nmp_eval_max + depth / sp->nmp_depth_div;
    uint16_t ep[NC_MAX_EP];
    int nep, hm;
    uint16_t victim;
    uint64_t key;
    null_move(p, ep, &nep, &victim, &key, &hm);
    if (s->nnue_on && ply + 1 < MAX_PLY)
        s->acc[ply + 1] = s->acc[ply]; /* no piece moved */
    s->null_moves++;
    history_set_path(&s->hist, ply, 0, 0);
    push_key(s, p->key);
    int sc = -pvs(s, depth - 1 - r, -beta, -beta + 1, ply + 1, false, false, false);
    s->nkeys--;
    s->null_moves--;
    null_unmake(p, ep, nep, victim, key, hm);
    if (s->stopped) {
        *score = 0;
        return true;
    }
    if (sc >= beta) {
        *score = sc >= MATE_BOUND ? beta : sc;
        return true;
    }
    return false;
}

/* The PV of this ply: m followed by the child's PV. */
static void update_pv(Search *s, int ply, const Move *m)
{
    s->pv[ply][ply] = *m;
    int n = s->pvlen[ply + 1];
    for (int j = ply + 1; j < n; j++)
        s->pv[ply][j] = s->pv[ply + 1][j];
    s->pvlen[ply] = n > ply + 1 ? n : ply + 1;
}

/* Whether the move m may give check directly: the moved piece's reach
 * table covers the enemy king from its new square and, when they are on
 * one line, the squares between are empty.  Cheap, and not exact (a piece
 * that flies over, a check uncovered from the old square), so late-move
 * pruning keeps, and quiescence knows, only the checks it finds this way. */
static bool may_give_check(const Position *p, const Move *m)
{
    const Variant *v = p->v;
    int us = p->side, k = p->king[us ^ 1];
    if (!k || m->kind == MK_CASTLE)
        return false;
    int t = mover_type(p, m);
    int dx = v->file_of[k] - v->file_of[m->to], dy = v->rank_of[k] - v->rank_of[m->to];
    if (abs(dx) > 15 || abs(dy) > 15 || !v->reach[us][t][dy + 15][dx + 15])
        return false;
    if (!(dx == 0 || dy == 0 || dx == dy || dx == -dy))
        return true; /* a leap */
    int step = (dx > 0) - (dx < 0) + ((dy > 0) - (dy < 0)) * v->stride;
    for (int sq = m->to + step; sq != k; sq += step)
        if (p->board[sq] != NC_EMPTY && sq != m->from)
            return false;
    return true;
}

/* Puts the table's move, already searched, at the front of the scored
 * list (it is not there when must-capture left it out); returns the index
 * the loop goes on from. */
static int hash_move_to_front(MoveList *ml, int *sc, const Move *hash)
{
    int at = -1;
    for (int i = 0; i < ml->n && at < 0; i++)
        if (sc[i] == SC_HASH)
            at = i;
    if (at < 0) {
        if (ml->n == NC_MAX_MOVES)
            return 0; /* no room to keep it: every move of the list is searched */
        at = ml->n++;
        ml->m[at] = *hash;
    }
    Move m = ml->m[at];
    ml->m[at] = ml->m[0];
    ml->m[0] = m;
    sc[at] = sc[0];
    sc[0] = SC_HASH;
    return 1;
}

/* A node of the principal variation search, read top to bottom: the steps
 * are numbered.  With `excluded[ply]` set it is a singular-extension test
 * of the node: that move is left out, and the table is neither read nor
 * written. */
static int pvs(Search *s, int depth, int alpha, int beta, int ply, bool incheck, bool pvnode, bool allow_null)
{
    const SearchParams *sp = &s->par;
    Position *p = &s->pos;
    int score;

    /* 1. At the horizon, the quiescence search. */
    s->pvlen[ply] = ply;
    if (depth <= 0)
        return quiesce(s, alpha, beta, ply, 0, incheck);
    if (!enter_node(s))
        return 0;
    if (ply > s->seldepth)
        s->seldepth = ply;

    /* 2. Nodes that need no search: a game end or draw by rule, the
     * 100-ply count (where a mate still counts, as in game_status()), the
     * ply limit. */
    if (variant_end(p, ply, &score))
        return score;
    if (p->scepter || is_repetition(s) || game_bare_kings(p))
        return 0;
    if (p->halfmove >= 100) {
        /* a stalemate that is not a draw counts too, as in game_status() */
        if (!incheck && p->v->stalemate_result == NC_END_DRAW)
            return 0;
        gen_legal(p, &s->ml[ply]);
        return s->ml[ply].n ? 0 : no_move_score(p, incheck, ply);
    }
    if (ply >= MAX_PLY - 2)
        return evaluate(s, p, ply);

    /* 3. Mate distance pruning: no score better than a mate from here. */
    if (alpha < -MATE + ply)
        alpha = -MATE + ply;
    if (beta > MATE - ply - 1)
        beta = MATE - ply - 1;
    if (alpha >= beta)
        return alpha;

    /* 4. The transposition table: its move is searched first, and outside
     * PV nodes a bound from at least this depth settles the node. */
    Move hash_move = {0};
    bool have_hash = false;
    TTEntry te = {0};
    bool excluding = s->excluded[ply].to != 0;
    const TTEntry *found = excluding || !s->use_tt ? NULL : tt_probe(s->tt, p->key);
    if (found) {
        int ts = score_from_tt(found->score, ply);
        te = *found;
        te.score = (int16_t)ts;
        if (te.move.to) {
            hash_move = te.move;
            have_hash = true;
        }
        if (!pvnode && te.depth >= depth &&
            (te.flag == TT_EXACT || (te.flag == TT_LOWER && ts >= beta) || (te.flag == TT_UPPER && ts <= alpha)))
            return ts;
    }

    /* 5. The static evaluation. */
    int static_eval = incheck ? -INF : evaluate(s, p, ply);
    /* the pruning of moves (step 10) applies in a singular test too; that
     * of the whole node (steps 7 and 8) does not */
    bool prune_moves = s->prune && !pvnode && !incheck;
    bool may_prune = prune_moves && !excluding;

    /* 6. Internal iterative reduction: with no move from the table, a node
     * is searched a ply shallower (its best move is found for next time). */
    if (s->prune && depth >= sp->iir_depth && !have_hash && !incheck && !excluding)
        depth--;

    /* 7. Reverse futility: far above beta near the leaves. */
    if (may_prune && depth <= sp->rfp_depth && beta > -MATE_BOUND && beta < MATE_BOUND &&
        static_eval - sp->rfp_margin * depth >= beta)
        return static_eval;

    /* 8. Null move, only for a side with a piece that is neither royal nor
     * promoting, so that pawn endings and bare kings are searched fully. */
    if (may_prune && allow_null && depth >= sp->nmp_depth && static_eval >= beta && beta < MATE_BOUND &&
        has_pieces(p, p->side) && null_move_cutoff(s, depth, beta, static_eval, ply, &score))
        return score;

    /* 9. Singular extension: when the table's move held a lower bound (or
     * was exact) at nearly this depth, the node's other moves are searched
     * at half the depth against a bound a little below the table's score.
     * When none reaches it, the table's move is the only good one and is
     * searched a ply deeper; when that bound is at or above beta, several
     * moves beat beta and the node is cut off. */
    bool singular = false;
    if (s->prune && !excluding && have_hash && depth >= sp->se_depth && te.depth >= depth - sp->se_tt_depth &&
        te.flag != TT_UPPER && te.score > -MATE_BOUND && te.score < MATE_BOUND && ply < 2 * s->root_depth) {
        int sbeta = te.score - sp->se_margin * depth;
        s->excluded[ply] = hash_move;
        int v = pvs(s, (depth - 1) / 2, sbeta - 1, sbeta, ply, incheck, false, false);
        s->excluded[ply] = (Move){0};
        if (s->stopped)
            return 0;
        if (v < sbeta)
            singular = true;
        else if (sbeta >= beta)
            return sbeta;
        /* the test ran at this ply: its line is not this node's */
        s->pvlen[ply] = ply;
    }

    /* 10. The move loop: the table's move first, made before the node's
     * other moves are generated since it often cuts the node off alone
     * (move_is_pseudo_legal() checks it, since another position may share
     * the key); then the rest in order. */
    MoveList *ml = &s->ml[ply];
    int *sc = s->mscore[ply];
    const int16_t *cont1 = history_cont_row(&s->hist, ply, 1), *cont2 = history_cont_row(&s->hist, ply, 2);
    int best = -INF, legal = 0, orig_alpha = alpha;
    Move best_move = {0};
    bool have_best = false;
    bool generated = !(have_hash && move_is_pseudo_legal(p, &hash_move, &s->scratch));
    if (generated) {
        gen_pseudo(p, ml);
        order_score(p, s->et.value, &s->hist, ml, sc, have_hash ? &hash_move : NULL, ply);
    } else {
        ml->m[0] = hash_move;
        ml->n = 1;
        sc[0] = SC_HASH;
    }
    for (int i = 0;; i++) {
        if (i >= ml->n) {
            if (generated)
                break;
            gen_pseudo(p, ml);
            order_score(p, s->et.value, &s->hist, ml, sc, &hash_move, ply);
            i = hash_move_to_front(ml, sc, &hash_move);
            generated = true;
            if (i >= ml->n)
                break;
        }
        if (generated) {
            order_pick_checked(p, s->et.value, &s->scratch, ml, sc, i);
            if (excluding && move_equal(&ml->m[i], &s->excluded[ply]))
                continue;
        }
        const Move m = ml->m[i];

        /* 10a. What kind of move it is. */
        bool losing = is_losing_capture(sc[i]);
        bool tactical = sc[i] >= SC_GOOD || losing ||
                        (sc[i] == SC_HASH && (is_tactical(p, &m) || (m.promo && m.kind != MK_DROP)));
        bool killer = sc[i] == SC_KILLER1 || sc[i] == SC_KILLER2;

        /* 10b. Near the leaves a capture that loses much by the exchange
         * evaluation is not searched, unless it may give check. */
        if (losing && prune_moves && depth <= sp->see_prune_depth && legal > 0 && alpha > -MATE_BOUND &&
            sc[i] - SC_LOSING < -sp->see_prune_margin * depth && !may_give_check(p, &m))
            continue;

        /* 10c. Late-move pruning: near the leaves, quiet moves ordered this
         * late rarely matter, unless they give check: a move that may (by
         * the cheap test) is made to see, the others are pruned unmade. */
        bool late = prune_moves && !tactical && !killer && depth <= sp->lmp_depth && alpha > -MATE_BOUND &&
                    legal > sp->lmp_base + sp->lmp_factor * depth * depth;
        if (late && !may_give_check(p, &m))
            continue;

        /* 10d. Make the move; skip it when illegal. */
        int us = p->side, had = p->nroyal[us];
        int code = mover_code(p, &m);
        /* the sum of three histories, halved so that it moves a reduction
         * by at most three plies */
        int history = tactical ? 0 : history_quiet(&s->hist, p, cont1, cont2, &m) / 2;
        Undo u;
        bool sure = move_surely_legal(p, &m, incheck);
        make_move(p, &m, &u);
        if (!sure && !legal_after_make(p, us, had)) {
            unmake_move(p, &m, &u);
            continue;
        }
        legal++;

        /* 10e. Extensions: a check, and the singular table move. */
        bool gives_check = in_check(p);
        int ext = (gives_check || (singular && sc[i] == SC_HASH)) && ply < 2 * s->root_depth + sp->check_ext_plies;
        if (late && !gives_check) {
            unmake_move(p, &m, &u);
            continue;
        }

        /* 10f. Futility: a quiet move cannot rescue a hopeless node near
         * the leaves. */
        if (prune_moves && !gives_check && !tactical && !killer && legal > 1 && alpha > -MATE_BOUND &&
            depth <= sp->fut_depth && static_eval + sp->fut_base + sp->fut_margin * depth <= alpha) {
            unmake_move(p, &m, &u);
            continue;
        }

        /* 10g. Search it: the first move with the full window, the others
         * with a null window (late quiet moves reduced, by less for a good
         * history and more for a bad one), again with the full window when
         * they beat alpha. */
        int newdepth = depth - 1 + ext;
        history_set_path(&s->hist, ply, code, m.to);
        push_key(s, p->key);
        nnue_follow(s, ply, &u);
        if (legal == 1) {
            score = -pvs(s, newdepth, -beta, -alpha, ply + 1, gives_check, pvnode, true);
        } else {
            int r = 0;
            if (s->prune && depth >= sp->lmr_depth && !tactical && !killer && !incheck && !gives_check &&
                legal > sp->lmr_moves) {
                r = s->lmr[depth < 64 ? depth : 63][legal < 64 ? legal : 63];
                if (pvnode && r > 0)
                    r--;
                r -= history / sp->lmr_history_div;
                if (r > newdepth - 1)
                    r = newdepth - 1;
                if (r < 0)
                    r = 0;
            }
            score = -pvs(s, newdepth - r, -alpha - 1, -alpha, ply + 1, gives_check, false, true);
            if (score > alpha && r > 0)
                score = -pvs(s, newdepth, -alpha - 1, -alpha, ply + 1, gives_check, false, true);
            if (score > alpha && score < beta && pvnode)
                score = -pvs(s, newdepth, -beta, -alpha, ply + 1, gives_check, true, true);
        }
        s->nkeys--;
        unmake_move(p, &m, &u);
        if (s->stopped)
            return 0;

        /* 10h. A new best move; at a cut-off, a quiet move's history. */
        if (score <= best)
            continue;
        best = score;
        best_move = m;
        have_best = true;
        if (score <= alpha)
            continue;
        alpha = score;
        update_pv(s, ply, &best_move);
        if (score < beta)
            continue;
        if (!tactical) {
            int bonus = sp->history_bonus * depth * depth;
            if (bonus > sp->history_bonus_max)
                bonus = sp->history_bonus_max;
            history_reward(&s->hist, p, &best_move, ply, bonus, ml, i);
        }
        break;
    }

    /* 11. No legal move: checkmate or stalemate (or, in a singular test,
     * only the move left out); then the result goes to the table. */
    if (legal == 0)
        return excluding ? alpha : no_move_score(p, incheck, ply);
    if (!have_best)
        return alpha; /* every move after the first was pruned: impossible, kept safe */
    int flag = best >= beta ? TT_LOWER : best > orig_alpha ? TT_EXACT : TT_UPPER;
    if (!excluding && s->use_tt)
        tt_store(s->tt, p->key, depth, best, flag, &best_move, ply);
    return best;
}

/* Searches the root moves from index first on (the moves before it are the
 * lines already found in this iteration); root moves carry their noise as a
 * fixed offset, searched with the window shifted accordingly so alpha-beta
 * stays exact.  The best of them moves to index first. */
static int root_search(Search *s, int depth, int alpha, int beta, int first)
{
    Position *p = &s->pos;
    bool incheck = in_check(p);
    int best = -INF, best_i = -1;
    s->pvlen[0] = 0;
    for (int i = first; i < s->root.n; i++) {
        Move m = s->root.m[i];
        int off = s->root_noise[i];
        history_set_path(&s->hist, 0, mover_code(p, &m), m.to);
        Undo u;
        make_move(p, &m, &u);
        push_key(s, p->key);
        nnue_follow(s, 0, &u);
        bool gives_check = in_check(p);
        int newdepth = depth - 1 + (gives_check ? 1 : 0);
        int a = alpha - off, b = beta - off;
        int score;
        (void)incheck;
        if (i == first) {
            score = -pvs(s, newdepth, -b, -a, 1, gives_check, true, true) + off;
        } else {
            score = -pvs(s, newdepth, -a - 1, -a, 1, gives_check, false, true) + off;
            if (score > alpha && score < beta && !s->stopped)
                score = -pvs(s, newdepth, -b, -a, 1, gives_check, true, true) + off;
        }
        s->nkeys--;
        unmake_move(p, &m, &u);
        if (s->stopped)
            break;
        s->root_score[i] = score;
        if (score > best) {
            best = score;
            if (score > alpha) {
                alpha = score;
                best_i = i;
                if (first == 0) {
                    s->best = m;
                    s->has_best = true;
                }
                s->pv[0][0] = m;
                int n = s->pvlen[1];
                for (int j = 1; j < n; j++)
                    s->pv[0][j] = s->pv[1][j];
                s->pvlen[0] = n > 1 ? n : 1;
                if (score >= beta)
                    break;
            }
        }
    }
    if (best_i > first) {
        /* the new best goes first next time; the rest keep their order */
        Move bm = s->root.m[best_i];
        int bn = s->root_noise[best_i];
        size_t k = (size_t)(best_i - first);
        memmove(&s->root.m[first + 1], &s->root.m[first], sizeof(Move) * k);
        memmove(&s->root_noise[first + 1], &s->root_noise[first], sizeof(int) * k);
        s->root.m[first] = bm;
        s->root_noise[first] = bn;
    }
    return best;
}

/* Orders the iteration's lines best first (a later line may score above an
 * earlier one: each search fills the table for the next), the root moves
 * with them, and makes the first the search's best; returns its score. */
static int sort_lines(Search *s)
{
    int n = s->nlines < s->root.n ? s->nlines : s->root.n;
    for (int i = 1; i < n; i++) {
        SearchLine l = s->lines[i];
        Move m = s->root.m[i];
        int noise = s->root_noise[i], j = i;
        for (; j > 0 && s->lines[j - 1].score < l.score; j--) {
            s->lines[j] = s->lines[j - 1];
            s->root.m[j] = s->root.m[j - 1];
            s->root_noise[j] = s->root_noise[j - 1];
        }
        s->lines[j] = l;
        s->root.m[j] = m;
        s->root_noise[j] = noise;
    }
    s->best = s->root.m[0];
    return s->lines[0].score;
}

/* Keeps the line just searched as line k of this iteration. */
static void keep_line(Search *s, int k, int score)
{
    SearchLine *l = &s->lines[k];
    l->score = score;
    l->npv = s->pvlen[0] < SEARCH_MAX_PV ? s->pvlen[0] : SEARCH_MAX_PV;
    memcpy(l->pv, s->pv[0], sizeof(Move) * (size_t)l->npv);
    if (l->npv == 0) {
        l->pv[0] = s->root.m[k];
        l->npv = 1;
    }
}

static void publish(Search *s, int depth, int score, bool done)
{
    pthread_mutex_lock(&s->mu);
    SearchInfo *in = &s->info;
    if (depth > 0) {
        in->depth = depth;
        in->score = score;
        int n = s->pvlen[0] < SEARCH_MAX_PV ? s->pvlen[0] : SEARCH_MAX_PV;
        memcpy(in->pv, s->pv[0], sizeof(Move) * (size_t)n);
        in->npv = n;
        if (s->nlines > 1) {
            /* line 0 is the one searched first; its pv was overwritten by the others */
            in->nlines = s->nlines < s->root.n ? s->nlines : s->root.n;
            memcpy(in->lines, s->lines, sizeof(SearchLine) * (size_t)in->nlines);
            memcpy(in->pv, s->lines[0].pv, sizeof(Move) * (size_t)s->lines[0].npv);
            in->npv = s->lines[0].npv;
            in->score = s->lines[0].score;
        } else {
            in->nlines = 1;
            in->lines[0].score = score;
            in->lines[0].npv = n;
            memcpy(in->lines[0].pv, in->pv, sizeof(Move) * (size_t)n);
        }
    }
    in->seldepth = s->seldepth;
    in->nodes = all_nodes(s);
    in->seconds = nc_seconds() - s->t0;
    in->has_best = s->has_best;
    if (s->has_best) {
        in->best = s->best;
        /* an unfinished iteration may have found a new best: the PV starts with it */
        if (done && (in->npv == 0 || !move_equal(&in->pv[0], &s->best))) {
            in->pv[0] = s->best;
            in->npv = 1;
        }
    }
    snprintf(in->note, sizeof in->note, "%s", s->note);
    in->done = done;
    pthread_mutex_unlock(&s->mu);
}

static void setup_search(Search *s, const Game *g, const SearchLimits *lim)
{
    s->pos = g->pos;
    if (s->et.v != g->pos.v || s->et.fingerprint != eval_fingerprint(g->pos.v)) {
        eval_init(&s->et, g->pos.v);
        memset(s->ecache, 0, sizeof s->ecache);
    }
    bool nnue_on = s->nnue && nnue_fits(s->nnue, g->pos.v);
    if (nnue_on != s->nnue_on)
        memset(s->ecache, 0, sizeof s->ecache);
    s->nnue_on = nnue_on;
    if (nnue_on)
        nnue_refresh(s->nnue, &g->pos, &s->acc[0]);
    history_prepare(&s->hist, g->pos.v);
    int first = g->nply;
    while (first > 0 && g->material[first - 1] == g->material[g->nply])
        first--;
    s->nkeys = 0;
    s->null_moves = 0;
    for (int i = first; i <= g->nply; i++)
        push_key_material(s, g->keys[i], g->material[i]);

    int level = lim->level <= 0 || lim->level > 10 ? 10 : lim->level;
    const LevelSpec *ls = &levels[level];
    s->max_depth = MAX_PLY - 8;
    if (ls->depth)
        s->max_depth = ls->depth;
    if (lim->depth > 0 && lim->depth < s->max_depth)
        s->max_depth = lim->depth;
    s->max_nodes = ls->nodes;
    if (lim->nodes > 0 && (!s->max_nodes || lim->nodes < s->max_nodes))
        s->max_nodes = lim->nodes;
    double share = ls->time_pct / 100.0;
    s->hard = lim->seconds > 0 ? lim->seconds * share : 0;
    if (level == 10 && lim->depth <= 0 && lim->seconds <= 0 && lim->nodes <= 0 &&
        !(lim->flags & SEARCH_UNTIL_STOPPED))
        s->hard = s->par.time_no_limit_ms / 1000.0;
    s->soft = s->hard * (s->par.time_soft_pct / 100.0);
    s->target = lim->target_seconds > 0 && s->hard > 0 ? lim->target_seconds * share : 0;
    s->noise = ls->noise;
    s->nlines = lim->lines < 1 ? 1 : lim->lines > SEARCH_MAX_LINES ? SEARCH_MAX_LINES : lim->lines;
    s->use_tt = !(lim->flags & SEARCH_NO_TT);
    s->prune = !(lim->flags & SEARCH_NO_PRUNING);
    s->no_table_builds = (lim->flags & SEARCH_NO_TABLE_BUILDS) != 0;

    s->note[0] = 0;
    s->nodes = 0;
    s->seldepth = 0;
    s->stopped = false;
    s->has_best = false;
    atomic_store_explicit(&s->nodes_seen, 0, memory_order_relaxed);
    if (!s->is_helper)
        tt_new_search(s->tt);
    history_new_search(&s->hist);
    memset(&s->info, 0, sizeof s->info);
    s->rng ^= (uint64_t)(nc_seconds() * 1e9) ^ g->pos.key;
    if (!s->rng)
        s->rng = 0x9E3779B97F4A7C15ULL;

    /* helpers only at full strength: the levels below are calibrated on
     * one thread, and their noise and node caps are the main search's */
    s->helpers_on = level == 10 && s->nhelpers > 0;
    for (int i = 0; s->helpers_on && i < s->nhelpers; i++) {
        Search *h = s->helpers[i];
        atomic_store(&h->stop, 0);
        setup_search(h, g, &(SearchLimits){.depth = s->max_depth, .level = 10, .flags = lim->flags});
        h->hard = h->soft = h->target = 0; /* the main search stops them */
        h->max_nodes = 0;
        h->main_search = s;
        h->first_depth = 1 + (i + 1) % 2;  /* every other helper a ply ahead */
    }
}

/* Whether this search may build a missing endgame table: building cannot
 * be interrupted and takes up to seconds on the big boards. */
static bool may_build_tables(const Search *s)
{
    if (s->no_table_builds)
        return false;
    return s->hard == 0 || s->hard >= DRAW_BUILD_SECONDS;
}

/* The root is an ending the tables know: their best move, with its mate
 * distance as the score. */
static bool endgame_move(Search *s)
{
    EgMaterial m;
    char err[300];
    const EgTable *t;
    int moves, r;
    Move best;
    if (!s->eg || eg_material_of(&s->pos, &m) ||
        !(t = eg_store_get(s->eg, s->pos.v, &m, false, may_build_tables(s), err, sizeof err)))
        return false;
    /* a cached table is a file anyone may have edited: what it says here
     * must follow from the position's own moves, or it is built again */
    if (!eg_agrees_at(t, &s->pos)) {
        eg_store_discard(s->eg, t);
        t = eg_store_get(s->eg, s->pos.v, &m, false, may_build_tables(s), err, sizeof err);
        bool fixed = t && eg_agrees_at(t, &s->pos);
        snprintf(s->note, sizeof s->note, "the cached endgame table %s of %s contradicts the rules here: %s",
                 m.name, s->pos.v->name, fixed ? "built again" : "removed, not used");
        if (!fixed)
            return false;
    }
    if ((r = eg_outcome(t, &s->pos, &moves)) < 0 || r == EG_RES_DRAW)
        return false;
    /* the tables know no 100-ply rule: only a mate that comes in time */
    int plies = r == EG_RES_WIN ? 2 * moves - 1 : 2 * moves;
    if (s->pos.halfmove + plies > 100 || !eg_best_move(t, &s->pos, &best))
        return false;
    s->best = best;
    s->has_best = true;
    s->pv[0][0] = best;
    s->pvlen[0] = 1;
    publish(s, 1, r == EG_RES_WIN ? MATE - (2 * moves - 1) : -(MATE - 2 * moves), false);
    publish(s, 0, 0, true);
    return true;
}

/* What the time use on a clock follows from one iteration to the next. */
typedef struct {
    Move last_best;
    int stable;      /* iterations in a row with the same best move */
} TimeStability;

/* On a clock, the time after which no new iteration starts: about half the
 * target, up to 1.6 times that while the best move changes or the score
 * falls, down to 0.7 times while the best move has held for several
 * iterations; never past the hard limit. */
static double flexible_soft_limit(Search *s, TimeStability *ts, int depth, int prev, int score)
{
    if (depth > 1 && move_equal(&ts->last_best, &s->best))
        ts->stable++;
    else
        ts->stable = 0;
    ts->last_best = s->best;
    const SearchParams *sp = &s->par;
    double f = 1.0;
    if (depth > 4 && ts->stable == 0)
        f = sp->time_unstable_pct / 100.0;
    else if (ts->stable >= sp->time_stable_iters)
        f = sp->time_stable_pct / 100.0;
    if (depth > 4 && prev - score > sp->time_falling_cp)
        f *= sp->time_falling_pct / 100.0;
    double soft = sp->time_soft_pct / 100.0 * s->target * f;
    return soft < s->hard ? soft : s->hard;
}

/* The root's moves in a first order: captures by value, then the table's
 * move; each with its noise. */
static void order_root(Search *s)
{
    Position *p = &s->pos;
    const TTEntry *te = s->use_tt ? tt_probe(s->tt, p->key) : NULL;
    order_score(p, s->et.value, &s->hist, &s->root, s->mscore[0], te && te->move.to ? &te->move : NULL, 0);
    for (int i = 0; i < s->root.n; i++)
        order_pick(&s->root, s->mscore[0], i);
    for (int i = 0; i < s->root.n; i++)
        s->root_noise[i] = s->noise ? (int)(rng_next(&s->rng) % (uint64_t)(2 * s->noise + 1)) - s->noise : 0;
    s->best = s->root.m[0];
    s->has_best = true;
    s->pvlen[0] = 0;
}

/* Iterative deepening from first_depth, with aspiration windows, until a
 * limit or a found mate ends it. */
static void deepen(Search *s)
{
    const SearchParams *sp = &s->par;
    int score = 0, prev = 0;
    TimeStability ts = {0};
    for (int depth = s->first_depth; depth <= s->max_depth; depth++) {
        s->root_depth = depth;
        s->seldepth = 0;
        if (depth >= sp->aspiration_depth && prev > -MATE_BOUND && prev < MATE_BOUND) {
            int win = sp->aspiration_window;
            for (;;) {
                int a = prev - win, b = prev + win;
                score = root_search(s, depth, a, b, 0);
                if (s->stopped || (score > a && score < b))
                    break;
                win *= sp->aspiration_growth;
                if (win > sp->aspiration_max) {
                    score = root_search(s, depth, -INF, INF, 0);
                    break;
                }
            }
        } else {
            score = root_search(s, depth, -INF, INF, 0);
        }
        if (s->stopped)
            break;
        /* MultiPV: each further line is the best of the moves left, with
         * an open window (its score must be exact, not a bound) */
        keep_line(s, 0, score);
        for (int k = 1; k < s->nlines && k < s->root.n && !s->stopped; k++)
            keep_line(s, k, root_search(s, depth, -INF, INF, k));
        if (s->stopped)
            break;
        if (s->nlines > 1)
            score = sort_lines(s);
        double soft = s->target > 0 ? flexible_soft_limit(s, &ts, depth, prev, score) : s->soft;
        prev = score;
        publish(s, depth, score, false);
        double el = nc_seconds() - s->t0;
        if (soft > 0 && el >= soft)
            break;
        if (s->root.n == 1 && s->hard > 0)
            break; /* the only move: no need to think on the clock */
        if (score > MATE_BOUND && depth >= MATE - score + 2)
            break;
        if (score < -MATE_BOUND && depth >= MATE + score + 2)
            break;
    }
}

/* A helper's whole search: the main search has set it up and given it
 * its draw verdicts; it stops when told. */
static void *helper_main(void *arg)
{
    Search *h = arg;
    h->t0 = nc_seconds();
    gen_legal(&h->pos, &h->root);
    if (h->root.n > 0 && !h->pos.scepter) {
        order_root(h);
        deepen(h);
    }
    atomic_store_explicit(&h->nodes_seen, h->nodes, memory_order_relaxed);
    return NULL;
}

static bool start_thread(Search *s, void *(*fn)(void *))
{
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, 16u << 20);
    int rc = pthread_create(&s->thread, &attr, fn, s);
    pthread_attr_destroy(&attr);
    s->thread_live = rc == 0;
    return s->thread_live;
}

static void helpers_start(Search *s)
{
    for (int i = 0; s->helpers_on && i < s->nhelpers; i++) {
        Search *h = s->helpers[i];
        h->et.draw = s->et.draw; /* the verdicts the main search prepared */
        start_thread(h, helper_main); /* one that cannot start is done without */
    }
}

static void helpers_stop(Search *s)
{
    for (int i = 0; i < s->nhelpers; i++) {
        Search *h = s->helpers[i];
        if (!h->thread_live)
            continue;
        atomic_store(&h->stop, 1);
        pthread_join(h->thread, NULL);
        h->thread_live = false;
    }
}

static void run(Search *s)
{
    s->t0 = nc_seconds();
    Position *p = &s->pos;
    /* on the search's thread, since it may build a table */
    draw_prepare(&s->et.draw, s->eg, p, may_build_tables(s));
    gen_legal(p, &s->root);
    if (s->root.n == 0 || p->scepter) {
        s->root.n = 0;
        publish(s, 0, 0, true);
        return;
    }
    if (endgame_move(s))
        return;
    order_root(s);
    helpers_start(s);
    deepen(s);
    helpers_stop(s);
    publish(s, 0, 0, true);
}

/* ---- public interface ---- */

/* Natural logarithm for the reduction table, without libm:
 * ln x = 2 atanh((x - 1) / (x + 1)), a series that converges for x > 0. */
static double ln_small(int x)
{
    double y = (x - 1.0) / (x + 1.0), y2 = y * y, term = y, sum = 0;
    for (int k = 1; k < 200; k += 2) {
        sum += term / k;
        term *= y2;
    }
    return 2 * sum;
}

/* Late-move reductions grow with depth and move number, the usual
 * log(depth) * log(moves) rule. */
static void lmr_table(Search *s)
{
    double divisor = s->par.lmr_divisor / 100.0;
    for (int d = 1; d < 64; d++)
        for (int m = 1; m < 64; m++) {
            int r = (int)(0.5 + ln_small(d) * ln_small(m) / divisor);
            s->lmr[d][m] = r < 1 ? 1 : r;
        }
}

/* The search's constants have changed: its tables follow, and its
 * helpers take them too. */
static void params_changed(Search *s)
{
    lmr_table(s);
    for (int i = 0; i < s->nhelpers; i++) {
        s->helpers[i]->par = s->par;
        lmr_table(s->helpers[i]);
    }
}

/* A search with its own table of hash_mb megabytes, or (shared not NULL)
 * a helper that uses that table. */
static Search *search_create(size_t hash_mb, TransTable *shared)
{
    Search *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    bool tt_ok = shared || tt_init(&s->own_tt, hash_mb);
    s->tt = shared ? shared : &s->own_tt;
    s->is_helper = shared != NULL;
    s->first_depth = 1;
    s->ml = malloc(sizeof(MoveList) * MAX_PLY);
    s->mscore = malloc(sizeof(int[NC_MAX_MOVES]) * MAX_PLY);
    s->keycap = 1024;
    s->keys = malloc(sizeof(uint64_t) * (size_t)s->keycap);
    s->kmat = malloc(sizeof(int) * (size_t)s->keycap);
    if (!tt_ok || !s->ml || !s->mscore || !s->keys || !s->kmat) {
        tt_free(&s->own_tt);
        free(s->ml);
        free(s->mscore);
        free(s->keys);
        free(s->kmat);
        free(s);
        return NULL;
    }
    pthread_mutex_init(&s->mu, NULL);
    atomic_init(&s->stop, 0);
    atomic_init(&s->nodes_seen, 0);
    params_default(&s->par);
    lmr_table(s);
    s->rng = 0x9E3779B97F4A7C15ULL;
    s->info.done = true; /* idle: nothing is running */
    /* a helper never plays from the tables nor prepares verdicts */
    s->eg = shared ? NULL : eg_store_new(NULL, false);
    if (s->eg)
        eg_store_set_stop(s->eg, &s->stop); /* "move now" and quit end a table build too */
    return s;
}

Search *search_new(size_t hash_mb)
{
    return search_create(hash_mb, NULL);
}

static void helpers_free(Search *s)
{
    for (int i = 0; i < s->nhelpers; i++)
        search_free(s->helpers[i]);
    free(s->helpers);
    s->helpers = NULL;
    s->nhelpers = 0;
}

void search_free(Search *s)
{
    if (!s)
        return;
    search_stop(s);
    search_wait(s, NULL);
    helpers_free(s);
    pthread_mutex_destroy(&s->mu);
    tt_free(&s->own_tt);
    free(s->ml);
    free(s->mscore);
    free(s->keys);
    free(s->kmat);
    history_free(&s->hist);
    eg_store_free(s->eg);
    free(s->acc);
    free(s);
}

/* Gives s (and its helpers) the net; false when out of memory. */
static bool set_nnue(Search *s, const NnueNet *n)
{
    if (n && !s->acc && !(s->acc = malloc(sizeof *s->acc * MAX_PLY)))
        return false;
    s->nnue = n;
    memset(s->ecache, 0, sizeof s->ecache); /* scores of the other evaluation */
    return true;
}

bool search_set_nnue(Search *s, const NnueNet *n)
{
    search_stop(s);
    search_wait(s, NULL);
    bool ok = set_nnue(s, n);
    for (int i = 0; ok && i < s->nhelpers; i++)
        ok = set_nnue(s->helpers[i], n);
    return ok;
}

bool search_set_threads(Search *s, int threads)
{
    if (threads < 1 || threads > SEARCH_MAX_THREADS)
        return false;
    search_stop(s);
    search_wait(s, NULL);
    helpers_free(s);
    if (threads == 1)
        return true;
    s->helpers = calloc((size_t)threads - 1, sizeof *s->helpers);
    if (!s->helpers)
        return false;
    bool made = true;
    for (int i = 0; i < threads - 1 && made; i++) {
        Search *h = search_create(0, s->tt);
        if (h && s->nnue && !set_nnue(h, s->nnue)) {
            search_free(h);
            h = NULL;
        }
        made = h != NULL; /* the helpers made so far still run */
        if (made)
            s->helpers[s->nhelpers++] = h;
    }
    params_changed(s);
    return made;
}

int search_threads(const Search *s)
{
    return 1 + s->nhelpers;
}

void search_clear(Search *s)
{
    search_stop(s);
    search_wait(s, NULL);
    tt_clear(s->tt);
    history_clear(&s->hist);
    memset(s->ecache, 0, sizeof s->ecache);
    for (int i = 0; i < s->nhelpers; i++) {
        history_clear(&s->helpers[i]->hist);
        memset(s->helpers[i]->ecache, 0, sizeof s->helpers[i]->ecache);
    }
}

void search_run(Search *s, const Game *g, const SearchLimits *lim, SearchInfo *out)
{
    search_stop(s);
    search_wait(s, NULL);
    atomic_store(&s->stop, 0);
    setup_search(s, g, lim);
    run(s);
    if (out) {
        pthread_mutex_lock(&s->mu);
        *out = s->info;
        pthread_mutex_unlock(&s->mu);
    }
}

static void *thread_main(void *arg)
{
    run((Search *)arg);
    return NULL;
}

int search_start(Search *s, const Game *g, const SearchLimits *lim)
{
    search_stop(s);
    search_wait(s, NULL);
    atomic_store(&s->stop, 0);
    setup_search(s, g, lim);
    if (!start_thread(s, thread_main))
        run(s); /* no thread: search synchronously rather than fail */
    return 0;
}

bool search_poll(Search *s, SearchInfo *out)
{
    pthread_mutex_lock(&s->mu);
    bool done = s->info.done;
    if (out)
        *out = s->info;
    pthread_mutex_unlock(&s->mu);
    return done;
}

void search_stop(Search *s)
{
    atomic_store(&s->stop, 1);
}

void search_wait(Search *s, SearchInfo *out)
{
    if (s->thread_live) {
        pthread_join(s->thread, NULL);
        s->thread_live = false;
    }
    if (out) {
        pthread_mutex_lock(&s->mu);
        *out = s->info;
        pthread_mutex_unlock(&s->mu);
    }
}

int search_param_count(void)
{
    return params_count();
}

bool search_param_describe(int i, const char **name, int *def, int *min, int *max, const char **meaning)
{
    const ParamInfo *pi = params_info(i);
    if (!pi)
        return false;
    *name = pi->name;
    *def = pi->def;
    *min = pi->min;
    *max = pi->max;
    *meaning = pi->meaning;
    return true;
}

bool search_set_param(Search *s, const char *name, int value)
{
    search_stop(s);
    search_wait(s, NULL);
    if (!params_set(&s->par, name, value))
        return false;
    params_changed(s);
    return true;
}

bool search_params_apply(Search *s, const char *list, char *why, size_t whylen)
{
    SearchParams sp;
    if (s)
        sp = s->par;
    else
        params_default(&sp);
    if (!params_set_list(&sp, list, why, whylen))
        return false;
    if (!s)
        return true;
    search_stop(s);
    search_wait(s, NULL);
    s->par = sp;
    params_changed(s);
    return true;
}
