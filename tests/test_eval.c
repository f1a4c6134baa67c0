/* The table-driven evaluator: line classes, the fast line-code scan, special conditions,
 * symmetry, score_children and determinism. Positions live in tests/positions/eval_*.txt. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "brain/board.h"
#include "kernels/evaluator.h"
#include "kernels/patterns.h"
#include "kernels/score.h"
#include "tests/support/positions.h"

typedef struct Fixture {
    PatternTables *tables;
    Evaluator *ev;
} Fixture;

static int setup(void **state)
{
    Fixture *f = calloc(1, sizeof *f);
    if (!f)
        return -1;
    f->tables = pattern_tables_create();
    f->ev = evaluator_cpu_create();
    *state = f;
    return f->tables && f->ev ? 0 : -1;
}

static int teardown(void **state)
{
    Fixture *f = *state;
    pattern_tables_destroy(f->tables);
    evaluator_destroy(f->ev);
    free(f);
    return 0;
}

/* ---- helpers ------------------------------------------------------------------------------- */

static int load(const char *path, TestPosition **out)
{
    int n = tp_load(path, out);
    assert_true(n > 0);
    return n;
}

static EvalPosition from_board(const Board *b)
{
    EvalPosition p;
    memset(&p, 0, sizeof p);
    memcpy(p.cell, b->cell, sizeof p.cell);
    p.size = (uint8_t)b->size;
    p.to_move = (uint8_t)b->to_move;
    p.rule = (uint8_t)b->rule;
    return p;
}

/* The eight symmetries of the square: k & 3 quarter turns, then a mirror when k & 4. */
static void transform_xy(int n, int k, int *x, int *y)
{
    for (int r = 0; r < (k & 3); r++) {
        int t = *x;
        *x = n - 1 - *y;
        *y = t;
    }
    if (k & 4)
        *x = n - 1 - *x;
}

static int transform_cell(int n, int k, int cell)
{
    int x = cell_x(cell), y = cell_y(cell);
    transform_xy(n, k, &x, &y);
    return cell_index(x, y);
}

/* The direction a line along `dir` takes after transform k. */
static int transform_dir(int k, int dir)
{
    int x0 = 0, y0 = 0, x1 = DIR_DX[dir], y1 = DIR_DY[dir];
    transform_xy(BOARD_MAX, k, &x0, &y0);
    transform_xy(BOARD_MAX, k, &x1, &y1);
    int dx = x1 - x0, dy = y1 - y0;
    for (int d = 0; d < 4; d++)
        if ((dx == DIR_DX[d] && dy == DIR_DY[d]) || (dx == -DIR_DX[d] && dy == -DIR_DY[d]))
            return d;
    fail_msg("no direction for (%d,%d)", dx, dy);
    return -1;
}

static EvalPosition transform(const EvalPosition *p, int k)
{
    EvalPosition q = *p;
    memset(q.cell, 0, sizeof q.cell);
    for (int y = 0; y < p->size; y++)
        for (int x = 0; x < p->size; x++) {
            int c = cell_index(x, y);
            q.cell[transform_cell(p->size, k, c)] = p->cell[c];
        }
    return q;
}

static EvalPosition swap_colours(const EvalPosition *p)
{
    EvalPosition q = *p;
    for (int c = 0; c < BOARD_CELLS; c++)
        if (q.cell[c] == BLACK || q.cell[c] == WHITE)
            q.cell[c] = (uint8_t)opponent_of(q.cell[c]);
    q.to_move = (uint8_t)opponent_of(q.to_move);
    return q;
}

/* The pattern key of `cell` for `colour`, built by walking the board (independent of score.h's
 * line codes). */
static uint32_t slow_key(const EvalPosition *p, int cell, int dir, int colour)
{
    uint32_t key = 0;
    int i = 0;
    for (int off = -5; off <= 5; off++) {
        if (!off)
            continue;
        int x = cell_x(cell) + off * DIR_DX[dir], y = cell_y(cell) + off * DIR_DY[dir];
        int off_board = x < 0 || y < 0 || x >= p->size || y >= p->size;
        int v = off_board ? BLOCKER : p->cell[cell_index(x, y)];
        uint32_t code = v == EMPTY ? 0u : v == colour ? 1u : v == BLOCKER ? 3u : 2u;
        key |= code << (2 * i++);
    }
    return key;
}

static int key_has_stone(uint32_t key)
{
    for (int i = 0; i < 10; i++) {
        uint32_t c = (key >> (2 * i)) & 3;
        if (c == 1 || c == 2)
            return 1;
    }
    return 0;
}

