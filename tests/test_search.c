/* The game tree (brain/search*.c): tactics at small fixed depths from tests/positions/search_*.txt,
 * renju legality, the paper's full-width mode, time, stop and node limits, memory sizing. */
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
#include "brain/rules.h"
#include "brain/search.h"
#include "brain/tt.h"
#include "brain/vcf.h"
#include "brain/vct.h"
#include "kernels/incremental.h"
#include "kernels/patterns.h"
#include "tests/support/positions.h"
#include "tests/support/rescue.h"
#include "tests/support/stopper.h"

typedef struct Fixture {
    Evaluator *ev;
    Search *search;
} Fixture;

static int setup(void **state)
{
    Fixture *f = calloc(1, sizeof *f);
    f->ev = evaluator_cpu_create();
    f->search = f->ev ? search_create(f->ev, 8u << 20) : NULL;
    if (!f->search)
        return -1;
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    Fixture *f = *state;
    search_destroy(f->search);
    evaluator_destroy(f->ev);
    free(f);
    return 0;
}

static SearchResult search_depth(Fixture *f, Board *b, int depth)
{
    SearchLimits lim = {.deadline_ms = 0, .max_depth = depth, .max_nodes = 0};
    search_clear(f->search);
    return search_best_move(f->search, b, &lim, NULL);
}

/* search_depth with an observer (and a stop flag, may be NULL) for this search only. */
static SearchResult search_watched(Fixture *f, Board *b, int depth, SearchProgressFn fn, void *ctx,
                                   const atomic_int *stop)
{
    SearchLimits lim = {.max_depth = depth};
    search_set_observer(f->search, &(SearchObserver){fn, ctx, NULL});
    search_clear(f->search);
    SearchResult r = search_best_move(f->search, b, &lim, stop);
    search_set_observer(f->search, NULL);
    return r;
}

static bool same_board(const Board *a, const Board *b)
{
    return a->nstones == b->nstones && a->to_move == b->to_move && a->hash == b->hash &&
           !memcmp(a->cell, b->cell, sizeof a->cell);
}

/* The move is legal, not in avoid, in expect (when given and asked for), and the board is as it
 * was. */
static void check_move(const TestPosition *tp, const Board *after, SearchResult r, bool expect)
{
    if (!rule_is_legal(&tp->board, r.move))
        fail_msg("%s: illegal move %d,%d", tp->name, cell_x(r.move), cell_y(r.move));
    if (expect && tp->nexpect && !tp_in(tp->expect, tp->nexpect, r.move))
        fail_msg("%s: chose %d,%d (score %d, depth %d)", tp->name, cell_x(r.move),
                 cell_y(r.move), r.score, r.depth);
    if (tp_in(tp->avoid, tp->navoid, r.move))
        fail_msg("%s: chose the avoided %d,%d", tp->name, cell_x(r.move), cell_y(r.move));
    if (!same_board(&tp->board, after))
        fail_msg("%s: the search left the board changed", tp->name);
}

static void check_answer(const TestPosition *tp, const Board *after, SearchResult r)
{
    check_move(tp, after, r, true);
}

/* Runs every position of a file at `depth` (0: the file's depth:, else 4); with `legal_only`
 * the expected moves are not asked for (a depth too small to see them). */
static void run_file_with(Fixture *f, const char *path, int depth, bool must_win, bool legal_only)
{
    int n;
    TestPosition *tp = tp_load_or_fail(path, &n);
    for (int i = 0; i < n; i++) {
        Board b = tp[i].board;
        int d = depth ? depth : tp[i].depth ? tp[i].depth : 4;
        SearchResult r = search_depth(f, &b, d);
        check_move(&tp[i], &b, r, !legal_only);
        if (must_win && r.score < SCORE_WIN_MIN)
            fail_msg("%s: no forced win seen (score %d)", tp[i].name, r.score);
    }
    free(tp);
}

static void run_file(Fixture *f, const char *path, int depth, bool must_win)
{
    run_file_with(f, path, depth, must_win, false);
}

static void wins_in_one_at_once(void **state)
{
    run_file(*state, "tests/positions/search_win1.txt", 1, true);
}

static void wins_in_one_when_searching_deeper(void **state)
{
    run_file(*state, "tests/positions/search_win1.txt", 3, true);
}

static void blocks_the_opponents_four(void **state)
{
    run_file(*state, "tests/positions/search_block.txt", 3, false);
}

static void stops_open_threes(void **state)
{
    run_file(*state, "tests/positions/search_threats.txt", 0, false);
}

static void finds_short_forced_wins(void **state)
{
    run_file(*state, "tests/positions/search_forced.txt", 0, true);
}

/* Renju: the avoided cells really are forbidden, and no depth makes black choose them. */
static void renju_black_never_plays_a_forbidden_point(void **state)
{
    int n;
    TestPosition *tp = tp_load_or_fail("tests/positions/search_renju.txt", &n);
    for (int i = 0; i < n; i++)
        if (tp[i].rule == RULE_RENJU && tp[i].board.to_move == BLACK)
            for (int a = 0; a < tp[i].navoid; a++)
                assert_true(rule_is_forbidden(&tp[i].board, tp[i].avoid[a], BLACK));
    free(tp);
    run_file(*state, "tests/positions/search_renju.txt", 0, false);
    for (int depth = 1; depth <= 3; depth++)
        run_file_with(*state, "tests/positions/search_renju.txt", depth, false, true);
}

