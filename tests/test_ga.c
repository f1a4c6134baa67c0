/* The GA stage (brain/ga.c): its operators, one evaluator batch per generation, a win deeper
 * than a one-ply look found and confirmed, and the tree's move kept when nothing is proven.
 * Positions: tests/positions/ga_win.txt. */
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
#include "brain/ga.h"
#include "brain/leafbatch.h"
#include "brain/moves.h"
#include "brain/rules.h"
#include "protocol/options.h"
#include "tests/support/positions.h"

#define POSITIONS "tests/positions/ga_win.txt"
enum { POS_WIN = 0, POS_QUIET = 1, POS_LONE_FOUR = 2 };

/* ---- operators ----------------------------------------------------------------------------- */

static void test_order_crossover_keeps_segment_and_genes(void **state)
{
    (void)state;
    const uint16_t a[8] = {10, 20, 30, 40, 50, 60, 70, 80};
    const uint16_t b[8] = {80, 30, 10, 70, 20, 60, 40, 50};
    for (int lo = 0; lo < 8; lo++) {
        for (int hi = lo; hi < 8; hi++) {
            uint16_t child[8];
            ga_order_crossover(a, b, 8, lo, hi, child);
            for (int i = lo; i <= hi; i++)
                assert_int_equal(child[i], a[i]);
            for (int g = 0; g < 8; g++) { /* each parent gene exactly once */
                int seen = 0;
                for (int i = 0; i < 8; i++)
                    seen += child[i] == a[g];
                assert_int_equal(seen, 1);
            }
        }
    }
    /* The classic example: segment 3..5 of a, the rest in b's order from after the segment. */
    uint16_t child[8];
    ga_order_crossover(a, b, 8, 3, 5, child);
    const uint16_t want[8] = {10, 70, 20, 40, 50, 60, 80, 30};
    assert_memory_equal(child, want, sizeof want);
}

static void test_nonuniform_mutation_in_range_and_shrinks(void **state)
{
    (void)state;
    const int upper = 15 * 15 - 1, T = 1000;
    double last = 1e9;
    for (int t = 0; t <= T; t += 100) {
        double total = 0;
        for (int y = 0; y <= upper; y += 7) {
            for (int k = 0; k < 10; k++) {
                double r = k / 10.0;
                int up = ga_nonuniform(y, upper, t, T, r, true);
                int down = ga_nonuniform(y, upper, t, T, r, false);
                assert_true(up >= y && up <= upper);
                assert_true(down >= 0 && down <= y);
                total += (up - y) + (y - down);
            }
        }
        assert_true(total <= last); /* the steps shrink as t grows */
        last = total;
        if (t == T)
            assert_true(total == 0); /* no step at all at t = T */
    }
    /* r = 0 early is the largest step: all the way to the bound. */
    assert_int_equal(ga_nonuniform(100, upper, 0, T, 0.0, true), upper);
    assert_int_equal(ga_nonuniform(100, upper, 0, T, 0.0, false), 0);
}

static void test_fitness_scaling_formula(void **state)
{
    (void)state;
    const int32_t c[4] = {10, 40, -20, 100};
    double f[4];
    ga_scale_fitness(c, 4, 3, f);
    /* worst -20, best 100: f_i = (c_i + 20) + 120 / 2 */
    assert_true(f[2] == 60.0); /* the worst gets (C_b - C_w) / (k - 1) */
    assert_true(f[0] == 90.0);
    assert_true(f[1] == 120.0);
    assert_true(f[3] == 180.0);
}

