/* The engine controller (brain/engine.c): game setup and its errors, positions, thinking under
 * the time manager's budget, stop, memory limits, paper mode, swap2, renju forbidden points. */
#define _POSIX_C_SOURCE 200809L /* nanosleep */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "brain/clock.h"
#include "brain/engine.h"
#include "brain/rules.h"
#include "tests/support/positions.h"
#include "tests/support/stopper.h"

static int setup(void **state)
{
    Engine *e = malloc(sizeof *e);
    engine_init(e, NULL);
    if (!e->eval)
        return -1;
    *state = e;
    return 0;
}

static int teardown(void **state)
{
    Engine *e = *state;
    engine_free(e);
    free(e);
    return 0;
}

/* The position as a BOARD command gives it: the side to move's stones are field 1. */
static bool same_board(const Board *a, const Board *b)
{
    return a->size == b->size && a->rule == b->rule && a->nstones == b->nstones &&
           a->to_move == b->to_move && a->hash == b->hash && !memcmp(a->cell, b->cell, sizeof a->cell);
}

static void think_legal(Engine *e, int64_t start, int *x, int *y)
{
    Board before = e->board;
    assert_true(engine_think(e, start, x, y));
    assert_true(rule_is_legal(&e->board, cell_index(*x, *y)));
    assert_true(same_board(&before, &e->board));
}

/* ---- setup --------------------------------------------------------------------------------- */

static void start_checks_the_size(void **state)
{
    Engine *e = *state;
    assert_int_equal(engine_start(e, BOARD_MIN - 1), ENGINE_ERR_SIZE);
    assert_int_equal(engine_start(e, BOARD_MAX + 1), ENGINE_ERR_SIZE);
    assert_int_equal(engine_start(e, BOARD_MIN), ENGINE_OK);
    assert_int_equal(e->board.size, BOARD_MIN);
    assert_int_equal(engine_start(e, BOARD_MAX), ENGINE_OK);
    assert_int_equal(engine_start(e, 15), ENGINE_OK);
    assert_int_equal(e->board.nstones, 0);
    assert_int_equal(e->board.to_move, BLACK);
}

static void nothing_works_before_start(void **state)
{
    (void)state;
    Engine e;
    int x, y;
    engine_init(&e, NULL);
    assert_int_equal(engine_play(&e, 7, 7), ENGINE_ERR_NOT_STARTED);
    assert_int_equal(engine_takeback(&e, 7, 7), ENGINE_ERR_NOT_STARTED);
    assert_int_equal(engine_restart(&e), ENGINE_ERR_NOT_STARTED);
    assert_false(engine_think(&e, clock_ms(), &x, &y));
    engine_free(&e);
}

static void rule_values(void **state)
{
    Engine *e = *state;
    assert_int_equal(engine_set_rule(e, 12), ENGINE_ERR_RULE); /* renju and caro at once */
    assert_int_equal(engine_set_rule(e, 16), ENGINE_ERR_RULE);
    assert_int_equal(engine_set_rule(e, 4), ENGINE_OK);
    assert_int_equal(engine_start(e, 15), ENGINE_OK); /* START keeps the rule */
    assert_int_equal(e->board.rule, RULE_RENJU);
    assert_int_equal(engine_set_rule(e, 1), ENGINE_OK); /* and INFO rule applies at once */
    assert_int_equal(e->board.rule, RULE_EXACT5);
    assert_int_equal(engine_set_rule(e, 0), ENGINE_OK);
}

static void play_and_its_errors(void **state)
{
    Engine *e = *state;
    assert_int_equal(engine_start(e, 15), ENGINE_OK);
    assert_int_equal(engine_play(e, 15, 0), ENGINE_ERR_OFF_BOARD);
    assert_int_equal(engine_play(e, -1, 3), ENGINE_ERR_OFF_BOARD);
    assert_int_equal(engine_play(e, 7, 7), ENGINE_OK);
    assert_int_equal(e->board.cell[cell_index(7, 7)], BLACK);
    assert_int_equal(e->board.to_move, WHITE);
    assert_int_equal(engine_play(e, 7, 7), ENGINE_ERR_OCCUPIED);
    assert_int_equal(engine_restart(e), ENGINE_OK);
    assert_int_equal(e->board.nstones, 0);
    assert_int_equal(e->board.size, 15);
}

