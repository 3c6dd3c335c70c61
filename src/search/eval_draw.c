/* Draw knowledge of the evaluation, derived from the pieces' moves.
 *
 * Cannot mate.  A colourbound piece (every move and every capture keeps
 * the square colour, found with the move generator on an empty board)
 * checks only on its own colour.  A king mated on such a square has two
 * neighbours on its rank or file, both of the other colour, which only
 * the attacker's king could cover, and no square but the mated king's
 * neighbours touches both: so king and colourbound pieces all on one
 * colour never mate a bare king.  One piece that the endgame solver finds
 * does not force mate alone (its one-piece table, doc/endgame.md: the
 * knight, the Ninja Warrior, ...) counts as not mating either, and so do
 * two of one such piece when their two-piece table says so (two knights),
 * on boards of at most 64 squares, where that table takes seconds.  A
 * table is asked for only when the root's material makes it relevant (a
 * side with one such piece, or two of one kind; for two, against a bare
 * king), so short searches stay cheap, and it is built when not cached,
 * so the verdict never depends on what the cache held.  A side
 * ahead that cannot mate scores 0 against a bare king, and an eighth of
 * its lead otherwise (the other side's own pieces can block its king in,
 * so such wins exist but are rare).
 *
 * The wrong rook pawn.  Promoting pieces that never leave their file
 * unless they capture (a bare king offers nothing to take), all on one
 * edge file whose promotion square is a corner of the board, with
 * colourbound pieces all on the other colour than that corner, cannot
 * drive a bare king from the corner: it is never checked there, its
 * square next to it on the diagonal is of the same colour, and a piece
 * promoting next to it is taken.  Against a bare king on or next to the
 * promotion square this scores 0.
 *
 * Both rules need the default game ends (mate wins, stalemate draws, no
 * material rules, no must-capture, no captures to hand), one royal type
 * moving exactly one step any way, no square with fewer than two
 * neighbours on its rank and file, no Titans on the board (a pushed Titan
 * changes squares) and empty hands for the side ahead. */
#include "eval_draw.h"

#include "endgame/endgame.h"
#include "rules/rules.h"

#include <stdlib.h>
#include <string.h>

/* Two-piece verdicts only on boards this small: 2 x 64^4 bytes, a few
 * seconds (doc/endgame.md: 10x10 takes 22-80 s, 12x12 minutes). */
#define DRAW_PAIR_MAX_SQUARES 64

static int sq_colour(const Variant *v, int sq) { return (v->file_of[sq] + v->rank_of[sq]) & 1; }

/* An empty board of v with every first-move right, to put pieces on. */
static void empty_board(Position *p, const Variant *v)
{
    pos_clear(p, v);
    p->unmoved = ~0u;
}

/* The moves of a piece of type t and colour c put on sq of the board p
 * (taken off again afterwards). */
static void moves_from(Position *p, int t, int c, int sq, MoveList *ml)
{
    int old = p->board[sq];
    pos_put(p, sq, nc_code(t, c));
    p->side = c;
    gen_pseudo(p, ml);
    pos_put(p, sq, old);
}

static bool default_game_ends(const Variant *v)
{
    return v->nend == 0 && v->checkmate_result == NC_END_LOSS && v->stalemate_result == NC_END_DRAW &&
           !v->must_capture && !v->captures_to_hand;
}

static bool is_neighbour(const Variant *v, int a, int b)
{
    int df = abs(v->file_of[a] - v->file_of[b]), dr = abs(v->rank_of[a] - v->rank_of[b]);
    return a != b && df <= 1 && dr <= 1;
}

/* Real squares one king step from sq. */
static int neighbour_count(const Variant *v, int sq)
{
    int n = 0;
    for (int d = 0; d < 8; d++)
        n += v->exists[sq + v->ray_off[d]] != 0;
    return n;
}

/* Puts code on every real square within NC_PAD steps of sq but sq: as
 * far as a leap goes, and every slide, hop or flight from sq ends in it. */
