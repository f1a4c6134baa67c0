/* Candidate moves, winning cells and the any-legal fallback (brain/moves.c). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "brain/moves.h"
#include "brain/rules.h"
#include "brain/threats.h"
#include "kernels/incremental.h"
#include "tests/support/positions.h"

static int chebyshev(int a, int b)
{
    int dx = abs(cell_x(a) - cell_x(b)), dy = abs(cell_y(a) - cell_y(b));
    return dx > dy ? dx : dy;
}

/* The search asks for a child's table entry before playing it: the hash it predicts must be
 * the one the move gives, for either side to move. */
static void hash_after_is_the_hash_a_move_gives(void **state)
{
    (void)state;
    Board b;
    board_init(&b, 15, RULE_FREESTYLE);
    uint32_t rng = 12345;
    for (int ply = 0; ply < 60; ply++) {
        int cell;
        do {
            rng = rng * 1103515245u + 12345u;
            cell = cell_index((int)(rng >> 16) % 15, (int)(rng >> 8) % 15);
        } while (b.cell[cell] != EMPTY);
        uint64_t predicted = board_hash_after(&b, cell), before = b.hash;
        board_play(&b, cell);
        assert_true(predicted == b.hash);
        assert_true(predicted != before);
    }
}

static void empty_board_gives_the_centre(void **state)
{
    (void)state;
    Board b;
    uint16_t m[MOVES_MAX];
    board_init(&b, 15, RULE_FREESTYLE);
    assert_int_equal(moves_candidates(&b, 2, m), 1);
    assert_int_equal(m[0], cell_index(7, 7));
    board_init(&b, 10, RULE_FREESTYLE);
    assert_int_equal(moves_candidates(&b, 2, m), 1);
    assert_int_equal(m[0], cell_index(5, 5));
}

static void one_stone_gives_its_square_in_cell_order(void **state)
{
    (void)state;
    Board b;
    uint16_t m[MOVES_MAX];
    board_init(&b, 15, RULE_FREESTYLE);
    board_play(&b, cell_index(7, 7));
    int n = moves_candidates(&b, 2, m);
    assert_int_equal(n, 24);
    for (int i = 0; i < n; i++) {
        assert_int_equal(chebyshev(m[i], cell_index(7, 7)) <= 2, 1);
        if (i > 0)
            assert_true(m[i] > m[i - 1]);
    }
    assert_int_equal(moves_candidates(&b, 1, m), 8);
}

static void the_edge_clips_the_square(void **state)
{
    (void)state;
    Board b;
    uint16_t m[MOVES_MAX];
    board_init(&b, 15, RULE_FREESTYLE);
    board_play(&b, cell_index(0, 0));
    assert_int_equal(moves_candidates(&b, 2, m), 8);
    board_init(&b, 15, RULE_FREESTYLE);
    board_play(&b, cell_index(14, 7));
    assert_int_equal(moves_candidates(&b, 1, m), 5);
}

/* Every candidate is empty, near a stone, and legal; every empty cell near a stone is listed. */
static void candidates_are_exactly_the_legal_cells_near_stones(void **state)
{
    (void)state;
    int n;
    TestPosition *tp = tp_load_or_fail("tests/positions/search_middle.txt", &n);
    const Board *b = &tp[0].board;
    uint16_t m[MOVES_MAX];
    int k = moves_candidates(b, 2, m);
    int expected = 0;
    for (int c = 0; c < BOARD_CELLS; c++) {
        if (!board_cell_valid(b, c) || b->cell[c] != EMPTY)
            continue;
        int near = 0;
        for (int i = 0; i < b->nstones; i++)
            near |= chebyshev(c, b->history[i]) <= 2;
        expected += near;
    }
    assert_int_equal(k, expected);
    for (int i = 0; i < k; i++)
        assert_true(rule_is_legal(b, m[i]));
    free(tp);
}

