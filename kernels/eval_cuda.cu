/* The CUDA evaluator: the scoring source kernels/score.h compiled for the device, one thread per
 * position (a thread runs exactly the code the CPU runs, so the scores are bit-identical by
 * construction; the self-check at creation and tests/test_cuda_parity.c verify it).
 *
 * Per call: the caller's arrays are copied into pinned staging buffers, sent on the
 * evaluator's stream, scored, and the scores come back the same way. Every buffer is made once
 * and only grows. Any CUDA error marks the evaluator broken for good: later calls fail at once
 * and the fallback wrapper (eval_fallback.c) scores on the CPU instead. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cuda_runtime.h>

extern "C" {
#include "kernels/eval_cuda.h"
#include "kernels/patterns.h"
}
#include "kernels/score.h"

enum { THREADS_PER_BLOCK = 128 };

/* Device and pinned host memory, grown by doubling so that a game settles after a few calls. */
typedef struct CudaBuffer {
    void *dev, *host;
    size_t cap; /* bytes of each */
} CudaBuffer;

typedef struct CudaEvaluator {
    Evaluator base;
    pthread_mutex_t lock;
    char device_name[256];
    char error[160];      /* the first CUDA error; non-empty means broken */
    int inject_after;     /* test hook: calls left before a simulated failure, -1 none */
    cudaStream_t stream;
    cudaEvent_t kernel_start, kernel_stop;
    float kernel_ms;
    PatternTables *tables; /* device copy */
    PatternTables *host_tables; /* kept for the tree's incremental state (pattern_tables) */
    int *bad_input;        /* device flag: some position is one the CPU would reject */
    int *bad_input_host;   /* pinned */
    CudaBuffer pos, kids, out;
} CudaEvaluator;

static CudaEvaluator *cuda_of(const Evaluator *ev) { return (CudaEvaluator *)ev->impl; }

/* ---- device code --------------------------------------------------------------------------- */

/* The CPU evaluator's input checks (eval_cpu.c), so that both reject the same batches. */
__device__ static bool position_ok(const EvalPosition *p)
{
    bool rule_ok = p->rule == RULE_FREESTYLE || p->rule == RULE_EXACT5 || p->rule == RULE_RENJU ||
                   p->rule == RULE_CARO;
    return rule_ok && p->size >= BOARD_MIN && p->size <= BOARD_MAX &&
           (p->to_move == BLACK || p->to_move == WHITE);
}

__device__ static bool child_ok(const EvalPosition *parent, int move)
{
    return position_ok(parent) && move < BOARD_CELLS && move % BOARD_STRIDE < parent->size &&
           move / BOARD_STRIDE < parent->size && parent->cell[move] == EMPTY;
}

__global__ static void score_positions_kernel(const PatternTables *__restrict__ t,
                                              const EvalPosition *__restrict__ pos, size_t n,
                                              int32_t *__restrict__ out, int *bad_input)
{
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    if (!position_ok(&pos[i])) {
        out[i] = 0;
        atomicOr(bad_input, 1);
        return;
    }
    ScoreScratch x;
    out[i] = score_position_with(t, &pos[i], &x);
}

__global__ static void score_children_kernel(const PatternTables *__restrict__ t,
                                             const EvalPosition *__restrict__ parents,
                                             const EvalChild *__restrict__ kids, size_t n,
                                             int32_t *__restrict__ out, int *bad_input)
{
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    const EvalPosition *parent = &parents[kids[i].parent];
    int move = kids[i].move;
    if (!child_ok(parent, move)) {
        out[i] = 0;
        atomicOr(bad_input, 1);
        return;
    }
    EvalPosition child = *parent;
    child.cell[move] = child.to_move;
    child.to_move = (uint8_t)(3 - child.to_move);
    ScoreScratch x;
    out[i] = score_position_with(t, &child, &x);
}

/* ---- errors -------------------------------------------------------------------------------- */

/* Records the first error (the evaluator is broken from then on); true when `err` is success.
 * The test hook turns the next call's first CUDA call into a failure here, so a simulated
 * failure takes exactly the path a real one takes. */