static int slow_class(const PatternTables *t, const EvalPosition *p, int cell, int dir, int colour)
{
    uint32_t form = score_line_form(&t->line_forms, slow_key(p, cell, dir, colour));
    return t->line[score_line_table_id(p->rule, colour)][form];
}

/* score.h's own scan: every cell's classes at once. */
static void fast_scan(const PatternTables *t, const EvalPosition *p, ScoreScratch *x)
{
    ScoreScan s;
    score_scan_init(&s, t, p);
    score_scan(&s, x, p);
}

static int fast_class(const ScoreScratch *x, int cell, int dir, int colour)
{
    return (int)(x->cell_key[cell] >> (16 * (colour - 1) + 4 * dir)) & 15;
}

static int class_named(const char *name)
{
    static const char *const NAMES[PAT_COUNT] = {"NONE", "B1", "F1", "B2", "F2",   "B3",
                                                 "F3",   "B4", "F4", "FIVE", "OVERLINE", "DFOUR"};
    for (int c = 0; c < PAT_COUNT; c++) {
        size_t len = strlen(NAMES[c]);
        if (!strncmp(name, NAMES[c], len) && name[len] == ' ')
            return c;
    }
    fail_msg("no class at the start of \"%s\"", name);
    return -1;
}

static int32_t score_one(Evaluator *ev, const EvalPosition *p)
{
    int32_t s = 0;
    assert_int_equal(evaluator_score_positions(ev, p, 1, &s), 0);
    return s;
}

/* ---- line classes -------------------------------------------------------------------------- */

static void check_line_position(const PatternTables *t, const TestPosition *tp, int k)
{
    EvalPosition p0 = from_board(&tp->board), p = transform(&p0, k);
    int cls = class_named(tp->name), dir = transform_dir(k, tp->depth), me = p.to_move;
    ScoreScratch *x = malloc(sizeof *x);
    assert_non_null(x);
    fast_scan(t, &p, x);
    for (int i = 0; i < tp->nexpect; i++) {
        int cell = transform_cell(p.size, k, tp->expect[i]);
        assert_int_equal(p.cell[cell], EMPTY);
        if (slow_class(t, &p, cell, dir, me) != cls || fast_class(x, cell, dir, me) != cls)
            fail_msg("%s (symmetry %d): cell %d,%d is %d/%d", tp->name, k, cell_x(cell),
                     cell_y(cell), slow_class(t, &p, cell, dir, me), fast_class(x, cell, dir, me));
    }
    for (int i = 0; i < tp->navoid; i++) {
        int cell = transform_cell(p.size, k, tp->avoid[i]);
        if (slow_class(t, &p, cell, dir, me) == cls)
            fail_msg("%s (symmetry %d): cell %d,%d should not be that class", tp->name, k,
                     cell_x(cell), cell_y(cell));
    }
    free(x);
}

/* Each class is found in every direction and against every edge: the file's boards in all
 * eight orientations. */
static void line_classes_in_all_orientations(void **state)
{
    Fixture *f = *state;
    TestPosition *tp;
    int n = load("tests/positions/eval_lines.txt", &tp);
    for (int i = 0; i < n; i++)
        for (int k = 0; k < 8; k++)
            check_line_position(f->tables, &tp[i], k);
    free(tp);
}

/* ---- the fast scan against the slow walk ----------------------------------------------------- */

static uint64_t next_random(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

static EvalPosition random_position(uint64_t *rng, int size, int rule)
{
    EvalPosition p;
    memset(&p, 0, sizeof p);
    p.size = (uint8_t)size;
    p.rule = (uint8_t)rule;
    p.to_move = (uint8_t)(1 + next_random(rng) % 2);
    int density = 10 + (int)(next_random(rng) % 50); /* percent of cells filled */
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++) {
            uint64_t r = next_random(rng) % 100;
            if ((int)r < density)
                p.cell[cell_index(x, y)] = r % 23 == 0 ? BLOCKER : (uint8_t)(1 + r % 2);
        }
    return p;
}

