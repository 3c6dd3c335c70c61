/* The endgame solver: the known orthodox results (longest mates of KQ, KR,
 * KBB and KBN against a bare king; KB and KN cannot mate), the per-piece
 * move tables against the move generator on every shipped variant, best
 * moves that mate in exactly the distance the table gives, materials that
 * are refused, and the cache files (used when valid, rebuilt when not). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "datafile/datafile.h"
#include "endgame/eg_movetab.h"
#include "endgame/eg_solve.h"
#include "endgame/eg_store.h"
#include "rules/rules.h"
#include "search/search.h"
#include "test_light.h"
#include "test_variant.h"
#include "notation/notation.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static EgMaterial material(const Variant *v, const char *text)
{
    EgMaterial m;
    char err[200];
    if (eg_material_parse(v, text, NC_WHITE, &m, err, sizeof err))
        fail_msg("%s", err);
    return m;
}

/* A store caching nowhere: every table is built. */
static const EgTable *table(EgStore *s, const Variant *v, const char *text)
{
    EgMaterial m = material(v, text);
    char err[300];
    const EgTable *t = eg_store_get(s, v, &m, true, true, err, sizeof err);
    if (!t)
        fail_msg("%s", err);
    return t;
}

static int longest(const EgTable *t)
{
    EgStats st;
    eg_stats(t, &st);
    return st.longest;
}

/* From the position mating in the longest time, both sides play the
 * table's best moves: mate comes after exactly that many moves. */
static void play_out(const EgTable *t)
{
    EgStats st;
    eg_stats(t, &st);
    Position p;
    eg_position(t, st.longest_index, true, &p);
    Game g;
    game_init(&g, &p);
    int moves = 0;
    for (int ply = 0; ply < 2 * st.longest - 1; ply++) {
        Move m;
        assert_true(eg_best_move(t, &g.pos, &m));
        if (g.pos.side == t->mat.attacker)
            moves++;
        game_push(&g, &m);
    }
    MoveList ml;
    gen_legal(&g.pos, &ml);
    assert_int_equal(ml.n, 0);
    assert_true(in_check(&g.pos));
    assert_int_equal(moves, st.longest);
    game_free(&g);
}

/* Each value agrees with the values after every legal move, as the
 * move generator gives them (not the per-piece tables): a win in n has a
 * move to a loss in n - 1 and none shorter; a loss in n has every move
 * going to wins of at most n, one of exactly n; a draw has no move to a
 * loss (attacker) or every move to a draw or a capture (defender).
 * Returns the number of positions checked. */
static int check_sample(const EgTable *t, int samples, uint64_t seed)
{
    int checked = 0;
    uint64_t rng = seed;
    for (int k = 0; k < samples; k++) {
        rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
        size_t i = (size_t)((rng >> 17) % t->npos);
        bool att = (rng >> 13) & 1;
        int b = att ? t->wtm[i] : t->btm[i];
        if (b == EG_ILLEGAL)
            continue;
        Position p;
        eg_position(t, i, att, &p);
        MoveList ml;
        gen_legal(&p, &ml);
        int best = -1, worst = -1, draws = 0, wins = 0;
        for (int j = 0; j < ml.n; j++) {
            Undo u;
            make_move(&p, &ml.m[j], &u);
            int moves, r;
            if (p.npieces[t->mat.attacker] < 1 + t->mat.npieces) {
                /* a capture: the smaller table's business; a capture of the last piece draws */
                r = p.npieces[t->mat.attacker] == 1 ? EG_RES_DRAW : -2;
                moves = 0;
            } else {
                r = eg_outcome(t, &p, &moves);
            }
            unmake_move(&p, &ml.m[j], &u);
            assert_true(r != -1);
            if (r == -2)
                continue;
            if (r == EG_RES_DRAW)
                draws++;
            else {
                wins++;
                if (best < 0 || moves < best)
                    best = moves;
                if (moves > worst)
                    worst = moves;
            }
        }
        if (att && b != EG_DRAW)
            assert_int_equal(best, b - 1);
        else if (att)
            assert_int_equal(wins, 0);
        else if (b != EG_DRAW && t->mat.npieces == 1) {
            assert_int_equal(draws, 0);
            if (ml.n)
                assert_int_equal(worst, b - 1);
            else
                assert_int_equal(b, 1);
        } else if (t->mat.npieces == 1) {
            /* a drawn defender keeps the draw: a move to a draw, or stalemate */
            assert_true(draws > 0 || (ml.n == 0 && !in_check(&p)));
        }
        checked++;
    }
    return checked;
}

