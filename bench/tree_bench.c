/* `make bench`, part 2: the game tree's speed in nodes per second, one thread, from fixed
 * middle games (tests/positions/tree_bench.txt and search_middle.txt), each searched to a fixed
 * depth with a fresh table. Rows: the CPU evaluator (the children a threatened node scores come
 * from the incremental state, kernels/incremental.h); the same with that offer hidden (those
 * children in whole-position batches, as through an evaluator that offers no incremental
 * scoring); the brain's `auto` over a simulated device (the CPU evaluator waiting 200 us a call):
 * the tree must not call it; and `auto` on a real CUDA device where there is one. Every row must
 * search the same tree. Options: --depth N (default 6), --max-positions N, --batch 0 (the first
 * row only: for profiling it), --pruning 0 (no forward pruning or reductions at all: what they
 * save), --threads N (the wall time to the depth on N threads, Lazy SMP from 2 on, instead of
 * the rows). */
#define _POSIX_C_SOURCE 200809L
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "brain/search.h"
#include "brain/smp.h"
#include "kernels/eval_cuda.h"
#include "kernels/eval_fallback.h"
#include "kernels/evaluator_select.h"
#include "tests/support/positions.h"

/* What a simulated device waits per call: a launch, two copies and a synchronisation. */
#define SIMULATED_CALL_NS 200000L

static const char *const FILES[] = {"tests/positions/tree_bench.txt",
                                    "tests/positions/search_middle.txt"};

/* CPU time (a shared machine: the rows compare fairly) and wall time (what a device's rows
 * wait for besides). */
static double cpu_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static double wall_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* ---- evaluators for the rows --------------------------------------------------------------- */

/* An evaluator passed through to `inner`, waiting `delay_ns` a call when that is not 0: with
 * the incremental offer hidden it is the tree's batch path (what a device used to get); with a
 * delay it is a simulated device (a launch and two copies per call). */
typedef struct Wrapped {
    Evaluator base;
    Evaluator *inner;
    long delay_ns;
    uint64_t calls;
} Wrapped;

static Wrapped *wrapped_of(Evaluator *ev) { return (Wrapped *)ev->impl; }

static void wait_delay(Wrapped *w)
{
    w->calls++;
    struct timespec d = {0, w->delay_ns};
    if (w->delay_ns > 0)
        nanosleep(&d, NULL);
}

static int wrapped_positions(Evaluator *ev, const EvalPosition *p, size_t n, int32_t *out)
{
    wait_delay(wrapped_of(ev));
    return evaluator_score_positions(wrapped_of(ev)->inner, p, n, out);
}

static int wrapped_children(Evaluator *ev, const EvalPosition *parents, const EvalChild *kids,
                            size_t n, int32_t *out)
{
    wait_delay(wrapped_of(ev));
    return evaluator_score_children(wrapped_of(ev)->inner, parents, kids, n, out);
}

static void wrapped_destroy(Evaluator *ev) { free(wrapped_of(ev)); }

/* The tables stay on offer, as a GPU evaluator's host copy is: the same tree either way. */
static const struct PatternTables *wrapped_tables(Evaluator *ev)
{
    return evaluator_pattern_tables(wrapped_of(ev)->inner);
}

static const EvaluatorOps WRAPPED_OPS = {wrapped_positions, wrapped_children, wrapped_destroy,
                                         NULL, wrapped_tables};

static Evaluator *wrapped_create(Evaluator *inner, const char *name, long delay_ns)
{
    Wrapped *w = calloc(1, sizeof *w);
    if (!w) {
        fprintf(stderr, "tree-bench: out of memory\n");
        exit(1);
    }
    *w = (Wrapped){{name, &WRAPPED_OPS, w}, inner, delay_ns, 0};
    return &w->base;
}

/* ---- the runs ------------------------------------------------------------------------------ */

typedef struct Totals {
    uint64_t nodes, evals;
    double seconds, wall;
    uint64_t moves[64];
} Totals;

static Totals run(Evaluator *ev, const TestPosition *pos, int n, int depth, bool pruning)
{
    Totals t = {0};
    Search *s = search_create(ev, (size_t)64 << 20);
    if (!s) {
        fprintf(stderr, "tree-bench: out of memory\n");
        exit(1);
    }
    for (int i = 0; i < n; i++) {
        Board b = pos[i].board;
        SearchLimits lim = {.max_depth = depth, .no_pruning = !pruning};
        search_clear(s);
        double t0 = cpu_s(), w0 = wall_s();
        SearchResult r = search_best_move(s, &b, &lim, NULL);
        t.seconds += cpu_s() - t0;
        t.wall += wall_s() - w0;
        t.nodes += r.nodes;
        t.evals += r.evals;
        t.moves[i] = (uint64_t)r.move;
    }
    search_destroy(s);
    return t;
}

/* The same positions on `threads` threads (Lazy SMP, brain/smp.h): the wall time to `depth`,
 * the nodes of all threads. Not the same tree from run to run: no comparison. */
static Totals run_threads(Evaluator *ev, const TestPosition *pos, int n, int depth, bool pruning,
                          int threads)
{
    Totals t = {0};
    Search *s = search_create(ev, (size_t)64 << 20);
    Smp *smp = s ? smp_create(s, ev, threads - 1) : NULL;
    if (!smp) {
        fprintf(stderr, "tree-bench: out of memory\n");
        exit(1);
    }
    for (int i = 0; i < n; i++) {
        Board b = pos[i].board;
        SearchLimits lim = {.max_depth = depth, .no_pruning = !pruning};
        search_clear(s);
        double w0 = wall_s();
        SearchResult r = smp_best_move(smp, &b, &lim, NULL);
        t.wall += wall_s() - w0;
        t.nodes += r.nodes;
        t.evals += r.evals;
        t.moves[i] = (uint64_t)r.move;
    }
    smp_destroy(smp);
    search_destroy(s);
    return t;
}

