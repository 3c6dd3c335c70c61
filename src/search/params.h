/* Every margin, reduction, extension and time constant of the search, in
 * one table: each has a name, a default and a range, so that a match can
 * run two values against each other (search_set_param) and a tuner can
 * move them.  Distances are in plies, scores in centipawns, ratios in
 * hundredths. */
#ifndef NC_SEARCH_PARAMS_H
#define NC_SEARCH_PARAMS_H

#include <stdbool.h>
#include <stddef.h>

/* X(field, name, default, min, max, meaning) */
#define SEARCH_PARAM_TABLE(X) \
    X(aspiration_depth, "aspiration-depth", 5, 1, 64, "first depth searched with a window around the last score") \
    X(aspiration_window, "aspiration-window", 35, 5, 500, "cp: the window's first half-width") \
    X(aspiration_growth, "aspiration-growth", 4, 2, 16, "the window widens by this factor after a fail") \
    X(aspiration_max, "aspiration-max", 1000, 100, 5000, "cp: a wider window than this is opened fully") \
    X(iir_depth, "iir-depth", 4, 2, 64, "a node without a table move is searched a ply shallower from this depth") \
    X(rfp_depth, "rfp-depth", 3, 0, 64, "reverse futility up to this depth") \
    X(rfp_margin, "rfp-margin", 110, 10, 1000, "cp a ply: reverse futility's margin above beta") \
    X(nmp_depth, "nmp-depth", 3, 1, 64, "null move from this depth") \
    X(nmp_base, "nmp-base", 2, 1, 8, "null move's reduction before the terms below") \
    X(nmp_depth_div, "nmp-depth-div", 4, 1, 16, "a ply more null-move reduction per this many plies of depth") \
    X(nmp_eval_div, "nmp-eval-div", 200, 20, 2000, "cp of static score above beta for a ply more null-move reduction") \
    X(nmp_eval_max, "nmp-eval-max", 1, 0, 8, "at most this many plies for the static score above beta") \
    X(se_depth, "se-depth", 8, 2, 64, "singular extensions from this depth") \
    X(se_tt_depth, "se-tt-depth", 3, 0, 16, "the table's entry at most this much shallower than the node") \
    X(se_margin, "se-margin", 2, 0, 100, "cp a ply: the other moves must stay this far below the table's score") \
    X(fut_depth, "fut-depth", 2, 0, 64, "futility of quiet moves up to this depth") \
    X(fut_base, "fut-base", 120, 0, 1000, "cp: futility's margin at depth 0") \
    X(fut_margin, "fut-margin", 120, 0, 1000, "cp a ply: futility's margin grows by this") \
    X(lmp_depth, "lmp-depth", 3, 0, 64, "late-move pruning up to this depth") \
    X(lmp_base, "lmp-base", 4, 0, 100, "quiet moves kept by late-move pruning at depth 0") \
    X(lmp_factor, "lmp-factor", 2, 0, 100, "times depth squared: more quiet moves kept deeper") \
    X(see_prune_depth, "see-prune-depth", 4, 0, 64, "losing captures may be skipped up to this depth") \
    X(see_prune_margin, "see-prune-margin", 150, 0, 2000, "cp a ply: a capture that loses more is skipped") \
    X(lmr_depth, "lmr-depth", 3, 1, 64, "late-move reductions from this depth") \
    X(lmr_moves, "lmr-moves", 3, 1, 64, "moves searched before late-move reductions begin") \
    X(lmr_divisor, "lmr-divisor", 225, 50, 1000, "hundredths: the reduction is log(depth) log(move) over this") \
    X(lmr_history_div, "lmr-history-div", 8192, 512, 65536, "history per ply of reduction taken off (or added)") \
    X(check_ext_plies, "check-ext-plies", 4, 0, 64, "checks extend up to twice the root depth and this many plies") \
    X(qs_delta, "qs-delta", 200, 0, 2000, "cp: quiescence drops a capture that cannot lift the score this near alpha") \
    X(history_bonus, "history-bonus", 16, 1, 256, "times depth squared: a cut-off's history bonus") \
    X(history_bonus_max, "history-bonus-max", 1600, 16, 16384, "the history bonus's cap") \
    X(time_soft_pct, "time-soft-pct", 55, 10, 100, "hundredths of the time a new iteration may start within") \
    X(time_unstable_pct, "time-unstable-pct", 160, 100, 400, "hundredths: more time while the best move changes") \
    X(time_stable_pct, "time-stable-pct", 70, 10, 100, "hundredths: less time while the best move holds") \
    X(time_stable_iters, "time-stable-iters", 4, 1, 20, "iterations the best move holds to count as stable") \
    X(time_falling_pct, "time-falling-pct", 130, 100, 400, "hundredths: more time while the score falls") \
    X(time_falling_cp, "time-falling-cp", 30, 1, 500, "cp: a fall from the last iteration that counts") \
    X(time_no_limit_ms, "time-no-limit-ms", 5000, 10, 600000, "ms: a level-10 search given no limit (unless until stopped)")

typedef struct {
    const char *name;
    int def, min, max;
    const char *meaning;
} ParamInfo;

typedef struct {
#define SEARCH_PARAM_FIELD(field, name, def, min, max, meaning) int field;
    SEARCH_PARAM_TABLE(SEARCH_PARAM_FIELD)
#undef SEARCH_PARAM_FIELD
} SearchParams;

/* The number of parameters, and the i-th's description (NULL when i is
 * out of range). */
int params_count(void);
const ParamInfo *params_info(int i);
/* Every parameter at its default. */
void params_default(SearchParams *sp);
/* Sets the parameter called name; false when no parameter has that name
 * or value is outside its range. */
bool params_set(SearchParams *sp, const char *name, int value);

/* Sets the parameters of a list "NAME=VALUE,NAME=VALUE..."; false, with
 * why, at the first item that names no parameter or whose value is not a
 * whole number within the range (the items before it are set). */
bool params_set_list(SearchParams *sp, const char *list, char *why, size_t whylen);

#endif
