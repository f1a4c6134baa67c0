/* Which positions the threads of a multi-threaded search are in right now, for simplified
 * ABDADA (brain/search_tree.c): a thread about to search the second or a later move of a node puts
 * it off to the end of the node's list when another thread is already searching that child, and
 * searches the next one meanwhile; when it comes back, the other thread's result is usually in
 * the shared transposition table. So two threads split a node's moves instead of both searching
 * them in the same order (Weill 1996, "The ABDADA distributed minimax search algorithm"; the
 * simplified form without the table's counters is Tom Kerrigan's).
 * A lossy hash of position keys, lock-free: a collision only puts off a move needlessly or
 * misses a chance to, never changes a result. */
#ifndef GAMOK_BUSY_H
#define GAMOK_BUSY_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

/* A power of two. Few nodes are in flight at once: a path of at most MAX_PLY per thread. */
#define BUSY_SLOTS 4096

typedef struct BusyTable {
    _Atomic uint64_t key[BUSY_SLOTS]; /* 0: free */
} BusyTable;

static inline _Atomic uint64_t *busy_slot(BusyTable *t, uint64_t key)
{
    return &t->key[key & (BUSY_SLOTS - 1)];
}

/* Whether some thread is searching the position with `key`. */
static inline bool busy_has(BusyTable *t, uint64_t key)
{
    return atomic_load_explicit(busy_slot(t, key), memory_order_relaxed) == key;
}

static inline void busy_enter(BusyTable *t, uint64_t key)
{
    atomic_store_explicit(busy_slot(t, key), key, memory_order_relaxed);
}

/* Frees the slot unless another position took it meanwhile. */
static inline void busy_leave(BusyTable *t, uint64_t key)
{
    uint64_t expected = key;
    atomic_compare_exchange_strong_explicit(busy_slot(t, key), &expected, 0,
                                            memory_order_relaxed, memory_order_relaxed);
}

#endif
