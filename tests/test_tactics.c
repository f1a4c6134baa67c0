/* The tactical suite tests/positions/tactics_*.txt (played through the protocol by
 * build/gamok-tactics): every position's answers are checked here against the rules and the
 * VCF/VCT solvers, never against the game tree, so the suite measures the search honestly.
 * Categories (the `category:` key): win1, block-four, block-three, vcf, vct, defence,
 * renju-black (black to move: the tempting cells listed as `avoid:` are forbidden, the answers
 * are legal and do the job) and renju-white (white wins by fours ending on a point black may not
 * play; `avoid:` lists forbidden points of the position). */
#define _POSIX_C_SOURCE 200809L /* popen */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "brain/moves.h"
#include "brain/rules.h"
#include "brain/vcf.h"
#include "brain/vct.h"
#include "tests/support/positions.h"

static const char *const TACTICS_FILES[] = {
    "tests/positions/tactics_freestyle15.txt",
    "tests/positions/tactics_renju15.txt",
    "tests/positions/tactics_freestyle20.txt",
};
#define NFILES (sizeof TACTICS_FILES / sizeof TACTICS_FILES[0])

/* Solver limits: generous enough that every answer here is proven (never "aborted"). */
#define PROOF_FOURS 20
#define PROOF_NODES 2000000u
#define PROOF_THREES 2
#define PROOF_VCT_NODES 200000u

static int opponent(int color) { return color == BLACK ? WHITE : BLACK; }

/* Cells where `color` would make a winning line now. */
static int five_cells(const Board *b, int color, int *cells)
{
    int n = 0;
    for (int y = 0; y < b->size; y++)
        for (int x = 0; x < b->size; x++)
            if (rule_makes_win(b, cell_index(x, y), color))
                cells[n++] = cell_index(x, y);
    return n;
}

static int nfives(const Board *b, int color)
{
    int cells[BOARD_CELLS];
    return five_cells(b, color, cells);
}

/* True when `color` to move has a VCF; fails the test when the solver could not decide. */
static bool has_vcf(const Board *pos, int color)
{
    Board b = *pos;
    board_set_to_move(&b, color);
    VcfLimits lim = {.max_fours = PROOF_FOURS, .max_nodes = PROOF_NODES};
    VcfResult v = vcf_find(&b, &lim, NULL);
    assert_false(v.aborted);
    return v.move != CELL_NONE;
}

/* The line tables the VCT reads (brain/vct.h): built once in setup, for every check. */
static PatternTables *vct_tables;

static bool has_vct(const Board *pos, int color)
{
    Board b = *pos;
    board_set_to_move(&b, color);
    VctLimits lim = {.max_threes = PROOF_THREES, .vcf_fours = PROOF_FOURS,
                     .max_nodes = PROOF_VCT_NODES, .tables = vct_tables};
    VcfResult v = vct_find(&b, &lim, NULL);
    return v.move != CELL_NONE;
}

/* True when `color` to move can make a four (a move after which it has a five to play). */
static bool can_make_four(const Board *pos, int color)
{
    Board b = *pos;
    board_set_to_move(&b, color);
    for (int c = 0; c < BOARD_CELLS; c++) {
        if (!board_cell_valid(&b, c) || !rule_is_legal(&b, c)) continue;
        board_put(&b, c, color);
        int n = nfives(&b, color);
        board_remove(&b, c);
        if (n) return true;
    }
    return false;
}

/* True when `color` to move can make an open four (two five points at once). */
static bool can_make_open_four(const Board *pos, int color)
{
    Board b = *pos;
    board_set_to_move(&b, color);
    for (int c = 0; c < BOARD_CELLS; c++) {
        if (!board_cell_valid(&b, c) || !rule_is_legal(&b, c)) continue;
        board_put(&b, c, color);
        int n = nfives(&b, color);
        board_remove(&b, c);
        if (n >= 2) return true;
    }
    return false;
}

/* The side to move plays `move`: does a VCF win that starts there? The move must be a four;
 * either the defender cannot stop it (two five points, or renju black whose only block is
 * forbidden) or after the forced block the VCF solver proves the rest. */
static bool vcf_starts_with(const Board *pos, int move)
{
    Board b = *pos;
    int me = b.to_move, cells[BOARD_CELLS];
    if (!rule_is_legal(&b, move) || nfives(&b, opponent(me))) return false;
    board_play(&b, move);
    int n = five_cells(&b, me, cells);
    if (n == 0) return false;
    if (n >= 2 || rule_is_forbidden(&b, cells[0], b.to_move)) return true;
    board_play(&b, cells[0]);
    if (rule_is_win_at(&b, cells[0])) return false;
    return has_vcf(&b, me);
}

