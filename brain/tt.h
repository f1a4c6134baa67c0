/* The transposition table of the game tree: positions by Zobrist hash (side to move included),
 * with the depth, bound, score and best move of their last search.
 *
 * Shared by the threads of a Lazy SMP search (brain/smp.h) without locks: a slot is two 64-bit
 * words, the packed data and key ^ data, each read and written as a relaxed atomic. A slot torn
 * by two writers (or read while written) no longer decodes to its key and is ignored, so a probe
 * never yields a mix of two entries. Callers still treat the move as a hint (a 64-bit key can
 * collide): the search only uses it to reorder its own legal moves, or checks it (read_pv). */
#ifndef GAMOK_TT_H
#define GAMOK_TT_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { TT_NONE = 0, TT_UPPER = 1, TT_LOWER = 2, TT_EXACT = 3 };

/* One entry as a probe decodes it (a copy: the table may change right after). */
typedef struct TTEntry {
    uint64_t key;
    int32_t score;
    uint16_t move;
    uint8_t depth;
    uint8_t bound_gen; /* bound in the low 2 bits, search generation above */
} TTEntry;

/* One entry as stored: `check` is key ^ data (see above). */
typedef struct TTSlot {
    _Atomic uint64_t check;
    _Atomic uint64_t data;
} TTSlot;

typedef struct TransTable {
    TTSlot *entries;          /* buckets of TT_BUCKET slots */
    size_t mask;              /* bucket count - 1 (a power of two) */
    _Atomic uint8_t gen;      /* bumped by tt_new_search: older entries lose their depth priority */
} TransTable;

#define TT_BUCKET 2

/* The bucket of `key`'s entries. */
static inline TTSlot *tt_bucket(const TransTable *t, uint64_t key)
{
    return &t->entries[(size_t)(key & t->mask) * TT_BUCKET];
}

/* Asks for `key`'s bucket ahead of its probe: a large table's probe misses every cache, and a
 * move's incremental update is long enough to hide the wait. */
static inline void tt_prefetch(const TransTable *t, uint64_t key)
{
#ifdef __GNUC__
    __builtin_prefetch(tt_bucket(t, key));
#else
    (void)t, (void)key;
#endif
}

/* Bytes of the largest table (a power of two of buckets) that fits in `bytes`; 0 when not even
 * one bucket does. */
size_t tt_bytes_for(size_t bytes);
/* Allocates a table of tt_bytes_for(bytes) bytes; false when that is 0 or allocation fails. */
bool tt_init(TransTable *t, size_t bytes);
void tt_free(TransTable *t);
/* Not while another thread uses the table. */
void tt_clear(TransTable *t);
/* By the table's owner only (one thread), at the start of its search. */
void tt_new_search(TransTable *t);

/* Copies the entry for `key` into *out and returns out, or returns NULL when there is none. */
const TTEntry *tt_probe(const TransTable *t, uint64_t key, TTEntry *out);
void tt_store(TransTable *t, uint64_t key, int depth, int bound, int score, int move);

static inline int tt_bound(const TTEntry *e) { return e->bound_gen & 3; }

#endif
