/* Evaluator selection and the CUDA wrapper: the CPU for the tree and small batches, the device for
 * large ones, the CPU for good once the device fails. A "flaky" evaluator (the CPU evaluator
 * that counts its calls and starts failing after some, as a lost device would) stands in for
 * CUDA, so all of it is tested on every machine; with a CUDA device the real evaluator's failure
 * hook is tested too (skipped without one). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "brain/clock.h"
#include "brain/engine.h"
#include "brain/leafbatch.h"
#include "brain/moves.h"
#include "brain/search.h"
#include "kernels/eval_cuda.h"
#include "kernels/eval_fallback.h"
#include "kernels/evaluator_select.h"

/* ---- a flaky evaluator --------------------------------------------------------------------- */

typedef struct Flaky {
    Evaluator base;
    Evaluator *cpu;
    int calls;      /* calls made so far */
    int fail_from;  /* this call and every later one fail as a device error */
} Flaky;

static bool flaky_fails(Evaluator *ev)
{
    Flaky *f = ev->impl;
    return f->calls++ >= f->fail_from;
}

static int flaky_positions(Evaluator *ev, const EvalPosition *pos, size_t n, int32_t *out)
{
    Flaky *f = ev->impl;
    if (flaky_fails(ev)) {
        memset(out, 0x5A, n * sizeof *out); /* a failed call leaves garbage behind */
        return EVAL_DEVICE_FAILED;
    }
    return evaluator_score_positions(f->cpu, pos, n, out);
}

static int flaky_children(Evaluator *ev, const EvalPosition *parents, const EvalChild *kids,
                          size_t n, int32_t *out)
{
    Flaky *f = ev->impl;
    if (flaky_fails(ev)) {
        memset(out, 0x5A, n * sizeof *out);
        return EVAL_DEVICE_FAILED;
    }
    return evaluator_score_children(f->cpu, parents, kids, n, out);
}

static void flaky_destroy(Evaluator *ev)
{
    Flaky *f = ev->impl;
    evaluator_destroy(f->cpu);
    free(f);
}

static const EvaluatorOps FLAKY_OPS = {flaky_positions, flaky_children, flaky_destroy, NULL,
                                       NULL};

static const char *flaky_why(const Evaluator *ev)
{
    (void)ev;
    return "device lost (simulated)";
}

static Evaluator *flaky_create(int fail_from)
{
    Flaky *f = calloc(1, sizeof *f);
    assert_non_null(f);
    f->cpu = evaluator_cpu_create();
    assert_non_null(f->cpu);
    f->fail_from = fail_from;
    f->base.name = "flaky";
    f->base.ops = &FLAKY_OPS;
    f->base.impl = f;
    return &f->base;
}

/* ---- positions ----------------------------------------------------------------------------- */

enum { NPOS = 64 };

static uint32_t next_random(uint32_t *s)
{
    *s = *s * 1664525u + 1013904223u;
    return *s >> 8;
}

/* Random games of a few to many moves on 15x15 (and 20x20), the four rules. */
static void random_positions(EvalPosition *pos, int n, uint32_t seed)
{
    static const int RULES[4] = {RULE_FREESTYLE, RULE_EXACT5, RULE_RENJU, RULE_CARO};
    for (int i = 0; i < n; i++) {
        Board b;
        board_init(&b, i % 3 ? 15 : 20, RULES[i % 4]);
        int stones = 2 + (int)(next_random(&seed) % 80);
        for (int s = 0; s < stones; s++) {
            int c = cell_index((int)(next_random(&seed) % (uint32_t)b.size),
                               (int)(next_random(&seed) % (uint32_t)b.size));
            if (b.cell[c] == EMPTY)
                board_play(&b, c);
        }
        board_to_eval_position(&b, &pos[i]);
    }
}

/* One child per parent: its first empty cell near the middle. */
static void first_children(const EvalPosition *pos, int n, EvalChild *kids)
{
    for (int i = 0; i < n; i++) {
        int c = cell_index(pos[i].size / 2, pos[i].size / 2);
        while (pos[i].cell[c] != EMPTY)
            c++;
        kids[i] = (EvalChild){(uint32_t)i, (uint16_t)c, 0};
    }
}

