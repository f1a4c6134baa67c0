/* The learned move policy: the trainer (tournaments/train_policy.c) and the tables the search
 * reads (kernels/patterns.c, kernels/policy.h) hold the same numbers; a learned policy scores a
 * cell as the sum of its two parts and its locality part, whose buckets are distance and line
 * to each earlier move; the gradient agrees with the objective; a fit lowers the
 * held-out cross-entropy, the same way every time, and its recall is measured as the search
 * orders; labelled moves replace the winner's as the targets. Games:
 * tests/games/train_corpus.txt. */
#define _POSIX_C_SOURCE 200809L /* fmemopen */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "brain/board.h"
#include "brain/moves.h"
#include "brain/search.h"
#include "kernels/incremental.h"
#include "kernels/learned_policy.h"
#include "kernels/policy.h"
#include "kernels/score.h"
#include "tournaments/corpus.h"
#include "tournaments/fit.h"
#include "tournaments/train_labels.h"
#include "tournaments/train_policy.h"

#define CORPUS "tests/games/train_corpus.txt"

typedef struct Fixture {
    PatternTables *tables;
    RecordList games;
    PolicyData data;
} Fixture;

static int setup(void **state)
{
    Fixture *f = calloc(1, sizeof *f);
    int skipped = 0;
    if (!f || !(f->tables = pattern_tables_create()) || corpus_load(CORPUS, &f->games, &skipped)
        || f->games.count < 20 || skipped)
        return -1;
    for (int i = 0; i < f->games.count; i++)
        if (policy_add_game(&f->data, f->tables, &f->games.items[i]) < 0) return -1;
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    Fixture *f = *state;
    if (!f) return 0; /* setup failed */
    policy_data_free(&f->data);
    record_list_free(&f->games);
    pattern_tables_destroy(f->tables);
    free(f);
    return 0;
}

/* The learned list as data: the number of (set, side, colour table, combination), or 0. */
typedef struct Listed {
    int set, side, renju_black;
    uint32_t combination;
    int32_t priority;
} Listed;
#define LISTED(set, side, renju_black, combination, priority) \
    {set, side, renju_black, combination, priority},
static const Listed LIST[] = {LEARNED_POLICY_LIST(LISTED){-1, 0, 0, 0, 0}};

static const Listed *listed(int set, int side, int renju_black, uint32_t combination)
{
    for (const Listed *l = LIST; l->set >= 0; l++)
        if (l->set == set && l->side == side && l->renju_black == renju_black
            && l->combination == combination)
            return l;
    return NULL;
}

/* The learned locality list as data. */
typedef struct ListedNear {
    int set, back, bucket;
    int32_t priority;
} ListedNear;
#define LISTED_NEAR(set, back, bucket, priority) {set, back, bucket, priority},
static const ListedNear NEAR_LIST[] = {LEARNED_POLICY_NEAR_LIST(LISTED_NEAR){-1, 0, 0, 0}};

static const ListedNear *listed_near(int set, int back, int bucket)
{
    for (const ListedNear *l = NEAR_LIST; l->set >= 0; l++)
        if (l->set == set && l->back == back && l->bucket == bucket) return l;
    return NULL;
}

/* The learned shape list as data. */
typedef struct ListedForm {
    int set, side, form;
    int32_t priority;
} ListedForm;
#define LISTED_FORM(set, side, form, priority) {set, side, form, priority},
static const ListedForm FORM_LIST[] = {LEARNED_POLICY_FORM_LIST(LISTED_FORM){-1, 0, 0, 0}};

static const ListedForm *listed_form(int set, int side, int form)
{
    for (const ListedForm *l = FORM_LIST; l->set >= 0; l++)
        if (l->set == set && l->side == side && l->form == form) return l;
    return NULL;
}

static const int32_t *table_part(const PatternTables *t, int set, int renju_black, int side)
{
    return t->policy[set - VALUES_LEARNED_FIRST][renju_black][side];
}

