/* The evaluator interface: the one way the game tree (and later the GA) get positions scored.
 *
 * Everything is batched so that a GPU implementation receives large, self-contained arrays:
 *  - score_positions: n whole positions;
 *  - score_children: n (parent, move) pairs over an array of parents, which covers "all children
 *    of one node" and "all children of many frontier nodes" in one call.
 * Scores are deterministic 32-bit integers from the point of view of the side to move in the
 * scored position (negamax convention: a parent's value through move m is -score(child)).
 * Every implementation must return bit-identical scores for the same input. */
#ifndef GAMOK_EVALUATOR_H
#define GAMOK_EVALUATOR_H

#include <stddef.h>
#include <stdint.h>

#include "kernels/position.h"

/* A self-contained, fixed-size position: a batch is one flat array that can be copied to a
 * device as it is. */
typedef struct EvalPosition {
    uint8_t cell[BOARD_CELLS]; /* EMPTY/BLACK/WHITE/BLOCKER, index cell_index(x, y) */
    uint8_t size;              /* BOARD_MIN..BOARD_MAX */
    uint8_t to_move;           /* BLACK or WHITE: the score is from this side's point of view */
    uint8_t rule;              /* RULE_* */
    uint8_t pad;
} EvalPosition;

/* One child: `move` (an empty cell) played by parents[parent].to_move. */
typedef struct EvalChild {
    uint32_t parent;
    uint16_t move;
    uint16_t pad;
} EvalChild;

/* Score bounds. A decided position (a five on the board for the side that just moved, or a
 * "special condition" that wins by force) scores within SCORE_WIN_MIN..SCORE_WIN. */
#define SCORE_WIN 30000
#define SCORE_WIN_MIN 20000

typedef struct Evaluator Evaluator;
struct PatternTables; /* kernels/patterns.h */

typedef struct EvaluatorOps {
    /* Return 0 on success, non-zero on failure (the caller may fall back to another evaluator). */
    int (*score_positions)(Evaluator *ev, const EvalPosition *pos, size_t n, int32_t *out);
    int (*score_children)(Evaluator *ev, const EvalPosition *parents, const EvalChild *kids,
                          size_t n, int32_t *out);
    void (*destroy)(Evaluator *ev);
    /* Optional (NULL: no). The pattern tables an evaluator scores with when an incremental state
     * built on them (kernels/incremental.h) on the host gives exactly its scores and is the
     * faster way for it: the tree then scores children from that state instead of batches. */
    const struct PatternTables *(*incremental_tables)(Evaluator *ev);
    /* Optional (NULL: none). The host copy of the pattern tables the evaluator scores with,
     * whichever way it scores: the tree keeps an incremental state on them for what it asks
     * besides scores (move ordering, four and five tests), so that every evaluator that has
     * them searches the same tree. */
    const struct PatternTables *(*pattern_tables)(Evaluator *ev);
} EvaluatorOps;

struct Evaluator {
    const char *name;         /* "cpu", "cuda" */
    const EvaluatorOps *ops;
    void *impl;               /* implementation state */
};

static inline int evaluator_score_positions(Evaluator *ev, const EvalPosition *pos, size_t n,
                                            int32_t *out)
{
    return ev->ops->score_positions(ev, pos, n, out);
}

static inline int evaluator_score_children(Evaluator *ev, const EvalPosition *parents,
                                           const EvalChild *kids, size_t n, int32_t *out)
{
    return ev->ops->score_children(ev, parents, kids, n, out);
}

static inline const struct PatternTables *evaluator_incremental_tables(Evaluator *ev)
{
    return ev->ops->incremental_tables ? ev->ops->incremental_tables(ev) : NULL;
}

static inline const struct PatternTables *evaluator_pattern_tables(Evaluator *ev)
{
    return ev->ops->pattern_tables ? ev->ops->pattern_tables(ev) : NULL;
}

static inline void evaluator_destroy(Evaluator *ev)
{
    if (ev && ev->ops)
        ev->ops->destroy(ev);
}

/* The CPU evaluator (kernels/eval_cpu.c). Returns NULL when out of memory. */
Evaluator *evaluator_cpu_create(void);

#endif