static void print_row(const char *name, Totals t)
{
    printf("  %-40s %9llu nodes %9llu evals %7.3f s %7.3f s wall %9.0f nodes/s\n", name,
           (unsigned long long)t.nodes, (unsigned long long)t.evals, t.seconds, t.wall,
           t.nodes / t.seconds);
}

/* Each position's chosen cell as x,y: with the node count, the fingerprint that a change meant
 * to keep behaviour compares before and after. */
static void print_moves(const uint64_t *moves, int n)
{
    printf("  moves:");
    for (int i = 0; i < n; i++)
        printf(" %d,%d", cell_x((int)moves[i]), cell_y((int)moves[i]));
    printf("\n");
}

/* A row that must search the reference's tree: prints it, how its wall time compares, and
 * whether its nodes and moves are the reference's. */
static bool same_tree_row(const char *name, Evaluator *ev, const Totals *ref,
                          const TestPosition *pos, int n, int depth, bool pruning)
{
    Totals t = run(ev, pos, n, depth, pruning);
    print_row(name, t);
    bool same = t.nodes == ref->nodes && !memcmp(t.moves, ref->moves, (size_t)n * sizeof t.moves[0]);
    printf("    same nodes and moves as the first row: %s; wall time %.2fx the first row's\n",
           same ? "yes" : "NO", t.wall / ref->wall);
    return same;
}

/* Rows under a CUDA device: auto as the brain makes it (skipped, with the reason, without). */
static bool device_rows(const Totals *ref, const TestPosition *pos, int n, int depth,
                        bool pruning)
{
    char why[160], note[320], name[96];
    Evaluator *probe = evaluator_cuda_create(why, sizeof why);
    if (!probe) {
        printf("  SKIP the device row (auto on a GPU): %s\n", why);
        return true;
    }
    evaluator_destroy(probe);
    Evaluator *ev = evaluator_select(EVAL_CHOICE_AUTO, note, sizeof note);
    snprintf(name, sizeof name, "auto: %.40s", evaluator_cuda_device_name(
                 evaluator_fallback_primary(ev)));
    printf("  (%s)\n", note);
    bool same = same_tree_row(name, ev, ref, pos, n, depth, pruning);
    evaluator_destroy(ev);
    return same;
}

int main(int argc, char **argv)
{
    int depth = 6, max_positions = 1000, with_batch = 1, pruning = 1, threads = 0;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--depth"))
            depth = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--max-positions"))
            max_positions = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--batch"))
            with_batch = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--pruning"))
            pruning = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--threads"))
            threads = atoi(argv[i + 1]);
    }
    TestPosition all[64];
    int n = 0;
    for (size_t f = 0; f < sizeof FILES / sizeof FILES[0]; f++) {
        TestPosition *p;
        int k = tp_load(FILES[f], &p);
        for (int i = 0; i < k && n < 64 && n < max_positions; i++)
            all[n++] = p[i];
        free(p);
    }
    Evaluator *cpu = evaluator_cpu_create();
    if (!cpu || n == 0) {
        fprintf(stderr, "tree-bench: no evaluator or no positions (run from the repository)\n");
        return 1;
    }
    if (threads >= 1 && threads <= SMP_MAX_THREADS) {
        printf("\n## Tree: alpha-beta to depth %d from %d middle games, %d thread%s%s\n", depth,
               n, threads, threads > 1 ? "s" : "", pruning ? "" : ", no pruning");
        Totals t = threads > 1 ? run_threads(cpu, all, n, depth, pruning, threads)
                               : run(cpu, all, n, depth, pruning);
        printf("  threads %-3d %12llu nodes %9.3f s wall %10.0f nodes/s (wall)\n", threads,
               (unsigned long long)t.nodes, t.wall, t.nodes / t.wall);
        print_moves(t.moves, n);
        evaluator_destroy(cpu);
        return 0;
    }
    printf("\n## Tree: alpha-beta to depth %d from %d middle games, 1 thread%s\n", depth, n,
           pruning ? "" : ", no pruning");
    Totals ref = run(cpu, all, n, depth, pruning);
    print_row("cpu: incremental children", ref);
    print_moves(ref.moves, n);
    bool same = true;
    if (with_batch) {
        Evaluator *batch = wrapped_create(cpu, "cpu-batch", 0);
        same &= same_tree_row("cpu: batch children (no incremental)", batch, &ref, all, n,
                              depth, pruning);
        evaluator_destroy(batch);
        /* The brain's auto under a device: the tree must never wait for it. */
        Evaluator *device = wrapped_create(cpu, "simulated", SIMULATED_CALL_NS);
        Wrapped *sim = wrapped_of(device);
        Evaluator *autoev = evaluator_fallback_create(device, evaluator_cpu_create(), NULL,
                                                      EVAL_CUDA_MIN_BATCH);
        same &= same_tree_row("auto: simulated device (200 us a call)", autoev, &ref, all, n,
                              depth, pruning);
        printf("    calls to the simulated device: %llu\n", (unsigned long long)sim->calls);
        evaluator_destroy(autoev);
        same &= device_rows(&ref, all, n, depth, pruning);
    }
    evaluator_destroy(cpu);
    return same ? 0 : 1;
}
