/* Translation of our variants for XBoard: coordinates on the box XBoard
 * shows, move text in and out, Betza strings, setup and piece lines, FEN
 * from setboard.  Pure text; the protocol loop in xboard.c does the I/O. */
#include "xboard_variant.h"

#include "rules/rules.h"
#include "movetext.h"
#include "position_text.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* XBoard names squares by the box it shows: files from 'a', ranks from 1
 * (from 0 on boards 10 ranks high).  That is our own naming for every
 * variant whose box starts at rank 1; the 10x10 games with rear squares are
 * shown as their 10x12 box (see "engine-defined variants" below), whose
 * rank 0 XBoard calls 1.  The coordinate form itself is the library's
 * (movetext.c); only the rank labels are XBoard's. */
int xb_rank_first(const Variant *v)
{
    return v->height == 10 ? 0 : 1;
}

static char *xb_sqname(const Variant *v, int sq, char *buf)
{
    return coord_sqname(v, sq, xb_rank_first(v), buf);
}

/* True when square c lies strictly between a and b on a rank, file or
 * diagonal line. */
static bool xb_between(const Variant *v, int a, int b, int c)
{
    int dx = v->file_of[b] - v->file_of[a], dy = v->rank_of[b] - v->rank_of[a];
    int cx = v->file_of[c] - v->file_of[a], cy = v->rank_of[c] - v->rank_of[a];
    if (!(dx == 0 || dy == 0 || abs(dx) == abs(dy)))
        return false;
    int n = abs(dx) > abs(dy) ? abs(dx) : abs(dy);
    int sx = dx ? dx / abs(dx) : 0, sy = dy ? dy / abs(dy) : 0;
    for (int k = 1; k < n; k++)
        if (cx == sx * k && cy == sy * k)
            return true;
    return false;
}

/* The one-square castling of flexible castling (RULINGS.md: the king moves
 * 1 to n squares toward its rook): written as the king's move it would be
 * the king's step to the same square.  When the rook stands next to the
 * king, the king lands on the rook's square, which no step reaches. */
static bool xb_castling_is_step(const Variant *v, const Move *m)
{
    return m->kind == MK_CASTLE && m->to != m->aux && abs(v->file_of[m->to] - v->file_of[m->from]) == 1;
}

/* Coordinate notation (move_to_coord): e2e4, e7e8q, P@e4; castling as the
 * king's move; a drop that slides on after entering names the square it
 * ends on.  With legs, a piece taken on the way (fly-over, jump-over) is
 * sent as XBoard's two-leg move "from cap,cap to", so that XBoard's board
 * loses it too; en passant (the victim is not between from and to) stays
 * one leg.  A one-square castling is XBoard's two-leg castling, the king
 * to its own rook's square and on to where it stops (f2i2,i2g2 for the
 * king f1 castling with the rook i1 in Stealth Ninja): XBoard 4.9 enters
 * a castling of one square so, and moves the rook next to the king when
 * the king's Betza line has castling. */
static void xb_move_text_legs(const Position *p, const Move *m, char *buf, size_t len, bool legs)
{
    const Variant *v = p->v;
    char a[8], b[8], k[8];
    if (xb_castling_is_step(v, m)) {
        xb_sqname(v, m->aux, k);
        snprintf(buf, len, "%s%s,%s%s", xb_sqname(v, m->from, a), k, k, xb_sqname(v, m->to, b));
        return;
    }
    int c = m->cap[0];
    if (m->kind == MK_DROP || !legs || !c || m->cap[1] || !xb_between(v, m->from, m->to, c)) {
        move_to_coord(p, m, xb_rank_first(v), buf, len);
        return;
    }
    xb_sqname(v, c, k);
    snprintf(buf, len, "%s%s,%s%s", xb_sqname(v, m->from, a), k, k, xb_sqname(v, m->to, b));
    if (m->promo) {
        size_t n = strlen(buf);
        snprintf(buf + n, len - n, "%c", (char)tolower((unsigned char)v->types[m->promo - 1].letter));
    }
}