static void tables_hold_the_trainers_priors_or_the_learned_numbers(void **state)
{
    const Fixture *f = *state;
    const PolicyData *d = &f->data;
    PolicyModel prior = policy_model_prior(d);
    assert_non_null(prior.value);
    assert_true(d->params.count > 100);
    for (int p = 0; p < d->params.count; p++) {
        const TrainParam *q = &d->params.items[p];
        if (q->near) { /* a locality number: the listed one, else 0 (its prior) */
            const ListedNear *l = listed_near(q->set, q->near - 1, q->combination);
            assert_int_equal(prior.value[p], 0);
            assert_int_equal(f->tables->policy_near[q->set - VALUES_LEARNED_FIRST]
                                                   [(q->near - 1) * POLICY_NEAR_BUCKETS
                                                    + q->combination],
                             l ? l->priority : 0);
            continue;
        }
        if (q->form) { /* a shape number: the listed one, else 0 (its prior), for the form
                        * it names (the smaller of a mirror pair) and the mirror image */
            const ListedForm *l = listed_form(q->set, q->side, q->combination);
            const int32_t *part = f->tables->policy_form[q->set - VALUES_LEARNED_FIRST][q->side];
            int mirror = f->tables->form_mirror[q->combination];
            assert_int_equal(prior.value[p], 0);
            assert_true(q->combination <= mirror);
            assert_int_equal(part[q->combination], l ? l->priority : 0);
            assert_int_equal(part[mirror], l ? l->priority : 0);
            continue;
        }
        const Listed *l = listed(q->set, q->side, q->renju_black, q->combination);
        int32_t in_table =
            table_part(f->tables, q->set, q->renju_black, q->side)
                [f->tables->combination_index[q->combination]];
        assert_int_equal(in_table, l ? l->priority : (int32_t)prior.value[p]);
    }
    policy_model_free(&prior);
}

/* Every cell key maps to the index of its combination, and the 715 indices are all used. */
static void combination_index_is_dense(void **state)
{
    const Fixture *f = *state;
    int used[PATTERN_COMBINATIONS] = {0};
    for (uint32_t key = 0; key < CELL_KEYS; key++) {
        uint16_t i = f->tables->combination_index[key];
        assert_true(i < PATTERN_COMBINATIONS);
        assert_int_equal(i, f->tables->combination_index[pattern_combination(key)]);
        used[i] = 1;
    }
    for (int i = 0; i < PATTERN_COMBINATIONS; i++) assert_true(used[i]);
}

typedef struct Check {
    const PatternTables *t;
    int set, cells;
} Check;

/* The locality bucket: 2 * (Chebyshev distance - 1) + (on one of the earlier move's lines),
 * distances from POLICY_NEAR_FAR on counted as that; its own bucket when there is no move. */
static void near_bucket_is_distance_and_line(void **state)
{
    (void)state;
    int at = cell_index(7, 7);
    assert_int_equal(policy_near_bucket(cell_index(8, 7), at), 1);  /* 1, on its row */
    assert_int_equal(policy_near_bucket(cell_index(6, 6), at), 1);  /* 1, on a diagonal */
    assert_int_equal(policy_near_bucket(cell_index(9, 8), at), 2);  /* 2, a knight's step */
    assert_int_equal(policy_near_bucket(cell_index(4, 10), at), 5); /* 3, on the anti-diagonal */
    assert_int_equal(policy_near_bucket(cell_index(7, 3), at), 7);  /* 4, on its column */
    assert_int_equal(policy_near_bucket(cell_index(12, 9), at), 8); /* 5, off its lines */
    assert_int_equal(policy_near_bucket(cell_index(0, 0), at), 9);  /* 7, counted as 5 */
    assert_int_equal(policy_near_bucket(cell_index(14, 1), at), 8); /* 7, off its lines */
    assert_int_equal(policy_near_bucket(at, -1), POLICY_NEAR_BUCKETS - 1);
    assert_int_equal(2 * POLICY_NEAR_FAR + 1, POLICY_NEAR_BUCKETS);
}

/* On each position: with the learned tables in the state, a cell's priority is its two parts
 * and its locality part, one number per earlier move (the no-move bucket before the fourth). */
