/* The evaluation's weights (doc/data-files.md, "Evaluation weights"): every
 * number the static evaluation multiplies by or compares with, their names
 * in a weights file, their defaults and their allowed ranges.  A Variant
 * carries one set (Variant.eval_weights); the defaults are what every
 * variant gets without a weights file.  No I/O here: datafile_eval.c reads
 * the files, src/search/eval.c uses the numbers. */
#ifndef NC_EVAL_WEIGHTS_H
#define NC_EVAL_WEIGHTS_H

/* X(name, "name", default, lowest, highest, meaning).  Centipawns unless the
 * meaning says otherwise; "mg" applies in the middlegame, "eg" in the
 * endgame (the two are blended by the material left). */
#define NC_EVAL_WEIGHTS(X)                                                                                   \
    X(mobility, "mobility", 5, -100, 100, "mg and eg: per move a piece has from its square more than its type's average") \
    X(mobility_cap, "mobility-cap", 60, 0, 1000, "the most the mobility term gives or takes for one piece")                  \
    X(centre, "centre", 2, -100, 100, "mg and eg: lost by a piece per step of distance from the board's centre")       \
    X(king_advance, "king-advance", 20, -200, 200, "mg: lost by the king per rank ahead of its home rank")                  \
    X(king_wing, "king-wing", 4, -100, 100, "mg: per file of distance from the centre file, king on its home rank")      \
    X(king_centre, "king-centre", 6, -100, 100, "eg: lost by the king per step of distance from the centre")              \
    X(advance_mg, "advance-mg", 3, -100, 100, "mg: per rank a promoting piece has advanced")                             \
    X(advance_mg_near, "advance-mg-near", 50, -2000, 2000, "mg: times the cube of the share of the way to promotion")        \
    X(advance_eg, "advance-eg", 6, -100, 100, "eg: per rank a promoting piece has advanced")                             \
    X(advance_eg_near, "advance-eg-near", 140, -2000, 2000, "eg: times the cube of the share of the way to promotion")       \
    X(pawn_centre, "pawn-centre", 4, -100, 100, "mg: a promoting piece's bonus before its file's distance from the centre") \
    X(pawn_file, "pawn-file", 2, -100, 100, "mg: lost by a promoting piece per file of distance from the centre")       \
    X(passed, "passed", 15, -1000, 1000, "eg: a promoting piece with no enemy promoting piece ahead on its file or the next") \
    X(passed_near, "passed-near", 160, -2000, 2000, "eg: passed, plus this times the square of the share of the way")    \
    X(passed_phase, "passed-phase", 160, 0, 257, "the passed term counts below this phase (256 = all material, 0 = none)") \
    X(shelter_near, "shelter-near", 20, -200, 200, "mg: per own piece next to the king")                                   \
    X(shelter_near_cap, "shelter-near-cap", 4, 0, 8, "own pieces next to the king counted at most")                            \
    X(shelter_far, "shelter-far", 6, -200, 200, "mg: per own piece two steps from the king")                              \
    X(shelter_far_cap, "shelter-far-cap", 6, 0, 16, "own pieces two steps from the king counted at most")                     \
    X(pressure_near, "pressure-near", 28, -200, 200, "mg: lost per enemy piece next to the king")                           \
    X(pressure_far, "pressure-far", 14, -200, 200, "mg: lost per enemy piece two steps from the king")                     \
    X(side_to_move, "side-to-move", 10, -200, 200, "the side to move's bonus (not blended)")                               \
    X(hand_percent, "hand-percent", 90, 0, 200, "percent: a piece in hand against its value on the board")                 \
    X(hand_blocked_percent, "hand-blocked-percent", 80, 0, 200, "percent: the same while every square it may be dropped on is taken") \
    X(titan_percent, "titan-percent", 25, 0, 200, "percent: added to a Titan's value (it is pushed, never captured)") \
    X(doubled_mg, "doubled-mg", 0, -200, 200, "mg: lost by a promoting piece with another own one ahead on its file")  \
    X(doubled_eg, "doubled-eg", 0, -200, 200, "eg: the same")                                                            \
    X(isolated_mg, "isolated-mg", 0, -200, 200, "mg: lost by a promoting piece with no own one on either next file")   \
    X(isolated_eg, "isolated-eg", 0, -200, 200, "eg: the same")                                                          \
    X(blocked_mg, "blocked-mg", 0, -200, 200, "mg: lost by a promoting piece with an enemy piece right ahead of it")    \
    X(blocked_eg, "blocked-eg", 0, -200, 200, "eg: the same")                                                             \
    X(open_file, "open-file", 0, -200, 200, "mg: a piece sliding along files on a file with no promoting piece")        \
    X(half_open_file, "half-open-file", 0, -200, 200, "mg: the same on a file with enemy promoting pieces only")        \
    X(undeveloped, "undeveloped", 0, -200, 200, "mg: lost by a piece on a square it starts on (not royal, promoting or a castling piece)") \
    X(colour_pair, "colour-pair", 0, -500, 500, "mg and eg: per type bound to one colour of square that a side has on both colours") \
    X(slide_reach, "slide-reach", 0, -100, 100, "mg and eg: per square a piece's plain slides reach now (empty, or an enemy's) that no enemy pawn guards") \
    X(king_reach, "king-reach", 0, -200, 200, "mg: per square next to or under the enemy king that a piece's plain slides reach or plain leaps land on") \
    X(pawn_threat, "pawn-threat", 0, -500, 500, "mg and eg: the side not to move's, per piece of the side to move (not royal, promoting or a Titan) that its pawns guard") \
    X(hanging, "hanging", 0, -500, 500, "mg and eg: the side not to move's, per piece of the side to move (not royal or a Titan) that it attacks and nothing defends")

#define NC_EVAL_WEIGHT_FIELD(field, name, def, lo, hi, meaning) int field;
typedef struct {
    NC_EVAL_WEIGHTS(NC_EVAL_WEIGHT_FIELD)
} EvalWeights;
#undef NC_EVAL_WEIGHT_FIELD

/* One weight's description, in the order of NC_EVAL_WEIGHTS. */
typedef struct {
    const char *name;
    int def, lo, hi;
    const char *meaning;
    int index; /* its int in an EvalWeights seen as an array (eval_weight_ref) */
} EvalWeightInfo;

extern const EvalWeightInfo eval_weight_info[];
extern const int eval_weight_count;

/* The defaults. */
void eval_weights_default(EvalWeights *w);
/* The weight of that index (EvalWeightInfo.index). */
int *eval_weight_ref(EvalWeights *w, int index);
int eval_weight_get(const EvalWeights *w, int index);
/* The index of the weight of that name, or -1. */
int eval_weight_find(const char *name);

#endif