void xb_move_text(const Position *p, const Move *m, char *buf, size_t len)
{
    xb_move_text_legs(p, m, buf, len, true);
}

/* O-O / O-O-O (XBoard sends them to engines that ask for them in Chess960
 * games): the castling toward the higher / lower files.  With flexible
 * castling a side has several; the name then means the one in which the
 * king moves two squares, as in orthodox chess, and none (-1) when that
 * one is not legal but others are.  Returns the index in ml or -1. */
static int xb_castle_by_side(const Variant *v, const MoveList *ml, bool higher_side)
{
    int only = -1, count = 0, two = -1;
    for (int i = 0; i < ml->n; i++) {
        const Move *m = &ml->m[i];
        if (m->kind != MK_CASTLE || (v->file_of[m->aux] > v->file_of[m->from]) != higher_side)
            continue;
        only = i;
        count++;
        if (abs(v->file_of[m->to] - v->file_of[m->from]) == 2)
            two = i;
    }
    return count == 1 ? only : two;
}

/* Castling in the forms XBoard itself writes besides ours: the king's move
 * then the rook's ("f2g2,i2f2", what XBoard 4.9 sends for its two-leg
 * castling), and the king taking its own rook ("e1h1", Chess960 style),
 * taken only when it names one castling (with flexible castling it is the
 * text of the castling that lands on the rook's square, found before
 * this).  Returns the index in ml or -1. */
static int xb_castle_by_squares(const Variant *v, const MoveList *ml, const char *text)
{
    int found = -1, count = 0;
    for (int i = 0; i < ml->n; i++) {
        const Move *m = &ml->m[i];
        if (m->kind != MK_CASTLE)
            continue;
        char a[8], b[8], c[8], d[8], buf[40];
        snprintf(buf, sizeof buf, "%s%s,%s%s", xb_sqname(v, m->from, a), xb_sqname(v, m->to, b),
                 xb_sqname(v, m->aux, c), xb_sqname(v, m->aux2, d));
        if (strcasecmp(buf, text) == 0)
            return i;
        snprintf(buf, sizeof buf, "%s%s", a, c);
        if (strcasecmp(buf, text) == 0) {
            found = i;
            count++;
        }
    }
    return count == 1 ? found : -1;
}

/* The legal move whose text (with legs or without) is text and that is
 * the only one: its index in ml, -1 for none, -2 for several. */
static int xb_find_text(const Position *p, const MoveList *ml, const char *text, bool legs)
{
    int found = -1;
    for (int i = 0; i < ml->n; i++) {
        char buf[32];
        xb_move_text_legs(p, &ml->m[i], buf, sizeof buf, legs);
        if (strcasecmp(buf, text) == 0 && (legs || ml->m[i].kind != MK_CASTLE)) {
            if (found >= 0)
                return -2;
            found = i;
        }
    }
    return found;
}

/* Finds the legal move XBoard means; 0 or -1.  Every legal move has a
 * text of its own (tests/test_xboard_moves.c checks it in every shipped
 * variant); a text that two moves share is refused rather than guessed. */
int xb_parse_move(Position *p, const char *text, Move *out)
{
    MoveList ml;
    gen_legal(p, &ml);
    const Variant *v = p->v;
    int found;
    if (strcmp(text, "O-O") == 0 || strcmp(text, "O-O-O") == 0 || strcmp(text, "0-0") == 0 ||
        strcmp(text, "0-0-0") == 0)
        found = xb_castle_by_side(v, &ml, strlen(text) == 3);
    else if ((found = xb_find_text(p, &ml, text, true)) == -1 && (found = xb_castle_by_squares(v, &ml, text)) < 0)
        /* a capture on the way entered as a plain from-to move (a user
         * with legality testing off): taken when it names one move */
        found = xb_find_text(p, &ml, text, false);
    if (found < 0)
        return -1;
    *out = ml.m[found];
    return 0;
}

