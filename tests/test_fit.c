/* The tuner's model (tournaments/fit.c): the same values as the evaluator's tables and scores,
 * the quiet positions of a game with their labels, a gradient that agrees with the loss, and a
 * fit that lowers it. Games live in tests/positions/fit_games.jsonl (arena results lines: a
 * made-up five first, then games of Gamok against AIWine), positions in eval_middle.txt. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>

#include "kernels/incremental.h"
#include "kernels/score.h"
#include "kernels/values.h"
#include "tests/support/positions.h"
#include "tournaments/fit.h"
#include "tournaments/results.h"

#define GAMES "tests/positions/fit_games.jsonl"

typedef struct Fixture {
    PatternTables *tables;
    RecordList games;
    FitData data; /* every game, the first one's positions held out */
} Fixture;

static int setup(void **state)
{
    Fixture *f = calloc(1, sizeof *f);
    int skipped = 0;
    if (!f || !(f->tables = pattern_tables_create()) || results_load(GAMES, &f->games, &skipped)
        || f->games.count < 2 || skipped)
        return -1;
    for (int i = 0; i < f->games.count; i++)
        if (fit_add_game(&f->data, f->tables, &f->games.items[i], i == 0) < 0)
            return -1;
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    Fixture *f = *state;
    fit_data_free(&f->data);
    record_list_free(&f->games);
    pattern_tables_destroy(f->tables);
    free(f);
    return 0;
}

/* The tuner fits the evaluator's formula only if pattern_cell_value is what the tables hold,
 * for the hand-set and fitted sets (the learned ones: tests/test_train.c). */
static void cell_values_are_the_tables(void **state)
{
    const PatternTables *t = ((Fixture *)*state)->tables;
    for (int set = 0; set < VALUES_LEARNED_FIRST; set++) {
        PatternValues v = pattern_values((ValueSet)set);
        assert_int_equal(t->tempo[set], (int32_t)v.tempo * VALUE_SCALE);
        for (int renju_black = 0; renju_black < 2; renju_black++)
            for (uint32_t key = 0; key < CELL_KEYS; key++) {
                int want = (int)pattern_cell_value(key, &v, renju_black) * VALUE_SCALE;
                if (want > CELL_VALUE_MAX)
                    want = CELL_VALUE_MAX;
                const uint16_t *table = t->cell[CELL_TABLE_ID(set, renju_black)];
                assert_int_equal(CELL_ENTRY_VALUE(table[key]), want);
            }
    }
}

/* The sets differ, and a game's rule and board size pick one (a table id names its set and
 * whether it is renju black's). */
static void a_game_is_scored_with_its_value_set(void **state)
{
    (void)state;
    PatternValues hand = pattern_values(VALUES_HAND), fitted = pattern_values(VALUES_FITTED);
    assert_true(hand.line[PAT_F4] != fitted.line[PAT_F4] && hand.tempo != fitted.tempo);
    /* learned where they measured stronger: freestyle 15x15, standard and renju (score.h) */
    assert_int_equal(score_value_set(RULE_FREESTYLE, 15), VALUES_LEARNED_FREESTYLE15);
    assert_int_equal(score_value_set(RULE_EXACT5, 15), VALUES_LEARNED_STANDARD15);
    assert_int_equal(score_value_set(RULE_EXACT5, 20), VALUES_FITTED);
    assert_int_equal(score_value_set(RULE_RENJU, 15), VALUES_LEARNED_RENJU15);
    assert_int_equal(score_value_set(RULE_RENJU, 20), VALUES_FITTED);
    assert_int_equal(score_value_set(RULE_CARO, 15), VALUES_HAND);
    assert_int_equal(score_value_set(RULE_FREESTYLE, 20), VALUES_FITTED);
    assert_int_equal(score_policy_set(RULE_FREESTYLE, 15), VALUES_LEARNED_FREESTYLE15);
    assert_int_equal(score_policy_set(RULE_FREESTYLE, 20), VALUES_LEARNED_FREESTYLE20);
    assert_int_equal(score_policy_set(RULE_EXACT5, 15), -1);
    assert_int_equal(score_learned_set(RULE_FREESTYLE, 20), VALUES_LEARNED_FREESTYLE20);
    assert_int_equal(score_learned_set(RULE_CARO, 15), -1);
    assert_int_equal(score_learned_set(RULE_RENJU, 20), -1);
    assert_int_equal(score_cell_table_id(RULE_RENJU, 15, BLACK),
                     CELL_TABLE_ID(VALUES_LEARNED_RENJU15, 1));
    assert_int_equal(score_cell_table_id(RULE_RENJU, 15, WHITE),
                     CELL_TABLE_ID(VALUES_LEARNED_RENJU15, 0));
    assert_int_equal(score_cell_table_id(RULE_EXACT5, 15, BLACK),
                     CELL_TABLE_ID(VALUES_LEARNED_STANDARD15, 0));
    assert_int_equal(score_cell_table_id(RULE_FREESTYLE, 20, BLACK),
                     CELL_TABLE_ID(VALUES_FITTED, 0));
    assert_int_equal(score_cell_table_id(RULE_RENJU, 20, BLACK), CELL_TABLE_ID(VALUES_FITTED, 1));
}

/* The made-up game: black's row 7,7..11,7 against white's corners. Before black's fourth stone
 * black has an open four to make (decided), then a five to play: only the first six positions
 * are quiet, labelled for the side to move (black won). */
static void a_game_gives_its_quiet_positions(void **state)
{
    Fixture *f = *state;
    FitData d = {0};
    assert_int_equal(fit_add_game(&d, f->tables, &f->games.items[0], false), 6);
    for (int i = 0; i < d.npos; i++) {
        assert_true(d.pos[i].result == (i % 2 == 0 ? 1.0f : 0.0f));
        assert_false(d.pos[i].held_out);
    }
    assert_int_equal(d.pos[0].nterms, 0); /* the empty board */
    fit_data_free(&d);
}

