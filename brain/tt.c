#include "brain/tt.h"

#include <stdlib.h>
#include <string.h>

#define BUCKET_BYTES (TT_BUCKET * sizeof(TTEntry))

size_t tt_bytes_for(size_t bytes)
{
    if (bytes < BUCKET_BYTES)
        return 0;
    size_t buckets = 1;
    while (buckets <= bytes / BUCKET_BYTES / 2)
        buckets *= 2;
    return buckets * BUCKET_BYTES;
}

bool tt_init(TransTable *t, size_t bytes)
{
    size_t size = tt_bytes_for(bytes);
    memset(t, 0, sizeof *t);
    if (size == 0)
        return false;
    t->entries = calloc(size / sizeof(TTEntry), sizeof(TTEntry));
    if (!t->entries)
        return false;
    t->mask = size / BUCKET_BYTES - 1;
    return true;
}

void tt_free(TransTable *t)
{
    free(t->entries);
    memset(t, 0, sizeof *t);
}

void tt_clear(TransTable *t)
{
    if (t->entries)
        memset(t->entries, 0, (t->mask + 1) * BUCKET_BYTES);
    t->gen = 0;
}

void tt_new_search(TransTable *t)
{
    t->gen = (uint8_t)((t->gen + 1) & 63);
}

static TTEntry *bucket_of(const TransTable *t, uint64_t key)
{
    return &t->entries[(size_t)(key & t->mask) * TT_BUCKET];
}

const TTEntry *tt_probe(const TransTable *t, uint64_t key)
{
    const TTEntry *b = bucket_of(t, key);
    for (int i = 0; i < TT_BUCKET; i++)
        if (b[i].key == key && tt_bound(&b[i]) != TT_NONE)
            return &b[i];
    return NULL;
}

/* Slot 0 keeps the deepest entry of the current search, slot 1 always takes the newest: deep
 * results survive while shallow ones still get cached. */
void tt_store(TransTable *t, uint64_t key, int depth, int bound, int score, int move)
{
    TTEntry *b = bucket_of(t, key);
    int gen = b[0].bound_gen >> 2;
    TTEntry *e = &b[1];
    if (b[0].key == key || depth >= b[0].depth || gen != t->gen || tt_bound(&b[0]) == TT_NONE)
        e = &b[0];
    else if (b[1].key == key && depth < b[1].depth && (b[1].bound_gen >> 2) == t->gen)
        return; /* a deeper result for the same position is already there */
    if (e->key == key && depth < e->depth && (e->bound_gen >> 2) == t->gen)
        return;
    e->key = key;
    e->score = score;
    e->move = (uint16_t)move;
    e->depth = (uint8_t)(depth > 255 ? 255 : depth);
    e->bound_gen = (uint8_t)((t->gen << 2) | bound);
}
