/* The examples of the rule texts (/work/shared/seeds) and the rulings
 * (RULINGS.md), as exact sets of move texts (doc/move-text.md).
 * Every expected list was derived by hand from the texts and rulings,
 * not from the engine. */
#include "examples_util.h"
#include "notation/notation.h"

#define TITAN_PROMOS(from, to) \
    from "-" to "=B " from "-" to "=F " from "-" to "=L " from "-" to "=N " \
    from "-" to "=Q " from "-" to "=R " from "-" to "=U " from "-" to "=V " \
    from "-" to "=W " from "-" to "=Y "
#define STEALTH_PROMOS(from, to) \
    from "-" to "=B " from "-" to "=G " from "-" to "=N " from "-" to "=Q " \
    from "-" to "=R " from "-" to "=S " from "-" to "=T " from "-" to "=W "
#define FW_PROMOS(from, to) \
    from "-" to "=B " from "-" to "=E " from "-" to "=H " from "-" to "=M " \
    from "-" to "=Q " from "-" to "=R " from "-" to "=Z "

/* ======================================================================
 * Titan Chess
 * ====================================================================== */

/* The Flying Bomber diagram.  The black king of the diagram stands on f2;
 * so that White may be the side to move, a black bishop takes its place
 * here (the bomber's moves do not depend on the type) and the black king
 * waits on a11.  Own piece e4 = white pawn. */
static void titan_bomber_f4(void **state)
{
    (void)state;
    Variant *v = load_variant("titan-chess", NULL, NULL, NULL);
    Position p;
    set_pos(&p, v, BOARD_TITAN,
            "Ff4 Pe4 rd4 pg4 rh4 bf7 bf2 nf1 Kl9 ka11", NULL, "w - - 0 1");
    /* f4-f8xf7: flies over the bishop; f4-d4xd4: over its own pawn;
     * f4-h4xg4xh4: both (mandatory, no f4-g4 / f4-h4xg4); f4-f2xf2: the
     * piece exactly 2 away; nothing beyond d4; f1 not reachable. */
    check_moves(&p, "Flying Bomber f4 (Titan Chess text)", "f4-",
                "f4-d4xd4 f4-f2xf2 f4-f3 f4-f5 f4-f6 f4-f8xf7 f4-h4xg4xh4");

    /* "If there was no rook on h4 then the bomber can just capture the pawn
     * by moving f4-h4." */
    set_pos(&p, v, BOARD_TITAN,
            "Ff4 Pe4 rd4 pg4 bf7 bf2 nf1 Kl9 ka11", NULL, "w - - 0 1");
    check_moves(&p, "Flying Bomber f4 without the rook on h4", "f4-",
                "f4-d4xd4 f4-f2xf2 f4-f3 f4-f5 f4-f6 f4-f8xf7 f4-h4xg4");

    /* "The bomber IS giving check to the king since it is exactly 2 squares
     * away and can land on f2." */
    set_pos(&p, v, BOARD_TITAN,
            "Ff4 Pe4 rd4 pg4 rh4 bf7 kf2 nf1 Kl9", NULL, "b - - 0 1");
    want_check(&p, "bomber f4 checks the king on f2", true);

    /* "If the king moves, the knight will not be under attack either":
     * flying over f1 would land on f0, which does not exist. */
    set_pos(&p, v, BOARD_TITAN,
            "Ff4 Pe4 rd4 pg4 rh4 bf7 nf1 Kl9 ka11", NULL, "w - - 0 1");
    check_moves(&p, "Flying Bomber f4, f2 empty: knight f1 not attacked", "f4-",
                "f4-d4xd4 f4-f2 f4-f3 f4-f5 f4-f6 f4-f8xf7 f4-h4xg4xh4");
    variant_free(v);
    FINISH();
}

/* The Raptor diagram: black pawn b6, black knight g7, black pawn e3 and
 * rook f2, black pawn c3 behind which stands a white pawn b2. */
#define RAPTOR_SCENE "Pb2 pb6 ng7 pe3 rf2 pc3 Kl12 ka12"

static void titan_raptor_d4(void **state)
{
    (void)state;
    Variant *v = load_variant("titan-chess", NULL, NULL, NULL);
    Position p;
    set_pos(&p, v, BOARD_TITAN, "Yd4 " RAPTOR_SCENE, NULL, "w - - 0 1");
    /* b6 by flying over to a7 or by the 2-square landing; g7 by flying
     * to h8; e3 and f2 together (never e3 alone); nothing towards c3. */
    check_moves(&p, "Raptor d4 (Titan Chess text)", "d4-",
                "d4-a7xb6 d4-b6xb6 d4-c5 d4-e5 d4-f2xe3xf2 d4-f6 d4-h8xg7");
    variant_free(v);
    FINISH();
}

static void titan_leaping_guard_d4(void **state)
{
    (void)state;
    Variant *v = load_variant("titan-chess", NULL, NULL, NULL);
    Position p;
    set_pos(&p, v, BOARD_TITAN, "Ld4 " RAPTOR_SCENE, NULL, "w - - 0 1");
    /* "the ninja guard could have captured on c3, as well as on e3, f2,
     * or b6 but it could not have captured the knight at g7": the Ninja
     * Guard steps/leaps plus the eight camel leaps (all empty here). */
    check_moves(&p, "Leaping Ninja Guard d4 in the Raptor diagram", "d4-",
                "d4-b6xb6 d4-c3xc3 d4-c5 d4-e3xe3 d4-e5 d4-f2xe3xf2 d4-f6 "
                "d4-a3 d4-a5 d4-g3 d4-g5 d4-c1 d4-e1 d4-c7 d4-e7");

    /* Camel leaps capture by replacement and ignore what is between;
     * a friendly piece on a camel square blocks only that square. */
    set_pos(&p, v, BOARD_TITAN, "Ld4 ne7 Pg5 pe5 pe4 pd5 Kl12 ka12", NULL, "w - - 0 1");
    check_moves(&p, "Leaping Ninja Guard d4: camel capture, s1 enemy", "d4-",
                "d4-a3 d4-a5 d4-b2 d4-b6 d4-c1 d4-c3 d4-c5 d4-c7 d4-e1 d4-e3 "
                "d4-e7xe7 d4-f2 d4-f6xe5 d4-g3 d4-e5xe5");
    variant_free(v);
    FINISH();
}

/* The Quad Bomber diagram: knight e6, pawn g3, pawn c3 blocking, pawns
 * f5 and g5 blocking each other. */
static void titan_quad_bomber_d4(void **state)
{
    (void)state;
    Variant *v = load_variant("titan-chess", NULL, NULL, NULL);
    Position p;
    const char *base =
        "d4-a5 d4-b5 d4-c6 d4-c7 d4-c8 d4-c9 d4-c10 d4-c11 d4-c12 "
        "d4-e1 d4-e2 d4-e7xe6 d4-f3 d4-h3xg3";
    set_pos(&p, v, BOARD_TITAN, "Ud4 ne6 pg3 pc3 pf5 pg5 Kl1 kl12", NULL, "w - - 0 1");
    check_moves(&p, "Quad Bomber d4 (Titan Chess text)", "d4-", base);

    /* "If f5 pawn moves, the Bomber can capture g5 pawn by landing on h5." */
    char buf[1024];
    set_pos(&p, v, BOARD_TITAN, "Ud4 ne6 pg3 pc3 pg5 Kl1 kl12", NULL, "w - - 0 1");
    snprintf(buf, sizeof buf, "%s d4-f5 d4-h5xg5", base);
    check_moves(&p, "Quad Bomber d4, f5 pawn gone", "d4-", buf);

    /* "If g5 pawn moves, the Bomber can capture f5 pawn by landing on g5." */
    set_pos(&p, v, BOARD_TITAN, "Ud4 ne6 pg3 pc3 pf5 Kl1 kl12", NULL, "w - - 0 1");
    snprintf(buf, sizeof buf, "%s d4-g5xf5", base);
    check_moves(&p, "Quad Bomber d4, g5 pawn gone", "d4-", buf);
    variant_free(v);
    FINISH();
}

/* The Quad Raptor diagram: pawns f7, f5, d3 (blocking), b5 and a6,
 * knight b1. */
