/* Victory by continuous fours (VCF): the attacker plays only moves that make a four, so every
 * defender reply is forced to the five point, until the attacker makes a five or a four the
 * defender cannot stop (two five points, or a renju-black defender whose only block is
 * forbidden). The defender's own fives are respected: a four that lets the defender five first
 * fails, and a four the defender blocks with a four of his own must be answered by a block that
 * is itself a four. Renju black attacks with legal moves only. */
#ifndef GAMOK_VCF_H
#define GAMOK_VCF_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "brain/board.h"

/* Positions proven to hold no VCF within some number of fours, so that transpositions (the same
 * fours in another order) are not searched again. Indexed by the low bits of the hash. */
#define VCF_MEMO_BITS 14
#define VCF_MEMO_SIZE (1u << VCF_MEMO_BITS)

typedef struct VcfMemo {
    uint64_t hash[VCF_MEMO_SIZE];
    uint8_t fours[VCF_MEMO_SIZE]; /* no VCF within this many fours */
} VcfMemo;

typedef struct VcfLimits {
    int max_fours;            /* attacker moves at most */
    uint64_t max_nodes;       /* positions visited at most (0: no limit) */
    int64_t deadline_ms;      /* clock_ms() value at which to give up (<= 0: none) */
    const atomic_int *stop;   /* may be NULL: polled, gives up when non-zero */
    /* From the attacker's move after this many fours on (0: never), a four is only tried when
     * it also makes something on another line (an open two, a three), as the last fours of a
     * win do: a quick check, not a proof that no VCF exists (its "none" is remembered apart). */
    int plain_four_levels;
} VcfLimits;

typedef struct VcfResult {
    int move;         /* the first four of the win, or CELL_NONE */
    int plies;        /* plies until the five is on the board */
    uint64_t nodes;   /* positions visited */
    bool aborted;     /* the node or time limit cut the search short: "none" is not a proof */
} VcfResult;

void vcf_memo_clear(VcfMemo *m);
/* The memo under any 64-bit key (the VCF uses the position's hash; other searches mix in their
 * own salt): "no win within `budget`" was stored for it, with at least that budget. */
bool vcf_memo_says_none(const VcfMemo *m, uint64_t key, int budget);
void vcf_memo_store_none(VcfMemo *m, uint64_t key, int budget);

/* Looks for a VCF of b->to_move. The board is restored before returning. `memo` may be NULL. */
VcfResult vcf_find(Board *b, const VcfLimits *lim, VcfMemo *memo);

#endif