static void lost_position_still_answers_a_legal_block(void **state)
{
    Fixture *f = *state;
    int n;
    TestPosition *tp = tp_load_or_fail("tests/positions/search_win1.txt", &n);
    Board b = tp[0].board; /* black has two fives to play: let white move instead */
    board_set_to_move(&b, WHITE);
    SearchResult r = search_depth(f, &b, 4);
    assert_true(r.move == cell_index(0, 4) || r.move == cell_index(5, 4));
    assert_true(r.score <= -SCORE_WIN_MIN);
    free(tp);
}

/* ---- continuous fours ---------------------------------------------------------------------- */

static VcfResult vcf_unlimited(Board *b)
{
    VcfLimits lim = {.max_fours = 16};
    return vcf_find(b, &lim, NULL);
}

/* Three fours in a row, the last a double four: deeper than a depth-2 tree sees, and every
 * first four the VCF answers really starts a win of that length. */
static void wins_by_continuous_fours(void **state)
{
    run_file(*state, "tests/positions/search_vcf.txt", 0, true);
    int n;
    TestPosition *tp = tp_load_or_fail("tests/positions/search_vcf.txt", &n);
    Board b = tp[0].board;
    VcfResult v = vcf_unlimited(&b);
    assert_true(tp_in(tp[0].expect, tp[0].nexpect, v.move));
    assert_int_equal(v.plies, 7); /* four, block, four, block, double four, block, five */
    assert_false(v.aborted);
    assert_true(same_board(&tp[0].board, &b));
    free(tp);
}

/* The defender has no four at all: nothing to find, and a complete search says so. */
static void no_vcf_without_fours(void **state)
{
    (void)state;
    int n;
    TestPosition *tp = tp_load_or_fail("tests/positions/search_vcf.txt", &n);
    Board b = tp[0].board;
    board_set_to_move(&b, WHITE);
    VcfResult v = vcf_unlimited(&b);
    assert_int_equal(v.move, CELL_NONE);
    assert_false(v.aborted);
    free(tp);
}

/* The side to move faces the opponent's VCF: whatever it plays, the opponent has none left. */
static void refutes_the_opponents_vcf(void **state)
{
    Fixture *f = *state;
    int n;
    TestPosition *tp = tp_load_or_fail("tests/positions/search_vcf.txt", &n);
    Board b = tp[0].board;
    board_set_to_move(&b, WHITE);
    SearchResult r = search_depth(f, &b, 2);
    assert_true(rule_is_legal(&b, r.move));
    board_play(&b, r.move);
    assert_int_equal(vcf_unlimited(&b).move, CELL_NONE);
    free(tp);
}

/* A node limit cuts the search short and says so instead of claiming there is no win. */
static void vcf_node_limit_is_reported(void **state)
{
    (void)state;
    int n;
    TestPosition *tp = tp_load_or_fail("tests/positions/search_vcf.txt", &n);
    Board b = tp[0].board;
    VcfLimits lim = {.max_fours = 16, .max_nodes = 2};
    VcfResult v = vcf_find(&b, &lim, NULL);
    assert_int_equal(v.move, CELL_NONE);
    assert_true(v.aborted);
    assert_true(same_board(&tp[0].board, &b));
    free(tp);
}

/* With the incremental state, the VCF tries a four that wins at once (an open four) before the
 * plain fours that come earlier in cell order: the win in 3 plies after one node. Without a
 * state it takes the cell order and finds a longer one. */
static void vcf_tries_the_winning_four_first(void **state)
{
    (void)state;
    int n;
    TestPosition *tp = tp_load_or_fail("tests/positions/vcf_order.txt", &n);
    PatternTables *tables = pattern_tables_create();
    IncState *inc = malloc(sizeof *inc);
    assert_non_null(tables);
    assert_non_null(inc);
    Board b = tp[0].board;
    VcfResult plain = vcf_unlimited(&b);
    assert_true(plain.move != CELL_NONE);
    assert_true(plain.plies > 3);
    inc_init(inc, tables, b.size, b.rule, b.cell);
    board_follow(&b, inc);
    VcfResult v = vcf_unlimited(&b);
    assert_true(tp_in(tp[0].expect, tp[0].nexpect, v.move));
    assert_int_equal(v.plies, 3); /* open four, a block, five */
    assert_int_equal(v.nodes, 1);
    board_follow(&b, NULL);
    assert_true(same_board(&tp[0].board, &b));
    free(inc);
    pattern_tables_destroy(tables);
    free(tp);
}

/* The node check's restriction (VcfLimits.plain_four_levels): a freestyle win whose later fours
 * are plain is not found, the "none" it leaves in the memo does not hide that win from a full
 * search, and a second restricted check reads it back in one node. Against renju black every
 * four stays in (its block may be forbidden), so white's win there is found restricted too. */
