/* Position text (doc/position-text.md): pos_from_fen reads it field by field
 * and refuses a position that cannot arise in a game of the variant;
 * pos_to_fen writes it.  Only the public board edits of position.c are used
 * here, so make_move and its inline helpers stay untouched.  Every message
 * is asserted by the tests: keep them byte for byte. */
#include "position_text.h"

#include "text/quote.h"

#include <assert.h>
#include <ctype.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The text being read: the cursor s moves field by field. */
typedef struct {
    Position *p;
    const Variant *v;
    const char *s;
    char *err;
    int errlen;
} FenReader;

__attribute__((format(printf, 2, 3))) static int fen_error(FenReader *r, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->err, (size_t)r->errlen, fmt, ap);
    va_end(ap);
    return -1;
}

/* Outside text of n bytes at s, quoted for a message (quote.h). */
static const char *quoted(const char *s, size_t n, char *buf, size_t len)
{
    return nc_quote_n(s, n, buf, len);
}

/* Reads a run of decimal digits at the cursor; a value above limit is
 * kept as limit + 1, so no count of any length overflows.  Returns the
 * number of digits read. */
static int read_digits(FenReader *rd, long limit, long *value)
{
    int ndig = 0;
    long n = 0;
    while (isdigit((unsigned char)*rd->s)) {
        if (n <= limit)
            n = n * 10 + (*rd->s - '0');
        if (n > limit)
            n = limit + 1;
        rd->s++;
        ndig++;
    }
    *value = n;
    return ndig;
}

/* A run of empty squares; it may not reach past the board's edge. */
static int read_empty_run(FenReader *rd, int r, int *f)
{
    const Variant *v = rd->v;
    const char *start = rd->s;
    long n;
    int ndig = read_digits(rd, v->width, &n);
    char q[32];
    if (n == 0)
        return fen_error(rd, "position text: empty-square count 0 in rank %d", r + v->rank_base);
    if (*f + n > v->width)
        return fen_error(rd, "position text: empty-square count %s runs past the end of rank %d (%d files)",
                         quoted(start, (size_t)ndig, q, sizeof q), r + v->rank_base, v->width);
    for (int i = 0; i < n; i++, (*f)++)
        if (!v->exists[nc_sq(v, *f, r)])
            return fen_error(rd, "position text: square %c%d does not exist (write '*')", 'a' + *f,
                             r + v->rank_base);
    return 0;
}

/* One piece letter, at file f < width. */
static int read_piece(FenReader *rd, int r, int f)
{
    const Variant *v = rd->v;
    char ch = *rd->s, q[16];
    int t = nc_type_of_letter(v, ch);
    if (t < 0)
        return fen_error(rd, "position text: unknown piece letter '%s'", quoted(rd->s, 1, q, sizeof q));
    int sq = nc_sq(v, f, r);
    if (!v->exists[sq])
        return fen_error(rd, "position text: piece on square %c%d, which does not exist", 'a' + f, r + v->rank_base);
    int colour = isupper((unsigned char)ch) ? NC_WHITE : NC_BLACK;
    if (rd->s[1] == '~') { /* a promoted piece (captures-to-hand): its stand-in type */
        if (v->promoted_as[t] < 0)
            return fen_error(rd, "position text: '%c~' on %c%d: only promotion choices of a variant with "
                             "captures-to-hand are marked promoted", ch, 'a' + f, r + v->rank_base);
        t = v->promoted_as[t];
        rd->s++;
    }
    /* only a Titan pushed there stands on its promotion rank */
    if (v->types[t].promotes && !v->types[t].titan && v->rel_rank[colour][sq] >= v->promo_rank)
        return fen_error(rd, "position text: a piece that must promote stands on %c%d", 'a' + f, r + v->rank_base);
    if (rd->p->npieces[colour] >= NC_MAX_PIECES) /* the piece list would overflow */
        return fen_error(rd, "position text: too many pieces of one side, at %c%d", 'a' + f, r + v->rank_base);
    pos_put(rd->p, sq, nc_code(t, colour));
    return 0;
}