static void test_chess_one_piece(void **state)
{
    (void)state;
    Variant *v = test_variant("chess");
    EgStore *s = eg_store_new("", false);
    assert_int_equal(longest(table(s, v, "KQ")), 10);
    assert_int_equal(longest(table(s, v, "KR")), 16);
    assert_int_equal(longest(table(s, v, "KB")), 0);
    assert_int_equal(longest(table(s, v, "KN")), 0);
    play_out(table(s, v, "KR"));
    assert_true(check_sample(table(s, v, "KR"), 3000, 1) > 2000);
    assert_true(check_sample(table(s, v, "KB"), 1000, 2) > 500);
    EgStats st;
    eg_stats(table(s, v, "KQ"), &st);
    /* 64*63*62 placements less the kings side by side or the defender in
     * check for the attacker to move... the counts only need to add up */
    assert_int_equal(st.wins[0] + st.draws[0], st.legal[0]);
    assert_true(st.mates > 0);
    eg_store_free(s);
    variant_free(v);
}

static void test_chess_bishops(void **state)
{
    (void)state;
    Variant *v = test_variant("chess");
    EgStore *s = eg_store_new("", false);
    assert_int_equal(longest(table(s, v, "KBB")), 19);
    eg_store_free(s);
    variant_free(v);
}

static void test_chess_bishop_knight(void **state)
{
    (void)state;
#ifdef NC_SANITIZED
    skip(); /* minutes under the sanitizers; the plain build checks it */
#endif
    Variant *v = test_variant("chess");
    EgStore *s = eg_store_new("", false);
    const EgTable *t = table(s, v, "KBN");
    assert_int_equal(longest(t), 33);
    play_out(t);
    assert_true(check_sample(t, 3000, 3) > 2000);
    eg_store_free(s);
    variant_free(v);
}


static uint64_t rng_state = 12345;
static int rnd(int n)
{
    rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (int)((rng_state >> 33) % (uint64_t)n);
}

/* What the move generator says piece i of b may do: quiet moves to `to`
 * (the board exactly as b) and whether it removes piece `target`. */
static void board_pos(const Variant *v, const EgBoard *b, const uint16_t *sq_of, int side, Position *p)
{
    pos_clear(p, v);
    for (int i = 0; i < b->n; i++)
        pos_put(p, sq_of[b->sq[i]], b->code[i]);
    p->side = side;
}

static bool gen_has(const Position *p, int from, int to, int removed)
{
    static MoveList ml;
    gen_pseudo((Position *)p, &ml);
    for (int i = 0; i < ml.n; i++) {
        const Move *m = &ml.m[i];
        if (m->from != from || m->kind != MK_NORMAL)
            continue;
        if (removed < 0 && m->to == to && !m->cap[0] && p->board[to] == NC_EMPTY)
            return true;
        if (removed >= 0 && (m->to == removed || m->cap[0] == removed || m->cap[1] == removed))
            return true;
    }
    return false;
}

/* The per-piece tables against the move generator, on random boards of
 * four pieces with the tested piece among up to three others: 3000
 * boards a piece and colour.  The lighter run builds each piece's table
 * for one colour only, White's and Black's in turn, and checks it on 300
 * boards. */
static void cross_check(const char *variant, const char *letters)
{
    Variant *v = test_variant(variant);
    EgTable geo;
    EgMaterial none = {.npieces = 0};
    eg_table_init(&geo, v, &none); /* the square numbering */
    for (const char *l = letters; *l; l++) {
        int type = nc_type_of_letter(v, *l);
        assert_true(type >= 0);
        for (int colour = 0; colour < 2; colour++) {
            if (test_light() && colour != (l - letters) % 2)
                continue;
            EgMoveTab mt;
            assert_int_equal(egm_build(&mt, v, geo.sq_of, geo.n, type, colour, NULL), 0);
            int checked = 0, trials = test_size(3000, 300);
            for (int trial = 0; trial < trials; trial++) {
                EgBoard b = {.n = 2 + rnd(3)};
                for (int i = 0; i < b.n; i++) {
                    bool clash;
                    do {
                        b.sq[i] = rnd(geo.n);
                        clash = false;
                        for (int j = 0; j < i; j++)
                            clash |= b.sq[j] == b.sq[i];
                    } while (clash);
                    b.code[i] = nc_code(i == 0 ? type : rnd(v->ntypes), rnd(2));
                    while (i && v->types[nc_type(b.code[i])].titan)
                        b.code[i] = nc_code(rnd(v->ntypes), rnd(2));
                }
                b.code[0] = nc_code(type, colour);
                Position p;
                board_pos(v, &b, geo.sq_of, colour, &p);
                for (int to = 0; to < geo.n; to++) {
                    bool empty = true;
                    for (int i = 0; i < b.n; i++)
                        empty &= b.sq[i] != to;
                    if (empty)
                        assert_int_equal(egm_can_move(&mt, &b, 0, to), gen_has(&p, geo.sq_of[b.sq[0]], geo.sq_of[to], -1));
                }
                for (int k = 1; k < b.n; k++)
                    if (nc_colour(b.code[k]) != colour) {
                        assert_int_equal(egm_removes(&mt, &b, 0, k, 0),
                                         gen_has(&p, geo.sq_of[b.sq[0]], 0, geo.sq_of[b.sq[k]]));
                        checked++;
                    }
            }
            assert_true(checked > trials / 3);
            egm_free(&mt);
        }
    }
    variant_free(v);
}

