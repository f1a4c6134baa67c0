#include "brain/tt.h"

#include <stdlib.h>
#include <string.h>

#define BUCKET_BYTES (TT_BUCKET * sizeof(TTSlot))

_Static_assert(sizeof(TTSlot) == 2 * sizeof(uint64_t), "a slot is two words");

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
    t->entries = NULL;
    t->mask = 0;
    atomic_init(&t->gen, 0);
    if (size == 0)
        return false;
    /* All-zero words are a valid empty slot (bound TT_NONE) on every target we build for. */
    t->entries = calloc(size / sizeof(TTSlot), sizeof(TTSlot));
    if (!t->entries)
        return false;
    t->mask = size / BUCKET_BYTES - 1;
    return true;
}

void tt_free(TransTable *t)
{
    free(t->entries);
    t->entries = NULL;
    t->mask = 0;
}

void tt_clear(TransTable *t)
{
    if (t->entries)
        memset(t->entries, 0, (t->mask + 1) * BUCKET_BYTES);
    atomic_store_explicit(&t->gen, 0, memory_order_relaxed);
}

void tt_new_search(TransTable *t)
{
    uint8_t gen = atomic_load_explicit(&t->gen, memory_order_relaxed);
    atomic_store_explicit(&t->gen, (uint8_t)((gen + 1) & 63), memory_order_relaxed);
}

/* data: score (32 bits) | move (16) | depth (8) | bound_gen (8). */
static uint64_t pack(const TTEntry *e)
{
    return (uint64_t)(uint32_t)e->score | (uint64_t)e->move << 32 | (uint64_t)e->depth << 48
         | (uint64_t)e->bound_gen << 56;
}

static TTEntry unpack(uint64_t key, uint64_t data)
{
    return (TTEntry){key, (int32_t)(uint32_t)data, (uint16_t)(data >> 32), (uint8_t)(data >> 48),
                     (uint8_t)(data >> 56)};
}

/* The slot's entry; key 0 and bound TT_NONE when it is empty or torn. */
static TTEntry load(const TTSlot *s)
{
    uint64_t check = atomic_load_explicit(&s->check, memory_order_relaxed);
    uint64_t data = atomic_load_explicit(&s->data, memory_order_relaxed);
    TTEntry e = unpack(check ^ data, data);
    return e;
}

static void save(TTSlot *s, const TTEntry *e)
{
    uint64_t data = pack(e);
    atomic_store_explicit(&s->data, data, memory_order_relaxed);
    atomic_store_explicit(&s->check, e->key ^ data, memory_order_relaxed);
}

const TTEntry *tt_probe(const TransTable *t, uint64_t key, TTEntry *out)
{
    const TTSlot *b = tt_bucket(t, key);
    for (int i = 0; i < TT_BUCKET; i++) {
        TTEntry e = load(&b[i]);
        if (e.key == key && tt_bound(&e) != TT_NONE) {
            *out = e;
            return out;
        }
    }
    return NULL;
}

static int gen_of(const TTEntry *e) { return e->bound_gen >> 2; }

/* Slot 0 keeps the deepest entry of the current search, slot 1 always takes the newest: deep
 * results survive while shallow ones still get cached. */
void tt_store(TransTable *t, uint64_t key, int depth, int bound, int score, int move)
{
    TTSlot *b = tt_bucket(t, key);
    int gen = atomic_load_explicit(&t->gen, memory_order_relaxed);
    TTEntry e0 = load(&b[0]), e1 = load(&b[1]);
    TTSlot *slot = &b[1];
    const TTEntry *old = &e1;
    if (e0.key == key || depth >= e0.depth || gen_of(&e0) != gen || tt_bound(&e0) == TT_NONE) {
        slot = &b[0];
        old = &e0;
    } else if (e1.key == key && depth < e1.depth && gen_of(&e1) == gen) {
        return; /* a deeper result for the same position is already there */
    }
    if (old->key == key && depth < old->depth && gen_of(old) == gen)
        return;
    TTEntry e = {key, score, (uint16_t)move, (uint8_t)(depth > 255 ? 255 : depth),
                 (uint8_t)((gen << 2) | bound)};
    save(slot, &e);
}