static void titan_quad_raptor_d4(void **state)
{
    (void)state;
    Variant *v = load_variant("titan-chess", NULL, NULL, NULL);
    Position p;
    const char *base =
        "d4-a2 d4-a8 d4-b3 d4-b7 d4-c6 d4-e6 d4-f3 d4-g2 d4-g6xf5 d4-g8xf7 d4-h1";
    char buf[1024];
    set_pos(&p, v, BOARD_TITAN, "Vd4 Pd3 pf7 pf5 pb5 pa6 nb1 Kl12 kl1", NULL, "w - - 0 1");
    check_moves(&p, "Quad Raptor d4 (Titan Chess text)", "d4-", base);

    /* "if the pawn at a6 moves, the Quad Raptor can capture the pawn on b5
     * by flying over to a6" */
    set_pos(&p, v, BOARD_TITAN, "Vd4 Pd3 pf7 pf5 pb5 nb1 Kl12 kl1", NULL, "w - - 0 1");
    snprintf(buf, sizeof buf, "%s d4-a6xb5", base);
    check_moves(&p, "Quad Raptor d4, a6 pawn gone", "d4-", buf);

    /* "If instead, b5 pawn moves, the Quad Raptor still cannot capture a6" */
    set_pos(&p, v, BOARD_TITAN, "Vd4 Pd3 pf7 pf5 pa6 nb1 Kl12 kl1", NULL, "w - - 0 1");
    snprintf(buf, sizeof buf, "%s d4-b5", base);
    check_moves(&p, "Quad Raptor d4, b5 pawn gone", "d4-", buf);

    /* "It cannot capture the knight at b1", even with d3 gone (a0 does
     * not exist). */
    set_pos(&p, v, BOARD_TITAN, "Vd4 pf7 pf5 pb5 pa6 nb1 Kl12 kl1", NULL, "w - - 0 1");
    snprintf(buf, sizeof buf, "%s d4-c2 d4-e2 d4-f1", base);
    check_moves(&p, "Quad Raptor d4, d3 pawn gone", "d4-", buf);
    variant_free(v);
    FINISH();
}

/* "the white pawn at g3 can start g3-g6 or it can move g3-g5 then g5-g6,
 * or g3-g4 followed by g4-g6, or move g3-h4 to capture enemy piece at h4
 * followed by h4-h6 next time it moves." */
static void titan_pawn_runs(void **state)
{
    (void)state;
    Variant *v = load_variant("titan-chess", NULL, NULL, NULL);
    Position p;
    set_pos(&p, v, BOARD_TITAN, "Pg3 rh4 Ka1 kl12", NULL, "w - - 0 1");
    check_moves(&p, "pawn g3", "g3-", "g3-g4 g3-g5 g3-g6 g3-h4xh4");

    PLAY(&p, "g3-g5");
    PLAY(&p, "l12-l11");
    check_moves(&p, "pawn g3-g5 then", "g5-", "g5-g6");

    set_pos(&p, v, BOARD_TITAN, "Pg3 rh4 Ka1 kl12", NULL, "w - - 0 1");
    PLAY(&p, "g3-g4");
    PLAY(&p, "l12-l11");
    check_moves(&p, "pawn g3-g4 then", "g4-", "g4-g5 g4-g6");

    set_pos(&p, v, BOARD_TITAN, "Pg3 rh4 Ka1 kl12", NULL, "w - - 0 1");
    PLAY(&p, "g3-h4xh4");
    PLAY(&p, "l12-l11");
    check_moves(&p, "pawn g3xh4 then", "h4-", "h4-h5 h4-h6");

    set_pos(&p, v, BOARD_TITAN, "Pg6 Ka1 kl12", NULL, "w - - 0 1");
    check_moves(&p, "pawn on the centre rank", "g6-", "g6-g7");

    set_pos(&p, v, BOARD_TITAN, "pg10 pc9 Ka1 kl12", NULL, "b - - 0 1");
    check_moves(&p, "black pawn g10", "g10-", "g10-g7 g10-g8 g10-g9");
    check_moves(&p, "black pawn c9", "c9-", "c9-c7 c9-c8");

    /* Promotion on the 12th rank, to every type but king and pawns. */
    set_pos(&p, v, BOARD_TITAN, "Pi11 Ka1 kl12", NULL, "w - - 0 1");
    check_moves(&p, "pawn promotion", "i11-", TITAN_PROMOS("i11", "i12"));
    variant_free(v);
    FINISH();
}

/* Ninja pawns: "c2-c3, c3-d3 and d3-d6"; past the middle one square
 * forward; diagonal captures everywhere, sideways captures past the middle;
 * promotion on rank 12 (ruling), not 10. */
static void titan_ninja_pawns(void **state)
{
    (void)state;
    Variant *v = load_variant("titan-chess", NULL, NULL, NULL);
    Position p;
    set_pos(&p, v, BOARD_TITAN,
            "Jc2 nb2 nd3 Pc5 Jj3 Jh6 pg7 ni6 Je9 nd9 nf10 Jk11 Jb10 Pi11 Ka1 ka12",
            NULL, "w - - 0 1");
    check_moves(&p, "white ninja pawn c2 (lower half, own pawn on c5)", "c2-",
                "c2-c3 c2-c4 c2-d2 c2-d3xd3");
    check_moves(&p, "white ninja pawn j3 (slides up to j6)", "j3-",
                "j3-i3 j3-j4 j3-j5 j3-j6 j3-k3");
    check_moves(&p, "white ninja pawn h6 (on the centre rank)", "h6-",
                "h6-g6 h6-h7 h6-g7xg7");
    check_moves(&p, "white ninja pawn e9 (upper half)", "e9-",
                "e9-d9xd9 e9-e10 e9-f10xf10 e9-f9");
    check_moves(&p, "white ninja pawn b10 (rank 10: no promotion)", "b10-",
                "b10-a10 b10-b11 b10-c10");
    check_moves(&p, "white ninja pawn k11 (promotes on 12)", "k11-",
                "k11-j11 k11-l11 " TITAN_PROMOS("k11", "k12"));
    check_moves(&p, "white pawn i11", "i11-", TITAN_PROMOS("i11", "i12"));

    set_pos(&p, v, BOARD_TITAN, "Jc2 Ka1 kl12", NULL, "w - - 0 1");
    check_moves(&p, "white ninja pawn c2 on an open file", "c2-",
                "c2-b2 c2-c3 c2-c4 c2-c5 c2-c6 c2-d2");

    set_pos(&p, v, BOARD_TITAN, "jc11 jh5 Ng5 Ni4 Ka1 kl12", NULL, "b - - 0 1");
    check_moves(&p, "black ninja pawn c11 (its lower half)", "c11-",
                "c11-b11 c11-c10 c11-c7 c11-c8 c11-c9 c11-d11");
    check_moves(&p, "black ninja pawn h5 (past the middle)", "h5-",
                "h5-g5xg5 h5-h4 h5-i4xi4 h5-i5");
    variant_free(v);
    FINISH();
}

