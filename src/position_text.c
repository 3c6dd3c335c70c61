/* Position text (doc/position-text.md): pos_from_fen reads it field by field,
 * pos_to_fen writes it.  Only the public board edits of position.c are used
 * here, so make_move and its inline helpers stay untouched.  Every message
 * is asserted by the tests: keep them byte for byte. */
#include "position.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>

/* The text being read: the cursor s moves field by field. */
typedef struct {
    Position *p;
    const Variant *v;
    const char *s;
    char *err;
    int errlen;
} FenReader;

static int fen_error(FenReader *r, const char *fmt, const char *arg)
{
    snprintf(r->err, (size_t)r->errlen, fmt, arg);
    return -1;
}

/* Error naming the square at file f, rank r (board indices). */
static int square_error(FenReader *rd, const char *fmt, int f, int r)
{
    char tmp[64];
    snprintf(tmp, sizeof tmp, "%c%d", 'a' + f, r + rd->v->rank_base);
    return fen_error(rd, fmt, tmp);
}

/* Error naming the rank label of board rank r. */
static int rank_error(FenReader *rd, const char *fmt, int r)
{
    char tmp[64];
    snprintf(tmp, sizeof tmp, "%d", r + rd->v->rank_base);
    return fen_error(rd, fmt, tmp);
}

/* Error naming one character of the text. */
static int letter_error(FenReader *rd, const char *fmt, char ch)
{
    char tmp[64];
    snprintf(tmp, sizeof tmp, "%c", ch);
    return fen_error(rd, fmt, tmp);
}

/* A run of empty squares; a count past the board's edge stops at the edge. */
static int read_empty_run(FenReader *rd, int r, int *f)
{
    const Variant *v = rd->v;
    int n = 0;
    while (isdigit((unsigned char)*rd->s))
        n = n * 10 + (*rd->s++ - '0');
    if (n == 0)
        return rank_error(rd, "position text: empty-square count 0 in rank %s", r);
    for (int i = 0; i < n; i++, (*f)++) {
        if (*f >= v->width)
            break;
        if (!v->exists[nc_sq(v, *f, r)])
            return square_error(rd, "position text: square %s does not exist (write '*')", *f, r);
    }
    return 0;
}

/* One piece letter; past the board's edge it only counts towards the length. */
static int read_piece(FenReader *rd, int r, int f)
{
    const Variant *v = rd->v;
    char ch = *rd->s;
    int t = nc_type_of_letter(v, ch);
    if (t < 0)
        return letter_error(rd, "position text: unknown piece letter '%s'", ch);
    if (f >= v->width)
        return 0;
    int sq = nc_sq(v, f, r);
    if (!v->exists[sq])
        return square_error(rd, "position text: piece on square %s, which does not exist", f, r);
    int colour = isupper((unsigned char)ch) ? NC_WHITE : NC_BLACK;
    /* only a Titan pushed there stands on its promotion rank */
    if (v->types[t].promotes && !v->types[t].titan && v->rel_rank[colour][sq] >= v->promo_rank)
        return square_error(rd, "position text: a piece that must promote stands on %s", f, r);
    if (rd->p->npieces[colour] >= NC_MAX_PIECES) /* the piece list would overflow */
        return square_error(rd, "position text: too many pieces of one side, at %s", f, r);
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
        } else if (*rd->s == '*') {
            if (f < v->width && v->exists[nc_sq(v, f, r)])
                return square_error(rd, "position text: '*' on square %s, which exists", f, r);
            f++;
            rd->s++;
        } else {
            if (read_piece(rd, r, f))
                return -1;
            f++;
            rd->s++;
        }
        if (f > v->width)
            return rank_error(rd, "position text: rank %s is longer than the board", r);
    }
    if (f != v->width)
        return rank_error(rd, "position text: rank %s is shorter than the board", r);
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
            if (*rd->s != '/') {
                char tmp[64];
                snprintf(tmp, sizeof tmp, "%d", v->height);
                return fen_error(rd, "position text: expected %s ranks separated by '/'", tmp);
            }
            rd->s++;
        }
    }
    if (*rd->s == '/')
        return fen_error(rd, "position text: more ranks than the board has%s", "");
    return 0;
}

/* The optional hand "[...]" right after the board; '-' inside is ignored. */
static int read_hand(FenReader *rd)
{
    const Variant *v = rd->v;
    Position *p = rd->p;
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
            return letter_error(rd, "position text: unknown piece letter '%s' in hand", ch);
        int c = isupper((unsigned char)ch) ? NC_WHITE : NC_BLACK;
        if (!v->droppable[t])
            return letter_error(rd, "position text: piece '%s' cannot be held in hand in this variant", ch);
        if (p->hand[c][t] >= 31)
            return fen_error(rd, "position text: too many pieces in hand%s", "");
        p->hand[c][t]++;
        rd->s++;
    }
    if (*rd->s != ']')
        return fen_error(rd, "position text: hand not closed with ']'%s", "");
    rd->s++;
    return 0;
}

static int read_side(FenReader *rd)
{
    if (*rd->s != ' ')
        return fen_error(rd, "position text: expected ' ' and the side to move after the board%s", "");
    rd->s++;
    if (*rd->s == 'w')
        rd->p->side = NC_WHITE;
    else if (*rd->s == 'b')
        rd->p->side = NC_BLACK;
    else
        return fen_error(rd, "position text: side to move must be 'w' or 'b'%s", "");
    rd->s++;
    return 0;
}