static bool cuda_ok(CudaEvaluator *c, cudaError_t err, const char *what)
{
    if (err == cudaSuccess && c->inject_after == 0) {
        c->inject_after = -1;
        err = cudaErrorDevicesUnavailable;
    }
    if (err == cudaSuccess)
        return true;
    if (!c->error[0])
        snprintf(c->error, sizeof c->error, "%s: %s", what, cudaGetErrorString(err));
    return false;
}

static bool broken(const CudaEvaluator *c) { return c->error[0] != 0; }

/* ---- buffers ------------------------------------------------------------------------------- */

static void buffer_free(CudaBuffer *b)
{
    cudaFree(b->dev);
    cudaFreeHost(b->host);
    memset(b, 0, sizeof *b);
}

static bool buffer_reserve(CudaEvaluator *c, CudaBuffer *b, size_t bytes)
{
    if (bytes <= b->cap)
        return true;
    size_t cap = b->cap * 2 > bytes ? b->cap * 2 : bytes;
    buffer_free(b);
    if (!cuda_ok(c, cudaMalloc(&b->dev, cap), "cudaMalloc") ||
        !cuda_ok(c, cudaHostAlloc(&b->host, cap, cudaHostAllocDefault), "cudaHostAlloc")) {
        buffer_free(b);
        return false;
    }
    b->cap = cap;
    return true;
}

static bool send(CudaEvaluator *c, CudaBuffer *b, const void *src, size_t bytes)
{
    memcpy(b->host, src, bytes);
    return cuda_ok(c, cudaMemcpyAsync(b->dev, b->host, bytes, cudaMemcpyHostToDevice, c->stream),
                   "copy to device");
}

/* ---- one batch ----------------------------------------------------------------------------- */

static unsigned blocks_for(size_t n)
{
    return (unsigned)((n + THREADS_PER_BLOCK - 1) / THREADS_PER_BLOCK);
}

static bool begin_batch(CudaEvaluator *c)
{
    if (broken(c))
        return false;
    if (c->inject_after > 0)
        c->inject_after--;
    return cuda_ok(c, cudaMemsetAsync(c->bad_input, 0, sizeof *c->bad_input, c->stream),
                   "cudaMemsetAsync");
}

/* After the kernel: scores and the bad-input flag back, wait, and the verdict. */
static int finish_batch(CudaEvaluator *c, size_t n, int32_t *out)
{
    size_t bytes = n * sizeof *out;
    bool ok = cuda_ok(c, cudaGetLastError(), "kernel launch") &&
              cuda_ok(c, cudaEventRecord(c->kernel_stop, c->stream), "cudaEventRecord") &&
              cuda_ok(c, cudaMemcpyAsync(c->out.host, c->out.dev, bytes, cudaMemcpyDeviceToHost,
                                         c->stream), "copy from device") &&
              cuda_ok(c, cudaMemcpyAsync(c->bad_input_host, c->bad_input, sizeof(int),
                                         cudaMemcpyDeviceToHost, c->stream), "copy from device") &&
              cuda_ok(c, cudaStreamSynchronize(c->stream), "kernel") &&
              cuda_ok(c, cudaEventElapsedTime(&c->kernel_ms, c->kernel_start, c->kernel_stop),
                      "cudaEventElapsedTime");
    if (!ok)
        return EVAL_DEVICE_FAILED;
    if (*c->bad_input_host)
        return EVAL_BAD_INPUT;
    memcpy(out, c->out.host, bytes);
    return 0;
}

static int positions_locked(CudaEvaluator *c, const EvalPosition *pos, size_t n, int32_t *out)
{
    if (!begin_batch(c) || !buffer_reserve(c, &c->pos, n * sizeof *pos) ||
        !buffer_reserve(c, &c->out, n * sizeof *out) || !send(c, &c->pos, pos, n * sizeof *pos) ||
        !cuda_ok(c, cudaEventRecord(c->kernel_start, c->stream), "cudaEventRecord"))
        return EVAL_DEVICE_FAILED;
    score_positions_kernel<<<blocks_for(n), THREADS_PER_BLOCK, 0, c->stream>>>(
        c->tables, (const EvalPosition *)c->pos.dev, n, (int32_t *)c->out.dev, c->bad_input);
    return finish_batch(c, n, out);
}