/* The static score of the position on `b` under value set `set` straight from its tables: the
 * mover's cell values minus the opponent's, plus the tempo and the threat term (score_static
 * before its clamp). */
static int32_t table_static(const Board *b, const PatternTables *t, int set)
{
    const IncState *inc = board_incremental(b);
    bool renju_black_moves = b->rule == RULE_RENJU && b->to_move == BLACK;
    int32_t sum = t->tempo[set]
                + t->threat[CELL_TABLE_ID(set, renju_black_moves)][inc_threat_mask(inc, b->to_move)];
    for (int c = 0; c < BOARD_CELLS; c++) {
        if (!board_cell_valid(b, c) || b->cell[c] != EMPTY) continue;
        for (int colour = BLACK; colour <= WHITE; colour++) {
            uint32_t key = (inc->cell_key[c] >> (colour == BLACK ? 0 : 16)) & 0xFFFFu;
            bool renju_black = b->rule == RULE_RENJU && colour == BLACK;
            int v = CELL_ENTRY_VALUE(t->cell[CELL_TABLE_ID(set, renju_black)][key]);
            sum += colour == b->to_move ? v : -v;
        }
    }
    return sum;
}

/* Compares the fitted evaluation of the position on `b` (an incremental state follows it) with
 * the static score of each of values.h's sets when the position is quiet (what the evaluator
 * plays is checked against table_static too); returns whether it was. */
static bool same_as_evaluator(const Board *b, const PatternTables *t)
{
    const IncState *inc = board_incremental(b);
    int32_t score = inc_score(inc, b->to_move);
    if (inc_five_cells(inc, BLACK) || inc_five_cells(inc, WHITE) || score <= -SCORE_STATIC_MAX
        || score >= SCORE_STATIC_MAX) /* decided, or clamped */
        return false;
    assert_int_equal(table_static(b, t, score_value_set(b->rule, b->size)), score);
    FitData d = {0};
    assert_int_equal(fit_add_position(&d, b, 0.5f, false), 0);
    for (int set = 0; set < VALUES_LEARNED_FIRST; set++) {
        FitParams p = fit_params_of((ValueSet)set);
        assert_int_equal((int32_t)lround(fit_eval(&d, 0, &p) * VALUE_SCALE),
                         table_static(b, t, set));
    }
    fit_data_free(&d);
    return true;
}

/* With values.h's numbers of a set a quiet position's fitted evaluation is that set's static
 * score, and the evaluator's is its set's: the middle games of every rule (renju black's
 * forbidden cells included) and every position of the games (15x15 and 20x20). */
static void evaluations_are_the_evaluators(void **state)
{
    Fixture *f = *state;
    IncState *inc = malloc(sizeof *inc);
    assert_non_null(inc);
    int n, compared = 0;
    TestPosition *tp = tp_load_or_fail("tests/positions/eval_middle.txt", &n);
    for (int i = 0; i < n; i++) {
        Board b = tp[i].board;
        inc_init(inc, f->tables, b.size, b.rule, b.cell);
        board_follow(&b, inc);
        compared += same_as_evaluator(&b, f->tables);
    }
    assert_true(compared >= 3); /* a freestyle, a caro and a renju position are quiet */
    for (int g = 0; g < f->games.count; g++) {
        const GameRecord *r = &f->games.items[g];
        Board b;
        board_init(&b, r->size, r->rule);
        inc_init(inc, f->tables, b.size, b.rule, b.cell);
        board_follow(&b, inc);
        for (int k = 0; k < r->nmoves; k++) {
            compared += same_as_evaluator(&b, f->tables);
            board_play(&b, r->moves[k]);
        }
    }
    assert_true(compared >= 100);
    free(tp);
    free(inc);
}

/* Away from the kinks of max(sum, combination) the gradient is the loss's slope. */
static void gradient_is_the_slope_of_the_loss(void **state)
{
    const FitData *d = &((Fixture *)*state)->data;
    FitParams p = fit_params_of(VALUES_FITTED);
    for (int j = 0; j < FIT_PARAMS; j++)
        p.v[j] += 0.37; /* off the ties between a sum and a combination */
    double k = fit_best_k(d, &p), grad[FIT_PARAMS];
    fit_gradient(d, &p, k, grad);
    for (int j = 0; j < FIT_PARAMS; j++) {
        const double h = 1e-3;
        FitParams up = p, down = p;
        up.v[j] += h;
        down.v[j] -= h;
        double slope = (fit_loss(d, &up, k, false) - fit_loss(d, &down, k, false)) / (2 * h);
        assert_true(fabs(grad[j] - slope) <= 1e-4 * fabs(slope) + 1e-12);
    }
}

static void fitting_lowers_the_training_loss(void **state)
{
    const FitData *d = &((Fixture *)*state)->data;
    FitParams start = fit_params_of(VALUES_FITTED);
    double k = fit_best_k(d, &start);
    FitParams p = fit_run(d, start, k, 30, 0.5, 0, NULL, NULL);
    assert_true(fit_loss(d, &p, k, false) < fit_loss(d, &start, k, false));
    for (int j = 0; j < FIT_PARAMS; j++)
        assert_true(p.v[j] >= 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(cell_values_are_the_tables),
        cmocka_unit_test(a_game_is_scored_with_its_value_set),
        cmocka_unit_test(a_game_gives_its_quiet_positions),
        cmocka_unit_test(evaluations_are_the_evaluators),
        cmocka_unit_test(gradient_is_the_slope_of_the_loss),
        cmocka_unit_test(fitting_lowers_the_training_loss),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