/* One rank up to its '/', ' ' or '[': counts, '*' for missing squares, pieces. */
static int read_rank(FenReader *rd, int r)
{
    const Variant *v = rd->v;
    int f = 0;
    while (*rd->s && *rd->s != '/' && *rd->s != ' ' && *rd->s != '[') {
        if (isdigit((unsigned char)*rd->s)) {
            if (read_empty_run(rd, r, &f))
                return -1;
            continue;
        }
        if (f >= v->width)
            return fen_error(rd, "position text: rank %d is longer than the board's %d files", r + v->rank_base,
                             v->width);
        if (*rd->s == '*') {
            if (v->exists[nc_sq(v, f, r)])
                return fen_error(rd, "position text: '*' on square %c%d, which exists", 'a' + f, r + v->rank_base);
        } else if (read_piece(rd, r, f)) {
            return -1;
        }
        f++;
        rd->s++;
    }
    if (f != v->width)
        return fen_error(rd, "position text: rank %d is shorter than the board", r + v->rank_base);
    return 0;
}

/* The board field: every rank from the top, separated by '/'. */
static int read_board(FenReader *rd)
{
    const Variant *v = rd->v;
    for (int r = v->height - 1; r >= 0; r--) {
        if (read_rank(rd, r))
            return -1;
        if (r > 0) {
            if (*rd->s != '/')
                return fen_error(rd, "position text: expected %d ranks separated by '/'", v->height);
            rd->s++;
        }
    }
    if (*rd->s == '/')
        return fen_error(rd, "position text: more ranks than the board has");
    return 0;
}

/* The optional hand "[...]" right after the board; '-' inside is ignored. */
static int read_hand(FenReader *rd)
{
    const Variant *v = rd->v;
    Position *p = rd->p;
    int total[2] = {0, 0};
    char q[16];
    if (*rd->s != '[')
        return 0;
    rd->s++;
    while (*rd->s && *rd->s != ']') {
        char ch = *rd->s;
        if (ch == '-') {
            rd->s++;
            continue;
        }
        int t = nc_type_of_letter(v, ch);
        if (t < 0)
            return fen_error(rd, "position text: unknown piece letter '%s' in hand", quoted(rd->s, 1, q, sizeof q));
        int c = isupper((unsigned char)ch) ? NC_WHITE : NC_BLACK;
        if (!v->droppable[t])
            return fen_error(rd, "position text: piece '%c' cannot be held in hand in this variant", ch);
        if (p->hand[c][t] >= NC_MAX_HAND_TYPE)
            return fen_error(rd, "position text: more than %d '%c' in hand", NC_MAX_HAND_TYPE, ch);
        if (total[c]++ >= NC_MAX_HAND)
            return fen_error(rd, "position text: more than %d pieces in %s's hand", NC_MAX_HAND, nc_colour_name(c));
        p->hand[c][t]++;
        rd->s++;
    }
    if (*rd->s != ']')
        return fen_error(rd, "position text: hand not closed with ']'");
    rd->s++;
    return 0;
}

static int read_side(FenReader *rd)
{
    if (*rd->s != ' ')
        return fen_error(rd, "position text: expected ' ' and the side to move after the board");
    rd->s++;
    if (*rd->s == 'w')
        rd->p->side = NC_WHITE;
    else if (*rd->s == 'b')
        rd->p->side = NC_BLACK;
    else
        return fen_error(rd, "position text: side to move must be 'w' or 'b'");
    rd->s++;
    return 0;
}

/* The wing a castling letter names: K (always the higher-file wing, also on
 * boards with a file k), Q, or the file letter of a castling rook. */
static int castling_wing(FenReader *rd, char ch, int c)
{
    const Variant *v = rd->v;
    char u = (char)toupper((unsigned char)ch), q[16];
    if (u == 'K')
        return 1;
    if (u == 'Q')
        return 0;
    if (u < 'A' || u >= 'A' + v->width)
        return fen_error(rd, "position text: bad castling right '%s'", quoted(&ch, 1, q, sizeof q));
    int f = u - 'A';
    if (v->castle_rook_sq[c][0] && v->file_of[v->castle_rook_sq[c][0]] == f)
        return 0;
    if (v->castle_rook_sq[c][1] && v->file_of[v->castle_rook_sq[c][1]] == f)
        return 1;
    return fen_error(rd, "position text: castling right '%c' names no castling rook", ch);
}

/* One castling letter: the right must exist, be new, and its king and rook
 * stand at home. */