static void test_move_tables(void **state)
{
    (void)state;
    cross_check("chess", "KQN");
    cross_check("titan-chess", "FUWL");
    cross_check("stealth-ninja", "SG");
    cross_check("flying-warmachines", "MEHZ");
}

/* Counts the build's questions and says stop at the given one. */
typedef struct {
    int asked, stop_at;
} StopCounter;

static bool stop_counter(void *ctx)
{
    StopCounter *c = ctx;
    return ++c->asked < c->stop_at;
}

/* A move-table build asks once per square of the piece, in both of its
 * passes, and ends with nothing allocated when told to stop (the
 * sanitizer run catches a leak).  The queen of Titan Chess, of chess in
 * the lighter run (a fifth of the work, the same code). */
static void test_move_tables_stop(void **state)
{
    (void)state;
    Variant *v = test_variant(test_light() ? "chess" : "titan-chess");
    EgTable geo;
    EgMaterial none = {.npieces = 0};
    eg_table_init(&geo, v, &none);
    int queen = nc_type_of_letter(v, 'Q');
    StopCounter all = {0, 1 << 30};
    EgmGoOn go = {stop_counter, &all};
    EgMoveTab mt;
    assert_int_equal(egm_build(&mt, v, geo.sq_of, geo.n, queen, 0, &go), 0);
    assert_int_equal(all.asked, 2 * geo.n);
    egm_free(&mt);
    int stops[] = {1, geo.n, geo.n + 1, 2 * geo.n};
    for (size_t i = 0; i < sizeof stops / sizeof stops[0]; i++) {
        StopCounter c = {0, stops[i]};
        go.ctx = &c;
        assert_int_equal(egm_build(&mt, v, geo.sq_of, geo.n, queen, 0, &go), EGM_STOPPED);
        assert_int_equal(c.asked, stops[i]);
        assert_null(mt.mv_base);
        assert_null(mt.at_r1);
    }
    variant_free(v);
}

/* The verdicts of some pieces of the big boards, each checked against
 * the move generator on a sample of positions. */
static void test_big_board_verdicts(void **state)
{
    (void)state;
    Variant *v = test_variant("flying-warmachines");
    EgStore *s = eg_store_new("", false);
    const EgTable *t = table(s, v, "KR");
    EgStats st;
    eg_stats(t, &st);
    assert_true(eg_forces_mate(&st));
    assert_int_equal(st.longest, 22);
    assert_true(check_sample(t, 3000, 4) > 2000);
    t = table(s, v, "KZ"); /* the Wazir-Knight: no forced mate */
    eg_stats(t, &st);
    assert_false(eg_forces_mate(&st));
    assert_true(check_sample(t, 3000, 5) > 2000);
    eg_store_free(s);
    variant_free(v);
}

/* The Ninja Warrior and king on Titan Chess's 12x12 board: the rule
 * text lists them among the materials that mate a lone king, but they
 * win only a few positions, each with the lone king on one of the
 * board's three outer rings (doc/endgame.md; the drill and a lesson show it). */