/* ---- engine-defined variants (XBoard 4.7+) ----
 *
 * XBoard knows orthodox and Capablanca chess itself.  Every other shipped
 * variant is announced by its own name in feature variants=; when XBoard
 * selects one ("variant NAME", repeated after every "new"), the engine
 * describes it with
 *     setup (PIECETOCHAR) WxH+H_fairy FEN
 * and a "piece LETTER& BETZA" line for each piece whose moves Betza
 * notation can say exactly.
 *
 * PIECETOCHAR gives the letter of each XBoard piece-table slot in XBoard's
 * order (Pawn, Knight, Bishop, Rook, Queen, Ferz, Alfil, Archbishop,
 * Chancellor, Wazir, Man, Cannon, Nightrider, Cardinal, Dragon,
 * Grasshopper, Silver, Falcon, Lance, Cobra, Unicorn, ..., King), '.' for an
 * unused slot, White's half then Black's, each half ending with the King.
 * Our P N B R Q A C keep their slots; the other types take the free slots
 * from Ferz on, pieces that can be dropped first, because XBoard's holdings
 * hold only the first H used slots.
 *
 * What XBoard cannot show:
 *  - Missing squares.  Stealth Ninja and Flying Warmachines are a 10x10
 *    board plus the rear squares e0, f0, e11, f11.  XBoard has no missing
 *    squares, so they are shown as the whole 10x12 box, with the missing
 *    squares as ordinary empty squares in the FEN ("4ww4"); nothing keeps
 *    XBoard from offering them, but the engine never moves there and
 *    refuses a move there as illegal.  XBoard calls the box's ranks 1-12
 *    (our 0-11), see xb_sqname.
 *  - Fly-over and jump-over captures, double captures, Titan pushes and
 *    crushes, drops that slide on, ninja pawns' zone-dependent moves and
 *    the bent movers cannot be written in Betza notation, so those pieces
 *    get no piece line (nor do Titans, which cannot be captured).  XBoard
 *    must run with legality testing off for these variants; it then
 *    relays the engine's moves (from and to square) as they are, but its
 *    own board does not remove pieces taken on the way or by a push. */

bool xb_builtin(const char *name)
{
    return strcmp(name, "chess") == 0 || strcmp(name, "normal") == 0 || strcmp(name, "capablanca") == 0;
}

/* The variants announced besides normal and capablanca, in this order. */
static const char *const xb_defined[] = {"titan-chess", "stealth-ninja", "flying-warmachines", "chess-titan-rooks",
                                         "titan-chess-titans"};

/* Appends ",name" when it fits whole; false when it does not. */
static bool list_append(char *buf, size_t len, const char *name)
{
    size_t have = strlen(buf), add = strlen(name) + 1;
    if (have + add >= len)
        return false;
    buf[have] = ',';
    memcpy(buf + have + 1, name, add);
    return true;
}

static bool listed_first(const char *name)
{
    if (!strcmp(name, "chess") || !strcmp(name, "capablanca"))
        return true;
    for (size_t i = 0; i < sizeof xb_defined / sizeof xb_defined[0]; i++)
        if (!strcmp(name, xb_defined[i]))
            return true;
    return false;
}

int xb_variant_list(char *const *names, int n, char *buf, size_t len)
{
    if (snprintf(buf, len, "normal,capablanca") >= (int)len) {
        if (len)
            buf[0] = 0;
        return -1;
    }
    for (size_t i = 0; i < sizeof xb_defined / sizeof xb_defined[0]; i++)
        if (!list_append(buf, len, xb_defined[i]))
            return -1;
    for (int i = 0; i < n; i++)
        if (!listed_first(names[i]) && !list_append(buf, len, names[i]))
            return -1;
    return 0;
}

#define XB_SLOTS 21 /* Pawn .. Unicorn: the slots every XBoard 4.7+ has */