static void takeback_removes_a_stone_and_gives_its_turn(void **state)
{
    Engine *e = *state;
    assert_int_equal(engine_start(e, 15), ENGINE_OK);
    assert_int_equal(engine_play(e, 7, 7), ENGINE_OK);
    assert_int_equal(engine_play(e, 8, 8), ENGINE_OK);
    assert_int_equal(engine_play(e, 6, 6), ENGINE_OK);
    assert_int_equal(engine_takeback(e, 6, 6), ENGINE_OK);
    assert_int_equal(e->board.to_move, BLACK);
    assert_int_equal(e->board.cell[cell_index(6, 6)], EMPTY);
    assert_int_equal(engine_takeback(e, 8, 8), ENGINE_OK);
    assert_int_equal(e->board.to_move, WHITE);
    assert_int_equal(e->board.nstones, 1);
    assert_int_equal(engine_takeback(e, 8, 8), ENGINE_ERR_NO_STONE);
    assert_int_equal(engine_takeback(e, 20, 8), ENGINE_ERR_OFF_BOARD);
}

static void set_position_decides_the_colours(void **state)
{
    Engine *e = *state;
    assert_int_equal(engine_start(e, 15), ENGINE_OK);
    PositionStone even[] = {{7, 7, 1}, {8, 8, 2}, {0, 0, 3}};
    assert_int_equal(engine_set_position(e, even, 3), ENGINE_OK);
    assert_int_equal(e->board.to_move, BLACK);
    assert_int_equal(e->board.cell[cell_index(7, 7)], BLACK);
    assert_int_equal(e->board.cell[cell_index(8, 8)], WHITE);
    assert_int_equal(e->board.cell[cell_index(0, 0)], BLOCKER);
    PositionStone odd[] = {{7, 7, 2}, {8, 8, 1}, {6, 6, 2}};
    assert_int_equal(engine_set_position(e, odd, 3), ENGINE_OK);
    assert_int_equal(e->board.to_move, WHITE);
    assert_int_equal(e->board.cell[cell_index(8, 8)], WHITE);
    assert_int_equal(e->board.cell[cell_index(7, 7)], BLACK);
    assert_int_equal(e->board.nstones, 3);
}

static void bad_position_changes_nothing(void **state)
{
    Engine *e = *state;
    assert_int_equal(engine_start(e, 15), ENGINE_OK);
    assert_int_equal(engine_play(e, 7, 7), ENGINE_OK);
    Board before = e->board;
    PositionStone dup[] = {{1, 1, 1}, {2, 2, 2}, {1, 1, 2}};
    PositionStone field[] = {{1, 1, 1}, {2, 2, 4}};
    PositionStone off[] = {{1, 1, 1}, {15, 2, 2}};
    assert_int_equal(engine_set_position(e, dup, 3), ENGINE_ERR_POSITION);
    assert_int_equal(engine_set_position(e, field, 2), ENGINE_ERR_POSITION);
    assert_int_equal(engine_set_position(e, off, 2), ENGINE_ERR_OFF_BOARD);
    assert_true(same_board(&before, &e->board));
}

static void memory_limits(void **state)
{
    Engine *e = *state;
    int x, y;
    assert_int_equal(engine_start(e, 15), ENGINE_OK);
    assert_int_equal(engine_play(e, 7, 7), ENGINE_OK);
    assert_int_equal(engine_set_max_memory(e, 1 << 20), ENGINE_ERR_MEMORY); /* below the tables */
    e->time.timeout_turn_ms = 200;
    think_legal(e, clock_ms(), &x, &y); /* the old tables still serve */
    assert_int_equal(engine_set_max_memory(e, 16 << 20), ENGINE_OK);
    assert_int_equal(e->max_memory, 16 << 20);
    assert_null(e->search); /* the old tables are gone before the new ones are made */
    think_legal(e, clock_ms(), &x, &y);
    assert_non_null(e->search);
    assert_int_equal(engine_set_max_memory(e, 0), ENGINE_OK);
    think_legal(e, clock_ms(), &x, &y);
}