typedef struct Batch {
    EvalPosition pos[NPOS];
    EvalChild kids[NPOS];
    int32_t want_pos[NPOS], want_kids[NPOS];
} Batch;

static Batch *make_batch(uint32_t seed)
{
    Batch *b = calloc(1, sizeof *b);
    assert_non_null(b);
    random_positions(b->pos, NPOS, seed);
    first_children(b->pos, NPOS, b->kids);
    Evaluator *cpu = evaluator_cpu_create();
    assert_non_null(cpu);
    assert_int_equal(evaluator_score_positions(cpu, b->pos, NPOS, b->want_pos), 0);
    assert_int_equal(evaluator_score_children(cpu, b->pos, b->kids, NPOS, b->want_kids), 0);
    evaluator_destroy(cpu);
    return b;
}

/* Both calls of `ev` return the CPU's scores. */
static void expect_cpu_scores(Evaluator *ev, const Batch *b)
{
    int32_t got[NPOS];
    assert_int_equal(evaluator_score_positions(ev, b->pos, NPOS, got), 0);
    assert_memory_equal(got, b->want_pos, sizeof got);
    assert_int_equal(evaluator_score_children(ev, b->pos, b->kids, NPOS, got), 0);
    assert_memory_equal(got, b->want_kids, sizeof got);
}

/* ---- tests --------------------------------------------------------------------------------- */

static void test_fallback_switches_once_and_scores_stay_the_cpus(void **state)
{
    (void)state;
    Batch *b = make_batch(7);
    Evaluator *flaky = flaky_create(3);
    Evaluator *ev = evaluator_fallback_create(flaky, evaluator_cpu_create(), flaky_why, 1);
    assert_non_null(ev);
    assert_ptr_equal(evaluator_fallback_primary(ev), flaky);
    expect_cpu_scores(ev, b); /* calls 0 and 1: the primary */
    assert_string_equal(ev->name, "flaky");
    assert_false(evaluator_fell_back(ev, NULL, 0));
    expect_cpu_scores(ev, b); /* call 2 fine, call 3 fails: the batch goes to the CPU */
    char why[256];
    assert_true(evaluator_fell_back(ev, why, sizeof why));
    assert_string_equal(ev->name, "cpu");
    assert_non_null(strstr(why, "flaky failed"));
    assert_non_null(strstr(why, "device lost (simulated)"));
    int calls = ((Flaky *)flaky->impl)->calls;
    for (int i = 0; i < 3; i++)
        expect_cpu_scores(ev, b);
    assert_int_equal(((Flaky *)flaky->impl)->calls, calls); /* never asked again */
    evaluator_destroy(ev);
    free(b);
}

/* The tables the tree follows the board with: the primary's or else the backup's; the ones it
 * scores children from: the backup's (the host's incremental state) before and after a switch,
 * so that a device never slows the tree down. */
static void test_fallback_tree_scores_on_the_host(void **state)
{
    (void)state;
    Batch *b = make_batch(5);
    Evaluator *cpu = evaluator_cpu_create();
    Evaluator *ev = evaluator_fallback_create(flaky_create(2), cpu, flaky_why, 1);
    assert_non_null(ev);
    const struct PatternTables *tables = evaluator_incremental_tables(cpu);
    assert_non_null(tables);
    assert_ptr_equal(evaluator_pattern_tables(ev), tables);
    assert_ptr_equal(evaluator_incremental_tables(ev), tables);
    expect_cpu_scores(ev, b); /* calls 0 and 1: the primary */
    assert_ptr_equal(evaluator_incremental_tables(ev), tables);
    expect_cpu_scores(ev, b); /* call 2 fails: the CPU from now on */
    assert_true(evaluator_fell_back(ev, NULL, 0));
    assert_ptr_equal(evaluator_incremental_tables(ev), tables);
    assert_ptr_equal(evaluator_pattern_tables(ev), tables);
    evaluator_destroy(ev);
    free(b);
}

