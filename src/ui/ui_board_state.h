/* The board's part of the Ui state, as the player works it: the cursor,
 * the piece or hand piece selected, the legal moves of the position and
 * the marks they and the last move leave on the squares, and the hovered
 * move in words.  Selecting (ui_game.c) and the board's actions
 * (ui_moves.c: cursor steps, typed moves, the move choice) are declared
 * here too; the game screen, the tutorial, its lessons and the drill use
 * them. */
#ifndef NC_UI_BOARD_STATE_H
#define NC_UI_BOARD_STATE_H

#include "rules/rules.h"

#include <stdbool.h>
#include <stdint.h>

/* What a highlighted square means for the selected piece (or hand piece). */
enum {
    HL_NONE,
    HL_QUIET,    /* a move to an empty square (also a drop square) */
    HL_CAPTURE,  /* the piece there is taken by replacement */
    HL_REMOVED,  /* a piece removed by flying or jumping over it, or crushed */
    HL_PUSH,     /* an enemy Titan there is pushed */
    HL_PROMO,    /* the move promotes */
    HL_CASTLE,   /* the king castles to this square */
    HL_FLYOVER,  /* the piece lands here after taking pieces on the way */
    HL_COUNT
};

/* What the move that led to the shown position did to a square. */
enum {
    LM_NONE,
    LM_MOVE,    /* a piece left or reached it (origin, destination, castling rook) */
    LM_GONE,    /* a piece was removed from it: flown or jumped over, crushed, exiled */
    LM_PUSHED,  /* a pushed Titan now stands on it */
};

typedef struct {
    int cursor;           /* square under the cursor */
    int sel;              /* selected square, 0 none */
    int drop_type;        /* hand piece selected to drop, -1 none */
    MoveList legal;       /* legal moves of the current position */
    uint8_t hl[NC_MAX_SQ];     /* HL_* for the selection */
    uint8_t removes[NC_MAX_SQ];/* squares the hovered move removes */
    char hover[200];      /* what the hovered move does, in words */
    uint8_t lastmark[NC_MAX_SQ]; /* LM_* of the move that led to the shown position */
} UiBoard;

/* Defined in ui_internal.h, which includes this header. */
typedef struct Ui Ui;

/* ui_game.c */
void ui_select(Ui *u, int sq);   /* select a piece (0 clears) */
void ui_select_drop(Ui *u, int type);
/* Legal moves of the selection landing on sq; returns the count. */
int ui_candidates(const Ui *u, int sq, Move *out, int max);
void ui_hover(Ui *u);            /* fills hover/removes for the cursor square */
/* LM_* marks of move m made from position before, into marks[NC_MAX_SQ]. */
void ui_move_marks(const Position *before, const Move *m, uint8_t *marks);

/* ui_moves.c */
void ui_cursor_step(Ui *u, int dx, int dy);
/* Where one cursor step (dx, dy) from sq lands: the nearest existing
 * square that way, also on irregular boards. */
int ui_cursor_target(const Variant *v, int sq, int dx, int dy);
/* A typed move: the candidates it names (1, or several to choose from in
 * a menu: short forms, a king step that is also a castling), or 0 with
 * msg saying what is wrong, naming the squares typed. */
int ui_typed_move(Ui *u, const char *typed, Move *c, int max, char *msg, int len);
/* Why the piece on from (or the hand piece drop_type) cannot go to to. */
void ui_explain_refusal(const Ui *u, int from, int drop_type, int to, char *msg, int len);
/* Why the hand piece type cannot be dropped anywhere now. */
void ui_explain_no_drop(const Ui *u, int type, char *msg, int len);
/* The "Which move?" menu's labels of the candidates (at most 16, with
 * " (king step)" where a king's step is also a castling); returns how
 * many. */
int ui_candidate_labels(const Ui *u, const Move *c, int n, char (*labels)[200]);
/* Plays m and says so ("Played Nf3"). */
void ui_play_candidate(Ui *u, const Move *m);

#endif
