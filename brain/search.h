/* The game tree: iterative-deepening negamax alpha-beta (PVS) with leaf batches scored through
 * the evaluator interface, helped by threat searches (brain/vcf.h: wins by continuous fours, at
 * the root and on a small budget at every node; brain/vct.h: wins by threes and fours, at the root),
 * and the paper's full-width min-max (Ahn & Park 2010) to a fixed level. */
#ifndef GAMOK_SEARCH_H
#define GAMOK_SEARCH_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "brain/board.h"
#include "brain/busy.h"
#include "brain/moves.h"
#include "kernels/evaluator.h"

#define SEARCH_MAX_PLY 64 /* deepest ply of a line, forced-move extensions included */
#define TREE_RADIUS 2     /* candidate cells of the alpha-beta tree and the root (moves.h) */
/* The score of a win by threes proven at the root: its length is known only roughly. */
#define SEARCH_THREAT_WIN (SCORE_WIN - SEARCH_MAX_PLY)

typedef struct SearchLimits {
    int64_t deadline_ms; /* clock_ms() value at which to stop; <= 0: no deadline */
    int max_depth;       /* plies; iterative deepening stops there */
    uint64_t max_nodes;  /* 0: no node limit */
    /* A move's target (brain/timeman.h): clock_ms() values of when the move's clock started and
     * of when a normal move ends. Past half the target no new iteration starts unless the
     * best move is unstable or threatened (timeman_go_deeper). target_ms <= 0: no target,
     * iterations go on to the deadline. */
    int64_t start_ms;
    int64_t target_ms;
    /* Root cells another thread proved lost (brain/threatwatch.h), BOARD_CELLS flags that may
     * be set while the search runs; NULL: none. Iterations leave them out (unless every root
     * move is lost) and the answer is never one of them. */
    const atomic_uchar *lost;
    /* Search without any forward pruning or reduction: no null moves, reverse futility,
     * late-move reductions or move-count pruning, every candidate at every node and the root
     * (for measuring them, and as the check that pruning never makes a proof); false, the
     * default, prunes. */
    bool no_pruning;
} SearchLimits;

typedef struct SearchResult {
    int move;        /* best cell of the last iteration, completed or `partial` (legal) */
    int score;       /* from the side to move's point of view */
    int depth;       /* depth of the last completed iteration */
    uint64_t nodes;  /* positions visited */
    uint64_t evals;  /* positions scored by the evaluator */
    /* The depth of an iteration beyond `depth` that time cut short after some root moves were
     * searched (the first always is): move and score are then the best of those, unless all of
     * them were proven lost: then the first root move it did not reach, with the score of the
     * last completed iteration. Else 0. */
    int partial;
} SearchResult;

/* No answer yet: no move, nothing searched. */
#define SEARCH_NO_RESULT ((SearchResult){.move = CELL_NONE})

typedef struct Search Search;

/* What a running search reports to an observer (a GUI's live info). Root events carry the root
 * move; SEARCH_EVENT_ITERATION carries the result of a completed iteration and its principal
 * variation (read from the transposition table, so it may be short). */
typedef enum {
    SEARCH_EVENT_ROOT_MOVE,  /* a root move is being searched */
    SEARCH_EVENT_ROOT_DONE,  /* ... and has been searched to the end */
    SEARCH_EVENT_BEST,       /* the root's best move changed within an iteration */
    SEARCH_EVENT_LOST,       /* a root move was proven lost */
    SEARCH_EVENT_ITERATION   /* an iteration completed (or the answer was found without one) */
} SearchEventKind;

#define SEARCH_PV_MAX 16

typedef struct SearchEvent {
    SearchEventKind kind;
    int move;        /* the root move (ITERATION: the best one) */
    int score;       /* ITERATION and LOST: from the side to move's point of view */
    int depth;       /* the iteration's depth */
    uint64_t nodes;  /* visited so far in this call */
    int pv_len;      /* ITERATION only: pv[0] == move */
    uint16_t pv[SEARCH_PV_MAX];
} SearchEvent;

typedef void (*SearchProgressFn)(void *ctx, const SearchEvent *ev);

/* Options that stay set on a Search until changed (search_best_move and its halves below): an
 * observer called from the searching thread (keep it quick: it runs inside the time budget), and
 * root cells that must never be returned (`excluded[cell]` non-zero; NULL: none). */
