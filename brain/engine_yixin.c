/* The engine's Yixin-board settings: depth and node limits, the hash size, the thread count,
 * blocked cells, and the live-info observer. */
#include <string.h>

#include "brain/engine.h"

/* The default when the manager asks for 0 (engine_default_options). */
#define DEFAULT_MAX_DEPTH 20

EngineError engine_set_max_depth(Engine *e, int64_t depth)
{
    if (depth < 0)
        return ENGINE_ERR_VALUE;
    if (depth == 0)
        depth = DEFAULT_MAX_DEPTH;
    e->opts.max_depth = (int)(depth < ENGINE_MAX_DEPTH_LIMIT ? depth : ENGINE_MAX_DEPTH_LIMIT);
    return ENGINE_OK;
}

void engine_set_max_nodes(Engine *e, int64_t nodes)
{
    e->max_nodes = nodes > 0 ? (uint64_t)nodes : 0;
}

/* As with max_memory, the tables are freed now and made again, to the new size, on the next
 * think (new tables start empty). */
EngineError engine_set_hash_size(Engine *e, int64_t kb)
{
    if (kb < 0)
        return ENGINE_ERR_VALUE;
    if (kb == e->hash_kb)
        return ENGINE_OK;
    engine_drop_search(e);
    e->hash_kb = kb;
    return ENGINE_OK;
}

EngineError engine_set_threads(Engine *e, int64_t threads)
{
    if (threads < 1)
        return ENGINE_ERR_VALUE;
    int n = (int)(threads < SMP_MAX_THREADS ? threads : SMP_MAX_THREADS);
    if (n != e->threads)
        engine_drop_search(e); /* the helpers are made with the main search */
    e->threads = n;
    return ENGINE_OK;
}

void engine_hash_clear(Engine *e)
{
    if (e->search)
        search_clear(e->search);
}

EngineError engine_block(Engine *e, const int (*xy)[2], int n)
{
    if (!e->started)
        return ENGINE_ERR_NOT_STARTED;
    for (int i = 0; i < n; i++)
        if (!board_on(&e->board, xy[i][0], xy[i][1]))
            return ENGINE_ERR_OFF_BOARD;
    for (int i = 0; i < n; i++) {
        int cell = cell_index(xy[i][0], xy[i][1]);
        e->nblocked += !e->blocked[cell];
        e->blocked[cell] = 1;
    }
    return ENGINE_OK;
}

void engine_block_reset(Engine *e)
{
    memset(e->blocked, 0, sizeof e->blocked);
    e->nblocked = 0;
}

bool engine_is_blocked(const Engine *e, int x, int y)
{
    return x >= 0 && x < BOARD_MAX && y >= 0 && y < BOARD_MAX && e->blocked[cell_index(x, y)];
}

void engine_set_progress(Engine *e, SearchProgressFn fn, void *ctx)
{
    e->progress = fn;
    e->progress_ctx = ctx;
}
