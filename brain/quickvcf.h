/* The leaves' quick VCF: does the side to move win by fours that build? It plays fours that
 * also make an open two or a three on another line (any four against a renju-black defender,
 * whose block may be forbidden), each block forced, until a four cannot be stopped (two five
 * points, or a forbidden block) or the static value sees a win (an open four or a 4-3 to play
 * that the defender cannot meet with a four). No memo: a few positions a leaf. Rapfi's leaves
 * search such fours (its quick VCF); the full VCF check (brain/vcf.h) also tries the fours that
 * make nothing else and costs more than it finds there, and giving the lines that do not win a
 * value (a quiescence of fours) played worse (results/2026-11-28-leaf-fours.txt). */
#ifndef GAMOK_QUICKVCF_H
#define GAMOK_QUICKVCF_H

#include "brain/board.h"

typedef struct QuickVcfLimits {
    int max_fours; /* attacker moves along one line at most */
    int max_nodes; /* positions at most (the first included) */
    /* Fours that make nothing on another line (kernels/incremental.h: inc_four_plus) are also
     * tried on the first this many moves of a line. */
    int plain_four_levels;
} QuickVcfLimits;

typedef struct QuickVcfResult {
    int value; /* for b->to_move; decided values count their plies from b */
    int nodes; /* positions visited */
} QuickVcfResult;

/* b must be followed by an incremental state (board_follow), its side to move have no five to
 * play and the opponent none either. The static value when it is at least beta or no win is
 * found, else the win. The board and its state are restored before returning. */
QuickVcfResult quick_vcf(Board *b, int beta, const QuickVcfLimits *lim);

#endif