static int read_castling_right(FenReader *rd, char ch, int *rights)
{
    const Variant *v = rd->v;
    const Position *p = rd->p;
    int c = isupper((unsigned char)ch) ? NC_WHITE : NC_BLACK;
    int wing = castling_wing(rd, ch, c);
    if (wing < 0)
        return -1;
    int ksq = v->castle_king_sq[c], rsq = v->castle_rook_sq[c][wing];
    if (!v->castling || !ksq || !rsq)
        return fen_error(rd, "position text: castling right '%c' does not exist in this variant", ch);
    int kc = p->board[ksq], rc = p->board[rsq];
    bool king_ok = kc != NC_EMPTY && nc_colour(kc) == c &&
                   (v->castle_king_type >= 0 ? nc_type(kc) == v->castle_king_type : v->types[nc_type(kc)].royal);
    if (!king_ok || rc == NC_EMPTY ||
        nc_colour(rc) != c || nc_type(rc) != v->castle_rook_type)
        return fen_error(rd, "position text: castling right '%c' needs the king and rook on their start squares", ch);
    int bit = 1 << (2 * c + wing);
    if (*rights & bit)
        return fen_error(rd, "position text: castling right '%c' is given twice", ch);
    *rights |= bit;
    return 0;
}

/* A first-move right in the castling field (doc/position-text.md): in a
 * variant with first moves, a file letter other than K and Q names the
 * piece on that file of its side's first rank.  Returns 1 when ch was one
 * (set in *bits), 0 when it is a castling letter, -1 after the message. */
static int read_first_move_right(FenReader *rd, char ch, uint32_t *bits)
{
    const Variant *v = rd->v;
    char u = (char)toupper((unsigned char)ch);
    if (!v->has_first || u == 'K' || u == 'Q' || u < 'A' || u >= 'A' + v->width)
        return 0;
    int c = isupper((unsigned char)ch) ? NC_WHITE : NC_BLACK;
    int sq = nc_sq(v, u - 'A', c == NC_WHITE ? 0 : v->height - 1), code = rd->p->board[sq];
    bool first = false;
    if (code != NC_EMPTY && code != NC_OFF && nc_colour(code) == c) {
        const PieceType *pt = &v->types[nc_type(code)];
        for (int i = 0; i < pt->natoms; i++)
            first |= (pt->atoms[i].flags & AF_FIRST) != 0;
    }
    char b[4];
    if (!first)
        return fen_error(rd, "position text: first-move right '%c' needs a %s piece with a first move on %s", ch,
                         nc_colour_name(c), nc_sqname(v, sq, b));
    uint32_t bit = 1u << (v->first_bit[sq] - 1);
    if (*bits & bit)
        return fen_error(rd, "position text: first-move right '%c' is given twice", ch);
    *bits |= bit;
    return 1;
}

/* Castling field (optional from here on, as in many FEN writers). */
static int read_castling(FenReader *rd)
{
    int rights = 0;
    if (*rd->s == ' ') {
        rd->s++;
        if (*rd->s == '-') {
            rd->s++;
        } else {
            while (*rd->s && *rd->s != ' ') {
                int first = read_first_move_right(rd, *rd->s, &rd->p->unmoved);
                if (first < 0 || (!first && read_castling_right(rd, *rd->s, &rights)))
                    return -1;
                rd->s++;
            }
        }
    }
    rd->p->castle = (uint8_t)rights;
    return 0;
}

/* The target squares "e3" or "e9,e8,e7", each empty. */
static int read_ep_targets(FenReader *rd)
{
    Position *p = rd->p;
    char q[32], b[4];
    while (*rd->s && *rd->s != ' ') {
        int sq = nc_parse_sq(rd->v, &rd->s);
        if (sq < 0)
            return fen_error(rd, "position text: bad en-passant square near '%s'",
                             quoted(rd->s, strnlen(rd->s, 8), q, sizeof q));
        if (p->board[sq] != NC_EMPTY)
            return fen_error(rd, "position text: en-passant square %s is not empty", nc_sqname(rd->v, sq, b));
        if (p->nep >= NC_MAX_EP)
            return fen_error(rd, "position text: more than %d en-passant squares", NC_MAX_EP);
        p->ep[p->nep++] = (uint16_t)sq;
        if (*rd->s == ',')
            rd->s++;
    }
    return 0;
}