/* A batch the CPU rejects too is the caller's error, not the device's: no switch. */
static void test_bad_input_does_not_switch(void **state)
{
    (void)state;
    Batch *b = make_batch(11);
    Evaluator *ev = evaluator_fallback_create(flaky_create(1000), evaluator_cpu_create(), NULL, 1);
    int32_t out[NPOS];
    EvalPosition bad = b->pos[0];
    bad.rule = 3;
    assert_int_not_equal(evaluator_score_positions(ev, &bad, 1, out), 0);
    EvalChild occupied = {0, (uint16_t)cell_index(0, 0), 0};
    bad = b->pos[0];
    bad.cell[occupied.move] = BLACK;
    assert_int_not_equal(evaluator_score_children(ev, &bad, &occupied, 1, out), 0);
    assert_false(evaluator_fell_back(ev, NULL, 0));
    assert_string_equal(ev->name, "flaky");
    expect_cpu_scores(ev, b);
    evaluator_destroy(ev);
    free(b);
}

static void test_create_takes_ownership_even_on_failure(void **state)
{
    (void)state;
    /* Would leak under ASan if the wrapper did not destroy the one it got. */
    assert_null(evaluator_fallback_create(flaky_create(0), NULL, NULL, 1));
    assert_null(evaluator_fallback_create(NULL, evaluator_cpu_create(), NULL, 1));
    Evaluator *cpu = evaluator_cpu_create();
    assert_false(evaluator_fell_back(cpu, NULL, 0));
    assert_null(evaluator_fallback_primary(cpu));
    evaluator_destroy(cpu);
}

static void test_choice_names(void **state)
{
    (void)state;
    const char *words[] = {"auto", "cpu", "cuda"};
    for (int i = 0; i < 3; i++) {
        EvaluatorChoice c = (EvaluatorChoice)-1; /* not a choice: the parse must write it */
        assert_true(evaluator_choice_parse(words[i], &c));
        assert_string_equal(evaluator_choice_name(c), words[i]);
    }
    EvaluatorChoice c = EVAL_CHOICE_CPU;
    assert_true(evaluator_choice_parse("CUDA", &c));
    assert_int_equal(c, EVAL_CHOICE_CUDA);
    assert_false(evaluator_choice_parse("gpu", &c));
    assert_false(evaluator_choice_parse("", &c));
    assert_false(evaluator_choice_parse(NULL, &c));
    assert_int_equal(c, EVAL_CHOICE_CUDA);
}

/* cpu is always the CPU; auto and cuda are CUDA exactly when a device is usable, and the
 * note says why. */
static void test_select(void **state)
{
    (void)state;
    Batch *b = make_batch(13);
    char why[160], note[192];
    Evaluator *probe = evaluator_cuda_create(why, sizeof why);
    bool have_cuda = probe != NULL;
    evaluator_destroy(probe);
    if (!evaluator_cuda_built())
        assert_string_equal(why, "built without CUDA");

    Evaluator *ev = evaluator_select(EVAL_CHOICE_CPU, note, sizeof note);
    assert_string_equal(ev->name, "cpu");
    assert_string_equal(note, "cpu forced");
    evaluator_destroy(ev);
    for (int c = EVAL_CHOICE_AUTO; c <= EVAL_CHOICE_CUDA; c += EVAL_CHOICE_CUDA) {
        ev = evaluator_select((EvaluatorChoice)c, note, sizeof note);
        assert_non_null(ev);
        assert_string_equal(ev->name, have_cuda ? "cuda" : "cpu");
        assert_true(strncmp(note, evaluator_choice_name((EvaluatorChoice)c), 4) == 0);
        if (!have_cuda)
            assert_non_null(strstr(note, why)); /* the reason reaches the MESSAGE */
        expect_cpu_scores(ev, b);
        evaluator_destroy(ev);
    }
    free(b);
}