static void vcf_plain_four_levels(void **state)
{
    (void)state;
    int n;
    TestPosition *tp = tp_load_or_fail("tests/positions/vcf_plain_fours.txt", &n);
    assert_int_equal(n, 2);
    PatternTables *tables = pattern_tables_create();
    IncState *inc = malloc(sizeof *inc);
    VcfMemo *memo = calloc(1, sizeof *memo);
    assert_non_null(tables);
    assert_non_null(inc);
    assert_non_null(memo);
    VcfLimits quick = {.max_fours = 16, .plain_four_levels = 1}, full = {.max_fours = 16};
    for (int i = 0; i < n; i++) {
        Board b = tp[i].board;
        inc_init(inc, tables, b.size, b.rule, b.cell);
        board_follow(&b, inc);
        VcfResult q = vcf_find(&b, &quick, memo);
        VcfResult f = vcf_find(&b, &full, memo);
        assert_true(tp_in(tp[i].expect, tp[i].nexpect, f.move));
        if (i == 0) {
            assert_int_equal(q.move, CELL_NONE);
            assert_false(q.aborted);
            assert_int_equal(vcf_find(&b, &quick, memo).nodes, 1);
        } else {
            assert_true(tp_in(tp[i].expect, tp[i].nexpect, q.move));
        }
        board_follow(&b, NULL);
        assert_true(same_board(&tp[i].board, &b));
    }
    free(memo);
    free(inc);
    pattern_tables_destroy(tables);
    free(tp);
}

/* ---- threat sequences --------------------------------------------------------------------- */

static VcfResult vct_unlimited(const Fixture *f, Board *b, int threes)
{
    VctLimits lim = {.max_threes = threes, .vcf_fours = 12,
                     .tables = evaluator_pattern_tables(f->ev)};
    return vct_find(b, &lim, NULL);
}

/* Threes the defender must answer, then fours; the fewest threes that win, and a node limit
 * that says it cut the search short. */
static void wins_by_threes(void **state)
{
    run_file(*state, "tests/positions/search_vct.txt", 0, true);
    int n;
    TestPosition *tp = tp_load_or_fail("tests/positions/search_vct.txt", &n);
    Board b = tp[0].board;
    assert_int_equal(vct_unlimited(*state, &b, 1).move, CELL_NONE); /* no double three yet */
    VcfResult v = vct_unlimited(*state, &b, 2);
    assert_true(tp_in(tp[0].expect, tp[0].nexpect, v.move));
    assert_false(v.aborted);
    assert_true(same_board(&tp[0].board, &b));
    VctLimits tiny = {.max_threes = 2, .vcf_fours = 12, .max_nodes = 3,
                      .tables = evaluator_pattern_tables(((Fixture *)*state)->ev)};
    v = vct_find(&b, &tiny, NULL);
    assert_int_equal(v.move, CELL_NONE);
    assert_true(v.aborted);
    free(tp);
}

/* Each position of `path` searched to its depth: the answer is checked and the tree itself (not
 * the root's threat search, whose win would score SEARCH_THREAT_WIN) proves a win; with
 * `past_vct`, a win the threat search with two threes does not find. */
static void tree_proves_each_win(void **state, const char *path, bool past_vct)
{
    int n;
    TestPosition *tp = tp_load_or_fail(path, &n);
    for (int i = 0; i < n; i++) {
        Board b = tp[i].board;
        SearchResult r = search_depth(*state, &b, tp[i].depth);
        check_answer(&tp[i], &b, r);
        if (r.score < SCORE_WIN_MIN || r.score == SEARCH_THREAT_WIN)
            fail_msg("%s: no win proven by the tree at depth %d (score %d)", tp[i].name,
                     tp[i].depth, r.score);
        if (past_vct)
            assert_int_equal(vct_unlimited(*state, &b, 2).move, CELL_NONE);
    }
    free(tp);
}

/* A win by threes deeper than the tree's depth: the defences against threes cost no depth. */
static void forced_defences_cost_no_depth(void **state)
{
    tree_proves_each_win(state, "tests/positions/search_vct_deep.txt", true);
}

/* A frontier node looks for its own side's VCF: the tree proves a loss to continuous fours a
 * ply before its depth reaches their end. */
static void frontier_nodes_find_their_vcf(void **state)
{
    int n;
    TestPosition *tp = tp_load_or_fail("tests/positions/search_frontier_vcf.txt", &n);
    for (int i = 0; i < n; i++) {
        Board b = tp[i].board;
        SearchResult r = search_depth(*state, &b, tp[i].depth);
        check_answer(&tp[i], &b, r);
        if (r.score > -SCORE_WIN_MIN)
            fail_msg("%s: not proven lost at depth %d (score %d)", tp[i].name, tp[i].depth,
                     r.score);
    }
    free(tp);
}

/* A quiet node keeps the open threes its policy width leaves out, as it keeps the fours: the
 * tree proves a win whose threes our policy ranks low
 * (tests/positions/search_policy_threes.txt). */
static void quiet_nodes_keep_open_threes(void **state)
{
    tree_proves_each_win(state, "tests/positions/search_policy_threes.txt", false);
}

/* A quiet node keeps the moves that build two lines at once (open twos, closed threes) its
 * policy width leaves out: the tree proves a win prepared by one
 * (tests/positions/search_builds_two.txt). */
static void quiet_nodes_keep_moves_that_build_two(void **state)
{
    tree_proves_each_win(state, "tests/positions/search_builds_two.txt", false);
}

static SearchResult search_pruned(Fixture *f, Board *b, int depth, bool pruning)
{
    SearchLimits lim = {.max_depth = depth, .no_pruning = !pruning};
    search_clear(f->search);
    return search_best_move(f->search, b, &lim, NULL);
}

/* Null moves, reverse futility and late-move reductions pay: the middle games of the tree bench
 * take fewer nodes to the same depth with them than without. */
