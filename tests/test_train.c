/* The game corpus (tournaments/corpus.c) and the trainer of the learned value sets
 * (tournaments/train.c): corpus lines read back as written and bad ones refused; learned
 * numbers indexed by a combination whatever the directions; the trainer's model is the
 * evaluator's static score; its gradient agrees with its objective; a fit lowers the held-out
 * loss, the same way every time; TD(lambda) targets are the results at lambda 1 and the next
 * position's prediction at 0, and a fit to them lowers the held-out loss too; labels find their
 * game's positions and mix into their targets. The games are tests/games/train_corpus.txt. */
#define _POSIX_C_SOURCE 200809L /* fmemopen, open_memstream */
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
#include "kernels/incremental.h"
#include "kernels/score.h"
#include "tournaments/corpus.h"
#include "tournaments/fit.h"
#include "tournaments/train.h"
#include "tournaments/train_labels.h"

#define CORPUS "tests/games/train_corpus.txt"

typedef struct Fixture {
    PatternTables *tables;
    RecordList games;
    TrainData data;
} Fixture;

static int setup(void **state)
{
    Fixture *f = calloc(1, sizeof *f);
    int skipped = 0;
    if (!f || !(f->tables = pattern_tables_create()) || corpus_load(CORPUS, &f->games, &skipped)
        || f->games.count < 20 || skipped)
        return -1;
    for (int i = 0; i < f->games.count; i++)
        if (train_add_game(&f->data, f->tables, &f->games.items[i]) < 0) return -1;
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    Fixture *f = *state;
    if (!f) return 0; /* setup failed */
    train_data_free(&f->data);
    record_list_free(&f->games);
    pattern_tables_destroy(f->tables);
    free(f);
    return 0;
}

/* ---- the corpus ---------------------------------------------------------------------------- */

static void corpus_lines_read_back_as_written(void **state)
{
    const Fixture *f = *state;
    GameRecord *back = malloc(sizeof *back);
    assert_non_null(back);
    for (int i = 0; i < f->games.count; i++) {
        const GameRecord *g = &f->games.items[i];
        char line[CORPUS_LINE_MAX], tc[CORPUS_TC_MAX];
        FILE *mem = fmemopen(line, sizeof line, "w");
        assert_non_null(mem);
        assert_int_equal(corpus_write(mem, g, "250ms"), 0);
        fclose(mem);
        assert_int_equal(corpus_parse(line, back, tc), 0);
        assert_string_equal(tc, "250ms");
        assert_int_equal(back->rule, g->rule);
        assert_int_equal(back->size, g->size);
        assert_int_equal(back->winner, g->winner);
        assert_int_equal(back->nopening, g->nopening);
        assert_string_equal(back->name[0], g->name[0]);
        assert_string_equal(back->name[1], g->name[1]);
        assert_int_equal(back->nmoves, g->nmoves);
        assert_memory_equal(back->moves, g->moves, (size_t)g->nmoves * sizeof g->moves[0]);
        assert_int_equal(corpus_game_key(back), corpus_game_key(g));
    }
    free(back);
}

static void corpus_refuses_bad_lines(void **state)
{
    (void)state;
    static const char *const BAD[] = {
        "0 15 1 B 100ms a b h8h8",      /* a cell played twice */
        "0 15 1 X 100ms a b h8",        /* no such result */
        "0 15 1 B 100ms a b p8",        /* x off a 15x15 board */
        "0 15 1 B 100ms a b h16",       /* y off the board */
        "0 15 1 B 100ms a b h0",        /* y counts from 1 */
        "0 15 1 B 100ms a b h",         /* a letter without a number */
        "2 15 1 B 100ms a b h8",        /* no rule 2 */
        "0 23 1 B 100ms a b h8",        /* board too large */
        "0 15 3 B 100ms a b h8",        /* more opening stones than moves */
        "0 15 1 B 100ms a",             /* fields missing */
        "0 15 1 B 100ms a b h8i9#",     /* junk in the moves */
    };
    GameRecord *g = malloc(sizeof *g);
    assert_non_null(g);
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        if (corpus_parse(BAD[i], g, NULL) != -1) fail_msg("accepted: %s", BAD[i]);
    }
    assert_int_equal(corpus_parse("# a comment", g, NULL), 1);
    assert_int_equal(corpus_parse("   ", g, NULL), 1);
    assert_int_equal(corpus_parse("4 15 2 W 1s a b h8v22", g, NULL), -1); /* v: x 21 > 14 */
    assert_int_equal(corpus_parse("4 22 2 W 1s a b h8v22", g, NULL), 0);
    assert_int_equal(g->moves[1], cell_index(21, 21));
    assert_int_equal(g->winner, WHITE);
    free(g);
}

