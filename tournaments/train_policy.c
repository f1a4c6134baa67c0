#include "tournaments/train_policy.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "brain/board.h"
#include "brain/moves.h"
#include "brain/search.h"
#include "kernels/incremental.h"
#include "kernels/policy.h"
#include "kernels/score.h"
#include "tournaments/corpus.h"
#include "tournaments/fit.h"

/* ---- the data ------------------------------------------------------------------------------ */

typedef struct GameContext {
    PolicyData *data;
    int set; /* the learned set */
    bool held_out;
    const int16_t *chosen; /* by ply, a stronger brain's moves (train_labels.h), or NULL */
} GameContext;

/* The number of one part of a cell key; -1 when out of memory. */
static int param_of(GameContext *g, int side, bool renju_black, uint32_t key)
{
    uint32_t combination = pattern_combination(key);
    int32_t *slot = train_params_slot(&g->data->params, g->set, side, renju_black, combination);
    if (!slot) return -1;
    if (*slot) return *slot - 1;
    ValueSet prior_set = value_set_prior((ValueSet)g->set);
    uint16_t entry = pattern_cell_entry(combination, prior_set, renju_black);
    int32_t prior = side == POLICY_OWN ? policy_own_part(entry) : policy_opp_part(entry);
    TrainParam p = {(uint8_t)g->set, (uint8_t)side, renju_black, (uint16_t)combination,
                    (float)prior, 0, 0, false};
    return train_params_add(&g->data->params, slot, p);
}

/* The locality number of the `back`-th earlier move's `bucket`; -1 when out of memory. */
static int near_param_of(GameContext *g, int back, int bucket)
{
    int32_t *slot = &g->data->near_slot[g->set][back * POLICY_NEAR_BUCKETS + bucket];
    if (*slot) return *slot - 1;
    TrainParam p = {(uint8_t)g->set, 0, false, (uint16_t)bucket, 0, 0, (uint8_t)(1 + back), false};
    return train_params_add(&g->data->params, slot, p);
}

/* The shape number of part `side` and line form `form`, one for a form and its mirror image
 * (named by the smaller of the two: the board's symmetries make them the same shape); -1 when
 * out of memory. */
static int form_param_of(GameContext *g, const PatternTables *t, int side, uint32_t form)
{
    PolicyData *d = g->data;
    if (t->form_mirror[form] < form)
        form = t->form_mirror[form];
    if (!d->form_slot)
        d->form_slot = calloc((size_t)VALUE_SET_COUNT * POLICY_FORM_PARTS * LINE_FORMS,
                              sizeof *d->form_slot);
    if (!d->form_slot) return -1;
    int32_t *slot = &d->form_slot[((size_t)g->set * POLICY_FORM_PARTS + side) * LINE_FORMS + form];
    if (*slot) return *slot - 1;
    TrainParam p = {(uint8_t)g->set, (uint8_t)side, false, (uint16_t)form, 0, 0, 0, true};
    return train_params_add(&g->data->params, slot, p);
}

/* A candidate's shape numbers (-1 where its set has none); -1 when out of memory. */
static int add_form_params(GameContext *g, const IncState *inc, int me, int cell,
                           PolicyCandidate *c)
{
    int who[POLICY_FORM_PARTS] = {me, opponent_of(me)}; /* own, opp */
    for (int side = 0; side < POLICY_FORM_PARTS; side++)
        for (int d = 0; d < 4; d++) {
            int32_t *p = &c->form[side * 4 + d];
            *p = -1;
            if (!score_policy_form_plays(g->set)) continue;
            uint32_t form = inc_line_form(inc, who[side], cell, d);
            if ((*p = form_param_of(g, inc->tables, side, form)) < 0)
                return -1;
            g->data->params.items[*p].seen++;
        }
    return 0;
}

static int push_candidate(PolicyData *d, PolicyCandidate c)
{
    if (d->ncand == d->cand_room) {
        int64_t room = d->cand_room ? 2 * d->cand_room : 1 << 16;
        PolicyCandidate *p = realloc(d->cand, (size_t)room * sizeof *p);
        if (!p) return -1;
        d->cand = p;
        d->cand_room = room;
    }
    d->cand[d->ncand++] = c;
    return 0;
}

static int push_position(PolicyData *d, PolicyPosition p)
{
    if (d->npos == d->pos_room) {
        int room = d->pos_room ? 2 * d->pos_room : 1024;
        PolicyPosition *q = realloc(d->pos, (size_t)room * sizeof *q);
        if (!q) return -1;
        d->pos = q;
        d->pos_room = room;
    }
    d->pos[d->npos++] = p;
    return 0;
}