/* Direction set of an atom: 'W' orthogonal, 'F' diagonal, 'K' both, 0 other. */
static char xb_dirs(const Atom *a)
{
    int orth = 0, diag = 0;
    for (int d = 0; d < a->ndirs; d++) {
        int dx = a->dx[d], dy = a->dy[d];
        if ((dx == 0) != (dy == 0) && abs(dx + dy) == 1)
            orth++;
        else if (abs(dx) == 1 && abs(dy) == 1)
            diag++;
        else
            return 0;
    }
    if (orth == 4 && diag == 0)
        return 'W';
    if (diag == 4 && orth == 0)
        return 'F';
    if (orth == 4 && diag == 4)
        return 'K';
    return 0;
}

/* Betza notation of a piece type; false when its moves cannot be said
 * exactly (or it is royal: XBoard's king, with castling, is kept). */
bool xb_betza(const PieceType *pt, char *out, size_t len)
{
    out[0] = 0;
    if (pt->royal || pt->titan || pt->natoms == 0)
        return false;
    /* the orthodox pawn: step, double step from the start rank, diagonal
     * capture, en passant */
    if (pt->natoms == 3 && pt->atoms[0].kind == ATOM_SLIDE && pt->atoms[0].ndirs == 1 && pt->atoms[0].max == 1 &&
        pt->atoms[0].to == SQ_EMPTY && !pt->atoms[0].zone && pt->atoms[1].kind == ATOM_SLIDE &&
        pt->atoms[1].ndirs == 1 && pt->atoms[1].min == 2 && pt->atoms[1].max == 2 &&
        pt->atoms[1].start == START_ON && !pt->atoms[1].zone && pt->atoms[2].kind == ATOM_SLIDE &&
        pt->atoms[2].ndirs == 2 && pt->atoms[2].max == 1 && pt->atoms[2].to == SQ_ENEMY && !pt->atoms[2].zone &&
        (pt->atoms[2].flags & AF_EP_CAPTURE)) {
        snprintf(out, len, "fmWfceFifmnD");
        return true;
    }
    char w = 0, f = 0; /* 'S' step, 'R' ride, per direction set */
    bool knight = false;
    for (int i = 0; i < pt->natoms; i++) {
        const Atom *a = &pt->atoms[i];
        if (a->kind == ATOM_SLIDE && a->plain && (a->max == 0 || a->max == 1)) {
            char dirs = xb_dirs(a), how = a->max == 1 ? 'S' : 'R';
            if (!dirs)
                return false;
            if (dirs != 'F') {
                if (w && w != how)
                    return false;
                w = how;
            }
            if (dirs != 'W') {
                if (f && f != how)
                    return false;
                f = how;
            }
        } else if (a->kind == ATOM_LEAP && a->ndirs == 8 && a->to == (SQ_EMPTY | SQ_ENEMY) && !a->flags &&
                   !a->zone && !a->start && ((abs(a->dx[0]) == 2 && abs(a->dy[0]) == 1) ||
                                            (abs(a->dx[0]) == 1 && abs(a->dy[0]) == 2))) {
            knight = true;
        } else {
            return false;
        }
    }
    size_t n = 0;
    if (w == 'R' && f == 'R')
        n += (size_t)snprintf(out + n, len - n, "Q");
    else if (w == 'S' && f == 'S')
        n += (size_t)snprintf(out + n, len - n, "K");
    else {
        if (w)
            n += (size_t)snprintf(out + n, len - n, "%c", w == 'R' ? 'R' : 'W');
        if (f)
            n += (size_t)snprintf(out + n, len - n, "%c", f == 'R' ? 'B' : 'F');
    }
    if (knight)
        n += (size_t)snprintf(out + n, len - n, "N");
    return n > 0 && n < len;
}

/* Chooses an XBoard slot for every type (-1 for the king); 0 or -1 when
 * the types do not fit. */