static void corpus_keeps_games_decided_on_the_board(void **state)
{
    const Fixture *f = *state;
    GameRecord *g = malloc(sizeof *g);
    assert_non_null(g);
    *g = f->games.items[0];
    static const EndReason KEPT[] = {END_FIVE, END_FULL, END_MOVE_LIMIT, END_FOUL};
    static const EndReason DROPPED[] = {END_CRASH, END_TIME, END_OFF_BOARD, END_OCCUPIED,
                                        END_BAD_REPLY, END_NO_START};
    for (size_t i = 0; i < sizeof KEPT / sizeof KEPT[0]; i++) {
        g->end = KEPT[i];
        assert_true(corpus_keeps(g));
    }
    for (size_t i = 0; i < sizeof DROPPED / sizeof DROPPED[0]; i++) {
        g->end = DROPPED[i];
        assert_false(corpus_keeps(g));
    }
    g->end = END_FIVE;
    g->nmoves = g->nopening;
    assert_false(corpus_keeps(g));
    free(g);
}

static void corpus_split_is_by_game(void **state)
{
    const Fixture *f = *state;
    int held = 0;
    for (int i = 0; i < f->games.count; i++) {
        const GameRecord *g = &f->games.items[i];
        assert_int_equal(corpus_held_out(g), corpus_game_key(g) % CORPUS_HOLD_OUT == 0);
        held += corpus_held_out(g);
    }
    assert_true(held > 0 && held < f->games.count);
    int positions[2] = {0};
    for (int i = 0; i < f->data.npos; i++) positions[f->data.pos[i].held_out]++;
    assert_true(positions[0] > 0 && positions[1] > 0);
}

static void name_game(GameRecord *g, const char *black, const char *white)
{
    snprintf(g->name[0], sizeof g->name[0], "%s", black);
    snprintf(g->name[1], sizeof g->name[1], "%s", white);
}

static void corpus_tells_a_brain_against_its_copy(void **state)
{
    const Fixture *f = *state;
    GameRecord *g = malloc(sizeof *g);
    assert_non_null(g);
    *g = f->games.items[0];
    static const char *const PAIRS[][3] = {
        {"gamok", "gamok-2", "y"}, {"rapfi-2", "rapfi", "y"}, {"gamok", "rapfi", "n"},
        {"gamok", "gamok-3", "n"}, {"gamok-2", "gamok-2", "n"}, {"gamok", "gamok", "n"},
        {"gam", "gamok-2", "n"},   {"gamok", "gamok-2x", "n"}};
    for (size_t i = 0; i < sizeof PAIRS / sizeof PAIRS[0]; i++) {
        name_game(g, PAIRS[i][0], PAIRS[i][1]);
        assert_int_equal(corpus_self_play(g), PAIRS[i][2][0] == 'y');
    }
    free(g);
}

/* A set's values take its self-play games alone from TRAIN_SELF_PLAY_MIN of them on; other
 * sets' games are not affected. */
