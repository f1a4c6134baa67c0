/* A search on several threads. The main search (its owner's Search, on the calling thread)
 * prepares the root (threat searches, pruning) and iterates over it. The helpers are Lazy SMP:
 * they iterate over the prepared moves with their own perturbation (search_create_shared), each
 * with its own move lists, leaf batch and VCF memo, all sharing the main search's transposition
 * table (brain/tt.h is safe for that without locks), filling it and sometimes completing a
 * deeper iteration than the main search. All threads split the moves of the nodes they meet
 * (simplified ABDADA, brain/busy.h). From SMP_WATCH_HELPERS helpers on, the first helper is the
 * threat watch instead (brain/threatwatch.h): it looks for longer threat sequences than the main
 * search's root checks (our win, which then answers; the root moves the opponent's win by threes
 * still beats, which the main search then leaves out), and with time left searches like the
 * others. */
#ifndef GAMOK_SMP_H
#define GAMOK_SMP_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

#include "brain/board.h"
#include "brain/search.h"

/* More threads than this are never started (engine_set_threads clamps to it). */
#define SMP_MAX_THREADS 64

/* Helpers from which the first is the threat watch. As the only helper (2 threads) a Lazy SMP
 * one measured stronger: 51.8% against 46.5% for the watch over 256 games each at 300 ms
 * (results/2026-11-21-threads2-lazy-vs-1-300ms.txt, -vs-1-300ms-balanced.txt). */
#define SMP_WATCH_HELPERS 2

typedef struct Smp Smp;

/* Bytes one helper needs (its fixed tables; the transposition table is shared). */
size_t smp_helper_bytes(void);

/* `helpers` (0..SMP_MAX_THREADS - 1) helper searches for `main`, which must outlive them.
 * `ev` is the helpers' evaluator: it is used from several threads at once, so it must be
 * thread-safe (the CPU evaluator is; the CUDA one is not). NULL when out of memory. */
Smp *smp_create(Search *main, Evaluator *ev, int helpers);
void smp_destroy(Smp *smp);
int smp_helpers(const Smp *smp);
void smp_set_evaluator(Smp *smp, Evaluator *ev);

/* search_best_move with the helpers: the main search (its observer and exclusions apply)
 * prepares the root (search_prepare) while the threat watch (if any) starts and the Lazy SMP
 * helpers search the quick root, for the table only (what they answer there is thrown away and
 * cannot end the main search). When that leaves iterations to run, each Lazy SMP helper
 * iterates on its own copy of the prepared moves and board (search_iterate) beside the main
 * search, under the same limits, and the main search leaves out the moves the watch proves
 * lost. When the main search returns (done, out of time, `stop`, or a helper completed
 * max_depth or proved a win first, the watch's only at a cell not excluded), the helpers are
 * told to stop and joined. The answer is the best thread's by smp_answers_better (the watch's
 * only a proven win at a cell not excluded), so a prepared move unless it is a proven win; its
 * nodes and evals add up all threads'. Only the main search reports to its observer. A helper
 * thread that cannot start is simply left out. */
SearchResult smp_best_move(Smp *smp, Board *b, const SearchLimits *lim, const atomic_int *stop);

/* Whether thread answer `a` is better than `b` (the rule smp_best_move picks by): a proven win
 * first (the quicker one), then one not proven lost, then the deeper completed iteration, then
 * the deeper iteration cut short (search.h: `partial`), then, of two cut short at the same
 * depth, the higher score. That last is the common end of a timed move: both threads searched
 * the same first root move, then mostly different others (busy.h), so the better of their two
 * bests is the best over more of the moves, where the main search alone would answer from its
 * own share. Ties keep `b`. */
bool smp_answers_better(const SearchResult *a, const SearchResult *b);

/* What thread `thread` (0: the main search, 1..smp_helpers: a helper) answered in the last
 * smp_best_move, its own nodes and evals only; a helper that did not run: move CELL_NONE,
 * no nodes. */
SearchResult smp_thread_result(const Smp *smp, int thread);

#endif