static void pruning_shrinks_the_tree(void **state)
{
    int n;
    TestPosition *tp = tp_load_or_fail("tests/positions/tree_bench.txt", &n);
    uint64_t pruned = 0, full = 0;
    for (int i = 0; i < n; i++) {
        Board b = tp[i].board;
        SearchResult with = search_pruned(*state, &b, 6, true);
        check_move(&tp[i], &b, with, false);
        SearchResult without = search_pruned(*state, &b, 6, false);
        check_move(&tp[i], &b, without, false);
        pruned += with.nodes;
        full += without.nodes;
    }
    if (pruned * 10 > full * 9)
        fail_msg("pruning saved too little: %llu nodes with it, %llu without",
                 (unsigned long long)pruned, (unsigned long long)full);
    free(tp);
}

/* Pruning never loses a forced win the full tree finds at the same depth, and claims none that
 * it does not: a proof rests on threat searches, never on a pruned line. */
static void pruning_keeps_forced_results(void **state)
{
    const char *files[] = {"tests/positions/search_forced.txt", "tests/positions/search_vct.txt",
                           "tests/positions/search_vcf.txt", "tests/positions/search_block.txt"};
    for (size_t f = 0; f < sizeof files / sizeof *files; f++) {
        int n;
        TestPosition *tp = tp_load_or_fail(files[f], &n);
        for (int i = 0; i < n; i++) {
            Board b = tp[i].board;
            int depth = tp[i].depth ? tp[i].depth : 4;
            SearchResult with = search_pruned(*state, &b, depth, true);
            SearchResult without = search_pruned(*state, &b, depth, false);
            check_answer(&tp[i], &b, with);
            if ((with.score >= SCORE_WIN_MIN) != (without.score >= SCORE_WIN_MIN))
                fail_msg("%s: pruned score %d, full %d", tp[i].name, with.score, without.score);
        }
        free(tp);
    }
}

/* Whether the side to move wins by two threes within 200000 positions: what the positions of
 * search_rescue.txt and search_pruned_loss.txt say is not found after their moves. */
static bool wins_by_two_threes(const Fixture *f, Board *b)
{
    VctLimits lim = {.max_threes = 2, .vcf_fours = 12, .max_nodes = 200000,
                     .tables = evaluator_pattern_tables(f->ev)};
    return vct_find(b, &lim, NULL).move != CELL_NONE;
}

static void note_lost_iteration(void *ctx, const SearchEvent *ev)
{
    if (ev->kind == SEARCH_EVENT_ITERATION && ev->score <= -SCORE_WIN_MIN)
        *(bool *)ctx = true;
}

/* When the tree proves every root move it searched lost, a move outside them that the threat
 * searches cannot refute is searched and answered: the tree's losses rest on its narrow width,
 * the root's on the 20 moves it kept. */
static void rescues_a_root_the_tree_lost(void **state)
{
    Fixture *f = *state;
    int n;
    TestPosition *tp = tp_load_or_fail("tests/positions/search_rescue.txt", &n);
    for (int i = 0; i < n; i++) {
        Board b = tp[i].board;
        bool proved_lost = false;
        SearchResult r = search_watched(f, &b, tp[i].depth, note_lost_iteration, &proved_lost, NULL);
        check_answer(&tp[i], &b, r);
        if (!proved_lost || r.score <= -SCORE_WIN_MIN)
            fail_msg("%s: no rescue (lost iteration %d, score %d)", tp[i].name, proved_lost,
                     r.score);
        int opp = opponent_of(b.to_move);
        board_play(&b, tp[i].avoid[0]); /* the answer before: lost to one three */
        assert_int_not_equal(vct_unlimited(f, &b, 1).move, CELL_NONE);
        board_undo(&b);
        board_play(&b, r.move);
        assert_int_equal(b.to_move, opp);
        assert_false(wins_by_two_threes(f, &b));
        board_undo(&b);
    }
    free(tp);
}

static void note_lost_nodes(void *ctx, const SearchEvent *ev)
{
    uint64_t *nodes = ctx;
    if (ev->kind == SEARCH_EVENT_ITERATION && ev->score <= -SCORE_WIN_MIN && !*nodes)
        *nodes = ev->nodes;
}

/* A node limit that cuts the rescue short leaves the answer among the moves it checked: a root
 * move the tree searched, or one after which the rescue's threat searches find nothing (a check
 * the limit cut short found nothing either, and proves nothing). The limits fall at 1, 2, 4...
 * nodes past the iteration that proved the root lost, where the rescue begins. */
static void a_rescue_cut_short_answers_only_checked_moves(void **state)
{
    Fixture *f = *state;
    int n;
    TestPosition *tp = tp_load_or_fail("tests/positions/search_rescue.txt", &n);
    for (int i = 0; i < n; i++) {
        Board b = tp[i].board;
        uint64_t lost_at = 0;
        uint64_t full = search_watched(f, &b, tp[i].depth, note_lost_nodes, &lost_at, NULL).nodes;
        assert_true(lost_at > 0 && lost_at < full);
        for (uint64_t past = 1; lost_at + past < full; past *= 2) {
            SearchLimits lim = {.max_depth = tp[i].depth, .max_nodes = lost_at + past};
            SearchRoot root; /* as the search prepares it under the limit */
            search_clear(f->search);
            assert_false(search_prepare(f->search, &b, &lim, NULL, &root));
            search_clear(f->search);
            SearchResult r = search_best_move(f->search, &b, &lim, NULL);
            assert_true(rule_is_legal(&tp[i].board, r.move));
            assert_true(same_board(&tp[i].board, &b));
            bool searched = false;
            for (int m = 0; m < root.n; m++)
                searched |= root.moves[m] == r.move;
            if (!searched && !rescue_holds(&b, r.move))
                fail_msg("%s: %llu nodes: unchecked answer %d,%d", tp[i].name,
                         (unsigned long long)lim.max_nodes, cell_x(r.move), cell_y(r.move));
        }
    }
    free(tp);
}