static void values_learn_from_self_play_alone_once_a_set_has_enough(void **state)
{
    const Fixture *f = *state;
    const GameRecord *base = &f->games.items[0], *other = NULL;
    int set = score_learned_set(base->rule, base->size);
    for (int i = 1; i < f->games.count && !other; i++) {
        const GameRecord *g = &f->games.items[i];
        if (score_learned_set(g->rule, g->size) != set) other = g;
    }
    assert_true(set >= 0 && other != NULL);
    int n = TRAIN_SELF_PLAY_MIN + 2;
    GameRecord *l = malloc((size_t)n * sizeof *l);
    assert_non_null(l);
    for (int i = 0; i < n; i++) {
        l[i] = i < n - 2 ? *base : *other;
        name_game(&l[i], "gamok", i < n - 3 ? "gamok-2" : "rapfi");
    }
    int self_play[VALUE_SET_COUNT]; /* MIN - 1 of `set`'s games are self-play, then MIN */
    train_count_self_play(l, n, self_play);
    assert_int_equal(self_play[set], TRAIN_SELF_PLAY_MIN - 1);
    assert_true(train_values_learn_from(&l[n - 3], self_play));
    name_game(&l[n - 1], "rapfi", "rapfi-2"); /* another set's self-play game */
    name_game(&l[n - 2], "gamok", "pela");    /* another set's game between two brains */
    name_game(&l[n - 3], "gamok-2", "gamok");
    train_count_self_play(l, n, self_play);
    assert_int_equal(self_play[set], TRAIN_SELF_PLAY_MIN);
    assert_true(train_values_learn_from(&l[0], self_play));
    assert_true(train_values_learn_from(&l[n - 2], self_play));
    name_game(&l[0], "gamok", "rapfi");
    assert_false(train_values_learn_from(&l[0], self_play));
    free(l);
}

/* ---- the learned sets' index --------------------------------------------------------------- */

static uint32_t nibble(uint32_t key, int d) { return (key >> (4 * d)) & 15; }

static void combination_ignores_directions(void **state)
{
    (void)state;
    static const int PERM[][4] = {{1, 0, 2, 3}, {3, 2, 1, 0}, {2, 3, 0, 1}, {0, 3, 1, 2}};
    for (uint32_t key = 0; key < CELL_KEYS; key += 7) {
        uint32_t c = pattern_combination(key);
        for (size_t p = 0; p < sizeof PERM / sizeof PERM[0]; p++) {
            uint32_t moved = 0;
            for (int d = 0; d < 4; d++) moved |= nibble(key, PERM[p][d]) << (4 * d);
            assert_int_equal(pattern_combination(moved), c);
        }
        for (int d = 0; d < 3; d++) assert_true(nibble(c, d) >= nibble(c, d + 1));
        for (int d = 0; d < 4; d++) assert_true(nibble(c, d) == PAT_NONE || nibble(c, d) >= PAT_B2);
    }
    uint32_t f3_f1 = PAT_F3 | PAT_F1 << 4 | PAT_B1 << 8;
    assert_int_equal(pattern_combination(f3_f1), PAT_F3);
}

/* Every table entry is what pattern_cell_entry says, learned sets included, and a learned set
 * differs from its prior only in values, never in classes. */
static void tables_hold_each_sets_entries(void **state)
{
    const Fixture *f = *state;
    for (int set = 0; set < VALUE_SET_COUNT; set++)
        for (int rb = 0; rb < 2; rb++) {
            const uint16_t *table = f->tables->cell[CELL_TABLE_ID(set, rb)];
            const uint16_t *prior = f->tables->cell[CELL_TABLE_ID(value_set_prior(set), rb)];
            for (uint32_t key = 0; key < CELL_KEYS; key += 3) {
                assert_int_equal(table[key], pattern_cell_entry(key, (ValueSet)set, rb));
                assert_int_equal(CELL_ENTRY_CLASS(table[key]), CELL_ENTRY_CLASS(prior[key]));
                assert_int_equal(table[key], table[pattern_combination(key)]);
            }
        }
}

/* ---- the model ----------------------------------------------------------------------------- */

typedef struct Replay {
    const TrainData *data;
    const TrainModel *model;
    int next; /* the position index the trainer gave this one */
    int compared;
} Replay;