typedef struct SearchObserver {
    SearchProgressFn progress; /* may be NULL */
    void *ctx;
    const uint8_t *excluded;   /* BOARD_CELLS bytes */
} SearchObserver;

/* Bytes a Search needs besides its transposition table (search_create needs at least this plus
 * a small table). */
size_t search_fixed_bytes(void);
#define SEARCH_TT_MIN_BYTES ((size_t)16 * 1024)

/* `memory_bytes` bounds every table the search allocates (transposition table included). */
Search *search_create(Evaluator *ev, size_t memory_bytes);
/* A helper of a Lazy SMP search (brain/smp.h): search_fixed_bytes() of its own, and `owner`'s
 * transposition table, which must outlive it (only the owner clears it or starts a new
 * generation). `worker` (>= 1) perturbs its search so that helpers do not all repeat the owner's;
 * `ev` must be safe to use from another thread than the owner's evaluator (the CPU one is). */
Search *search_create_shared(Evaluator *ev, Search *owner, int worker);
/* The threads of a multi-threaded search share `busy` (brain/busy.h: they split nodes' moves
 * instead of searching them in the same order); NULL (the default): one thread. */
void search_set_busy(Search *s, BusyTable *busy);
void search_destroy(Search *s);
void search_set_evaluator(Search *s, Evaluator *ev);
void search_clear(Search *s); /* forget everything learned (new game); shared: nothing */
/* `obs` is copied; NULL removes the observer and the exclusions. */
void search_set_observer(Search *s, const SearchObserver *obs);
/* Whether the observer's exclusions forbid answering `cell`. */
bool search_excludes(const Search *s, int cell);

/* Best move for b->to_move. `stop` (may be NULL) is polled: when it becomes non-zero the search
 * returns the best move of the last completed iteration. The board is restored on return. */
SearchResult search_best_move(Search *s, Board *b, const SearchLimits *lim,
                              const atomic_int *stop);

/* Lazy SMP (brain/smp.h) runs search_best_move in its two halves: the main search prepares the
 * root once (threat searches, exclusions, ordering and pruning), then every thread runs the
 * iterations over its own copy of the prepared moves. */
typedef struct SearchRoot {
    SearchResult result; /* the answer so far: the depth-1 one, or the final one */
    int n;               /* moves for the iterations, best first (never an excluded one) */
    bool threatened;     /* the opponent threatens a forced win: the moves are its refutations */
    uint16_t moves[MOVES_MAX];
} SearchRoot;

/* The first half, with search_best_move's observer and exclusions. Returns true when
 * root->result is already the answer (a threat win, a forced or single move, a decided score,
 * max_depth 1): there is nothing to iterate. The board is restored. */
bool search_prepare(Search *s, Board *b, const SearchLimits *lim, const atomic_int *stop,
                    SearchRoot *root);
/* A first look for Lazy SMP helpers to search while search_prepare runs its threat searches:
 * the root moves by their one-ply values, without the threat searches' filters or the
 * observer's exclusions, so only good for filling the shared table (root->n < 2: nothing to
 * search). The board is restored. */
void search_prepare_quick(Search *s, Board *b, SearchRoot *root);
/* The second half: iterations from depth 2 over root->moves, starting from root->result, with
 * s's perturbation (search_create_shared). Nodes and evals count on from root->result's (zero
 * them for a search that did not prepare). `stop_too` (may be NULL) stops it like `stop` (for
 * Lazy SMP: another thread has completed the search). The board is restored. */
SearchResult search_iterate(Search *s, Board *b, const SearchLimits *lim, const atomic_int *stop,
                            const atomic_int *stop_too, const SearchRoot *root);

/* The best line from `b` as the transposition table holds it after a search of `b` (the root's
 * stored move, then each stored reply while legal): up to min(max, SEARCH_PV_MAX) cells into
 * `pv`, returns how many (0: the root is not in the table). The board is restored. */
int search_pv(Search *s, Board *b, uint16_t *pv, int max);

/* The paper's full-width min-max: every empty cell near the stones, `level` plies (1..4),
 * no pruning, leaves of the last level scored in batches. For comparison with the paper. */
SearchResult search_full_width(Search *s, Board *b, int level, const atomic_int *stop);

#endif
