/* The transposition table of the game tree: positions by Zobrist hash (side to move included),
 * with the depth, bound, score and best move of their last search. */
#ifndef GAMOK_TT_H
#define GAMOK_TT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { TT_NONE = 0, TT_UPPER = 1, TT_LOWER = 2, TT_EXACT = 3 };

typedef struct TTEntry {
    uint64_t key;
    int32_t score;
    uint16_t move;
    uint8_t depth;
    uint8_t bound_gen; /* bound in the low 2 bits, search generation above */
} TTEntry;

typedef struct TransTable {
    TTEntry *entries; /* buckets of TT_BUCKET entries */
    size_t mask;      /* bucket count - 1 (a power of two) */
    uint8_t gen;      /* bumped by tt_new_search: older entries lose their depth priority */
} TransTable;

#define TT_BUCKET 2

/* Bytes of the largest table (a power of two of buckets) that fits in `bytes`; 0 when not even
 * one bucket does. */
size_t tt_bytes_for(size_t bytes);
/* Allocates a table of tt_bytes_for(bytes) bytes; false when that is 0 or allocation fails. */
bool tt_init(TransTable *t, size_t bytes);
void tt_free(TransTable *t);
void tt_clear(TransTable *t);
void tt_new_search(TransTable *t);

/* The entry for `key`, or NULL. */
const TTEntry *tt_probe(const TransTable *t, uint64_t key);
void tt_store(TransTable *t, uint64_t key, int depth, int bound, int score, int move);

static inline int tt_bound(const TTEntry *e) { return e->bound_gen & 3; }

#endif