/* Stops the search as soon as an iteration proves its first root move lost. */
typedef struct FirstLost {
    atomic_int stop;
    int depth, first;      /* the iteration seen last, its first root move */
    int lost, lost_depth;  /* the first move it proved lost (CELL_NONE: none yet) */
} FirstLost;

static void stop_at_first_lost(void *ctx, const SearchEvent *ev)
{
    FirstLost *f = ctx;
    if (ev->kind == SEARCH_EVENT_ROOT_MOVE && ev->depth != f->depth) {
        f->depth = ev->depth;
        f->first = ev->move;
    }
    if (ev->kind == SEARCH_EVENT_LOST && ev->move == f->first && f->lost == CELL_NONE) {
        f->lost = ev->move;
        f->lost_depth = ev->depth;
        atomic_store(&f->stop, 1);
    }
}

/* An iteration cut short once it has proved its first root move lost answers a move it did not
 * reach (at 1 s a move that is how the deeper iteration usually ends), not the lost one. */
static void a_cut_iteration_does_not_answer_its_lost_move(void **state)
{
    Fixture *f = *state;
    int n;
    TestPosition *tp = tp_load_or_fail("tests/positions/search_unreached.txt", &n);
    for (int i = 0; i < n; i++) {
        Board b = tp[i].board;
        FirstLost seen = {.depth = 0, .first = CELL_NONE, .lost = CELL_NONE};
        atomic_init(&seen.stop, 0);
        SearchResult r = search_watched(f, &b, tp[i].depth, stop_at_first_lost, &seen, &seen.stop);
        if (seen.lost == CELL_NONE)
            fail_msg("%s: no iteration proved its first move lost", tp[i].name);
        assert_int_equal(r.partial, seen.lost_depth);
        assert_int_not_equal(r.move, seen.lost);
        assert_true(r.score > -SCORE_WIN_MIN);
        check_answer(&tp[i], &b, r);
    }
    free(tp);
}

static void note_lost_moves(void *ctx, const SearchEvent *ev)
{
    if (ev->kind == SEARCH_EVENT_LOST)
        ((uint8_t *)ctx)[ev->move] = 1;
}

/* A node is proven lost only when the moves its width left out lose too: else the tree reports
 * root moves lost that are not (the threat searches find no win after them either). */
static void losses_are_not_claimed_past_the_width(void **state)
{
    Fixture *f = *state;
    int n;
    TestPosition *tp = tp_load_or_fail("tests/positions/search_pruned_loss.txt", &n);
    for (int i = 0; i < n; i++) {
        Board b = tp[i].board;
        uint8_t lost[BOARD_CELLS] = {0};
        search_watched(f, &b, tp[i].depth, note_lost_moves, lost, NULL);
        for (int k = 0; k < tp[i].nexpect; k++) {
            int m = tp[i].expect[k];
            if (lost[m])
                fail_msg("%s: %d,%d reported lost", tp[i].name, cell_x(m), cell_y(m));
            board_play(&b, m);
            assert_false(wins_by_two_threes(f, &b));
            board_undo(&b);
        }
    }
    free(tp);
}

/* The side to move faces a win by threes: after its move the opponent has none left. */
static void refutes_the_opponents_threes(void **state)
{
    Fixture *f = *state;
    int n;
    TestPosition *tp = tp_load_or_fail("tests/positions/search_vct.txt", &n);
    Board b = tp[0].board;
    board_set_to_move(&b, WHITE);
    SearchResult r = search_depth(f, &b, 2);
    assert_true(rule_is_legal(&b, r.move));
    board_play(&b, r.move);
    assert_int_equal(vct_unlimited(*state, &b, 2).move, CELL_NONE);
    free(tp);
}

/* The preparation tells the time manager when the root moves were cut to refutations. */
static void prepare_says_when_threatened(void **state)
{
    Fixture *f = *state;
    int n;
    TestPosition *tp = tp_load_or_fail("tests/positions/search_vct.txt", &n);
    Board b = tp[0].board;
    board_set_to_move(&b, WHITE);
    SearchLimits lim = {.max_depth = 8};
    SearchRoot root;
    search_prepare(f->search, &b, &lim, NULL, &root);
    assert_true(root.threatened);
    free(tp);
    tp = tp_load_or_fail("tests/positions/search_quiet.txt", &n);
    b = tp[0].board;
    assert_false(search_prepare(f->search, &b, &lim, NULL, &root));
    assert_false(root.threatened);
    free(tp);
}

/* The opponent threatens a VCF; the root's check proves one move safe and runs out of its budget
 * on another (tests/positions/search_vcf_unfinished.txt): both stay for the tree, so the lone
 * safe move (a slower loss there) is not answered unsearched, and the moves the VCF beats stay
 * out. */
