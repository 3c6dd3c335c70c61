/* The evaluation split by weight (eval_terms.h): the same measures as
 * eval.c's tables, each credited to the weight that multiplies it. */
#include "eval_terms.h"
#include "eval.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#define W(field) ((int)(offsetof(EvalWeights, field) / sizeof(int)))
_Static_assert(sizeof(EvalWeights) / sizeof(int) <= EVAL_TERMS_MAX, "every weight has a term");

struct EvalProbe {
    EvalTables et;
    SquareFacts facts[2 * NC_MAX_TYPES + 1][NC_MAX_SQ];
};

EvalProbe *eval_probe_new(const Variant *v)
{
    EvalProbe *ep = calloc(1, sizeof *ep);
    MoveList *ml = malloc(sizeof *ml);
    if (!ep || !ml) {
        free(ep);
        free(ml);
        return NULL;
    }
    eval_init(&ep->et, v);
    /* counted whatever their weights, so that the tuner can fit one from
     * 0; a weight of 0 adds nothing to the score */
    ep->et.pairs_on = ep->et.reach_on = ep->et.threats_on = true;
    for (int t = 0; t < v->ntypes; t++)
        for (int c = 0; c < 2; c++)
            eval_square_facts(v, t, c, ep->facts[nc_code(t, c)], ml);
    free(ml);
    return ep;
}

void eval_probe_free(EvalProbe *ep) { free(ep); }

static void add(EvalTerms *o, int i, double mg, double eg)
{
    o->mg[i] += mg;
    o->eg[i] += eg;
}

/* A piece's square-table terms and material; s is +1 for White, -1 for
 * Black.  A learned table's numbers are no weight's: they go to lmg and
 * leg, which eval_probe_terms blends into the fixed part. */
static void piece_terms(const EvalProbe *ep, int code, int sq, double s, EvalTerms *o, double *lmg, double *leg)
{
    const Variant *v = ep->et.v;
    const EvalWeights *w = &v->eval_weights;
    int t = nc_type(code);
    const PieceType *pt = &v->types[t];
    const SquareFacts *f = &ep->facts[code][sq];
    const uint8_t *learned = v->eval_learned.has_table[t];
    /* the derived table's share of each half: none where a learned one replaces it */
    double km = learned[NC_LEARNED_MG] ? 0 : 1, ke = learned[NC_LEARNED_EG] ? 0 : 1;
    if (!km)
        *lmg += s * ep->et.pst_mg[code][sq];
    if (!ke)
        *leg += s * ep->et.pst_eg[code][sq];
    if (pt->royal) {
        add(o, W(king_advance), -s * f->up * km, 0);
        if (f->up == 0)
            add(o, W(king_wing), s * f->fd * km, 0);
        add(o, W(king_centre), 0, -s * f->cd * ke);
        return;
    }
    double ms = s * ep->et.material_sign; /* material's sign (eval.c) */
    int value = eval_piece_value(v, t);
    o->fixed += ms * value;
    if (pt->titan)
        add(o, W(titan_percent), ms * value / 100.0, ms * value / 100.0);
    if (pt->promotes) {
        double fr3 = f->fr * f->fr * f->fr;
        add(o, W(advance_mg), s * f->adv * km, 0);
        add(o, W(advance_mg_near), s * fr3 * km, 0);
        add(o, W(advance_eg), 0, s * f->adv * ke);
        add(o, W(advance_eg_near), 0, s * fr3 * ke);
        add(o, W(pawn_centre), s * km, 0);
        add(o, W(pawn_file), -s * f->fd * km, 0);
        return;
    }
    int m = w->mobility * f->mob_diff;
    if (m > w->mobility_cap || m < -w->mobility_cap)
        add(o, W(mobility_cap), (m > 0 ? s : -s) * km, (m > 0 ? s : -s) * ke);
    else
        add(o, W(mobility), s * f->mob_diff * km, s * f->mob_diff * ke);
    add(o, W(centre), -s * f->cd * km, -s * f->cd * ke);
    add(o, W(undeveloped), -s * f->home * km, 0);
}

/* Pieces in hand of colour c; returns their phase material. */
static int hand_terms(const Variant *v, const EvalTables *et, const Position *p, int c, EvalTerms *o)
{
    double s = (c == NC_WHITE ? 1 : -1) * et->material_sign;
    int phase_mat = 0;
    for (int t = 0; v->has_drops && t < v->ntypes; t++) {
        if (!p->hand[c][t])
            continue;
        bool can_drop = false;
        for (int k = 0; k < v->ndropsq[t][c] && !can_drop; k++)
            can_drop = p->board[v->dropsq[t][c][k]] == NC_EMPTY;
        int raw = v->types[t].royal ? 0 : eval_piece_value(v, t);
        double share = s * p->hand[c][t] * raw / 100.0;
        add(o, can_drop ? W(hand_percent) : W(hand_blocked_percent), share, share);
        if (et->phase_piece[t])
            phase_mat += p->hand[c][t] * v->types[t].value;
    }
    return phase_mat;
}