static void test_ninja_warrior_titan_chess(void **state)
{
    (void)state;
    Variant *v = test_variant("titan-chess");
    EgStore *s = eg_store_new("", false);
    const EgTable *t = table(s, v, "KW");
    EgStats st;
    eg_stats(t, &st);
    assert_int_equal(st.legal[0], 2643984);
    assert_int_equal(st.wins[0], 17440);
    assert_int_equal(st.longest, 22);
    assert_false(eg_forces_mate(&st));
    uint64_t won = 0, by_edge[3] = {0};
    for (size_t i = 0; i < t->npos; i++) {
        if (t->wtm[i] == EG_DRAW || t->wtm[i] == EG_ILLEGAL)
            continue;
        int ak, dk, pc[EG_MAX_PIECES];
        eg_decode(t, i, &ak, &dk, pc);
        int sq = t->sq_of[dk], f = v->file_of[sq], r = v->rank_of[sq];
        int edge = f < r ? f : r;
        edge = edge < v->width - 1 - f ? edge : v->width - 1 - f;
        edge = edge < v->height - 1 - r ? edge : v->height - 1 - r;
        if (edge > 2)
            fail_msg("won with the lone king on %c%d, %d squares from the edge", 'a' + f, r + v->rank_base, edge);
        by_edge[edge]++;
        won++;
    }
    printf("won with the lone king on the edge: %llu, one square in: %llu, two in: %llu\n",
           (unsigned long long)by_edge[0], (unsigned long long)by_edge[1], (unsigned long long)by_edge[2]);
    assert_int_equal(won, 17440);
    assert_true(check_sample(t, 3000, 6) > 2000);
    eg_store_free(s);
    variant_free(v);
}

static void test_refused_materials(void **state)
{
    (void)state;
    Variant *v = test_variant("chess"), *tv = test_variant("chess-titan-rooks");
    EgMaterial m;
    char err[200];
    assert_int_equal(eg_material_parse(v, "KP", NC_WHITE, &m, err, sizeof err), -1);
    assert_non_null(strstr(err, "promotes"));
    assert_int_equal(eg_material_parse(v, "QR", NC_WHITE, &m, err, sizeof err), -1);
    assert_non_null(strstr(err, "must start with the king"));
    assert_int_equal(eg_material_parse(v, "KX", NC_WHITE, &m, err, sizeof err), -1);
    assert_non_null(strstr(err, "no piece with the letter X"));
    assert_int_equal(eg_material_parse(v, "KRRR", NC_WHITE, &m, err, sizeof err), -1);
    assert_int_equal(eg_material_parse(v, "KK", NC_WHITE, &m, err, sizeof err), -1);
    assert_int_equal(eg_material_parse(tv, "KR", NC_WHITE, &m, err, sizeof err), -1);
    assert_non_null(strstr(err, "Titan"));
    /* letters in any case and order name one table */
    assert_int_equal(eg_material_parse(v, "knb", NC_WHITE, &m, err, sizeof err), 0);
    assert_string_equal(m.name, "KBN");
    variant_free(v);
    variant_free(tv);
}

static void write_byte(const char *path, long off, int byte)
{
    FILE *f = fopen(path, "r+b");
    assert_non_null(f);
    fseek(f, off, SEEK_SET);
    fputc(byte, f);
    fclose(f);
}

/* A cache file is used when it is valid, and rebuilt when it is not. */
static void test_cache(void **state)
{
    (void)state;
    char dir[] = "/tmp/nc_egtest_XXXXXX";
    assert_non_null(mkdtemp(dir));
    Variant *v = test_variant("chess");
    EgMaterial m = material(v, "KR");
    char err[300], path[1200];
    EgStore *s = eg_store_new(dir, false);
    const EgTable *t = eg_store_get(s, v, &m, true, true, err, sizeof err);
    assert_non_null(t);
    assert_int_equal(t->mem_kind, 1); /* built */
    assert_int_equal(eg_store_path(s, v, &m, path, sizeof path), 0);
    eg_store_free(s);

    s = eg_store_new(dir, false);
    t = eg_store_get(s, v, &m, false, false, err, sizeof err);
    assert_non_null(t);
    assert_int_equal(t->mem_kind, 2); /* mapped from the file */
    assert_int_equal(longest(t), 16);
    eg_store_free(s);

    /* a changed byte of the data: the checksum fails, the table is not used */
    write_byte(path, 128 + 1000, 77);
    s = eg_store_new(dir, false);
    assert_null(eg_store_get(s, v, &m, false, false, err, sizeof err));
    assert_non_null(strstr(err, "checksum"));
    t = eg_store_get(s, v, &m, true, true, err, sizeof err);
    assert_non_null(t);
    assert_int_equal(t->mem_kind, 1);
    eg_store_free(s);
    /* ... and the rebuilt file is good again; a header of another version is not */
    s = eg_store_new(dir, false);
    assert_non_null(eg_store_get(s, v, &m, false, false, err, sizeof err));
    eg_store_free(s);
    write_byte(path, 8, 99);
    s = eg_store_new(dir, false);
    assert_null(eg_store_get(s, v, &m, false, false, err, sizeof err));
    assert_non_null(strstr(err, "version"));
    eg_store_free(s);
    /* a short file */
    assert_int_equal(truncate(path, 1000), 0);
    s = eg_store_new(dir, false);
    assert_null(eg_store_get(s, v, &m, false, false, err, sizeof err));
    assert_non_null(strstr(err, "size"));
    eg_store_free(s);
    /* a table of another material under this name */
    EgMaterial q = material(v, "KQ");
    char qpath[1200];
    s = eg_store_new(dir, false);
    assert_non_null(eg_store_get(s, v, &q, true, true, err, sizeof err));
    assert_int_equal(eg_store_path(s, v, &q, qpath, sizeof qpath), 0);
    eg_store_free(s);
    assert_int_equal(rename(qpath, path), 0);
    s = eg_store_new(dir, false);
    assert_null(eg_store_get(s, v, &m, false, false, err, sizeof err));
    assert_non_null(strstr(err, "another variant or material"));
    eg_store_free(s);
    unlink(path);
    rmdir(dir);
    variant_free(v);
}