static int learned_priority_is_the_sum_of_its_parts(const Board *b, int move, float result,
                                                    void *ctx)
{
    (void)move;
    (void)result;
    Check *c = ctx;
    IncState *inc = board_incremental(b);
    const int32_t *keep[2] = {inc->policy[0], inc->policy[1]};
    bool renju = b->rule == RULE_RENJU;
    const int32_t *keep_near = inc->policy_near, *keep_form = inc->policy_form;
    for (int colour = BLACK; colour <= WHITE; colour++)
        inc->policy[colour - 1] = &c->t->policy[c->set - VALUES_LEARNED_FIRST]
                                               [renju && colour == BLACK][0][0];
    const int32_t *near = c->t->policy_near[c->set - VALUES_LEARNED_FIRST];
    inc->policy_near = near;
    /* The shape part plays nowhere by default: numbers of the test's own, so that its lookups
     * count. */
    static int32_t form[POLICY_FORM_PARTS][LINE_FORMS];
    for (int side = 0; side < POLICY_FORM_PARTS && form[1][1] == 0; side++)
        for (int i = 0; i < LINE_FORMS; i++)
            form[side][i] = (i * 7 + side * 13) % 101 - 50;
    inc->policy_form = &form[0][0];
    PolicyRecent recent = policy_recent(b->history, b->nstones);
    uint16_t moves[MOVES_MAX];
    int n = moves_candidates(b, TREE_RADIUS, moves), me = b->to_move;
    for (int i = 0; i < n; i++) {
        uint32_t key = inc->cell_key[moves[i]];
        uint32_t mine = me == BLACK ? key & 0xFFFFu : key >> 16;
        uint32_t theirs = me == BLACK ? key >> 16 : key & 0xFFFFu;
        int32_t expect =
            table_part(c->t, c->set, renju && me == BLACK, POLICY_OWN)
                [c->t->combination_index[mine]]
            + table_part(c->t, c->set, renju && me == WHITE, POLICY_OPP)
                  [c->t->combination_index[theirs]];
        for (int k = 0; k < POLICY_NEAR_MOVES; k++) {
            int earlier = b->nstones > k ? b->history[b->nstones - 1 - k] : -1;
            expect += near[k * POLICY_NEAR_BUCKETS + policy_near_bucket(moves[i], earlier)];
        }
        for (int d = 0; d < 4; d++)
            expect += form[POLICY_OWN][inc_line_form(inc, me, moves[i], d)]
                    + form[POLICY_OPP][inc_line_form(inc, opponent_of(me), moves[i], d)];
        assert_int_equal(policy_score(inc, me, moves[i], &recent), expect);
        c->cells++;
    }
    inc->policy[0] = keep[0];
    inc->policy[1] = keep[1];
    inc->policy_near = keep_near;
    inc->policy_form = keep_form;
    return 0;
}

static void learned_policy_scores_each_cell_by_its_two_parts(void **state)
{
    const Fixture *f = *state;
    Check c = {f->tables, 0, 0};
    for (int i = 0; i < f->games.count; i += 3) {
        const GameRecord *g = &f->games.items[i];
        c.set = score_learned_set(g->rule, g->size);
        assert_true(fit_walk_game(f->tables, g, FIT_NO_FIVE,
                                  learned_priority_is_the_sum_of_its_parts, &c) >= 0);
    }
    assert_true(c.cells > 1000);
}

/* The state (inc_init'ed for rule and size) reads the shape part of the set its mask names
 * (score_policy_form_set), and none where it names none; only a learned policy can have one. */
static void expect_shape_part(const PatternTables *t, const IncState *inc, int rule, int size)
{
    int form = score_policy_form_set(rule, size);
    if (form < 0) {
        assert_null(inc->policy_form);
        return;
    }
    assert_int_equal(form, score_policy_set(rule, size));
    assert_ptr_equal(inc->policy_form, &t->policy_form[form - VALUES_LEARNED_FIRST][0][0]);
}

/* A game whose policy is learned reads its set's locality part where it plays one
 * (score_policy_near_set: freestyle 15x15), and its shape part where the mask says (none by
 * default), else none; a hand-set policy has none. */
