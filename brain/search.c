/* The Search object: its memory, the observer, and the helpers the tree, the root and the
 * full-width tree share (scoring moves, the call's limits). The searches themselves live in
 * search_tree.c, search_root.c, search_root_threats.c and search_fullwidth.c; this file decides
 * no move and searches no position. */
#include "brain/search_internal.h"

#include <stdlib.h>
#include <string.h>

#include "brain/rules.h"

#define BATCH_PARENTS 128
/* >= MOVES_MAX: one node's children always fit in one batch. One full batch is the longest
 * stretch without a stop check in the paper's mode: ~6 ms on one CPU core. */
#define BATCH_KIDS 4096
#define TT_MIN_BYTES SEARCH_TT_MIN_BYTES

static size_t lists_bytes(void)
{
    return (size_t)MAX_PLY * MOVES_MAX * (2 * sizeof(uint16_t) + sizeof(int32_t));
}

static size_t fixed_bytes(void)
{
    return sizeof(Search) + sizeof(VcfMemo) + sizeof(IncState) + lists_bytes()
         + leafbatch_bytes(BATCH_PARENTS, BATCH_KIDS);
}

size_t search_fixed_bytes(void) { return fixed_bytes(); }

/* Everything but a transposition table; `tt` is left NULL. */
static Search *search_alloc(Evaluator *ev)
{
    Search *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    tree_init();
    s->ev = ev;
    s->moves = malloc((size_t)MAX_PLY * MOVES_MAX * sizeof *s->moves);
    s->keys = malloc((size_t)MAX_PLY * MOVES_MAX * sizeof *s->keys);
    s->put_off = malloc((size_t)MAX_PLY * MOVES_MAX * sizeof *s->put_off);
    s->vcf_memo = malloc(sizeof *s->vcf_memo);
    s->inc = malloc(sizeof *s->inc);
    if (!s->moves || !s->keys || !s->put_off || !s->vcf_memo || !s->inc
        || !leafbatch_init(&s->batch, BATCH_PARENTS, BATCH_KIDS)) {
        search_destroy(s);
        return NULL;
    }
    return s;
}

Search *search_create(Evaluator *ev, size_t memory_bytes)
{
    if (memory_bytes < fixed_bytes() + TT_MIN_BYTES)
        return NULL;
    Search *s = search_alloc(ev);
    if (s && !tt_init(&s->own_tt, memory_bytes - fixed_bytes())) {
        search_destroy(s);
        return NULL;
    }
    if (s)
        s->tt = &s->own_tt;
    return s;
}

Search *search_create_shared(Evaluator *ev, Search *owner, int worker)
{
    Search *s = search_alloc(ev);
    if (s) {
        s->tt = owner->tt;
        s->worker = worker;
    }
    return s;
}

void search_set_busy(Search *s, BusyTable *busy) { s->busy = busy; }

void search_destroy(Search *s)
{
    if (!s)
        return;
    tt_free(&s->own_tt); /* nothing when shared */
    leafbatch_free(&s->batch);
    free(s->moves);
    free(s->keys);
    free(s->put_off);
    free(s->vcf_memo);
    free(s->inc);
    free(s);
}

void search_set_evaluator(Search *s, Evaluator *ev) { s->ev = ev; }

void search_clear(Search *s)
{
    if (s->tt == &s->own_tt) /* a shared table is its owner's to clear */
        tt_clear(s->tt);
}

void search_set_observer(Search *s, const SearchObserver *obs)
{
    if (obs)
        s->obs = *obs;
    else
        memset(&s->obs, 0, sizeof s->obs);
}

/* ---- the call ------------------------------------------------------------------------------ */

void search_begin_call(Search *s, const SearchLimits *lim, const atomic_int *stop)
{
    s->stop = stop;
    s->stop_too = NULL;
    s->deadline = lim->deadline_ms;
    s->start = lim->start_ms;
    s->target = lim->target_ms;
    s->lost = lim->lost;
    s->max_nodes = lim->max_nodes;
    s->pruning = !lim->no_pruning;
    s->nodes = 0;
    s->evals = 0;
    s->aborted = false;
    s->observing = false; /* the tree searches turn it on */
    memset(s->killers, 0xff, sizeof s->killers); /* CELL_NONE */
    memset(s->history, 0, sizeof s->history);
    memset(s->null_ply, 0, sizeof s->null_ply);
}

/* ---- the observer -------------------------------------------------------------------------- */

bool search_excludes(const Search *s, int cell)
{
    return s->obs.excluded && cell != CELL_NONE && s->obs.excluded[cell];
}

void search_notify(Search *s, SearchEventKind kind, int move, int score, int depth)
{
    if (!s->observing || !s->obs.progress)
        return;
    SearchEvent ev = {.kind = kind, .move = move, .score = score, .depth = depth,
                      .nodes = s->nodes};
    s->obs.progress(s->obs.ctx, &ev);
}

/* The best line: the root move, then the transposition table's moves while they are legal. */
static int read_pv(Search *s, Board *b, int move, uint16_t *pv)
{
    int n = 0;
    while (n < SEARCH_PV_MAX && move != CELL_NONE && move < BOARD_CELLS
           && board_on(b, cell_x(move), cell_y(move)) && b->cell[move] == EMPTY
           && rule_is_legal(b, move)) {
        pv[n++] = (uint16_t)move;
        board_play(b, move);
        TTEntry hit;
        const TTEntry *e = tt_probe(s->tt, b->hash, &hit);
        move = e ? e->move : CELL_NONE;
    }
    for (int i = 0; i < n; i++)
        board_undo(b);
    return n;
}

int search_pv(Search *s, Board *b, uint16_t *pv, int max)
{
    TTEntry hit;
    const TTEntry *root = tt_probe(s->tt, b->hash, &hit);
    uint16_t line[SEARCH_PV_MAX];
    int n = read_pv(s, b, root ? root->move : CELL_NONE, line);
    n = n < max ? n : max;
    memcpy(pv, line, (size_t)(n > 0 ? n : 0) * sizeof *pv);
    return n > 0 ? n : 0;
}

void search_notify_iteration(Search *s, Board *b, const SearchResult *r)
{
    if (!s->observing || !s->obs.progress || r->move == CELL_NONE)
        return;
    SearchEvent ev = {.kind = SEARCH_EVENT_ITERATION, .move = r->move, .score = r->score,
                      .depth = r->depth, .nodes = s->nodes};
    ev.pv_len = read_pv(s, b, r->move, ev.pv);
    s->obs.progress(s->obs.ctx, &ev);
}

/* ---- scoring ------------------------------------------------------------------------------- */

/* Values of moves[0..n) for the side to move at `ply` (-score of each child): from the
 * incremental state following the board when the evaluator offered one (the same scores),
 * else one evaluator batch. */
void search_score_moves(Search *s, const Board *b, const uint16_t *moves, int n, int ply,
                        int32_t *vals)
{
    IncState *inc = scoring_state(s, b);
    if (inc) {
        for (int i = 0; i < n; i++)
            vals[i] = decided_from(-inc_score_child(inc, b->to_move, moves[i]), ply);
        s->evals += (uint64_t)n;
        return;
    }
    LeafBatch *lb = &s->batch;
    leafbatch_reset(lb);
    size_t p = leafbatch_add_parent(lb, b, 0);
    for (int i = 0; i < n; i++)
        leafbatch_add_kid(lb, p, moves[i]);
    s->evals += leafbatch_score(lb, s->ev);
    for (int i = 0; i < n; i++)
        vals[i] = decided_from(-lb->scores[i], ply);
}