/* En passant, with the ruling's correction (black pawn on b5, not b4). */
static void titan_en_passant(void **state)
{
    (void)state;
    Variant *v = load_variant("titan-chess", NULL, NULL, NULL);
    Position p;
    char fen[600];

    /* "White pawn on a3 black pawn on b5. If the white pawn moves from a3
     * to a6 or a5, the black pawn can capture it as if it had moved to a4." */
    set_pos(&p, v, BOARD_TITAN, "Pa3 pb5 Kl1 kl12", NULL, "w - - 0 1");
    PLAY(&p, "a3-a5");
    check_moves(&p, "a3-a5 past b5", "b5-", "b5-a4xa5 b5-b4");

    set_pos(&p, v, BOARD_TITAN, "Pa3 pb5 Kl1 kl12", NULL, "w - - 0 1");
    PLAY(&p, "a3-a6");
    check_moves(&p, "a3-a6 past b5", "b5-", "b5-a4xa6 b5-b4");
    pos_to_fen(&p, fen, sizeof fen);
    if (!strstr(fen, " b - a4,a5 ")) {
        g_fail++;
        fprintf(stderr, "EP FIELD: after a3-a6 expected targets a4,a5: %s\n", fen);
    }

    /* The capture must be made on the next move. */
    set_pos(&p, v, BOARD_TITAN, "Pa3 pb5 Kl1 kl12", NULL, "w - - 0 1");
    PLAY(&p, "a3-a5");
    PLAY(&p, "l12-l11");
    PLAY(&p, "l1-l2");
    check_moves(&p, "en passant only on the next move", "b5-", "b5-b4");

    /* "if the black pawn is on b6 instead and the white pawn moves to a6
     * from a3 then the black pawn can capture the white pawn as if it
     * moved to a5.  ... the white pawn can still avoid the black pawn by
     * moving to a4 instead." */
    set_pos(&p, v, BOARD_TITAN, "Pa3 pb6 Kl1 kl12", NULL, "w - - 0 1");
    PLAY(&p, "a3-a6");
    check_moves(&p, "a3-a6 past b6", "b6-", "b6-a5xa6 b6-b5");
    set_pos(&p, v, BOARD_TITAN, "Pa3 pb6 Kl1 kl12", NULL, "w - - 0 1");
    PLAY(&p, "a3-a4");
    check_moves(&p, "a3-a4 does not pass b6", "b6-", "b6-b5");

    /* "white pawn on a4 and black pawn on b6. White plays a4-a6, black
     * pawn on b6 can capture the pawn en passant by moving to a5." */
    set_pos(&p, v, BOARD_TITAN, "Pa4 pb6 Kl1 kl12", NULL, "w - - 0 1");
    PLAY(&p, "a4-a6");
    check_moves(&p, "a4-a6 past b6", "b6-", "b6-a5xa6 b6-b5");

    /* Black's pawn: g10-g7 passes g9 and g8. */
    set_pos(&p, v, BOARD_TITAN, "pg10 Ph8 Pf7 Ka1 ka12", NULL, "b - - 0 1");
    PLAY(&p, "g10-g7");
    check_moves(&p, "g10-g7 past h8", "h8-", "h8-g9xg7 h8-h9");
    check_moves(&p, "g10-g7 past f7", "f7-", "f7-f8 f7-g8xg7");

    /* Ninja pawns never capture en passant and are never so captured. */
    set_pos(&p, v, BOARD_TITAN, "Pa3 jb5 Kl1 kl12", NULL, "w - - 0 1");
    PLAY(&p, "a3-a6");
    check_moves(&p, "black ninja pawn cannot take en passant", "b5-",
                "b5-a5 b5-b4 b5-c5");
    set_pos(&p, v, BOARD_TITAN, "Ja3 pb5 Kl1 kl12", NULL, "w - - 0 1");
    PLAY(&p, "a3-a6");
    check_moves(&p, "a ninja pawn cannot be taken en passant", "b5-", "b5-b4");
    variant_free(v);
    FINISH();
}

#define TITAN_CASTLE_FEN \
    "fr4k3rf/jjjwnbbnwjjj/pppppppppppp/12/12/12/12/12/12/PPPPPPPPPPPP/JJJWNBBNWJJJ/FR4K3RF"

static void titan_castling_nine(void **state)
{
    (void)state;
    Variant *v = load_variant("titan-chess", NULL, NULL, NULL);
    Position p;
    set_fen(&p, v, TITAN_CASTLE_FEN " w KQkq - 0 1");
    check_moves(&p, "Titan Chess: 9 castlings of White", "g1-",
                "g1-h1,k1-g1 g1-f1,b1-g1 g1-i1,k1-h1 g1-e1,b1-f1 g1-j1,k1-i1 "
                "g1-d1,b1-e1 g1-k1,k1-j1 g1-c1,b1-d1 g1-b1,b1-c1 g1-f1 g1-h1");
    set_fen(&p, v, TITAN_CASTLE_FEN " b KQkq - 0 1");
    check_moves(&p, "Titan Chess: 9 castlings of Black", "g12-",
                "g12-h12,k12-g12 g12-f12,b12-g12 g12-i12,k12-h12 g12-e12,b12-f12 "
                "g12-j12,k12-i12 g12-d12,b12-e12 g12-k12,k12-j12 g12-c12,b12-d12 "
                "g12-b12,b12-c12 g12-f12 g12-h12");
    /* Only the queen side right left. */
    set_fen(&p, v, TITAN_CASTLE_FEN " w Q - 0 1");
    check_moves(&p, "Titan Chess: queen side only", "g1-",
                "g1-f1,b1-g1 g1-e1,b1-f1 g1-d1,b1-e1 g1-c1,b1-d1 g1-b1,b1-c1 g1-f1 g1-h1");
    variant_free(v);
    FINISH();
}

static void titan_castling_refused(void **state)
{
    (void)state;
    Variant *v = load_variant("titan-chess", NULL, NULL, NULL);
    Position p;
    /* Out of check: a rook on g8 checks g1. */
    set_pos(&p, v, BOARD_TITAN, "Kg1 Rb1 Rk1 rg8 kg12", NULL, "w KQ - 0 1");
    check_moves(&p, "no castling out of check", "g1-", "g1-f1 g1-f2 g1-h1 g1-h2");

    /* Through or onto an attacked square: e1 attacked by a rook on e8. */
    set_pos(&p, v, BOARD_TITAN, "Kg1 Rb1 Rk1 re8 kg12", NULL, "w KQ - 0 1");
    check_moves(&p, "no castling across e1 (attacked)", "g1-",
                "g1-f1 g1-f1,b1-g1 g1-f2 g1-g2 g1-h1 g1-h1,k1-g1 g1-h2 "
                "g1-i1,k1-h1 g1-j1,k1-i1 g1-k1,k1-j1");

    /* The rook may cross an attacked square (c1), the king may not. */
    set_pos(&p, v, BOARD_TITAN, "Kg1 Rb1 Rk1 rc8 kg12", NULL, "w KQ - 0 1");
    check_moves(&p, "rook crosses attacked c1", "g1-",
                "g1-d1,b1-e1 g1-e1,b1-f1 g1-f1 g1-f1,b1-g1 g1-f2 g1-g2 g1-h1 "
                "g1-h1,k1-g1 g1-h2 g1-i1,k1-h1 g1-j1,k1-i1 g1-k1,k1-j1");

    /* A square is attacked when a king there could be removed: a Flying
     * Bomber on i3 takes on i1 (exactly two away)... */
    set_pos(&p, v, BOARD_TITAN, "Kg1 Rb1 Rk1 fi3 kg12", NULL, "w KQ - 0 1");
    check_moves(&p, "bomber i3 attacks i1", "g1-",
                "g1-b1,b1-c1 g1-c1,b1-d1 g1-d1,b1-e1 g1-e1,b1-f1 g1-f1 g1-f1,b1-g1 "
                "g1-f2 g1-g2 g1-h1 g1-h1,k1-g1 g1-h2");
    /* ...but from i5 it could only fly over i1 onto i0, which does not
     * exist: i1 is not attacked. */
    set_pos(&p, v, BOARD_TITAN, "Kg1 Rb1 Rk1 fi5 kg12", NULL, "w KQ - 0 1");
    check_moves(&p, "bomber i5 does not attack i1", "g1-",
                "g1-b1,b1-c1 g1-c1,b1-d1 g1-d1,b1-e1 g1-e1,b1-f1 g1-f1 g1-f1,b1-g1 "
                "g1-f2 g1-g2 g1-h1 g1-h1,k1-g1 g1-h2 g1-i1,k1-h1 g1-j1,k1-i1 "
                "g1-k1,k1-j1");

    /* Castling rights are lost once the rook has left its square. */
    set_pos(&p, v, BOARD_TITAN, "Kg1 Rb1 Rk1 kg12", NULL, "w KQ - 0 1");
    PLAY(&p, "k1-k2");
    PLAY(&p, "g12-g11");
    PLAY(&p, "k2-k1");
    PLAY(&p, "g11-g12");
    check_moves(&p, "king side right lost after the rook moved", "g1-",
                "g1-b1,b1-c1 g1-c1,b1-d1 g1-d1,b1-e1 g1-e1,b1-f1 g1-f1 g1-f1,b1-g1 "
                "g1-f2 g1-g2 g1-h1 g1-h2");
    variant_free(v);
    FINISH();
}

/* ======================================================================
 * Stealth Ninja Chess
 * ====================================================================== */

