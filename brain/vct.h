/* Victory by continuous threats (VCT), a small root-level version: the attacker plays moves
 * that make an open three (one more stone makes an open four), the defender answers with every
 * cell on that three's line near it and with his own fours, and the attacker must still win by
 * continuous fours (brain/vcf.h) after at most `max_threes` such threes. A defender VCF after
 * any three refutes it. The one-ply evaluation sees a double threat one move ahead; this sees
 * a chain of single threes that forces one. Fours mixed between the threes are left out. */
#ifndef GAMOK_VCT_H
#define GAMOK_VCT_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "brain/board.h"
#include "brain/vcf.h"

typedef struct VctLimits {
    int max_threes;         /* attacker threes at most before the final VCF */
    int vcf_fours;          /* fours of each VCF tried */
    uint64_t max_nodes;     /* positions visited at most, VCF positions included (0: none) */
    int64_t deadline_ms;    /* clock_ms() value at which to give up (<= 0: none) */
    const atomic_int *stop; /* may be NULL */
} VctLimits;

/* Looks for a VCT of b->to_move; the result's move is its first move (a three, or a four when a
 * plain VCF wins). The board is restored before returning. `memo` may be NULL. */
VcfResult vct_find(Board *b, const VctLimits *lim, VcfMemo *memo);

#endif
