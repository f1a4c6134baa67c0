/* The game rules: line classification, rule values, wins per rule and renju forbidden points.
 * Positions come from tests/positions/rules_win.txt and rules_renju.txt. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "brain/rules.h"
#include "tests/support/positions.h"

/* ---- rule_line_five ------------------------------------------------------------------------ */

/* A line written as text: '.' empty, 'X' black, 'O' white, '#' blocker. */
static int line_of(const char *text, uint8_t *out)
{
    int n = (int)strlen(text);
    for (int i = 0; i < n; i++)
        out[i] = (uint8_t)(strchr(".XO#", text[i]) - ".XO#");
    return n;
}

typedef struct LineCase {
    const char *line;
    int pos, color, rule;
    LineFive want;
} LineCase;

static const LineCase LINE_CASES[] = {
    {"XXXXX", 0, BLACK, RULE_FREESTYLE, LINE_FIVE},
    {"XXXXX", 4, BLACK, RULE_FREESTYLE, LINE_FIVE},
    {".XXXX.", 1, BLACK, RULE_FREESTYLE, LINE_NO_FIVE},
    {"XXXXXX", 2, BLACK, RULE_FREESTYLE, LINE_FIVE},
    {"XX#XXX", 0, BLACK, RULE_FREESTYLE, LINE_NO_FIVE},
    {"XX#XXX", 4, BLACK, RULE_FREESTYLE, LINE_NO_FIVE},
    {"XXOXXXXX", 5, BLACK, RULE_FREESTYLE, LINE_FIVE},
    {"OOOOO", 2, WHITE, RULE_FREESTYLE, LINE_FIVE},
    {".XXXXX.", 3, BLACK, RULE_EXACT5, LINE_FIVE},
    {"XXXXXX", 5, BLACK, RULE_EXACT5, LINE_OVERLINE},
    {"OOOOOO", 0, WHITE, RULE_EXACT5, LINE_OVERLINE},
    {"XXXXX#X", 1, BLACK, RULE_EXACT5, LINE_FIVE},
    {"XXXXXX", 0, BLACK, RULE_RENJU, LINE_OVERLINE},
    {"OXXXXXO", 3, BLACK, RULE_RENJU, LINE_FIVE},
    {"OOOOOO", 3, WHITE, RULE_RENJU, LINE_FIVE},
    {"XOOOOOX", 1, WHITE, RULE_RENJU, LINE_FIVE},
    {"OXXXXXO", 3, BLACK, RULE_CARO, LINE_BLOCKED_FIVE},
    {"XOOOOOX", 5, WHITE, RULE_CARO, LINE_BLOCKED_FIVE},
    {"OXXXXX.", 1, BLACK, RULE_CARO, LINE_FIVE},
    {".XXXXXO", 5, BLACK, RULE_CARO, LINE_FIVE},
    {"XXXXXO", 0, BLACK, RULE_CARO, LINE_FIVE},
    {"OXXXXX", 5, BLACK, RULE_CARO, LINE_FIVE},
    {"#XXXXXO", 2, BLACK, RULE_CARO, LINE_FIVE},
    {"OXXXXX#", 2, BLACK, RULE_CARO, LINE_FIVE},
    {"OXXXXXXO", 3, BLACK, RULE_CARO, LINE_OVERLINE},
    {"OXXXX.O", 1, BLACK, RULE_CARO, LINE_NO_FIVE},
};

static void test_line_five(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof LINE_CASES / sizeof LINE_CASES[0]; i++) {
        const LineCase *c = &LINE_CASES[i];
        uint8_t line[32];
        int len = line_of(c->line, line);
        LineFive got = rule_line_five(line, len, c->pos, c->color, c->rule);
        if (got != c->want)
            fail_msg("%s pos %d color %d rule %d: got %d, want %d", c->line, c->pos, c->color,
                     c->rule, (int)got, (int)c->want);
    }
}

/* ---- rule values --------------------------------------------------------------------------- */

