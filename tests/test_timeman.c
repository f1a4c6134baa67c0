/* Time budget: never more than min(turn limit, fair share of time_left) minus a margin. */
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
    int64_t b = timeman_budget_ms(&t, 200);
    assert_true(b < 5000);
    assert_true(b >= 4000); /* the margin stays a small part of a long turn */
}

static void short_turn_keeps_most_of_it(void **state)
{
    (void)state;
    TimeLimits t = limits(200, 0, TIME_UNLIMITED);
    int64_t b = timeman_budget_ms(&t, 200);
    assert_true(b < 200);
    assert_true(b >= 150);
}

static void zero_turn_means_answer_at_once(void **state)
{
    (void)state;
    TimeLimits t = limits(0, 0, TIME_UNLIMITED);
    assert_int_equal(timeman_budget_ms(&t, 200), 0);
}

static void match_time_caps_the_turn(void **state)
{
    (void)state;
    /* 5 s turns but only 6 s left in the match: a share of it, far below 5 s. */
    TimeLimits t = limits(5000, 120000, 6000);
    int64_t b = timeman_budget_ms(&t, 200);
    assert_true(b > 0);
    assert_true(b <= 6000 / 12);
}

static void no_time_left_answers_at_once(void **state)
{
    (void)state;
    TimeLimits t = limits(5000, 120000, 0);
    assert_int_equal(timeman_budget_ms(&t, 200), 0);
    t.time_left_ms = -500; /* managers may send negative values after an overrun */
    assert_int_equal(timeman_budget_ms(&t, 200), 0);
}

static void budget_never_exceeds_time_left(void **state)
{
    (void)state;
    for (int64_t left = 1; left < 100000; left = left * 3 + 1) {
        TimeLimits t = limits(30000, 180000, left);
        for (int empty = 0; empty <= 484; empty += 44) {
            int64_t b = timeman_budget_ms(&t, empty);
            assert_true(b >= 0);
            assert_true(b < left || b == 0);
            assert_true(b < 30000);
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(turn_limit_only),
        cmocka_unit_test(short_turn_keeps_most_of_it),
        cmocka_unit_test(zero_turn_means_answer_at_once),
        cmocka_unit_test(match_time_caps_the_turn),
        cmocka_unit_test(no_time_left_answers_at_once),
        cmocka_unit_test(budget_never_exceeds_time_left),
        cmocka_unit_test(defaults_are_a_turn_limit),
    };
    return cmocka_run_group_tests_name("timeman", tests, NULL, NULL);
}