static void an_unfinished_refutation_stays_beside_a_lone_safe_move(void **state)
{
    Fixture *f = *state;
    int n;
    TestPosition *tp = tp_load_or_fail("tests/positions/search_vcf_unfinished.txt", &n);
    Board b = tp[0].board;
    SearchLimits lim = {.max_depth = 8};
    SearchRoot root;
    search_clear(f->search);
    assert_false(search_prepare(f->search, &b, &lim, NULL, &root));
    assert_true(root.threatened);
    bool safe = false, unfinished = false;
    for (int i = 0; i < root.n; i++) {
        safe = safe || root.moves[i] == tp[0].avoid[0];
        unfinished = unfinished || root.moves[i] == tp[0].expect[0];
    }
    assert_true(safe);
    assert_true(unfinished);
    assert_true(root.n <= 4);
    free(tp);
}

/* The policy's best moves join the root when the one-ply values leave them out
 * (tests/positions/search_root_policy.txt: the quiet move that holds the position ranks far down
 * by one-ply value, high by policy). */
static void the_root_keeps_the_policys_best_moves(void **state)
{
    Fixture *f = *state;
    int n;
    TestPosition *tp = tp_load_or_fail("tests/positions/search_root_policy.txt", &n);
    for (int i = 0; i < n; i++) {
        Board b = tp[i].board;
        SearchLimits lim = {.max_depth = 8};
        SearchRoot root;
        search_clear(f->search);
        assert_false(search_prepare(f->search, &b, &lim, NULL, &root));
        bool kept = false;
        for (int m = 0; m < root.n; m++)
            kept = kept || root.moves[m] == tp[i].expect[0];
        if (!kept)
            fail_msg("%s: the root left out the policy's move (%d moves kept)", tp[i].name, root.n);
    }
    free(tp);
}

static void empty_board_answers_the_centre(void **state)
{
    Fixture *f = *state;
    Board b;
    board_init(&b, 15, RULE_FREESTYLE);
    SearchResult r = search_depth(f, &b, 4);
    assert_int_equal(r.move, cell_index(7, 7));
}

static void same_search_same_answer(void **state)
{
    Fixture *f = *state;
    int n;
    /* Neither side has a threat sequence there: the tree itself answers. */
    TestPosition *tp = tp_load_or_fail("tests/positions/search_quiet.txt", &n);
    Board b = tp[0].board;
    SearchResult a = search_depth(f, &b, 3), c = search_depth(f, &b, 3);
    assert_int_equal(a.move, c.move);
    assert_int_equal(a.score, c.score);
    assert_int_equal(a.depth, 3);
    assert_true(a.nodes > 0 && a.evals > 0);
    free(tp);
}

/* ---- the paper's full-width min-max -------------------------------------------------------- */

static void paper_mode_wins_and_blocks_at_every_level(void **state)
{
    Fixture *f = *state;
    const char *files[] = {"tests/positions/search_win1.txt", "tests/positions/search_block.txt"};
    for (int level = 1; level <= 3; level++) {
        for (int k = 0; k < 2; k++) {
            int n;
            TestPosition *tp = tp_load_or_fail(files[k], &n);
            for (int i = 0; i < n; i++) {
                Board b = tp[i].board;
                SearchResult r = search_full_width(f->search, &b, level, NULL);
                check_answer(&tp[i], &b, r);
                assert_int_equal(r.depth, level);
            }
            free(tp);
        }
    }
}

static void paper_mode_middle_game_is_legal(void **state)
{
    Fixture *f = *state;
    int n;
    TestPosition *tp = tp_load_or_fail("tests/positions/search_middle.txt", &n);
    for (int level = 1; level <= 2; level++) {
        Board b = tp[0].board;
        SearchResult r = search_full_width(f->search, &b, level, NULL);
        check_answer(&tp[0], &b, r);
        assert_int_equal(r.depth, level);
        assert_true(r.evals > 0);
    }
    free(tp);
}

static void paper_mode_renju_is_legal(void **state)
{
    Fixture *f = *state;
    int n;
    TestPosition *tp = tp_load_or_fail("tests/positions/search_renju.txt", &n);
    for (int i = 0; i < n; i++) {
        Board b = tp[i].board;
        check_answer(&tp[i], &b, search_full_width(f->search, &b, 2, NULL));
    }
    free(tp);
}

/* ---- time, stop, nodes, memory ------------------------------------------------------------- */

/* Generous bound: this checks that the deadline is polled, not how fast the machine is. */
#define DEADLINE_SLACK_MS 250

static void deadline_is_honoured(void **state)
{
    Fixture *f = *state;
    int n;
    TestPosition *tp = tp_load_or_fail("tests/positions/search_quiet.txt", &n);
    Board b = tp[0].board;
    search_clear(f->search); /* an earlier test's deep entries may already prove the result */
    int64_t start = clock_ms();
    SearchLimits lim = {.deadline_ms = start + 100, .max_depth = 64, .max_nodes = 0};
    SearchResult r = search_best_move(f->search, &b, &lim, NULL);
    int64_t took = clock_ms() - start;
    assert_true(took < 100 + DEADLINE_SLACK_MS);
    assert_true(took >= 90); /* no quick win here: the search must use the time it was given */
    assert_true(r.depth >= 1);
    check_answer(&tp[0], &b, r);
    free(tp);
}

/* Root moves another thread proved lost (SearchLimits.lost) are not answered, unless every
 * root move is: then the search answers as if none were. */