static void test_rule_values(void **state)
{
    (void)state;
    /* Every value Gamok plays, with its base rule; bit 2 (continuous) changes nothing. */
    static const int supported[][2] = {
        {0, RULE_FREESTYLE}, {1, RULE_EXACT5}, {2, RULE_FREESTYLE}, {3, RULE_EXACT5},
        {4, RULE_RENJU},     {5, RULE_RENJU},  {6, RULE_RENJU},     {7, RULE_RENJU},
        {8, RULE_CARO},      {9, RULE_CARO},   {10, RULE_CARO},     {11, RULE_CARO},
    };
    for (size_t i = 0; i < sizeof supported / sizeof supported[0]; i++) {
        assert_true(rule_supported(supported[i][0]));
        assert_int_equal(rule_from_gomocup(supported[i][0]), supported[i][1]);
    }
    static const int unsupported[] = {-1, -4, 12, 13, 14, 15, 16, 17, 32, 64, 1 << 30};
    for (size_t i = 0; i < sizeof unsupported / sizeof unsupported[0]; i++)
        assert_false(rule_supported(unsupported[i]));
}

/* ---- wins ---------------------------------------------------------------------------------- */

/* Both entry points must agree: the move that makes a win, and the stone that then is one. */
static bool wins_both_ways(const TestPosition *tp, int cell)
{
    Board b = tp->board;
    bool makes = rule_makes_win(&b, cell, b.to_move);
    board_put(&b, cell, b.to_move);
    bool is = rule_is_win_at(&b, cell);
    if (makes != is)
        fail_msg("%s: rule_makes_win %d but rule_is_win_at %d at %d,%d", tp->name, makes, is,
                 cell_x(cell), cell_y(cell));
    return makes;
}

static void test_win_positions(void **state)
{
    (void)state;
    int n;
    TestPosition *list = tp_load_or_fail("tests/positions/rules_win.txt", &n);
    for (int i = 0; i < n; i++) {
        const TestPosition *tp = &list[i];
        for (int k = 0; k < tp->nexpect; k++)
            if (!wins_both_ways(tp, tp->expect[k]))
                fail_msg("%s: %d,%d should win", tp->name, cell_x(tp->expect[k]),
                         cell_y(tp->expect[k]));
        for (int k = 0; k < tp->navoid; k++)
            if (wins_both_ways(tp, tp->avoid[k]))
                fail_msg("%s: %d,%d should not win", tp->name, cell_x(tp->avoid[k]),
                         cell_y(tp->avoid[k]));
    }
    free(list);
}

static void test_win_needs_own_empty_cell(void **state)
{
    (void)state;
    Board b;
    board_init(&b, 15, RULE_FREESTYLE);
    for (int x = 3; x < 7; x++)
        board_put(&b, cell_index(x, 7), BLACK);
    /* White cannot complete black's line, and no stone can go where one already is. */
    assert_true(rule_makes_win(&b, cell_index(7, 7), BLACK));
    assert_false(rule_makes_win(&b, cell_index(7, 7), WHITE));
    assert_false(rule_makes_win(&b, cell_index(6, 7), BLACK));
    assert_false(rule_makes_win(&b, cell_index(15, 7), BLACK)); /* off a 15-wide board */
    /* An empty cell or a blocker is never part of a win. */
    assert_false(rule_is_win_at(&b, cell_index(7, 7)));
    board_put(&b, cell_index(7, 7), BLOCKER);
    assert_false(rule_is_win_at(&b, cell_index(7, 7)));
    board_put(&b, cell_index(2, 7), BLACK);
    for (int x = 2; x < 7; x++)
        assert_true(rule_is_win_at(&b, cell_index(x, 7)));
}

/* ---- renju forbidden points ---------------------------------------------------------------- */