static void surround(Position *p, int sq, int code)
{
    const Variant *v = p->v;
    for (int dy = -NC_PAD; dy <= NC_PAD; dy++)
        for (int dx = -NC_PAD; dx <= NC_PAD; dx++) {
            int s = sq + dy * v->stride + dx;
            if ((dx || dy) && s >= 0 && s < NC_MAX_SQ && v->exists[s])
                pos_put(p, s, code);
        }
}

/* The moves in ml are exactly the steps to sq's real neighbours. */
static bool king_steps(const Variant *v, int sq, const MoveList *ml)
{
    if (ml->n != neighbour_count(v, sq))
        return false;
    for (int k = 0; k < ml->n; k++)
        if (ml->m[k].kind != MK_NORMAL || !is_neighbour(v, sq, ml->m[k].to) || ml->m[k].cap[0])
            return false;
    return true;
}

/* True when the only royal type moves and captures exactly one step in
 * any direction, on every square, for both colours.  (Its captures are
 * asked for with enemy pieces all around it.)  A Titan is not taken but
 * pushed, so the enemy piece is no Titan. */
static bool royal_is_king(const Variant *v, MoveList *ml)
{
    int king = -1, foe = -1;
    for (int t = 0; t < v->ntypes; t++) {
        if (v->types[t].royal) {
            if (king >= 0)
                return false;
            king = t;
        } else if (!v->types[t].titan && foe < 0) {
            foe = t;
        }
    }
    if (king < 0 || foe < 0 || v->royal_sight != RS_NONE || v->region_of[king])
        return false;
    Position empty;
    empty_board(&empty, v);
    for (int c = 0; c < 2; c++)
        for (int i = 0; i < v->nsquares; i++) {
            int sq = v->squares[i];
            moves_from(&empty, king, c, sq, ml);
            if (!king_steps(v, sq, ml))
                return false;
            surround(&empty, sq, nc_code(foe, c ^ 1));
            moves_from(&empty, king, c, sq, ml);
            surround(&empty, sq, NC_EMPTY);
            if (!king_steps(v, sq, ml))
                return false;
        }
    return true;
}

/* Every real square has two real neighbours on its rank or file. */
static bool no_narrow_square(const Variant *v)
{
    for (int i = 0; i < v->nsquares; i++) {
        int sq = v->squares[i];
        int n = v->exists[sq + 1] + v->exists[sq - 1] + v->exists[sq + v->stride] + v->exists[sq - v->stride];
        if (n < 2)
            return false;
    }
    return true;
}

static bool keeps_colour(const Variant *v, int t, MoveList *ml)
{
    bool any = false;
    Position empty;
    empty_board(&empty, v);
    for (int c = 0; c < 2; c++) {
        for (int dy = -15; dy <= 15; dy++)
            for (int dx = -15; dx <= 15; dx++)
                if (v->reach[c][t][dy + 15][dx + 15] && ((dx + dy) & 1))
                    return false;
        for (int i = 0; i < v->nsquares; i++) {
            int sq = v->squares[i];
            moves_from(&empty, t, c, sq, ml);
            for (int k = 0; k < ml->n; k++)
                if (ml->m[k].kind != MK_NORMAL || sq_colour(v, ml->m[k].to) != sq_colour(v, sq))
                    return false;
            any = any || ml->n > 0;
        }
    }
    return any;
}

static bool stays_on_file(const Variant *v, int t, int c, MoveList *ml)
{
    Position empty;
    empty_board(&empty, v);
    for (int i = 0; i < v->nsquares; i++) {
        int sq = v->squares[i];
        if (v->rel_rank[c][sq] >= v->promo_rank)
            continue;
        moves_from(&empty, t, c, sq, ml);
        for (int k = 0; k < ml->n; k++)
            if (ml->m[k].kind != MK_NORMAL || v->file_of[ml->m[k].to] != v->file_of[sq])
                return false;
    }
    return true;
}