static int compare_with_evaluator(const Board *b, int move, float result, void *ctx)
{
    (void)move;
    (void)result;
    Replay *r = ctx;
    int32_t score = inc_score(board_incremental(b), b->to_move);
    double model = train_eval(r->data, r->model, r->next++);
    if (score > -SCORE_STATIC_MAX && score < SCORE_STATIC_MAX) { /* not clamped */
        assert_true(fabs(model - score) < 1e-6);
        r->compared++;
    }
    return 0;
}

/* With the shipped tables, and with a threat term on every mask (so that the trainer's threat
 * features are checked against the evaluator's whatever the shipped sets learned). */
static void model_is_the_evaluators_static_score(void **state)
{
    const Fixture *f = *state;
    PatternTables *threats = pattern_tables_create();
    assert_non_null(threats);
    for (int ct = 0; ct < CT_COUNT; ct++)
        for (int mask = 0; mask < THREAT_MASKS; mask++)
            threats->threat[ct][mask] = (int32_t)((mask * 53 + ct * 7) % 301) - 150;
    const PatternTables *tables[2] = {f->tables, threats};
    for (int k = 0; k < 2; k++) {
        TrainModel played = train_model_played(&f->data, tables[k]);
        assert_non_null(played.value);
        Replay r = {&f->data, &played, 0, 0};
        for (int i = 0; i < f->games.count; i++) {
            const GameRecord *g = &f->games.items[i];
            if (score_learned_set(g->rule, g->size) < 0) continue;
            assert_true(fit_walk_game(tables[k], g, FIT_QUIET, compare_with_evaluator, &r) >= 0);
        }
        assert_int_equal(r.next, f->data.npos);
        assert_true(r.compared > f->data.npos / 2);
        train_model_free(&played);
    }
    pattern_tables_destroy(threats);
}

static void gradient_matches_finite_differences(void **state)
{
    const Fixture *f = *state;
    const TrainData *d = &f->data;
    const double h = 1e-3;
    double l2[VALUE_SET_COUNT]; /* a different pull for each set */
    for (int s = 0; s < VALUE_SET_COUNT; s++) l2[s] = 1e-5 * (s + 1);
    TrainModel m = train_model_prior(d, f->tables);
    int n = d->params.count + VALUE_SET_COUNT;
    double *grad = malloc((size_t)n * sizeof *grad), *scratch = malloc((size_t)n * sizeof *grad);
    assert_non_null(m.value);
    assert_non_null(grad);
    assert_non_null(scratch);
    for (int p = 0; p < d->params.count; p++) m.value[p] += (p % 7) * 3.0; /* off the prior */
    train_objective(d, &m, l2, grad);
    int checked = 0;
    for (int p = 0; p < d->params.count; p++) {
        if (d->params.items[p].seen < 10) continue;
        double keep = m.value[p];
        m.value[p] = keep + h;
        double up = train_objective(d, &m, l2, scratch);
        m.value[p] = keep - h;
        double down = train_objective(d, &m, l2, scratch);
        m.value[p] = keep;
        double numeric = (up - down) / (2 * h);
        assert_true(fabs(numeric - grad[p]) <= 1e-4 * fabs(grad[p]) + 1e-9);
        checked++;
    }
    int set = VALUES_LEARNED_FREESTYLE15;
    double keep = m.tempo[set];
    m.tempo[set] = keep + h;
    double up = train_objective(d, &m, l2, scratch);
    m.tempo[set] = keep - h;
    double down = train_objective(d, &m, l2, scratch);
    assert_true(fabs((up - down) / (2 * h) - grad[d->params.count + set])
                <= 1e-4 * fabs(grad[d->params.count + set]) + 1e-9);
    assert_true(checked >= 20);
    free(grad);
    free(scratch);
    train_model_free(&m);
}