static void check_renju_cell(const TestPosition *tp, int cell, bool want)
{
    const Board *b = &tp->board;
    if (rule_is_forbidden(b, cell, BLACK) != want)
        fail_msg("%s: %d,%d should%s be forbidden", tp->name, cell_x(cell), cell_y(cell),
                 want ? "" : " not");
    if (rule_is_forbidden(b, cell, WHITE))
        fail_msg("%s: %d,%d forbidden for white", tp->name, cell_x(cell), cell_y(cell));
    Board as = *b;
    board_set_to_move(&as, BLACK);
    assert_int_equal(rule_is_legal(&as, cell), !want);
    board_set_to_move(&as, WHITE);
    assert_true(rule_is_legal(&as, cell));
}

/* rule_forbidden_points lists exactly the empty cells rule_is_forbidden calls forbidden. */
static void check_forbidden_list(const TestPosition *tp)
{
    const Board *b = &tp->board;
    uint16_t cells[BOARD_CELLS];
    int n = rule_forbidden_points(b, cells, BOARD_CELLS), seen = 0;
    for (int i = 0; i < n; i++)
        assert_true(rule_is_forbidden(b, cells[i], BLACK));
    for (int y = 0; y < b->size; y++)
        for (int x = 0; x < b->size; x++)
            seen += rule_is_forbidden(b, cell_index(x, y), BLACK);
    if (seen != n)
        fail_msg("%s: %d points listed, %d forbidden", tp->name, n, seen);
    if (n > 0)
        assert_int_equal(rule_forbidden_points(b, cells, n - 1), n - 1);
}

static void test_renju_positions(void **state)
{
    (void)state;
    int n;
    TestPosition *list = tp_load_or_fail("tests/positions/rules_renju.txt", &n);
    for (int i = 0; i < n; i++) {
        const TestPosition *tp = &list[i];
        assert_int_equal(tp->board.rule, RULE_RENJU);
        for (int k = 0; k < tp->nexpect; k++)
            check_renju_cell(tp, tp->expect[k], true);
        for (int k = 0; k < tp->navoid; k++)
            check_renju_cell(tp, tp->avoid[k], false);
        check_forbidden_list(tp);
    }
    free(list);
}

/* The same shapes under every other rule forbid nothing. */
static void test_no_forbidden_outside_renju(void **state)
{
    (void)state;
    static const int others[] = {RULE_FREESTYLE, RULE_EXACT5, RULE_CARO};
    int n;
    TestPosition *list = tp_load_or_fail("tests/positions/rules_renju.txt", &n);
    uint16_t cells[BOARD_CELLS];
    for (int i = 0; i < n; i++)
        for (size_t r = 0; r < sizeof others / sizeof others[0]; r++) {
            Board b = list[i].board;
            b.rule = others[r];
            assert_int_equal(rule_forbidden_points(&b, cells, BOARD_CELLS), 0);
            for (int k = 0; k < list[i].nexpect; k++)
                assert_false(rule_is_forbidden(&b, list[i].expect[k], BLACK));
        }
    free(list);
}

static void test_legal_cells(void **state)
{
    (void)state;
    Board b;
    board_init(&b, 15, RULE_RENJU);
    board_put(&b, cell_index(7, 7), WHITE);
    assert_true(rule_is_legal(&b, cell_index(0, 0)));
    assert_true(rule_is_legal(&b, cell_index(14, 14)));
    assert_false(rule_is_legal(&b, cell_index(7, 7)));  /* occupied */
    assert_false(rule_is_legal(&b, cell_index(15, 0))); /* off the board, same row */
    assert_false(rule_is_legal(&b, cell_index(0, 15)));
    assert_false(rule_is_legal(&b, -1));
    assert_false(rule_is_legal(&b, CELL_NONE));
    assert_false(rule_is_forbidden(&b, cell_index(7, 7), BLACK));
    assert_false(rule_is_forbidden(&b, CELL_NONE, BLACK));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_line_five),
        cmocka_unit_test(test_rule_values),
        cmocka_unit_test(test_win_positions),
        cmocka_unit_test(test_win_needs_own_empty_cell),
        cmocka_unit_test(test_renju_positions),
        cmocka_unit_test(test_no_forbidden_outside_renju),
        cmocka_unit_test(test_legal_cells),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