static void test_roulette_picks_proportionally(void **state)
{
    (void)state;
    const double f[4] = {1, 2, 3, 4};
    int count[4] = {0};
    GaRng rng;
    ga_rng_seed(&rng, 12345);
    const int draws = 200000;
    for (int i = 0; i < draws; i++)
        count[ga_roulette(f, 4, &rng)]++;
    for (int i = 0; i < 4; i++) {
        double share = (double)count[i] / draws, want = f[i] / 10.0;
        assert_true(share > want - 0.01 && share < want + 0.01);
    }
    const double zero[3] = {0, 0, 0}; /* all equal: uniform */
    int seen[3] = {0};
    for (int i = 0; i < 3000; i++)
        seen[ga_roulette(zero, 3, &rng)]++;
    for (int i = 0; i < 3; i++)
        assert_true(seen[i] > 800);
}

static void test_child_replaces_worse_parent(void **state)
{
    (void)state;
    const int32_t fit[3] = {5, 9, 5};
    assert_int_equal(ga_worse_parent(0, 1, fit), 0);
    assert_int_equal(ga_worse_parent(1, 0, fit), 0);
    assert_int_equal(ga_worse_parent(0, 2, fit), 2); /* a tie: the second */
}

static void test_repair_gives_legal_distinct_cells(void **state)
{
    (void)state;
    Board b;
    board_init(&b, 15, RULE_FREESTYLE);
    board_play(&b, cell_index(7, 7));
    GaRng rng;
    ga_rng_seed(&rng, 1);
    uint8_t used[BOARD_CELLS] = {0};
    for (int k = 0; k < 30; k++) { /* the same gene again and again: each time a new cell */
        int g = ga_repair(&b, cell_index(7, 7), NULL, &rng);
        assert_true(g != CELL_NONE && b.cell[g] == EMPTY && rule_is_legal(&b, g));
        assert_false(used[g]);
        used[g] = 1;
        board_play(&b, g);
    }
    int near = ga_repair(&b, cell_index(0, 0), NULL, &rng); /* a free cell is kept */
    assert_int_equal(near, cell_index(0, 0));
    int off = ga_repair(&b, BOARD_CELLS - 1, NULL, &rng); /* off the 15x15 board */
    assert_true(off != CELL_NONE && board_cell_valid(&b, off) && b.cell[off] == EMPTY);
    uint8_t excluded[BOARD_CELLS] = {0};
    excluded[cell_index(1, 1)] = 1;
    assert_int_not_equal(ga_repair(&b, cell_index(1, 1), excluded, &rng), cell_index(1, 1));

    /* Renju: black's double three is forbidden, the repair moves off it. */
    Board r;
    board_init(&r, 15, RULE_RENJU);
    const int xs[] = {5, 6, 7, 7}, ys[] = {7, 7, 5, 6};
    for (int i = 0; i < 4; i++)
        board_put(&r, cell_index(xs[i], ys[i]), BLACK);
    board_put(&r, cell_index(0, 14), WHITE);
    board_put(&r, cell_index(14, 0), WHITE);
    board_put(&r, cell_index(14, 14), WHITE);
    board_put(&r, cell_index(0, 0), WHITE);
    board_set_to_move(&r, BLACK);
    int point = cell_index(7, 7);
    assert_true(rule_is_forbidden(&r, point, BLACK));
    int g = ga_repair(&r, point, NULL, &rng);
    assert_true(g != point && r.cell[g] == EMPTY && !rule_is_forbidden(&r, g, BLACK));
}

static void test_rng_is_deterministic(void **state)
{
    (void)state;
    GaRng a, b;
    ga_rng_seed(&a, 99);
    ga_rng_seed(&b, 99);
    for (int i = 0; i < 100; i++)
        assert_int_equal(ga_rng_next(&a), ga_rng_next(&b));
    for (int i = 0; i < 1000; i++) {
        double u = ga_rng_unit(&a);
        assert_true(u >= 0.0 && u < 1.0);
    }
}

/* ---- the stage ----------------------------------------------------------------------------- */

/* An evaluator that counts the calls (and their sizes) and passes them on to the CPU one. */
typedef struct Counting {
    Evaluator *inner;
    int calls;
    size_t min_n, max_n;
} Counting;

