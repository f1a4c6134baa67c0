/* The incremental evaluator state (kernels/incremental.h): after every put and take-back of
 * long random games, on every rule and two board sizes, its score is score_position()'s for
 * both sides to move (with a threat term on every mask), and its threat answers agree with the
 * brain's board scans. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "brain/board.h"
#include "brain/leafbatch.h"
#include "brain/moves.h"
#include "brain/rules.h"
#include "brain/threats.h"
#include "kernels/incremental.h"
#include "kernels/patterns.h"
#include "kernels/score.h"

static const int RULES[] = {RULE_FREESTYLE, RULE_EXACT5, RULE_RENJU, RULE_CARO};
static const int SIZES[] = {15, 20};

typedef struct Fixture {
    PatternTables *tables;
    IncState *inc;
} Fixture;

static int setup(void **state)
{
    Fixture *f = calloc(1, sizeof *f);
    if (!f)
        return -1;
    f->tables = pattern_tables_create();
    f->inc = malloc(sizeof *f->inc);
    /* A threat term for every mask and table, whatever the shipped sets learned: the scores
     * below then check the threat masks the state keeps against score.h's scan. */
    for (int ct = 0; f->tables && ct < CT_COUNT; ct++)
        for (int mask = 0; mask < THREAT_MASKS; mask++)
            f->tables->threat[ct][mask] = (int32_t)((mask * 37 + ct * 11) % 401) - 200;
    *state = f;
    return f->tables && f->inc ? 0 : -1;
}

static int teardown(void **state)
{
    Fixture *f = *state;
    pattern_tables_destroy(f->tables);
    free(f->inc);
    free(f);
    return 0;
}

static uint32_t next_random(uint32_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 17;
    *s ^= *s << 5;
    return *s;
}

/* A random empty cell, mostly near the centre so that lines fill up and fours and fives
 * appear; CELL_NONE when the board is full. */
static int random_empty(const Board *b, uint32_t *rng)
{
    int n = b->size;
    for (int tries = 0; tries < 200; tries++) {
        int spread = tries < 100 ? n / 2 : n;
        int x = n / 2 - spread / 2 + (int)(next_random(rng) % (unsigned)spread);
        int y = n / 2 - spread / 2 + (int)(next_random(rng) % (unsigned)spread);
        if (board_on(b, x, y) && b->cell[cell_index(x, y)] == EMPTY)
            return cell_index(x, y);
    }
    for (int c = 0; c < BOARD_CELLS; c++)
        if (board_cell_valid(b, c) && b->cell[c] == EMPTY)
            return c;
    return CELL_NONE;
}

static void expect_same_score(const PatternTables *t, const Board *b, const IncState *inc)
{
    EvalPosition p;
    board_to_eval_position(b, &p);
    for (int side = BLACK; side <= WHITE; side++) {
        p.to_move = (uint8_t)side;
        assert_int_equal(inc_score(inc, side), score_position(t, &p));
    }
}

/* Random play (sometimes a neutral blocker), with take-backs one ply or several at a time. */
static void random_game(const PatternTables *t, IncState *inc, int size, int rule, uint32_t seed,
                        int steps, void (*check)(const PatternTables *, Board *, IncState *))
{
    Board b;
    board_init(&b, size, rule);
    inc_init(inc, t, size, rule, b.cell);
    board_follow(&b, inc);
    uint32_t rng = seed;
    for (int step = 0; step < steps; step++) {
        uint32_t r = next_random(&rng) % 16;
        if (b.nstones > 0 && r < 4) {
            for (int k = 1 + (int)(r % 3); k > 0 && b.nstones > 0; k--)
                board_undo(&b);
        } else {
            int cell = random_empty(&b, &rng);
            if (cell == CELL_NONE)
                break;
            if (r == 15)
                board_put(&b, cell, BLOCKER);
            else
                board_play(&b, cell);
        }
        check(t, &b, inc);
    }
}

/* The state's score, and a child's worked out without playing it, for every empty cell on a
 * few rows (a different row set each time). */
static void check_score(const PatternTables *t, Board *b, IncState *inc)
{
    expect_same_score(t, b, inc);
    EvalPosition p;
    board_to_eval_position(b, &p);
    for (int y = b->nstones % 5; y < b->size; y += 5)
        for (int x = 0; x < b->size; x++) {
            int c = cell_index(x, y);
            if (p.cell[c] != EMPTY)
                continue;
            EvalPosition child = p;
            child.cell[c] = (uint8_t)b->to_move;
            child.to_move = (uint8_t)opponent_of(b->to_move);
            assert_int_equal(inc_score_child(inc, b->to_move, c), score_position(t, &child));
        }
}