static void lost_root_moves_are_not_answered(void **state)
{
    Fixture *f = *state;
    int n;
    TestPosition *tp = tp_load_or_fail("tests/positions/search_quiet.txt", &n);
    Board b = tp[0].board;
    free(tp);
    SearchLimits lim = {.max_depth = 4};
    search_clear(f->search);
    SearchResult first = search_best_move(f->search, &b, &lim, NULL);
    atomic_uchar lost[BOARD_CELLS];
    for (int c = 0; c < BOARD_CELLS; c++)
        atomic_init(&lost[c], 0);
    lim.lost = lost;
    for (int k = 0; k < 3; k++) { /* the best, then the next best, ... */
        atomic_store(&lost[first.move], 1);
        search_clear(f->search);
        SearchResult r = search_best_move(f->search, &b, &lim, NULL);
        assert_true(rule_is_legal(&b, r.move));
        assert_false(atomic_load(&lost[r.move]));
        first = r;
    }
    for (int c = 0; c < BOARD_CELLS; c++)
        atomic_store(&lost[c], 1);
    search_clear(f->search);
    SearchResult all = search_best_move(f->search, &b, &lim, NULL);
    lim.lost = NULL;
    search_clear(f->search);
    assert_int_equal(all.move, search_best_move(f->search, &b, &lim, NULL).move);
}

/* With a target (a match clock) and a far deadline, the search stops iterating soon after half
 * the target on a quiet position: no iteration starts once that is spent. */
static void target_ends_the_search_early(void **state)
{
    Fixture *f = *state;
    int n;
    TestPosition *tp = tp_load_or_fail("tests/positions/search_quiet.txt", &n);
    Board b = tp[0].board;
    int64_t start = clock_ms();
    SearchLimits lim = {.deadline_ms = start + 20000, .max_depth = 64, .start_ms = start,
                        .target_ms = start + 100};
    SearchResult r = search_best_move(f->search, &b, &lim, NULL);
    int64_t took = clock_ms() - start;
    assert_true(took < 10000);
    assert_true(r.depth >= 2 && r.depth < 64);
    check_answer(&tp[0], &b, r);
    free(tp);
}

static void past_deadline_still_answers(void **state)
{
    Fixture *f = *state;
    int n;
    TestPosition *tp = tp_load_or_fail("tests/positions/search_quiet.txt", &n);
    Board b = tp[0].board;
    SearchLimits lim = {.deadline_ms = clock_ms() - 1000, .max_depth = 64, .max_nodes = 0};
    SearchResult r = search_best_move(f->search, &b, &lim, NULL);
    assert_int_equal(r.depth, 1);
    check_answer(&tp[0], &b, r);
    free(tp);
    /* ...and still takes a win. */
    tp = tp_load_or_fail("tests/positions/search_win1.txt", &n);
    b = tp[1].board;
    r = search_best_move(f->search, &b, &lim, NULL);
    check_answer(&tp[1], &b, r);
    free(tp);
}

static void stop_flag_is_honoured(void **state)
{
    Fixture *f = *state;
    int n;
    TestPosition *tp = tp_load_or_fail("tests/positions/search_quiet.txt", &n);
    Board b = tp[0].board;
    atomic_int stop;
    atomic_init(&stop, 1); /* already raised: depth 1 only */
    SearchLimits lim = {.deadline_ms = 0, .max_depth = 64, .max_nodes = 0};
    SearchResult r = search_best_move(f->search, &b, &lim, &stop);
    assert_int_equal(r.depth, 1);
    check_answer(&tp[0], &b, r);

    atomic_store(&stop, 0); /* raised from another thread while searching without a deadline */
    search_clear(f->search); /* an earlier test's deep entries may already prove the result */
    Stopper s;
    assert_true(stopper_start(&s, stopper_raise_flag, &stop, 50));
    int64_t start = clock_ms();
    r = search_best_move(f->search, &b, &lim, &stop);
    int64_t took = clock_ms() - start;
    stopper_join(&s);
    assert_true(took < 50 + DEADLINE_SLACK_MS);
    assert_true(took >= 45); /* it ran until the stop, not to a quick proof */
    check_answer(&tp[0], &b, r);
    free(tp);
}

static void paper_mode_stop_flag_is_honoured(void **state)
{
    Fixture *f = *state;
    int n;
    TestPosition *tp = tp_load_or_fail("tests/positions/search_middle.txt", &n);
    Board b = tp[0].board;
    atomic_int stop;
    atomic_init(&stop, 0);
    Stopper s;
    assert_true(stopper_start(&s, stopper_raise_flag, &stop, 50));
    int64_t start = clock_ms();
    SearchResult r = search_full_width(f->search, &b, 4, &stop); /* far more than 50 ms */
    int64_t took = clock_ms() - start;
    stopper_join(&s);
    assert_true(took < 50 + DEADLINE_SLACK_MS);
    assert_true(r.depth < 4);
    check_answer(&tp[0], &b, r);
    free(tp);
}

static void node_limit_is_honoured(void **state)
{
    Fixture *f = *state;
    int n;
    TestPosition *tp = tp_load_or_fail("tests/positions/search_quiet.txt", &n);
    Board b = tp[0].board;
    SearchLimits lim = {.deadline_ms = 0, .max_depth = 64, .max_nodes = 500};
    search_clear(f->search); /* an earlier test's deep entries may already prove the result */
    SearchResult r = search_best_move(f->search, &b, &lim, NULL);
    assert_true(r.nodes <= 501);
    assert_true(r.nodes >= 400); /* stopped by the limit, not by a proof */
    check_answer(&tp[0], &b, r);
    free(tp);
}