static void check_scan(const PatternTables *t, const EvalPosition *p, ScoreScratch *x)
{
    fast_scan(t, p, x);
    for (int y = 0; y < p->size; y++)
        for (int xx = 0; xx < p->size; xx++) {
            int cell = cell_index(xx, y);
            if (p->cell[cell] != EMPTY)
                continue;
            for (int d = 0; d < 4; d++)
                for (int colour = BLACK; colour <= WHITE; colour++) {
                    int slow = slow_class(t, p, cell, d, colour);
                    int fast = fast_class(x, cell, d, colour);
                    /* The scan skips windows without stones: those make at most a lone stone. */
                    if (!key_has_stone(slow_key(p, cell, d, colour)))
                        assert_true(fast == PAT_NONE && slow <= PAT_F1);
                    else if (fast != slow)
                        fail_msg("size %d rule %d cell %d,%d dir %d colour %d: fast %d slow %d",
                                 p->size, p->rule, xx, y, d, colour, fast, slow);
                }
        }
}

/* Every board size (the 22-cell lines fill the 64-bit codes), every rule, with blockers. */
static void fast_scan_matches_slow_walk(void **state)
{
    Fixture *f = *state;
    static const int SIZES[] = {BOARD_MIN, 6, 9, 15, 20, BOARD_MAX};
    static const int RULES[] = {RULE_FREESTYLE, RULE_EXACT5, RULE_RENJU, RULE_CARO};
    uint64_t rng = 0x9E3779B97F4A7C15ull;
    ScoreScratch *x = malloc(sizeof *x);
    assert_non_null(x);
    for (int round = 0; round < 12; round++)
        for (size_t s = 0; s < sizeof SIZES / sizeof *SIZES; s++)
            for (size_t r = 0; r < sizeof RULES / sizeof *RULES; r++) {
                EvalPosition p = random_position(&rng, SIZES[s], RULES[r]);
                check_scan(f->tables, &p, x);
            }
    free(x);
}

/* Renju white wins with five or more, exactly as freestyle: its table must agree. */
static void renju_white_table_is_freestyle(void **state)
{
    Fixture *f = *state;
    assert_memory_equal(f->tables->line[LT_RENJU_WHITE], f->tables->line[LT_FREESTYLE],
                        LINE_FORMS);
}

/* A key with everything past the first opponent stone or edge on each side read as edge. */
static uint32_t blocked_key(uint32_t key)
{
    uint32_t out = key;
    for (int side = 0; side < 2; side++) {
        bool blocked = false;
        for (int k = 0; k < 5; k++) {
            int i = side == 0 ? 4 - k : 5 + k; /* outwards from the centre */
            uint32_t c = (key >> (2 * i)) & 3;
            if (blocked)
                out |= 3u << (2 * i);
            blocked = blocked || c >= 2;
        }
    }
    return out;
}

/* The line tables hold a class per form: every key shares its form with its blocked key, and
 * two blocked keys never share one (else one class would stand for two different lines). */
static void line_forms_tell_blocked_keys_apart(void **state)
{
    Fixture *f = *state;
    const LineForms *forms = &f->tables->line_forms;
    static uint32_t key_of[LINE_FORMS];
    for (uint32_t form = 0; form < LINE_FORMS; form++)
        key_of[form] = PATTERN_KEYS; /* none yet */
    for (uint32_t key = 0; key < PATTERN_KEYS; key++) {
        uint32_t form = score_line_form(forms, key), canon = blocked_key(key);
        assert_true(form < LINE_FORMS);
        assert_int_equal(form, score_line_form(forms, canon));
        if (key == canon) {
            assert_int_equal(key_of[form], PATTERN_KEYS);
            key_of[form] = key;
        }
    }
    for (uint32_t form = 0; form < LINE_FORMS; form++)
        assert_true(key_of[form] < PATTERN_KEYS); /* every form is some line's */
}

/* ---- scores -------------------------------------------------------------------------------- */

static int starts_with(const char *s, const char *prefix)
{
    return !strncmp(s, prefix, strlen(prefix));
}

static void check_verdict(const TestPosition *tp, int32_t s)
{
    int32_t want = 0;
    if (starts_with(tp->name, "win:"))
        want = SCORE_WIN - tp->depth;
    else if (starts_with(tp->name, "loss:"))
        want = -(SCORE_WIN - tp->depth);
    else if (starts_with(tp->name, "finished:"))
        want = -SCORE_WIN;
    else if (starts_with(tp->name, "floor:"))
        want = -SCORE_STATIC_MAX; /* lost-looking, never a proof */
    else if (!starts_with(tp->name, "static:"))
        fail_msg("no verdict in \"%s\"", tp->name);
    if (want ? s != want : (s >= SCORE_WIN_MIN || s <= -SCORE_WIN_MIN))
        fail_msg("%s: score %d", tp->name, s);
}