/* No search table exists before the first think: a max_memory sent after START must bound the
 * peak memory, so nothing sized without it may be made (or touched) earlier. */
static void search_tables_wait_for_the_first_think(void **state)
{
    Engine *e = *state;
    int x, y;
    assert_null(e->search);
    assert_int_equal(engine_start(e, 15), ENGINE_OK);
    assert_null(e->search);
    assert_int_equal(engine_play(e, 7, 7), ENGINE_OK);
    e->time.timeout_turn_ms = 100;
    think_legal(e, clock_ms(), &x, &y);
    assert_non_null(e->search);
    assert_int_equal(engine_restart(e), ENGINE_OK);
    assert_non_null(e->search); /* kept (and cleared) for the next game */
}

/* ---- thinking ------------------------------------------------------------------------------ */

static void empty_board_opens_in_the_centre(void **state)
{
    Engine *e = *state;
    int x, y;
    assert_int_equal(engine_start(e, 15), ENGINE_OK);
    think_legal(e, clock_ms(), &x, &y);
    assert_int_equal(x, 7);
    assert_int_equal(y, 7);
}

static void full_board_has_no_move(void **state)
{
    Engine *e = *state;
    int x, y;
    assert_int_equal(engine_start(e, 5), ENGINE_OK);
    PositionStone s[25];
    for (int i = 0; i < 25; i++)
        s[i] = (PositionStone){i % 5, i / 5, 3};
    assert_int_equal(engine_set_position(e, s, 25), ENGINE_OK);
    assert_false(engine_think(e, clock_ms(), &x, &y));
}

static void takes_wins_and_blocks(void **state)
{
    Engine *e = *state;
    const char *files[] = {"tests/positions/search_win1.txt", "tests/positions/search_block.txt"};
    for (int mode = MODE_TREE; mode <= MODE_PAPER; mode++) {
        e->opts.mode = (SearchMode)mode;
        for (int k = 0; k < 2; k++) {
            int n;
            TestPosition *tp = tp_load_or_fail(files[k], &n);
            for (int i = 0; i < n; i++) {
                int x, y;
                assert_int_equal(tp_set_engine(e, &tp[i]), ENGINE_OK);
                e->time.timeout_turn_ms = 300;
                think_legal(e, clock_ms(), &x, &y);
                if (!tp_in(tp[i].expect, tp[i].nexpect, cell_index(x, y)))
                    fail_msg("%s (mode %d): chose %d,%d", tp[i].name, mode, x, y);
                assert_int_equal(e->last.move, cell_index(x, y));
            }
            free(tp);
        }
    }
    e->opts.mode = MODE_TREE;
    assert_int_equal(engine_set_rule(e, 0), ENGINE_OK);
}

/* Generous: this checks that the budget is used as a limit, not the machine's speed. */
#define SLACK_MS 250

static void turn_time_is_honoured_in_both_modes(void **state)
{
    Engine *e = *state;
    int n;
    TestPosition *tp = tp_load_or_fail("tests/positions/search_quiet.txt", &n);
    for (int mode = MODE_TREE; mode <= MODE_PAPER; mode++) {
        e->opts.mode = (SearchMode)mode;
        e->opts.paper_level = 4; /* far more than the turn allows */
        assert_int_equal(tp_set_engine(e, &tp[0]), ENGINE_OK);
        e->time.timeout_turn_ms = 200;
        int x, y;
        int64_t start = clock_ms();
        think_legal(e, start, &x, &y);
        int64_t took = clock_ms() - start;
        if (took >= 200 + SLACK_MS)
            fail_msg("mode %d took %lld ms for a 200 ms turn", mode, (long long)took);
        if (took < 100) /* a quiet position: the budget, not a proof, must end the think */
            fail_msg("mode %d answered after %lld ms of a 200 ms turn", mode, (long long)took);
    }
    e->opts.mode = MODE_TREE;
    e->opts.paper_level = 3;
    free(tp);
}