static int add_position(const Board *b, int move, float result, void *ctx)
{
    GameContext *g = ctx;
    PolicyData *d = g->data;
    if (g->chosen) { /* the labeller's moves where it chose one, whoever won */
        int chosen = g->chosen[board_count(b, BLACK) + board_count(b, WHITE)];
        if (chosen < 0) return 0;
        move = chosen;
    } else if (result != 1.0f) {
        return 0; /* the winner's moves only */
    }
    uint16_t moves[MOVES_MAX];
    int n = moves_candidates(b, TREE_RADIUS, moves), chosen = -1;
    for (int i = 0; i < n; i++) chosen = moves[i] == move ? i : chosen;
    if (chosen < 0 || n < 2) return 0; /* outside the tree's cells, or nothing to choose */
    const IncState *inc = board_incremental(b);
    int me = b->to_move, shift_me = me == BLACK ? 0 : 16;
    bool renju = b->rule == RULE_RENJU;
    PolicyPosition pos = {d->ncand, n, chosen, (uint8_t)g->set, g->held_out};
    PolicyRecent recent = policy_recent(b->history, b->nstones);
    for (int i = 0; i < n; i++) {
        uint32_t key = inc->cell_key[moves[i]];
        int own = param_of(g, POLICY_OWN, renju && me == BLACK, (key >> shift_me) & 0xFFFFu);
        int opp = param_of(g, POLICY_OPP, renju && me == WHITE, (key >> (16 - shift_me)) & 0xFFFFu);
        PolicyCandidate c = {.own = own, .opp = opp};
        for (int k = 0; k < POLICY_NEAR_MOVES; k++) {
            c.near[k] = -1;
            if (!score_policy_near_plays(g->set)) continue;
            int bucket = policy_near_bucket(moves[i], recent.earlier[k]);
            if ((c.near[k] = near_param_of(g, k, bucket)) < 0)
                return -1;
            d->params.items[c.near[k]].seen++;
        }
        if (add_form_params(g, inc, me, moves[i], &c)) return -1;
        if (own < 0 || opp < 0 || push_candidate(d, c)) return -1;
        d->params.items[own].seen++;
        d->params.items[opp].seen++;
    }
    d->positions[g->set][g->held_out]++;
    return push_position(d, pos);
}

int policy_add_game(PolicyData *d, const PatternTables *t, const GameRecord *g)
{
    int set = score_learned_set(g->rule, g->size);
    const TrainLabelGame *labelled = train_labels_of(d->labels, g);
    const int16_t *chosen = labelled ? labelled->move : NULL;
    if (set < 0 || (g->winner == 0 && !chosen)) return 0;
    GameContext ctx = {d, set, corpus_held_out(g), chosen};
    int n = fit_walk_game(t, g, FIT_NO_FIVE, add_position, &ctx);
    d->games[set] += n >= 0;
    return n;
}

void policy_data_free(PolicyData *d)
{
    free(d->cand);
    free(d->pos);
    free(d->form_slot);
    train_params_free(&d->params);
    *d = (PolicyData){0};
}

/* ---- the model ----------------------------------------------------------------------------- */

/* A candidate's priority: its two parts, its locality and shape parts (where its set has them). */
static double priority(const PolicyData *d, const PolicyModel *m, int64_t i)
{
    const PolicyCandidate *c = &d->cand[i];
    double sum = m->value[c->own] + m->value[c->opp];
    for (int k = 0; k < POLICY_NEAR_MOVES && c->near[k] >= 0; k++) sum += m->value[c->near[k]];
    for (int k = 0; k < POLICY_FORM_PARTS * 4 && c->form[k] >= 0; k++)
        sum += m->value[c->form[k]];
    return sum;
}

static double logit(const PolicyData *d, const PolicyModel *m, const PolicyPosition *q,
                    int64_t i)
{
    return priority(d, m, i) / m->temp[q->set];
}

/* The position's softmax into p (n entries); returns the cross-entropy of the chosen move. */
static double softmax(const PolicyData *d, const PolicyModel *m, const PolicyPosition *q,
                      double *p)
{
    double top = -INFINITY, sum = 0;
    for (int i = 0; i < q->n; i++) {
        p[i] = logit(d, m, q, q->first + i);
        top = p[i] > top ? p[i] : top;
    }
    for (int i = 0; i < q->n; i++) sum += p[i] = exp(p[i] - top);
    double chosen = p[q->chosen];
    for (int i = 0; i < q->n; i++) p[i] /= sum;
    return -log(chosen / sum);
}