/* Fives to play, open fours, finished games, forced blocks, 4-3 / 3-3, the opponent's open
 * threes (the static floor) and the rule variants, each in all eight orientations. */
static void decisive_positions_score_as_expected(void **state)
{
    Fixture *f = *state;
    TestPosition *tp;
    int n = load("tests/positions/eval_scores.txt", &tp);
    for (int i = 0; i < n; i++) {
        EvalPosition p = from_board(&tp[i].board);
        for (int k = 0; k < 8; k++) {
            EvalPosition q = transform(&p, k);
            check_verdict(&tp[i], score_one(f->ev, &q));
        }
    }
    free(tp);
}

static void check_symmetric(Evaluator *ev, const TestPosition *tp)
{
    EvalPosition p = from_board(&tp->board);
    int32_t s = score_one(ev, &p);
    for (int k = 1; k < 8; k++) {
        EvalPosition q = transform(&p, k);
        if (score_one(ev, &q) != s)
            fail_msg("%s: symmetry %d scores %d, not %d", tp->name, k, score_one(ev, &q), s);
    }
    if (p.rule != RULE_RENJU) {
        EvalPosition q = swap_colours(&p);
        if (score_one(ev, &q) != s)
            fail_msg("%s: swapped colours score %d, not %d", tp->name, score_one(ev, &q), s);
    }
}

/* Rotations, mirror images and (where the rule treats both colours alike: all but renju)
 * swapping the colours together with the side to move change nothing. */
static void symmetric_positions_score_the_same(void **state)
{
    Fixture *f = *state;
    static const char *const FILES[] = {"tests/positions/eval_middle.txt",
                                        "tests/positions/eval_scores.txt"};
    for (size_t i = 0; i < sizeof FILES / sizeof *FILES; i++) {
        TestPosition *tp;
        int n = load(FILES[i], &tp);
        for (int j = 0; j < n; j++)
            check_symmetric(f->ev, &tp[j]);
        free(tp);
    }
}

/* The static score really depends on the position: more shape for the side to move scores
 * higher, and the same shape for the opponent scores below an even position's (the tempo
 * bonus) and below the side to move's own (guards against a constant or sign-flipped score). */
static void better_shapes_score_higher(void **state)
{
    Fixture *f = *state;
    Board b;
    board_init(&b, 15, RULE_FREESTYLE);
    board_put(&b, cell_index(7, 7), BLACK);
    board_put(&b, cell_index(8, 7), BLACK);
    board_put(&b, cell_index(3, 3), WHITE);
    board_put(&b, cell_index(11, 11), WHITE);
    EvalPosition two = from_board(&b); /* black to move */
    board_put(&b, cell_index(7, 9), BLACK);
    board_put(&b, cell_index(3, 11), WHITE);
    EvalPosition more = from_board(&b);
    int32_t s_two = score_one(f->ev, &two);
    assert_true(s_two > 0);
    assert_true(score_one(f->ev, &more) > s_two);
    EvalPosition theirs = swap_colours(&two);
    theirs.to_move = BLACK;
    assert_true(score_one(f->ev, &theirs) < VALUE_TEMPO_HAND * VALUE_SCALE); /* 15x15 freestyle */
    assert_true(score_one(f->ev, &theirs) < s_two);
}

/* With the same shapes on both sides, the side to move is ahead: it plays first. */
static void the_side_to_move_is_ahead_in_a_mirror_position(void **state)
{
    Fixture *f = *state;
    Board b;
    board_init(&b, 15, RULE_FREESTYLE);
    board_put(&b, cell_index(3, 7), BLACK);
    board_put(&b, cell_index(4, 7), BLACK);
    board_put(&b, cell_index(11, 7), WHITE); /* the mirror image of black's two */
    board_put(&b, cell_index(10, 7), WHITE);
    EvalPosition p = from_board(&b);
    assert_true(score_one(f->ev, &p) > 0);
    p.to_move = WHITE;
    assert_true(score_one(f->ev, &p) > 0);
}

/* ---- the evaluator interface --------------------------------------------------------------- */

enum { MAX_KIDS = 2 * 15 * 15 };

