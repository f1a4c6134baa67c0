/* The CUDA evaluator against the CPU evaluator (the reference): over 100,000 positions of every
 * density, from the test data files and random games, all four rules, sizes 15 and 20, both
 * sides to move, every score identical; the same children scores; the same rejected input;
 * and the same moves from the game tree at a fixed depth. Without a usable CUDA device every
 * test prints why and is skipped (never passed). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "brain/leafbatch.h"
#include "brain/moves.h"
#include "brain/search.h"
#include "kernels/eval_cuda.h"
#include "tests/support/positions.h"

#define MIN_POSITIONS 100000
#define POSITIONS_DIR "tests/positions"

typedef struct Fixture {
    Evaluator *cpu, *gpu;
    char why[160];
} Fixture;

static int setup(void **state)
{
    Fixture *f = calloc(1, sizeof *f);
    if (!f)
        return -1;
    f->cpu = evaluator_cpu_create();
    f->gpu = evaluator_cuda_create(f->why, sizeof f->why);
    *state = f;
    return f->cpu ? 0 : -1;
}

static int teardown(void **state)
{
    Fixture *f = *state;
    evaluator_destroy(f->cpu);
    evaluator_destroy(f->gpu);
    free(f);
    return 0;
}

#define SKIP_WITHOUT_DEVICE(f)                                                                \
    do {                                                                                      \
        if (!(f)->gpu) {                                                                      \
            print_message("SKIP CUDA parity: %s\n", (f)->why);                               \
            skip();                                                                           \
        }                                                                                     \
    } while (0)

/* ---- the position set ---------------------------------------------------------------------- */

static const int RULES[4] = {RULE_FREESTYLE, RULE_EXACT5, RULE_RENJU, RULE_CARO};
static const int SIZES[2] = {15, 20};

typedef struct PosSet {
    EvalPosition *pos;
    size_t n, cap;
} PosSet;

static uint32_t next_random(uint32_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 17;
    *s ^= *s << 5;
    return *s;
}

/* Adds `b` twice: as it stands and with the other side to move. */
static void add_both_sides(PosSet *set, const Board *b)
{
    if (set->n + 2 > set->cap) {
        set->cap = set->cap ? set->cap * 2 : 4096;
        set->pos = realloc(set->pos, set->cap * sizeof *set->pos);
        assert_non_null(set->pos);
    }
    EvalPosition *p = &set->pos[set->n];
    board_to_eval_position(b, &p[0]);
    p[1] = p[0];
    p[1].to_move = (uint8_t)opponent_of(p[0].to_move);
    set->n += 2;
}

static int random_empty_cell(const Board *b, uint32_t *rng)
{
    for (;;) {
        int c = cell_index((int)(next_random(rng) % (uint32_t)b->size),
                           (int)(next_random(rng) % (uint32_t)b->size));
        if (b->cell[c] == EMPTY)
            return c;
    }
}

/* A random game of `stones` moves (the colours alternate as in play, so the counts are those
 * of a real game), now and then with a few neutral blockers first. */
static void random_game(Board *b, int size, int rule, int stones, uint32_t *rng)
{
    board_init(b, size, rule);
    if (next_random(rng) % 16 == 0)
        for (int i = 0; i < 3; i++)
            board_put(b, random_empty_cell(b, rng), BLOCKER);
    for (int i = 0; i < stones && b->nstones < size * size; i++)
        board_play(b, random_empty_cell(b, rng));
}

/* Every density from the empty board to a nearly full one, each size and rule alike. */
static void add_random_games(PosSet *set, int games, uint32_t seed)
{
    uint32_t rng = seed;
    for (int g = 0; g < games; g++) {
        int size = SIZES[g % 2], rule = RULES[(g / 2) % 4];
        int stones = (int)(next_random(&rng) % (uint32_t)(size * size - 3));
        Board b;
        random_game(&b, size, rule, stones, &rng);
        add_both_sides(set, &b);
    }
}

/* Every data position under every rule, as it stands and after 1..`more` random moves. */
static void add_data_file(PosSet *set, const char *path, int more, uint32_t *rng)
{
    TestPosition *tp = NULL;
    int n = tp_load(path, &tp);
    assert_true(n >= 0);
    for (int i = 0; i < n; i++)
        for (int r = 0; r < 4; r++) {
            Board b = tp[i].board;
            b.rule = RULES[r];
            add_both_sides(set, &b);
            for (int k = 0; k < more && b.nstones < b.size * b.size; k++) {
                board_play(&b, random_empty_cell(&b, rng));
                add_both_sides(set, &b);
            }
        }
    free(tp);
}