void draw_init(DrawTables *d, const Variant *v)
{
    memset(d, 0, sizeof *d);
    MoveList *ml = malloc(sizeof *ml);
    if (!ml)
        abort();
    d->usable = default_game_ends(v) && no_narrow_square(v) && royal_is_king(v, ml);
    for (int t = 0; t < v->ntypes; t++) {
        const PieceType *pt = &v->types[t];
        if (pt->royal || pt->titan)
            continue;
        if (pt->promotes) {
            for (int c = 0; c < 2; c++)
                d->file_bound[c][t] = v->promo_zone == 0 && stays_on_file(v, t, c, ml);
        } else {
            d->colourbound[t] = keeps_colour(v, t, ml);
        }
    }
    free(ml);
}

/* The solver's verdict on king and n pieces of the types given (in type
 * order) of colour c against a bare king; a two-piece table is built when
 * not cached. */
static int solver_verdict(struct EgStore *store, const Variant *v, const int *types, int n, int c, bool may_build)
{
    int king = -1;
    for (int k = 0; k < v->ntypes; k++)
        if (v->types[k].royal)
            king = k;
    char text[4] = {v->types[king].letter, 0, 0, 0}, err[300];
    for (int i = 0; i < n; i++)
        text[1 + i] = v->types[types[i]].letter;
    EgMaterial m;
    const EgTable *table;
    if (eg_material_parse(v, text, c, &m, err, sizeof err))
        return DRAW_VERDICT_REFUSED;
    if (!(table = eg_store_get(store, v, &m, may_build && n > 1, may_build, err, sizeof err)))
        return may_build ? DRAW_VERDICT_REFUSED : DRAW_VERDICT_UNKNOWN; /* not built yet: ask again later */
    EgStats st;
    eg_stats(table, &st);
    return eg_forces_mate(&st) ? DRAW_VERDICT_MATES : DRAW_VERDICT_NO_MATE;
}

static bool hand_empty(const Position *p, int c)
{
    for (int t = 0; t < p->v->ntypes; t++)
        if (p->hand[c][t])
            return false;
    return true;
}

static bool changes_type(const Variant *v, int t)
{
    return v->types[t].promotes || (v->insane_enabled && v->insane_from[t]);
}

/* For a root where side c has one piece, or two of one type, that is not
 * colourbound and does not promote: the one-piece verdict, and for two
 * against a bare king on a board of at most DRAW_PAIR_MAX_SQUARES squares
 * the two-piece one.  Other materials ask for nothing: two different
 * pieces that do not mate alone mostly do together (bishop and knight),
 * and each table built costs time the search cannot interrupt (about 3 s
 * for one piece on 12x12). */
static void prepare_side(DrawTables *d, struct EgStore *store, const Position *p, int c, bool may_build)
{
    const Variant *v = p->v;
    int ty[2], n = 0;
    for (int i = 0; i < p->npieces[c]; i++) {
        int t = nc_type(p->board[p->plist[c][i]]);
        if (v->types[t].royal)
            continue;
        if (n == 2)
            return;
        ty[n++] = t;
    }
    if (n == 0 || (n == 2 && ty[0] != ty[1]) || !hand_empty(p, c))
        return;
    int t = ty[0];
    if (changes_type(v, t) || v->types[t].titan || d->colourbound[t])
        return;
    if (d->verdict[c][t] == DRAW_VERDICT_UNKNOWN)
        d->verdict[c][t] = (uint8_t)solver_verdict(store, v, &t, 1, c, may_build);
    d->use_verdict[c][t] = true;
    if (n == 1 || d->verdict[c][t] != DRAW_VERDICT_NO_MATE || p->npieces[c ^ 1] != 1 || !hand_empty(p, c ^ 1) ||
        v->nsquares > DRAW_PAIR_MAX_SQUARES)
        return;
    if (d->pair_verdict[c][t] == DRAW_VERDICT_UNKNOWN)
        d->pair_verdict[c][t] = (uint8_t)solver_verdict(store, v, ty, 2, c, may_build);
    d->use_pair[c] = (int8_t)t;
}

void draw_prepare(DrawTables *d, struct EgStore *store, const Position *p, bool may_build)
{
    memset(d->use_verdict, 0, sizeof d->use_verdict);
    memset(d->use_pair, -1, sizeof d->use_pair);
    if (!d->usable || !store || p->ntitans)
        return;
    for (int c = 0; c < 2; c++)
        prepare_side(d, store, p, c, may_build);
}

