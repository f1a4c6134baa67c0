/* Which evaluator the brain uses: cpu, cuda, or auto (cuda when a device is usable, else cpu).
 * A CUDA evaluator always comes wrapped in the fallback evaluator (eval_fallback.h): the tree
 * and batches under EVAL_CUDA_MIN_BATCH are scored on the CPU, larger batches (the paper's
 * full-width levels, the GA's generations) on the GPU, and a CUDA error mid-game switches to
 * the CPU for good instead of losing a move. */
#ifndef GAMOK_EVALUATOR_SELECT_H
#define GAMOK_EVALUATOR_SELECT_H

#include <stdbool.h>
#include <stddef.h>

#include "kernels/evaluator.h"

typedef enum { EVAL_CHOICE_AUTO = 0, EVAL_CHOICE_CPU, EVAL_CHOICE_CUDA } EvaluatorChoice;

/* "auto", "cpu" or "cuda" (case-insensitive); false for anything else. */
bool evaluator_choice_parse(const char *word, EvaluatorChoice *out);
const char *evaluator_choice_name(EvaluatorChoice c);

/* The evaluator for `choice`, and in `note` why it is that one (for a MESSAGE line), e.g.
 * "NVIDIA H100 80GB HBM3" or "no CUDA device (auto)". Forcing cuda where CUDA cannot run gives
 * the CPU evaluator and says so. NULL only when out of memory. */
Evaluator *evaluator_select(EvaluatorChoice choice, char *note, size_t cap);

#endif