/* Could the pawn on victim have just advanced from `from` over the targets
 * (a pseudo-legal move that leaves en-passant targets)? */
static bool ep_run_possible(const Position *p, int from, int victim)
{
    if (p->board[from] != NC_EMPTY)
        return false;
    Position q = *p;
    q.side ^= 1;
    q.nep = 0;
    q.ep_victim = 0;
    int code = q.board[victim];
    pos_put(&q, victim, NC_EMPTY);
    pos_put(&q, from, code);
    q.key = pos_compute_key(&q); /* must-capture generation makes moves on q */
    MoveList ml;
    gen_pseudo(&q, &ml);
    for (int i = 0; i < ml.n; i++)
        if (ml.m[i].from == from && ml.m[i].to == victim && (ml.m[i].flags & MF_EP_SOURCE))
            return true;
    return false;
}

/* A piece of the side that just moved, not a Titan, of a type that leaves
 * en-passant targets, stands on sq. */
static bool ep_source_piece_on(const Position *p, int sq, int mover)
{
    const Variant *v = p->v;
    int code = p->board[sq];
    if (code == NC_EMPTY || code == NC_OFF || nc_colour(code) != mover || v->types[nc_type(code)].titan)
        return false;
    const PieceType *pt = &v->types[nc_type(code)];
    for (int i = 0; i < pt->natoms; i++)
        if (pt->atoms[i].flags & AF_EP_SOURCE)
            return true;
    return false;
}

/* The one line direction (1 + index into nc_ray_dx/dy) along which the
 * targets are the squares a pawn's run passed; 0 when none fits, -1 when
 * several do. */
static int ep_run_direction(const Position *p, int mover)
{
    const Variant *v = p->v;
    int found = 0;
    for (int ray = 0; ray < 8; ray++) {
        int d = nc_ray_dx[ray] + nc_ray_dy[ray] * v->stride;
        bool line = true;
        for (int i = 1; i < p->nep; i++)
            line &= p->ep[i] == p->ep[i - 1] + d;
        int victim = p->ep[p->nep - 1] + d, from = p->ep[0] - d;
        if (!line || p->board[from] == NC_OFF || !ep_source_piece_on(p, victim, mover) ||
            !ep_run_possible(p, from, victim))
            continue;
        if (found)
            return -1;
        found = ray + 1;
    }
    return found;
}

/* The targets are every square a pawn of the side that just moved passed
 * over, in order (doc/position-text.md): that pawn stands one square beyond
 * the last, it is of a type that leaves targets and not a Titan, and it
 * could have made that run from the square before the first.  The run
 * goes down a file for ordinary pawns; a pawn whose double step is
 * diagonal leaves its targets on a diagonal. */
static int find_ep_victim(FenReader *rd)
{
    const Variant *v = rd->v;
    Position *p = rd->p;
    int mover = p->side ^ 1;
    int line = ep_run_direction(p, mover);
    if (line < 0)
        return fen_error(rd, "position text: the en-passant squares fit the runs of more than one pawn");
    if (line > 0) {
        p->ep_victim = (uint16_t)(p->ep[p->nep - 1] + nc_ray_dx[line - 1] + nc_ray_dy[line - 1] * v->stride);
        return 0;
    }
    /* Nothing fits: say what is wrong as seen down the file. */
    int dir = mover == NC_WHITE ? v->stride : -v->stride;
    char a[4], b[4];
    for (int i = 1; i < p->nep; i++)
        if (p->ep[i] != p->ep[i - 1] + dir)
            return fen_error(rd, "position text: en-passant squares must follow one file in the direction of the pawn's move");
    int victim = p->ep[p->nep - 1] + dir, from = p->ep[0] - dir;
    if (!ep_source_piece_on(p, victim, mover))
        return fen_error(rd, "position text: no %s pawn that leaves en-passant squares stands beyond them, on %s",
                         mover == NC_WHITE ? "white" : "black",
                         p->board[victim] == NC_OFF ? "the edge" : nc_sqname(v, victim, a));
    if (p->board[from] == NC_OFF || !ep_run_possible(p, from, victim))
        return fen_error(rd, "position text: the pawn on %s cannot have advanced over the en-passant squares from %s",
                         nc_sqname(v, victim, a), p->board[from] == NC_OFF ? "off the board" : nc_sqname(v, from, b));
    p->ep_victim = (uint16_t)victim;
    return 0;
}

