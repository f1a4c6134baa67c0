/* A move's priority for the side to move, from the incremental state alone: what the cell makes
 * for the mover and what it takes from the opponent, by their cell classes, then their pattern
 * values. The tree orders, reduces and prunes its moves by it instead of scoring every child.
 * The numbers are kernels/values.h's (POLICY_*): hand-set until trained ones replace them. */
#ifndef GAMOK_POLICY_H
#define GAMOK_POLICY_H

#include <stdint.h>

#include "kernels/incremental.h"
#include "kernels/values.h"

/* Bonus by the cell's class for the mover (own) and for the opponent (taking it from him). */
static inline int32_t policy_class_bonus(int cls, bool own)
{
    static const int32_t OWN[CELL_CLASS_COUNT] = POLICY_OWN_CLASS;
    static const int32_t OPP[CELL_CLASS_COUNT] = POLICY_OPP_CLASS;
    return own ? OWN[cls] : OPP[cls];
}

/* The priority of the empty `cell` for `me` (BLACK or WHITE); higher first. */
static inline int32_t policy_score(const IncState *inc, int me, int cell)
{
    uint16_t own = inc->entry[me - 1][cell], opp = inc->entry[2 - me][cell];
    return policy_class_bonus(CELL_ENTRY_CLASS(own), true)
         + policy_class_bonus(CELL_ENTRY_CLASS(opp), false)
         + POLICY_OWN_VALUE * CELL_ENTRY_VALUE(own) + POLICY_OPP_VALUE * CELL_ENTRY_VALUE(opp);
}

#endif