static void zero_turn_time_answers_at_once(void **state)
{
    Engine *e = *state;
    int n;
    TestPosition *tp = tp_load_or_fail("tests/positions/search_middle.txt", &n);
    assert_int_equal(tp_set_engine(e, &tp[0]), ENGINE_OK);
    e->time.timeout_turn_ms = 0;
    int x, y;
    think_legal(e, clock_ms(), &x, &y);
    assert_int_equal(e->last.depth, 1);
    free(tp);
}

static void stop_ends_a_long_think(void **state)
{
    Engine *e = *state;
    /* An opening, where nothing is proven in a minute: the think must last until the stop
     * (a middle game may be proven within the minute). */
    assert_int_equal(engine_start(e, 15), ENGINE_OK);
    assert_int_equal(engine_play(e, 7, 7), ENGINE_OK);
    assert_int_equal(engine_play(e, 8, 8), ENGINE_OK);
    e->time.timeout_turn_ms = 60000;
    e->opts.max_depth = 64;
    Stopper s;
    assert_true(stopper_start(&s, stopper_stop_engine, e, 50));
    int x, y;
    int64_t start = clock_ms();
    think_legal(e, start, &x, &y);
    int64_t took = clock_ms() - start;
    bool stopped = atomic_load(&s.fired); /* else the think ended on its own */
    stopper_join(&s);
    assert_true(stopped);
    assert_true(took < 50 + SLACK_MS);
    /* The flag is reset by the next think (a raised flag would end it at depth 1); it ends by
     * depth, not by a clock a loaded machine may miss. */
    e->opts.max_depth = 3;
    think_legal(e, clock_ms(), &x, &y);
    assert_true(e->last.depth >= 2);
    e->opts.max_depth = 20;
}

/* ---- swap2 --------------------------------------------------------------------------------- */

static void check_swap2_moves(const Board *b, const int (*xy)[2], int n, const Swap2Answer *a)
{
    for (int i = 0; i < a->nmoves; i++) {
        assert_true(board_on(b, a->x[i], a->y[i]));
        for (int j = 0; j < n; j++)
            assert_false(xy[j][0] == a->x[i] && xy[j][1] == a->y[i]);
        for (int j = 0; j < i; j++)
            assert_false(a->x[j] == a->x[i] && a->y[j] == a->y[i]);
    }
}

static void swap2_answers(void **state)
{
    Engine *e = *state;
    assert_int_equal(engine_start(e, 15), ENGINE_OK);
    e->time.timeout_turn_ms = 300;
    Board before = e->board;
    Swap2Answer a;
    assert_int_equal(engine_swap2(e, NULL, 0, clock_ms(), &a), ENGINE_OK);
    assert_false(a.swap);
    assert_int_equal(a.nmoves, 3);
    check_swap2_moves(&e->board, NULL, 0, &a);

    int three[3][2] = {{a.x[0], a.y[0]}, {a.x[1], a.y[1]}, {a.x[2], a.y[2]}};
    assert_int_equal(engine_swap2(e, (const int (*)[2])three, 3, clock_ms(), &a), ENGINE_OK);
    assert_true(a.swap ? a.nmoves == 0 : a.nmoves == 1 || a.nmoves == 2);
    check_swap2_moves(&e->board, (const int (*)[2])three, 3, &a);

    int five[5][2] = {{7, 7}, {8, 7}, {7, 9}, {9, 9}, {6, 8}};
    assert_int_equal(engine_swap2(e, (const int (*)[2])five, 5, clock_ms(), &a), ENGINE_OK);
    assert_true(a.swap ? a.nmoves == 0 : a.nmoves == 1);
    check_swap2_moves(&e->board, (const int (*)[2])five, 5, &a);
    assert_true(same_board(&before, &e->board));
}

