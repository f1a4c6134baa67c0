/* The fallback evaluator: the primary for large batches until it fails, the backup for the rest
 * and for everything from then on. */
#include "kernels/eval_fallback.h"

#include <stdio.h>
#include <stdlib.h>

typedef struct Fallback {
    Evaluator base;
    Evaluator *primary, *backup;
    EvalErrorText why;
    size_t min_primary_batch;
    bool switched;
    char reason[192]; /* the primary's error at the switch */
} Fallback;

static Fallback *fallback_of(const Evaluator *ev) { return (Fallback *)ev->impl; }

/* The primary failed and the backup scored the same batch fine: the failure was the primary's
 * own (device lost, out of memory), not the input's. Never go back: a flaky device would cost
 * a failed call each time. */
static void switch_to_backup(Fallback *f)
{
    const char *why = f->why ? f->why(f->primary) : NULL;
    snprintf(f->reason, sizeof f->reason, "%s failed (%s); %s from now on", f->primary->name,
             why && why[0] ? why : "error", f->backup->name);
    f->switched = true;
    f->base.name = f->backup->name;
}

/* Whether a batch of n goes to the primary. */
static bool to_primary(const Fallback *f, size_t n)
{
    return !f->switched && n >= f->min_primary_batch;
}

static int fb_score_positions(Evaluator *ev, const EvalPosition *pos, size_t n, int32_t *out)
{
    Fallback *f = fallback_of(ev);
    bool tried = to_primary(f, n);
    if (tried && evaluator_score_positions(f->primary, pos, n, out) == 0)
        return 0;
    int rc = evaluator_score_positions(f->backup, pos, n, out);
    if (rc == 0 && tried)
        switch_to_backup(f);
    return rc;
}

static int fb_score_children(Evaluator *ev, const EvalPosition *parents, const EvalChild *kids,
                             size_t n, int32_t *out)
{
    Fallback *f = fallback_of(ev);
    bool tried = to_primary(f, n);
    if (tried && evaluator_score_children(f->primary, parents, kids, n, out) == 0)
        return 0;
    int rc = evaluator_score_children(f->backup, parents, kids, n, out);
    if (rc == 0 && tried)
        switch_to_backup(f);
    return rc;
}

static void fb_destroy(Evaluator *ev)
{
    Fallback *f = fallback_of(ev);
    evaluator_destroy(f->primary);
    evaluator_destroy(f->backup);
    free(f);
}

/* The tree scores its children one node at a time: on the host's incremental state, whoever
 * scores the batches (results/2026-11-26-gpu-h200.txt: per-node device batches made the brain
 * ten times slower on an H200). */
static const struct PatternTables *fb_incremental_tables(Evaluator *ev)
{
    return evaluator_incremental_tables(fallback_of(ev)->backup);
}

/* Both score alike, so either's tables will do. */
static const struct PatternTables *fb_pattern_tables(Evaluator *ev)
{
    Fallback *f = fallback_of(ev);
    const struct PatternTables *t = evaluator_pattern_tables(f->primary);
    return t ? t : evaluator_pattern_tables(f->backup);
}

static const EvaluatorOps FALLBACK_OPS = {fb_score_positions, fb_score_children, fb_destroy,
                                          fb_incremental_tables, fb_pattern_tables};

Evaluator *evaluator_fallback_create(Evaluator *primary, Evaluator *backup, EvalErrorText why,
                                     size_t min_primary_batch)
{
    Fallback *f = primary && backup ? calloc(1, sizeof *f) : NULL;
    if (!f) {
        evaluator_destroy(primary);
        evaluator_destroy(backup);
        return NULL;
    }
    f->primary = primary;
    f->backup = backup;
    f->why = why;
    f->min_primary_batch = min_primary_batch;
    f->base.name = primary->name;
    f->base.ops = &FALLBACK_OPS;
    f->base.impl = f;
    return &f->base;
}

bool evaluator_fell_back(const Evaluator *ev, char *why, size_t cap)
{
    if (!ev || ev->ops != &FALLBACK_OPS || !fallback_of(ev)->switched)
        return false;
    if (why && cap)
        snprintf(why, cap, "%s", fallback_of(ev)->reason);
    return true;
}

Evaluator *evaluator_fallback_primary(const Evaluator *ev)
{
    return ev && ev->ops == &FALLBACK_OPS ? fallback_of(ev)->primary : NULL;
}

Evaluator *evaluator_fallback_backup(const Evaluator *ev)
{
    return ev && ev->ops == &FALLBACK_OPS ? fallback_of(ev)->backup : NULL;
}