/* "white king on e0 and black Stealth Gryphon on h1 ... it is not checking
 * king". */
static void stealth_gryphon_h1(void **state)
{
    (void)state;
    Variant *v = load_variant("stealth-ninja", NULL, NULL, NULL);
    Position p;
    set_pos(&p, v, BOARD_NINJA, "Ke0 sh1 kj10", "", "w - - 0 1");
    want_check(&p, "gryphon h1 does not check e0", false);
    set_pos(&p, v, BOARD_NINJA, "Ke0 sh1 kj10", "", "b - - 0 1");
    check_moves(&p, "Stealth Gryphon h1", "h1-",
                "h1-a2 h1-b2 h1-c2 h1-d2 h1-e2 "
                "h1-g4 h1-g5 h1-g6 h1-g7 h1-g8 h1-g9 h1-g10 "
                "h1-i4 h1-i5 h1-i6 h1-i7 h1-i8 h1-i9 h1-i10");
    /* From d3 it does: d3, e2 (diagonal), e1, e0. */
    set_pos(&p, v, BOARD_NINJA, "Ke0 sd3 kj10", "", "w - - 0 1");
    want_check(&p, "gryphon d3 checks e0 via e2, e1", true);
    variant_free(v);
    FINISH();
}

static void stealth_anti_gryphon_e4(void **state)
{
    (void)state;
    Variant *v = load_variant("stealth-ninja", NULL, NULL, NULL);
    Position p;
    set_pos(&p, v, BOARD_NINJA, "te4 Ka5 kj5", "", "b - - 0 1");
    check_moves(&p, "Stealth Anti-Gryphon e4", "e4-",
                "e4-a1 e4-a7 e4-a9 e4-b2 e4-b6 e4-b8 e4-c1 e4-c7 e4-g1 e4-g7 "
                "e4-h2 e4-h6 e4-h8 e4-i1 e4-i7 e4-i9 e4-j8 e4-j10");
    /* Captures by replacement at the end of a path; blocked by pieces. */
    set_pos(&p, v, BOARD_NINJA, "te4 Nc7 ph6 Ka5 kj5", "", "b - - 0 1");
    check_moves(&p, "Anti-Gryphon e4 with an enemy on c7, own pawn on h6", "e4-",
                "e4-a1 e4-a7 e4-b2 e4-b6 e4-c1 e4-c7xc7 e4-g1 e4-g7 e4-h2 e4-h8 "
                "e4-i1 e4-i9 e4-j10");
    variant_free(v);
    FINISH();
}

static void stealth_ninja_pawn_drops(void **state)
{
    (void)state;
    Variant *v = load_variant("stealth-ninja", NULL, NULL, NULL);
    Position p;
    set_pos(&p, v, BOARD_NINJA, "Kf1 kf10 Pa2 Pb2 Pc2 Pd2 Pf2 Pg2 Pi2 Pj2 nh4",
            "J", "w - - 0 1");
    check_moves(&p, "white ninja pawn drops with slides", "J@",
                "J@e2 J@e2-e3 J@e2-e4 J@e2-e5 J@h2 J@h2-h3");

    /* "the black ninja pawn can go from e9-e6 or any other square in
     * between" */
    set_pos(&p, v, BOARD_NINJA, "Kf1 kf10 pa9 pb9 pc9 pd9 pf9 pg9 ph9 pi9 pj9",
            "j", "b - - 0 1");
    check_moves(&p, "black ninja pawn drops with slides", "J@",
                "J@e9 J@e9-e8 J@e9-e7 J@e9-e6");

    /* A drop may block a check. */
    set_pos(&p, v, BOARD_NINJA, "Kf1 rf8 kj10", "J", "w - - 0 1");
    check_moves(&p, "ninja pawn drop blocks a check", "J@",
                "J@f2 J@f2-f3 J@f2-f4 J@f2-f5");
    variant_free(v);
    FINISH();
}

static void stealth_ninja_pawn_moves(void **state)
{
    (void)state;
    Variant *v = load_variant("stealth-ninja", NULL, NULL, NULL);
    Position p;
    /* "The white ninja pawn at h9 can capture the bishop at i9 in addition
     * to being able to go to g9 or to promote by going to h10." */
    set_pos(&p, v, BOARD_NINJA, "Jh9 bi9 Kb1 ka10", "", "w - - 0 1");
    check_moves(&p, "ninja pawn h9", "h9-",
                "h9-g9 h9-i9xi9 " STEALTH_PROMOS("h9", "h10"));

    /* On the centre rank one step; past it one or two; before it up to
     * the centre, however often it has moved ("e3-d3 ... d3-d5"). */
    set_pos(&p, v, BOARD_NINJA, "Jc5 Jg6 Jd3 Kj1 kj10", "", "w - - 0 1");
    check_moves(&p, "ninja pawn c5 (centre)", "c5-", "c5-b5 c5-c6 c5-d5");
    check_moves(&p, "ninja pawn g6 (past centre)", "g6-", "g6-f6 g6-g7 g6-g8 g6-h6");
    check_moves(&p, "ninja pawn d3", "d3-", "d3-c3 d3-d4 d3-d5 d3-e3");
    variant_free(v);
    FINISH();
}

static void stealth_en_passant(void **state)
{
    (void)state;
    Variant *v = load_variant("stealth-ninja", NULL, NULL, NULL);
    Position p;
    /* "White pawn on a2 black pawn on b4. White pawn moves a2 - a4 (or a5),
     * black pawn on b4 can capture it as if it had moved to a3." */
    set_pos(&p, v, BOARD_NINJA, "Pa2 pb4 Kj1 kj10", "", "w - - 0 1");
    PLAY(&p, "a2-a4");
    check_moves(&p, "a2-a4 past b4", "b4-", "b4-a3xa4 b4-b3");
    set_pos(&p, v, BOARD_NINJA, "Pa2 pb4 Kj1 kj10", "", "w - - 0 1");
    PLAY(&p, "a2-a5");
    check_moves(&p, "a2-a5 past b4", "b4-", "b4-a3xa5 b4-b3");
    /* "black pawn on b5 and white pawn moves a2 - a5 ... as if it moved to
     * a4.  ... the white pawn can still avoid the black pawn by moving to
     * a3 instead." */
    set_pos(&p, v, BOARD_NINJA, "Pa2 pb5 Kj1 kj10", "", "w - - 0 1");
    PLAY(&p, "a2-a5");
    check_moves(&p, "a2-a5 past b5", "b5-", "b5-a4xa5 b5-b4");
    set_pos(&p, v, BOARD_NINJA, "Pa2 pb5 Kj1 kj10", "", "w - - 0 1");
    PLAY(&p, "a2-a3");
    check_moves(&p, "a2-a3 does not pass b5", "b5-", "b5-b4");
    /* "white pawn on a3 and black pawn on b5. White plays a3-a5" */
    set_pos(&p, v, BOARD_NINJA, "Pa3 pb5 Kj1 kj10", "", "w - - 0 1");
    PLAY(&p, "a3-a5");
    check_moves(&p, "a3-a5 past b5", "b5-", "b5-a4xa5 b5-b4");

    /* No en passant against ninja pawns, on the board or dropped and slid. */
    set_pos(&p, v, BOARD_NINJA, "Ja2 pb4 Kj1 kj10", "", "w - - 0 1");
    PLAY(&p, "a2-a5");
    check_moves(&p, "ninja pawn a2-a5 cannot be taken en passant", "b4-", "b4-b3");
    set_pos(&p, v, BOARD_NINJA, "pb4 Kj1 kj10", "J", "w - - 0 1");
    PLAY(&p, "J@a2-a5");
    check_moves(&p, "dropped ninja pawn J@a2-a5 cannot be taken en passant", "b4-", "b4-b3");
    /* ... and ninja pawns do not take en passant. */
    set_pos(&p, v, BOARD_NINJA, "Pa2 jb4 Kj1 kj10", "", "w - - 0 1");
    PLAY(&p, "a2-a5");
    check_moves(&p, "black ninja pawn b4 cannot take en passant", "b4-",
                "b4-a4 b4-b2 b4-b3 b4-c4");
    variant_free(v);
    FINISH();
}

