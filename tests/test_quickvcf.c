/* The leaves' quick VCF (brain/quickvcf.c). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "brain/quickvcf.h"
#include "brain/vcf.h"
#include "kernels/evaluator.h"
#include "kernels/incremental.h"
#include "kernels/patterns.h"
#include "tests/support/positions.h"

typedef struct Fixture {
    PatternTables *tables;
    IncState *inc;
} Fixture;

static int setup(void **state)
{
    Fixture *f = calloc(1, sizeof *f);
    f->tables = pattern_tables_create();
    f->inc = malloc(sizeof *f->inc);
    if (!f->tables || !f->inc)
        return -1;
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    Fixture *f = *state;
    pattern_tables_destroy(f->tables);
    free(f->inc);
    free(f);
    return 0;
}

static const QuickVcfLimits WIDE = {.max_fours = 16, .max_nodes = 100000, .plain_four_levels = 16};

/* *b: the board of tp, followed by the fixture's state (a copy of a followed board is not). */
static void follow(Fixture *f, const TestPosition *tp, Board *b)
{
    *b = tp->board;
    inc_init(f->inc, f->tables, b->size, b->rule, b->cell);
    board_follow(b, f->inc);
}

/* Runs the quick VCF and checks that the board and its state are as they were, and that the
 * value is the static one or a win. */
static QuickVcfResult run(Fixture *f, const TestPosition *tp, int beta, const QuickVcfLimits *lim)
{
    Board b;
    follow(f, tp, &b);
    int before = inc_score(f->inc, b.to_move);
    uint32_t keys[BOARD_CELLS];
    memcpy(keys, f->inc->cell_key, sizeof keys);
    QuickVcfResult r = quick_vcf(&b, beta, lim);
    assert_true(b.hash == tp->board.hash && b.nstones == tp->board.nstones);
    assert_memory_equal(b.cell, tp->board.cell, sizeof b.cell);
    assert_int_equal(inc_score(f->inc, b.to_move), before);
    assert_memory_equal(f->inc->cell_key, keys, sizeof keys);
    assert_true(r.value == before || r.value >= SCORE_WIN_MIN);
    return r;
}

static bool is_win(int v) { return v >= SCORE_WIN_MIN; }

/* Without a four to play: the static value, one node. */
static void without_fours_the_static_value(void **state)
{
    Fixture *f = *state;
    int n;
    TestPosition *tp = tp_load_or_fail("tests/positions/search_quiet.txt", &n);
    int tried = 0;
    for (int i = 0; i < n; i++) {
        Board b;
        follow(f, &tp[i], &b);
        if (inc_four_cells(f->inc, b.to_move, (uint16_t[1]){0}, 1) > 0
            || inc_five_cells(f->inc, opponent_of(b.to_move)))
            continue;
        QuickVcfResult r = run(f, &tp[i], SCORE_WIN, &WIDE);
        assert_int_equal(r.value, inc_score(f->inc, b.to_move));
        assert_int_equal(r.nodes, 1);
        tried++;
    }
    assert_true(tried > 0);
    free(tp);
}

/* The wins by fours of search_vcf.txt are wins here, as the VCF search finds them; a static
 * value at or above beta answers at once. */
static void fours_to_a_win_are_a_win(void **state)
{
    Fixture *f = *state;
    int n;
    TestPosition *tp = tp_load_or_fail("tests/positions/search_vcf.txt", &n);
    VcfMemo *memo = calloc(1, sizeof *memo);
    assert_non_null(memo);
    for (int i = 0; i < n; i++) {
        Board b;
        follow(f, &tp[i], &b);
        VcfLimits vcf = {.max_fours = 16};
        assert_true(vcf_find(&b, &vcf, memo).move != CELL_NONE);
        QuickVcfResult r = run(f, &tp[i], SCORE_WIN, &WIDE);
        assert_true(is_win(r.value));
        int stand = inc_score(f->inc, b.to_move);
        r = run(f, &tp[i], stand, &WIDE);
        assert_int_equal(r.nodes, 1);
        assert_int_equal(r.value, stand);
    }
    free(memo);
    free(tp);
}

/* Past plain_four_levels a four must make something on another line: black's win in the first
 * position needs a plain four later on, so it is found only when they are allowed. Renju
 * white's fours against black (second position) are never restricted: black's block may be
 * forbidden. */
static void plain_fours_only_where_allowed(void **state)
{
    Fixture *f = *state;
    int n;
    TestPosition *tp = tp_load_or_fail("tests/positions/vcf_plain_fours.txt", &n);
    assert_int_equal(n, 2);
    QuickVcfLimits plus_only = WIDE;
    plus_only.plain_four_levels = 0;
    assert_true(is_win(run(f, &tp[0], SCORE_WIN, &WIDE).value));
    assert_false(is_win(run(f, &tp[0], SCORE_WIN, &plus_only).value));
    assert_true(is_win(run(f, &tp[1], SCORE_WIN, &plus_only).value));
    free(tp);
}

/* The node limit holds, and fewer nodes never find more. */
static void the_node_limit_holds(void **state)
{
    Fixture *f = *state;
    int n;
    TestPosition *tp = tp_load_or_fail("tests/positions/vcf_plain_fours.txt", &n);
    QuickVcfLimits small = WIDE;
    small.max_nodes = 3;
    QuickVcfResult r = run(f, &tp[0], SCORE_WIN, &small);
    assert_true(r.nodes <= 3);
    assert_false(is_win(r.value));
    free(tp);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(without_fours_the_static_value),
        cmocka_unit_test(fours_to_a_win_are_a_win),
        cmocka_unit_test(plain_fours_only_where_allowed),
        cmocka_unit_test(the_node_limit_holds),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
