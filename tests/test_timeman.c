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
    TimeBudget b = timeman_budget(&t, 25);
    assert_true(b.max_ms < 5000);
    assert_true(b.max_ms >= 4000); /* the margin stays a small part of a long turn */
    /* Nothing to save time for: the whole turn is the target too. */
    assert_int_equal(b.target_ms, b.max_ms);
}

static void short_turn_keeps_most_of_it(void **state)
{
    (void)state;
    TimeLimits t = limits(200, 0, TIME_UNLIMITED);
    TimeBudget b = timeman_budget(&t, 25);
    assert_true(b.max_ms < 200);
    assert_true(b.max_ms >= 150);
}

static void zero_turn_means_answer_at_once(void **state)
{
    (void)state;
    TimeLimits t = limits(0, 0, TIME_UNLIMITED);
    assert_int_equal(timeman_budget(&t, 25).max_ms, 0);
    t = limits(0, 120000, 60000);
    assert_int_equal(timeman_budget(&t, 25).max_ms, 0);
}

static void match_time_caps_the_turn(void **state)
{
    (void)state;
    /* 5 s turns but only 6 s left in the match: a share of it, far below 5 s. */
    TimeLimits t = limits(5000, 120000, 6000);
    TimeBudget b = timeman_budget(&t, 25);
    assert_true(b.target_ms > 0);
    assert_true(b.target_ms <= 6000 / timeman_moves_left(25));
    assert_true(b.max_ms > b.target_ms); /* room to extend an unstable move */
    assert_true(b.max_ms <= 6000 / 3);   /* never most of what is left */
}

static void match_target_is_a_share_of_the_time_left(void **state)
{
    (void)state;
    /* 5 s turns, 20 s left with 4 stones on the board: the time left, less a reserve of a
     * twentieth of the match, over the moves expected. */
    TimeLimits t = limits(5000, 20000, 20000);
    TimeBudget b = timeman_budget(&t, 4);
    int64_t share = (20000 - 20000 / 20) / timeman_moves_left(4);
    assert_true(b.target_ms < share && b.target_ms >= share * 9 / 10); /* less a margin */
    assert_true(b.max_ms > b.target_ms && b.max_ms < 5000);
    /* Later, with less time left, the target shrinks. */
    t.time_left_ms = 10000;
    assert_true(timeman_budget(&t, 30).target_ms < b.target_ms);
}

static void fewer_moves_expected_as_the_game_goes_on(void **state)
{
    (void)state;
    for (int stones = 0; stones < 200; stones++)
        assert_true(timeman_moves_left(stones + 1) <= timeman_moves_left(stones));
    /* Never so few that one move takes most of what is left. */
    assert_true(timeman_moves_left(400) >= 8);
    assert_true(timeman_moves_left(0) > timeman_moves_left(400));
}

/* A game in which each of our moves takes its whole target: the clock is spent, never run out. */
static int64_t clock_left_after(int own_moves, int64_t match_ms)
{
    TimeLimits t = limits(5000, match_ms, match_ms);
    for (int i = 0; i < own_moves; i++) {
        TimeBudget b = timeman_budget(&t, 4 + 2 * i);
        assert_true(b.max_ms > 0);
        t.time_left_ms -= b.target_ms;
    }
    return t.time_left_ms;
}

/* The manager's latency on every move, answered at once or not (Piskvork under Wine: 5-25 ms). */
#define LATENCY_MS 25

static void the_managers_latency_never_runs_the_clock_out(void **state)
{
    (void)state;
    /* 100 moves of ours (200 plies: longer than 99 games in 100 of the corpus) on a 20 s clock,
     * each taking its whole target and the manager's latency on top. */
    TimeLimits t = limits(5000, 20000, 20000);
    for (int i = 0; i < 100; i++) {
        TimeBudget b = timeman_budget(&t, 4 + 2 * i);
        t.time_left_ms -= b.target_ms + LATENCY_MS;
    }
    assert_true(t.time_left_ms > -1000); /* within the tolerance managers give */
    /* Inside the reserve the answer comes at once. */
    t.time_left_ms = 20000 / 25;
    assert_int_equal(timeman_budget(&t, 100).max_ms, 0);
}

static void long_games_spend_most_of_the_clock(void **state)
{
    (void)state;
    /* 60 plies from a 4-stone opening: 28 moves of ours. */
    assert_true(clock_left_after(28, 20000) < 20000 / 5);
    assert_true(clock_left_after(28, 60000) < 60000 / 5);
    /* 200 moves of ours: the last ones are quick, but there is still time. */
    assert_true(clock_left_after(200, 20000) > 0);
}

static void no_time_left_answers_at_once(void **state)
{
    (void)state;
    TimeLimits t = limits(5000, 120000, 0);
    assert_int_equal(timeman_budget(&t, 25).max_ms, 0);
    t.time_left_ms = -500; /* managers may send negative values after an overrun */
    TimeBudget b = timeman_budget(&t, 25);
    assert_int_equal(b.max_ms, 0);
    assert_int_equal(b.target_ms, 0);
}

static void budget_never_exceeds_time_left(void **state)
{
    (void)state;
    for (int64_t left = 1; left < 100000; left = left * 3 + 1) {
        TimeLimits t = limits(30000, 180000, left);
        for (int stones = 0; stones <= 484; stones += 44) {
            TimeBudget b = timeman_budget(&t, stones);
            assert_true(b.target_ms >= 0);
            assert_true(b.target_ms <= b.max_ms);
            assert_true(b.max_ms < left || b.max_ms == 0);
            assert_true(b.max_ms < 30000);
        }
    }
}

/* Fuzzing found these (tests/fuzz/regressions/info/): INFO accepts any int64, and the budget
 * arithmetic overflowed at the extremes (UBSan in make test-asan). */
static void extreme_limits_give_sane_budgets(void **state)
{
    (void)state;
    TimeLimits t = limits(5000, 100, INT64_MIN); /* far over the match clock */
    TimeBudget b = timeman_budget(&t, 10);
    assert_int_equal(b.max_ms, 0);
    assert_int_equal(b.target_ms, 0);
    t = limits(INT64_MAX, 0, TIME_UNLIMITED); /* an endless turn is an unlimited one */
    b = timeman_budget(&t, 10);
    assert_true(b.max_ms > 0 && b.max_ms <= TIME_UNLIMITED);
    SearchProgress p = {.elapsed_ms = 1000, .best_changes = 2, .score_drop = 1000, .threatened = true};
    assert_true(timeman_go_deeper(b.target_ms, &p));
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
        cmocka_unit_test(match_target_is_a_share_of_the_time_left),
        cmocka_unit_test(fewer_moves_expected_as_the_game_goes_on),
        cmocka_unit_test(long_games_spend_most_of_the_clock),
        cmocka_unit_test(the_managers_latency_never_runs_the_clock_out),
        cmocka_unit_test(no_time_left_answers_at_once),
        cmocka_unit_test(budget_never_exceeds_time_left),
        cmocka_unit_test(extreme_limits_give_sane_budgets),
        cmocka_unit_test(defaults_are_a_turn_limit),
        cmocka_unit_test(deeper_while_under_half_the_target),
        cmocka_unit_test(instability_stretches_the_target),
    };
    return cmocka_run_group_tests_name("timeman", tests, NULL, NULL);
}
