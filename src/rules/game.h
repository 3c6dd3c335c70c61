/* A game: a position plus the history needed for repetition and undo, and
 * the game-end rules (mate, stalemate, repetition, 100 plies, bare kings,
 * scepter, and the variant's own: bare king, extinction, no pieces).  No I/O. */
#ifndef NC_GAME_H
#define NC_GAME_H

#include "position.h"
#include <stddef.h>

typedef enum {
    GS_ONGOING,
    GS_CHECKMATE,
    GS_STALEMATE,
    GS_REPETITION,
    GS_FIFTY,      /* 100 plies without capture, pawn move or drop */
    GS_BARE_KINGS,
    GS_SCEPTER,
    GS_BARE_KING,  /* a game-end rule of the variant (doc/data-files.md 'game-end') */
    GS_EXTINCTION,
    GS_NO_PIECES,
} GameStatus;

typedef struct {
    Position pos;
    int nply, cap;
    Move *moves;
    Undo *undos;
    uint64_t *keys;   /* keys[i] = key before ply i; keys[nply] = current */
    /* What repetition compares, per ply as keys: the key without en-passant
     * targets that no legal move can take on (RULINGS.md: "same possible
     * moves"), and the material, which never grows, so that positions
     * before a capture need not be looked at. */
    uint64_t *rep_keys;
    int *material;
} Game;

/* Pieces on the board and in hand, both sides: no move ever adds to it
 * (drops move a piece from the hand; captures, crushes and exiles remove
 * one), so two positions with different counts can never be the same. */
int game_material(const Position *p);

/* Bare kings, a draw: each side has nothing but royal pieces, on the
 * board and in hand.  The one test the game's end and the search share;
 * inline, since the search asks at every node. */
static inline bool game_bare_kings(const Position *p)
{
    if (p->npieces[0] != p->nroyal[0] || p->npieces[1] != p->nroyal[1])
        return false;
    for (int c = 0; c < 2; c++)
        for (int t = 0; t < p->v->ntypes; t++)
            if (p->hand[c][t])
                return false;
    return true;
}

void game_init(Game *g, const Position *start);
void game_free(Game *g);
void game_push(Game *g, const Move *m);
/* Takes the last ply back; returns false when there is none. */
bool game_pop(Game *g);
GameStatus game_status(Game *g);
/* Winner for decisive results: NC_WHITE, NC_BLACK or -1 for a draw or none. */
int game_winner(Game *g, GameStatus s);
const char *game_status_text(GameStatus s);
/* How a finished game ended, for a result comment: "White mates" (with
 * ", which wins for Black" where the variant makes the mated side the
 * winner), otherwise game_status_text(), with who wins when someone does. */
void game_end_text(Game *g, GameStatus s, char *buf, size_t len);

#endif