static void state_reads_the_locality_part_of_its_learned_set(void **state)
{
    const Fixture *f = *state;
    IncState *inc = malloc(sizeof *inc);
    assert_non_null(inc);
    uint8_t cells[BOARD_CELLS] = {0};
    int policy = score_policy_set(RULE_FREESTYLE, 15);
    assert_true(policy >= VALUES_LEARNED_FIRST);
    inc_init(inc, f->tables, 15, RULE_FREESTYLE, cells);
    assert_ptr_equal(inc->policy_near, f->tables->policy_near[policy - VALUES_LEARNED_FIRST]);
    assert_int_equal(score_policy_near_set(RULE_FREESTYLE, 15), policy);
    expect_shape_part(f->tables, inc, RULE_FREESTYLE, 15);
    assert_true(score_policy_set(RULE_FREESTYLE, 20) >= VALUES_LEARNED_FIRST);
    assert_int_equal(score_policy_near_set(RULE_FREESTYLE, 20), -1);
    inc_init(inc, f->tables, 20, RULE_FREESTYLE, cells);
    assert_non_null(inc->policy[0]);
    assert_null(inc->policy_near);
    expect_shape_part(f->tables, inc, RULE_FREESTYLE, 20);
    assert_int_equal(score_policy_set(RULE_RENJU, 15), -1);
    inc_init(inc, f->tables, 15, RULE_RENJU, cells);
    assert_null(inc->policy_near);
    assert_null(inc->policy_form);
    assert_null(inc->policy[0]);
    free(inc);
}

static void gradient_matches_finite_differences(void **state)
{
    const Fixture *f = *state;
    const PolicyData *d = &f->data;
    const double h = 1e-2;
    PolicyModel m = policy_model_prior(d);
    int n = d->params.count;
    double *grad = malloc((size_t)n * sizeof *grad), *scratch = malloc((size_t)n * sizeof *grad);
    assert_non_null(m.value);
    assert_non_null(grad);
    assert_non_null(scratch);
    policy_objective(d, &m, grad);
    int checked = 0;
    for (int p = 0; p < n; p++) {
        if (d->params.items[p].seen < 50) continue;
        double keep = m.value[p];
        m.value[p] = keep + h;
        double up = policy_objective(d, &m, scratch);
        m.value[p] = keep - h;
        double down = policy_objective(d, &m, scratch);
        m.value[p] = keep;
        assert_true(fabs((up - down) / (2 * h) - grad[p]) <= 1e-4 * fabs(grad[p]) + 1e-10);
        checked++;
    }
    assert_true(checked >= 20);
    free(grad);
    free(scratch);
    policy_model_free(&m);
}

static void fit_lowers_the_held_out_loss_the_same_way_every_time(void **state)
{
    const Fixture *f = *state;
    const PolicyData *d = &f->data;
    const int set = VALUES_LEARNED_FREESTYLE15;
    PolicyModel prior = policy_model_prior(d);
    TrainOptions o = {.iters = 60, .rate = 50, .patience = 60, .min_seen = 5};
    PolicyModel a = policy_fit(d, &prior, &o, 0, NULL, NULL);
    PolicyModel b = policy_fit(d, &prior, &o, 0, NULL, NULL);
    assert_non_null(a.value);
    assert_non_null(b.value);
    assert_true(policy_loss(d, &a, set, true) < policy_loss(d, &prior, set, true));
    assert_memory_equal(a.value, b.value, (size_t)d->params.count * sizeof a.value[0]);
    double top1, top5;
    policy_recall(d, &a, set, true, &top1, &top5);
    assert_true(top1 > 0 && top1 <= top5 && top5 <= 1);
    policy_model_free(&prior);
    policy_model_free(&a);
    policy_model_free(&b);
}

/* Recall counts ties as the search breaks them: in cell order. With every priority equal, the
 * played move is first only where it is the first candidate. */
static void recall_breaks_ties_in_cell_order(void **state)
{
    const Fixture *f = *state;
    const PolicyData *d = &f->data;
    const int set = VALUES_LEARNED_FREESTYLE15;
    PolicyModel flat = policy_model_prior(d);
    assert_non_null(flat.value);
    for (int p = 0; p < d->params.count; p++) flat.value[p] = 7;
    int n = 0, first = 0, five = 0;
    for (int i = 0; i < d->npos; i++) {
        const PolicyPosition *q = &d->pos[i];
        if (q->set != set || !q->held_out) continue;
        n++;
        first += q->chosen == 0;
        five += q->chosen < 5;
    }
    double top1, top5;
    policy_recall(d, &flat, set, true, &top1, &top5);
    assert_true(n > 0);
    assert_true(fabs(top1 - (double)first / n) < 1e-12);
    assert_true(fabs(top5 - (double)five / n) < 1e-12);
    policy_model_free(&flat);
}

/* What a labelled game must give: at each labelled ply whose move is one of the tree's candidates
 * (of at least two), that move's index among them. */
typedef struct Expected {
    const int16_t *move;
    int n, chosen[BOARD_CELLS];
} Expected;