static int count_positions(Evaluator *ev, const EvalPosition *pos, size_t n, int32_t *out)
{
    Counting *c = ev->impl;
    c->calls++;
    c->min_n = c->calls == 1 || n < c->min_n ? n : c->min_n;
    c->max_n = n > c->max_n ? n : c->max_n;
    return evaluator_score_positions(c->inner, pos, n, out);
}

static int count_children(Evaluator *ev, const EvalPosition *parents, const EvalChild *kids,
                          size_t n, int32_t *out)
{
    Counting *c = ev->impl;
    c->calls++;
    return evaluator_score_children(c->inner, parents, kids, n, out);
}

static void count_destroy(Evaluator *ev) { (void)ev; }

static const EvaluatorOps COUNTING_OPS = {count_positions, count_children, count_destroy,
                                           NULL, NULL};

typedef struct Fixture {
    Evaluator *cpu;
    Search *search;
    TestPosition *tp;
    int ntp;
} Fixture;

/* The threat searches' tables (ga_confirm's VCT reads them). */
static const PatternTables *tables_of(const Fixture *f) { return evaluator_pattern_tables(f->cpu); }

static int setup(void **state)
{
    Fixture *f = calloc(1, sizeof *f);
    f->cpu = evaluator_cpu_create();
    f->search = f->cpu ? search_create(f->cpu, 8u << 20) : NULL;
    f->tp = tp_load_or_fail(POSITIONS, &f->ntp);
    if (!f->search || f->ntp < 3)
        return -1;
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    Fixture *f = *state;
    search_destroy(f->search);
    evaluator_destroy(f->cpu);
    free(f->tp);
    free(f);
    return 0;
}

static GaParams small_params(void)
{
    GaParams p;
    ga_default_params(&p);
    p.population = 60;
    p.generations = 200;
    return p;
}

static void check_one_batch_per_generation(Fixture *f, GaMode mode)
{
    Counting c = {f->cpu, 0, 0, 0};
    Evaluator counting = {"counting", &COUNTING_OPS, &c};
    GaParams p = small_params();
    p.generations = 7;
    const Board *root = &f->tp[POS_QUIET].board;
    GaResult r = ga_evolve(&p, mode, &counting, root, NULL, 0, NULL, 0, NULL);
    size_t batch = (size_t)p.population * (mode == GA_COEVO ? 2 : 1);
    assert_true(r.generations >= 1 && r.generations <= 7);
    assert_int_equal(c.calls, r.generations);
    assert_int_equal(c.min_n, batch);
    assert_int_equal(c.max_n, batch);
    assert_int_equal(r.evals, (uint64_t)batch * r.generations);
    assert_true(rule_is_legal(root, r.move));
}

static void test_one_evaluator_call_per_generation(void **state)
{
    check_one_batch_per_generation(*state, GA_PAPER);
    check_one_batch_per_generation(*state, GA_COEVO);
}

static bool same_position(const Board *a, const Board *b)
{
    return a->nstones == b->nstones && a->to_move == b->to_move && a->hash == b->hash
        && !memcmp(a->cell, b->cell, sizeof a->cell);
}

/* The best one-ply value of any move (the evaluator's view of every child, as the tree's first
 * iteration sees it). */
static int one_ply_best(Fixture *f, const Board *b)
{
    uint16_t moves[MOVES_MAX];
    int n = moves_candidates(b, 2, moves);
    LeafBatch lb;
    assert_true(leafbatch_init(&lb, 1, MOVES_MAX));
    size_t p = leafbatch_add_parent(&lb, b, 0);
    for (int i = 0; i < n; i++)
        leafbatch_add_kid(&lb, p, moves[i]);
    leafbatch_score(&lb, f->cpu);
    int best = -SCORE_WIN;
    for (int i = 0; i < n; i++)
        best = -lb.scores[i] > best ? -lb.scores[i] : best;
    leafbatch_free(&lb);
    return best;
}