static int read_en_passant(FenReader *rd)
{
    char q[32];
    if (*rd->s != ' ')
        return 0;
    rd->s++;
    if (*rd->s == '-') {
        rd->s++;
        return 0;
    }
    if (read_ep_targets(rd))
        return -1;
    if (rd->p->nep == 0) /* an empty field: there is no last target to look beyond */
        return fen_error(rd, "position text: bad en-passant square near '%s'",
                         quoted(rd->s, strnlen(rd->s, 8), q, sizeof q));
    return find_ep_victim(rd);
}

/* One optional number after a space: digits only, from min to
 * NC_MAX_COUNTER. */
static int read_counter(FenReader *rd, long min, int *out, const char *field)
{
    if (*rd->s != ' ')
        return 0;
    rd->s++;
    const char *start = rd->s;
    long n;
    int ndig = read_digits(rd, NC_MAX_COUNTER, &n);
    if (ndig == 0 || n < min || n > NC_MAX_COUNTER || (*rd->s && *rd->s != ' ')) {
        char q[32];
        size_t len = strcspn(start, " ");
        return fen_error(rd, "position text: %s '%s' is not a number from %ld to %d", field,
                         quoted(start, len, q, sizeof q), min, NC_MAX_COUNTER);
    }
    *out = (int)n;
    return 0;
}

/* Nothing may follow the last field. */
static int read_end(FenReader *rd)
{
    char q[40];
    while (*rd->s == ' ')
        rd->s++;
    if (*rd->s)
        return fen_error(rd, "position text: unexpected text '%s' at the end",
                         quoted(rd->s, strnlen(rd->s, 20), q, sizeof q));
    if (rd->p->nep && rd->p->halfmove)
        return fen_error(rd, "position text: half-move clock %d with en-passant squares: a pawn just moved, so it is 0",
                         rd->p->halfmove);
    return 0;
}

static bool on_special(const Variant *v, int sq, int colour)
{
    for (int i = 0; i < v->nspecial; i++)
        if (v->special_sq[colour][i] == sq)
            return true;
    return false;
}

static int royal_type(const Variant *v)
{
    for (int t = 0; t < v->ntypes; t++)
        if (v->types[t].royal)
            return t;
    return -1;
}

/* Each side has as many royal pieces as the chosen setup gives it: kings
 * are never taken (a move that would is never legal).  A board with no
 * royal piece at all is a diagram, as in the rule texts' examples. */
static int check_kings(FenReader *rd, const Position *ref)
{
    const Position *p = rd->p;
    int t = royal_type(rd->v);
    if (t < 0 || p->nroyal[0] + p->nroyal[1] == 0)
        return 0;
    for (int c = 0; c < 2; c++)
        if (p->nroyal[c] != ref->nroyal[c])
            return fen_error(rd, "position text: %s has %d %s%s; this variant needs %d", nc_colour_name(c),
                             p->nroyal[c], rd->v->types[t].title, p->nroyal[c] == 1 ? "" : "s", ref->nroyal[c]);
    return 0;
}

/* The lowest rank (seen from colour c) where a piece of type t can stand:
 * -1 when anywhere (it moves back, is a Titan or a promotion choice); else
 * the lowest of the rank after the side's first rank in the setup, the
 * ranks where the setup has one, and its drop squares. */
static int lowest_rank(const Variant *v, const Position *ref, int t, int c)
{
    const PieceType *pt = &v->types[t];
    if (pt->titan || t == v->insane_type || ref->npieces[c] == 0)
        return -1;
    for (int i = 0; i < v->npromo; i++)
        if (v->promo_types[i] == t)
            return -1;
    for (int i = 0; i < pt->natoms; i++)
        for (int d = 0; d < pt->atoms[i].ndirs; d++)
            if (pt->atoms[i].dy[d] < 0)
                return -1;
    int first = INT_MAX, lo = INT_MAX;
    for (int i = 0; i < ref->npieces[c]; i++) {
        int sq = ref->plist[c][i], rr = v->rel_rank[c][sq];
        if (rr < first)
            first = rr;
        if (nc_type(ref->board[sq]) == t && rr < lo)
            lo = rr;
    }
    if (first + 1 < lo)
        lo = first + 1;
    for (int i = 0; i < v->ndropsq[t][c]; i++)
        if (v->rel_rank[c][v->dropsq[t][c][i]] < lo)
            lo = v->rel_rank[c][v->dropsq[t][c][i]];
    return lo;
}