/* The side to move plays `move`: does every defender reply leave the attacker a five, a VCF or
 * a VCT? Brute force over every legal reply, so the VCT solver's own choice of replies is not
 * trusted. */
static bool vct_starts_with(const Board *pos, int move)
{
    Board b = *pos;
    int me = b.to_move;
    if (!rule_is_legal(&b, move)) return false;
    board_play(&b, move);
    if (nfives(&b, opponent(me))) return false; /* the defender wins first */
    for (int r = 0; r < BOARD_CELLS; r++) {
        if (!board_cell_valid(&b, r) || !rule_is_legal(&b, r)) continue;
        board_play(&b, r);
        bool lost = rule_is_win_at(&b, r);
        bool wins = !lost && (nfives(&b, me) || has_vcf(&b, me) || has_vct(&b, me));
        board_undo(&b);
        if (!wins) return false;
    }
    return true;
}

/* After the side to move plays `move`, the opponent has no VCF. */
static bool refutes_vcf(const Board *pos, int move)
{
    Board b = *pos;
    if (!rule_is_legal(&b, move)) return false;
    board_play(&b, move);
    return !has_vcf(&b, b.to_move);
}

typedef struct Suite {
    TestPosition *pos[NFILES];
    int count[NFILES];
} Suite;

static int setup(void **state)
{
    Suite *s = calloc(1, sizeof *s);
    vct_tables = pattern_tables_create();
    if (!s || !vct_tables) return -1;
    for (size_t i = 0; i < NFILES; i++) {
        s->count[i] = tp_load(TACTICS_FILES[i], &s->pos[i]);
        if (s->count[i] <= 0) return -1;
    }
    *state = s;
    return 0;
}

static int teardown(void **state)
{
    Suite *s = *state;
    pattern_tables_destroy(vct_tables);
    for (size_t i = 0; i < NFILES; i++) free(s->pos[i]);
    free(s);
    return 0;
}

typedef void (*CheckFn)(const TestPosition *tp);

/* Runs `check` on every position of `category`; fails when there is none. */
static void for_category(void **state, const char *category, CheckFn check)
{
    Suite *s = *state;
    int seen = 0;
    for (size_t i = 0; i < NFILES; i++)
        for (int k = 0; k < s->count[i]; k++) {
            const TestPosition *tp = &s->pos[i][k];
            if (strcmp(tp->category, category)) continue;
            print_message("%s: %s\n", category, tp->name);
            assert_true(tp->nexpect > 0);
            check(tp);
            seen++;
        }
    assert_true(seen > 0);
}

static void check_win1(const TestPosition *tp)
{
    for (int i = 0; i < tp->nexpect; i++) {
        assert_true(rule_is_legal(&tp->board, tp->expect[i]));
        assert_true(rule_makes_win(&tp->board, tp->expect[i], tp->board.to_move));
    }
}

/* The opponent has a four; the side to move has no five, and after each answer the opponent
 * has none either. */
static void check_block_four(const TestPosition *tp)
{
    const Board *b = &tp->board;
    assert_int_equal(nfives(b, b->to_move), 0);
    assert_true(nfives(b, opponent(b->to_move)) > 0);
    for (int i = 0; i < tp->nexpect; i++) {
        Board after = *b;
        assert_true(rule_is_legal(&after, tp->expect[i]));
        board_play(&after, tp->expect[i]);
        assert_int_equal(nfives(&after, after.to_move), 0);
    }
}

/* The opponent can make an open four; the side to move has no four of its own to play first;
 * after each answer the opponent has neither a five nor an open four to play, nor a VCF. */
static void check_block_three(const TestPosition *tp)
{
    const Board *b = &tp->board;
    int me = b->to_move;
    assert_int_equal(nfives(b, opponent(me)), 0);
    assert_false(can_make_four(b, me));
    assert_true(can_make_open_four(b, opponent(me)));
    for (int i = 0; i < tp->nexpect; i++) {
        Board after = *b;
        assert_true(rule_is_legal(&after, tp->expect[i]));
        board_play(&after, tp->expect[i]);
        assert_int_equal(nfives(&after, after.to_move), 0);
        assert_false(can_make_open_four(&after, after.to_move));
        assert_false(has_vcf(&after, after.to_move));
    }
}

/* No win in one; each answer starts a proven VCF. */
static void check_vcf(const TestPosition *tp)
{
    assert_int_equal(nfives(&tp->board, tp->board.to_move), 0);
    for (int i = 0; i < tp->nexpect; i++)
        assert_true(vcf_starts_with(&tp->board, tp->expect[i]));
}