/* The wing a castling letter names: K, Q, or the file letter of a castling rook. */
static int castling_wing(FenReader *rd, char ch, int c)
{
    const Variant *v = rd->v;
    char u = (char)toupper((unsigned char)ch);
    if (u == 'K')
        return 1;
    if (u == 'Q')
        return 0;
    if (u < 'A' || u >= 'A' + v->width)
        return letter_error(rd, "position text: bad castling right '%s'", ch);
    int f = u - 'A';
    if (v->castle_rook_sq[c][0] && v->file_of[v->castle_rook_sq[c][0]] == f)
        return 0;
    if (v->castle_rook_sq[c][1] && v->file_of[v->castle_rook_sq[c][1]] == f)
        return 1;
    return letter_error(rd, "position text: castling right '%s' names no castling rook", ch);
}

/* One castling letter: the right must exist and its king and rook stand at home. */
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
        return letter_error(rd, "position text: castling right '%s' does not exist in this variant", ch);
    int kc = p->board[ksq], rc = p->board[rsq];
    if (kc == NC_EMPTY || nc_colour(kc) != c || !v->types[nc_type(kc)].royal || rc == NC_EMPTY ||
        nc_colour(rc) != c || nc_type(rc) != v->castle_rook_type)
        return letter_error(rd, "position text: castling right '%s' needs the king and rook on their start squares", ch);
    *rights |= 1 << (2 * c + wing);
    return 0;
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
            while (*rd->s && *rd->s != ' ')
                if (read_castling_right(rd, *rd->s++, &rights))
                    return -1;
        }
    }
    rd->p->castle = (uint8_t)rights;
    return 0;
}

/* The target squares "e3" or "e9,e8,e7", each empty. */
static int read_ep_targets(FenReader *rd)
{
    Position *p = rd->p;
    while (*rd->s && *rd->s != ' ') {
        int sq = nc_parse_sq(rd->v, &rd->s);
        if (sq < 0)
            return fen_error(rd, "position text: bad en-passant square near '%.8s'", rd->s);
        if (p->board[sq] != NC_EMPTY)
            return fen_error(rd, "position text: en-passant square %s is not empty", rd->s);
        if (p->nep >= NC_MAX_EP)
            return fen_error(rd, "position text: too many en-passant squares%s", "");
        p->ep[p->nep++] = (uint16_t)sq;
        if (*rd->s == ',')
            rd->s++;
    }
    return 0;
}

/* The victim stands one square beyond the last target, in the direction
 * the opponent's pawns move; the targets lie in a line towards it. */
static int find_ep_victim(FenReader *rd)
{
    Position *p = rd->p;
    int dir = p->side == NC_WHITE ? -rd->v->stride : rd->v->stride;
    int last = p->ep[p->nep - 1];
    for (int i = 1; i < p->nep; i++)
        if (p->ep[i] != p->ep[i - 1] + dir)
            return fen_error(rd, "position text: en-passant squares must follow one file in the direction of the pawn's move%s", "");
    int victim = last + dir;
    if (p->board[victim] == NC_EMPTY || p->board[victim] == NC_OFF || nc_colour(p->board[victim]) == p->side)
        return fen_error(rd, "position text: no enemy pawn stands beyond the en-passant squares%s", "");
    p->ep_victim = (uint16_t)victim;
    return 0;
}

static int read_en_passant(FenReader *rd)
{
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
        return fen_error(rd, "position text: bad en-passant square near '%.8s'", rd->s);
    return find_ep_victim(rd);
}

/* One optional number after a space; below min is an error. */
static int read_counter(FenReader *rd, long min, int *out, const char *msg)
{
    if (*rd->s != ' ')
        return 0;
    rd->s++;
    char *end;
    long n = strtol(rd->s, &end, 10);
    if (end == rd->s || n < min)
        return fen_error(rd, msg, "");
    *out = (int)n;
    rd->s = end;
    return 0;
}

static bool on_special(const Variant *v, int sq, int colour)
{
    for (int i = 0; i < v->nspecial; i++)
        if (v->special_sq[colour][i] == sq)
            return true;
    return false;
}

/* Nothing may follow; at most one king a side; the Scepter state; the hash. */
static int finish_position(FenReader *rd)
{
    const Variant *v = rd->v;
    Position *p = rd->p;
    while (*rd->s == ' ')
        rd->s++;
    if (*rd->s)
        return fen_error(rd, "position text: unexpected text '%.20s' at the end", rd->s);
    for (int c = 0; c < 2; c++)
        if (p->nroyal[c] > 1)
            return fen_error(rd, "position text: %s has more than one king", c ? "Black" : "White");
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
    pos_clear(p, v);
    FenReader rd = {p, v, fen, err, errlen};
    while (*rd.s == ' ')
        rd.s++;
    if (read_board(&rd) || read_hand(&rd) || read_side(&rd) || read_castling(&rd) || read_en_passant(&rd))
        return -1;
    if (read_counter(&rd, 0, &p->halfmove, "position text: bad half-move clock%s") ||
        read_counter(&rd, 1, &p->fullmove, "position text: bad move number%s"))
        return -1;
    return finish_position(&rd);
}

/* Appends to buf at n; n keeps counting past buflen, as snprintf does. */
#define PUT(...) (n += snprintf(buf + n, n < buflen ? (size_t)(buflen - n) : 0, __VA_ARGS__))

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
    if (!p->castle)
        PUT("-");
    if (p->castle & 2)
        PUT("K");
    if (p->castle & 1)
        PUT("Q");
    if (p->castle & 8)
        PUT("k");
    if (p->castle & 4)
        PUT("q");
    PUT(" ");
    if (!p->nep)
        PUT("-");
    for (int i = 0; i < p->nep; i++) {
        char sqb[4];
        PUT("%s%s", i ? "," : "", nc_sqname(v, p->ep[i], sqb));
    }
    PUT(" %d %d", p->halfmove, p->fullmove);
#undef PUT
    return n;
}
