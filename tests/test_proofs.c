/* Proofs stay proofs: every proven result the tree reports on the tactical positions
 * (tests/positions/tactics_*.txt) and on the known wins of the depth bench (depth_wins.txt) is
 * checked against the threat searches, which share none of the tree's pruning:
 *   - a proven win: the threat search finds the win at once, or after the tree's move every
 *     reply within 3 cells of the stones leaves the winner a five or a win by threats;
 *   - a proven loss: after every move within 3 cells the opponent has a five or a win by
 *     threats, or a move after which the same holds as for a proven win.
 * For a longer proof (quiet moves inside it) the tree may suggest the winner's next move after
 * a reply (CHECK_LEVELS deep), but only the threat searches confirm: the tree's own pruning and
 * static rules are what is under test. A claim that is not confirmed fails: pruning may find a
 * proof sooner, never make one. (It found the static "two open threes" rule claiming wins where
 * one line held three open-four cells: kernels/score.h.) Node limits, not time, keep it
 * repeatable. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>

#include "brain/moves.h"
#include "brain/rules.h"
#include "brain/search.h"
#include "brain/vct.h"
#include "kernels/incremental.h"
#include "tests/support/positions.h"

enum {
    TREE_NODES = 150000,  /* the tree's budget per position */
    CHECK_NODES = 1000000, /* the threat searches' per check */
    QUICK_CHECK_NODES = 50000, /* a first, cheap pass: most replies lose to a short threat */
    CHECK_THREES = 4,     /* threes at most in a checking threat search */
    CHECK_RADIUS = 3,     /* replies and moves considered around the stones */
    CHECK_LEVELS = 8,     /* winner's moves checked past the tree's own */
    SUGGEST_NODES = 1000000
};

typedef struct Fixture {
    Evaluator *ev;
    Search *search;
    const PatternTables *tables;
    IncState *inc; /* the threat searches' pattern state, built afresh for each position */
    int claims, confirmed;
} Fixture;

static int setup(void **state)
{
    Fixture *f = calloc(1, sizeof *f);
    f->ev = evaluator_cpu_create();
    f->search = f->ev ? search_create(f->ev, 32u << 20) : NULL;
    f->inc = malloc(sizeof *f->inc);
    if (!f->search || !f->inc)
        return -1;
    f->tables = evaluator_pattern_tables(f->ev);
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    Fixture *f = *state;
    search_destroy(f->search);
    evaluator_destroy(f->ev);
    free(f->inc);
    free(f);
    return 0;
}

/* The side to move has a five to play or a win by threats: continuous fours, then threes, the
 * fewest first (a search allowed more threes spends its budget on longer lines first). */
static bool threats_win(Board *b, int max_nodes)
{
    uint16_t cell[1];
    if (moves_winning_cells(b, b->to_move, cell, 1) > 0)
        return true;
    VcfLimits vcf = {.max_fours = 24, .max_nodes = (uint64_t)max_nodes};
    if (vcf_find(b, &vcf, NULL).move != CELL_NONE)
        return true;
    for (int threes = 1; threes <= CHECK_THREES; threes++) {
        VctLimits lim = {.max_threes = threes, .vcf_fours = 24, .max_nodes = (uint64_t)max_nodes};
        if (vct_find(b, &lim, NULL).move != CELL_NONE)
            return true;
    }
    return false;
}

/* threats_win with one pattern state built for this position and followed by all its searches
 * (without one, the VCF scans the board at every node and each VCT builds its own). */
static bool to_move_wins(Fixture *f, Board *b, int max_nodes)
{
    inc_init(f->inc, f->tables, b->size, b->rule, b->cell);
    board_follow(b, f->inc);
    bool wins = threats_win(b, max_nodes);
    board_follow(b, NULL);
    return wins;
}

/* The tree's winning move from here (its suggestion only: the threat searches check it), or
 * CELL_NONE when it does not see a win. A root left with one move that does not lose at once
 * answers it without searching on, so without a value: that move is suggested too. */