/* No VCF (so the win needs threes); each answer wins against every reply. */
static void check_vct(const TestPosition *tp)
{
    assert_false(has_vcf(&tp->board, tp->board.to_move));
    for (int i = 0; i < tp->nexpect; i++)
        assert_true(vct_starts_with(&tp->board, tp->expect[i]));
}

/* The opponent threatens a VCF and the side to move has no four to play first: each answer
 * refutes it, each `avoid` cell (a tempting non-answer) does not, so the threat is real. */
static void check_defence(const TestPosition *tp)
{
    const Board *b = &tp->board;
    assert_false(can_make_four(b, b->to_move));
    assert_true(has_vcf(b, opponent(b->to_move)));
    for (int i = 0; i < tp->nexpect; i++)
        assert_true(refutes_vcf(b, tp->expect[i]));
    assert_true(tp->navoid > 0);
    for (int i = 0; i < tp->navoid; i++)
        assert_false(refutes_vcf(b, tp->avoid[i]));
}

/* Renju, black to move: every `avoid` cell is forbidden; the answers are legal and either start
 * a VCF (when black has one) or refute white's VCF. */
static void check_renju_black(const TestPosition *tp)
{
    const Board *b = &tp->board;
    assert_int_equal(b->rule, RULE_RENJU);
    assert_int_equal(b->to_move, BLACK);
    assert_true(tp->navoid > 0);
    for (int i = 0; i < tp->navoid; i++)
        assert_true(rule_is_forbidden(b, tp->avoid[i], BLACK));
    bool attack = has_vcf(b, BLACK);
    for (int i = 0; i < tp->nexpect; i++) {
        assert_true(rule_is_legal(b, tp->expect[i]));
        if (attack)
            assert_true(vcf_starts_with(b, tp->expect[i]));
        else
            assert_true(refutes_vcf(b, tp->expect[i]));
    }
}

/* Renju, white to move: each answer starts a VCF, the position lists forbidden points, and the
 * same stones under freestyle give white no VCF: the win rests on black's forbidden points. */
static void check_renju_white(const TestPosition *tp)
{
    const Board *b = &tp->board;
    assert_int_equal(b->rule, RULE_RENJU);
    assert_int_equal(b->to_move, WHITE);
    assert_true(tp->navoid > 0);
    for (int i = 0; i < tp->navoid; i++)
        assert_true(rule_is_forbidden(b, tp->avoid[i], BLACK));
    for (int i = 0; i < tp->nexpect; i++)
        assert_true(vcf_starts_with(b, tp->expect[i]));
    Board free_rule = *b;
    free_rule.rule = RULE_FREESTYLE;
    assert_false(has_vcf(&free_rule, WHITE));
}

static void test_win1(void **state) { for_category(state, "win1", check_win1); }
static void test_block_four(void **state) { for_category(state, "block-four", check_block_four); }
static void test_block_three(void **state) { for_category(state, "block-three", check_block_three); }
static void test_vcf(void **state) { for_category(state, "vcf", check_vcf); }
static void test_vct(void **state) { for_category(state, "vct", check_vct); }
static void test_defence(void **state) { for_category(state, "defence", check_defence); }
static void test_renju_black(void **state) { for_category(state, "renju-black", check_renju_black); }
static void test_renju_white(void **state) { for_category(state, "renju-white", check_renju_white); }

/* Every position carries a known category, and the suite has the size the report promises. */
static void test_every_position_is_tagged(void **state)
{
    static const char *const known[] = {"win1", "block-four", "block-three", "vcf", "vct",
                                        "defence", "renju-black", "renju-white"};
    Suite *s = *state;
    int total = 0;
    for (size_t i = 0; i < NFILES; i++)
        for (int k = 0; k < s->count[i]; k++) {
            bool ok = false;
            for (size_t j = 0; j < sizeof known / sizeof known[0]; j++)
                ok |= !strcmp(s->pos[i][k].category, known[j]);
            if (!ok) fail_msg("%s: unknown category \"%s\"", s->pos[i][k].name, s->pos[i][k].category);
            total++;
        }
    assert_true(total >= 40);
}

/* The side to move after reading `order` as Rapfi reads BOARD (Rapfi/command/gomocup.cpp
 * getPosition): the first stone's field is black; before a stone of the side not to move, a
 * pass. Returns that side as a field (1: the stones sent as own, 2: the others). */
static int field_to_move_after(const Board *b, const uint16_t *order, int n, int *passes)
{
    int to_move = 0; /* as a field: 0 before the first stone */
    *passes = 0;
    for (int i = 0; i < n; i++) {
        int c = b->cell[order[i]];
        if (c == BLOCKER)
            continue;
        int field = c == b->to_move ? 1 : 2;
        if (to_move && field != to_move)
            (*passes)++;
        to_move = 3 - field; /* the stone, then the other side's turn */
    }
    return to_move;
}