static void renju_black_candidates_skip_forbidden_points(void **state)
{
    (void)state;
    int n;
    TestPosition *tp = tp_load_or_fail("tests/positions/search_moves.txt", &n);
    int checked = 0;
    for (int i = 0; i < n; i++) {
        if (tp[i].navoid == 0)
            continue;
        Board *b = &tp[i].board;
        uint16_t m[MOVES_MAX];
        int k = moves_candidates(b, 2, m);
        for (int a = 0; a < tp[i].navoid; a++) {
            assert_true(rule_is_forbidden(b, tp[i].avoid[a], BLACK)); /* the premise */
            for (int j = 0; j < k; j++)
                assert_int_not_equal(m[j], tp[i].avoid[a]);
        }
        /* The same cell is fine for white. */
        board_set_to_move(b, WHITE);
        k = moves_candidates(b, 2, m);
        int listed = 0;
        for (int j = 0; j < k; j++)
            listed |= m[j] == tp[i].avoid[0];
        assert_true(listed);
        checked++;
    }
    assert_true(checked > 0);
    free(tp);
}

static void assert_same_cells(const uint16_t *got, int n, const int *want, int nwant,
                              const char *name)
{
    if (n != nwant)
        fail_msg("%s: %d winning cells, expected %d", name, n, nwant);
    for (int i = 0; i < n; i++)
        if (!tp_in(want, nwant, got[i]))
            fail_msg("%s: unexpected winning cell %d,%d", name, cell_x(got[i]), cell_y(got[i]));
}

/* search_win1.txt lists every winning cell of the side to move. */
static void winning_cells_in_every_direction(void **state)
{
    (void)state;
    int n;
    TestPosition *tp = tp_load_or_fail("tests/positions/search_win1.txt", &n);
    for (int i = 0; i < n; i++) {
        uint16_t w[MOVES_MAX];
        int k = moves_winning_cells(&tp[i].board, tp[i].board.to_move, w, MOVES_MAX);
        assert_same_cells(w, k, tp[i].expect, tp[i].nexpect, tp[i].name);
    }
    free(tp);
}

/* Overlines, caro blocks: search_moves.txt lists the exact winning cells (maybe none). */
static void winning_cells_follow_the_rule(void **state)
{
    (void)state;
    int n;
    TestPosition *tp = tp_load_or_fail("tests/positions/search_moves.txt", &n);
    for (int i = 0; i < n; i++) {
        uint16_t w[MOVES_MAX];
        int k = moves_winning_cells(&tp[i].board, tp[i].board.to_move, w, MOVES_MAX);
        assert_same_cells(w, k, tp[i].expect, tp[i].nexpect, tp[i].name);
    }
    free(tp);
}

static void winning_cells_of_the_opponent_and_the_limit(void **state)
{
    (void)state;
    int n;
    TestPosition *tp = tp_load_or_fail("tests/positions/search_block.txt", &n);
    for (int i = 0; i < n; i++) {
        const Board *b = &tp[i].board;
        uint16_t w[MOVES_MAX];
        int k = moves_winning_cells(b, opponent_of(b->to_move), w, MOVES_MAX);
        assert_same_cells(w, k, tp[i].expect, tp[i].nexpect, tp[i].name);
    }
    free(tp);
    tp = tp_load_or_fail("tests/positions/search_win1.txt", &n);
    uint16_t w[2];
    assert_int_equal(moves_winning_cells(&tp[0].board, BLACK, w, 1), 1); /* 2 exist */
    free(tp);
}

static void any_legal_prefers_the_centre_then_cell_order(void **state)
{
    (void)state;
    Board b;
    board_init(&b, 5, RULE_FREESTYLE);
    assert_int_equal(moves_any_legal(&b), cell_index(2, 2));
    for (int y = 0; y < 5; y++)
        for (int x = 0; x < 5; x++)
            if (!(x == 3 && y == 4))
                board_put(&b, cell_index(x, y), (x + y) % 2 ? BLACK : WHITE);
    assert_int_equal(moves_any_legal(&b), cell_index(3, 4));
    board_put(&b, cell_index(3, 4), BLOCKER);
    assert_int_equal(moves_any_legal(&b), CELL_NONE);
}

/* moves_narrow: the first middle game of the tree bench, followed by an incremental state. */
typedef struct Narrowed {
    Board b;
    IncState *inc;
    PatternTables *tables;
    uint16_t moves[MOVES_MAX];
    int n;
} Narrowed;

