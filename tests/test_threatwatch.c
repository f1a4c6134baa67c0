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
#include "kernels/evaluator.h"
#include "tests/support/positions.h"

typedef struct Fixture {
    ThreatWatch *tw;
    Evaluator *ev; /* the CPU evaluator: its tables let the watch follow the board */
} Fixture;

static int setup(void **state)
{
    Fixture *f = calloc(1, sizeof *f);
    if (!f)
        return -1;
    f->tw = malloc(sizeof *f->tw);
    f->ev = evaluator_cpu_create();
    *state = f;
    return f->tw && f->ev ? 0 : -1;
}

static int teardown(void **state)
{
    Fixture *f = *state;
    free(f->tw);
    evaluator_destroy(f->ev);
    free(f);
    return 0;
}

/* The watch follows the board with the incremental state its threat searches read. */
static const PatternTables *tables_of(const Fixture *f)
{
    return evaluator_pattern_tables(f->ev);
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

static bool opponent_wins_after(const Fixture *f, Board *b, int move)
{
    VctLimits lim = {.max_threes = THREAT_WATCH_THREES, .vcf_fours = 12, .tables = tables_of(f)};
    board_play(b, move);
    bool wins = vct_find(b, &lim, NULL).move != CELL_NONE;
    board_undo(b);
    return wins;
}

/* Black to move wins by threes: the watch proves it and names a first move of the win, and
 * leaves the board (and whatever state followed it) as it was. */
static void finds_our_win(void **state)
{
    Fixture *f = *state;
    int n;
    TestPosition *tp = tp_load_or_fail("tests/positions/search_vct.txt", &n);
    {
        Board b = tp[0].board, before = b;
        uint16_t moves[MOVES_MAX];
        int nm = moves_candidates(&b, 2, moves);
        threatwatch_reset(f->tw);
        threatwatch_run(f->tw, &b, moves, nm, tables_of(f), NULL);
        assert_true(tp_in(tp[0].expect, tp[0].nexpect, atomic_load(&f->tw->win)));
        assert_true(f->tw->nodes > 0);
        assert_int_equal(b.hash, before.hash);
        assert_memory_equal(b.cell, before.cell, sizeof b.cell);
        assert_null(b.inc);
    }
    free(tp);
}

/* The side to move faces a threat (tests/positions/search_threats.txt): exactly the moves
 * after which the opponent still wins are marked (the budgets suffice there), and the
 * refutations are left. */
static void marks_the_moves_that_lose(void **state)
{
    Fixture *f = *state;
    int n;
    TestPosition *tp = tp_load_or_fail("tests/positions/search_threats.txt", &n);
    for (int variant = 0; variant < 2; variant++) { /* the two positions */
        Board b = tp[variant].board;
        uint16_t moves[MOVES_MAX];
        int nm = moves_candidates(&b, 2, moves);
        threatwatch_reset(f->tw);
        threatwatch_run(f->tw, &b, moves, nm, tables_of(f), NULL);
        assert_int_equal(atomic_load(&f->tw->win), CELL_NONE);
        int marked = 0, lost = 0;
        for (int i = 0; i < nm; i++) {
            bool m = atomic_load(&f->tw->lost[moves[i]]), l = opponent_wins_after(f, &b, moves[i]);
            assert_int_equal(m, l);
            marked += m;
            lost += l;
        }
        assert_true(lost > 0 && lost < nm);
        assert_int_equal(atomic_load(&f->tw->nlost), marked);
        const TestPosition *p = &tp[variant];
        for (int i = 0; i < p->nexpect; i++)
            assert_false(atomic_load(&f->tw->lost[p->expect[i]]));
    }
    free(tp);
}

/* When every root move checked loses, none is marked: the main search's choice among them is
 * kept rather than the one move the watch had no time to check. */
static void marks_nothing_without_a_refutation(void **state)
{
    Fixture *f = *state;
    int n;
    TestPosition *tp = tp_load_or_fail("tests/positions/search_threats.txt", &n);
    Board b = tp[0].board;
    free(tp);
    uint16_t moves[MOVES_MAX];
    int nm = moves_candidates(&b, 2, moves), kept = 0;
    for (int i = 0; i < nm; i++)
        if (opponent_wins_after(f, &b, moves[i]))
            moves[kept++] = moves[i];
    assert_true(kept >= 2);
    threatwatch_reset(f->tw);
    threatwatch_run(f->tw, &b, moves, kept, tables_of(f), NULL);
    assert_true(f->tw->nodes > 0);
    assert_int_equal(atomic_load(&f->tw->nlost), 0);
}

/* A raised stop ends the watch at once, with nothing proven and the board as it was. */
static void stop_ends_the_watch(void **state)
{
    Fixture *f = *state;
    Board b = vct_position(WHITE), before = b;
    uint16_t moves[MOVES_MAX];
    int nm = moves_candidates(&b, 2, moves);
    atomic_int stop;
    atomic_init(&stop, 1);
    threatwatch_reset(f->tw);
    threatwatch_run(f->tw, &b, moves, nm, tables_of(f), &stop);
    assert_int_equal(atomic_load(&f->tw->nlost), 0);
    assert_int_equal(atomic_load(&f->tw->win), CELL_NONE);
    assert_true(f->tw->nodes < 100);
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