static void fit_lowers_the_held_out_loss_the_same_way_every_time(void **state)
{
    Fixture *f = *state;
    TrainData *d = &f->data;
    const int set = VALUES_LEARNED_FREESTYLE15;
    TrainModel prior = train_model_prior(d, f->tables);
    TrainOptions o = {.iters = 300, .rate = 4, .patience = 300, .min_seen = 5}; /* no l2 */
    TrainModel a = train_fit(d, &prior, &o, 0, NULL, NULL);
    TrainModel b = train_fit(d, &prior, &o, 0, NULL, NULL);
    assert_non_null(a.value);
    assert_non_null(b.value);
    assert_true(train_loss(d, &a, set, true) < train_loss(d, &prior, set, true));
    assert_true(train_loss(d, &a, set, false) < train_loss(d, &prior, set, false));
    assert_memory_equal(a.value, b.value, (size_t)d->params.count * sizeof a.value[0]);
    int moved[2] = {0, 0}; /* cell values, threat terms (those may be negative) */
    for (int p = 0; p < d->params.count; p++) {
        bool threat = d->params.items[p].side == TRAIN_SIDE_THREAT;
        double lo = threat ? -TRAIN_TERM_MAX : 0, hi = threat ? TRAIN_TERM_MAX : CELL_VALUE_MAX;
        assert_true(a.value[p] >= lo && a.value[p] <= hi);
        if (d->params.items[p].seen < o.min_seen) assert_true(a.value[p] == prior.value[p]);
        moved[threat] += a.value[p] != prior.value[p];
    }
    assert_true(moved[0] > 0 && moved[1] > 0);
    train_model_free(&prior);
    train_model_free(&a);
    train_model_free(&b);
}

/* A set's L2 pulls its own numbers toward the prior and no other set's. */
static void l2_pulls_only_its_own_set(void **state)
{
    Fixture *f = *state;
    TrainData *d = &f->data;
    const int set = VALUES_LEARNED_FREESTYLE15;
    TrainModel prior = train_model_prior(d, f->tables);
    TrainOptions o = {.iters = 300, .rate = 4, .patience = 300, .min_seen = 5}; /* no l2 */
    TrainModel free_fit = train_fit(d, &prior, &o, 0, NULL, NULL);
    o.l2[set] = 1e-4;
    TrainModel pulled = train_fit(d, &prior, &o, 0, NULL, NULL);
    assert_non_null(free_fit.value);
    assert_non_null(pulled.value);
    double off[2] = {0, 0}; /* squared distance from the prior: free, pulled */
    int others = 0;
    for (int p = 0; p < d->params.count; p++) {
        double base = prior.value[p];
        if (d->params.items[p].set != set) {
            assert_true(pulled.value[p] == free_fit.value[p]);
            others += pulled.value[p] != base;
            continue;
        }
        off[0] += (free_fit.value[p] - base) * (free_fit.value[p] - base);
        off[1] += (pulled.value[p] - base) * (pulled.value[p] - base);
    }
    assert_true(others > 0); /* another set trained, and was left as it was */
    assert_true(off[1] < 0.5 * off[0]);
    train_model_free(&prior);
    train_model_free(&free_fit);
    train_model_free(&pulled);
}

/* ---- TD(lambda) targets --------------------------------------------------------------------- */

/* lambda 1: every target is the game's result for its side to move. */
static void td_targets_at_lambda_one_are_the_results(void **state)
{
    Fixture *f = *state;
    TrainData *d = &f->data;
    TrainModel m = train_model_prior(d, f->tables);
    assert_non_null(m.value);
    train_td_targets(d, &m, 0.0); /* first something else, so that the test sees a change */
    train_td_targets(d, &m, 1.0);
    for (int i = 0; i < d->npos; i++) assert_true(d->pos[i].target == d->pos[i].result);
    train_model_free(&m);
}

/* lambda 0: a target is the model's prediction of the game's next position, seen by the side
 * to move here; a game's last position aims at its result. Both movers' cases occur. */
