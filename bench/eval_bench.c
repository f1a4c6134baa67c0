/* `make bench`: the evaluators' speed, llm.c style in one file: the CPU evaluator is the
 * reference, the CUDA kernel is validated against it before it is timed, then
 *   1. evaluations per second at batch sizes 1..1M: CPU on 1 thread and on all cores, CUDA
 *      with transfers and kernel-only, for whole positions and for (parent, move) children;
 *      1c, the crossover: from which batch size a device call beats the CPU's one thread (what
 *      EVAL_CUDA_MIN_BATCH, the brain's threshold, is set from);
 *   2. the paper's Table 5: full-width min-max of level 1..4 from a fixed 15x15 middle game,
 *      time per move on the CPU and on the GPU, and the ratio;
 *   3. the paper's Table 6: a GA population of 1, 10, 100, 200, ..., 1000 chromosomes over 500
 *      generations, each generation's end positions scored in one batch (the GA of the
 *      strength issue replaces this loop when it exists).
 * Without a CUDA device the CUDA columns say so. Options: --max-batch N, --max-level N,
 * --generations N, --min-seconds S (shorter runs while developing). */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "brain/board.h"
#include "brain/leafbatch.h"
#include "brain/moves.h"
#include "brain/search.h"
#include "kernels/eval_cuda.h"

typedef struct BenchOptions {
    size_t max_batch;
    int max_level;
    int generations;
    double min_seconds; /* each measurement repeats until it took this long */
} BenchOptions;

typedef struct Bench {
    BenchOptions opt;
    Evaluator *cpu, *gpu;
    char gpu_why[160];
    int threads;
} Bench;

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static uint32_t next_random(uint32_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 17;
    *s ^= *s << 5;
    return *s;
}

/* ---- header -------------------------------------------------------------------------------- */

static void cpu_model(char *out, size_t cap)
{
    snprintf(out, cap, "unknown CPU");
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (!f)
        return;
    char line[256];
    while (fgets(line, sizeof line, f))
        if (!strncmp(line, "model name", 10) && strchr(line, ':')) {
            snprintf(out, cap, "%s", strchr(line, ':') + 2);
            out[strcspn(out, "\n")] = 0;
            break;
        }
    fclose(f);
}

static void print_header(const Bench *b, int argc, char **argv)
{
    char date[64], cpu[128];
    time_t t = time(NULL);
    strftime(date, sizeof date, "%Y-%m-%d %H:%M:%S UTC", gmtime(&t));
    struct utsname u;
    uname(&u);
    cpu_model(cpu, sizeof cpu);
    printf("# Gamok evaluator bench\n# date:    %s\n# command:", date);
    for (int i = 0; i < argc; i++)
        printf(" %s", argv[i]);
    printf("\n# machine: %s %s %s (%s), %s, %d cores online\n", u.nodename, u.sysname, u.release,
           u.machine, cpu, b->threads);
    if (b->gpu)
        printf("# GPU:     %s\n", evaluator_cuda_device_name(b->gpu));
    else
        printf("# GPU:     none (%s)\n", b->gpu_why);
    printf("\n");
}

/* ---- positions ----------------------------------------------------------------------------- */

/* A middle game: `stones` moves, each a random candidate near the stones already there. */
static void middle_game(Board *b, int size, int rule, int stones, uint32_t *rng)
{
    board_init(b, size, rule);
    uint16_t moves[MOVES_MAX];
    for (int i = 0; i < stones; i++) {
        int n = moves_candidates(b, 2, moves);
        if (n == 0)
            break;
        board_play(b, moves[next_random(rng) % (uint32_t)n]);
    }
}

/* `n` positions cycling through a pool of distinct 15x15 freestyle middle games of 30..60
 * stones; kids[i] is one empty cell of pos[i]'s pool parent (parents are the pool). */
typedef struct Workload {
    EvalPosition *pos, *pool;
    EvalChild *kids;
    size_t n, npool;
} Workload;

enum { POOL = 4096 };