static void scores_equal_score_position_on_every_rule(void **state)
{
    Fixture *f = *state;
    for (size_t r = 0; r < sizeof RULES / sizeof RULES[0]; r++)
        for (size_t s = 0; s < sizeof SIZES / sizeof SIZES[0]; s++)
            for (uint32_t game = 0; game < 6; game++)
                random_game(f->tables, f->inc, SIZES[s], RULES[r],
                            0x9E3779B9u * (game + 1) + (uint32_t)(r * 31 + s), 400, check_score);
}

static void init_from_a_full_board_matches(void **state)
{
    Fixture *f = *state;
    for (size_t r = 0; r < sizeof RULES / sizeof RULES[0]; r++) {
        Board b;
        board_init(&b, 15, RULES[r]);
        uint32_t rng = 12345u + (uint32_t)r;
        for (int i = 0; i < 90; i++)
            board_play(&b, random_empty(&b, &rng));
        inc_init(f->inc, f->tables, b.size, b.rule, b.cell);
        expect_same_score(f->tables, &b, f->inc);
        int cell = random_empty(&b, &rng);
        EvalPosition p;
        board_to_eval_position(&b, &p);
        p.cell[cell] = (uint8_t)b.to_move;
        p.to_move = (uint8_t)opponent_of(b.to_move);
        assert_int_equal(inc_score_child(f->inc, b.to_move, cell), score_position(f->tables, &p));
        expect_same_score(f->tables, &b, f->inc); /* restored */
    }
}

/* inc_four_cells: every empty cell whose entry makes a four or five, in cell order; where the
 * side to move has no five to play, exactly its legal four moves. */
static void check_four_cells(Board *b, const IncState *inc)
{
    uint16_t cells[MOVES_MAX];
    for (int color = BLACK; color <= WHITE; color++) {
        int n = inc_four_cells(inc, color, cells, MOVES_MAX), k = 0;
        for (int c = 0; c < BOARD_CELLS; c++) {
            if (!board_cell_valid(b, c) || b->cell[c] != EMPTY)
                continue;
            bool in = k < n && cells[k] == c;
            k += in;
            assert_int_equal(in, inc_class_makes_four(CELL_ENTRY_CLASS(inc->entry[color - 1][c])));
            if (color != b->to_move || inc_five_cells(inc, color) > 0)
                continue;
            assert_int_equal(in, threat_makes_four(b, c) && rule_is_legal(b, c));
        }
        assert_int_equal(k, n);
    }
}

/* The threat answers the tree uses in place of board scans. */
static void check_threats(const PatternTables *t, Board *b, IncState *inc)
{
    (void)t;
    uint16_t cells[MOVES_MAX];
    board_follow(b, NULL); /* the reference answers come from the board alone */
    for (int color = BLACK; color <= WHITE; color++) {
        assert_int_equal(inc_five_cells(inc, color),
                         moves_winning_cells(b, color, cells, MOVES_MAX));
        if (inc_five_cells(inc, color) == 1)
            assert_int_equal(inc_the_five_cell(inc, color), cells[0]);
    }
    /* inc_may_four is a filter only, inc_makes_four the answer, where the side has no five to
     * play */
    for (int c = 0; c < BOARD_CELLS && inc_five_cells(inc, b->to_move) == 0; c++) {
        if (!board_cell_valid(b, c) || b->cell[c] != EMPTY)
            continue;
        bool four = threat_makes_four(b, c);
        assert_int_equal(inc_makes_four(inc, c, b->to_move), four);
        if (!inc_may_four(inc, c, b->to_move))
            assert_false(four);
    }
    check_four_cells(b, inc);
    board_follow(b, inc);
}

static void threat_answers_agree_with_board_scans(void **state)
{
    Fixture *f = *state;
    for (size_t r = 0; r < sizeof RULES / sizeof RULES[0]; r++)
        for (size_t s = 0; s < sizeof SIZES / sizeof SIZES[0]; s++)
            for (uint32_t game = 0; game < 3; game++)
                random_game(f->tables, f->inc, SIZES[s], RULES[r],
                            0x85EBCA6Bu * (game + 7) + (uint32_t)(r * 17 + s), 150, check_threats);
}