static void narrowed_setup_at(Narrowed *w, int index)
{
    int count;
    TestPosition *tp = tp_load_or_fail("tests/positions/tree_bench.txt", &count);
    assert_true(index < count);
    w->b = tp[index].board;
    free(tp);
    w->tables = pattern_tables_create();
    w->inc = malloc(sizeof *w->inc);
    assert_non_null(w->tables);
    assert_non_null(w->inc);
    inc_init(w->inc, w->tables, w->b.size, w->b.rule, w->b.cell);
    board_follow(&w->b, w->inc);
    w->n = moves_candidates(&w->b, 2, w->moves);
    assert_true(w->n > 40);
}

static void narrowed_setup(Narrowed *w) { narrowed_setup_at(w, 0); }

static void narrowed_teardown(Narrowed *w)
{
    free(w->inc);
    pattern_tables_destroy(w->tables);
}

/* The guess moves_narrow ranks by, worked out here from the state's cell entries. */
static int32_t worth(const Narrowed *w, int cell)
{
    int me = w->b.to_move;
    return CELL_ENTRY_VALUE(w->inc->entry[me - 1][cell])
         + CELL_ENTRY_VALUE(w->inc->entry[opponent_of(me) - 1][cell]);
}

static bool kept(const uint16_t *m, int n, int cell)
{
    for (int i = 0; i < n; i++)
        if (m[i] == cell)
            return true;
    return false;
}

static int candidate_index(const Narrowed *w, int cell)
{
    for (int i = 0; i < w->n; i++)
        if (w->moves[i] == cell)
            return i;
    return -1;
}

/* The key moves_narrow sorts by: a four first, then the worth. */
static int64_t narrow_rank(const Narrowed *w, int cell)
{
    return inc_may_four(w->inc, cell, w->b.to_move) ? INT64_MAX : worth(w, cell);
}

static void narrowing_keeps_the_most_valuable_cells_and_every_four(void **state)
{
    (void)state;
    Narrowed w;
    narrowed_setup(&w);
    uint16_t m[MOVES_MAX];
    int32_t scratch[MOVES_MAX];
    memcpy(m, w.moves, sizeof m);
    int keep = 8, k = moves_narrow(&w.b, m, w.n, keep, NULL, 0, scratch);
    assert_true(k >= keep && k < w.n);
    int32_t lowest_kept = INT32_MAX, highest_dropped = -1, fours = 0;
    for (int j = 0; j < k; j++) { /* kept: candidates, best first, ties in the candidates' order */
        int at = candidate_index(&w, m[j]);
        assert_true(at >= 0);
        if (j > 0) {
            int64_t prev = narrow_rank(&w, m[j - 1]), here = narrow_rank(&w, m[j]);
            assert_true(prev > here || (prev == here && candidate_index(&w, m[j - 1]) < at));
        }
        bool four = inc_may_four(w.inc, m[j], w.b.to_move);
        fours += four;
        if (!four && worth(&w, m[j]) < lowest_kept)
            lowest_kept = worth(&w, m[j]);
    }
    for (int i = 0; i < w.n; i++) {
        int c = w.moves[i];
        if (kept(m, k, c))
            continue;
        assert_false(inc_may_four(w.inc, c, w.b.to_move));
        if (worth(&w, c) > highest_dropped)
            highest_dropped = worth(&w, c);
    }
    assert_true(lowest_kept > highest_dropped);
    /* no more than needed: fewer than `keep` kept moves rank above the lowest one kept */
    int above = fours;
    for (int j = 0; j < k; j++)
        above += !inc_may_four(w.inc, m[j], w.b.to_move) && worth(&w, m[j]) > lowest_kept;
    assert_true(above < keep);
    narrowed_teardown(&w);
}

/* Keeping one move keeps every four too, where a four is worth less than the best cell. */
static void narrowing_keeps_every_four(void **state)
{
    (void)state;
    int tried = 0;
    for (int p = 0; p < 7; p++) {
        Narrowed w;
        narrowed_setup_at(&w, p);
        int32_t best = 0, weakest_four = INT32_MAX;
        for (int i = 0; i < w.n; i++) {
            int c = w.moves[i];
            if (inc_may_four(w.inc, c, w.b.to_move))
                weakest_four = worth(&w, c) < weakest_four ? worth(&w, c) : weakest_four;
            else
                best = worth(&w, c) > best ? worth(&w, c) : best;
        }
        if (weakest_four < best) {
            uint16_t m[MOVES_MAX];
            int32_t scratch[MOVES_MAX];
            memcpy(m, w.moves, sizeof m);
            int k = moves_narrow(&w.b, m, w.n, 1, NULL, 0, scratch);
            for (int i = 0; i < w.n; i++)
                if (inc_may_four(w.inc, w.moves[i], w.b.to_move))
                    assert_true(kept(m, k, w.moves[i]));
            tried++;
        }
        narrowed_teardown(&w);
    }
    assert_true(tried > 0);
}

