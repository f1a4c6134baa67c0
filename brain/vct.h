/* Victory by continuous threats (VCT): a threat-space search. The attacker plays only forcing
 * moves, fours (one reply: the five point) and open threes (one more stone would make an open
 * four), in any order, and must end with a five or a four the defender cannot stop; the final
 * stretch of fours is a VCF (brain/vcf.h). The defender answers a three with every cell that
 * could stop it (those within 4 of the attacker's open-four points along their lines) and with
 * every four of his own; a defender four is blocked and the three still stands. A defender VCF
 * refutes a three. Everything is read from the incremental line classes (kernels/incremental.h),
 * so the board must follow an incremental state, or the limits must give pattern tables to build
 * one from. */
#ifndef GAMOK_VCT_H
#define GAMOK_VCT_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "brain/board.h"
#include "brain/vcf.h"
#include "kernels/patterns.h"

typedef struct VctLimits {
    int max_threes;         /* attacker threes at most before the final VCF */
    int max_moves;          /* attacker threes and fours at most before it (0: 2 * max_threes) */
    int vcf_fours;          /* fours of each VCF tried */
    uint64_t max_nodes;     /* positions visited at most, VCF positions included (0: none) */
    int64_t deadline_ms;    /* clock_ms() value at which to give up (<= 0: none) */
    const atomic_int *stop; /* may be NULL */
    const PatternTables *tables; /* for a board no incremental state follows (may be NULL) */
} VctLimits;

/* Looks for a VCT of b->to_move; the result's move is its first move (a three or a four, or the
 * block of the defender's four that comes first) and its plies count to the five, the
 * defender's longest resistance. The board is restored before returning. `memo` may be NULL.
 * Without an incremental state or tables to build one: no result, marked aborted. */
VcfResult vct_find(Board *b, const VctLimits *lim, VcfMemo *memo);

#endif