static int expect_labelled_move(const Board *b, int move, float result, void *ctx)
{
    (void)move;
    (void)result;
    Expected *e = ctx;
    int target = e->move[board_count(b, BLACK) + board_count(b, WHITE)], chosen = -1;
    uint16_t moves[MOVES_MAX];
    int n = moves_candidates(b, TREE_RADIUS, moves);
    for (int i = 0; i < n; i++) chosen = moves[i] == target ? i : chosen;
    if (target >= 0 && chosen >= 0 && n >= 2) e->chosen[e->n++] = chosen;
    return 0;
}

/* The loser's positions labelled with the winner's next stone: those positions, and only they,
 * become examples, each aiming at the labelled cell, not the move played there. A malformed
 * move refuses the line; a line without moves leaves the winner's moves as the targets. */
static void labelled_moves_are_the_targets_whoever_won(void **state)
{
    const Fixture *f = *state;
    const GameRecord *g = NULL;
    for (int i = 0; i < f->games.count && !g; i++)
        if (f->games.items[i].winner == BLACK && f->games.items[i].nmoves > 30)
            g = &f->games.items[i];
    assert_non_null(g);
    const size_t room = CORPUS_LINE_MAX + 16 * BOARD_CELLS;
    char *line = malloc(room);
    assert_non_null(line);
    FILE *mem = fmemopen(line, room, "w");
    assert_non_null(mem);
    assert_int_equal(corpus_write(mem, g, "100ms"), 0);
    fseek(mem, -1, SEEK_CUR); /* over the newline */
    fputs(" |", mem);
    for (int ply = g->nopening + (g->nopening % 2 == 0); ply + 1 < g->nmoves; ply += 2)
        fprintf(mem, " %d:0.300:%c%d", ply, 'a' + cell_x(g->moves[ply + 1]),
                cell_y(g->moves[ply + 1]) + 1);
    fclose(mem);

    TrainLabels labels = {0};
    assert_int_equal(train_labels_parse(&labels, line), 0);
    train_labels_sort(&labels);
    const TrainLabelGame *labelled = train_labels_of(&labels, g);
    assert_non_null(labelled);
    assert_non_null(labelled->move);
    Expected *e = calloc(1, sizeof *e);
    assert_non_null(e);
    e->move = labelled->move;
    assert_true(fit_walk_game(f->tables, g, FIT_NO_FIVE, expect_labelled_move, e) > 0);
    PolicyData d = {.labels = &labels};
    assert_true(policy_add_game(&d, f->tables, g) > 0);
    assert_true(e->n > 5);
    assert_int_equal(d.npos, e->n);
    for (int i = 0; i < d.npos; i++) assert_int_equal(d.pos[i].chosen, e->chosen[i]);
    policy_data_free(&d);

    TrainLabels other = {0}; /* a move off the board, then no move at all */
    char *bar = strchr(line, '|');
    snprintf(bar, room - (size_t)(bar - line), "| %d:0.300:z1", g->nopening);
    assert_int_equal(train_labels_parse(&other, line), -1);
    snprintf(bar, room - (size_t)(bar - line), "| %d:0.300", g->nopening);
    assert_int_equal(train_labels_parse(&other, line), 0);
    assert_null(other.games[0].move);
    PolicyData winner = {.labels = &other}, plain = {0};
    assert_int_equal(policy_add_game(&winner, f->tables, g), policy_add_game(&plain, f->tables, g));
    assert_int_equal(winner.npos, plain.npos);
    policy_data_free(&winner);
    policy_data_free(&plain);
    train_labels_free(&other);
    train_labels_free(&labels);
    free(e);
    free(line);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(tables_hold_the_trainers_priors_or_the_learned_numbers),
        cmocka_unit_test(combination_index_is_dense),
        cmocka_unit_test(near_bucket_is_distance_and_line),
        cmocka_unit_test(learned_policy_scores_each_cell_by_its_two_parts),
        cmocka_unit_test(state_reads_the_locality_part_of_its_learned_set),
        cmocka_unit_test(gradient_matches_finite_differences),
        cmocka_unit_test(fit_lowers_the_held_out_loss_the_same_way_every_time),
        cmocka_unit_test(recall_breaks_ties_in_cell_order),
        cmocka_unit_test(labelled_moves_are_the_targets_whoever_won),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