/* Children of two parents at once, against the same children built by hand. */
static void score_children_equals_explicit_children(void **state)
{
    Fixture *f = *state;
    TestPosition *tp;
    int n = load("tests/positions/eval_middle.txt", &tp);
    EvalPosition *kids = malloc(MAX_KIDS * sizeof *kids);
    EvalChild *moves = malloc(MAX_KIDS * sizeof *moves);
    int32_t *want = malloc(MAX_KIDS * sizeof *want), *got = malloc(MAX_KIDS * sizeof *got);
    assert_true(kids && moves && want && got);
    for (int i = 0; i + 1 < n; i += 2) {
        EvalPosition parents[2] = {from_board(&tp[i].board), from_board(&tp[i + 1].board)};
        size_t m = 0;
        for (uint32_t pi = 0; pi < 2; pi++)
            for (int c = 0; c < BOARD_CELLS; c++) {
                const EvalPosition *p = &parents[pi];
                if (cell_x(c) >= p->size || cell_y(c) >= p->size || p->cell[c] != EMPTY)
                    continue;
                kids[m] = *p;
                kids[m].cell[c] = p->to_move;
                kids[m].to_move = (uint8_t)opponent_of(p->to_move);
                moves[m] = (EvalChild){pi, (uint16_t)c, 0};
                m++;
            }
        assert_true(m <= MAX_KIDS);
        assert_int_equal(evaluator_score_positions(f->ev, kids, m, want), 0);
        assert_int_equal(evaluator_score_children(f->ev, parents, moves, m, got), 0);
        assert_memory_equal(want, got, m * sizeof *got);
    }
    free(kids);
    free(moves);
    free(want);
    free(got);
    free(tp);
}

/* The same batch scores the same on every call and with every evaluator instance. */
static void scores_are_deterministic(void **state)
{
    Fixture *f = *state;
    TestPosition *tp;
    int n = load("tests/positions/eval_middle.txt", &tp);
    EvalPosition *pos = malloc((size_t)n * sizeof *pos);
    int32_t *a = malloc((size_t)n * sizeof *a), *b = malloc((size_t)n * sizeof *b);
    int32_t *c = malloc((size_t)n * sizeof *c);
    assert_true(pos && a && b && c);
    for (int i = 0; i < n; i++)
        pos[i] = from_board(&tp[i].board);
    Evaluator *other = evaluator_cpu_create();
    assert_non_null(other);
    assert_int_equal(evaluator_score_positions(f->ev, pos, (size_t)n, a), 0);
    assert_int_equal(evaluator_score_positions(f->ev, pos, (size_t)n, b), 0);
    assert_int_equal(evaluator_score_positions(other, pos, (size_t)n, c), 0);
    assert_memory_equal(a, b, (size_t)n * sizeof *a);
    assert_memory_equal(a, c, (size_t)n * sizeof *a);
    for (int i = 0; i < n; i++) /* one by one equals batched */
        assert_int_equal(score_one(f->ev, &pos[i]), a[i]);
    evaluator_destroy(other);
    free(pos);
    free(a);
    free(b);
    free(c);
    free(tp);
}

/* Malformed input is refused rather than read out of bounds. */
static void bad_input_is_refused(void **state)
{
    Fixture *f = *state;
    Board b;
    board_init(&b, 15, RULE_FREESTYLE);
    board_put(&b, cell_index(7, 7), BLACK);
    EvalPosition p = from_board(&b), bad = p;
    int32_t s;
    bad.size = BOARD_MAX + 1;
    assert_int_not_equal(evaluator_score_positions(f->ev, &bad, 1, &s), 0);
    bad = p;
    bad.to_move = EMPTY;
    assert_int_not_equal(evaluator_score_positions(f->ev, &bad, 1, &s), 0);
    bad = p;
    bad.rule = 2;
    assert_int_not_equal(evaluator_score_positions(f->ev, &bad, 1, &s), 0);
    EvalChild occupied = {0, (uint16_t)cell_index(7, 7), 0};
    EvalChild off_board = {0, (uint16_t)cell_index(15, 3), 0};
    assert_int_not_equal(evaluator_score_children(f->ev, &p, &occupied, 1, &s), 0);
    assert_int_not_equal(evaluator_score_children(f->ev, &p, &off_board, 1, &s), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(line_classes_in_all_orientations),
        cmocka_unit_test(fast_scan_matches_slow_walk),
        cmocka_unit_test(renju_white_table_is_freestyle),
        cmocka_unit_test(line_forms_tell_blocked_keys_apart),
        cmocka_unit_test(decisive_positions_score_as_expected),
        cmocka_unit_test(symmetric_positions_score_the_same),
        cmocka_unit_test(better_shapes_score_higher),
        cmocka_unit_test(the_side_to_move_is_ahead_in_a_mirror_position),
        cmocka_unit_test(score_children_equals_explicit_children),
        cmocka_unit_test(scores_are_deterministic),
        cmocka_unit_test(bad_input_is_refused),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