double policy_loss(const PolicyData *d, const PolicyModel *m, int set, bool held_out)
{
    double p[MOVES_MAX], sum = 0;
    int n = 0;
    for (int i = 0; i < d->npos; i++) {
        const PolicyPosition *q = &d->pos[i];
        if (q->set != set || q->held_out != held_out) continue;
        sum += softmax(d, m, q, p);
        n++;
    }
    return n ? sum / n : NAN;
}

/* The chosen move's place in the search's order: higher first, ties in cell order. */
static int rank_of_chosen(const PolicyData *d, const PolicyModel *m, const PolicyPosition *q)
{
    double mine = priority(d, m, q->first + q->chosen);
    int rank = 0;
    for (int i = 0; i < q->n; i++) {
        double v = priority(d, m, q->first + i);
        rank += v > mine || (v == mine && i < q->chosen);
    }
    return rank;
}

void policy_recall(const PolicyData *d, const PolicyModel *m, int set, bool held_out,
                   double *top1, double *top5)
{
    int n = 0, first = 0, five = 0;
    for (int i = 0; i < d->npos; i++) {
        const PolicyPosition *q = &d->pos[i];
        if (q->set != set || q->held_out != held_out) continue;
        int rank = rank_of_chosen(d, m, q);
        first += rank == 0;
        five += rank < 5;
        n++;
    }
    *top1 = n ? (double)first / n : NAN;
    *top5 = n ? (double)five / n : NAN;
}

/* The T that fits a set's training positions best under `m` (a scan). */
static double best_temp(const PolicyData *d, const PolicyModel *m, int set)
{
    PolicyModel probe = *m;
    double best = INFINITY, temp_best = 1;
    for (double temp = 1; temp < 1e6; temp *= 1.1) {
        probe.temp[set] = temp;
        double l = policy_loss(d, &probe, set, false);
        if (l < best) {
            best = l;
            temp_best = temp;
        }
    }
    return temp_best;
}

PolicyModel policy_model_prior(const PolicyData *d)
{
    PolicyModel m = {calloc((size_t)d->params.count + 1, sizeof(double)), {0}, d->params.count};
    if (!m.value) return m;
    for (int p = 0; p < d->params.count; p++) m.value[p] = d->params.items[p].prior;
    for (int set = 0; set < VALUE_SET_COUNT; set++) {
        m.temp[set] = 1000;
        if (d->positions[set][0]) m.temp[set] = best_temp(d, &m, set);
    }
    return m;
}

PolicyModel policy_model_copy(const PolicyModel *m)
{
    PolicyModel c = *m;
    c.value = malloc(((size_t)m->nparams + 1) * sizeof(double));
    if (c.value) memcpy(c.value, m->value, (size_t)m->nparams * sizeof(double));
    return c;
}

void policy_model_free(PolicyModel *m)
{
    free(m->value);
    m->value = NULL;
}

double policy_objective(const PolicyData *d, const PolicyModel *m, double *grad)
{
    memset(grad, 0, (size_t)d->params.count * sizeof *grad);
    double p[MOVES_MAX], sum = 0;
    for (int i = 0; i < d->npos; i++) {
        const PolicyPosition *q = &d->pos[i];
        if (q->held_out) continue;
        double scale = 1.0 / (d->positions[q->set][0] * m->temp[q->set]);
        sum += softmax(d, m, q, p) / d->positions[q->set][0];
        for (int j = 0; j < q->n; j++) {
            double g = (p[j] - (j == q->chosen)) * scale; /* d loss / d priority */
            const PolicyCandidate *c = &d->cand[q->first + j];
            grad[c->own] += g;
            grad[c->opp] += g;
            for (int k = 0; k < POLICY_NEAR_MOVES && c->near[k] >= 0; k++) grad[c->near[k]] += g;
            for (int k = 0; k < POLICY_FORM_PARTS * 4 && c->form[k] >= 0; k++)
                grad[c->form[k]] += g;
        }
    }
    return sum;
}

/* ---- the fit ------------------------------------------------------------------------------- */

static void copy_set(const PolicyData *d, PolicyModel *to, const PolicyModel *from, int set)
{
    for (int p = 0; p < d->params.count; p++)
        if (d->params.items[p].set == set) to->value[p] = from->value[p];
}