static void stealth_rear_drops(void **state)
{
    (void)state;
    Variant *v = load_variant("stealth-ninja", NULL, NULL, NULL);
    Position p;
    set_pos(&p, v, BOARD_NINJA, "Ka1 kj10", "ST", "w - - 0 1");
    check_moves(&p, "white gryphon drops", "S@", "S@e0 S@f0");
    check_moves(&p, "white anti-gryphon drops", "T@", "T@e0 T@f0");
    set_pos(&p, v, BOARD_NINJA, "Ka1 We0 kj10", "ST", "w - - 0 1");
    check_moves(&p, "white gryphon drops, e0 occupied", "S@", "S@f0");
    check_moves(&p, "white anti-gryphon drops, e0 occupied", "T@", "T@f0");
    set_pos(&p, v, BOARD_NINJA, "Ka1 kj10", "st", "b - - 0 1");
    check_moves(&p, "black gryphon drops", "S@", "S@e11 S@f11");
    check_moves(&p, "black anti-gryphon drops", "T@", "T@e11 T@f11");
    variant_free(v);
    FINISH();
}

#define STEALTH_CASTLE_MAIN \
    "****ww****/gr3k2rg/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/GR3K2RG/****WW****[JJJJSTjjjjst]"
#define STEALTH_CASTLE_SECOND \
    "****ww****/r4k3r/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/R4K3R/****WW****[JJJJSTjjjjst]"

static void stealth_castling(void **state)
{
    (void)state;
    Variant *v = load_variant("stealth-ninja", NULL, NULL, NULL);
    Position p;
    set_fen(&p, v, STEALTH_CASTLE_MAIN " w KQkq - 0 1");
    check_moves(&p, "Stealth Ninja main: 7 castlings of White", "f1-",
                "f1-g1,i1-f1 f1-e1,b1-f1 f1-h1,i1-g1 f1-d1,b1-e1 f1-i1,i1-h1 "
                "f1-c1,b1-d1 f1-b1,b1-c1 f1-e1 f1-g1");
    set_fen(&p, v, STEALTH_CASTLE_MAIN " b KQkq - 0 1");
    check_moves(&p, "Stealth Ninja main: 7 castlings of Black", "f10-",
                "f10-g10,i10-f10 f10-e10,b10-f10 f10-h10,i10-g10 f10-d10,b10-e10 "
                "f10-i10,i10-h10 f10-c10,b10-d10 f10-b10,b10-c10 f10-e10 f10-g10");
    variant_free(v);

    v = load_variant("stealth-ninja", "second", NULL, NULL);
    set_fen(&p, v, STEALTH_CASTLE_SECOND " w KQkq - 0 1");
    check_moves(&p, "Stealth Ninja second setup: castlings of White", "f1-",
                "f1-g1,j1-f1 f1-h1,j1-g1 f1-i1,j1-h1 f1-j1,j1-i1 "
                "f1-e1,a1-f1 f1-d1,a1-e1 f1-c1,a1-d1 f1-b1,a1-c1 f1-a1,a1-b1 "
                "f1-e1 f1-g1");
    set_fen(&p, v, STEALTH_CASTLE_SECOND " b KQkq - 0 1");
    check_moves(&p, "Stealth Ninja second setup: castlings of Black", "f10-",
                "f10-g10,j10-f10 f10-h10,j10-g10 f10-i10,j10-h10 f10-j10,j10-i10 "
                "f10-e10,a10-f10 f10-d10,a10-e10 f10-c10,a10-d10 f10-b10,a10-c10 "
                "f10-a10,a10-b10 f10-e10 f10-g10");
    variant_free(v);
    FINISH();
}

static void stealth_insane_ninja(void **state)
{
    (void)state;
    Variant *v = load_variant("stealth-ninja", NULL, "insane-ninja", NULL);
    Position p;
    set_pos(&p, v, BOARD_NINJA, "We10 Kj1 kj6", "", "w - - 0 1");
    check_moves(&p, "ninja warrior e10 with Insane Ninja promotion", "e10-",
                "e10-c10 e10-d10 e10-e11=I e10-e8 e10-e9 e10-f10 e10-g10");
    set_pos(&p, v, BOARD_NINJA, "We10 ne11 Kj1 kj6", "", "w - - 0 1");
    check_moves(&p, "ninja warrior e10 capturing on e11", "e10-",
                "e10-c10 e10-d10 e10-e11xe11=I e10-e8 e10-e9 e10-f10 e10-g10");
    set_pos(&p, v, BOARD_NINJA, "Gd10 Kj1 kj6", "", "w - - 0 1");
    check_moves(&p, "ninja guard d10 with Insane Ninja promotion", "d10-",
                "d10-b8 d10-c9 d10-e11=I d10-e9 d10-f8");
    set_pos(&p, v, BOARD_NINJA, "wf1 Ka10 ka1", "", "b - - 0 1");
    check_moves(&p, "black ninja warrior f1 promotes on f0", "f1-",
                "f1-d1 f1-e1 f1-f0=I f1-f2 f1-f3 f1-g1 f1-h1");
    /* The Insane Ninja: Ninja Guard + Ninja Warrior. */
    set_pos(&p, v, BOARD_NINJA, "Id4 Kj1 kj6", "", "w - - 0 1");
    check_moves(&p, "Insane Ninja d4", "d4-",
                "d4-b2 d4-b4 d4-b6 d4-c3 d4-c4 d4-c5 d4-d2 d4-d3 d4-d5 d4-d6 "
                "d4-e3 d4-e4 d4-e5 d4-f2 d4-f4 d4-f6");
    /* Pawns do not promote to the Insane Ninja. */
    set_pos(&p, v, BOARD_NINJA, "Pc9 Kj1 kj6", "", "w - - 0 1");
    check_moves(&p, "pawn promotion with the option on", "c9-", STEALTH_PROMOS("c9", "c10"));
    variant_free(v);

    v = load_variant("stealth-ninja", NULL, NULL, NULL);
    set_pos(&p, v, BOARD_NINJA, "We10 Kj1 kj6", "", "w - - 0 1");
    check_moves(&p, "ninja warrior e10 without the option", "e10-",
                "e10-c10 e10-d10 e10-e11 e10-e8 e10-e9 e10-f10 e10-g10");
    set_pos(&p, v, BOARD_NINJA, "Gd10 Kj1 kj6", "", "w - - 0 1");
    check_moves(&p, "ninja guard d10 without the option", "d10-",
                "d10-b8 d10-c9 d10-e11 d10-e9 d10-f8");
    variant_free(v);
    FINISH();
}

static void stealth_scepter(void **state)
{
    (void)state;
    Variant *v = load_variant("stealth-ninja", NULL, "scepter", NULL);
    Position p;
    set_pos(&p, v, BOARD_NINJA, "Ke10 ka8", "", "w - - 0 1");
    PLAY(&p, "e10-e11");
    want_nmoves(&p, "Capture the Scepter: no moves after the king reached e11", 0);
    if (!p.scepter) {
        g_fail++;
        fprintf(stderr, "SCEPTER: Position.scepter not set after e10-e11\n");
    }
    want_check(&p, "Capture the Scepter: not check", false);

    set_pos(&p, v, BOARD_NINJA, "Kj1 kf2", "", "b - - 0 1");
    PLAY(&p, "f2-f1");
    PLAY(&p, "j1-j2");
    PLAY(&p, "f1-f0");
    want_nmoves(&p, "Capture the Scepter: black king reached f0", 0);
    variant_free(v);

    v = load_variant("stealth-ninja", NULL, NULL, NULL);
    set_pos(&p, v, BOARD_NINJA, "Ke10 ka8", "", "w - - 0 1");
    PLAY(&p, "e10-e11");
    check_moves(&p, "no scepter rule: play goes on", "a8-", "a8-a7 a8-a9 a8-b7 a8-b8 a8-b9");
    variant_free(v);
    FINISH();
}

