/* Static exchange evaluation: the material balance of the capture sequence
 * a move starts, without searching.  Private to the search (like eval.h). */
#ifndef NC_SEE_H
#define NC_SEE_H

#include "../position.h"
#include "eval.h"

/* Material a move removes at once, from the mover's view: enemy pieces
 * removed minus own pieces removed (a Titan chain may crush a friendly
 * piece), plus the promotion gain.  A royal piece counts SEE_ROYAL. */
#define SEE_ROYAL 20000
int see_gain(const EvalTables *et, const Position *p, const Move *m);

/* The exchange balance of pseudo-legal move m for the side to move: its
 * gain, minus what the opponent wins by recapturing the mover with its
 * least valuable piece, and so on, each side free to stop.  p is changed
 * during the call and restored. */
int see_move(const EvalTables *et, Position *p, const Move *m);

#endif