PolicyModel policy_fit(const PolicyData *d, const PolicyModel *start, const TrainOptions *o,
                       int every, PolicyReport report, void *ctx)
{
    int n = d->params.count;
    PolicyModel m = policy_model_copy(start), best = policy_model_copy(start);
    double *grad = calloc((size_t)n + 1, sizeof *grad);
    TrainAdam a = {calloc((size_t)n + 1, sizeof(double)), calloc((size_t)n + 1, sizeof(double))};
    TrainStop stop;
    for (int s = 0; s < VALUE_SET_COUNT; s++) {
        bool trains = d->positions[s][0] > 0 && d->positions[s][1] > 0;
        train_stop_start(&stop, s, trains, trains ? policy_loss(d, start, s, true) : 0);
    }
    for (int step = 1; m.value && best.value && grad && a.m && a.v && step <= o->iters; step++) {
        policy_objective(d, &m, grad);
        for (int p = 0; p < n; p++) {
            const TrainParam *q = &d->params.items[p];
            if (stop.live[q->set] && q->seen >= o->min_seen)
                train_adam_step(&a, &m.value[p], grad, p, step, o->rate, -1e6, 1e6);
        }
        for (int s = 0; s < VALUE_SET_COUNT; s++)
            if (stop.live[s] && train_stop_step(&stop, s, policy_loss(d, &m, s, true), o->patience))
                copy_set(d, &best, &m, s);
        if (report && every > 0 && step % every == 0) report(step, &m, ctx);
        if (!train_stop_any(&stop)) break;
    }
    policy_model_free(&m);
    free(grad);
    free(a.m);
    free(a.v);
    return best;
}

/* ---- the output ---------------------------------------------------------------------------- */

/* Whether a number goes to the file: its set learned, and it moved off its prior. */
static bool learned_number(const PolicyData *d, const PolicyModel *m, int p)
{
    const TrainParam *q = &d->params.items[p];
    return d->positions[q->set][0] && d->positions[q->set][1]
        && lround(m->value[p]) != lround(q->prior);
}

int policy_write(FILE *f, const PolicyData *d, const PolicyModel *m, const char *provenance)
{
    fprintf(f, "/* The learned move policy (kernels/policy.h), written by `make train`\n"
               " * (tournaments/train_tool.c); do not edit by hand.%s\n"
               " *   LEARNED_POLICY_LIST: X(set, side (0 own, 1 opp), renju_black, combination\n"
               " *   (pattern_combination), priority); combinations the corpus never showed keep\n"
               " *   the prior's priority.\n"
               " *   LEARNED_POLICY_NEAR_LIST: X(set, earlier move (0 the last), bucket\n"
               " *   (policy_near_bucket), priority); the others are 0.\n"
               " *   LEARNED_POLICY_FORM_LIST: X(set, part (0 own, 1 opp), line form (LineForms),\n"
               " *   priority); the others are 0. */\n"
               "#ifndef GAMOK_LEARNED_POLICY_H\n#define GAMOK_LEARNED_POLICY_H\n\n"
               "#define LEARNED_POLICY_LIST(X)",
            provenance);
    for (int p = 0; p < d->params.count; p++) {
        const TrainParam *q = &d->params.items[p];
        if (!q->near && !q->form && learned_number(d, m, p))
            fprintf(f, " \\\n    X(%s, %d, %d, 0x%04X, %ld)", train_set_macro(q->set), q->side,
                    q->renju_black, q->combination, lround(m->value[p]));
    }
    fprintf(f, "\n\n#define LEARNED_POLICY_NEAR_LIST(X)");
    for (int p = 0; p < d->params.count; p++) {
        const TrainParam *q = &d->params.items[p];
        if (q->near && learned_number(d, m, p))
            fprintf(f, " \\\n    X(%s, %d, %d, %ld)", train_set_macro(q->set), q->near - 1,
                    q->combination, lround(m->value[p]));
    }
    fprintf(f, "\n\n#define LEARNED_POLICY_FORM_LIST(X)");
    for (int p = 0; p < d->params.count; p++) {
        const TrainParam *q = &d->params.items[p];
        if (q->form && learned_number(d, m, p))
            fprintf(f, " \\\n    X(%s, %d, %d, %ld)", train_set_macro(q->set), q->side,
                    q->combination, lround(m->value[p]));
    }
    return fprintf(f, "\n\n#endif\n") < 0 ? -1 : 0;
}