static void stealth_knight_and_promotion(void **state)
{
    (void)state;
    Variant *v = load_variant("stealth-ninja", NULL, NULL, NULL);
    Position p;
    set_pos(&p, v, BOARD_NINJA, "Nd2 Kj1 kj10", "", "w - - 0 1");
    check_moves(&p, "knight d2 reaches e0", "d2-",
                "d2-b1 d2-b3 d2-c4 d2-e0 d2-e4 d2-f1 d2-f3");
    set_pos(&p, v, BOARD_NINJA, "Ne0 Kj1 kj10", "", "w - - 0 1");
    check_moves(&p, "knight e0", "e0-", "e0-c1 e0-d2 e0-f2 e0-g1");
    set_pos(&p, v, BOARD_NINJA, "Pc9 Kj1 kj6", "", "w - - 0 1");
    check_moves(&p, "Stealth Ninja pawn promotion", "c9-", STEALTH_PROMOS("c9", "c10"));
    variant_free(v);
    FINISH();
}

/* ======================================================================
 * Flying Warmachines
 * ====================================================================== */

static void fw_warmachine_d5(void **state)
{
    (void)state;
    Variant *v = load_variant("flying-warmachines", NULL, NULL, NULL);
    Position p;
    /* (Flying Warmachines has no plain knight: a Ferz-Knight stands in.)
     * "It can capture the knight by moving to c5. It can also jump to b5
     * without capturing the knight. It cannot however capture the queen
     * ... capture the pawn at e5 ... f5 ... g5." */
    set_pos(&p, v, BOARD_NINJA, "Md5 hc5 qa5 pe5 pf5 pg5 Kj1 kj10", "", "w - - 0 1");
    check_moves(&p, "Flying Warmachine d5", "d5-",
                "d5-b5 d5-c5xc5 d5-d2 d5-d3 d5-d4 d5-d6 d5-d7 d5-d8 "
                "d5-e5xe5 d5-f5xf5 d5-g5xg5");
    variant_free(v);
    FINISH();
}

static void fw_warelephant_d5(void **state)
{
    (void)state;
    Variant *v = load_variant("flying-warmachines", NULL, NULL, NULL);
    Position p;
    /* "capture the pawn by moving to e6 ... pawn at f7 ... knight on g8.
     * It can jump over the black knight and capture the pawn at b3. It can
     * also slide towards b7 and capture the pawn."  a2 lies behind two
     * pieces (c4, b3), so the 3-square jump reaches it. */
    set_pos(&p, v, BOARD_NINJA, "Ed5 pe6 pf7 zg8 hc4 pb3 pb7 Kj1 kj10", "", "w - - 0 1");
    check_moves(&p, "Flying WarElephant d5", "d5-",
                "d5-a2 d5-b3xb3 d5-b7xb7 d5-c4xc4 d5-c6 d5-e4 d5-e6xe6 d5-f3 "
                "d5-f7xf7 d5-g2 d5-g8xg8");
    variant_free(v);
    FINISH();
}

static void fw_knights(void **state)
{
    (void)state;
    Variant *v = load_variant("flying-warmachines", NULL, NULL, NULL);
    Position p;
    set_pos(&p, v, BOARD_NINJA, "Hd4 pc5 Pe3 Kj1 kj10", "", "w - - 0 1");
    check_moves(&p, "Ferz-Knight d4", "d4-",
                "d4-b3 d4-b5 d4-c2 d4-c3 d4-c5xc5 d4-c6 d4-e2 d4-e5 d4-e6 d4-f3 d4-f5");
    set_pos(&p, v, BOARD_NINJA, "Zd4 pd5 Pc4 Kj1 kj10", "", "w - - 0 1");
    check_moves(&p, "Wazir-Knight d4", "d4-",
                "d4-b3 d4-b5 d4-c2 d4-c6 d4-d3 d4-d5xd5 d4-e2 d4-e4 d4-e6 d4-f3 d4-f5");
    /* Leaps need only an existing destination: d2 to e0. */
    set_pos(&p, v, BOARD_NINJA, "Hd2 Kj1 kj10", "", "w - - 0 1");
    check_moves(&p, "Ferz-Knight d2", "d2-",
                "d2-b1 d2-b3 d2-c1 d2-c3 d2-c4 d2-e0 d2-e1 d2-e3 d2-e4 d2-f1 d2-f3");
    set_pos(&p, v, BOARD_NINJA, "Zd2 Kj1 kj10", "", "w - - 0 1");
    check_moves(&p, "Wazir-Knight d2", "d2-",
                "d2-b1 d2-b3 d2-c2 d2-c4 d2-d1 d2-d3 d2-e0 d2-e2 d2-e4 d2-f1 d2-f3");
    variant_free(v);
    FINISH();
}

static void fw_promotion(void **state)
{
    (void)state;
    Variant *v = load_variant("flying-warmachines", NULL, NULL, NULL);
    Position p;
    set_pos(&p, v, BOARD_NINJA, "Pc9 Jg9 Kb1 kj6", "", "w - - 0 1");
    check_moves(&p, "Flying Warmachines pawn promotion", "c9-", FW_PROMOS("c9", "c10"));
    check_moves(&p, "Flying Warmachines ninja pawn promotion", "g9-",
                "g9-f9 g9-h9 " FW_PROMOS("g9", "g10"));
    variant_free(v);
    FINISH();
}

static void fw_castling_and_drops(void **state)
{
    (void)state;
    Variant *v = load_variant("flying-warmachines", NULL, NULL, NULL);
    Position p;
    set_fen(&p, v, "****mm****/er3k2re/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/"
                   "ER3K2RE/****MM****[JJJJJjjjjj] w KQkq - 0 1");
    check_moves(&p, "Flying Warmachines: 7 castlings", "f1-",
                "f1-g1,i1-f1 f1-e1,b1-f1 f1-h1,i1-g1 f1-d1,b1-e1 f1-i1,i1-h1 "
                "f1-c1,b1-d1 f1-b1,b1-c1 f1-e1 f1-g1");
    set_pos(&p, v, BOARD_NINJA, "Kf1 kf10 Pa2 Pb2 Pc2 Pd2 Pe2 Pf2 Pg2 Ph2 Pi2",
            "JJJJJ", "w - - 0 1");
    check_moves(&p, "Flying Warmachines ninja pawn drop", "J@",
                "J@j2 J@j2-j3 J@j2-j4 J@j2-j5");
    variant_free(v);
    FINISH();
}

/* ======================================================================
 * Titan trait
 * ====================================================================== */

static void titan_push_basic(void **state)
{
    (void)state;
    Variant *v = load_variant("chess-titan-rooks", NULL, NULL, NULL);
    Position p;
    set_pos(&p, v, BOARD_CHESS, "Rd1 Kh1 rd4 kh8", NULL, "w - - 0 1");
    check_moves(&p, "rook pushes an enemy Titan rook", "d1-",
                "d1-a1 d1-b1 d1-c1 d1-e1 d1-f1 d1-g1 d1-d2 d1-d3 d1-d4^d4");
    PLAY(&p, "d1-d4^d4");
    want_board(&p, "after d1-d4^d4", BOARD_CHESS, "Rd4 Kh1 rd5 kh8");

    /* A pawn pushes with its capturing move, diagonally. */
    set_pos(&p, v, BOARD_CHESS, "Pb4 rc5 Kh1 kh8", NULL, "w - - 0 1");
    check_moves(&p, "pawn pushes diagonally", "b4-", "b4-b5 b4-c5^c5");
    PLAY(&p, "b4-c5^c5");
    want_board(&p, "after b4-c5^c5", BOARD_CHESS, "Pc5 rd6 Kh1 kh8");

    /* A bishop pushes diagonally and the Titan crushes the pawn behind. */
    set_pos(&p, v, BOARD_CHESS, "Bc3 re5 pf6 Kh1 kh8", NULL, "w - - 0 1");
    check_moves(&p, "bishop pushes a Titan onto f6", "c3-",
                "c3-a1 c3-a5 c3-b2 c3-b4 c3-d2 c3-e1 c3-d4 c3-e5^e5%f6");
    PLAY(&p, "c3-e5^e5%f6");
    want_board(&p, "after c3-e5^e5%f6", BOARD_CHESS, "Be5 rf6 Kh1 kh8");

    /* Pieces of the Titan's own side cannot push it. */
    set_pos(&p, v, BOARD_CHESS, "Rd1 Rd4 Kh1 kh8", NULL, "w - - 0 1");
    check_moves(&p, "no push of an own Titan", "d1-",
                "d1-a1 d1-b1 d1-c1 d1-e1 d1-f1 d1-g1 d1-d2 d1-d3");
    variant_free(v);
    FINISH();
}