/* The interface does not say how many parents there are: as many as the kids name. */
static size_t parents_named(const EvalChild *kids, size_t n)
{
    uint32_t last = 0;
    for (size_t i = 0; i < n; i++)
        last = kids[i].parent > last ? kids[i].parent : last;
    return (size_t)last + 1;
}

static int children_locked(CudaEvaluator *c, const EvalPosition *parents, const EvalChild *kids,
                           size_t n, int32_t *out)
{
    size_t np = parents_named(kids, n);
    if (!begin_batch(c) || !buffer_reserve(c, &c->pos, np * sizeof *parents) ||
        !buffer_reserve(c, &c->kids, n * sizeof *kids) ||
        !buffer_reserve(c, &c->out, n * sizeof *out) ||
        !send(c, &c->pos, parents, np * sizeof *parents) ||
        !send(c, &c->kids, kids, n * sizeof *kids) ||
        !cuda_ok(c, cudaEventRecord(c->kernel_start, c->stream), "cudaEventRecord"))
        return EVAL_DEVICE_FAILED;
    score_children_kernel<<<blocks_for(n), THREADS_PER_BLOCK, 0, c->stream>>>(
        c->tables, (const EvalPosition *)c->pos.dev, (const EvalChild *)c->kids.dev, n,
        (int32_t *)c->out.dev, c->bad_input);
    return finish_batch(c, n, out);
}

/* ---- the interface ------------------------------------------------------------------------- */

static int cuda_score_positions(Evaluator *ev, const EvalPosition *pos, size_t n, int32_t *out)
{
    if (n == 0)
        return 0;
    CudaEvaluator *c = cuda_of(ev);
    pthread_mutex_lock(&c->lock);
    int rc = positions_locked(c, pos, n, out);
    pthread_mutex_unlock(&c->lock);
    return rc;
}

static int cuda_score_children(Evaluator *ev, const EvalPosition *parents, const EvalChild *kids,
                               size_t n, int32_t *out)
{
    if (n == 0)
        return 0;
    CudaEvaluator *c = cuda_of(ev);
    pthread_mutex_lock(&c->lock);
    int rc = children_locked(c, parents, kids, n, out);
    pthread_mutex_unlock(&c->lock);
    return rc;
}

/* Frees whatever was made; CUDA errors here change nothing any more. */
static void cuda_destroy(Evaluator *ev)
{
    CudaEvaluator *c = cuda_of(ev);
    buffer_free(&c->pos);
    buffer_free(&c->kids);
    buffer_free(&c->out);
    cudaFree(c->tables);
    pattern_tables_destroy(c->host_tables);
    cudaFree(c->bad_input);
    cudaFreeHost(c->bad_input_host);
    if (c->kernel_start)
        cudaEventDestroy(c->kernel_start);
    if (c->kernel_stop)
        cudaEventDestroy(c->kernel_stop);
    if (c->stream)
        cudaStreamDestroy(c->stream);
    pthread_mutex_destroy(&c->lock);
    free(c);
}

static const PatternTables *cuda_pattern_tables(Evaluator *ev)
{
    return cuda_of(ev)->host_tables;
}

static const EvaluatorOps CUDA_OPS = {cuda_score_positions, cuda_score_children, cuda_destroy,
                                      NULL, cuda_pattern_tables};

/* ---- creation ------------------------------------------------------------------------------ */

/* A few positions scored on the device and on the host must agree: this catches a device the
 * binary has no code for, a broken driver, or a miscompiled kernel before any game uses it. */
static bool self_check(CudaEvaluator *c, const PatternTables *host_tables)
{
    enum { N = 8 };
    EvalPosition *pos = (EvalPosition *)calloc(N, sizeof *pos);
    if (!pos)
        return false;
    uint32_t r = 12345;
    for (int i = 0; i < N; i++) {
        pos[i].size = (uint8_t)(i % 2 ? 20 : 15);
        pos[i].rule = (uint8_t)(i % 4 == 0 ? RULE_FREESTYLE : i % 4 == 1 ? RULE_EXACT5
                                : i % 4 == 2 ? RULE_RENJU : RULE_CARO);
        pos[i].to_move = (uint8_t)(i % 3 ? BLACK : WHITE);
        for (int s = 0; s < 6 * i; s++) { /* a deterministic scatter of stones */
            r = r * 1103515245u + 12345u;
            int x = (int)(r >> 8) % pos[i].size, y = (int)(r >> 20) % pos[i].size;
            pos[i].cell[y * BOARD_STRIDE + x] = (uint8_t)(1 + s % 2);
        }
    }
    int32_t got[N];
    bool same = cuda_score_positions(&c->base, pos, N, got) == 0;
    for (int i = 0; same && i < N; i++)
        same = got[i] == score_position(host_tables, &pos[i]);
    free(pos);
    if (!same && !broken(c))
        snprintf(c->error, sizeof c->error, "self-check: device scores differ from the host's");
    return same;
}