static void workload_make(Workload *w, size_t n)
{
    memset(w, 0, sizeof *w);
    w->n = n;
    w->npool = n < POOL ? n : POOL;
    w->pool = malloc(w->npool * sizeof *w->pool);
    w->pos = malloc(n * sizeof *w->pos);
    w->kids = malloc(n * sizeof *w->kids);
    if (!w->pool || !w->pos || !w->kids) {
        fprintf(stderr, "eval-bench: out of memory for %zu positions\n", n);
        exit(1);
    }
    uint32_t rng = 2010;
    for (size_t i = 0; i < w->npool; i++) {
        Board b;
        middle_game(&b, 15, RULE_FREESTYLE, 30 + (int)(next_random(&rng) % 31), &rng);
        board_to_eval_position(&b, &w->pool[i]);
    }
    for (size_t i = 0; i < n; i++) {
        size_t p = i % w->npool;
        w->pos[i] = w->pool[p];
        int c = (int)(next_random(&rng) % (15 * BOARD_STRIDE));
        while (c % BOARD_STRIDE >= 15 || w->pool[p].cell[c] != EMPTY)
            c = (c + 1) % (15 * BOARD_STRIDE);
        w->kids[i] = (EvalChild){(uint32_t)p, (uint16_t)c, 0};
    }
}

static void workload_free(Workload *w)
{
    free(w->pool);
    free(w->pos);
    free(w->kids);
}

/* ---- 1. evaluations per second ------------------------------------------------------------- */

typedef struct Slice {
    Evaluator *ev;
    const Workload *w;
    bool children;
    size_t from, to;
    int32_t *out;
    int rc;
} Slice;

static int score_slice(const Slice *s)
{
    size_t n = s->to - s->from;
    if (s->children)
        return evaluator_score_children(s->ev, s->w->pool, s->w->kids + s->from, n,
                                        s->out + s->from);
    return evaluator_score_positions(s->ev, s->w->pos + s->from, n, s->out + s->from);
}

static void *slice_thread(void *arg)
{
    Slice *s = arg;
    s->rc = score_slice(s);
    return NULL;
}

/* One batch on up to `threads` threads (the CPU evaluator is read-only, so they share it), at
 * least MIN_PER_THREAD positions each: below that, starting a thread costs more than it saves. */
enum { MIN_PER_THREAD = 256 };

static int score_batch(Evaluator *ev, const Workload *w, bool children, int threads,
                       int32_t *out)
{
    if ((size_t)threads > w->n / MIN_PER_THREAD)
        threads = (int)(w->n / MIN_PER_THREAD);
    if (threads <= 1) {
        Slice s = {ev, w, children, 0, w->n, out, 0};
        return score_slice(&s);
    }
    Slice s[256];
    pthread_t tid[256];
    threads = threads > 256 ? 256 : threads;
    int started = 0, rc = 0;
    for (int t = 0; t < threads; t++) {
        s[t] = (Slice){ev, w, children, w->n * (size_t)t / (size_t)threads,
                       w->n * (size_t)(t + 1) / (size_t)threads, out, 0};
        if (s[t].to > s[t].from && pthread_create(&tid[started], NULL, slice_thread, &s[t]) == 0)
            started++;
        else if (s[t].to > s[t].from)
            s[t].rc = score_slice(&s[t]);
    }
    for (int t = 0; t < started; t++)
        pthread_join(tid[t], NULL);
    for (int t = 0; t < threads; t++)
        rc |= s[t].rc;
    return rc;
}

typedef struct Rate {
    double evals_per_s, kernel_evals_per_s;
} Rate;

/* Repeats the batch until min_seconds have passed; the rate over all repeats. */
static Rate measure(const Bench *b, Evaluator *ev, const Workload *w, bool children, int threads,
                    int32_t *out)
{
    Rate r = {0, 0};
    double kernel_s = 0, start = now_s(), took;
    size_t done = 0;
    do {
        if (score_batch(ev, w, children, threads, out) != 0)
            return r;
        kernel_s += evaluator_cuda_kernel_ms(ev) * 1e-3;
        done += w->n;
        took = now_s() - start;
    } while (took < b->opt.min_seconds);
    r.evals_per_s = (double)done / took;
    r.kernel_evals_per_s = kernel_s > 0 ? (double)done / kernel_s : 0;
    return r;
}

/* The CUDA scores of this workload are the CPU's: the count of differences, or -1 when the
 * CUDA call failed. */
static long validate(const Bench *b, const Workload *w, bool children, int32_t *want,
                     int32_t *got)
{
    if (score_batch(b->cpu, w, children, 1, want) != 0 ||
        score_batch(b->gpu, w, children, 1, got) != 0)
        return -1;
    long bad = 0;
    for (size_t i = 0; i < w->n; i++)
        bad += want[i] != got[i];
    return bad;
}