static void small_memory_still_searches(void **state)
{
    Fixture *f = *state;
    assert_null(search_create(f->ev, 1024));
    Search *s = search_create(f->ev, 1u << 20);
    assert_non_null(s);
    int n;
    TestPosition *tp = tp_load_or_fail("tests/positions/search_forced.txt", &n);
    Board b = tp[2].board; /* the four-three */
    SearchLimits lim = {.deadline_ms = 0, .max_depth = tp[2].depth, .max_nodes = 0};
    SearchResult r = search_best_move(s, &b, &lim, NULL);
    check_answer(&tp[2], &b, r);
    search_destroy(s);
    free(tp);
}

/* ---- the transposition table -------------------------------------------------------------- */

static void tt_fits_its_budget(void **state)
{
    (void)state;
    assert_int_equal(tt_bytes_for(sizeof(TTEntry)), 0); /* not even one bucket */
    for (size_t bytes = 1000; bytes < (64u << 20); bytes = bytes * 3 + 7) {
        size_t got = tt_bytes_for(bytes);
        assert_true(got <= bytes);
        assert_true(got * 2 > bytes); /* the largest power of two that fits */
        size_t buckets = got / (TT_BUCKET * sizeof(TTEntry));
        assert_int_equal(buckets & (buckets - 1), 0);
    }
}

static void tt_keeps_the_deeper_result(void **state)
{
    (void)state;
    TransTable t;
    TTEntry hit;
    assert_true(tt_init(&t, 4096));
    uint64_t key = 0x123456789ABCDEFull;
    assert_null(tt_probe(&t, key, &hit));
    tt_store(&t, key, 5, TT_EXACT, 42, 100);
    tt_store(&t, key, 2, TT_LOWER, 7, 101); /* shallower: the depth-5 result stays */
    const TTEntry *e = tt_probe(&t, key, &hit);
    assert_non_null(e);
    assert_int_equal(e->depth, 5);
    assert_int_equal(e->score, 42);
    assert_int_equal(e->move, 100);
    assert_int_equal(tt_bound(e), TT_EXACT);
    tt_store(&t, key, 6, TT_UPPER, -3, 102);
    assert_int_equal(tt_probe(&t, key, &hit)->score, -3);
    assert_null(tt_probe(&t, key ^ 1, &hit)); /* another position */
    tt_clear(&t);
    assert_null(tt_probe(&t, key, &hit));
    tt_free(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(wins_in_one_at_once),
        cmocka_unit_test(wins_in_one_when_searching_deeper),
        cmocka_unit_test(blocks_the_opponents_four),
        cmocka_unit_test(stops_open_threes),
        cmocka_unit_test(finds_short_forced_wins),
        cmocka_unit_test(renju_black_never_plays_a_forbidden_point),
        cmocka_unit_test(lost_position_still_answers_a_legal_block),
        cmocka_unit_test(wins_by_continuous_fours),
        cmocka_unit_test(no_vcf_without_fours),
        cmocka_unit_test(refutes_the_opponents_vcf),
        cmocka_unit_test(vcf_node_limit_is_reported),
        cmocka_unit_test(vcf_tries_the_winning_four_first),
        cmocka_unit_test(vcf_plain_four_levels),
        cmocka_unit_test(wins_by_threes),
        cmocka_unit_test(forced_defences_cost_no_depth),
        cmocka_unit_test(rescues_a_root_the_tree_lost),
        cmocka_unit_test(a_rescue_cut_short_answers_only_checked_moves),
        cmocka_unit_test(a_cut_iteration_does_not_answer_its_lost_move),
        cmocka_unit_test(losses_are_not_claimed_past_the_width),
        cmocka_unit_test(refutes_the_opponents_threes),
        cmocka_unit_test(prepare_says_when_threatened),
        cmocka_unit_test(an_unfinished_refutation_stays_beside_a_lone_safe_move),
        cmocka_unit_test(the_root_keeps_the_policys_best_moves),
        cmocka_unit_test(empty_board_answers_the_centre),
        cmocka_unit_test(same_search_same_answer),
        cmocka_unit_test(paper_mode_wins_and_blocks_at_every_level),
        cmocka_unit_test(paper_mode_middle_game_is_legal),
        cmocka_unit_test(paper_mode_renju_is_legal),
        cmocka_unit_test(deadline_is_honoured),
        cmocka_unit_test(lost_root_moves_are_not_answered),
        cmocka_unit_test(target_ends_the_search_early),
        cmocka_unit_test(past_deadline_still_answers),
        cmocka_unit_test(stop_flag_is_honoured),
        cmocka_unit_test(paper_mode_stop_flag_is_honoured),
        cmocka_unit_test(node_limit_is_honoured),
        cmocka_unit_test(small_memory_still_searches),
        cmocka_unit_test(tt_fits_its_budget),
        cmocka_unit_test(tt_keeps_the_deeper_result),
        cmocka_unit_test(frontier_nodes_find_their_vcf),
        cmocka_unit_test(quiet_nodes_keep_open_threes),
        cmocka_unit_test(quiet_nodes_keep_moves_that_build_two),
        cmocka_unit_test(pruning_shrinks_the_tree),
        cmocka_unit_test(pruning_keeps_forced_results),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