static void titan_push_chain(void **state)
{
    (void)state;
    Variant *v = load_variant("chess-titan-rooks", NULL, NULL, NULL);
    Position p;
    /* Enemy Titan d4, own Titan d5, enemy knight d6: both Titans move on,
     * the knight is crushed. */
    set_pos(&p, v, BOARD_CHESS, "Rd1 rd4 Rd5 nd6 Kh1 kh8", NULL, "w - - 0 1");
    check_moves(&p, "chain of two Titans crushing a knight", "d1-",
                "d1-a1 d1-b1 d1-c1 d1-e1 d1-f1 d1-g1 d1-d2 d1-d3 d1-d4^d4^d5%d6");
    PLAY(&p, "d1-d4^d4^d5%d6");
    want_board(&p, "after d1-d4^d4^d5%d6", BOARD_CHESS, "Rd4 rd5 Rd6 Kh1 kh8");

    /* A normal piece of the pusher's own colour is crushed too. */
    set_pos(&p, v, BOARD_CHESS, "Rd1 rd4 Nd5 Kh1 kh8", NULL, "w - - 0 1");
    check_moves(&p, "push crushing an own knight", "d1-",
                "d1-a1 d1-b1 d1-c1 d1-e1 d1-f1 d1-g1 d1-d2 d1-d3 d1-d4^d4%d5");
    PLAY(&p, "d1-d4^d4%d5");
    want_board(&p, "after d1-d4^d4%d5", BOARD_CHESS, "Rd4 rd5 Kh1 kh8");
    variant_free(v);
    FINISH();
}

static void titan_exile(void **state)
{
    (void)state;
    Variant *v = load_variant("chess-titan-rooks", NULL, NULL, NULL);
    Position p;
    set_pos(&p, v, BOARD_CHESS, "Rd1 rd8 Kh1 kh8", NULL, "w - - 0 1");
    check_moves(&p, "Titan on the edge is exiled", "d1-",
                "d1-a1 d1-b1 d1-c1 d1-e1 d1-f1 d1-g1 d1-d2 d1-d3 d1-d4 d1-d5 "
                "d1-d6 d1-d7 d1-d8:d8");
    PLAY(&p, "d1-d8:d8");
    want_board(&p, "after d1-d8:d8", BOARD_CHESS, "Rd8 Kh1 kh8");

    set_pos(&p, v, BOARD_CHESS, "Rd1 rd7 rd8 Kh1 kh8", NULL, "w - - 0 1");
    check_moves(&p, "chain pushed to the edge: the last one is exiled", "d1-",
                "d1-a1 d1-b1 d1-c1 d1-e1 d1-f1 d1-g1 d1-d2 d1-d3 d1-d4 d1-d5 "
                "d1-d6 d1-d7^d7:d8");
    PLAY(&p, "d1-d7^d7:d8");
    want_board(&p, "after d1-d7^d7:d8", BOARD_CHESS, "Rd7 rd8 Kh1 kh8");
    variant_free(v);

    /* 10x10 board with protruding squares: d11 is missing, e11 exists. */
    v = load_variant("stealth-ninja", NULL, NULL, "rook");
    set_pos(&p, v, BOARD_NINJA, "Ka1 Rd3 Re3 rd10 re10 kj10", "", "w - - 0 1");
    check_moves(&p, "Titan d10 pushed onto the missing d11 is exiled", "d3-",
                "d3-a3 d3-b3 d3-c3 d3-d1 d3-d2 d3-d4 d3-d5 d3-d6 d3-d7 d3-d8 d3-d9 "
                "d3-d10:d10");
    check_moves(&p, "Titan e10 pushed onto e11 stays", "e3-",
                "e3-e0 e3-e1 e3-e2 e3-e4 e3-e5 e3-e6 e3-e7 e3-e8 e3-e9 e3-e10^e10 "
                "e3-f3 e3-g3 e3-h3 e3-i3 e3-j3");
    PLAY(&p, "e3-e10^e10");
    want_board(&p, "after e3-e10^e10", BOARD_NINJA, "Ka1 Rd3 Re10 rd10 re11 kj10");

    set_pos(&p, v, BOARD_NINJA, "Ka1 Rf11 re11 kj8", "", "w - - 0 1");
    check_moves(&p, "Titan e11 pushed sideways onto the missing d11", "f11-",
                "f11-e11:e11 f11-f0 f11-f1 f11-f2 f11-f3 f11-f4 f11-f5 f11-f6 "
                "f11-f7 f11-f8 f11-f9 f11-f10");
    variant_free(v);
    FINISH();
}

static void titan_leaps_cannot_push(void **state)
{
    (void)state;
    Variant *v = load_variant("chess-titan-rooks", NULL, NULL, NULL);
    Position p;
    set_pos(&p, v, BOARD_CHESS, "Nc3 rd5 pb5 Kh1 kh8", NULL, "w - - 0 1");
    check_moves(&p, "a knight cannot land on a Titan", "c3-",
                "c3-a2 c3-a4 c3-b1 c3-b5xb5 c3-d1 c3-e2 c3-e4");
    variant_free(v);

    /* Titan Chess with Titan rooks: the bomber on d4.
     * Up: Titan on d5 is leaped like a friendly piece (quiet d4-d6), never
     * flown over.  Right: Titan on f4 two away with e4 empty is pushed (a
     * slide by replacement).  Left: pawn c4 then Titan b4: nothing.
     * Down: Titan d3 then pawn d2: replacement over the Titan, which stays. */
    v = load_variant("titan-chess", NULL, NULL, "rook");
    set_pos(&p, v, BOARD_TITAN, "Fd4 rd5 rf4 pc4 rb4 rd3 pd2 Kl1 kl12", NULL, "w - - 0 1");
    check_moves(&p, "bomber and Titans", "d4-", "d4-d2xd2 d4-d6 d4-e4 d4-f4^f4");
    variant_free(v);
    FINISH();
}

static void titan_king_safety(void **state)
{
    (void)state;
    Variant *v = load_variant("chess-titan-rooks", NULL, NULL, NULL);
    Position p;
    /* Pushing the Titan from d4 to d5 would put it next to the king on e5,
     * giving check: not allowed. */
    set_pos(&p, v, BOARD_CHESS, "Rd1 rd4 Ke5 kh8", NULL, "w - - 0 1");
    check_moves(&p, "a push may not put the own king in check", "d1-",
                "d1-a1 d1-b1 d1-c1 d1-e1 d1-f1 d1-g1 d1-h1 d1-d2 d1-d3");

    /* The king cannot push a checking Titan that stays on the board. */
    set_pos(&p, v, BOARD_CHESS, "Ke1 re2 kh8", NULL, "w - - 0 1");
    want_check(&p, "adjacent Titan rook checks", true);
    check_moves(&p, "king cannot push a checking Titan", "e1-", "e1-d1 e1-f1");
    /* ... unless the push exiles it. */
    set_pos(&p, v, BOARD_CHESS, "Ke7 re8 ka1", NULL, "w - - 0 1");
    check_moves(&p, "king exiles a checking Titan", "e7-",
                "e7-d6 e7-d7 e7-e8:e8 e7-f6 e7-f7");

    /* A push that crushes the pusher's own king is illegal. */
    set_pos(&p, v, BOARD_CHESS, "Bb2 rd4 Ke5 ka8", NULL, "w - - 0 1");
    check_moves(&p, "push crushing the own king", "b2-", "b2-a1 b2-a3 b2-c1 b2-c3");
    set_pos(&p, v, BOARD_CHESS, "Bb2 rd4 Kg7 ka8", NULL, "w - - 0 1");
    check_moves(&p, "same push with the king elsewhere", "b2-",
                "b2-a1 b2-a3 b2-c1 b2-c3 b2-d4^d4");

    /* Check by crushing: black rook d1 can push the white Titan d4 onto
     * the white king on d5. */
    set_pos(&p, v, BOARD_CHESS, "Kd5 Rd4 rd1 kh8", NULL, "w - - 0 1");
    want_check(&p, "king in check by a possible crush", true);
    variant_free(v);
    FINISH();
}