static void print_rate(double v)
{
    if (v > 0)
        printf(" %14.0f", v);
    else
        printf(" %14s", "-");
}

static void bench_throughput(const Bench *b, bool children)
{
    printf("## 1%s. Evaluations per second, %s (15x15 freestyle middle games, 30-60 stones)\n",
           children ? "b" : "a",
           children ? "score_children: (parent, move) pairs over 4096 parents"
                    : "score_positions: whole positions");
    printf("# cpu-all-cores: %d threads, at least %d positions each (smaller batches: fewer)\n",
           b->threads, MIN_PER_THREAD);
    printf("%10s %14s %14s %14s %14s %s\n", "batch", "cpu-1-thread", "cpu-all-cores",
           "cuda-total", "cuda-kernel", b->gpu ? "validation" : "");
    for (size_t n = 1; n <= b->opt.max_batch; n *= 10) {
        Workload w;
        workload_make(&w, n);
        int32_t *out = malloc(n * sizeof *out), *ref = malloc(n * sizeof *ref);
        if (!out || !ref)
            exit(1);
        printf("%10zu", n);
        print_rate(measure(b, b->cpu, &w, children, 1, out).evals_per_s);
        print_rate(measure(b, b->cpu, &w, children, b->threads, out).evals_per_s);
        if (b->gpu) {
            long bad = validate(b, &w, children, ref, out);
            Rate g = measure(b, b->gpu, &w, children, 1, out);
            print_rate(g.evals_per_s);
            print_rate(g.kernel_evals_per_s);
            if (bad < 0)
                printf(" CUDA FAILED: %s", evaluator_cuda_error(b->gpu));
            else
                printf(" %s (%ld differ)", bad ? "MISMATCH" : "identical", bad);
        } else {
            printf(" %14s %14s", "n/a", "n/a");
        }
        printf("\n");
        fflush(stdout);
        free(out);
        free(ref);
        workload_free(&w);
    }
    printf("\n");
}

/* ---- 1c. the crossover ---------------------------------------------------------------------- */

static const size_t CROSSOVER_SIZES[] = {1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 512};
enum { NCROSS = sizeof CROSSOVER_SIZES / sizeof CROSSOVER_SIZES[0] };

/* cpu-1-thread and cuda-total evaluations/s at one batch size; true when the device is faster. */
static bool device_faster(const Bench *b, size_t n, bool children, double *cpu, double *gpu)
{
    Workload w;
    workload_make(&w, n);
    int32_t *out = malloc(n * sizeof *out);
    if (!out)
        exit(1);
    *cpu = measure(b, b->cpu, &w, children, 1, out).evals_per_s;
    *gpu = measure(b, b->gpu, &w, children, 1, out).evals_per_s;
    free(out);
    workload_free(&w);
    return *gpu > *cpu;
}

/* From which batch size on a device call (with its copies) beats the CPU's one thread: the
 * smallest size of the sweep after which the device is never slower. The brain's constant
 * EVAL_CUDA_MIN_BATCH should sit near it. */
static void bench_crossover(const Bench *b)
{
    printf("## 1c. Crossover: the batch size from which the GPU (with transfers) beats one CPU "
           "thread\n# the brain sends the GPU batches of EVAL_CUDA_MIN_BATCH = %d or more\n",
           EVAL_CUDA_MIN_BATCH);
    if (!b->gpu) {
        printf("SKIP: %s\n\n", b->gpu_why);
        return;
    }
    printf("%10s %14s %14s %14s %14s\n", "batch", "pos-cpu-1", "pos-cuda", "kids-cpu-1",
           "kids-cuda");
    size_t from[2] = {0, 0}; /* positions, children */
    for (int i = 0; i < NCROSS; i++) {
        size_t n = CROSSOVER_SIZES[i];
        printf("%10zu", n);
        for (int k = 0; k < 2; k++) {
            double cpu, gpu;
            bool faster = device_faster(b, n, k == 1, &cpu, &gpu);
            print_rate(cpu);
            print_rate(gpu);
            if (!faster)
                from[k] = 0;
            else if (from[k] == 0)
                from[k] = n;
        }
        printf("\n");
        fflush(stdout);
    }
    for (int k = 0; k < 2; k++) {
        if (from[k])
            printf("crossover, %s: %zu\n", k ? "children" : "positions", from[k]);
        else
            printf("crossover, %s: above %zu\n", k ? "children" : "positions",
                   CROSSOVER_SIZES[NCROSS - 1]);
    }
    printf("\n");
}