static int xb_slots(const Variant *v, int slot[NC_MAX_TYPES])
{
    static const char fixed[] = "PNBRQ..AC";
    bool used[XB_SLOTS] = {false};
    for (int t = 0; t < v->ntypes; t++) {
        slot[t] = -2;
        const PieceType *pt = &v->types[t];
        if (pt->royal) {
            if (pt->letter != 'K')
                return -1;
            slot[t] = -1;
            continue;
        }
        const char *f = strchr(fixed, pt->letter);
        if (f && pt->letter != '.') {
            slot[t] = (int)(f - fixed);
            used[slot[t]] = true;
        }
    }
    for (int pass = 0; pass < 2; pass++) /* droppable types first */
        for (int t = 0; t < v->ntypes; t++) {
            if (slot[t] != -2 || (pass == 0) != (v->droppable[t] != 0))
                continue;
            int k = 5;
            while (k < XB_SLOTS && used[k])
                k++;
            if (k == XB_SLOTS)
                return -1;
            slot[t] = k;
            used[k] = true;
        }
    return 0;
}

/* XBoard numbers the used slots of the table; holdings hold the first H
 * of them, so H must reach every droppable type. */
static int xb_holdings(const Variant *v, const int slot[NC_MAX_TYPES], const char table[XB_SLOTS + 1])
{
    int hold = 0;
    for (int t = 0; t < v->ntypes; t++) {
        if (slot[t] < 0 || !v->droppable[t])
            continue;
        int num = 0;
        for (int k = 0; k < slot[t]; k++)
            num += table[k] != '.';
        if (num + 1 > hold)
            hold = num + 1;
    }
    return hold;
}

/* PIECETOCHAR for the chosen slots (White's half, 'K', Black's half,
 * 'k') into ptc; returns the number of holdings H. */
static int xb_piece_to_char(const Variant *v, const int slot[NC_MAX_TYPES], char ptc[2 * (XB_SLOTS + 1) + 1])
{
    char table[XB_SLOTS + 1];
    memset(table, '.', sizeof table);
    int top = 4; /* at least P..Q, so that the table has 12 letters or more */
    for (int t = 0; t < v->ntypes; t++) {
        if (slot[t] < 0)
            continue;
        table[slot[t]] = v->types[t].letter;
        if (slot[t] > top)
            top = slot[t];
    }
    int n = 0;
    for (int k = 0; k <= top; k++)
        ptc[n++] = table[k];
    ptc[n++] = 'K';
    for (int k = 0; k <= top; k++)
        ptc[n++] = (char)tolower((unsigned char)table[k]);
    ptc[n++] = 'k';
    ptc[n] = 0;
    return xb_holdings(v, slot, table);
}

static char xb_piece_letter(const Variant *v, int code)
{
    char c = v->types[nc_type(code)].letter;
    return nc_colour(code) == NC_WHITE ? c : (char)tolower((unsigned char)c);
}

/* FEN board of p: the whole box rank by rank from the top, missing squares
 * empty, then the pieces in hand in brackets when the variant has drops. */
static void xb_box_fen(const Variant *v, const Position *p, char *fen, size_t len)
{
    size_t f = 0;
    for (int r = v->height - 1; r >= 0; r--) {
        int empty = 0;
        for (int file = 0; file < v->width; file++) {
            int sq = nc_sq(v, file, r);
            int code = v->exists[sq] ? p->board[sq] : NC_EMPTY;
            if (code == NC_EMPTY || code == NC_OFF) {
                empty++;
                continue;
            }
            if (empty)
                f += (size_t)snprintf(fen + f, len - f, "%d", empty);
            empty = 0;
            fen[f++] = xb_piece_letter(v, code);
        }
        if (empty)
            f += (size_t)snprintf(fen + f, len - f, "%d", empty);
        if (r)
            fen[f++] = '/';
    }
    fen[f] = 0;
    if (v->has_drops) {
        f += (size_t)snprintf(fen + f, len - f, "[");
        for (int c = 0; c < 2; c++)
            for (int t = 0; t < v->ntypes; t++)
                for (int k = 0; k < p->hand[c][t]; k++)
                    fen[f++] = c == NC_WHITE ? v->types[t].letter : (char)tolower((unsigned char)v->types[t].letter);
        fen[f++] = ']';
        fen[f] = 0;
    }
}