/* Fewer evaluations than the crossover go to the backup, as many or more to the primary. */
static void test_small_batches_go_to_the_backup(void **state)
{
    (void)state;
    Batch *b = make_batch(19);
    Evaluator *flaky = flaky_create(1000);
    Evaluator *ev = evaluator_fallback_create(flaky, evaluator_cpu_create(), flaky_why, NPOS);
    int32_t got[NPOS];
    assert_int_equal(evaluator_score_positions(ev, b->pos, NPOS - 1, got), 0);
    assert_memory_equal(got, b->want_pos, (NPOS - 1) * sizeof *got);
    assert_int_equal(evaluator_score_children(ev, b->pos, b->kids, NPOS - 1, got), 0);
    assert_memory_equal(got, b->want_kids, (NPOS - 1) * sizeof *got);
    assert_int_equal(((Flaky *)flaky->impl)->calls, 0);
    expect_cpu_scores(ev, b); /* NPOS each: the primary, twice */
    assert_int_equal(((Flaky *)flaky->impl)->calls, 2);
    assert_false(evaluator_fell_back(ev, NULL, 0));
    evaluator_destroy(ev);
    free(b);
}

/* A quiet opening (no threat sequence decides it at the root), searched to `depth` with `ev`. */
static SearchResult search_with(Evaluator *ev, int depth)
{
    Board b;
    board_init(&b, 15, RULE_FREESTYLE);
    const int stones[][2] = {{7, 7}, {8, 8}, {8, 6}, {7, 6}};
    for (size_t i = 0; i < sizeof stones / sizeof stones[0]; i++)
        board_play(&b, cell_index(stones[i][0], stones[i][1]));
    Search *s = search_create(ev, (size_t)32 << 20);
    assert_non_null(s);
    SearchLimits lim = {.max_depth = depth};
    SearchResult r = search_best_move(s, &b, &lim, NULL);
    search_destroy(s);
    return r;
}

/* Under a device (simulated: it counts its calls), the tree scores every node on the host: it
 * never calls the device, so it runs at the CPU's speed, and searches the CPU's tree. */
static void test_tree_never_calls_the_device(void **state)
{
    (void)state;
    Evaluator *cpu = evaluator_cpu_create();
    Evaluator *flaky = flaky_create(1000);
    Evaluator *ev = evaluator_fallback_create(flaky, evaluator_cpu_create(), flaky_why,
                                              EVAL_CUDA_MIN_BATCH);
    SearchResult want = search_with(cpu, 5), got = search_with(ev, 5);
    assert_int_equal(((Flaky *)flaky->impl)->calls, 0);
    assert_true(got.nodes > 1000);
    assert_int_equal(got.nodes, want.nodes);
    assert_int_equal(got.move, want.move);
    assert_int_equal(got.score, want.score);
    evaluator_destroy(ev);
    evaluator_destroy(cpu);
}

/* The paper's full-width tree scores its last two levels in large batches: those go to the
 * device, at least the crossover each, with the CPU's answer. */
static void test_paper_mode_sends_its_batches_to_the_device(void **state)
{
    (void)state;
    Evaluator *cpu = evaluator_cpu_create();
    Evaluator *flaky = flaky_create(1000);
    Evaluator *ev = evaluator_fallback_create(flaky, evaluator_cpu_create(), flaky_why,
                                              EVAL_CUDA_MIN_BATCH);
    SearchResult r[2];
    Evaluator *evs[2] = {cpu, ev};
    for (int k = 0; k < 2; k++) {
        Board b;
        board_init(&b, 15, RULE_FREESTYLE);
        board_play(&b, cell_index(7, 7));
        board_play(&b, cell_index(8, 8));
        Search *s = search_create(evs[k], (size_t)32 << 20);
        assert_non_null(s);
        r[k] = search_full_width(s, &b, 2, NULL);
        search_destroy(s);
    }
    assert_true(((Flaky *)flaky->impl)->calls > 0);
    assert_int_equal(r[1].move, r[0].move);
    assert_int_equal(r[1].score, r[0].score);
    assert_int_equal(r[1].evals, r[0].evals);
    evaluator_destroy(ev);
    evaluator_destroy(cpu);
}