static void narrowing_keeps_the_moves_it_must(void **state)
{
    (void)state;
    Narrowed w;
    narrowed_setup(&w);
    uint16_t m[MOVES_MAX], must[2] = {0, 0};
    int32_t scratch[MOVES_MAX];
    for (int i = 0; i < w.n; i++) /* the two least valuable cells that make no four */
        if (!inc_may_four(w.inc, w.moves[i], w.b.to_move)) {
            if (!must[0] || worth(&w, w.moves[i]) < worth(&w, must[0])) {
                must[1] = must[0];
                must[0] = w.moves[i];
            } else if (!must[1] || worth(&w, w.moves[i]) < worth(&w, must[1])) {
                must[1] = w.moves[i];
            }
        }
    memcpy(m, w.moves, sizeof m);
    int k = moves_narrow(&w.b, m, w.n, 4, must, 2, scratch);
    assert_true(kept(m, k, must[0]) && kept(m, k, must[1]));
    memcpy(m, w.moves, sizeof m); /* not kept unless asked */
    k = moves_narrow(&w.b, m, w.n, 4, NULL, 0, scratch);
    assert_false(kept(m, k, must[0]));
    board_follow(&w.b, NULL); /* without a state, nothing to rank by: all stay */
    assert_int_equal(moves_narrow(&w.b, m, w.n, 4, NULL, 0, scratch), w.n);
    narrowed_teardown(&w);
}

/* The four-three position of search_forced.txt: 6,5 and 7,5 make a four, 6,2 only a three. */
static void makes_four_sees_fours_only(void **state)
{
    (void)state;
    int n;
    TestPosition *tp = tp_load_or_fail("tests/positions/search_forced.txt", &n);
    int i = 0;
    while (i < n && tp[i].expect[0] != cell_index(6, 5))
        i++;
    assert_true(i < n);
    Board b = tp[i].board;
    uint64_t hash = b.hash;
    assert_true(threat_makes_four(&b, cell_index(6, 5)));
    assert_true(threat_makes_four(&b, cell_index(7, 5)));
    assert_false(threat_makes_four(&b, cell_index(6, 2)));
    assert_false(threat_makes_four(&b, cell_index(0, 0)));
    assert_int_equal(b.hash, hash);
    assert_int_equal(b.to_move, tp[i].board.to_move);
    free(tp);
}

/* A four's answer, read from the stones and from an incremental state alike: black's four on
 * row 7 (x = 3..6), white to move. */
static FourReply four_reply_on(Board *b, bool followed, int attacker, int *block)
{
    if (!followed)
        return threat_four_reply(b, attacker, block);
    PatternTables *tables = pattern_tables_create();
    IncState *inc = malloc(sizeof *inc);
    assert_non_null(tables);
    assert_non_null(inc);
    inc_init(inc, tables, b->size, b->rule, b->cell);
    board_follow(b, inc);
    FourReply r = threat_four_reply(b, attacker, block);
    board_follow(b, NULL);
    free(inc);
    pattern_tables_destroy(tables);
    return r;
}

static void four_reply_blocks_one_five_point_and_loses_to_two(void **state)
{
    (void)state;
    for (int followed = 0; followed < 2; followed++) {
        Board b;
        board_init(&b, 15, RULE_FREESTYLE);
        int block = CELL_NONE;
        board_put(&b, cell_index(3, 7), BLACK);
        board_put(&b, cell_index(4, 7), BLACK);
        board_put(&b, cell_index(5, 7), BLACK);
        assert_int_equal(four_reply_on(&b, followed, BLACK, &block), FOUR_NONE); /* a three */
        board_put(&b, cell_index(6, 7), BLACK);
        board_set_to_move(&b, WHITE);
        assert_int_equal(four_reply_on(&b, followed, BLACK, &block), FOUR_WINS); /* open four */
        board_put(&b, cell_index(2, 7), WHITE);
        assert_int_equal(four_reply_on(&b, followed, BLACK, &block), FOUR_BLOCK);
        assert_int_equal(block, cell_index(7, 7));
        assert_int_equal(four_reply_on(&b, followed, WHITE, &block), FOUR_NONE);
    }
}

