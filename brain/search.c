#include "brain/search.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "brain/clock.h"
#include "brain/leafbatch.h"
#include "brain/moves.h"
#include "brain/rules.h"
#include "brain/threats.h"
#include "brain/timeman.h"
#include "brain/tt.h"
#include "brain/vcf.h"
#include "brain/vct.h"
#include "kernels/incremental.h"

#define MAX_PLY SEARCH_MAX_PLY
#define TREE_RADIUS 2       /* candidate cells of the alpha-beta tree */
/* Moves searched at an interior node and at the root, best one-ply values first. */
#ifndef TREE_WIDTH
#define TREE_WIDTH 10
#endif
#ifndef ROOT_WIDTH
#define ROOT_WIDTH 20
#endif
/* The paper's full-width tree: every empty cell touching a stone. Radius 1 keeps level 3 inside
 * a turn's budget on the CPU (radius 2 is ~100 cells a node in a middle game). */
#define FULL_WIDTH_RADIUS 1
#define BATCH_PARENTS 128
/* >= MOVES_MAX: one node's children always fit in one batch. One full batch is the longest
 * stretch without a stop check in the paper's mode: ~6 ms on one CPU core. */
#define BATCH_KIDS 4096
#define TT_MIN_BYTES SEARCH_TT_MIN_BYTES

/* Killer moves kept per ply: a move that refuted one node often refutes its siblings (the
 * same attack or the same block, a few cells from the move that led there). */
#define KILLERS 2
/* History: each refutation adds depth^2 to its cell's count for the side that played it; the
 * count / 4, at most HISTORY_MAX (a sixth of an open three), is added to the one-ply value in
 * ordering. Small, since it also decides which moves forward pruning keeps (nodes to depth 8
 * on tests/positions/tree_bench.txt with killers: 2.89 M -> 2.79 M; a cap of 256: 2.73 M). */
#define HISTORY_SHIFT 2
#define HISTORY_MAX 64
#define HISTORY_FULL (HISTORY_MAX << HISTORY_SHIFT) /* counts stop there */

#define INF (SCORE_WIN + 1)
/* Decided scores (the search's own wins and losses and the evaluator's special conditions)
 * lie beyond this; everything static is below (evaluator.h). Their distance to the end of the
 * game counts from the root: SCORE_WIN - p means "the side to move at ply p wins now". */
#define PROVEN SCORE_WIN_MIN
#define DECIDED_MARK INT32_MIN

struct Search {
    Evaluator *ev;
    TransTable *tt;    /* own_tt, or another Search's (search_create_shared) */
    TransTable own_tt;
    int worker;        /* 0: the main search; helpers of a Lazy SMP search perturb by it */
    BusyTable *busy;   /* shared by the threads of a multi-threaded search, else NULL */
    LeafBatch batch;
    VcfMemo *vcf_memo;
    IncState *inc;   /* follows the searched board when the evaluator has pattern tables */
    bool inc_scores; /* and children are scored from it (the evaluator offers that) */
    uint16_t killers[MAX_PLY][KILLERS]; /* per ply: the last moves that refuted a sibling */
    int32_t history[2][BOARD_CELLS];    /* per colour - 1 and cell: refutations, by depth */
    bool null_ply[MAX_PLY];             /* the node at this ply follows a null move */
    bool pruning; /* null move, futility and late-move reductions (SearchLimits.no_pruning) */
    uint16_t *moves; /* MAX_PLY lists of MOVES_MAX: the moves of the node at each ply */
    int32_t *keys;   /* the same shape: ordering keys / values of those moves */
    uint16_t *put_off; /* the same shape: moves put off because another thread is in them
                        * (heap, not a local array: compilers cannot see that only the
                        * entries written are read, and warn) */
    /* The current call. */
    SearchObserver obs; /* kept between calls; used by search_best_move/prepare/iterate */
    bool observing;     /* obs applies to the current call */
    const atomic_int *stop;
    const atomic_int *stop_too; /* search_iterate's second flag (another thread's) */
    int64_t deadline;
    int64_t start, target; /* SearchLimits' start_ms and target_ms */
    const atomic_uchar *lost; /* SearchLimits' */
    uint64_t max_nodes;
    uint64_t nodes, evals;
    bool aborted;
};

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

/* ---- shared helpers ------------------------------------------------------------------------ */

static uint16_t *ply_moves(Search *s, int ply) { return s->moves + (size_t)ply * MOVES_MAX; }
static int32_t *ply_keys(Search *s, int ply) { return s->keys + (size_t)ply * MOVES_MAX; }
static uint16_t *ply_put_off(Search *s, int ply) { return s->put_off + (size_t)ply * MOVES_MAX; }

static void begin_call(Search *s, const SearchLimits *lim, const atomic_int *stop)
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

static bool excluded(const Search *s, int cell)
{
    return s->observing && s->obs.excluded && cell != CELL_NONE && s->obs.excluded[cell];
}

bool search_excludes(const Search *s, int cell)
{
    return s->obs.excluded && cell != CELL_NONE && s->obs.excluded[cell];
}

static void notify(Search *s, SearchEventKind kind, int move, int score, int depth)
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

static void notify_iteration(Search *s, Board *b, const SearchResult *r)
{
    if (!s->observing || !s->obs.progress || r->move == CELL_NONE)
        return;
    SearchEvent ev = {.kind = SEARCH_EVENT_ITERATION, .move = r->move, .score = r->score,
                      .depth = r->depth, .nodes = s->nodes};
    ev.pv_len = read_pv(s, b, r->move, ev.pv);
    s->obs.progress(s->obs.ctx, &ev);
}

static bool stop_requested(const Search *s)
{
    return (s->stop && atomic_load_explicit(s->stop, memory_order_relaxed))
        || (s->stop_too && atomic_load_explicit(s->stop_too, memory_order_relaxed));
}

/* Polled at every node: a node costs far more than one vDSO clock read. */
static bool out_of_time(Search *s)
{
    if (stop_requested(s))
        return true;
    if (s->max_nodes && s->nodes >= s->max_nodes)
        return true;
    return s->deadline > 0 && clock_ms() >= s->deadline;
}

/* A decided score seen `ply` plies below the root, made relative to the root (the evaluator
 * counts plies from the scored position, the search from the root). */
static int decided_from(int v, int ply)
{
    return v >= PROVEN ? v - ply : v <= -PROVEN ? v + ply : v;
}

static int decided_to(int v, int ply)
{
    return v >= PROVEN ? v + ply : v <= -PROVEN ? v - ply : v;
}

/* The incremental state children are scored from, or NULL: score through the evaluator. */
static IncState *scoring_state(const Search *s, const Board *b)
{
    return s->inc_scores ? board_incremental(b) : NULL;
}

/* Values of moves[0..n) for the side to move at `ply` (-score of each child): from the
 * incremental state following the board when the evaluator offered one (the same scores),
 * else one evaluator batch. */