static void swap2_errors(void **state)
{
    Engine *e = *state;
    Swap2Answer a;
    assert_int_equal(engine_start(e, 15), ENGINE_OK);
    int two[2][2] = {{7, 7}, {8, 8}};
    assert_int_equal(engine_swap2(e, (const int (*)[2])two, 2, clock_ms(), &a), ENGINE_ERR_POSITION);
    int dup[3][2] = {{7, 7}, {8, 8}, {7, 7}};
    assert_int_equal(engine_swap2(e, (const int (*)[2])dup, 3, clock_ms(), &a), ENGINE_ERR_OCCUPIED);
    int off[3][2] = {{7, 7}, {8, 8}, {15, 7}};
    assert_int_equal(engine_swap2(e, (const int (*)[2])off, 3, clock_ms(), &a), ENGINE_ERR_OFF_BOARD);
}

/* A clearly lost opening for white (black already has an open three): we take black. */
static void swap2_takes_black_when_white_is_lost(void **state)
{
    Engine *e = *state;
    Swap2Answer a;
    assert_int_equal(engine_start(e, 15), ENGINE_OK);
    e->time.timeout_turn_ms = 300;
    int five[5][2] = {{7, 7}, {0, 0}, {8, 7}, {14, 14}, {9, 7}};
    assert_int_equal(engine_swap2(e, (const int (*)[2])five, 5, clock_ms(), &a), ENGINE_OK);
    assert_true(a.swap);
}

/* ---- renju --------------------------------------------------------------------------------- */

static void forbidden_points_only_under_renju(void **state)
{
    Engine *e = *state;
    int n;
    TestPosition *tp = tp_load_or_fail("tests/positions/search_renju.txt", &n);
    assert_int_equal(tp_set_engine(e, &tp[0]), ENGINE_OK); /* a double-three point at 7,4 */
    int xs[BOARD_CELLS], ys[BOARD_CELLS];
    int k = engine_forbidden_points(e, xs, ys, BOARD_CELLS);
    bool found = false;
    for (int i = 0; i < k; i++)
        found |= xs[i] == 7 && ys[i] == 4;
    assert_true(found);
    assert_int_equal(engine_set_rule(e, 0), ENGINE_OK);
    assert_int_equal(engine_forbidden_points(e, xs, ys, BOARD_CELLS), 0);
    free(tp);
}

static void error_texts(void **state)
{
    (void)state;
    for (int err = ENGINE_OK; err <= ENGINE_ERR_POSITION; err++) {
        const char *t = engine_error_text((EngineError)err);
        assert_non_null(t);
        assert_true(strlen(t) > 0);
    }
    assert_string_not_equal(engine_error_text(ENGINE_ERR_SIZE), engine_error_text(ENGINE_ERR_RULE));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(start_checks_the_size),
        cmocka_unit_test(nothing_works_before_start),
        cmocka_unit_test(rule_values),
        cmocka_unit_test(play_and_its_errors),
        cmocka_unit_test(takeback_removes_a_stone_and_gives_its_turn),
        cmocka_unit_test(set_position_decides_the_colours),
        cmocka_unit_test(bad_position_changes_nothing),
        cmocka_unit_test(memory_limits),
        cmocka_unit_test_setup_teardown(search_tables_wait_for_the_first_think, setup, teardown),
        cmocka_unit_test(empty_board_opens_in_the_centre),
        cmocka_unit_test(full_board_has_no_move),
        cmocka_unit_test(takes_wins_and_blocks),
        cmocka_unit_test(turn_time_is_honoured_in_both_modes),
        cmocka_unit_test(zero_turn_time_answers_at_once),
        cmocka_unit_test(stop_ends_a_long_think),
        cmocka_unit_test(swap2_answers),
        cmocka_unit_test(swap2_errors),
        cmocka_unit_test(swap2_takes_black_when_white_is_lost),
        cmocka_unit_test(forbidden_points_only_under_renju),
        cmocka_unit_test(error_texts),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