/* ---- 2. Table 5: full-width min-max ------------------------------------------------------ */

/* The fixed middle game of Tables 5 and 6: 12 stones around the centre of a 15x15 board,
 * black to move. */
static void fixed_middle_game(Board *b)
{
    static const int XY[][2] = {{7, 7}, {8, 8}, {8, 6}, {6, 8}, {9, 7}, {7, 9},
                                {6, 6}, {9, 5}, {7, 5}, {10, 8}, {5, 7}, {8, 9}};
    board_init(b, 15, RULE_FREESTYLE);
    for (size_t i = 0; i < sizeof XY / sizeof XY[0]; i++)
        board_play(b, cell_index(XY[i][0], XY[i][1]));
}

static SearchResult full_width(Evaluator *ev, int level, double *seconds)
{
    Search *s = search_create(ev, 64u << 20);
    if (!s) {
        fprintf(stderr, "eval-bench: out of memory for the search\n");
        exit(1);
    }
    Board b;
    fixed_middle_game(&b);
    double start = now_s();
    SearchResult r = search_full_width(s, &b, level, NULL);
    *seconds = now_s() - start;
    search_destroy(s);
    return r;
}

static void print_ratio(double cpu_s, double gpu_s)
{
    if (gpu_s > 0)
        printf(" %12.6f %8.2fx", gpu_s, cpu_s / gpu_s);
    else
        printf(" %12s %9s", "n/a", "n/a");
}

static void bench_table5(const Bench *b)
{
    printf("## 2. Table 5: full-width min-max from a fixed 15x15 middle game (12 stones)\n");
    printf("# paper (Ahn & Park 2010): level 3 took 45.05 s on an E6750 CPU, 0.102 s on a "
           "9800GTX+ (442x)\n");
    printf("%6s %12s %6s %12s %12s %9s %s\n", "level", "evals", "move", "cpu-s", "gpu-s",
           "cpu/gpu", "same-move");
    for (int level = 1; level <= b->opt.max_level; level++) {
        double cpu_s, gpu_s = 0;
        SearchResult c = full_width(b->cpu, level, &cpu_s), g = c;
        if (b->gpu)
            g = full_width(b->gpu, level, &gpu_s);
        printf("%6d %12llu %3d,%-2d %12.6f", level, (unsigned long long)c.evals,
               cell_x(c.move), cell_y(c.move), cpu_s);
        print_ratio(cpu_s, gpu_s);
        printf(" %s\n", !b->gpu ? "n/a" : g.move == c.move && g.score == c.score ? "yes" : "NO");
        fflush(stdout);
    }
    printf("\n");
}

/* ---- 3. Table 6: GA population evaluation ------------------------------------------------ */

enum { GENES = 4 }; /* plies per chromosome: a move sequence from the root */

/* The end position of a chromosome: its moves played from the root, a gene that names a
 * filled cell skipping to the next empty one. */
static void chromosome_end(const Board *root, const uint16_t *genes, EvalPosition *out)
{
    Board b = *root;
    for (int g = 0; g < GENES; g++) {
        int c = genes[g];
        while (b.cell[c] != EMPTY || cell_x(c) >= b.size || cell_y(c) >= b.size)
            c = (c + 1) % (b.size * BOARD_STRIDE);
        board_play(&b, c);
    }
    board_to_eval_position(&b, out);
}

/* One GA move: `generations` rounds of (end positions, one batch scored, selection and
 * mutation). Returns the seconds taken, or -1 when the evaluator failed. */