/* White's four whose one five point (4,0) would give black an overline: renju black may not
 * block it, freestyle black may. */
static void four_reply_wins_where_renju_black_may_not_block(void **state)
{
    (void)state;
    for (int rule = 0; rule < 2; rule++)
        for (int followed = 0; followed < 2; followed++) {
            Board b;
            board_init(&b, 15, rule ? RULE_RENJU : RULE_FREESTYLE);
            int black[] = {1, 2, 3, 5, 6}, block = CELL_NONE;
            for (int i = 0; i < 5; i++)
                board_put(&b, cell_index(black[i], 0), BLACK);
            for (int y = 1; y <= 4; y++)
                board_put(&b, cell_index(4, y), WHITE);
            board_put(&b, cell_index(4, 5), BLACK);
            board_put(&b, cell_index(9, 9), BLACK); /* 7 black, 4 white: black to move */
            board_set_to_move(&b, BLACK);
            assert_int_equal(four_reply_on(&b, followed, WHITE, &block),
                             rule ? FOUR_WINS : FOUR_BLOCK);
            assert_int_equal(block, cell_index(4, 0));
        }
}

/* ---- the defences of a threatened node ------------------------------------------------------ */

typedef struct DefenceCount {
    int threatened, narrowed;
} DefenceCount;

static bool threatened_node(const Board *b)
{
    const IncState *inc = board_incremental(b);
    int opp = opponent_of(b->to_move);
    const int *k = inc->side[opp - 1].count;
    return !inc_five_cells(inc, b->to_move) && !inc_five_cells(inc, opp)
        && (k[CELL_FLEX4] || k[CELL_43]);
}

/* At a threatened node: moves_defences keeps a permutation of the candidates (each part in
 * their order), and every move it leaves out scores as lost at once for the side to move. */
static void check_defences(Board *b, DefenceCount *count)
{
    uint16_t all[MOVES_MAX], m[MOVES_MAX];
    int n = moves_candidates(b, 2, all);
    memcpy(m, all, (size_t)n * sizeof *m);
    int k = moves_defences(b, m, n);
    assert_true(k > 0 && k <= n);
    int at = 0, back = k;
    for (int i = 0; i < n; i++) { /* kept and left out, each in the candidates' order */
        if (at < k && m[at] == all[i])
            at++;
        else
            assert_int_equal(m[back++], all[i]);
    }
    assert_int_equal(at, k);
    count->threatened++;
    count->narrowed += k < n;
    for (int i = k; i < n; i++) {
        board_play(b, m[i]);
        /* the opponent, to move, holds a decided win */
        assert_true(inc_score(board_incremental(b), b->to_move) >= SCORE_WIN_MIN);
        board_undo(b);
    }
}

/* Every threatened node among a file's positions and the positions one move after them. */
static void check_defences_in(const char *path, PatternTables *tables, IncState *inc,
                              DefenceCount *count)
{
    int np;
    TestPosition *tp = tp_load_or_fail(path, &np);
    for (int p = 0; p < np; p++) {
        Board b = tp[p].board;
        inc_init(inc, tables, b.size, b.rule, b.cell);
        board_follow(&b, inc);
        if (threatened_node(&b))
            check_defences(&b, count);
        uint16_t first[MOVES_MAX];
        int n = moves_candidates(&b, 2, first);
        for (int i = 0; i < n; i++) {
            board_play(&b, first[i]);
            if (threatened_node(&b))
                check_defences(&b, count);
            board_undo(&b);
        }
    }
    free(tp);
}