static void td_targets_at_lambda_zero_are_the_next_prediction(void **state)
{
    Fixture *f = *state;
    TrainData *d = &f->data;
    TrainModel m = train_model_prior(d, f->tables);
    assert_non_null(m.value);
    train_td_targets(d, &m, 0.0);
    int flipped = 0, kept = 0, last = 0;
    for (int i = 0; i < d->npos; i++) {
        const TrainPosition *q = &d->pos[i], *next = &d->pos[i + 1];
        if (i + 1 == d->npos || next->game != q->game) {
            assert_true(q->target == q->result);
            last++;
            continue;
        }
        double v = 1 / (1 + exp(-m.k[next->set] * train_eval(d, &m, i + 1)));
        double want = next->mover == q->mover ? v : 1 - v;
        assert_true(fabs(q->target - want) < 1e-6);
        flipped += next->mover != q->mover;
        kept += next->mover == q->mover;
    }
    assert_true(flipped > 0 && kept > 0 && last >= 20);
    train_td_targets(d, &m, 1.0);
    train_model_free(&m);
}

/* A fit aiming at TD(0.7) returns lowers the held-out loss against results too, the same way
 * every time, and ends somewhere else than the fit aiming at results. */
static void td_fit_lowers_the_held_out_loss(void **state)
{
    Fixture *f = *state;
    TrainData *d = &f->data;
    const int set = VALUES_LEARNED_FREESTYLE15;
    TrainModel prior = train_model_prior(d, f->tables);
    TrainOptions o = {.iters = 300, .rate = 4, .patience = 300, .min_seen = 5}; /* no l2 */
    TrainModel texel = train_fit(d, &prior, &o, 0, NULL, NULL);
    o.td = true;
    o.td_lambda = 0.7;
    TrainModel a = train_fit(d, &prior, &o, 0, NULL, NULL);
    TrainModel b = train_fit(d, &prior, &o, 0, NULL, NULL);
    assert_non_null(texel.value);
    assert_non_null(a.value);
    assert_non_null(b.value);
    assert_true(train_loss(d, &a, set, true) < train_loss(d, &prior, set, true));
    assert_memory_equal(a.value, b.value, (size_t)d->params.count * sizeof a.value[0]);
    assert_memory_not_equal(a.value, texel.value, (size_t)d->params.count * sizeof a.value[0]);
    train_td_targets(d, &prior, 1.0);
    train_model_free(&prior);
    train_model_free(&texel);
    train_model_free(&a);
    train_model_free(&b);
}

/* The written header lists every number that moved, in the form the build reads. */
static void written_values_list_every_moved_number(void **state)
{
    const Fixture *f = *state;
    const TrainData *d = &f->data;
    TrainModel m = train_model_prior(d, f->tables);
    assert_non_null(m.value);
    int moved = 0;
    for (int p = 0; p < d->params.count; p += 5) {
        m.value[p] = d->params.items[p].prior + 40;
        moved++;
    }
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    assert_non_null(mem);
    assert_int_equal(train_write_values(mem, d, &m, "test"), 0);
    fclose(mem);
    int listed = 0;
    for (const char *s = strstr(text, "LEARNED_CELL_LIST(X)"); s && (s = strstr(s, "X(")); s++) {
        char set[64];
        int rb, value;
        unsigned combination;
        assert_int_equal(sscanf(s, "X(%63[A-Z_0-9], %d, 0x%x, %d)", set, &rb, &combination, &value),
                         4);
        listed++;
    }
    int live = 0; /* sets with held-out games are written */
    for (int p = 0; p < d->params.count; p += 5)
        live += d->positions[d->params.items[p].set][0] && d->positions[d->params.items[p].set][1];
    assert_int_equal(listed, live);
    assert_true(live > 0 && live <= moved);
    assert_non_null(strstr(text, "#define LEARNED_TEMPO_LIST(X)"));
    assert_non_null(strstr(text, "#define LEARNED_THREAT_LIST(X)"));
    free(text);
    train_model_free(&m);
}

/* ---- labels --------------------------------------------------------------------------------- */

/* Game g's corpus line followed by a label for every ply from its opening on, ply / 1000 (or
 * `bad` for the first), into line. */
