/* Picks the evaluator: the CUDA one (inside the fallback wrapper) when asked and usable. */
#include "kernels/evaluator_select.h"

#include <stdio.h>
#include <strings.h>

#include "kernels/eval_cuda.h"
#include "kernels/eval_fallback.h"

static const char *const CHOICE_NAME[] = {"auto", "cpu", "cuda"};

bool evaluator_choice_parse(const char *word, EvaluatorChoice *out)
{
    for (int c = EVAL_CHOICE_AUTO; c <= EVAL_CHOICE_CUDA; c++)
        if (word && !strcasecmp(word, CHOICE_NAME[c])) {
            *out = (EvaluatorChoice)c;
            return true;
        }
    return false;
}

const char *evaluator_choice_name(EvaluatorChoice c)
{
    return c >= EVAL_CHOICE_AUTO && c <= EVAL_CHOICE_CUDA ? CHOICE_NAME[c] : "?";
}

static void say(char *note, size_t cap, const char *fmt, const char *a, const char *b)
{
    if (note && cap)
        snprintf(note, cap, fmt, a, b);
}

Evaluator *evaluator_select(EvaluatorChoice choice, char *note, size_t cap)
{
    if (choice == EVAL_CHOICE_CPU) {
        say(note, cap, "%s%s", "cpu forced", "");
        return evaluator_cpu_create();
    }
    char why[160];
    Evaluator *gpu = evaluator_cuda_create(why, sizeof why);
    if (!gpu) {
        say(note, cap, choice == EVAL_CHOICE_CUDA ? "%s forced but unavailable: %s" : "%s: %s",
            evaluator_choice_name(choice), why);
        return evaluator_cpu_create();
    }
    char where[192];
    snprintf(where, sizeof where, "%s (the tree scores on the CPU; batches of %d or more on "
             "the GPU)", evaluator_cuda_device_name(gpu), EVAL_CUDA_MIN_BATCH);
    say(note, cap, choice == EVAL_CHOICE_CUDA ? "%s forced: %s" : "%s: %s",
        evaluator_choice_name(choice), where);
    return evaluator_fallback_create(gpu, evaluator_cpu_create(), evaluator_cuda_error,
                                     EVAL_CUDA_MIN_BATCH);
}