static void score_moves(Search *s, const Board *b, const uint16_t *moves, int n, int ply,
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

static int best_index(const int32_t *vals, int n)
{
    int best = 0;
    for (int i = 1; i < n; i++)
        if (vals[i] > vals[best])
            best = i;
    return best;
}

/* ---- the alpha-beta tree ------------------------------------------------------------------- */

static bool is_proven(int score) { return score >= PROVEN || score <= -PROVEN; }

/* Decided scores are stored relative to the node so that a transposition at another ply reads
 * the right distance to the end. */
static int score_to_tt(int v, int ply) { return decided_to(v, ply); }
static int score_from_tt(int v, int ply) { return decided_from(v, ply); }

/* The moves worth searching at a node, or 0 with *decided set when the node's value is known:
 * a win now; a loss to two fives (or to one we may not block); no move at all (draw). When
 * the opponent threatens one five, blocking it is the only move. */
static int node_moves(const Board *b, int ply, uint16_t *moves, int *decided)
{
    uint16_t cell[2];
    if (moves_winning_cells(b, b->to_move, cell, 1) > 0) {
        *decided = SCORE_WIN - ply;
        return 0;
    }
    int threats = moves_winning_cells(b, opponent_of(b->to_move), cell, 2);
    if (threats > 0) {
        *decided = -(SCORE_WIN - ply - 1);
        if (threats > 1 || !rule_is_legal(b, cell[0]))
            return 0;
        moves[0] = cell[0];
        return 1;
    }
    int n = moves_candidates(b, TREE_RADIUS, moves);
    *decided = 0;
    return n;
}

/* Candidates a node keeps before any child is scored (moves_narrow: the cells worth most to
 * both sides by their pattern values, the table's move, the killers and the moves that may make
 * a four). A middle-game node has about 85 candidates and scoring each child cost more than the
 * rest of the node; interior nodes go on to search TREE_WIDTH of them. All candidates against
 * 20: see README "Strength". */
#ifndef NARROW_KEEP
#define NARROW_KEEP 20
#endif

static int narrow(Search *s, const Board *b, uint16_t *moves, int n, int ply, int tt_move)
{
    uint16_t must[1 + KILLERS] = {(uint16_t)tt_move};
    memcpy(&must[1], s->killers[ply], sizeof s->killers[ply]);
    return moves_narrow(b, moves, n, NARROW_KEEP, must, 1 + KILLERS, ply_keys(s, ply));
}

/* Moves a frontier node tries first: the table's move, then the ply's killers (in the
 * candidate order otherwise: the same order whichever evaluator scores). */
static void frontier_order(const Search *s, uint16_t *moves, int n, int ply, int tt_move)
{
    int front = 0;
    for (int k = -1; k < KILLERS; k++) {
        int want = k < 0 ? tt_move : s->killers[ply][k];
        for (int i = front; i < n && want != CELL_NONE; i++) {
            if (moves[i] == want) {
                uint16_t m = moves[i];
                memmove(&moves[front + 1], &moves[front], (size_t)(i - front) * sizeof *moves);
                moves[front++] = m;
                break;
            }
        }
    }
}

/* A frontier node: its children's one-ply values instead of recursing. With the incremental
 * state they are worked out one by one, and the first at or above beta ends the node (a lower
 * bound); through an evaluator they come in one batch, read in the same order to the same
 * answer. */
static int frontier(Search *s, Board *b, uint16_t *moves, int n, int ply, int beta, int tt_move)
{
    frontier_order(s, moves, n, ply, tt_move);
    IncState *inc = scoring_state(s, b);
    int32_t *vals = ply_keys(s, ply);
    if (!inc)
        score_moves(s, b, moves, n, ply, vals);
    int best = -INF, best_move = moves[0];
    for (int i = 0; i < n; i++) {
        int v = inc ? decided_from(-inc_score_child(inc, b->to_move, moves[i]), ply) : vals[i];
        if (v > best) {
            best = v;
            best_move = moves[i];
        }
        if (best >= beta) {
            s->evals += inc ? (uint64_t)(i + 1) : 0;
            tt_store(s->tt, b->hash, 1, TT_LOWER, score_to_tt(best, ply), best_move);
            return best;
        }
    }
    s->evals += inc ? (uint64_t)n : 0;
    tt_store(s->tt, b->hash, 1, TT_EXACT, score_to_tt(best, ply), best_move);
    return best;
}

/* Orders an interior node's moves: the transposition-table move first, then the ply's killers
 * (unless they lose at once), then the one-ply static value of each child (one batch) plus a
 * small history bonus.
 * Returns the best static value. */
static int order_moves(Search *s, Board *b, uint16_t *moves, int n, int ply, int tt_move)
{
    int32_t *keys = ply_keys(s, ply);
    score_moves(s, b, moves, n, ply, keys);
    int best = keys[best_index(keys, n)];
    const uint16_t *killer = s->killers[ply];
    for (int i = 0; i < n; i++) {
        if (moves[i] == tt_move)
            keys[i] = INT32_MAX;
        else if (keys[i] > -PROVEN) {
            int h = s->history[b->to_move - 1][moves[i]] >> HISTORY_SHIFT;
            keys[i] += h < HISTORY_MAX ? h : HISTORY_MAX;
            for (int k = 0; k < KILLERS; k++)
                if (moves[i] == killer[k])
                    keys[i] = INT32_MAX - 1 - k;
        }
    }
    moves_sort(moves, keys, n);
    return best;
}

/* Drops the ordered moves whose one-ply value is already lost (the opponent's open three
 * ignored, ...) unless all are: searching one only returns the value its child's evaluation
 * decided, at the cost of a node (11% of the bench's nodes). Returns the new count. */
static int drop_static_lost(const int32_t *keys, int n)
{
    int alive = 0;
    while (alive < n && keys[alive] > -PROVEN)
        alive++;
    return alive > 0 ? alive : n;
}

/* A node where the opponent threatens (an open three, a 4-3, ...) and at most this many moves
 * do not lose at once (the defences and our own fours) is a forced defence, which costs no
 * depth, like the block of a four: the tree then reads threat sequences built with threes to
 * their end instead of losing them past its horizon. Against AIWine at 300 ms: 4 scores 51%
 * over 256 games where the tree without it scored 36%; 5 or 8 cost more than they find
 * (README "Strength"). */
#ifndef FORCED_DEFENCE_MAX
#define FORCED_DEFENCE_MAX 4
#endif

/* The depth to search a node's moves to: one more when the node is a forced defence, given
 * that `alive` of its `n` moves do not lose at once. */
static int defence_depth(int depth, int alive, int n)
{
    return alive < n && alive <= FORCED_DEFENCE_MAX ? depth + 1 : depth;
}

static void add_killer(Search *s, int ply, int move)
{
    uint16_t *killer = s->killers[ply];
    if (killer[0] == move)
        return;
    memmove(&killer[1], &killer[0], (KILLERS - 1) * sizeof *killer);
    killer[0] = (uint16_t)move;
}

/* Forward pruning: keeps the first `width` ordered moves plus every later move that makes a
 * four. A four's one-ply value is modest (the reply is forced and "free"), yet fours are what
 * threat sequences are made of. Open threes need no such care: a move that ignores one already
 * scores as lost one ply down. Returns the new count; the moves left out follow the kept ones,
 * in their order. */
static int keep_best(Board *b, uint16_t *moves, int n, int width)
{
    if (n <= width)
        return n;
    uint16_t rest[MOVES_MAX];
    int kept = width, nrest = 0;
    for (int i = width; i < n; i++) {
        if (threat_makes_four(b, moves[i]))
            moves[kept++] = moves[i];
        else
            rest[nrest++] = moves[i];
    }
    memcpy(&moves[kept], rest, (size_t)nrest * sizeof *moves);
    return kept;
}

static int negamax(Search *s, Board *b, int depth, int ply, int alpha, int beta);

/* Simplified ABDADA (brain/busy.h) below this depth: nearer the leaves a put-off saves less
 * than the table traffic costs. */
#define BUSY_MIN_DEPTH 3

/* Whether the threads split the k-th move of a node searched to `depth`. */
static bool splits(const Search *s, int depth, int k)
{
    return s->busy && k > 0 && depth >= BUSY_MIN_DEPTH;
}

/* The k-th move (of n, then the put-off ones in put[]), or -1 when it is put off now: played on
 * b, another thread is in that child (it is taken back and added to put[]). A move put off once
 * is searched when its turn comes again. */
static int next_move(const Search *s, Board *b, const uint16_t *moves, int n, int depth, int k,
                     uint16_t *put, int *nput)
{
    int move = k < n ? moves[k] : put[k - n];
    board_play(b, move);
    if (!splits(s, depth, k))
        return move;
    if (k < n && busy_has(s->busy, b->hash)) {
        board_undo(b);
        put[(*nput)++] = (uint16_t)move;
        return -1;
    }
    busy_enter(s->busy, b->hash);
    return move;
}

/* Takes back the move next_move played. */
static void done_move(const Search *s, Board *b, int depth, int k)
{
    if (splits(s, depth, k))
        busy_leave(s->busy, b->hash);
    board_undo(b);
}

/* Late-move reductions: at a node that is not a forced defence, a quiet move (one that neither
 * threatens nor stops a four) from the LMR_FROM-th on is first searched a ply shallower (two
 * from the LMR_DEEP_FROM-th move at depth LMR_DEEP_DEPTH or more) and re-searched at full depth
 * when it beats alpha. Measured in results/2026-11-25-pruning.txt. */
#define LMR_FROM 2
#define LMR_MIN_DEPTH 3
#define LMR_DEEP_FROM 6
#define LMR_DEEP_DEPTH 5

/* A move that threatens (makes a four or an open three) or stops a threat of the opponent (a
 * cell where he would make a four). Computed before the move is played. */
static bool forcing_move(const Board *b, int move)
{
    const IncState *inc = board_incremental(b);
    if (!inc)
        return true;
    int me = b->to_move;
    for (int d = 0; d < 4; d++)
        if (inc_line_class(inc, me, move, d) >= PAT_F3)
            return true;
    return CELL_ENTRY_CLASS(inc->entry[opponent_of(me) - 1][move]) >= CELL_B4;
}

static int late_reduction(const Search *s, const Board *b, int depth, int k, int move,
                          bool quiet_node)
{
    if (!s->pruning || !quiet_node || k < LMR_FROM || depth < LMR_MIN_DEPTH ||
        forcing_move(b, move))
        return 0;
    return k >= LMR_DEEP_FROM && depth >= LMR_DEEP_DEPTH ? 2 : 1;
}

/* Principal variation search over ordered moves: the first with a full window, the rest with a
 * null window, re-searched when they beat alpha. Fail-soft. */
static int pvs_moves(Search *s, Board *b, const uint16_t *moves, int n, int depth, int ply,
                     int alpha, int beta, int *best_move, bool quiet_node)
{
    int best = -INF, nput = 0;
    uint16_t *put = ply_put_off(s, ply);
    *best_move = moves[0];
    for (int k = 0; k < n + nput; k++) {
        int r = k < n ? late_reduction(s, b, depth, k, moves[k], quiet_node) : 0;
        int move = next_move(s, b, moves, n, depth, k, put, &nput);
        if (move < 0)
            continue;
        int v;
        if (k == 0) {
            v = -negamax(s, b, depth - 1, ply + 1, -beta, -alpha);
        } else {
            v = alpha + 1;
            if (r > 0)
                v = -negamax(s, b, depth - 1 - r, ply + 1, -alpha - 1, -alpha);
            if (v > alpha && !s->aborted)
                v = -negamax(s, b, depth - 1, ply + 1, -alpha - 1, -alpha);
            if (v > alpha && v < beta && !s->aborted)
                v = -negamax(s, b, depth - 1, ply + 1, -beta, -alpha);
        }
        done_move(s, b, depth, k);
        if (s->aborted)
            return best;
        if (v > best) {
            best = v;
            *best_move = move;
        }
        if (v > alpha)
            alpha = v;
        if (alpha >= beta) {
            add_killer(s, ply, move);
            int32_t *h = &s->history[b->to_move - 1][move];
            *h = *h + depth * depth < HISTORY_FULL ? *h + depth * depth : HISTORY_FULL;
            break;
        }
    }
    return best;
}

/* Every kept move of a node lost: a loss is only proven when the moves the width left out
 * lose too (else the tree would report, and the root act on, losses that rest on its forward
 * pruning: a root move proven lost at one depth came back not lost at the next). They are
 * searched like the kept ones; returns the node's new best (in *best_move). */
static int prove_pruned(Search *s, Board *b, const uint16_t *moves, int n, int depth, int ply,
                        int alpha, int beta, int best, int *best_move)
{
    int move, v = pvs_moves(s, b, moves, n, depth, ply, alpha, beta, &move, false);
    if (v > best && !s->aborted) {
        *best_move = move;
        return v;
    }
    return best;
}

static bool tt_cutoff(const TTEntry *e, int depth, int ply, int alpha, int beta, int *v)
{
    if (!e || e->depth < depth)
        return false;
    *v = score_from_tt(e->score, ply);
    int bound = tt_bound(e);
    return bound == TT_EXACT || (bound == TT_LOWER && *v >= beta)
        || (bound == TT_UPPER && *v <= alpha);
}

/* VCF searches count their positions as nodes: at most `want`, and never past the node limit. */
static uint64_t vcf_budget(const Search *s, uint64_t want)
{
    if (!s->max_nodes)
        return want;
    uint64_t left = s->max_nodes > s->nodes ? s->max_nodes - s->nodes : 0;
    return left < want ? left : want;
}

#define NODE_VCF_FOURS 8
#define NODE_VCF_NODES 48

/* A node whose side to move wins by continuous fours: the one-ply values cannot see that (a
 * single four looks modest), and the tree's width and depth rarely reach the end of a long
 * one. It is the usual way a won position is converted. Cheap: fours are few, and the memo
 * remembers positions without one. Returns the win's value, or 0. */
static int node_vcf(Search *s, Board *b, int ply)
{
    uint64_t budget = vcf_budget(s, NODE_VCF_NODES);
    if (budget == 0)
        return 0;
    VcfLimits lim = {NODE_VCF_FOURS, budget, 0, NULL};
    VcfResult v = vcf_find(b, &lim, s->vcf_memo);
    s->nodes += v.nodes;
    return v.move == CELL_NONE ? 0 : SCORE_WIN - (ply + v.plies - 1);
}

/* Early pruning (prune_early): reverse futility up to FUTILITY_DEPTH with a margin per ply, a null
 * move from NULL_MIN_DEPTH reduced NULL_R plies (NULL_R_DEEP from NULL_DEEP_DEPTH). */
#define FUTILITY_DEPTH 3
/* Scaled units a ply, set with the hand-set values.h numbers (a middle-game move then gained
 * 300-500); not re-tuned for the fitted ones, under which a move gains more and the static value
 * of a node at an odd remaining depth carries two tempos more than its leaves. */
#define FUTILITY_MARGIN 300
#define NULL_MIN_DEPTH 3
#define NULL_R 2
#define NULL_R_DEEP 3
#define NULL_DEEP_DEPTH 6
#define NO_PRUNE INT32_MIN

/* The opponent has something a pass would let him play: a five, an open four, a 4-3 or 3-3. */
static bool opponent_threatens(const IncState *inc, int opp)
{
    const int *count = inc->side[opp - 1].count;
    return count[CELL_FIVE] || count[CELL_FLEX4] || count[CELL_43] || count[CELL_33];
}

/* Early pruning of a non-PV node before its moves: a static value far above beta at low depth
 * (reverse futility), or a null move (a pass) that still fails high. NO_PRUNE when neither. */
static int prune_early(Search *s, Board *b, int depth, int ply, int alpha, int beta)
{
    const IncState *inc = board_incremental(b);
    if (!s->pruning || !inc || beta - alpha != 1 || is_proven(beta) || is_proven(alpha) ||
        s->null_ply[ply])
        return NO_PRUNE;
    int me = b->to_move, opp = opponent_of(me);
    if (opponent_threatens(inc, opp))
        return NO_PRUNE;
    int eval = inc_score(inc, me);
    if (is_proven(eval))
        return NO_PRUNE;
    if (depth <= FUTILITY_DEPTH && eval - FUTILITY_MARGIN * depth >= beta)
        return eval;
    if (depth >= NULL_MIN_DEPTH && eval >= beta && ply + 2 < MAX_PLY) {
        int r = depth >= NULL_DEEP_DEPTH ? NULL_R_DEEP : NULL_R;
        board_set_to_move(b, opp);
        s->null_ply[ply + 1] = true;
        int v = -negamax(s, b, depth - 1 - r, ply + 1, -beta, -beta + 1);
        s->null_ply[ply + 1] = false;
        board_set_to_move(b, me);
        if (s->aborted)
            return 0;
        if (v >= beta)
            return v >= PROVEN ? beta : v;
    }
    return NO_PRUNE;
}

static int negamax(Search *s, Board *b, int depth, int ply, int alpha, int beta)
{
    s->nodes++;
    if (out_of_time(s)) {
        s->aborted = true;
        return 0;
    }
    TTEntry hit;
    const TTEntry *e = tt_probe(s->tt, b->hash, &hit);
    /* A hint only (another thread's entry, or a key collision): order_moves just looks for it
     * among this node's own moves, so it can never be played unless it is one of them. */
    int v, tt_move = e ? e->move : CELL_NONE;
    if (tt_cutoff(e, depth, ply, alpha, beta, &v))
        return v;
    uint16_t *moves = ply_moves(s, ply);
    int decided, n = node_moves(b, ply, moves, &decided);
    if (n == 0) {
        tt_store(s->tt, b->hash, 255, TT_EXACT, score_to_tt(decided, ply), CELL_NONE);
        return decided;
    }
    bool can_recurse = ply + 1 < MAX_PLY;
    if (n == 1 && can_recurse) {
        /* A forced block costs no depth: threat sequences (VCF) get searched to their end. */
        board_play(b, moves[0]);
        v = -negamax(s, b, depth, ply + 1, -beta, -alpha);
        board_undo(b);
        return v;
    }
    int win = node_vcf(s, b, ply);
    if (win) {
        tt_store(s->tt, b->hash, 255, TT_EXACT, score_to_tt(win, ply), CELL_NONE);
        return win;
    }
    if (depth >= 2 && can_recurse && (v = prune_early(s, b, depth, ply, alpha, beta)) != NO_PRUNE)
        return v;
    n = narrow(s, b, moves, n, ply, tt_move);
    if (depth <= 1 || !can_recurse)
        return frontier(s, b, moves, n, ply, beta, tt_move);
    int best_static = order_moves(s, b, moves, n, ply, tt_move);
    if (best_static >= PROVEN) {
        /* The evaluator sees a forced win one move away (an open four, a safe 4-3, ...). */
        tt_store(s->tt, b->hash, depth, TT_EXACT, score_to_tt(best_static, ply), moves[0]);
        return best_static;
    }
    int alive = drop_static_lost(ply_keys(s, ply), n);
    int moves_depth = defence_depth(depth, alive, n);
    n = keep_best(b, moves, alive, TREE_WIDTH);
    int best_move, best = pvs_moves(s, b, moves, n, moves_depth, ply, alpha, beta, &best_move,
                                    moves_depth == depth);
    if (best <= -PROVEN && n < alive && !s->aborted)
        best = prove_pruned(s, b, moves + n, alive - n, moves_depth, ply, alpha, beta, best,
                            &best_move);
    if (s->aborted)
        return 0;
    int bound = best <= alpha ? TT_UPPER : best >= beta ? TT_LOWER : TT_EXACT;
    tt_store(s->tt, b->hash, depth, bound, score_to_tt(best, ply), best_move);
    return best;
}

/* Half the root's aspiration window: narrow (a quarter of an open three), since a failed
 * window only costs one re-search (nodes to depth 8 on tests/positions/tree_bench.txt: 100
 * saves 3.3%, 200 0.8%, 400 nothing). */
#define ASPIRATION 100

/* The first root move's value (played on b), searched with a window around `guess` (the last
 * iteration's value) first: most iterations land inside it and the narrow window cuts more.
 * Outside it, searched again with the full window. */
static int first_root_value(Search *s, Board *b, int depth, int guess)
{
    if (!is_proven(guess)) {
        int lo = guess - ASPIRATION, hi = guess + ASPIRATION;
        int v = -negamax(s, b, depth - 1, 1, -hi, -lo);
        if (s->aborted || (v > lo && v < hi))
            return v;
    }
    return -negamax(s, b, depth - 1, 1, -INF, INF);
}

/* One root iteration. Returns the best value; *done counts the root moves searched completely
 * (an aborted iteration still knows their exact values), listed in finished[]. */
static int root_iteration(Search *s, Board *b, const uint16_t *moves, int n, int depth,
                          int guess, int *best_move, int *done, uint16_t *finished)
{
    int alpha = -INF, best = -INF, nput = 0;
    uint16_t *put = ply_put_off(s, 0);
    *done = 0;
    *best_move = moves[0];
    for (int k = 0; k < n + nput; k++) {
        int move = next_move(s, b, moves, n, depth, k, put, &nput);
        if (move < 0)
            continue;
        notify(s, SEARCH_EVENT_ROOT_MOVE, move, 0, depth);
        int v;
        if (k == 0) {
            v = first_root_value(s, b, depth, guess);
        } else {
            v = -negamax(s, b, depth - 1, 1, -alpha - 1, -alpha);
            if (v > alpha && !s->aborted)
                v = -negamax(s, b, depth - 1, 1, -INF, -alpha);
        }
        done_move(s, b, depth, k);
        if (s->aborted)
            break;
        finished[(*done)++] = (uint16_t)move;
        notify(s, SEARCH_EVENT_ROOT_DONE, move, v, depth);
        if (v <= -PROVEN)
            notify(s, SEARCH_EVENT_LOST, move, v, depth);
        if (v > best) {
            best = v;
            *best_move = move;
            notify(s, SEARCH_EVENT_BEST, move, v, depth);
        }
        if (v > alpha)
            alpha = v;
    }
    return best;
}

static void move_to_front(uint16_t *moves, int n, int move)
{
    for (int i = 0; i < n; i++) {
        if (moves[i] == move) {
            memmove(&moves[1], &moves[0], (size_t)i * sizeof *moves);
            moves[0] = (uint16_t)move;
            return;
        }
    }
}

/* The root's moves, or 0 when the answer is already in *r: a win now, a lost position with a
 * legal block to play anyway, or no candidate at all. */
static int root_moves(const Board *b, uint16_t *moves, SearchResult *r)
{
    int decided, n = node_moves(b, 0, moves, &decided);
    if (n > 0)
        return n;
    r->score = decided;
    r->depth = 1;
    uint16_t cell[MOVES_MAX];
    if (decided > 0 && moves_winning_cells(b, b->to_move, cell, 1) > 0) {
        r->move = cell[0];
        return 0;
    }
    int threats = moves_winning_cells(b, opponent_of(b->to_move), cell, MOVES_MAX);
    for (int i = 0; i < threats; i++) {
        if (rule_is_legal(b, cell[i])) {
            r->move = cell[i];
            return 0;
        }
    }
    /* Lost to an unblockable five, or nothing near the stones: any legal move. */
    n = moves_candidates(b, TREE_RADIUS, moves);
    if (n == 0)
        r->move = moves_any_legal(b);
    return n;
}

/* Drops the excluded root moves. When that leaves nothing (or the ready answer in *r is
 * excluded), the allowed candidates near the stones are searched instead. Returns the count. */
static int drop_excluded(Search *s, const Board *b, uint16_t *moves, int n, SearchResult *r)
{
    if (excluded(s, r->move))
        *r = SEARCH_NO_RESULT;
    int kept = 0;
    for (int i = 0; i < n; i++)
        if (!excluded(s, moves[i]))
            moves[kept++] = moves[i];
    if (kept > 0 || r->move != CELL_NONE)
        return kept;
    n = moves_candidates(b, TREE_RADIUS, moves);
    for (int i = 0; i < n; i++)
        if (!excluded(s, moves[i]))
            moves[kept++] = moves[i];
    return kept;
}

/* ---- threat sequences at the root --------------------------------------------------------- */

#define VCF_FOURS 16         /* longest continuous-four sequence looked for */
#define ROOT_VCF_NODES 30000 /* ~30 ms on the dev box at worst */
#define REFUTE_VCF_NODES 3000

/* A VCF of `color` in the position (as if it were that side's turn). */
static VcfResult vcf_of(Search *s, Board *b, int color, uint64_t max_nodes)
{
    VcfResult none = {CELL_NONE, 0, 0, true};
    uint64_t budget = vcf_budget(s, max_nodes);
    if (budget == 0)
        return none;
    int side = b->to_move;
    VcfLimits lim = {VCF_FOURS, budget, s->deadline, s->stop};
    board_set_to_move(b, color);
    VcfResult v = vcf_find(b, &lim, s->vcf_memo);
    board_set_to_move(b, side);
    s->nodes += v.nodes;
    return v;
}

/* When the opponent threatens a VCF, keeps the root moves after which he has none (our own
 * fours included: he must answer them first). A static ranking cannot see such a threat coming,
 * and the tree's width rarely reaches its refutations. Keeps every move when none refutes it (or
 * time ran out before any was proven to). Returns the new count. */
static int refute_vcf(Search *s, Board *b, uint16_t *moves, int n, bool *threatened)
{
    int opp = opponent_of(b->to_move);
    if (vcf_of(s, b, opp, ROOT_VCF_NODES).move == CELL_NONE)
        return n;
    *threatened = true;
    int kept = 0;
    for (int i = 0; i < n; i++) {
        board_play(b, moves[i]);
        VcfResult v = vcf_of(s, b, opp, REFUTE_VCF_NODES);
        board_undo(b);
        if (v.move == CELL_NONE && !v.aborted)
            moves[kept++] = moves[i];
    }
    return kept > 0 ? kept : n;
}

#define VCT_THREES 2
#define VCT_FOURS 12
#define VCT_NODES 20000
#define VCT_TIME_SHARE 4    /* our own VCT: at most 1/4 of the time left */
#define REFUTE_TIME_SHARE 3 /* the opponent's: at most 1/3 of what is left then */

/* A win by threes and fours (each forcing an answer on its line) ending in continuous fours:
 * beyond the tree's depth, and the way a won position is converted against an opponent who
 * blocks every single threat. Returns the first move, or CELL_NONE. */
static int vct_of(Search *s, Board *b, int64_t deadline, int *plies)
{
    *plies = 0;
    uint64_t budget = vcf_budget(s, VCT_NODES);
    if (budget == 0)
        return CELL_NONE;
    /* The fewest threes first: a double three now beats a longer sequence found earlier in
     * board order. */
    for (int threes = 1; threes <= VCT_THREES; threes++) {
        VctLimits lim = {.max_threes = threes, .vcf_fours = VCT_FOURS, .max_nodes = budget,
                         .deadline_ms = deadline, .stop = s->stop};
        VcfResult v = vct_find(b, &lim, s->vcf_memo);
        s->nodes += v.nodes;
        *plies = v.plies; /* over the defender's longest resistance the search saw */
        if (v.move != CELL_NONE || v.aborted)
            return v.move;
        budget = vcf_budget(s, budget > v.nodes ? budget - v.nodes : 0);
        if (budget == 0)
            break;
    }
    return CELL_NONE;
}

/* A clock_ms() deadline 1/share of the time left from now to the end of the move: its target
 * when it has one, else its deadline (0: no deadline). */
static int64_t share_of_time(const Search *s, int share)
{
    int64_t end = s->target > 0 && s->target < s->deadline ? s->target : s->deadline;
    if (end <= 0)
        return 0;
    int64_t now = clock_ms();
    return now + (end > now ? (end - now) / share : 0);
}

static int root_vct(Search *s, Board *b, int *plies)
{
    return vct_of(s, b, share_of_time(s, VCT_TIME_SHARE), plies);
}

/* When the opponent threatens a win by threes, drops the root moves after which he still has
 * one. Checks end at a share of the time; moves not proven lost are kept, and every move is kept
 * when all are lost. Returns the new count. */
static int refute_vct(Search *s, Board *b, uint16_t *moves, int n, bool *threatened)
{
    int64_t deadline = share_of_time(s, REFUTE_TIME_SHARE);
    int side = b->to_move;
    board_set_to_move(b, opponent_of(side));
    int plies, threat = vct_of(s, b, deadline, &plies);
    board_set_to_move(b, side);
    if (threat == CELL_NONE)
        return n;
    *threatened = true;
    int kept = 0;
    for (int i = 0; i < n; i++) {
        board_play(b, moves[i]);
        bool lost = vct_of(s, b, deadline, &plies) != CELL_NONE;
        board_undo(b);
        if (!lost)
            moves[kept++] = moves[i];
    }
    return kept > 0 ? kept : n;
}

/* Lazy SMP helpers (worker > 0) diverge from the main search so that the shared table gains
 * what the main search has not looked at yet: besides the put-offs of next_move, helpers from
 * 2 on skip iterations in their own pattern (worker 2 searches the odd depths, worker 3 the
 * even ones, workers 4-5 take pairs of depths, ...), so that one running ahead of the main
 * search leaves it deeper entries. The last depth is never skipped: the helper would sit idle
 * through the longest iteration. Even workers from 4 on also put another root move first (the
 * best one still gets its turn). */
static bool skips_depth(const Search *s, int depth, int max_depth)
{
    if (s->worker < 2 || depth >= max_depth)
        return false;
    int run = 1 + ((s->worker - 2) >> 1);
    return (depth + s->worker) / run % 2 == 1;
}

static void perturb_root(const Search *s, uint16_t *order, int n)
{
    if (s->worker < 4 || s->worker % 2 == 1 || n < 2)
        return;
    int k = 1 + (s->worker / 2 - 2) % (n - 1);
    uint16_t first = order[0];
    order[0] = order[k];
    order[k] = first;
}

/* Sorts the root moves by their one-ply values (one batch), best first; returns the best. */
static int rank_root(Search *s, Board *b, uint16_t *moves, int n)
{
    int32_t *keys = ply_keys(s, 0);
    score_moves(s, b, moves, n, 0, keys);
    moves_sort(moves, keys, n);
    return keys[0];
}

/* Ends a preparation that found the answer without iterations. */
static bool answered(Search *s, Board *b, SearchRoot *root)
{
    root->n = 0;
    root->result.nodes = s->nodes;
    root->result.evals = s->evals;
    notify_iteration(s, b, &root->result);
    return true;
}

/* search_prepare's work, in the call begun by the caller. */
static bool prepare_root(Search *s, Board *b, int max_depth, SearchRoot *root)
{
    s->observing = true;
    if (s->tt == &s->own_tt) /* helpers sharing it leave the generation to its owner */
        tt_new_search(s->tt);
    SearchResult *r = &root->result;
    *r = SEARCH_NO_RESULT;
    root->threatened = false;
    uint16_t *moves = ply_moves(s, 0);
    int n = root_moves(b, moves, r);
    if (s->obs.excluded)
        n = drop_excluded(s, b, moves, n, r);
    if (n > 1) {
        vcf_memo_clear(s->vcf_memo);
        VcfResult win = vcf_of(s, b, b->to_move, ROOT_VCF_NODES);
        if (win.move != CELL_NONE && !excluded(s, win.move)) {
            *r = (SearchResult){win.move, SCORE_WIN - (win.plies - 1), win.plies, 0, 0, 0};
            return answered(s, b, root);
        }
        int plies, threat_win = root_vct(s, b, &plies);
        if (threat_win != CELL_NONE && !excluded(s, threat_win)) {
            /* its length is known only roughly */
            *r = (SearchResult){threat_win, SEARCH_THREAT_WIN, plies, 0, 0, 0};
            return answered(s, b, root);
        }
        n = refute_vcf(s, b, moves, n, &root->threatened);
    }
    if (n == 0) /* answered without a search: a win now or a forced block */
        return answered(s, b, root);
    /* Depth 1 is one batch and always completes: there is always an answer. */
    int best = rank_root(s, b, moves, n);
    r->move = moves[0];
    if (r->depth == 0) /* else root_moves already knows the value: a loss */
        r->score = best;
    r->depth = 1;
    notify_iteration(s, b, r);
    int width = keep_best(b, moves, n, ROOT_WIDTH);
    if (width > 1)
        width = refute_vct(s, b, moves, width, &root->threatened);
    if (moves[0] != r->move) { /* the depth-1 answer was dropped */
        r->move = moves[0];
        r->score = 0; /* not known: the next iteration tells */
    }
    root->n = width;
    memcpy(root->moves, moves, (size_t)width * sizeof *moves);
    r->nodes = s->nodes;
    r->evals = s->evals;
    return width <= 1 || max_depth < 2 || is_proven(r->score);
}

/* Whether the main search, with a target, should go one iteration deeper after one that
 * ended with `v` and `best` (the previous ones: *last_score and *last_best). */
static bool go_deeper(Search *s, bool threatened, int v, int best, int *last_score,
                      int *last_best, bool *changed_before)
{
    bool changed = *last_best != CELL_NONE && best != *last_best;
    SearchProgress p = {clock_ms() - s->start, changed + *changed_before,
                        *last_best != CELL_NONE ? *last_score - v : 0, threatened};
    *changed_before = changed;
    *last_best = best;
    *last_score = v;
    return s->worker > 0 || s->target <= 0 || timeman_go_deeper(s->target - s->start, &p);
}

static bool proven_lost(const Search *s, int cell)
{
    return s->lost && cell != CELL_NONE && atomic_load_explicit(&s->lost[cell], memory_order_relaxed);
}

/* Leaves out of moves[0..n) those another thread proved lost, unless that leaves none (order
 * kept). Returns the new count. */
static int drop_lost(const Search *s, uint16_t *moves, int n)
{
    uint16_t kept[MOVES_MAX];
    int k = 0;
    for (int i = 0; i < n; i++)
        if (!proven_lost(s, moves[i]))
            kept[k++] = moves[i];
    if (k == 0 || k == n)
        return n;
    memcpy(moves, kept, (size_t)k * sizeof *moves);
    return k;
}

static bool among(const uint16_t *moves, int n, int move)
{
    for (int i = 0; i < n; i++)
        if (moves[i] == move)
            return true;
    return false;
}

/* An iteration cut short after proving every move it finished lost (the last one's best move
 * first among them) answers the first of its moves it did not reach, if any: that one may not
 * be lost. At 1 s a move, the deeper iteration that sees the old best move lose often ends
 * before a second move is searched. Its value is not known: the score stays `last_score`, the
 * last completed iteration's (what the Swap2 choice and the threads read). */
static void answer_unreached(const uint16_t *order, int n, const uint16_t *finished, int done,
                             int last_score, SearchResult *r)
{
    for (int i = 0; i < n; i++) {
        if (!among(finished, done, order[i])) {
            r->move = order[i];
            r->score = last_score;
            return;
        }
    }
}

/* The iterations from depth 2 over moves[0..width), best first (reordered as they go), on from
 * *r (the answer so far). */
static void run_iterations(Search *s, Board *b, int max_depth, uint16_t *moves, int width,
                           bool threatened, SearchResult *r)
{
    int last_score = r->score, last_best = CELL_NONE;
    bool changed_before = false;
    for (int depth = 2; width > 1 && depth <= max_depth && !is_proven(r->score); depth++) {
        if (skips_depth(s, depth, max_depth))
            continue;
        int best_move, done;
        uint16_t order[MOVES_MAX], finished[MOVES_MAX];
        memcpy(order, moves, (size_t)width * sizeof *moves);
        int n = drop_lost(s, order, width);
        perturb_root(s, order, n);
        int v = root_iteration(s, b, order, n, depth, r->score, &best_move, &done, finished);
        if (s->aborted && done == 0)
            break;
        int completed_score = r->score;
        r->move = best_move;
        r->score = v;
        if (s->aborted) {
            r->partial = depth;
            if (v <= -PROVEN)
                answer_unreached(order, n, finished, done, completed_score, r);
            break;
        }
        r->depth = depth;
        move_to_front(moves, width, best_move);
        notify_iteration(s, b, r);
        if (!go_deeper(s, threatened, v, best_move, &last_score, &last_best, &changed_before))
            break;
    }
}

#define RESCUE_KEEP 4        /* root moves a rescue looks for */
#define RESCUE_TIME_SHARE 2  /* at most half the time left */

/* When the tree has proven every root move it searched lost, looks for up to RESCUE_KEEP
 * others (best one-ply value first) after which the threat searches find no VCF or VCT for the
 * opponent. The root searched ROOT_WIDTH moves only, or those of them that refuted the threat it
 * saw, and the tree's losses rest on its narrow width (TREE_WIDTH moves a node): in games lost
 * to AIWine at 1 s, the tree answered a move lost to a one-three VCT where a move outside them
 * was not lost (tests/positions/search_rescue.txt). Writes them to out; returns their count. */
static int rescue_root(Search *s, Board *b, const uint16_t *searched, int nsearched,
                       uint16_t *out)
{
    uint16_t cand[MOVES_MAX];
    int32_t keys[MOVES_MAX];
    int decided, n = node_moves(b, 0, cand, &decided);
    if (n < 2) /* decided, or a forced block: nothing else to find */
        return 0;
    score_moves(s, b, cand, n, 0, keys);
    moves_sort(cand, keys, n);
    int64_t deadline = share_of_time(s, RESCUE_TIME_SHARE);
    int opp = opponent_of(b->to_move), kept = 0;
    for (int i = 0; i < n && kept < RESCUE_KEEP && keys[i] > -PROVEN; i++) {
        if (among(searched, nsearched, cand[i]) || excluded(s, cand[i]) || proven_lost(s, cand[i]))
            continue;
        if (stop_requested(s) || (deadline > 0 && clock_ms() >= deadline))
            break;
        board_play(b, cand[i]);
        /* unlike refute_vcf's, an unfinished VCF search (its budget spent) does not count */
        int plies;
        bool lost = vcf_of(s, b, opp, VCT_NODES).move != CELL_NONE
                    || vct_of(s, b, deadline, &plies) != CELL_NONE;
        board_undo(b);
        if (!lost)
            out[kept++] = cand[i];
    }
    return kept;
}

/* search_iterate's work, in the call begun by the caller. */
static SearchResult iterate_root(Search *s, Board *b, int max_depth, const SearchRoot *root)
{
    s->observing = true;
    SearchResult r = root->result;
    uint16_t *moves = ply_moves(s, 0);
    int width = root->n;
    memcpy(moves, root->moves, (size_t)width * sizeof *moves);
    run_iterations(s, b, max_depth, moves, width, root->threatened, &r);
    uint16_t held[RESCUE_KEEP];
    int nheld;
    if (r.score <= -PROVEN && !s->aborted && s->worker == 0
        && (nheld = rescue_root(s, b, moves, width, held)) > 0) {
        /* The tree judges them as it did the others: it answers one unless it proves them lost
         * too, and then the longest resistance of all. */
        SearchResult lost = r;
        memcpy(moves, held, (size_t)nheld * sizeof *moves);
        width = nheld;
        r = (SearchResult){held[0], 0, lost.depth, 0, 0, 0};
        run_iterations(s, b, max_depth, moves, width, true, &r);
        if (r.score <= -PROVEN && r.score <= lost.score)
            r = lost;
    }
    /* A move proven lost since it was chosen gives way to the next one in the root's order
     * (unless the tree itself proved it wins). */
    if (proven_lost(s, r.move) && r.score < PROVEN && drop_lost(s, moves, width) < width) {
        r.move = moves[0];
        r.score = 0; /* not known */
    }
    r.nodes = s->nodes;
    r.evals = s->evals;
    return r;
}

/* The board is followed by the incremental state for the call when the evaluator has pattern
 * tables on the host: move ordering and threat tests read it instead of scanning the board, and
 * child scores too where the evaluator offers that. Returns what the board followed before,
 * for the caller to restore. */
static struct IncState *follow_board(Search *s, Board *b)
{
    struct IncState *before = b->inc;
    const PatternTables *scoring = evaluator_incremental_tables(s->ev);
    const PatternTables *tables = scoring ? scoring : evaluator_pattern_tables(s->ev);
    s->inc_scores = scoring != NULL;
    if (tables) {
        inc_init(s->inc, tables, b->size, b->rule, b->cell);
        board_follow(b, s->inc);
    }
    return before;
}

SearchResult search_best_move(Search *s, Board *b, const SearchLimits *lim,
                              const atomic_int *stop)
{
    struct IncState *before = follow_board(s, b);
    begin_call(s, lim, stop);
    SearchRoot root;
    SearchResult r = prepare_root(s, b, lim->max_depth, &root)
                         ? root.result
                         : iterate_root(s, b, lim->max_depth, &root);
    b->inc = before;
    return r;
}

bool search_prepare(Search *s, Board *b, const SearchLimits *lim, const atomic_int *stop,
                    SearchRoot *root)
{
    struct IncState *before = follow_board(s, b);
    begin_call(s, lim, stop);
    bool final = prepare_root(s, b, lim->max_depth, root);
    b->inc = before;
    return final;
}

void search_prepare_quick(Search *s, Board *b, SearchRoot *root)
{
    struct IncState *before = follow_board(s, b);
    begin_call(s, &(SearchLimits){0}, NULL);
    SearchResult *r = &root->result;
    *r = (SearchResult){CELL_NONE, 0, 1, 0, 0, 0};
    root->threatened = false;
    root->n = 0;
    uint16_t *moves = ply_moves(s, 0);
    int n = root_moves(b, moves, r);
    if (n > 1) {
        r->score = rank_root(s, b, moves, n);
        r->move = moves[0];
        root->n = keep_best(b, moves, n, ROOT_WIDTH);
        memcpy(root->moves, moves, (size_t)root->n * sizeof *moves);
    }
    b->inc = before;
}

SearchResult search_iterate(Search *s, Board *b, const SearchLimits *lim, const atomic_int *stop,
                            const atomic_int *stop_too, const SearchRoot *root)
{
    struct IncState *before = follow_board(s, b);
    begin_call(s, lim, stop);
    s->stop_too = stop_too;
    s->nodes = root->result.nodes;
    s->evals = root->result.evals;
    SearchResult r = iterate_root(s, b, lim->max_depth, root);
    b->inc = before;
    return r;
}

/* ---- the paper's full-width min-max -------------------------------------------------------- */

/* Scores the batch and folds each kid into its parent's best value (the point of view of the
 * parents, which stand at `ply`). */
static void fw_flush(Search *s, int32_t *kid_best, int ply)
{
    LeafBatch *lb = &s->batch;
    if (stop_requested(s)) { /* the values would be thrown away */
        s->aborted = true;
        leafbatch_reset(lb);
        return;
    }
    s->evals += leafbatch_score(lb, s->ev);
    for (size_t j = 0; j < lb->nkids; j++) {
        int tag = lb->parent_tag[lb->kids[j].parent];
        int32_t v = decided_from(-lb->scores[j], ply);
        if (v > kid_best[tag])
            kid_best[tag] = v;
    }
    leafbatch_reset(lb);
}

/* Adds the current position (the child `tag` of the group node) and all its children to the
 * batch, flushing whenever it fills. Returns false when the position has no move at all. */
static bool fw_add_children(Search *s, Board *b, int ply, int tag, int32_t *kid_best)
{
    LeafBatch *lb = &s->batch;
    uint16_t *kids = ply_moves(s, ply);
    int nk = moves_candidates(b, FULL_WIDTH_RADIUS, kids);
    if (nk == 0)
        return false;
    if (leafbatch_parents_full(lb))
        fw_flush(s, kid_best, ply);
    size_t p = leafbatch_add_parent(lb, b, tag);
    for (int k = 0; k < nk; k++) {
        if (leafbatch_kids_full(lb)) {
            fw_flush(s, kid_best, ply);
            p = leafbatch_add_parent(lb, b, tag);
        }
        leafbatch_add_kid(lb, p, kids[k]);
    }
    return true;
}

/* A node two levels above the leaves: the children of all its children go out in big batches.
 * vals[i] receives the value of moves[i] for the node's side to move. */
static void fw_group(Search *s, Board *b, int ply, const uint16_t *moves, int n, int32_t *vals)
{
    int32_t *kid_best = ply_keys(s, ply + 1);
    leafbatch_reset(&s->batch);
    for (int i = 0; i < n; i++) {
        kid_best[i] = DECIDED_MARK;
        if (rule_makes_win(b, moves[i], b->to_move)) {
            vals[i] = SCORE_WIN - ply;
            continue;
        }
        board_play(b, moves[i]);
        s->nodes++;
        kid_best[i] = -INF;
        if (!fw_add_children(s, b, ply + 1, i, kid_best)) {
            kid_best[i] = DECIDED_MARK;
            vals[i] = 0;
        }
        board_undo(b);
        if (stop_requested(s)) {
            s->aborted = true;
            return;
        }
    }
    fw_flush(s, kid_best, ply + 1);
    for (int i = 0; i < n; i++)
        if (kid_best[i] != DECIDED_MARK)
            vals[i] = -kid_best[i];
}

/* Value of the position for its side to move, `left` plies (>= 2) above the leaves. */
static int fw_node(Search *s, Board *b, int left, int ply)
{
    s->nodes++;
    if (stop_requested(s)) {
        s->aborted = true;
        return 0;
    }
    uint16_t *moves = ply_moves(s, ply);
    int32_t *vals = ply_keys(s, ply);
    int n = moves_candidates(b, FULL_WIDTH_RADIUS, moves);
    if (n == 0)
        return 0;
    if (left == 2) {
        fw_group(s, b, ply, moves, n, vals);
        return s->aborted ? 0 : vals[best_index(vals, n)];
    }
    int best = -INF;
    for (int i = 0; i < n; i++) {
        int v = SCORE_WIN - ply;
        if (!rule_makes_win(b, moves[i], b->to_move)) {
            board_play(b, moves[i]);
            v = -fw_node(s, b, left - 1, ply + 1);
            board_undo(b);
            if (s->aborted)
                return 0;
        }
        if (v > best)
            best = v;
    }
    return best;
}

/* Root values at `level` >= 3 in vals; returns how many root moves were completed. */
static int fw_root_deep(Search *s, Board *b, const uint16_t *moves, int n, int level,
                        int32_t *vals)
{
    for (int i = 0; i < n; i++) {
        vals[i] = SCORE_WIN;
        if (!rule_makes_win(b, moves[i], b->to_move)) {
            board_play(b, moves[i]);
            vals[i] = -fw_node(s, b, level - 1, 1);
            board_undo(b);
        }
        if (s->aborted)
            return i;
    }
    return n;
}

/* Level 1 first (one batch, the answer if stopped early; it also orders the root so that a
 * stopped deeper pass has completed the most promising moves), then the full level. A stopped
 * pass answers the best of the root moves it completed; depth stays 1 then. */
SearchResult search_full_width(Search *s, Board *b, int level, const atomic_int *stop)
{
    begin_call(s, &(SearchLimits){0}, stop);
    SearchResult r = SEARCH_NO_RESULT;
    level = level < 1 ? 1 : level > 4 ? 4 : level;
    uint16_t *moves = ply_moves(s, 0);
    int32_t *vals = ply_keys(s, 0);
    s->nodes = 1;
    int n = moves_candidates(b, FULL_WIDTH_RADIUS, moves);
    if (n == 0) {
        r.move = moves_any_legal(b);
        return r;
    }
    score_moves(s, b, moves, n, 0, vals);
    moves_sort(moves, vals, n);
    r.move = moves[0];
    r.score = vals[0];
    r.depth = 1;
    int done = n;
    if (level == 2) {
        fw_group(s, b, 0, moves, n, vals);
        done = s->aborted ? 0 : n;
    } else if (level >= 3) {
        done = fw_root_deep(s, b, moves, n, level, vals);
    }
    if (level > 1 && done > 0) {
        int i = best_index(vals, done);
        r.move = moves[i];
        r.score = vals[i];
        if (done == n)
            r.depth = level;
    }
    r.nodes = s->nodes;
    r.evals = s->evals;
    return r;
}