static void king_terms(const EvalTables *et, const Position *p, int c, EvalTerms *o)
{
    if (!p->king[c])
        return;
    const EvalWeights *w = &et->v->eval_weights;
    double s = c == NC_WHITE ? 1 : -1;
    int n[4];
    eval_king_counts(et, p, c, n);
    add(o, W(shelter_near), s * (n[0] < w->shelter_near_cap ? n[0] : w->shelter_near_cap), 0);
    add(o, W(shelter_far), s * (n[1] < w->shelter_far_cap ? n[1] : w->shelter_far_cap), 0);
    add(o, W(pressure_near), -s * n[2], 0);
    add(o, W(pressure_far), -s * n[3], 0);
}

/* Pawn structure and open lines, from the same tally as eval_position's. */
static void structure_terms(const EvalTables *et, const Position *p, EvalTerms *o)
{
    SideTally tally[2] = {{0}};
    for (int c = 0; c < 2; c++)
        for (int i = 0; i < p->npieces[c]; i++) {
            int sq = p->plist[c][i];
            eval_note_piece(et, p, c, sq, p->board[sq], &tally[c]);
        }
    StructureCounts n[2];
    eval_structure_counts(tally, n);
    for (int c = 0; c < 2; c++) {
        double s = c == NC_WHITE ? 1 : -1;
        add(o, W(doubled_mg), -s * n[c].doubled, 0);
        add(o, W(doubled_eg), 0, -s * n[c].doubled);
        add(o, W(isolated_mg), -s * n[c].isolated, 0);
        add(o, W(isolated_eg), 0, -s * n[c].isolated);
        add(o, W(blocked_mg), -s * n[c].blocked, 0);
        add(o, W(blocked_eg), 0, -s * n[c].blocked);
        add(o, W(open_file), s * n[c].open, 0);
        add(o, W(half_open_file), s * n[c].half_open, 0);
    }
}

/* The colour-bound pairs, reach and threats of both sides. */
static void live_terms(const EvalTables *et, const Position *p, EvalTerms *o)
{
    LiveCounts n[2];
    eval_live_counts(et, p, n);
    for (int c = 0; c < 2; c++) {
        double s = c == NC_WHITE ? 1 : -1;
        add(o, W(colour_pair), s * n[c].pairs, s * n[c].pairs);
        add(o, W(slide_reach), s * n[c].reach.reach, s * n[c].reach.reach);
        add(o, W(king_reach), s * n[c].reach.zone, 0);
        add(o, W(pawn_threat), s * n[c].pawn_threat, s * n[c].pawn_threat);
        add(o, W(hanging), s * n[c].hanging, s * n[c].hanging);
    }
}

void eval_probe_terms(const EvalProbe *ep, const Position *p, EvalTerms *o)
{
    const EvalTables *et = &ep->et;
    const Variant *v = et->v;
    memset(o, 0, sizeof *o);
    int phase_mat = 0;
    double lmg = 0, leg = 0; /* the learned tables' part, White's view */
    for (int c = 0; c < 2; c++) {
        for (int i = 0; i < p->npieces[c]; i++) {
            int sq = p->plist[c][i], code = p->board[sq];
            piece_terms(ep, code, sq, c == NC_WHITE ? 1 : -1, o, &lmg, &leg);
            if (et->phase_piece[nc_type(code)])
                phase_mat += v->types[nc_type(code)].value;
        }
        phase_mat += hand_terms(v, et, p, c, o);
        king_terms(et, p, c, o);
    }
    live_terms(et, p, o);
    structure_terms(et, p, o);
    int phase = et->phase_total > 0 ? phase_mat * 256 / et->phase_total : 0;
    o->phase = phase > 256 ? 256 : phase;
    o->fixed += (lmg * o->phase + leg * (256 - o->phase)) / 256;
    if (o->phase < v->eval_weights.passed_phase)
        for (int c = 0; c < 2; c++)
            for (int i = 0; i < p->npieces[c]; i++) {
                int sq = p->plist[c][i], code = p->board[sq];
                if (!et->promoter[code] || !eval_is_passed(et, p, sq))
                    continue;
                double s = c == NC_WHITE ? 1 : -1, fr = ep->facts[code][sq].fr;
                add(o, W(passed), 0, s);
                add(o, W(passed_near), 0, s * fr * fr);
            }
    double stm = p->side == NC_WHITE ? 1 : -1;
    add(o, W(side_to_move), stm, stm);
    o->score = (int)stm * eval_position(et, p);
}

int eval_probe_value(const EvalProbe *ep, int t)
{
    return eval_piece_value(ep->et.v, t);
}

int eval_probe_square(const EvalProbe *ep, int t, int half, int sq)
{
    int code = nc_code(t, NC_WHITE);
    return half == NC_LEARNED_MG ? ep->et.pst_mg[code][sq] : ep->et.pst_eg[code][sq];
}
