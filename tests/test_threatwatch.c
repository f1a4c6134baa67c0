/* The threat watch (brain/threatwatch.c): the first helper thread's search for long threat
 * sequences, on tests/positions/search_vct.txt (a win by two threes for black) and
 * tests/positions/search_threats.txt (threats to refute). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "brain/moves.h"
#include "brain/rules.h"
#include "brain/threatwatch.h"
#include "brain/vct.h"
#include "tests/support/positions.h"

static int setup(void **state)
{
    *state = malloc(sizeof(ThreatWatch));
    return *state ? 0 : -1;
}

static int teardown(void **state)
{
    free(*state);
    return 0;
}

static Board vct_position(int to_move)
{
    int n;
    TestPosition *tp = tp_load_or_fail("tests/positions/search_vct.txt", &n);
    Board b = tp[0].board;
    free(tp);
    board_set_to_move(&b, to_move);
    return b;
}

static bool opponent_wins_after(Board *b, int move)
{
    VctLimits lim = {THREAT_WATCH_THREES, 12, 0, 0, NULL};
    board_play(b, move);
    bool wins = vct_find(b, &lim, NULL).move != CELL_NONE;
    board_undo(b);
    return wins;
}

/* Black to move wins by threes: the watch proves it and names a first move of the win. */
static void finds_our_win(void **state)
{
    ThreatWatch *tw = *state;
    int n;
    TestPosition *tp = tp_load_or_fail("tests/positions/search_vct.txt", &n);
    Board b = tp[0].board, before = b;
    uint16_t moves[MOVES_MAX];
    int nm = moves_candidates(&b, 2, moves);
    threatwatch_reset(tw);
    threatwatch_run(tw, &b, moves, nm, NULL);
    assert_true(tp_in(tp[0].expect, tp[0].nexpect, atomic_load(&tw->win)));
    assert_true(tw->nodes > 0);
    assert_int_equal(b.hash, before.hash);
    assert_memory_equal(b.cell, before.cell, sizeof b.cell);
    free(tp);
}

/* The side to move faces a threat (tests/positions/search_threats.txt): exactly the moves
 * after which the opponent still wins are marked (the budgets suffice there), and the
 * refutations are left. */
static void marks_the_moves_that_lose(void **state)
{
    ThreatWatch *tw = *state;
    int n;
    TestPosition *tp = tp_load_or_fail("tests/positions/search_threats.txt", &n);
    for (int p = 0; p < 2; p++) {
        Board b = tp[p].board;
        uint16_t moves[MOVES_MAX];
        int nm = moves_candidates(&b, 2, moves);
        threatwatch_reset(tw);
        threatwatch_run(tw, &b, moves, nm, NULL);
        assert_int_equal(atomic_load(&tw->win), CELL_NONE);
        int marked = 0, lost = 0;
        for (int i = 0; i < nm; i++) {
            bool m = atomic_load(&tw->lost[moves[i]]), l = opponent_wins_after(&b, moves[i]);
            assert_int_equal(m, l);
            marked += m;
            lost += l;
        }
        assert_true(lost > 0 && lost < nm);
        assert_int_equal(atomic_load(&tw->nlost), marked);
        for (int i = 0; i < tp[p].nexpect; i++)
            assert_false(atomic_load(&tw->lost[tp[p].expect[i]]));
    }
    free(tp);
}

/* When every root move checked loses, none is marked: the main search's choice among them is
 * kept rather than the one move the watch had no time to check. */
static void marks_nothing_without_a_refutation(void **state)
{
    ThreatWatch *tw = *state;
    int n;
    TestPosition *tp = tp_load_or_fail("tests/positions/search_threats.txt", &n);
    Board b = tp[0].board;
    free(tp);
    uint16_t moves[MOVES_MAX];
    int nm = moves_candidates(&b, 2, moves), kept = 0;
    for (int i = 0; i < nm; i++)
        if (opponent_wins_after(&b, moves[i]))
            moves[kept++] = moves[i];
    assert_true(kept >= 2);
    threatwatch_reset(tw);
    threatwatch_run(tw, &b, moves, kept, NULL);
    assert_int_equal(atomic_load(&tw->nlost), 0);
}

/* A raised stop ends the watch at once, with nothing proven and the board as it was. */
static void stop_ends_the_watch(void **state)
{
    ThreatWatch *tw = *state;
    Board b = vct_position(WHITE), before = b;
    uint16_t moves[MOVES_MAX];
    int nm = moves_candidates(&b, 2, moves);
    atomic_int stop;
    atomic_init(&stop, 1);
    threatwatch_reset(tw);
    threatwatch_run(tw, &b, moves, nm, &stop);
    assert_int_equal(atomic_load(&tw->nlost), 0);
    assert_int_equal(atomic_load(&tw->win), CELL_NONE);
    assert_true(tw->nodes < 100);
    assert_int_equal(b.hash, before.hash);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(finds_our_win, setup, teardown),
        cmocka_unit_test_setup_teardown(marks_the_moves_that_lose, setup, teardown),
        cmocka_unit_test_setup_teardown(marks_nothing_without_a_refutation, setup, teardown),
        cmocka_unit_test_setup_teardown(stop_ends_the_watch, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
