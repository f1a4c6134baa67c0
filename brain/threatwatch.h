/* The threat watch: the first helper thread of a search on 3 or more threads (brain/smp.h:
 * SMP_WATCH_HELPERS; as the only helper a Lazy SMP one measured stronger) looks for
 * threat sequences longer than the main search's own root checks can afford. The main search
 * tries wins by up to 2 threes at the root on a share of its time; spending more of its time
 * there cost more than it found (results/2026-11-21-vct4-vs-head-200ms.txt). Another thread
 * has that time for free, and long threat sequences are what the tree loses to against other
 * brains (docs/strength.md). While the main search builds its tree, the watch looks
 *   1. for our own win by up to THREAT_WATCH_THREES threes (brain/vct.h), and
 *   2. when the opponent has such a win, for the root moves after which he still has it: those
 *      are proven lost, and once some other root move is proven to stop him, the main search
 *      stops searching them (SearchLimits.lost).
 * What it finds is proven; what it does not find in time is simply not known. */
#ifndef GAMOK_THREATWATCH_H
#define GAMOK_THREATWATCH_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "brain/board.h"
#include "brain/vcf.h"
#include "kernels/incremental.h"

#define THREAT_WATCH_THREES 4

typedef struct ThreatWatch {
    VcfMemo memo;
    IncState inc;                     /* follows the watched board: five and four cells known
                                         without scanning it (10x faster threat searches) */
    atomic_int win;                   /* first move of our proven win, or CELL_NONE */
    atomic_uchar lost[BOARD_CELLS];   /* root moves after which the opponent wins by threes */
    atomic_int nlost;                 /* how many are set */
    uint64_t nodes;                   /* positions visited by the last run */
} ThreatWatch;

/* Clears the findings before a new run. */
void threatwatch_reset(ThreatWatch *tw);

/* Watches b (the root; b->to_move is "us"), whose root moves are moves[0..n) (best first: they
 * are checked in that order), until everything is checked or `stop` is raised. The findings are
 * published as they are made, for other threads to read: lost moves only once a move that
 * refutes the threat is known (so never all of them). `tables` (the CPU evaluator's) let the
 * watch follow the board with its incremental state; without them (NULL) it looks for fours
 * only, as its VCT reads that state (brain/vct.h). The board is restored on return. */
void threatwatch_run(ThreatWatch *tw, Board *b, const uint16_t *moves, int n,
                     const PatternTables *tables, const atomic_int *stop);

#endif
