/* The threat-space search (brain/vct.c): its cases in tests/positions/vct_threats.txt, the same
 * answer whether the board is followed or the tables are lent, and wins found in random games
 * checked against every defender reply. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "brain/moves.h"
#include "brain/rules.h"
#include "brain/vcf.h"
#include "brain/vct.h"
#include "kernels/incremental.h"
#include "tests/support/positions.h"

typedef struct Fixture {
    PatternTables *tables;
    IncState inc;
} Fixture;

static int setup(void **state)
{
    Fixture *f = calloc(1, sizeof *f);
    if (!f || !(f->tables = pattern_tables_create()))
        return -1;
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    Fixture *f = *state;
    pattern_tables_destroy(f->tables);
    free(f);
    return 0;
}

static VcfResult vct(const Fixture *f, Board *b, int threes)
{
    VctLimits lim = {.max_threes = threes, .vcf_fours = 12, .max_nodes = 200000,
                     .tables = f->tables};
    return vct_find(b, &lim, NULL);
}

static bool same_board(const Board *a, const Board *b)
{
    return a->nstones == b->nstones && a->to_move == b->to_move && a->hash == b->hash
        && !memcmp(a->cell, b->cell, sizeof a->cell);
}

/* Each case's first move and length (or no win), proven: nothing cut short. */
static void solves_the_cases(void **state)
{
    int n;
    TestPosition *tp = tp_load_or_fail("tests/positions/vct_threats.txt", &n);
    for (int i = 0; i < n; i++) {
        print_message("%s\n", tp[i].name);
        Board b = tp[i].board;
        VcfResult v = vct(*state, &b, 1);
        assert_false(v.aborted);
        assert_true(same_board(&tp[i].board, &b));
        if (tp[i].nexpect == 0) {
            assert_int_equal(v.move, CELL_NONE);
            continue;
        }
        assert_true(tp_in(tp[i].expect, tp[i].nexpect, v.move));
        assert_int_equal(v.plies, tp[i].depth);
    }
    free(tp);
}

/* Lent tables build a state of their own; a followed board is read as it is: same search.
 * With neither there is nothing to read, and the answer says it proved nothing. */
static void followed_or_lent_tables_agree(void **state)
{
    Fixture *f = *state;
    int n;
    TestPosition *tp = tp_load_or_fail("tests/positions/vct_threats.txt", &n);
    Board lent = tp[0].board, followed = tp[0].board;
    VcfResult a = vct(f, &lent, 2);
    inc_init(&f->inc, f->tables, followed.size, followed.rule, followed.cell);
    board_follow(&followed, &f->inc);
    VctLimits lim = {.max_threes = 2, .vcf_fours = 12, .max_nodes = 200000};
    VcfResult b = vct_find(&followed, &lim, NULL);
    assert_int_equal(a.move, b.move);
    assert_int_equal(a.plies, b.plies);
    assert_int_equal(a.nodes, b.nodes);
    assert_null(lent.inc);
    Board bare = tp[0].board;
    VcfResult none = vct_find(&bare, &lim, NULL);
    assert_int_equal(none.move, CELL_NONE);
    assert_true(none.aborted);
    free(tp);
}

static uint32_t next_random(uint32_t *seed)
{
    *seed = *seed * 1664525u + 1013904223u;
    return *seed >> 8;
}

/* A random game of `moves` legal moves near the stones that nobody has won and where the side
 * to move has no five to play (a VCT of one ply); false otherwise. */
static bool random_game(Board *b, int rule, int moves, uint32_t *seed)
{
    board_init(b, 15, rule);
    for (int i = 0; i < moves; i++) {
        uint16_t cand[MOVES_MAX];
        int n = moves_candidates(b, 1, cand);
        int c = cand[next_random(seed) % (unsigned)n];
        if (!rule_is_legal(b, c) || rule_makes_win(b, c, b->to_move))
            return false;
        board_play(b, c);
    }
    uint16_t cells[1];
    return moves_winning_cells(b, b->to_move, cells, 1) == 0;
}

/* A VCT by the fewest threes first, as the tree asks (a search allowed more threes may spend
 * its nodes on a longer line first). */
static bool wins_within(const Fixture *f, Board *b, int threes)
{
    for (int t = 1; t <= threes; t++)
        if (vct(f, b, t).move != CELL_NONE)
            return true;
    return false;
}

/* After the attacker's first move, every legal defender reply leaves him a five, a VCF or a
 * VCT: the search's own choice of defences is not trusted one move deep. */
static bool holds_against_every_reply(const Fixture *f, Board *b, int first, int threes)
{
    int me = b->to_move;
    board_play(b, first);
    bool holds = moves_winning_cells(b, b->to_move, (uint16_t[1]){0}, 1) == 0;
    for (int r = 0; r < BOARD_CELLS && holds; r++) {
        if (!board_cell_valid(b, r) || b->cell[r] != EMPTY || !rule_is_legal(b, r))
            continue;
        board_play(b, r);
        uint16_t five[1];
        VcfLimits vl = {.max_fours = 20};
        holds = !rule_is_win_at(b, r)
             && (moves_winning_cells(b, me, five, 1) > 0 || vcf_find(b, &vl, NULL).move != CELL_NONE
                 || wins_within(f, b, threes));
        board_undo(b);
    }
    board_undo(b);
    return holds;
}

static void wins_in_random_games_hold(void **state)
{
    Fixture *f = *state;
    uint32_t seed = 12345;
    int checked = 0;
    for (int game = 0; game < 3000 && checked < 60; game++) {
        int rule = game % 2 ? RULE_RENJU : RULE_FREESTYLE;
        Board b, before;
        if (!random_game(&b, rule, 14 + (int)(next_random(&seed) % 16), &seed))
            continue;
        VcfLimits vl = {.max_fours = 20};
        if (vcf_find(&b, &vl, NULL).move != CELL_NONE)
            continue; /* wins by fours alone: nothing of the threes to check */
        before = b;
        VcfResult v = vct(f, &b, 2);
        assert_true(same_board(&before, &b));
        if (v.move == CELL_NONE)
            continue;
        assert_true(rule_is_legal(&b, v.move));
        assert_true(v.plies >= 1);
        assert_true(holds_against_every_reply(f, &b, v.move, 2));
        checked++;
    }
    assert_true(checked >= 10);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(solves_the_cases),
        cmocka_unit_test(followed_or_lent_tables_agree),
        cmocka_unit_test(wins_in_random_games_hold),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