/* The engine with a primary that dies mid-game (in the paper's mode, whose batches go to the
 * device): the same move as the CPU engine, and the switch is reported once. */
static void test_engine_keeps_playing_after_a_failure(void **state)
{
    (void)state;
    EngineOptions opts;
    engine_default_options(&opts);
    opts.mode = MODE_PAPER;
    opts.paper_level = 3; /* a batch for each root move */
    opts.evaluator = EVAL_CHOICE_CPU;
    Engine cpu, failing;
    engine_init(&cpu, &opts);
    engine_init(&failing, &opts);
    evaluator_destroy(failing.eval);
    failing.eval = evaluator_fallback_create(flaky_create(2), evaluator_cpu_create(), flaky_why,
                                             EVAL_CUDA_MIN_BATCH);
    const int stones[][2] = {{7, 7}, {8, 8}, {8, 7}, {6, 7}, {7, 8}, {9, 9}};
    for (int k = 0; k < 2; k++) {
        Engine *e = k ? &failing : &cpu;
        assert_int_equal(engine_start(e, 15), ENGINE_OK);
        e->time.timeout_turn_ms = 60000; /* far more than level 3 needs: the level decides */
        for (size_t i = 0; i < sizeof stones / sizeof stones[0]; i++)
            assert_int_equal(engine_play(e, stones[i][0], stones[i][1]), ENGINE_OK);
    }
    assert_false(engine_evaluator_switched(&failing));
    int x[2], y[2];
    for (int k = 0; k < 2; k++) {
        Engine *e = k ? &failing : &cpu;
        assert_true(engine_think(e, clock_ms(), &x[k], &y[k]));
    }
    assert_int_equal(x[1], x[0]);
    assert_int_equal(y[1], y[0]);
    assert_true(engine_evaluator_switched(&failing));
    assert_false(engine_evaluator_switched(&failing)); /* told once */
    assert_string_equal(engine_evaluator_name(&failing), "cpu");
    assert_non_null(strstr(engine_evaluator_note(&failing), "flaky failed"));
    engine_free(&cpu);
    engine_free(&failing);
}

/* The real CUDA evaluator, failing through its test hook exactly as a device error would. */
static void test_cuda_failure_hook_falls_back(void **state)
{
    (void)state;
    char why[160];
    Evaluator *gpu = evaluator_cuda_create(why, sizeof why);
    if (!gpu) {
        print_message("SKIP cuda failure hook: %s\n", why);
        skip();
    }
    Batch *b = make_batch(17);
    Evaluator *ev = evaluator_fallback_create(gpu, evaluator_cpu_create(), evaluator_cuda_error, 1);
    expect_cpu_scores(ev, b);
    assert_string_equal(ev->name, "cuda");
    evaluator_cuda_inject_failure(gpu, 1); /* one more call works, the next fails */
    expect_cpu_scores(ev, b);
    assert_true(evaluator_fell_back(ev, why, sizeof why));
    assert_string_equal(ev->name, "cpu");
    assert_true(evaluator_cuda_error(gpu)[0] != 0);
    expect_cpu_scores(ev, b);
    evaluator_destroy(ev);
    free(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fallback_switches_once_and_scores_stay_the_cpus),
        cmocka_unit_test(test_fallback_tree_scores_on_the_host),
        cmocka_unit_test(test_small_batches_go_to_the_backup),
        cmocka_unit_test(test_tree_never_calls_the_device),
        cmocka_unit_test(test_paper_mode_sends_its_batches_to_the_device),
        cmocka_unit_test(test_bad_input_does_not_switch),
        cmocka_unit_test(test_create_takes_ownership_even_on_failure),
        cmocka_unit_test(test_choice_names),
        cmocka_unit_test(test_select),
        cmocka_unit_test(test_engine_keeps_playing_after_a_failure),
        cmocka_unit_test(test_cuda_failure_hook_falls_back),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