static void test_finds_and_confirms_a_deeper_win(void **state)
{
    Fixture *f = *state;
    TestPosition *tp = &f->tp[POS_WIN];
    Board b = tp->board;
    assert_true(one_ply_best(f, &b) < SCORE_WIN_MIN); /* no one-ply look sees the win */
    GaParams p = small_params();
    SearchResult tree = {cell_index(12, 12), 0, 4, 0, 0, 0}; /* a tree answer that missed it */
    /* Coevolution: white's population learns to block, the line that still wins is found and
     * proven, and it replaces the tree's move. */
    GaResult g = ga_evolve(&p, GA_COEVO, f->cpu, &b, NULL, 0, NULL, 0, NULL);
    assert_true(g.score >= SCORE_WIN_MIN && g.ncandidates > 0);
    search_clear(f->search);
    SearchResult r = ga_refine(&p, GA_COEVO, f->cpu, f->search, &b, tree, NULL, 0, NULL);
    if (r.move == tree.move || !ga_confirm(&b, r.move, tables_of(f), 0, NULL))
        fail_msg("%s: answered %d,%d", tp->name, cell_x(r.move), cell_y(r.move));
    assert_true(r.score >= SCORE_WIN_MIN);
    assert_true(same_position(&b, &tp->board));
    /* The paper's single population stops on its first "won" line, usually one where white
     * ignores a threat: whatever it answers is the tree's move or a proven one. */
    r = ga_refine(&p, GA_PAPER, f->cpu, f->search, &b, tree, NULL, 0, NULL);
    assert_true(r.move == tree.move || ga_confirm(&b, r.move, tables_of(f), 0, NULL));
    for (int i = 0; i < tp->nexpect; i++)
        assert_true(ga_confirm(&b, tp->expect[i], tables_of(f), 0, NULL));
    assert_false(ga_confirm(&b, cell_index(6, 7), tables_of(f), 0, NULL)); /* quiet: no proof */
    assert_true(same_position(&b, &tp->board));
}

static void test_keeps_the_tree_move_when_nothing_is_proven(void **state)
{
    Fixture *f = *state;
    GaParams p = small_params();
    for (int k = POS_QUIET; k <= POS_LONE_FOUR; k++) {
        Board b = f->tp[k].board;
        SearchLimits lim = {.deadline_ms = 0, .max_depth = 4, .max_nodes = 0};
        search_clear(f->search);
        SearchResult tree = search_best_move(f->search, &b, &lim, NULL);
        assert_true(tree.score < SCORE_WIN_MIN);
        for (GaMode mode = GA_PAPER; mode <= GA_COEVO; mode++) {
            SearchResult r = ga_refine(&p, mode, f->cpu, f->search, &b, tree, NULL, 0, NULL);
            assert_int_equal(r.move, tree.move);
            assert_int_equal(r.score, tree.score);
        }
    }
    /* The lone four is no proof: the block ends it. */
    Board lone = f->tp[POS_LONE_FOUR].board;
    assert_false(ga_confirm(&lone, cell_index(6, 7), tables_of(f), 0, NULL));
    assert_false(ga_confirm(&lone, cell_index(7, 7), tables_of(f), 0, NULL));
    /* The paper's blind spot, seen: white's genes ignore the four and the line "wins". */
    GaResult g = ga_evolve(&p, GA_PAPER, f->cpu, &f->tp[POS_LONE_FOUR].board, NULL, 0, NULL, 0,
                           NULL);
    assert_true(g.score >= SCORE_WIN_MIN);
    /* A tree that already wins keeps its move; so does GA_OFF. */
    Board b = f->tp[POS_WIN].board;
    SearchResult won = {cell_index(5, 3), SCORE_WIN - 5, 3, 0, 0, 0};
    assert_int_equal(ga_refine(&p, GA_PAPER, f->cpu, f->search, &b, won, NULL, 0, NULL).move,
                     won.move);
    SearchResult quiet = {cell_index(12, 12), 0, 3, 0, 0, 0};
    assert_int_equal(ga_refine(&p, GA_OFF, f->cpu, f->search, &b, quiet, NULL, 0, NULL).move,
                     quiet.move);
}

