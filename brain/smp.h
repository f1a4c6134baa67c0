/* Lazy SMP: a search on several threads. The main search (its owner's Search, on the calling
 * thread) and N helper searches run the same root at once, each with its own move lists, leaf
 * batch and VCF memo, all sharing the main search's transposition table (brain/tt.h is safe for
 * that without locks). Helpers perturb their order (search_create_shared) and only fill the
 * table; the main search's result is the answer, and only it reports to the observer. */
#ifndef GAMOK_SMP_H
#define GAMOK_SMP_H

#include <stdatomic.h>
#include <stddef.h>

#include "brain/board.h"
#include "brain/search.h"

/* More threads than this are never started (engine_set_threads clamps to it). */
#define SMP_MAX_THREADS 64

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

/* search_best_move of the main search (its observer and exclusions apply) with the helpers
 * searching beside it under the same limits; `excluded` (may be NULL) is given to the helpers
 * too. When the main search returns (done, out of time, or `stop`), the helpers are told to stop
 * and joined before this returns. A helper thread that cannot start is simply left out. */
SearchResult smp_best_move(Smp *smp, Board *b, const SearchLimits *lim, const atomic_int *stop,
                           const uint8_t *excluded);

#endif
