/* The CUDA evaluator: kernels/score.h compiled for the device (eval_cuda.cu), one thread per
 * position, the pattern tables copied to device memory once. Device buffers, the stream and the
 * pinned host staging buffers are made once and only grow. Calls are serialised by a mutex.
 *
 * Return codes of its score functions: 0, EVAL_BAD_INPUT (a position the CPU evaluator rejects
 * too) or EVAL_DEVICE_FAILED (a CUDA error; from then on every call fails the same way, and the
 * fallback wrapper switches to the CPU). A binary built without nvcc links eval_cuda_stub.c:
 * evaluator_cuda_create then always says why there is no CUDA evaluator. */
#ifndef GAMOK_EVAL_CUDA_H
#define GAMOK_EVAL_CUDA_H

#include <stdbool.h>
#include <stddef.h>

#include "kernels/evaluator.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { EVAL_BAD_INPUT = -1, EVAL_DEVICE_FAILED = -2 };

/* The brain sends the device batches of at least this many evaluations, the CPU the smaller
 * ones: a device call costs ~230 us in launches and copies, the CPU 4-6 us an evaluation, so
 * the device pays from 40-60 on (H200 box, results/2026-11-26-gpu-h200.txt). `make bench`
 * measures the crossover where it runs (section 1c). */
#define EVAL_CUDA_MIN_BATCH 64

/* True when this binary was built with the CUDA evaluator. */
bool evaluator_cuda_built(void);

/* The CUDA evaluator on device 0, after a self-check against the host scorer. NULL when no
 * device is usable; `why` then says why ("no CUDA device", "built without CUDA", ...). */
Evaluator *evaluator_cuda_create(char *why, size_t cap);

/* The device's name ("" for a NULL or non-CUDA evaluator). */
const char *evaluator_cuda_device_name(const Evaluator *ev);

/* The first CUDA error this evaluator met ("" while none). */
const char *evaluator_cuda_error(const Evaluator *ev);

/* Test hook: after `calls` more successful calls, the next call fails exactly as a CUDA error
 * from the device would (the evaluator is then broken for good). Negative: no injection. */
void evaluator_cuda_inject_failure(Evaluator *ev, int calls);

/* Milliseconds the kernel itself took in the last successful call (CUDA events). */
double evaluator_cuda_kernel_ms(const Evaluator *ev);

#ifdef __cplusplus
}
#endif

#endif
