/* `make bench`, part 2: the game tree's speed in nodes per second, one thread, the CPU
 * evaluator, from fixed middle games (tests/positions/tree_bench.txt and search_middle.txt),
 * each searched to a fixed depth with a fresh table. Twice: children scored from the
 * incremental state (kernels/incremental.h, what the CPU evaluator offers), and through
 * whole-position batches (the same evaluator with that offer hidden, as a GPU evaluator is
 * used). Options: --depth N (default 6), --max-positions N, --batch 0 (the incremental
 * path only: for profiling it), --pruning 0 (no null move, futility or late-move reductions:
 * what they save). */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "brain/search.h"
#include "kernels/evaluator.h"
#include "tests/support/positions.h"

static const char *const FILES[] = {"tests/positions/tree_bench.txt",
                                    "tests/positions/search_middle.txt"};

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t); /* a shared machine: CPU time, not wall */
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* The CPU evaluator without its incremental offer: the batch path of the tree. */
static const Evaluator *batch_inner(Evaluator *ev) { return (const Evaluator *)ev->impl; }

static int batch_positions(Evaluator *ev, const EvalPosition *p, size_t n, int32_t *out)
{
    Evaluator *in = (Evaluator *)batch_inner(ev);
    return evaluator_score_positions(in, p, n, out);
}

static int batch_children(Evaluator *ev, const EvalPosition *parents, const EvalChild *kids,
                          size_t n, int32_t *out)
{
    Evaluator *in = (Evaluator *)batch_inner(ev);
    return evaluator_score_children(in, parents, kids, n, out);
}

static void batch_destroy(Evaluator *ev) { (void)ev; }

/* The tables stay on offer, as a GPU evaluator's host copy is: the same tree either way. */
static const struct PatternTables *batch_tables(Evaluator *ev)
{
    return evaluator_pattern_tables((Evaluator *)batch_inner(ev));
}

static const EvaluatorOps BATCH_OPS = {batch_positions, batch_children, batch_destroy, NULL,
                                       batch_tables};

typedef struct Totals {
    uint64_t nodes, evals;
    double seconds;
} Totals;

static Totals run(Evaluator *ev, const TestPosition *pos, int n, int depth, bool pruning,
                  uint64_t *moves)
{
    Totals t = {0, 0, 0};
    Search *s = search_create(ev, (size_t)64 << 20);
    if (!s) {
        fprintf(stderr, "tree-bench: out of memory\n");
        exit(1);
    }
    for (int i = 0; i < n; i++) {
        Board b = pos[i].board;
        SearchLimits lim = {.max_depth = depth, .no_pruning = !pruning};
        search_clear(s);
        double t0 = now_s();
        SearchResult r = search_best_move(s, &b, &lim, NULL);
        t.seconds += now_s() - t0;
        t.nodes += r.nodes;
        t.evals += r.evals;
        moves[i] = (uint64_t)r.move;
    }
    search_destroy(s);
    return t;
}

static void print_row(const char *name, Totals t)
{
    printf("  %-34s %10llu nodes %11llu evals %8.3f s %10.0f nodes/s %11.0f evals/s\n", name,
           (unsigned long long)t.nodes, (unsigned long long)t.evals, t.seconds,
           t.nodes / t.seconds, t.evals / t.seconds);
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

int main(int argc, char **argv)
{
    int depth = 6, max_positions = 1000, with_batch = 1, pruning = 1;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--depth"))
            depth = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--max-positions"))
            max_positions = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--batch"))
            with_batch = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--pruning"))
            pruning = atoi(argv[i + 1]);
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
    Evaluator batch = {"cpu-batch", &BATCH_OPS, cpu};
    uint64_t inc_moves[64], batch_moves[64];
    printf("\n## Tree: alpha-beta to depth %d from %d middle games, 1 thread, CPU evaluator%s\n",
           depth, n, pruning ? "" : ", no pruning");
    Totals ti = run(cpu, all, n, depth, pruning, inc_moves);
    print_row("incremental children", ti);
    print_moves(inc_moves, n);
    if (!with_batch) {
        evaluator_destroy(cpu);
        return 0;
    }
    Totals tb = run(&batch, all, n, depth, pruning, batch_moves);
    print_row("batch children (no incremental)", tb);
    /* Both paths score identically, so the trees are the same: same moves, same node count. */
    int same = !memcmp(inc_moves, batch_moves, (size_t)n * sizeof inc_moves[0])
            && ti.nodes == tb.nodes;
    printf("  same moves and nodes: %s; speed-up %.1fx\n", same ? "yes" : "NO",
           (ti.nodes / ti.seconds) / (tb.nodes / tb.seconds));
    evaluator_destroy(cpu);
    return same ? 0 : 1;
}
