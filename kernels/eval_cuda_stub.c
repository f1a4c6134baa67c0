/* The CUDA evaluator's API in a build without nvcc (the Makefile leaves this file out when it
 * compiles eval_cuda.cu): there is never a CUDA evaluator, and the reason says so. */
#include "kernels/eval_cuda.h"

#include <stdio.h>

bool evaluator_cuda_built(void) { return false; }

Evaluator *evaluator_cuda_create(char *why, size_t cap)
{
    if (why && cap)
        snprintf(why, cap, "built without CUDA");
    return NULL;
}

const char *evaluator_cuda_device_name(const Evaluator *ev)
{
    (void)ev;
    return "";
}

const char *evaluator_cuda_error(const Evaluator *ev)
{
    (void)ev;
    return "";
}

void evaluator_cuda_inject_failure(Evaluator *ev, int calls)
{
    (void)ev;
    (void)calls;
}

double evaluator_cuda_kernel_ms(const Evaluator *ev)
{
    (void)ev;
    return 0.0;
}