static int add_data_files(PosSet *set, int more)
{
    DIR *dir = opendir(POSITIONS_DIR);
    assert_non_null(dir);
    uint32_t rng = 99;
    int files = 0;
    struct dirent *d;
    while ((d = readdir(dir))) {
        size_t len = strlen(d->d_name);
        if (len < 5 || strcmp(d->d_name + len - 4, ".txt") != 0)
            continue;
        char path[512];
        snprintf(path, sizeof path, "%s/%s", POSITIONS_DIR, d->d_name);
        add_data_file(set, path, more, &rng);
        files++;
    }
    closedir(dir);
    return files;
}

/* ---- comparing ----------------------------------------------------------------------------- */

static void print_position(const EvalPosition *p)
{
    print_message("size %d rule %d to_move %d\n", p->size, p->rule, p->to_move);
    for (int y = 0; y < p->size; y++) {
        for (int x = 0; x < p->size; x++)
            print_message("%c", ".XO#"[p->cell[cell_index(x, y)] & 3]);
        print_message("\n");
    }
}

/* Scores set[0..n) with both evaluators, in batches of `batch`; returns the mismatches and
 * prints the first few. */
static size_t compare_positions(Fixture *f, const EvalPosition *pos, size_t n, size_t batch)
{
    int32_t *want = malloc(n * sizeof *want), *got = malloc(n * sizeof *got);
    assert_true(want && got);
    assert_int_equal(evaluator_score_positions(f->cpu, pos, n, want), 0);
    for (size_t i = 0; i < n; i += batch) {
        size_t m = n - i < batch ? n - i : batch;
        int rc = evaluator_score_positions(f->gpu, pos + i, m, got + i);
        if (rc != 0)
            fail_msg("CUDA batch at %zu failed (%d): %s", i, rc, evaluator_cuda_error(f->gpu));
    }
    size_t bad = 0;
    for (size_t i = 0; i < n; i++)
        if (want[i] != got[i] && bad++ < 3) {
            print_message("position %zu: cpu %d, cuda %d\n", i, want[i], got[i]);
            print_position(&pos[i]);
        }
    free(want);
    free(got);
    return bad;
}

/* ---- tests --------------------------------------------------------------------------------- */

static void test_positions_identical(void **state)
{
    Fixture *f = *state;
    SKIP_WITHOUT_DEVICE(f);
    PosSet set = {0};
    int files = add_data_files(&set, 8);
    assert_true(files > 0);
    size_t from_files = set.n;
    add_random_games(&set, 52000, 2026);
    print_message("parity: %zu positions (%zu from %d data files)\n", set.n, from_files, files);
    assert_true(set.n >= MIN_POSITIONS);
    assert_int_equal(compare_positions(f, set.pos, set.n, set.n), 0);
    /* Odd batch sizes on the now-grown buffers: every call stands alone. */
    assert_int_equal(compare_positions(f, set.pos, 5000, 1), 0);
    assert_int_equal(compare_positions(f, set.pos, 20000, 777), 0);
    free(set.pos);
}

/* Children of many parents in one call, as the tree's frontier batches send them. */
static void test_children_identical(void **state)
{
    Fixture *f = *state;
    SKIP_WITHOUT_DEVICE(f);
    PosSet set = {0};
    add_random_games(&set, 1200, 7);
    size_t cap = set.n * 64;
    EvalChild *kids = malloc(cap * sizeof *kids);
    assert_non_null(kids);
    size_t n = 0;
    for (size_t p = 0; p < set.n && n < cap; p++) {
        Board b;
        board_init(&b, set.pos[p].size, set.pos[p].rule);
        for (int c = 0; c < BOARD_CELLS; c++) /* the moves: empty cells near the stones */
            if (set.pos[p].cell[c] != EMPTY)
                board_put(&b, c, set.pos[p].cell[c]);
        board_set_to_move(&b, set.pos[p].to_move);
        uint16_t moves[MOVES_MAX];
        int m = moves_candidates(&b, 2, moves);
        for (int i = 0; i < m && i < 64 && n < cap; i++)
            kids[n++] = (EvalChild){(uint32_t)p, moves[i], 0};
    }
    int32_t *want = malloc(n * sizeof *want), *got = malloc(n * sizeof *got);
    assert_true(want && got);
    assert_int_equal(evaluator_score_children(f->cpu, set.pos, kids, n, want), 0);
    assert_int_equal(evaluator_score_children(f->gpu, set.pos, kids, n, got), 0);
    size_t bad = 0;
    for (size_t i = 0; i < n; i++)
        bad += want[i] != got[i];
    print_message("parity: %zu children of %zu parents, %zu differ\n", n, set.n, bad);
    assert_int_equal(bad, 0);
    free(want);
    free(got);
    free(kids);
    free(set.pos);
}

