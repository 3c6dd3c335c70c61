/* The transposition table: one entry per slot, found by the position's
 * key; what a search learnt of a position (its best move, a score and
 * whether that is exact or a bound, the depth it was searched to).  Mate
 * scores are kept relative to the position, so that one found at another
 * ply of another search still counts its distance right. */
#ifndef NC_SEARCH_TT_H
#define NC_SEARCH_TT_H

#include "defs.h"

#include <stddef.h>
#include <stdint.h>

enum { TT_EXACT = 1, TT_LOWER = 2, TT_UPPER = 3 };

typedef struct {
    uint64_t key;
    Move move;
    int16_t score;
    int8_t depth;
    uint8_t flag; /* TT_*; 0 for an empty slot */
    uint8_t age;  /* of the search that stored it */
} TTEntry;

typedef struct {
    TTEntry *entries;
    size_t mask; /* slots less one: a power of two */
    uint8_t age;
} TransTable;

/* Allocates the largest power-of-two table within hash_mb megabytes (at
 * least 1); false when out of memory. */
bool tt_init(TransTable *tt, size_t hash_mb);
void tt_free(TransTable *tt);
/* Forgets every entry. */
void tt_clear(TransTable *tt);
/* A new search begins: entries of older ones give way first. */
static inline void tt_new_search(TransTable *tt)
{
    tt->age++;
}

static inline int score_to_tt(int score, int ply)
{
    if (score > MATE_BOUND)
        return score + ply;
    if (score < -MATE_BOUND)
        return score - ply;
    return score;
}

static inline int score_from_tt(int score, int ply)
{
    if (score > MATE_BOUND)
        return score - ply;
    if (score < -MATE_BOUND)
        return score + ply;
    return score;
}

/* The entry of the key, or NULL.  Its score is as stored: score_from_tt()
 * makes it relative to the ply. */
static inline TTEntry *tt_probe(const TransTable *tt, uint64_t key)
{
    TTEntry *e = &tt->entries[key & tt->mask];
    return e->key == key && e->flag ? e : NULL;
}

/* Stores a search's result for the key at ply.  An entry of this search for
 * the same position searched deeper keeps its bound; a store without a move
 * keeps the entry's move. */
static inline void tt_store(TransTable *tt, uint64_t key, int depth, int score, int flag, const Move *m, int ply)
{
    TTEntry *e = &tt->entries[key & tt->mask];
    if (e->key == key && e->age == tt->age && depth < e->depth - 1 && flag != TT_EXACT)
        return;
    if (e->key != key || m)
        e->move = m ? *m : (Move){0};
    e->key = key;
    e->score = (int16_t)score_to_tt(score, ply);
    e->depth = (int8_t)(depth < 0 ? 0 : depth > 127 ? 127 : depth);
    e->flag = (uint8_t)flag;
    e->age = tt->age;
}

#endif