/* A piece that never moves back stands no lower than where it can arise:
 * a pawn on its side's first rank cannot have got there. */
static int check_ranks(FenReader *rd, const Position *ref)
{
    const Variant *v = rd->v;
    const Position *p = rd->p;
    char b[4];
    for (int c = 0; c < 2; c++)
        for (int i = 0; i < p->npieces[c]; i++) {
            int sq = p->plist[c][i], t = nc_type(p->board[sq]);
            int lo = lowest_rank(v, ref, t, c);
            if (lo < 0 || v->rel_rank[c][sq] >= lo)
                continue;
            int label = (c == NC_WHITE ? lo : v->height - 1 - lo) + v->rank_base;
            return fen_error(rd, "position text: the %s on %s cannot be there: it never moves back from rank %d",
                             v->types[t].title, nc_sqname(v, sq, b), label);
        }
    return 0;
}

/* The side that just moved may not have left its king removable. */
static int check_not_to_move(FenReader *rd)
{
    Position *p = rd->p;
    int other = p->side ^ 1;
    if (royals_see_each_other(p))
        return fen_error(rd, "position text: the royal pieces see each other, which the variant forbids");
    if (!p->king[other] || !sq_removable(p, p->king[other], p->side))
        return 0;
    char b[4];
    return fen_error(rd, "position text: %s is in check (its %s on %s could be taken) but it is %s's turn",
                     nc_colour_name(other), rd->v->types[nc_type(p->board[p->king[other]])].title,
                     nc_sqname(rd->v, p->king[other], b), nc_colour_name(p->side));
}

/* A position so crowded that one side has more than half a move list of
 * moves is refused: play from it could outgrow the list (position.h). */
static int check_move_count(FenReader *rd)
{
    MoveList ml;
    Position copy = *rd->p;
    for (int c = 0; c < 2; c++) {
        if (copy.side != c) /* kept right: must-capture makes moves to test them */
            copy.key ^= rd->v->zob_side;
        copy.side = c;
        gen_pseudo(&copy, &ml);
        if (ml.overflow || ml.n > NC_MAX_MOVES / 2)
            return fen_error(rd, "position text: %s has %s%d moves here; a position may give each side at most %d",
                             nc_colour_name(c), ml.overflow ? "more than " : "", ml.n, NC_MAX_MOVES / 2);
    }
    return 0;
}

/* captures-to-hand: every piece that could end in one hand as a type fits
 * the hand's limit (NC_MAX_HAND_TYPE), so that no capture can overflow it. */
static int check_hand_room(FenReader *rd)
{
    const Variant *v = rd->v;
    const Position *p = rd->p;
    if (!v->captures_to_hand)
        return 0;
    for (int t = 0; t < v->ntypes; t++) {
        if (v->promoted_of[t] >= 0)
            continue;
        int n = p->hand[0][t] + p->hand[1][t];
        for (int u = 0; u < v->ntypes; u++)
            if (u == t || v->promoted_of[u] == t)
                n += p->count[nc_code(u, NC_WHITE)] + p->count[nc_code(u, NC_BLACK)];
        if (n > NC_MAX_HAND_TYPE && !v->types[t].royal)
            return fen_error(rd, "position text: captures go to hand, and %d pieces could end in one hand as '%c' "
                             "(at most %d)", n, v->types[t].letter, NC_MAX_HAND_TYPE);
    }
    return 0;
}

/* Reads every field; `whole` adds the checks against the variant's chosen
 * setup (which is read without them). */
