/* The evaluator the brain uses when a device is there: a primary evaluator (CUDA) for the batches
 * large enough to pay for a device call, the backup (CPU) for smaller ones and for the tree's
 * per-node scoring (its incremental state, always on the host: one child costs about a
 * microsecond there, a device call tens). The first time the primary fails on input the backup
 * scores fine, it switches to the backup for good. The search needs no special case: a batch is
 * never lost, and the scores are the same either way (every evaluator is bit-identical). Input
 * that the backup rejects too is the caller's error: the call fails and nothing switches. */
#ifndef GAMOK_EVAL_FALLBACK_H
#define GAMOK_EVAL_FALLBACK_H

#include <stdbool.h>
#include <stddef.h>

#include "kernels/evaluator.h"

/* Why the primary failed (may be NULL): called once, at the switch. */
typedef const char *(*EvalErrorText)(const Evaluator *primary);

/* Takes ownership of both (destroyed with the wrapper, also when this returns NULL). Batches
 * of fewer than `min_primary_batch` evaluations go to the backup. The wrapper's name is the
 * primary's until the switch, the backup's after it. */
Evaluator *evaluator_fallback_create(Evaluator *primary, Evaluator *backup, EvalErrorText why,
                                     size_t min_primary_batch);

/* True when `ev` is a fallback wrapper that has switched to its backup; `why` (may be NULL)
 * gets the primary's error. False for every other evaluator. */
bool evaluator_fell_back(const Evaluator *ev, char *why, size_t cap);

/* The primary of a fallback wrapper, NULL for other evaluators (tests and the bench use it to
 * reach the CUDA evaluator's hooks). */
Evaluator *evaluator_fallback_primary(const Evaluator *ev);

/* The backup of a fallback wrapper, NULL for other evaluators. The engine's Lazy SMP helpers
 * score with it (the CPU evaluator: read-only tables, safe from many threads) while the main
 * search uses the wrapper. */
Evaluator *evaluator_fallback_backup(const Evaluator *ev);

#endif