/* The search plays the table's move at the root, scored as the mate; it
 * builds a missing table only when the move may take that long. */
static void test_search_uses_table(void **state)
{
    (void)state;
    char dir[] = "/tmp/nc_egsearch_XXXXXX";
    assert_non_null(mkdtemp(dir));
    setenv("XDG_CACHE_HOME", dir, 1);
    Variant *v = test_variant("chess");
    Position p;
    char err[200];
    assert_int_equal(pos_from_fen(&p, v, "8/8/8/8/8/2k5/1R6/K7 w - - 0 1", err, sizeof err), 0);
    Game g;
    game_init(&g, &p);
    Search *s = search_new(1);
    SearchLimits lim = {.depth = 1, .level = 1}; /* depth 1, the weakest level: only the table mates in 16 */
    SearchInfo in;
    search_run(s, &g, &lim, &in);
    assert_true(in.has_best);
    assert_int_equal(in.score, SEARCH_MATE - 31);
    search_free(s);
    /* on a short clock a missing table is not built (it would cost the
     * move's time): the search plays by itself, and no file is written */
    assert_int_equal(pos_from_fen(&p, v, "8/8/8/8/8/4k3/8/KQ6 w - - 0 1", err, sizeof err), 0);
    Game g2;
    game_init(&g2, &p);
    s = search_new(1);
    SearchLimits quick = {.seconds = 0.2, .level = 10};
    search_run(s, &g2, &quick, &in);
    assert_true(in.has_best);
    search_free(s);
    game_free(&g2);
    char queen_table[300];
    snprintf(queen_table, sizeof queen_table, "%s/ninjachess/chess-KQ-w.egtb", dir);
    assert_int_equal(access(queen_table, F_OK), -1);
    game_free(&g);
    variant_free(v);
    char path[300];
    snprintf(path, sizeof path, "%s/ninjachess/chess-KR-w.egtb", dir);
    assert_int_equal(unlink(path), 0);
    snprintf(path, sizeof path, "%s/ninjachess", dir);
    rmdir(path);
    rmdir(dir);
}

/* Every position of real tables agrees with its moves (every fifth of
 * each side to move, every fiftieth in the lighter run); a byte changed
 * to claim a mate that is not there does not. */
static void test_tables_agree_with_moves(void **state)
{
    (void)state;
    Variant *v = test_variant("chess");
    EgStore *s = eg_store_new("", false);
    const char *materials[] = {"KR", "KQ"};
    size_t step = (size_t)test_size(5, 50);
    for (int k = 0; k < 2; k++) {
        const EgTable *t = table(s, v, materials[k]);
        int checked = 0;
        for (size_t i = 0; i < t->npos; i += step) {
            for (int side = 0; side < 2; side++) {
                if ((side ? t->btm : t->wtm)[i] == EG_ILLEGAL)
                    continue;
                Position p;
                eg_position(t, i, side == 0, &p);
                if (!eg_agrees_at(t, &p)) {
                    char fen[200];
                    pos_to_fen(&p, fen, sizeof fen);
                    fail_msg("%s disagrees with the moves at %s", materials[k], fen);
                }
                checked++;
            }
        }
        assert_true(checked > test_size(10000, 1000));
    }
    /* KQ: a win in 5 doctored into a win in 1 */
    const EgTable *t = table(s, v, "KQ");
    size_t at = 0;
    while (t->wtm[at] != 5)
        at++;
    Position p;
    eg_position(t, at, true, &p);
    uint8_t *w = (uint8_t *)t->wtm; /* built in memory: the test may write it */
    w[at] = 1;
    assert_false(eg_agrees_at(t, &p));
    w[at] = EG_DRAW;
    assert_false(eg_agrees_at(t, &p));
    w[at] = 5;
    assert_true(eg_agrees_at(t, &p));
    eg_store_free(s);
    variant_free(v);
}