static int read_text(Position *p, const Variant *v, const char *fen, char *err, int errlen, bool whole)
{
    pos_clear(p, v);
    FenReader rd = {p, v, fen, err, errlen};
    while (*rd.s == ' ')
        rd.s++;
    if (read_board(&rd) || read_hand(&rd) || read_side(&rd) || read_castling(&rd) || read_en_passant(&rd))
        return -1;
    if (read_counter(&rd, 0, &p->halfmove, "half-move clock") || read_counter(&rd, 1, &p->fullmove, "move number") ||
        read_end(&rd))
        return -1;
    if (whole && v->nsetups > 0 && v->setup_fen[v->setup]) {
        Position ref;
        char referr[8];
        if (read_text(&ref, v, v->setup_fen[v->setup], referr, sizeof referr, false) == 0 &&
            (check_kings(&rd, &ref) || check_ranks(&rd, &ref)))
            return -1;
    }
    for (int c = 0; c < 2; c++)
        if (p->nroyal[c] > 1)
            return fen_error(&rd, "position text: %s has more than one king", nc_colour_name(c));
    /* the move count makes moves (must-capture tests captures for legality) */
    p->key = pos_compute_key(p);
    if (check_not_to_move(&rd) || check_move_count(&rd) || check_hand_room(&rd))
        return -1;
    /* The position text is the whole state: a king already standing on an
     * enemy rear square has ended the game under Capture the Scepter. */
    if (v->scepter_enabled)
        for (int c = 0; c < 2; c++)
            if (p->king[c] && on_special(v, p->king[c], c))
                p->scepter = true;
    p->key = pos_compute_key(p);
    return 0;
}

int pos_from_fen(Position *p, const Variant *v, const char *fen, char *err, int errlen)
{
    return read_text(p, v, fen, err, errlen, true);
}

/* Appends to buf at n; n keeps counting past buflen, as snprintf does. */
#define PUT(...) \
    (n += snprintf(n < buflen ? buf + n : NULL, n < buflen ? (size_t)(buflen - n) : 0, __VA_ARGS__))

/* The hand of both sides, White's first, in letter order. */
static int hand_to_text(const Position *p, char *buf, int buflen, int n)
{
    const Variant *v = p->v;
    PUT("[");
    for (int c = 0; c < 2; c++)
        for (char l = 'A'; l <= 'Z'; l++) {
            int t = nc_type_of_letter(v, l);
            if (t < 0)
                continue;
            for (int i = 0; i < p->hand[c][t]; i++)
                PUT("%c", c ? tolower((unsigned char)l) : l);
        }
    PUT("]");
    return n;
}

int pos_to_fen(const Position *p, char *buf, int buflen)
{
    const Variant *v = p->v;
    int n = 0;
    for (int r = v->height - 1; r >= 0; r--) {
        int empty = 0;
        for (int f = 0; f < v->width; f++) {
            int sq = nc_sq(v, f, r);
            int code = p->board[sq];
            if (code == NC_EMPTY) {
                empty++;
                continue;
            }
            if (empty)
                PUT("%d", empty);
            empty = 0;
            if (code == NC_OFF)
                PUT("*");
            else {
                char l = v->types[nc_type(code)].letter;
                PUT("%c", nc_colour(code) ? tolower((unsigned char)l) : l);
                if (v->promoted_of[nc_type(code)] >= 0)
                    PUT("~");
            }
        }
        if (empty)
            PUT("%d", empty);
        if (r > 0)
            PUT("/");
    }
    if (v->has_drops)
        n = hand_to_text(p, buf, buflen, n);
    PUT(" %c ", p->side ? 'b' : 'w');
    if (!p->castle && !p->unmoved)
        PUT("-");
    if (p->castle & 2)
        PUT("K");
    if (p->castle & 1)
        PUT("Q");
    if (p->castle & 8)
        PUT("k");
    if (p->castle & 4)
        PUT("q");
    for (int i = 0; i < 32; i++) /* first-move rights: White's files, then Black's */
        if (p->unmoved >> i & 1)
            PUT("%c", (i < 16 ? 'A' : 'a') + i % 16);
    PUT(" ");
    if (!p->nep)
        PUT("-");
    for (int i = 0; i < p->nep; i++) {
        char sqb[4];
        PUT("%s%s", i ? "," : "", nc_sqname(v, p->ep[i], sqb));
    }
    PUT(" %d %d", p->halfmove, p->fullmove);
#undef PUT
    assert(n < NC_POS_TEXT_MAX); /* the worst case of position.h */
    return n;
}

void pos_start(Position *p, const Variant *v)
{
    char err[200];
    int rc = pos_from_fen(p, v, v->setup_fen[v->setup], err, sizeof err);
    assert(rc == 0); /* the loader checked every setup */
    (void)rc;
}