/* What the non-royal pieces of one side are, for the rules. */
typedef struct {
    int bound_colour;   /* square colour of the colourbound pieces, -1 none */
    bool mixed;         /* colourbound pieces on both colours */
    int npromo;         /* promoting (or type-changing) pieces */
    int promo_file;     /* their common file, -1 when they are not all file-bound on one file */
    int nother, other_type; /* pieces of neither kind, and the type of one */
    int npiece, type[2];    /* non-royal pieces, and the types of the first two */
} SideMaterial;

static void side_material(const DrawTables *d, const Position *p, int c, SideMaterial *m)
{
    const Variant *v = p->v;
    *m = (SideMaterial){.bound_colour = -1, .promo_file = -1, .other_type = -1};
    bool files_ok = true;
    for (int i = 0; i < p->npieces[c]; i++) {
        int sq = p->plist[c][i], t = nc_type(p->board[sq]);
        if (v->types[t].royal)
            continue;
        if (m->npiece < 2)
            m->type[m->npiece] = t;
        m->npiece++;
        if (changes_type(v, t)) {
            int f = v->file_of[sq];
            if (!d->file_bound[c][t] || (v->insane_enabled && v->insane_from[t]) || (m->npromo && f != m->promo_file))
                files_ok = false;
            m->promo_file = f;
            m->npromo++;
        } else if (d->colourbound[t]) {
            int col = sq_colour(v, sq);
            if (m->bound_colour >= 0 && col != m->bound_colour)
                m->mixed = true;
            m->bound_colour = col;
        } else {
            m->nother++;
            m->other_type = t;
        }
    }
    if (!files_ok)
        m->promo_file = -1;
}

/* The promotion square of side c on file f when it is a corner of the
 * board (exactly three real neighbours), else 0. */
static int promotion_corner(const Variant *v, int c, int f)
{
    if (f != 0 && f != v->width - 1)
        return 0;
    for (int r = 0; r < v->height; r++) {
        int sq = nc_sq(v, f, r);
        if (v->exists[sq] && v->rel_rank[c][sq] == v->promo_rank)
            return neighbour_count(v, sq) == 3 ? sq : 0;
    }
    return 0;
}

static bool wrong_rook_pawn(const Position *p, int c, const SideMaterial *m)
{
    const Variant *v = p->v;
    if (m->promo_file < 0 || m->nother || m->mixed || v->promo_zone)
        return false;
    int corner = promotion_corner(v, c, m->promo_file);
    if (!corner || (m->bound_colour >= 0 && sq_colour(v, corner) == m->bound_colour))
        return false;
    int k = p->king[c ^ 1];
    return k == corner || is_neighbour(v, k, corner);
}

/* draw_scale() for a side ahead with few pieces. */
int draw_scale_few(const DrawTables *d, const Position *p, int score)
{
    if (p->ntitans)
        return score;
    int c = score > 0 ? NC_WHITE : NC_BLACK, o = c ^ 1;
    if (p->nroyal[c] != 1 || p->nroyal[o] != 1 || !hand_empty(p, c))
        return score;
    bool o_bare = p->npieces[o] == 1 && hand_empty(p, o);
    SideMaterial m;
    side_material(d, p, c, &m);
    if (m.npromo)
        return o_bare && wrong_rook_pawn(p, c, &m) ? 0 : score;
    bool cannot_mate = !m.mixed && (m.nother == 0 || (m.nother == 1 && m.bound_colour < 0 &&
                                                      d->use_verdict[c][m.other_type] &&
                                                      d->verdict[c][m.other_type] == DRAW_VERDICT_NO_MATE));
    if (!cannot_mate && m.npiece == 2 && m.type[0] == m.type[1] && d->use_pair[c] == m.type[0])
        cannot_mate = d->pair_verdict[c][m.type[0]] == DRAW_VERDICT_NO_MATE;
    if (!cannot_mate)
        return score;
    return o_bare ? 0 : score / 8;
}