static int suggested_win(Fixture *f, Board *b)
{
    uint16_t block[2];
    if (moves_winning_cells(b, opponent_of(b->to_move), block, 2) == 1)
        return block[0]; /* forced: the root answers it without searching on */
    SearchLimits lim = {.max_depth = SEARCH_MAX_PLY, .max_nodes = SUGGEST_NODES};
    search_clear(f->search);
    SearchResult r = search_best_move(f->search, b, &lim, NULL);
    return r.score >= SCORE_WIN_MIN || (r.depth <= 1 && r.score > -SCORE_WIN_MIN) ? r.move
                                                                                : CELL_NONE;
}

static bool win_holds(Fixture *f, Board *b, int move, int levels);

/* The side to move wins: by threats found in a short search, or (`levels` > 0) by the tree's
 * suggested move checked as a proven win one level down, or by threats at the full budget. The
 * full budget comes last because a threat search that fails spends all of it (seconds), where
 * a suggestion that holds costs a fraction; every path is confirmed by the threat searches. */
static bool wins_from_here(Fixture *f, Board *b, int levels)
{
    if (to_move_wins(f, b, QUICK_CHECK_NODES))
        return true;
    int next;
    if (levels > 0 && (next = suggested_win(f, b)) != CELL_NONE && win_holds(f, b, next, levels))
        return true;
    return to_move_wins(f, b, CHECK_NODES);
}

/* After `move` (the winner's), every reply leaves the winner a five, a win by threats, or
 * (`levels` > 1) a next move of which the same holds one level down. */
static bool win_holds(Fixture *f, Board *b, int move, int levels)
{
    board_play(b, move);
    bool holds = rule_is_win_at(b, move);
    uint16_t replies[MOVES_MAX];
    int n = holds ? 0 : moves_candidates(b, CHECK_RADIUS, replies);
    holds = holds || n > 0;
    for (int i = 0; i < n && holds; i++) {
        board_play(b, replies[i]);
        holds = !rule_is_win_at(b, replies[i]) && wins_from_here(f, b, levels - 1);
        board_undo(b);
    }
    board_undo(b);
    return holds;
}

/* Every move of the side to move leaves the opponent winning: by threats at once, or (a longer
 * loss, quiet moves inside it) by the move the tree suggests, checked as a proven win is. */
static bool loss_holds(Fixture *f, Board *b)
{
    uint16_t moves[MOVES_MAX];
    int n = moves_candidates(b, CHECK_RADIUS, moves);
    bool holds = n > 0;
    for (int i = 0; i < n && holds; i++) {
        board_play(b, moves[i]);
        holds = !rule_is_win_at(b, moves[i]) && wins_from_here(f, b, CHECK_LEVELS);
        board_undo(b);
    }
    return holds;
}

static void check_file(Fixture *f, const char *path)
{
    int n;
    TestPosition *tp = tp_load_or_fail(path, &n);
    for (int i = 0; i < n; i++) {
        Board b = tp[i].board;
        SearchLimits lim = {.max_depth = SEARCH_MAX_PLY, .max_nodes = TREE_NODES};
        search_clear(f->search);
        SearchResult r = search_best_move(f->search, &b, &lim, NULL);
        if (r.score < SCORE_WIN_MIN && r.score > -SCORE_WIN_MIN)
            continue;
        f->claims++;
        bool ok = r.score > 0 ? to_move_wins(f, &b, QUICK_CHECK_NODES) ||
                                    win_holds(f, &b, r.move, CHECK_LEVELS) ||
                                    to_move_wins(f, &b, CHECK_NODES)
                              : loss_holds(f, &b);
        f->confirmed += ok;
        if (!ok)
            fail_msg("%s: '%s': the tree's proven %s (score %d, move %d,%d, depth %d) is not "
                     "confirmed by the threat searches", path, tp[i].name,
                     r.score > 0 ? "win" : "loss", r.score, cell_x(r.move), cell_y(r.move),
                     r.depth);
    }
    free(tp);
}

static void proven_results_hold(void **state)
{
    Fixture *f = *state;
    static const char *const FILES[] = {
        "tests/positions/tactics_freestyle15.txt", "tests/positions/tactics_freestyle20.txt",
        "tests/positions/tactics_renju15.txt", "tests/positions/depth_wins.txt"};
    for (size_t i = 0; i < sizeof FILES / sizeof FILES[0]; i++)
        check_file(f, FILES[i]);
    print_message("proofs: %d proven results confirmed\n", f->claims);
    assert_true(f->claims >= 20); /* the suite must keep exercising proofs */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(proven_results_hold),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