static void label_line(const GameRecord *g, char *line, size_t room, const char *bad)
{
    FILE *mem = fmemopen(line, room, "w");
    assert_non_null(mem);
    assert_int_equal(corpus_write(mem, g, "100ms"), 0);
    fseek(mem, -1, SEEK_CUR); /* over the newline */
    fputs(" |", mem);
    for (int ply = g->nopening; ply < g->nmoves; ply++)
        if (ply == g->nopening && bad) fprintf(mem, " %s", bad);
        else fprintf(mem, " %d:%.3f", ply, ply / 1000.0);
    fclose(mem);
}

/* A labels line finds its game by the corpus key: each of the game's positions then carries its
 * ply's label and aims at the mix of label and result; a line whose moves differ labels nothing;
 * a line with a bad pair or a probability above 1 is refused. */
static void labels_mix_into_their_positions_targets(void **state)
{
    Fixture *f = *state;
    const GameRecord *g = &f->games.items[0];
    GameRecord *other = malloc(sizeof *other);
    char *line = malloc(CORPUS_LINE_MAX + 12 * BOARD_CELLS);
    const size_t room = CORPUS_LINE_MAX + 12 * BOARD_CELLS;
    assert_non_null(other);
    assert_non_null(line);
    TrainLabels labels = {0};
    label_line(g, line, room, "3:1.5");
    assert_int_equal(train_labels_parse(&labels, line), -1);
    label_line(g, line, room, "x");
    assert_int_equal(train_labels_parse(&labels, line), -1);
    *other = *g;
    other->nmoves--; /* another game: its key differs */
    label_line(other, line, room, NULL);
    assert_int_equal(train_labels_parse(&labels, line), 0);
    assert_null(train_labels_of(&labels, g));
    label_line(g, line, room, NULL);
    assert_int_equal(train_labels_parse(&labels, line), 0);
    train_labels_sort(&labels);
    assert_int_equal(labels.count, 2);
    assert_non_null(train_labels_of(&labels, g));

    TrainData d = {.labels = &labels, .label_weight = 0.25};
    assert_true(train_add_game(&d, f->tables, g) > 1);
    TrainModel m = train_model_prior(&d, f->tables);
    assert_non_null(m.value);
    train_td_targets(&d, &m, 1.0);
    for (int i = 0; i < d.npos; i++) {
        const TrainPosition *q = &d.pos[i];
        assert_true(q->label >= g->nopening / 1000.0 - 1e-6 && q->label < g->nmoves / 1000.0);
        assert_true(i == 0 || q->label > d.pos[i - 1].label); /* in move order, by ply */
        assert_true(fabs(q->target - (0.25 * q->label + 0.75 * q->result)) < 1e-6);
    }
    for (int i = 0; i < f->data.npos; i++) assert_true(f->data.pos[i].label < 0);
    train_model_free(&m);
    train_data_free(&d);
    train_labels_free(&labels);
    free(line);
    free(other);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(corpus_lines_read_back_as_written),
        cmocka_unit_test(corpus_refuses_bad_lines),
        cmocka_unit_test(corpus_keeps_games_decided_on_the_board),
        cmocka_unit_test(corpus_split_is_by_game),
        cmocka_unit_test(corpus_tells_a_brain_against_its_copy),
        cmocka_unit_test(values_learn_from_self_play_alone_once_a_set_has_enough),
        cmocka_unit_test(combination_ignores_directions),
        cmocka_unit_test(tables_hold_each_sets_entries),
        cmocka_unit_test(model_is_the_evaluators_static_score),
        cmocka_unit_test(gradient_matches_finite_differences),
        cmocka_unit_test(fit_lowers_the_held_out_loss_the_same_way_every_time),
        cmocka_unit_test(l2_pulls_only_its_own_set),
        cmocka_unit_test(td_targets_at_lambda_one_are_the_results),
        cmocka_unit_test(td_targets_at_lambda_zero_are_the_next_prediction),
        cmocka_unit_test(td_fit_lowers_the_held_out_loss),
        cmocka_unit_test(written_values_list_every_moved_number),
        cmocka_unit_test(labels_mix_into_their_positions_targets),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
