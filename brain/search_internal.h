/* What the search's files share (brain/search*.c) and nothing else may include: the Search
 * object's fields, the score conventions, small helpers, and the functions one file offers the
 * others. The public interface is brain/search.h. */
#ifndef GAMOK_SEARCH_INTERNAL_H
#define GAMOK_SEARCH_INTERNAL_H

#include <stdbool.h>
#include <string.h>

#include "brain/clock.h"
#include "brain/leafbatch.h"
#include "brain/moves.h"
#include "brain/search.h"
#include "brain/tt.h"
#include "brain/vcf.h"
#include "kernels/incremental.h"

#define MAX_PLY SEARCH_MAX_PLY

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
                        * (not a local array: compilers cannot see that only the entries
                        * written are read, and warn) */
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

/* ---- small helpers ------------------------------------------------------------------------- */

static inline uint16_t *ply_moves(Search *s, int ply) { return s->moves + (size_t)ply * MOVES_MAX; }
static inline int32_t *ply_keys(Search *s, int ply) { return s->keys + (size_t)ply * MOVES_MAX; }
static inline uint16_t *ply_put_off(Search *s, int ply) { return s->put_off + (size_t)ply * MOVES_MAX; }

static inline bool is_proven(int score) { return score >= PROVEN || score <= -PROVEN; }

/* A decided score seen `ply` plies below the root, made relative to the root (the evaluator
 * counts plies from the scored position, the search from the root). */
static inline int decided_from(int v, int ply)
{
    return v >= PROVEN ? v - ply : v <= -PROVEN ? v + ply : v;
}

static inline int decided_to(int v, int ply)
{
    return v >= PROVEN ? v + ply : v <= -PROVEN ? v - ply : v;
}

static inline bool stop_requested(const Search *s)
{
    return (s->stop && atomic_load_explicit(s->stop, memory_order_relaxed))
        || (s->stop_too && atomic_load_explicit(s->stop_too, memory_order_relaxed));
}

/* Polled at every node: a node costs far more than one vDSO clock read. */
static inline bool out_of_time(Search *s)
{
    if (stop_requested(s))
        return true;
    if (s->max_nodes && s->nodes >= s->max_nodes)
        return true;
    return s->deadline > 0 && clock_ms() >= s->deadline;
}

/* The incremental state children are scored from, or NULL: score through the evaluator. */
static inline IncState *scoring_state(const Search *s, const Board *b)
{
    return s->inc_scores ? board_incremental(b) : NULL;
}

static inline int best_index(const int32_t *vals, int n)
{
    int best = 0;
    for (int i = 1; i < n; i++)
        if (vals[i] > vals[best])
            best = i;
    return best;
}

static inline bool excluded(const Search *s, int cell)
{
    return s->observing && s->obs.excluded && cell != CELL_NONE && s->obs.excluded[cell];
}

static inline bool proven_lost(const Search *s, int cell)
{
    return s->lost && cell != CELL_NONE && atomic_load_explicit(&s->lost[cell], memory_order_relaxed);
}

static inline bool among(const uint16_t *moves, int n, int move)
{
    for (int i = 0; i < n; i++)
        if (moves[i] == move)
            return true;
    return false;
}

/* VCF searches count their positions as nodes: at most `want`, and never past the node limit. */
static inline uint64_t vcf_budget(const Search *s, uint64_t want)
{
    if (!s->max_nodes)
        return want;
    uint64_t left = s->max_nodes > s->nodes ? s->max_nodes - s->nodes : 0;
    return left < want ? left : want;
}

/* ---- search.c: the call, the observer, scoring --------------------------------------------- */

void search_begin_call(Search *s, const SearchLimits *lim, const atomic_int *stop);
void search_notify(Search *s, SearchEventKind kind, int move, int score, int depth);
void search_notify_iteration(Search *s, Board *b, const SearchResult *r);
/* Values of moves[0..n) for the side to move at `ply` (-score of each child). */
void search_score_moves(Search *s, const Board *b, const uint16_t *moves, int n, int ply,
                        int32_t *vals);

/* ---- search_order.c: move lists and their order -------------------------------------------- */

/* Whether the side to move makes a four (or better) at `move`, by its cell class (so never a
 * renju-forbidden one): the moves a width never leaves out and a reduction never shortens. */
static inline bool move_makes_four(const Board *b, int move)
{
    const IncState *inc = board_incremental(b);
    return inc_class_makes_four(CELL_ENTRY_CLASS(inc->entry[b->to_move - 1][move]));
}

/* Whether the side to move makes an open three at `move`, by its cell entry (so never at a
 * renju-forbidden cell): with the fours, the moves a node's width never leaves out. */
static inline bool move_makes_three(const Board *b, int move)
{
    const IncState *inc = board_incremental(b);
    return CELL_ENTRY_THREE(inc->entry[b->to_move - 1][move]);
}

/* Whether the side to move builds two lines at once at `move`: two lines through it each an open
 * two or a closed three (the quiet moves a 4-3 or a double three is prepared by). */
static inline bool move_builds_two(const Board *b, int move)
{
    const IncState *inc = board_incremental(b);
    int lines = 0;
    for (int d = 0; d < 4; d++) {
        int cls = inc_line_class(inc, b->to_move, move, d);
        lines += cls == PAT_F2 || cls == PAT_B3;
    }
    return lines >= 2;
}

int order_node_moves(const Board *b, int ply, uint16_t *moves, int *decided);
int order_narrow(Search *s, const Board *b, uint16_t *moves, int n, int ply, int tt_move);
int order_moves(Search *s, Board *b, uint16_t *moves, int n, int ply, int tt_move);
int order_drop_static_lost(const int32_t *keys, int n);
void order_note_cutoff(Search *s, const Board *b, int ply, int move, int depth);
int order_keep_best(Board *b, uint16_t *moves, int n, int width);
/* The policy's choice of moves[0..n): the table's move, the killers, then the best by policy +
 * history, `width` of them best first, then every other move that makes a four or an open three
 * (move_makes_three) or builds two lines (move_builds_two); the rest follow (moves[kept..n), for
 * a loss to be proven over them).
 * Returns how many are kept. */
int order_by_policy(Search *s, const Board *b, uint16_t *moves, int n, int ply, int tt_move,
                    int width);

/* ---- search_tree.c: the alpha-beta tree ---------------------------------------------------- */

/* Builds the tree's tables once (any number of calls). */
void tree_init(void);

/* One root iteration over moves[0..n) to `depth`, the first with a window around `guess`.
 * Returns the best value; *done counts the root moves searched completely, listed in
 * finished[]. */
int tree_root_iteration(Search *s, Board *b, const uint16_t *moves, int n, int depth, int guess,
                        int *best_move, int *done, uint16_t *finished);

/* ---- search_root_threats.c: threat sequences at the root ----------------------------------- */

#define RESCUE_KEEP 4 /* root moves a rescue looks for */

VcfResult root_own_vcf(Search *s, Board *b);
int root_refute_vcf(Search *s, Board *b, uint16_t *moves, int n, bool *threatened);
int root_vct(Search *s, Board *b, int *plies);
int root_refute_vct(Search *s, Board *b, uint16_t *moves, int n, bool *threatened);
int root_rescue(Search *s, Board *b, const uint16_t *searched, int nsearched, uint16_t *out);

#endif
