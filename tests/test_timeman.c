/* Time budget: a target (the share of the match time) and a hard limit (never more than the
 * turn limit, a few shares, the time left, each minus a margin); when to go one iteration
 * deeper. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "brain/timeman.h"

static TimeLimits limits(int64_t turn, int64_t match, int64_t left)
{
    TimeLimits t = {turn, match, left};
    return t;
}

static void turn_limit_only(void **state)
{
    (void)state;
    TimeLimits t = limits(5000, 0, TIME_UNLIMITED);
    TimeBudget b = timeman_budget(&t, 200);
    assert_true(b.max_ms < 5000);
    assert_true(b.max_ms >= 4000); /* the margin stays a small part of a long turn */
    /* Nothing to save time for: the whole turn is the target too. */
    assert_int_equal(b.target_ms, b.max_ms);
}

static void short_turn_keeps_most_of_it(void **state)
{
    (void)state;
    TimeLimits t = limits(200, 0, TIME_UNLIMITED);
    TimeBudget b = timeman_budget(&t, 200);
    assert_true(b.max_ms < 200);
    assert_true(b.max_ms >= 150);
}

static void zero_turn_means_answer_at_once(void **state)
{
    (void)state;
    TimeLimits t = limits(0, 0, TIME_UNLIMITED);
    assert_int_equal(timeman_budget(&t, 200).max_ms, 0);
    t = limits(0, 120000, 60000);
    assert_int_equal(timeman_budget(&t, 200).max_ms, 0);
}

static void match_time_caps_the_turn(void **state)
{
    (void)state;
    /* 5 s turns but only 6 s left in the match: a share of it, far below 5 s. */
    TimeLimits t = limits(5000, 120000, 6000);
    TimeBudget b = timeman_budget(&t, 200);
    assert_true(b.target_ms > 0);
    assert_true(b.target_ms <= 6000 / 12);
    assert_true(b.max_ms > b.target_ms); /* room to extend an unstable move */
    assert_true(b.max_ms <= 6000 / 4);
}

static void fastgame_target_is_a_share_of_the_match(void **state)
{
    (void)state;
    /* Gomocup fastgame, first move: 120 s for ~55 moves, a turn may take up to 5 s. */
    TimeLimits t = limits(5000, 120000, 120000);
    TimeBudget b = timeman_budget(&t, 223);
    assert_true(b.target_ms > 1500 && b.target_ms < 2500);
    assert_true(b.max_ms > b.target_ms && b.max_ms < 5000);
    /* Later, with less time left, the target shrinks. */
    t.time_left_ms = 30000;
    assert_true(timeman_budget(&t, 150).target_ms < b.target_ms);
}

static void no_time_left_answers_at_once(void **state)
{
    (void)state;
    TimeLimits t = limits(5000, 120000, 0);
    assert_int_equal(timeman_budget(&t, 200).max_ms, 0);
    t.time_left_ms = -500; /* managers may send negative values after an overrun */
    TimeBudget b = timeman_budget(&t, 200);
    assert_int_equal(b.max_ms, 0);
    assert_int_equal(b.target_ms, 0);
}

static void budget_never_exceeds_time_left(void **state)
{
    (void)state;
    for (int64_t left = 1; left < 100000; left = left * 3 + 1) {
        TimeLimits t = limits(30000, 180000, left);
        for (int empty = 0; empty <= 484; empty += 44) {
            TimeBudget b = timeman_budget(&t, empty);
            assert_true(b.target_ms >= 0);
            assert_true(b.target_ms <= b.max_ms);
            assert_true(b.max_ms < left || b.max_ms == 0);
            assert_true(b.max_ms < 30000);
        }
    }
}

static void defaults_are_a_turn_limit(void **state)
{
    (void)state;
    TimeLimits t;
    timeman_defaults(&t);
    assert_true(t.timeout_turn_ms > 0);
    assert_int_equal(t.timeout_match_ms, 0);
    assert_true(t.time_left_ms == TIME_UNLIMITED);
}

static void deeper_while_under_half_the_target(void **state)
{
    (void)state;
    SearchProgress p = {.elapsed_ms = 400};
    assert_true(timeman_go_deeper(1000, &p));
    p.elapsed_ms = 600;
    assert_false(timeman_go_deeper(1000, &p));
}

static void instability_stretches_the_target(void **state)
{
    (void)state;
    SearchProgress calm = {.elapsed_ms = 600};
    assert_false(timeman_go_deeper(1000, &calm));
    SearchProgress changed = {.elapsed_ms = 600, .best_changes = 1};
    assert_true(timeman_go_deeper(1000, &changed));
    SearchProgress dropped = {.elapsed_ms = 600, .score_drop = 2000};
    assert_true(timeman_go_deeper(1000, &dropped));
    SearchProgress threatened = {.elapsed_ms = 600, .threatened = true};
    assert_true(timeman_go_deeper(1000, &threatened));
    /* A score that rose is no reason to think longer. */
    SearchProgress rose = {.elapsed_ms = 600, .score_drop = -2000};
    assert_false(timeman_go_deeper(1000, &rose));
    /* Even every reason together has a bound (the hard limit is the search's deadline). */
    SearchProgress all = {.elapsed_ms = 3000, .best_changes = 2, .score_drop = 2000,
                          .threatened = true};
    assert_false(timeman_go_deeper(1000, &all));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(turn_limit_only),
        cmocka_unit_test(short_turn_keeps_most_of_it),
        cmocka_unit_test(zero_turn_means_answer_at_once),
        cmocka_unit_test(match_time_caps_the_turn),
        cmocka_unit_test(fastgame_target_is_a_share_of_the_match),
        cmocka_unit_test(no_time_left_answers_at_once),
        cmocka_unit_test(budget_never_exceeds_time_left),
        cmocka_unit_test(defaults_are_a_turn_limit),
        cmocka_unit_test(deeper_while_under_half_the_target),
        cmocka_unit_test(instability_stretches_the_target),
    };
    return cmocka_run_group_tests_name("timeman", tests, NULL, NULL);
}