int xb_setup_line(const Variant *v, char *out, size_t len)
{
    int slot[NC_MAX_TYPES];
    if (xb_slots(v, slot))
        return -1;
    char ptc[2 * (XB_SLOTS + 1) + 1];
    int hold = xb_piece_to_char(v, slot, ptc);
    Position p;
    pos_start(&p, v);
    char fen[1024];
    xb_box_fen(v, &p, fen, sizeof fen);
    /* side, castling, en passant, clocks: as in our own position text */
    char ours[1024];
    pos_to_fen(&p, ours, sizeof ours);
    const char *rest = strchr(ours, ' ');
    int w = snprintf(out, len, "setup (%s) %dx%d+%d_fairy %s%s", ptc, v->width, v->height, hold, fen,
                     rest ? rest : " w - - 0 1");
    return w > 0 && (size_t)w < len ? 0 : -1;
}

void xb_position_fen(const Position *p, char *out, size_t len)
{
    char board[1024], ours[1024];
    xb_box_fen(p->v, p, board, sizeof board);
    pos_to_fen(p, ours, sizeof ours);
    const char *rest = strchr(ours, ' ');
    snprintf(out, len, "%s%s", board, rest ? rest : " w - - 0 1");
}

/* setboard from XBoard: on a board with missing squares XBoard writes them
 * as empty squares; our position text wants '*' there.  Copies fen with
 * the board part rewritten; 0, or -1 when a missing square holds a piece
 * or the text does not fit. */
int xb_fen_to_ours(const Variant *v, const char *fen, char *out, size_t len)
{
    if (v->nsquares == v->width * v->height) {
        snprintf(out, len, "%s", fen);
        return 0;
    }
    size_t o = 0;
    const char *s = fen;
    int r = v->height - 1, file = 0;
    int empty = 0;
#define XB_PUT(ch)              \
    do {                        \
        if (o + 2 >= len)       \
            return -1;          \
        out[o++] = (char)(ch);  \
    } while (0)
#define XB_FLUSH()                                                                   \
    do {                                                                             \
        if (empty) {                                                                 \
            int w_ = snprintf(out + o, len - o, "%d", empty);                        \
            if (w_ < 0 || (size_t)w_ >= len - o)                                     \
                return -1;                                                           \
            o += (size_t)w_;                                                         \
            empty = 0;                                                               \
        }                                                                            \
    } while (0)
    for (; *s && *s != ' ' && *s != '['; s++) {
        if (*s == '/') {
            XB_FLUSH();
            XB_PUT('/');
            r--;
            file = 0;
        } else if (isdigit((unsigned char)*s)) {
            int k = 0;
            while (isdigit((unsigned char)*s))
                if ((k = k * 10 + (*s++ - '0')) > v->width) /* past the edge; no overflow */
                    return -1;
            s--;
            for (int i = 0; i < k; i++, file++) {
                if (r >= 0 && file < v->width && !v->exists[nc_sq(v, file, r)]) {
                    XB_FLUSH();
                    XB_PUT('*');
                } else {
                    empty++;
                }
            }
        } else {
            if (r >= 0 && file < v->width && !v->exists[nc_sq(v, file, r)])
                return -1;
            XB_FLUSH();
            XB_PUT(*s);
            file++;
        }
    }
    XB_FLUSH();
#undef XB_PUT
#undef XB_FLUSH
    int w = snprintf(out + o, len - o, "%s", s);
    return w >= 0 && (size_t)w < len - o ? 0 : -1;
}

const char *xb_variant_xbname(const char *ours)
{
    return strcmp(ours, "chess") == 0 ? "normal" : ours;
}

const char *xb_variant_name(const char *xb)
{
    if (strcmp(xb, "normal") == 0)
        return "chess";
    return xb;
}