/* tp_board_order, read as a game: every stone once, blockers first, and the side to move after
 * the last stone is the position's (in cell order it often was not), with no more passes than
 * the colours' difference in count. Over every file the tactics tool and the depth bench send. */
static void test_board_order_reads_as_the_position(void **state)
{
    (void)state;
    static const char *const FILES[] = {
        "tests/positions/tactics_freestyle15.txt", "tests/positions/tactics_renju15.txt",
        "tests/positions/tactics_freestyle20.txt", "tests/positions/depth_wins.txt",
        "tests/positions/depth_quiet.txt",         "tests/positions/tree_bench.txt",
        "tests/positions/depth_traps.txt",
    };
    int checked = 0;
    for (size_t f = 0; f < sizeof FILES / sizeof FILES[0]; f++) {
        int n;
        TestPosition *tp = tp_load_or_fail(FILES[f], &n);
        for (int i = 0; i < n; i++) {
            const Board *b = &tp[i].board;
            uint16_t order[BOARD_CELLS];
            int count = tp_board_order(b, order), blockers = 0, own = 0, passes = 0;
            bool seen[BOARD_CELLS] = {false};
            for (int k = 0; k < count; k++) {
                assert_true(b->cell[order[k]] != EMPTY);
                assert_false(seen[order[k]]);
                seen[order[k]] = true;
                if (b->cell[order[k]] == BLOCKER)
                    assert_int_equal(blockers++, k);
                own += b->cell[order[k]] == b->to_move;
            }
            assert_int_equal(count, b->nstones);
            int opp = count - blockers - own, diff = own > opp ? own - opp : opp - own;
            if (opp > 0)
                assert_int_equal(field_to_move_after(b, order, count, &passes), 1);
            assert_true(passes <= diff);
            checked++;
        }
        free(tp);
    }
    assert_true(checked > 100);
}

/* The depth bench's traps (depth_traps.txt): each names one move to avoid, an empty cell the
 * side to move may play, in a position with no five to play or to block (where the answer is
 * forced, avoiding nothing would measure nothing). */
static void test_traps_name_one_playable_move(void **state)
{
    (void)state;
    int n;
    TestPosition *tp = tp_load_or_fail("tests/positions/depth_traps.txt", &n);
    assert_true(n >= 20);
    for (int i = 0; i < n; i++) {
        Board *b = &tp[i].board;
        assert_int_equal(tp[i].navoid, 1);
        assert_int_equal(b->cell[tp[i].avoid[0]], EMPTY);
        assert_true(rule_is_legal(b, tp[i].avoid[0]));
        uint16_t five[1];
        assert_int_equal(moves_winning_cells(b, b->to_move, five, 1), 0);
        assert_int_equal(moves_winning_cells(b, opponent_of(b->to_move), five, 1), 0);
    }
    free(tp);
}

/* Smoke test of build/gamok-tactics: the 20x20 file at 100 ms a move through the real brain;
 * every position gets a line and the wins in one are found. Skipped without the binaries. */
static void test_tactics_tool_plays_a_file(void **state)
{
    const char *tool = getenv("TACTICS_BIN"), *brain = getenv("GAMOK_BIN");
    if (!tool || !brain) skip();
    char cmd[512], line[512];
    snprintf(cmd, sizeof cmd, "%s --brain %s --turn-ms 100 --positions %s", tool, brain,
             TACTICS_FILES[2]);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    int lines = 0, win1_found = 0;
    while (fgets(line, sizeof line, p)) {
        lines += !strncmp(line, "ok ", 3) || !strncmp(line, "FAIL ", 5);
        win1_found |= !strncmp(line, "win1", 4) && strstr(line, "2 /   2") != NULL;
    }
    assert_int_equal(pclose(p), 0);
    Suite *s = *state;
    assert_int_equal(lines, s->count[2]);
    assert_true(win1_found);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_position_is_tagged),
        cmocka_unit_test(test_win1),
        cmocka_unit_test(test_block_four),
        cmocka_unit_test(test_block_three),
        cmocka_unit_test(test_vcf),
        cmocka_unit_test(test_vct),
        cmocka_unit_test(test_defence),
        cmocka_unit_test(test_renju_black),
        cmocka_unit_test(test_renju_white),
        cmocka_unit_test(test_tactics_tool_plays_a_file),
        cmocka_unit_test(test_board_order_reads_as_the_position),
        cmocka_unit_test(test_traps_name_one_playable_move),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
