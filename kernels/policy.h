/* A move's priority for the side to move, from the incremental state and the last moves: what
 * the cell makes for the mover and what it takes from the opponent. The tree orders, reduces
 * and prunes its moves by it instead of scoring every child. Hand-set: by their cell classes,
 * then their pattern values (kernels/values.h's POLICY_*). Learned (tournaments/train_policy.h,
 * where score_policy_set says so): a number per line-class combination for each part, in
 * PatternTables.policy, the hand-set parts of the learned set's prior where the corpus had
 * nothing to say; plus, where score_policy_near_set says so, a locality part: where the cell
 * lies against each of the last four moves (PatternTables.policy_near); and where
 * score_policy_form_set says so, a shape part: a number per line form around the cell, for the
 * mover and for the opponent (PatternTables.policy_form). */
#ifndef GAMOK_POLICY_H
#define GAMOK_POLICY_H

#include <stdint.h>

#include "kernels/incremental.h"
#include "kernels/values.h"

enum { POLICY_OWN = 0, POLICY_OPP = 1 }; /* the two parts */

/* The locality part's bucket (patterns.h) of the empty `cell` against an earlier move `earlier`
 * (-1: none): the Chebyshev distance between them, farther than POLICY_NEAR_FAR counted as
 * that, and whether the cell lies on one of that move's four lines. */
static inline int policy_near_bucket(int cell, int earlier)
{
    if (earlier < 0)
        return POLICY_NEAR_BUCKETS - 1;
    int dx = cell_x(cell) - cell_x(earlier), dy = cell_y(cell) - cell_y(earlier);
    int ax = dx < 0 ? -dx : dx, ay = dy < 0 ? -dy : dy;
    int far = ax > ay ? ax : ay;
    bool on_a_line = ax == 0 || ay == 0 || ax == ay;
    return 2 * ((far < POLICY_NEAR_FAR ? far : POLICY_NEAR_FAR) - 1) + on_a_line;
}

/* What the locality part reads: the last POLICY_NEAR_MOVES moves, the latest first, -1 where
 * the game has fewer. The same for every cell of a node: built once there (policy_recent). */
typedef struct PolicyRecent {
    int earlier[POLICY_NEAR_MOVES];
} PolicyRecent;

/* The recent moves of a game whose `count` cells were filled in the order of `history`. */
static inline PolicyRecent policy_recent(const uint16_t *history, int count)
{
    PolicyRecent r;
    for (int k = 0; k < POLICY_NEAR_MOVES; k++)
        r.earlier[k] = count > k ? history[count - 1 - k] : -1;
    return r;
}

/* Bonus by the cell's class for the mover (own) and for the opponent (taking it from him). */
static inline int32_t policy_class_bonus(int cls, bool own)
{
    static const int32_t OWN[CELL_CLASS_COUNT] = POLICY_OWN_CLASS;
    static const int32_t OPP[CELL_CLASS_COUNT] = POLICY_OPP_CLASS;
    return own ? OWN[cls] : OPP[cls];
}

/* The two parts of a cell's priority: what its entry (patterns.h) for the mover makes, and what
 * the opponent's entry there is worth taking away. */
static inline int32_t policy_own_part(uint16_t entry)
{
    return policy_class_bonus(CELL_ENTRY_CLASS(entry), true)
         + POLICY_OWN_VALUE * CELL_ENTRY_VALUE(entry);
}

static inline int32_t policy_opp_part(uint16_t entry)
{
    return policy_class_bonus(CELL_ENTRY_CLASS(entry), false)
         + POLICY_OPP_VALUE * CELL_ENTRY_VALUE(entry);
}

/* A learned policy's locality part of `cell` after the `recent` moves (0 where it has none). */
static inline int32_t policy_near_part(const IncState *inc, int cell, const PolicyRecent *recent)
{
    int32_t sum = 0;
    if (!inc->policy_near)
        return 0;
    for (int k = 0; k < POLICY_NEAR_MOVES; k++)
        sum += inc->policy_near[k * POLICY_NEAR_BUCKETS
                                + policy_near_bucket(cell, recent->earlier[k])];
    return sum;
}

/* A learned policy's shape part of the empty `cell` for `me` (0 where it has none): own forms
 * of its four lines, then the opponent's. */
static inline int32_t policy_form_part(const IncState *inc, int me, int cell)
{
    if (!inc->policy_form)
        return 0;
    return inc_form_sum(inc, me, cell, inc->policy_form + POLICY_OWN * LINE_FORMS,
                        inc->policy_form + POLICY_OPP * LINE_FORMS);
}

/* The priority of the empty `cell` for `me` (BLACK or WHITE) after the `recent` moves; higher
 * first. */
static inline int32_t policy_score(const IncState *inc, int me, int cell,
                                   const PolicyRecent *recent)
{
    uint16_t own = inc->entry[me - 1][cell], opp = inc->entry[2 - me][cell];
    if (!inc->policy[0])
        return policy_own_part(own) + policy_opp_part(opp);
    const uint16_t *index = inc->tables->combination_index;
    uint32_t key = inc->cell_key[cell], shift = me == BLACK ? 0 : 16;
    uint32_t own_key = (key >> shift) & 0xFFFFu, opp_key = (key >> (16 - shift)) & 0xFFFFu;
    return inc->policy[me - 1][POLICY_OWN * PATTERN_COMBINATIONS + index[own_key]]
         + inc->policy[2 - me][POLICY_OPP * PATTERN_COMBINATIONS + index[opp_key]]
         + policy_near_part(inc, cell, recent) + policy_form_part(inc, me, cell);
}

#endif