/* The window key of `cell` on direction d as `color` sees it, read off the board cell by cell
 * (patterns.h's layout: offset -5 in bits 0-1 up to +5 in bits 18-19; own 1, opponent 2, edge
 * or blocker 3); `way` -1 reads the line the other way round (its mirror image). */
static uint32_t key_read(const Board *b, int color, int cell, int d, int way)
{
    uint32_t key = 0;
    int bit = 0;
    for (int o = -5; o <= 5; o++) {
        if (o == 0)
            continue;
        int v = board_at(b, cell_x(cell) + way * o * DIR_DX[d],
                         cell_y(cell) + way * o * DIR_DY[d]);
        uint32_t code = v == EMPTY ? 0 : v == color ? 1 : v == opponent_of(color) ? 2 : 3;
        key |= code << bit;
        bit += 2;
    }
    return key;
}

static uint32_t key_from_board(const Board *b, int color, int cell, int d)
{
    return key_read(b, color, cell, d, 1);
}

/* The line forms the learned policy's shape part reads (every empty cell, direction and colour,
 * blockers and edges included) are those of the board's windows, and each form's mirror
 * (PatternTables.form_mirror, which ties a shape number to its mirror image's) is the form of
 * the window read the other way round. */
static void check_line_forms(const PatternTables *t, Board *b, IncState *inc)
{
    for (int c = 0; c < BOARD_CELLS; c++) {
        if (!board_cell_valid(b, c) || b->cell[c] != EMPTY)
            continue;
        for (int d = 0; d < 4; d++)
            for (int color = BLACK; color <= WHITE; color++) {
                uint32_t form = inc_line_form(inc, color, c, d);
                assert_int_equal(form,
                                 score_line_form(&t->line_forms, key_from_board(b, color, c, d)));
                assert_int_equal(t->form_mirror[form],
                                 score_line_form(&t->line_forms, key_read(b, color, c, d, -1)));
                assert_int_equal(t->form_mirror[t->form_mirror[form]], form);
            }
    }
}

static void line_forms_are_the_boards_windows(void **state)
{
    Fixture *f = *state;
    for (size_t s = 0; s < sizeof SIZES / sizeof SIZES[0]; s++)
        for (uint32_t game = 0; game < 2; game++)
            random_game(f->tables, f->inc, SIZES[s], RULE_FREESTYLE,
                        0xC2B2AE35u * (game + 3) + (uint32_t)s, 120, check_line_forms);
}

/* A struct copy of a followed board plays without touching the original's state. */
static void a_board_copy_does_not_move_the_state(void **state)
{
    Fixture *f = *state;
    Board b;
    board_init(&b, 15, RULE_FREESTYLE);
    board_play(&b, cell_index(7, 7));
    inc_init(f->inc, f->tables, b.size, b.rule, b.cell);
    board_follow(&b, f->inc);
    Board copy = b;
    board_play(&copy, cell_index(8, 8));
    assert_null(board_incremental(&copy));
    assert_ptr_equal(board_incremental(&b), f->inc);
    expect_same_score(f->tables, &b, f->inc);
}

/* Black holds an open three (7..9, 7) and white an open two (3..4, 11): seen by white, black
 * has open-four cells (a three to answer) and four cells, white open-three cells and nothing
 * else; seen by black, its own four cells and white's open-three cells (black's open four
 * decides, so it has no bit). Whether black has open-three cells elsewhere is left open. */
static void threat_mask_says_who_holds_which_threats(void **state)
{
    Fixture *f = *state;
    Board b;
    board_init(&b, 15, RULE_FREESTYLE);
    inc_init(f->inc, f->tables, b.size, b.rule, b.cell);
    board_follow(&b, f->inc);
    const int moves[][2] = {{7, 7}, {3, 11}, {8, 7}, {4, 11}, {9, 7}};
    for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++)
        board_play(&b, cell_index(moves[i][0], moves[i][1]));
    const int opp_flex4 = 1 << 1, opp_b4 = 1 << 4, opp_three = 1 << 5, me_b4 = 1 << 8,
              me_three = 1 << 9;
    assert_int_equal(inc_threat_mask(f->inc, WHITE) & ~opp_three, opp_flex4 | opp_b4 | me_three);
    assert_int_equal(inc_threat_mask(f->inc, BLACK) & ~me_three, me_b4 | opp_three);
    board_undo(&b); /* black's two alone: no fours, no open fours */
    assert_int_equal(inc_threat_mask(f->inc, WHITE) & (opp_flex4 | opp_b4), 0);
}