static void titan_pawns(void **state)
{
    (void)state;
    Variant *v = load_variant("chess", NULL, NULL, NULL);
    Position p;
    set_pos(&p, v, BOARD_CHESS, "Ke1 Pe2 pd4 ke8", NULL, "w - - 0 1");
    PLAY(&p, "e2-e4");
    check_moves(&p, "orthodox en passant (control)", "d4-", "d4-d3 d4-e3xe4");
    variant_free(v);

    v = load_variant("chess", NULL, NULL, "pawn");
    set_pos(&p, v, BOARD_CHESS, "Ke1 Pe2 pd4 ke8", NULL, "w - - 0 1");
    PLAY(&p, "e2-e4");
    check_moves(&p, "no en passant against a Titan pawn", "d4-", "d4-d3");

    /* A Titan pawn pushed onto its last rank does not promote. */
    set_pos(&p, v, BOARD_CHESS, "Kh1 Rd8 pd2 ka6", NULL, "w - - 0 1");
    check_moves(&p, "rook pushes a Titan pawn", "d8-",
                "d8-a8 d8-b8 d8-c8 d8-e8 d8-f8 d8-g8 d8-h8 d8-d7 d8-d6 d8-d5 d8-d4 "
                "d8-d3 d8-d2^d2");
    PLAY(&p, "d8-d2^d2");
    want_board(&p, "Titan pawn pushed to d1 stays a pawn", BOARD_CHESS, "Kh1 Rd2 pd1 ka6");
    check_moves(&p, "Titan pawn on its last rank has no move", "d1-", "");
    variant_free(v);

    /* Royal types cannot be Titans. */
    v = load_variant("chess", NULL, NULL, NULL);
    char err[256] = "";
    if (variant_set_titans(v, "king", err, sizeof err) == 0) {
        g_fail++;
        fprintf(stderr, "ROYAL TITAN: variant_set_titans(chess, \"king\") was accepted\n");
    }
    variant_free(v);
    FINISH();
}

static void titan_bent_push(void **state)
{
    (void)state;
    /* A Gryphon's bent path pushes in the direction of its last step. */
    Variant *v = load_variant("stealth-ninja", NULL, NULL, "rook");
    Position p;
    set_pos(&p, v, BOARD_NINJA, "Sc3 rd8 Ka1 kj10", "", "w - - 0 1");
    check_moves(&p, "gryphon pushes a Titan", "c3-",
                "c3-b6 c3-b7 c3-b8 c3-b9 c3-b10 c3-f4 c3-g4 c3-h4 c3-i4 c3-j4 "
                "c3-d6 c3-d7 c3-d8^d8 c3-f2 c3-g2 c3-h2 c3-i2 c3-j2");
    PLAY(&p, "c3-d8^d8");
    want_board(&p, "after c3-d8^d8", BOARD_NINJA, "Sd8 rd9 Ka1 kj10");
    variant_free(v);

    v = load_variant("titan-chess-titans", NULL, NULL, NULL);
    set_pos(&p, v, BOARD_TITAN, "Rd1 rd4 Wd5 Kl1 kl12", NULL, "w - - 0 1");
    check_moves(&p, "titan-chess-titans: rook and ninja warrior Titans", "d1-",
                "d1-a1 d1-b1 d1-c1 d1-e1 d1-f1 d1-g1 d1-h1 d1-i1 d1-j1 d1-k1 "
                "d1-d2 d1-d3 d1-d4^d4^d5");
    variant_free(v);
    FINISH();
}


static void titan_more_pieces(void **state)
{
    (void)state;
    Position p;
    /* Flying Warmachine (Titan rooks): a slide or step onto a Titan pushes
     * it, a leap cannot end on it. */
    Variant *v = load_variant("flying-warmachines", NULL, NULL, "rook");
    set_pos(&p, v, BOARD_NINJA, "Md5 rc5 pe5 rf5 rd8 Pd4 rd3 Kj1 kj10", "", "w - - 0 1");
    /* left: step push c5, leap to b5, no a5 (one piece between);
     * right: e5 taken, f5 a leap onto a Titan (no), g5 a 3-leap (yes);
     * up: d6, d7, slide push d8; down: d4 own, d3 Titan by leap (no),
     * d2 behind two pieces. */
    check_moves(&p, "Flying Warmachine and Titans", "d5-",
                "d5-b5 d5-c5^c5 d5-d2 d5-d6 d5-d7 d5-d8^d8 d5-e5xe5 d5-g5");
    variant_free(v);

    v = load_variant("titan-chess", NULL, NULL, "rook");
    /* Ninja Warrior: step push d5 (and leap over it to d6); slide push
     * f4; c4 taken, Titan b4 behind it unreachable; own pawn d3 and Titan
     * d2 behind it: nothing. */
    set_pos(&p, v, BOARD_TITAN, "Wd4 rd5 rf4 pc4 rb4 Pd3 rd2 Kl1 kl12", NULL, "w - - 0 1");
    check_moves(&p, "Ninja Warrior and Titans", "d4-",
                "d4-c4xc4 d4-d5^d5 d4-d6 d4-e4 d4-f4^f4");
    /* Leaping Ninja Guard: step push e5, leap over it to f6, no camel leap
     * onto the Titan on e7. */
    set_pos(&p, v, BOARD_TITAN, "Ld4 re5 re7 Kl1 kl12", NULL, "w - - 0 1");
    check_moves(&p, "Leaping Ninja Guard and Titans", "d4-",
                "d4-a3 d4-a5 d4-b2 d4-b6 d4-c1 d4-c3 d4-c5 d4-c7 d4-e1 d4-e3 "
                "d4-e5^e5 d4-f2 d4-f6 d4-g3 d4-g5");
    /* Quad Bomber: a Titan first on the orthogonal part blocks it (no
     * flying over e6). */
    set_pos(&p, v, BOARD_TITAN, "Ud4 re6 pg3 pc3 pf5 pg5 Kl1 kl12", NULL, "w - - 0 1");
    check_moves(&p, "Quad Bomber cannot fly over a Titan", "d4-",
                "d4-a5 d4-b5 d4-c6 d4-c7 d4-c8 d4-c9 d4-c10 d4-c11 d4-c12 "
                "d4-e1 d4-e2 d4-f3 d4-h3xg3");
    variant_free(v);

    /* Check by flying over: a bomber on e9 flies over the king on e5 onto
     * e4; with e4 occupied there is no check. */
    v = load_variant("titan-chess", NULL, NULL, NULL);
    set_pos(&p, v, BOARD_TITAN, "Ke5 fe9 kl12", NULL, "w - - 0 1");
    want_check(&p, "bomber e9 checks e5 by flying over", true);
    set_pos(&p, v, BOARD_TITAN, "Ke5 Pe4 fe9 kl12", NULL, "w - - 0 1");
    want_check(&p, "bomber e9, landing square e4 occupied", false);
    set_pos(&p, v, BOARD_TITAN, "Ke5 Pe4 fe7 kl12", NULL, "w - - 0 1");
    want_check(&p, "bomber e7 takes e5 by replacement", true);
    variant_free(v);
    FINISH();
}

#define T(f) cmocka_unit_test_setup(f, reset_fail)

int main(void)
{
    const struct CMUnitTest tests[] = {
        T(titan_bomber_f4),
        T(titan_raptor_d4),
        T(titan_leaping_guard_d4),
        T(titan_quad_bomber_d4),
        T(titan_quad_raptor_d4),
        T(titan_pawn_runs),
        T(titan_ninja_pawns),
        T(titan_en_passant),
        T(titan_castling_nine),
        T(titan_castling_refused),
        T(stealth_gryphon_h1),
        T(stealth_anti_gryphon_e4),
        T(stealth_ninja_pawn_drops),
        T(stealth_ninja_pawn_moves),
        T(stealth_en_passant),
        T(stealth_rear_drops),
        T(stealth_castling),
        T(stealth_insane_ninja),
        T(stealth_scepter),
        T(stealth_knight_and_promotion),
        T(fw_warmachine_d5),
        T(fw_warelephant_d5),
        T(fw_knights),
        T(fw_promotion),
        T(fw_castling_and_drops),
        T(titan_push_basic),
        T(titan_push_chain),
        T(titan_exile),
        T(titan_leaps_cannot_push),
        T(titan_king_safety),
        T(titan_pawns),
        T(titan_bent_push),
        T(titan_more_pieces),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