static double ga_move(Evaluator *ev, int pop, int generations)
{
    Board root;
    fixed_middle_game(&root);
    uint16_t cand[MOVES_MAX];
    int ncand = moves_candidates(&root, 2, cand);
    uint16_t (*genes)[GENES] = malloc((size_t)pop * sizeof *genes);
    uint16_t (*next)[GENES] = malloc((size_t)pop * sizeof *next);
    EvalPosition *ends = malloc((size_t)pop * sizeof *ends);
    int32_t *fit = malloc((size_t)pop * sizeof *fit);
    if (!genes || !next || !ends || !fit)
        exit(1);
    uint32_t rng = 42;
    for (int i = 0; i < pop; i++)
        for (int g = 0; g < GENES; g++)
            genes[i][g] = cand[next_random(&rng) % (uint32_t)ncand];
    double start = now_s(), took;
    int rc = 0;
    for (int gen = 0; gen < generations && rc == 0; gen++) {
        for (int i = 0; i < pop; i++)
            chromosome_end(&root, genes[i], &ends[i]);
        rc = evaluator_score_positions(ev, ends, (size_t)pop, fit);
        for (int i = 0; i < pop; i++) { /* binary tournament, then one mutated gene */
            int a = (int)(next_random(&rng) % (uint32_t)pop);
            int c = (int)(next_random(&rng) % (uint32_t)pop);
            /* fit is from the side to move at the end (the opponent after GENES plies) */
            memcpy(next[i], genes[fit[a] <= fit[c] ? a : c], sizeof next[i]);
            next[i][next_random(&rng) % GENES] = cand[next_random(&rng) % (uint32_t)ncand];
        }
        memcpy(genes, next, (size_t)pop * sizeof *genes);
    }
    took = now_s() - start;
    free(genes);
    free(next);
    free(ends);
    free(fit);
    return rc == 0 ? took : -1;
}

static void bench_table6(const Bench *b)
{
    printf("## 3. Table 6: GA population evaluation, %d generations per move, chromosomes of "
           "%d plies from the Table 5 position (one batch per generation)\n",
           b->opt.generations, GENES);
    printf("# paper: 1000 chromosomes, 4.185 s on the CPU vs 0.0111 s on the GPU (375x)\n");
    printf("%11s %12s %12s %12s %9s\n", "chromosomes", "evals", "cpu-s", "gpu-s", "cpu/gpu");
    static const int POP[] = {1, 10, 100, 200, 300, 400, 500, 600, 700, 800, 900, 1000};
    for (size_t k = 0; k < sizeof POP / sizeof POP[0]; k++) {
        double cpu_s = ga_move(b->cpu, POP[k], b->opt.generations);
        double gpu_s = b->gpu ? ga_move(b->gpu, POP[k], b->opt.generations) : 0;
        printf("%11d %12lld %12.6f", POP[k], (long long)POP[k] * b->opt.generations, cpu_s);
        print_ratio(cpu_s, gpu_s);
        printf("\n");
        fflush(stdout);
    }
    printf("\n");
}

/* ---- main ---------------------------------------------------------------------------------- */

static bool parse_options(int argc, char **argv, BenchOptions *o)
{
    *o = (BenchOptions){1000000, 4, 500, 0.2};
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--max-batch"))
            o->max_batch = (size_t)atol(argv[i + 1]);
        else if (!strcmp(argv[i], "--max-level"))
            o->max_level = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--generations"))
            o->generations = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--min-seconds"))
            o->min_seconds = atof(argv[i + 1]);
        else
            return false;
    }
    return argc % 2 == 1 && o->max_batch >= 1 && o->max_level >= 1 && o->max_level <= 4 &&
           o->generations >= 1;
}

int main(int argc, char **argv)
{
    Bench b;
    memset(&b, 0, sizeof b);
    if (!parse_options(argc, argv, &b.opt)) {
        fprintf(stderr, "usage: eval-bench [--max-batch N] [--max-level 1..4] "
                        "[--generations N] [--min-seconds S]\n");
        return 2;
    }
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    b.threads = cores > 0 ? (int)cores : 1;
    b.cpu = evaluator_cpu_create();
    b.gpu = evaluator_cuda_create(b.gpu_why, sizeof b.gpu_why);
    if (!b.cpu)
        return 1;
    print_header(&b, argc, argv);
    if (!b.gpu)
        printf("CUDA is unavailable here (%s): only the CPU parts run; the GPU columns read "
               "n/a.\n\n", b.gpu_why);
    bench_throughput(&b, false);
    bench_throughput(&b, true);
    bench_crossover(&b);
    bench_table5(&b);
    bench_table6(&b);
    evaluator_destroy(b.gpu);
    evaluator_destroy(b.cpu);
    return 0;
}