/* The state equals one built from scratch on `cells` (what the test put and removed). */
static void expect_state_of(const PatternTables *t, const IncState *inc, const uint8_t *cells,
                            IncState *fresh)
{
    inc_init(fresh, t, inc->size, inc->rule, cells);
    assert_memory_equal(inc->cell, cells, BOARD_CELLS);
    for (int side = BLACK; side <= WHITE; side++)
        assert_int_equal(inc_score(inc, side), inc_score(fresh, side));
    assert_memory_equal(inc->cell_key, fresh->cell_key, sizeof inc->cell_key);
    assert_memory_equal(inc->entry, fresh->entry, sizeof inc->entry);
    assert_memory_equal(inc->fours, fresh->fours, sizeof inc->fours);
    assert_memory_equal(inc->line, fresh->line, sizeof inc->line);
}

typedef struct Played {
    IncState *inc;
    uint8_t cells[BOARD_CELLS];
    uint16_t put[BOARD_CELLS]; /* the stones on the board, in the order put */
    int n;
} Played;

static void put_stone(Played *p, int cell)
{
    int color = 1 + p->n % 2;
    inc_put(p->inc, cell, color);
    p->cells[cell] = (uint8_t)color;
    p->put[p->n++] = (uint16_t)cell;
}

static void remove_stone(Played *p, int i)
{
    inc_remove(p->inc, p->put[i]);
    p->cells[p->put[i]] = EMPTY;
    memmove(&p->put[i], &p->put[i + 1], (size_t)(p->n - i - 1) * sizeof p->put[0]);
    p->n--;
}

static int empty_cell(Played *p, Board *scratch, uint32_t *rng)
{
    memcpy(scratch->cell, p->cells, sizeof scratch->cell);
    return random_empty(scratch, rng);
}

/* Taking back the latest put restores its record; a removal out of order, or puts beyond
 * INC_UNDO_DEPTH, must fall back to recomputing and never restore a stale record. */
static void removals_in_any_order_and_depth_stay_exact(void **state)
{
    Fixture *f = *state;
    IncState *fresh = malloc(sizeof *fresh);
    Played *p = calloc(1, sizeof *p);
    assert_true(fresh && p);
    p->inc = f->inc;
    inc_init(p->inc, f->tables, 20, RULE_FREESTYLE, p->cells);
    Board scratch;
    board_init(&scratch, 20, RULE_FREESTYLE);
    uint32_t rng = 777u;
    /* Past the depth: two stones beside the last recorded one, then that one removed. */
    int last = CELL_NONE;
    while (p->n < INC_UNDO_DEPTH) {
        last = empty_cell(p, &scratch, &rng);
        put_stone(p, last);
    }
    for (int dx = 1; dx <= 2; dx++)
        if (p->cells[last + dx] == EMPTY && cell_x(last) + dx < 20)
            put_stone(p, last + dx);
    remove_stone(p, INC_UNDO_DEPTH - 1);
    expect_state_of(f->tables, p->inc, p->cells, fresh);
    /* Then a mix: the latest stone, an earlier one, new stones. */
    for (int step = 0; step < 500; step++) {
        uint32_t r = next_random(&rng) % 8;
        if ((r >= 4 && p->n < 300) || p->n == 0)
            put_stone(p, empty_cell(p, &scratch, &rng));
        else
            remove_stone(p, r < 2 ? (int)(next_random(&rng) % (uint32_t)p->n) : p->n - 1);
        if (step % 5 == 0)
            expect_state_of(f->tables, p->inc, p->cells, fresh);
    }
    while (p->n > 0) /* all taken back in order */
        remove_stone(p, p->n - 1);
    expect_state_of(f->tables, p->inc, p->cells, fresh);
    free(p);
    free(fresh);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(scores_equal_score_position_on_every_rule),
        cmocka_unit_test(init_from_a_full_board_matches),
        cmocka_unit_test(threat_answers_agree_with_board_scans),
        cmocka_unit_test(line_forms_are_the_boards_windows),
        cmocka_unit_test(a_board_copy_does_not_move_the_state),
        cmocka_unit_test(threat_mask_says_who_holds_which_threats),
        cmocka_unit_test(removals_in_any_order_and_depth_stay_exact),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