/* Input the CPU rejects, the device rejects too, and stays usable. */
static void test_same_rejections(void **state)
{
    Fixture *f = *state;
    SKIP_WITHOUT_DEVICE(f);
    EvalPosition p[3];
    memset(p, 0, sizeof p);
    for (int i = 0; i < 3; i++) {
        p[i].size = 15;
        p[i].to_move = BLACK;
    }
    int32_t out[3];
    EvalPosition bad[3] = {p[0], p[0], p[0]};
    bad[0].rule = 2;
    bad[1].size = 23;
    bad[2].to_move = EMPTY;
    for (int i = 0; i < 3; i++) {
        EvalPosition batch[3] = {p[0], p[1], bad[i]};
        assert_int_not_equal(evaluator_score_positions(f->cpu, batch, 3, out), 0);
        assert_int_equal(evaluator_score_positions(f->gpu, batch, 3, out), EVAL_BAD_INPUT);
    }
    p[0].cell[cell_index(7, 7)] = BLACK;
    EvalChild kids[3] = {{0, (uint16_t)cell_index(7, 7), 0}, {0, (uint16_t)cell_index(15, 0), 0},
                         {0, BOARD_CELLS, 0}};
    for (int i = 0; i < 3; i++) {
        assert_int_not_equal(evaluator_score_children(f->cpu, p, &kids[i], 1, out), 0);
        assert_int_equal(evaluator_score_children(f->gpu, p, &kids[i], 1, out), EVAL_BAD_INPUT);
    }
    assert_string_equal(evaluator_cuda_error(f->gpu), "");
    assert_int_equal(compare_positions(f, p, 3, 3), 0);
}

/* The game tree plays the same move with either evaluator (alpha-beta at a fixed depth, and
 * the paper's full-width tree). */
static void test_same_moves(void **state)
{
    Fixture *f = *state;
    SKIP_WITHOUT_DEVICE(f);
    const char *files[] = {POSITIONS_DIR "/search_middle.txt", POSITIONS_DIR "/search_block.txt",
                           POSITIONS_DIR "/search_forced.txt", POSITIONS_DIR "/eval_middle.txt"};
    Search *s[2] = {search_create(f->cpu, 16u << 20), search_create(f->gpu, 16u << 20)};
    assert_true(s[0] && s[1]);
    int checked = 0;
    for (size_t k = 0; k < sizeof files / sizeof files[0]; k++) {
        TestPosition *tp = NULL;
        int n = tp_load(files[k], &tp);
        for (int i = 0; i < n; i++) {
            SearchResult r[2];
            for (int e = 0; e < 2; e++) {
                Board b = tp[i].board;
                SearchLimits lim = {.deadline_ms = 0, .max_depth = 4, .max_nodes = 0};
                search_clear(s[e]);
                r[e] = search_best_move(s[e], &b, &lim, NULL);
            }
            if (r[0].move != r[1].move || r[0].score != r[1].score)
                fail_msg("%s: cpu %d (%d), cuda %d (%d)", tp[i].name, r[0].move, r[0].score,
                         r[1].move, r[1].score);
            for (int e = 0; e < 2; e++) {
                Board b = tp[i].board;
                r[e] = search_full_width(s[e], &b, 2, NULL);
            }
            if (r[0].move != r[1].move || r[0].score != r[1].score)
                fail_msg("%s full width: cpu %d, cuda %d", tp[i].name, r[0].move, r[1].move);
            checked++;
        }
        free(tp);
    }
    print_message("same moves on %d positions\n", checked);
    assert_true(checked > 0);
    search_destroy(s[0]);
    search_destroy(s[1]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_positions_identical),
        cmocka_unit_test(test_children_identical),
        cmocka_unit_test(test_same_rejections),
        cmocka_unit_test(test_same_moves),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