static bool cuda_setup(CudaEvaluator *c)
{
    cudaDeviceProp prop;
    if (!cuda_ok(c, cudaSetDevice(0), "cudaSetDevice") ||
        !cuda_ok(c, cudaGetDeviceProperties(&prop, 0), "cudaGetDeviceProperties"))
        return false;
    snprintf(c->device_name, sizeof c->device_name, "%s", prop.name);
    PatternTables *host = pattern_tables_create();
    if (!host) {
        snprintf(c->error, sizeof c->error, "out of host memory");
        return false;
    }
    bool ok = cuda_ok(c, cudaStreamCreateWithFlags(&c->stream, cudaStreamNonBlocking),
                      "cudaStreamCreate") &&
              cuda_ok(c, cudaEventCreate(&c->kernel_start), "cudaEventCreate") &&
              cuda_ok(c, cudaEventCreate(&c->kernel_stop), "cudaEventCreate") &&
              cuda_ok(c, cudaMalloc(&c->tables, sizeof *host), "cudaMalloc") &&
              cuda_ok(c, cudaMemcpy(c->tables, host, sizeof *host, cudaMemcpyHostToDevice),
                      "copy tables") &&
              cuda_ok(c, cudaMalloc(&c->bad_input, sizeof(int)), "cudaMalloc") &&
              cuda_ok(c, cudaHostAlloc(&c->bad_input_host, sizeof(int), cudaHostAllocDefault),
                      "cudaHostAlloc") &&
              self_check(c, host);
    c->host_tables = host;
    return ok;
}

extern "C" bool evaluator_cuda_built(void) { return true; }

extern "C" Evaluator *evaluator_cuda_create(char *why, size_t cap)
{
    int count = 0;
    cudaError_t err = cudaGetDeviceCount(&count);
    if (err != cudaSuccess || count == 0) {
        if (why && cap)
            snprintf(why, cap, "no CUDA device (%s)",
                     err != cudaSuccess ? cudaGetErrorString(err) : "none found");
        return NULL;
    }
    CudaEvaluator *c = (CudaEvaluator *)calloc(1, sizeof *c);
    if (!c) {
        if (why && cap)
            snprintf(why, cap, "out of host memory");
        return NULL;
    }
    pthread_mutex_init(&c->lock, NULL);
    c->inject_after = -1;
    c->base.name = "cuda";
    c->base.ops = &CUDA_OPS;
    c->base.impl = c;
    if (!cuda_setup(c)) {
        if (why && cap)
            snprintf(why, cap, "CUDA device unusable: %s", c->error);
        cuda_destroy(&c->base);
        return NULL;
    }
    return &c->base;
}

static bool is_cuda(const Evaluator *ev) { return ev && ev->ops == &CUDA_OPS; }

extern "C" const char *evaluator_cuda_device_name(const Evaluator *ev)
{
    return is_cuda(ev) ? cuda_of(ev)->device_name : "";
}

extern "C" const char *evaluator_cuda_error(const Evaluator *ev)
{
    return is_cuda(ev) ? cuda_of(ev)->error : "";
}

extern "C" void evaluator_cuda_inject_failure(Evaluator *ev, int calls)
{
    if (!is_cuda(ev))
        return;
    CudaEvaluator *c = cuda_of(ev);
    pthread_mutex_lock(&c->lock);
    /* begin_batch counts the call down first, then cuda_ok fires when it reads 0 */
    c->inject_after = calls < 0 ? -1 : calls + 1;
    pthread_mutex_unlock(&c->lock);
}

extern "C" double evaluator_cuda_kernel_ms(const Evaluator *ev)
{
    return is_cuda(ev) ? cuda_of(ev)->kernel_ms : 0.0;
}