static void test_excluded_first_move_never_chosen(void **state)
{
    Fixture *f = *state;
    GaParams p = small_params();
    Board b = f->tp[POS_WIN].board;
    uint8_t excluded[BOARD_CELLS] = {0};
    excluded[cell_index(5, 2)] = 1;
    excluded[cell_index(5, 3)] = 1;
    GaResult g = ga_evolve(&p, GA_COEVO, f->cpu, &b, NULL, 0, excluded, 0, NULL);
    for (int i = 0; i < g.ncandidates; i++)
        assert_false(excluded[g.candidate[i]]);
    SearchResult tree = {cell_index(12, 12), 0, 4, 0, 0, 0};
    search_clear(f->search);
    SearchResult r = ga_refine(&p, GA_COEVO, f->cpu, f->search, &b, tree, excluded, 0, NULL);
    assert_false(excluded[r.move]);
}

/* The engine with the GA on: its think still answers a legal move (and the win it has). */
static void test_engine_thinks_with_the_ga(void **state)
{
    Fixture *f = *state;
    for (GaMode mode = GA_PAPER; mode <= GA_COEVO; mode++) {
        EngineOptions o;
        engine_default_options(&o);
        o.evaluator = EVAL_CHOICE_CPU;
        o.ga_mode = mode;
        Engine e;
        engine_init(&e, &o);
        assert_int_equal(engine_start(&e, 15), ENGINE_OK);
        e.time.timeout_turn_ms = 200;
        for (int k = POS_WIN; k <= POS_LONE_FOUR; k++) {
            e.board = f->tp[k].board;
            int x = -1, y = -1; /* off the board unless the engine answers */
            assert_true(engine_think(&e, clock_ms(), &x, &y));
            assert_true(rule_is_legal(&f->tp[k].board, cell_index(x, y)));
            if (k == POS_WIN) /* won: the answer must keep it won */
                assert_true(ga_confirm(&e.board, cell_index(x, y), tables_of(f), 0, NULL));
        }
        engine_free(&e);
    }
}

static void test_options_select_the_ga(void **state)
{
    (void)state;
    EngineOptions o;
    engine_default_options(&o);
    assert_int_equal(o.ga_mode, GA_OFF);
    char *argv[] = {"pbrain-gamok", "--ga", "coevo", "--ga-share=35"};
    assert_int_equal(options_parse(4, argv, &o, stdout, stderr), -1);
    assert_int_equal(o.ga_mode, GA_COEVO);
    assert_int_equal(o.ga.share_pct, 35);
    char *bad[] = {"pbrain-gamok", "--ga", "sometimes"};
    FILE *sink = fopen("/dev/null", "w");
    assert_int_equal(options_parse(3, bad, &o, sink, sink), 2);
    char *share[] = {"pbrain-gamok", "--ga-share", "95"};
    assert_int_equal(options_parse(3, share, &o, sink, sink), 2);
    fclose(sink);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_order_crossover_keeps_segment_and_genes),
        cmocka_unit_test(test_nonuniform_mutation_in_range_and_shrinks),
        cmocka_unit_test(test_fitness_scaling_formula),
        cmocka_unit_test(test_roulette_picks_proportionally),
        cmocka_unit_test(test_child_replaces_worse_parent),
        cmocka_unit_test(test_repair_gives_legal_distinct_cells),
        cmocka_unit_test(test_rng_is_deterministic),
        cmocka_unit_test(test_one_evaluator_call_per_generation),
        cmocka_unit_test(test_finds_and_confirms_a_deeper_win),
        cmocka_unit_test(test_keeps_the_tree_move_when_nothing_is_proven),
        cmocka_unit_test(test_excluded_first_move_never_chosen),
        cmocka_unit_test(test_engine_thinks_with_the_ga),
        cmocka_unit_test(test_options_select_the_ga),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