/* The cache file's checksum as eg_store.c computes it (doc/endgame.md):
 * whoever edits a table can recompute it, as this test does. */
static uint64_t cache_checksum(const uint8_t *d, size_t len)
{
    uint64_t h = 0x9E3779B97F4A7C15ULL;
    size_t i = 0;
    for (; i + 8 <= len; i += 8) {
        uint64_t x;
        memcpy(&x, d + i, 8);
        h = (h ^ x) * 0x100000001b3ULL;
        h ^= h >> 29;
    }
    for (; i < len; i++)
        h = (h ^ d[i]) * 0x100000001b3ULL;
    return h;
}

/* A cached table doctored (checksum recomputed) to claim mate in 1 where
 * the mate is in 5: the search does not believe it, says so, plays the
 * true mate, and the cache holds a right table again. */
static void test_doctored_table_caught(void **state)
{
    (void)state;
    char dir[] = "/tmp/nc_egdoctor_XXXXXX";
    assert_non_null(mkdtemp(dir));
    setenv("XDG_CACHE_HOME", dir, 1);
    char cache[300], path[400];
    snprintf(cache, sizeof cache, "%s/ninjachess", dir);
    snprintf(path, sizeof path, "%s/chess-KQ-w.egtb", cache);
    Variant *v = test_variant("chess");
    EgStore *st = eg_store_new(cache, false);
    const EgTable *t = table(st, v, "KQ");
    size_t at = 0;
    while (t->wtm[at] != 5)
        at++;
    Position p;
    eg_position(t, at, true, &p);
    eg_store_free(st);

    FILE *f = fopen(path, "r+b");
    assert_non_null(f);
    fseek(f, 0, SEEK_END);
    long len = ftell(f);
    uint8_t *d = malloc((size_t)len);
    assert_non_null(d);
    fseek(f, 0, SEEK_SET);
    assert_int_equal(fread(d, 1, (size_t)len, f), (size_t)len);
    d[128 + at] = 1;
    uint64_t sum = cache_checksum(d + 128, (size_t)len - 128);
    memcpy(d + 32, &sum, 8);
    fseek(f, 0, SEEK_SET);
    assert_int_equal(fwrite(d, 1, (size_t)len, f), (size_t)len);
    fclose(f);

    Game g;
    game_init(&g, &p);
    Search *s = search_new(1);
    SearchInfo in;
    search_run(s, &g, &(SearchLimits){.depth = 1, .level = 1}, &in);
    assert_true(in.has_best);
    assert_int_equal(in.score, SEARCH_MATE - 9);
    assert_non_null(strstr(in.note, "the cached endgame table KQ of chess contradicts the rules here: built again"));
    search_free(s);
    /* the file was written again, right */
    st = eg_store_new(cache, false);
    EgMaterial m = material(v, "KQ");
    char err[300];
    t = eg_store_get(st, v, &m, false, false, err, sizeof err);
    assert_non_null(t);
    assert_int_equal(t->wtm[at], 5);
    eg_store_free(st);
    free(d);
    game_free(&g);
    variant_free(v);
    unlink(path);
    rmdir(cache);
    rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_refused_materials),
        cmocka_unit_test(test_cache),
        cmocka_unit_test(test_search_uses_table),
        cmocka_unit_test(test_tables_agree_with_moves),
        cmocka_unit_test(test_doctored_table_caught),
        cmocka_unit_test(test_move_tables),
        cmocka_unit_test(test_move_tables_stop),
        cmocka_unit_test(test_big_board_verdicts),
        cmocka_unit_test(test_ninja_warrior_titan_chess),
        cmocka_unit_test(test_chess_one_piece),
        cmocka_unit_test(test_chess_bishops),
        cmocka_unit_test(test_chess_bishop_knight),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