static void defences_leave_out_only_moves_that_lose_at_once(void **state)
{
    (void)state;
    static const char *const FILES[] = {
        "tests/positions/depth_wins.txt",       "tests/positions/tactics_freestyle15.txt",
        "tests/positions/tactics_freestyle20.txt", "tests/positions/tactics_renju15.txt",
        "tests/positions/tree_bench.txt",       "tests/positions/eval_middle.txt",
        "tests/positions/search_renju.txt",     "tests/positions/depth_quiet.txt",
    };
    PatternTables *tables = pattern_tables_create();
    IncState *inc = malloc(sizeof *inc);
    assert_non_null(tables);
    assert_non_null(inc);
    DefenceCount count = {0, 0};
    for (size_t f = 0; f < sizeof FILES / sizeof *FILES; f++) {
        DefenceCount here = {0, 0};
        check_defences_in(FILES[f], tables, inc, &here);
        assert_true(here.narrowed > 0); /* each file tries it: freestyle, standard, renju */
        count.threatened += here.threatened;
        count.narrowed += here.narrowed;
    }
    assert_true(count.narrowed > 100);
    free(inc);
    pattern_tables_destroy(tables);
}

/* White to move against black's open three on row 7 (6..8,7), with a three of its own at the
 * top edge (0..2,0) that makes a four at 3,0 or 4,0: those fours and the row's cells within
 * reach of both open-four points (4..10,7) come first, nothing else. Without the threat, or
 * without the incremental state, all candidates stay. */
static void defences_are_the_threat_lines_and_our_fours(void **state)
{
    (void)state;
    static const int STONES[][2] = {{6, 7}, {0, 0}, {7, 7}, {1, 0}, {8, 7}, {2, 0}, {14, 14}};
    Board b;
    board_init(&b, 15, RULE_FREESTYLE);
    for (int i = 0; i < 7; i++) /* black, white, ...: white to move */
        board_play(&b, cell_index(STONES[i][0], STONES[i][1]));
    PatternTables *tables = pattern_tables_create();
    IncState *inc = malloc(sizeof *inc);
    assert_non_null(tables);
    assert_non_null(inc);
    inc_init(inc, tables, b.size, b.rule, b.cell);
    board_follow(&b, inc);
    uint16_t m[MOVES_MAX];
    int n = moves_candidates(&b, 2, m);
    int k = moves_defences(&b, m, n);
    static const int EXPECT[][2] = {{3, 0}, {4, 0}, {4, 7}, {5, 7}, {9, 7}, {10, 7}};
    assert_int_equal(k, 6);
    for (int i = 0; i < k; i++)
        assert_int_equal(m[i], cell_index(EXPECT[i][0], EXPECT[i][1]));
    board_set_to_move(&b, BLACK); /* black is not threatened: nothing is left out */
    n = moves_candidates(&b, 2, m);
    assert_int_equal(moves_defences(&b, m, n), n);
    board_set_to_move(&b, WHITE);
    board_follow(&b, NULL); /* without a state, nothing to go by: all stay */
    n = moves_candidates(&b, 2, m);
    assert_int_equal(moves_defences(&b, m, n), n);
    free(inc);
    pattern_tables_destroy(tables);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(hash_after_is_the_hash_a_move_gives),
        cmocka_unit_test(empty_board_gives_the_centre),
        cmocka_unit_test(one_stone_gives_its_square_in_cell_order),
        cmocka_unit_test(the_edge_clips_the_square),
        cmocka_unit_test(candidates_are_exactly_the_legal_cells_near_stones),
        cmocka_unit_test(renju_black_candidates_skip_forbidden_points),
        cmocka_unit_test(winning_cells_in_every_direction),
        cmocka_unit_test(winning_cells_follow_the_rule),
        cmocka_unit_test(winning_cells_of_the_opponent_and_the_limit),
        cmocka_unit_test(any_legal_prefers_the_centre_then_cell_order),
        cmocka_unit_test(makes_four_sees_fours_only),
        cmocka_unit_test(four_reply_blocks_one_five_point_and_loses_to_two),
        cmocka_unit_test(four_reply_wins_where_renju_black_may_not_block),
        cmocka_unit_test(narrowing_keeps_the_most_valuable_cells_and_every_four),
        cmocka_unit_test(narrowing_keeps_every_four),
        cmocka_unit_test(narrowing_keeps_the_moves_it_must),
        cmocka_unit_test(defences_leave_out_only_moves_that_lose_at_once),
        cmocka_unit_test(defences_are_the_threat_lines_and_our_fours),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
