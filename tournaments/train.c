#include "tournaments/train.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "brain/board.h"
#include "kernels/incremental.h"
#include "kernels/score.h"
#include "tournaments/corpus.h"
#include "tournaments/fit.h"

/* ---- the data ------------------------------------------------------------------------------ */

enum { SIDES = 2 };

int32_t *train_params_slot(TrainParams *r, int set, int side, bool renju_black,
                           uint32_t combination)
{
    if (!r->slot
        && !(r->slot = calloc((size_t)VALUE_SET_COUNT * SIDES * 2 * CELL_KEYS, sizeof(int32_t))))
        return NULL;
    return &r->slot[(((size_t)set * SIDES + side) * 2 + renju_black) * CELL_KEYS + combination];
}

int train_params_add(TrainParams *r, int32_t *slot, TrainParam p)
{
    if (r->count == r->room) {
        int room = r->room ? 2 * r->room : 256;
        TrainParam *items = realloc(r->items, (size_t)room * sizeof *items);
        if (!items) return -1;
        r->items = items;
        r->room = room;
    }
    r->items[r->count] = p;
    *slot = ++r->count;
    return r->count - 1;
}

void train_params_free(TrainParams *r)
{
    free(r->items);
    free(r->slot);
    *r = (TrainParams){0};
}

/* The value of a cell key in `set`, or -1 when the cell is worth 0 whatever the numbers (no
 * class from B2 up, or forbidden); -2 when out of memory. */
static int param_of(TrainData *d, int set, bool renju_black, uint32_t key)
{
    uint32_t combination = pattern_combination(key);
    int32_t *slot = train_params_slot(&d->params, set, 0, renju_black, combination);
    if (!slot) return -2;
    if (*slot) return *slot > 0 ? *slot - 1 : -1;
    int cls = CELL_ENTRY_CLASS(pattern_cell_entry(combination, (ValueSet)set, renju_black));
    if (combination == PAT_NONE || cls == CELL_FORBIDDEN || cls == CELL_FORBIDDEN33) {
        *slot = -1;
        return -1;
    }
    ValueSet prior = value_set_prior((ValueSet)set);
    uint16_t entry = pattern_cell_entry(combination, prior, renju_black);
    TrainParam p = {(uint8_t)set, 0, renju_black, (uint16_t)combination,
                    (float)CELL_ENTRY_VALUE(entry), 0, 0, false};
    int i = train_params_add(&d->params, slot, p);
    return i < 0 ? -2 : i;
}

/* The threat term of `mask` in `set` (side TRAIN_SIDE_THREAT, prior 0: no set before the
 * learned ones has one); -2 when out of memory. */
static int threat_param_of(TrainData *d, int set, bool renju_black, int mask)
{
    int32_t *slot = train_params_slot(&d->params, set, TRAIN_SIDE_THREAT, renju_black,
                                      (uint32_t)mask);
    if (!slot) return -2;
    if (*slot) return *slot - 1;
    TrainParam p = {(uint8_t)set, TRAIN_SIDE_THREAT, renju_black, (uint16_t)mask, 0, 0, 0, false};
    int i = train_params_add(&d->params, slot, p);
    return i < 0 ? -2 : i;
}

static int push_term(TrainData *d, int param, int count)
{
    if (d->nterms == d->terms_room) {
        int64_t room = d->terms_room ? 2 * d->terms_room : 1 << 16;
        TrainTerm *t = realloc(d->terms, (size_t)room * sizeof *t);
        if (!t) return -1;
        d->terms = t;
        d->terms_room = room;
    }
    d->terms[d->nterms++] = (TrainTerm){param, count};
    return 0;
}

static int push_position(TrainData *d, TrainPosition p)
{
    if (d->npos == d->pos_room) {
        int room = d->pos_room ? 2 * d->pos_room : 1024;
        TrainPosition *q = realloc(d->pos, (size_t)room * sizeof *q);
        if (!q) return -1;
        d->pos = q;
        d->pos_room = room;
    }
    d->pos[d->npos++] = p;
    return 0;
}

/* A position's parameters are gathered in `touched`, each with its net count; `at` finds a
 * parameter's place in it (valid when stamp says it was set for this position). */
enum { TRAIN_PARAMS_MAX = VALUE_SET_COUNT * 2 * (1024 + THREAT_MASKS) }; /* combinations:
                                                                            715 a table */

typedef struct GameContext {
    TrainData *data;
    int set;
    bool held_out;
    const float *labels; /* the game's, by ply (train_labels_of), or NULL */
    int ntouched, serial;
    int32_t touched[TRAIN_PARAMS_MAX], count[TRAIN_PARAMS_MAX];
    int32_t at[TRAIN_PARAMS_MAX], stamp[TRAIN_PARAMS_MAX];
} GameContext;

static int touch(GameContext *g, int p, int sign)
{
    if (p >= TRAIN_PARAMS_MAX) return -1;
    if (g->stamp[p] != g->serial) {
        g->stamp[p] = g->serial;
        g->at[p] = g->ntouched;
        g->touched[g->ntouched] = p;
        g->count[g->ntouched++] = 0;
    }
    g->count[g->at[p]] += sign;
    return 0;
}

/* The position as terms: each parameter its net count (mover's cells minus opponent's). */
static int add_position(const Board *b, int move, float result, void *ctx)
{
    (void)move;
    GameContext *g = ctx;
    TrainData *d = g->data;
    const IncState *inc = board_incremental(b);
    g->serial++;
    g->ntouched = 0;
    for (int c = 0; c < BOARD_CELLS; c++) {
        if (!board_cell_valid(b, c) || b->cell[c] != EMPTY) continue;
        for (int colour = BLACK; colour <= WHITE; colour++) {
            uint32_t key = (inc->cell_key[c] >> (colour == BLACK ? 0 : 16)) & 0xFFFFu;
            int p = param_of(d, g->set, b->rule == RULE_RENJU && colour == BLACK, key);
            if (p == -2 || (p >= 0 && touch(g, p, colour == b->to_move ? 1 : -1))) return -1;
        }
    }
    if (!d->no_threat) {
        bool renju_black = b->rule == RULE_RENJU && b->to_move == BLACK;
        int p = threat_param_of(d, g->set, renju_black, inc_threat_mask(inc, b->to_move));
        if (p == -2 || touch(g, p, 1)) return -1;
    }
    int ply = board_count(b, BLACK) + board_count(b, WHITE);
    TrainPosition pos = {d->nterms, 0, (uint8_t)g->set, g->held_out, (uint8_t)b->to_move, result,
                         result, g->labels ? g->labels[ply] : -1, d->games_added};
    for (int i = 0; i < g->ntouched; i++) {
        d->params.items[g->touched[i]].seen++;
        if (g->count[i] && push_term(d, g->touched[i], g->count[i])) return -1;
    }
    pos.nterms = (int32_t)(d->nterms - pos.first);
    d->positions[g->set][g->held_out]++;
    return push_position(d, pos);
}

int train_add_game(TrainData *d, const PatternTables *t, const GameRecord *g)
{
    int set = score_learned_set(g->rule, g->size);
    if (set < 0) return 0;
    GameContext *ctx = calloc(1, sizeof *ctx);
    if (!ctx) return -1;
    ctx->data = d;
    ctx->set = set;
    ctx->held_out = corpus_held_out(g);
    const TrainLabelGame *labelled = train_labels_of(d->labels, g);
    ctx->labels = labelled ? labelled->p : NULL;
    if (!d->games[set]) {
        d->rule[set] = g->rule;
        d->size[set] = g->size;
    }
    int n = fit_walk_game(t, g, FIT_QUIET, add_position, ctx);
    free(ctx);
    d->games[set] += n >= 0;
    d->games_added++;
    return n;
}

void train_count_self_play(const GameRecord *l, int n, int self_play[VALUE_SET_COUNT])
{
    memset(self_play, 0, VALUE_SET_COUNT * sizeof *self_play);
    for (int i = 0; i < n; i++) {
        int set = score_learned_set(l[i].rule, l[i].size);
        if (set >= 0 && corpus_self_play(&l[i])) self_play[set]++;
    }
}

bool train_values_learn_from(const GameRecord *g, const int self_play[VALUE_SET_COUNT])
{
    int set = score_learned_set(g->rule, g->size);
    return set < 0 || self_play[set] < TRAIN_SELF_PLAY_MIN || corpus_self_play(g);
}

void train_data_free(TrainData *d)
{
    free(d->terms);
    free(d->pos);
    train_params_free(&d->params);
    *d = (TrainData){0};
}

/* ---- the model ----------------------------------------------------------------------------- */

static double sigmoid(double x) { return 1 / (1 + exp(-x)); }

/* -log of the predicted probability of the result (a draw half of each). */
static double log_loss(double result, double p)
{
    const double tiny = 1e-12;
    return -(result * log(p + tiny) + (1 - result) * log(1 - p + tiny));
}

double train_eval(const TrainData *d, const TrainModel *m, int i)
{
    const TrainPosition *q = &d->pos[i];
    double e = m->tempo[q->set];
    for (int64_t t = q->first; t < q->first + q->nterms; t++)
        e += d->terms[t].count * m->value[d->terms[t].param];
    return e;
}

/* A value for the side to move at `from`, seen by the side to move at `to`. */
static double seen_by(const TrainPosition *from, const TrainPosition *to, double v)
{
    return from->mover == to->mover ? v : 1 - v;
}

/* A return g of position q, mixed with q's label where it has one. */
static float labelled(const TrainData *d, const TrainPosition *q, double g)
{
    return (float)(q->label < 0 ? g : d->label_weight * q->label + (1 - d->label_weight) * g);
}

void train_td_targets(TrainData *d, const TrainModel *m, double lambda)
{
    if (lambda >= 1) { /* the returns are the results: no prediction needed */
        for (int i = 0; i < d->npos; i++)
            d->pos[i].target = labelled(d, &d->pos[i], d->pos[i].result);
        return;
    }
    for (int i = d->npos - 1; i >= 0; i--) {
        TrainPosition *q = &d->pos[i], *next = i + 1 < d->npos ? &d->pos[i + 1] : NULL;
        if (!next || next->game != q->game) { /* the game's last position: its result */
            q->target = labelled(d, q, q->result);
            continue;
        }
        double v = sigmoid(m->k[next->set] * train_eval(d, m, i + 1));
        double g = (1 - lambda) * v + lambda * next->target;
        q->target = labelled(d, q, seen_by(next, q, g));
    }
}

double train_loss(const TrainData *d, const TrainModel *m, int set, bool held_out)
{
    double sum = 0;
    int n = 0;
    for (int i = 0; i < d->npos; i++) {
        if (d->pos[i].set != set || d->pos[i].held_out != held_out) continue;
        sum += log_loss(d->pos[i].result, sigmoid(m->k[set] * train_eval(d, m, i)));
        n++;
    }
    return n ? sum / n : NAN;
}

/* The K that fits a set's training positions best under `m` (a scan). */
static double best_k(const TrainData *d, const TrainModel *m, int set)
{
    TrainModel probe = *m;
    double best = INFINITY, k_best = 1e-3;
    for (double k = 1e-5; k < 0.1; k *= 1.05) {
        probe.k[set] = k;
        double l = train_loss(d, &probe, set, false);
        if (l < best) {
            best = l;
            k_best = k;
        }
    }
    return k_best;
}

TrainModel train_model_prior(const TrainData *d, const PatternTables *t)
{
    TrainModel m = {calloc((size_t)d->params.count + 1, sizeof(double)), {0}, {0}, d->params.count};
    if (!m.value) return m;
    for (int p = 0; p < d->params.count; p++) m.value[p] = d->params.items[p].prior;
    for (int set = 0; set < VALUE_SET_COUNT; set++) {
        m.tempo[set] = t->tempo[value_set_prior((ValueSet)set)];
        m.k[set] = d->positions[set][0] ? best_k(d, &m, set) : 1e-3;
    }
    return m;
}

TrainModel train_model_played(const TrainData *d, const PatternTables *t)
{
    TrainModel m = train_model_prior(d, t);
    if (!m.value) return m;
    for (int p = 0; p < d->params.count; p++) {
        const TrainParam *q = &d->params.items[p];
        int played = score_value_set(d->rule[q->set], d->size[q->set]);
        m.value[p] = q->side == TRAIN_SIDE_THREAT
                       ? t->threat[CELL_TABLE_ID(played, q->renju_black)][q->combination]
                       : CELL_ENTRY_VALUE(pattern_cell_entry(q->combination, played,
                                                             q->renju_black));
    }
    for (int set = 0; set < VALUE_SET_COUNT; set++)
        if (d->games[set]) m.tempo[set] = t->tempo[score_value_set(d->rule[set], d->size[set])];
    return m;
}

TrainModel train_model_copy(const TrainModel *m)
{
    TrainModel c = *m;
    c.value = malloc(((size_t)m->nparams + 1) * sizeof(double));
    if (c.value) memcpy(c.value, m->value, (size_t)m->nparams * sizeof(double));
    return c;
}

void train_model_free(TrainModel *m)
{
    free(m->value);
    m->value = NULL;
}

double train_objective(const TrainData *d, const TrainModel *m, const double *l2, double *grad)
{
    memset(grad, 0, ((size_t)d->params.count + VALUE_SET_COUNT) * sizeof *grad);
    double sum = 0;
    for (int i = 0; i < d->npos; i++) {
        const TrainPosition *q = &d->pos[i];
        if (q->held_out) continue;
        int n = d->positions[q->set][0];
        double k = m->k[q->set], p = sigmoid(k * train_eval(d, m, i));
        sum += log_loss(q->target, p) / n;
        double g = (p - q->target) * k / n; /* d loss / d eval (the target held fixed) */
        grad[d->params.count + q->set] += g;
        for (int64_t t = q->first; t < q->first + q->nterms; t++)
            grad[d->terms[t].param] += g * d->terms[t].count;
    }
    for (int p = 0; p < d->params.count; p++) {
        double off = m->value[p] - d->params.items[p].prior, pull = l2[d->params.items[p].set];
        sum += pull * off * off;
        grad[p] += 2 * pull * off;
    }
    return sum;
}

/* ---- the fit ------------------------------------------------------------------------------- */

static double clamp(double x, double lo, double hi) { return x < lo ? lo : x > hi ? hi : x; }

void train_adam_step(TrainAdam *a, double *x, const double *g, int i, int step, double rate,
                     double lo, double hi)
{
    const double B1 = 0.9, B2 = 0.999, EPS = 1e-12;
    a->m[i] = B1 * a->m[i] + (1 - B1) * g[i];
    a->v[i] = B2 * a->v[i] + (1 - B2) * g[i] * g[i];
    double mh = a->m[i] / (1 - pow(B1, step)), vh = a->v[i] / (1 - pow(B2, step));
    *x = clamp(*x - rate * mh / (sqrt(vh) + EPS), lo, hi);
}

/* Copies set `set`'s numbers from `from` into `to`. */
static void copy_set(const TrainData *d, TrainModel *to, const TrainModel *from, int set)
{
    for (int p = 0; p < d->params.count; p++)
        if (d->params.items[p].set == set) to->value[p] = from->value[p];
    to->tempo[set] = from->tempo[set];
}

void train_stop_start(TrainStop *st, int set, bool trains, double loss)
{
    st->live[set] = trains;
    st->best[set] = st->anchor[set] = trains ? loss : 0;
    st->since[set] = 0;
}

bool train_stop_step(TrainStop *st, int set, double loss, int patience)
{
    bool lowest = loss < st->best[set];
    if (lowest)
        st->best[set] = loss;
    if (loss < st->anchor[set] - TRAIN_MIN_GAIN) {
        st->anchor[set] = loss;
        st->since[set] = 0;
    } else if (++st->since[set] >= patience) {
        st->live[set] = false;
    }
    return lowest;
}

bool train_stop_any(const TrainStop *st)
{
    for (int s = 0; s < VALUE_SET_COUNT; s++)
        if (st->live[s]) return true;
    return false;
}

TrainModel train_fit(TrainData *d, const TrainModel *start, const TrainOptions *o,
                     int every, TrainReport report, void *ctx)
{
    int nvalues = d->params.count, n = nvalues + VALUE_SET_COUNT;
    TrainModel m = train_model_copy(start), best = train_model_copy(start);
    double *grad = calloc((size_t)n, sizeof *grad);
    TrainAdam a = {calloc((size_t)n, sizeof(double)), calloc((size_t)n, sizeof(double))};
    TrainStop stop;
    for (int s = 0; s < VALUE_SET_COUNT; s++) {
        bool trains = d->positions[s][0] > 0 && d->positions[s][1] > 0;
        train_stop_start(&stop, s, trains, trains ? train_loss(d, start, s, true) : 0);
    }
    for (int step = 1; m.value && best.value && grad && a.m && a.v && step <= o->iters; step++) {
        if (o->td ? (step - 1) % TRAIN_TD_REFRESH == 0 : step == 1)
            train_td_targets(d, &m, o->td ? o->td_lambda : 1);
        train_objective(d, &m, o->l2, grad);
        for (int p = 0; p < nvalues; p++) {
            const TrainParam *q = &d->params.items[p];
            bool threat = q->side == TRAIN_SIDE_THREAT;
            if (stop.live[q->set] && q->seen >= o->min_seen)
                train_adam_step(&a, &m.value[p], grad, p, step, o->rate,
                                threat ? -TRAIN_TERM_MAX : 0,
                                threat ? TRAIN_TERM_MAX : CELL_VALUE_MAX);
        }
        for (int s = 0; s < VALUE_SET_COUNT; s++) {
            if (!stop.live[s]) continue;
            train_adam_step(&a, &m.tempo[s], grad, nvalues + s, step, o->rate, -TRAIN_TERM_MAX,
                            TRAIN_TERM_MAX);
            if (train_stop_step(&stop, s, train_loss(d, &m, s, true), o->patience))
                copy_set(d, &best, &m, s);
        }
        if (report && every > 0 && step % every == 0) report(step, &m, ctx);
        if (!train_stop_any(&stop)) break;
    }
    train_model_free(&m);
    free(grad);
    free(a.m);
    free(a.v);
    return best;
}

/* ---- the output ---------------------------------------------------------------------------- */

const char *train_set_macro(int set)
{
    static const char *const NAMES[VALUE_SET_COUNT] = {
        [VALUES_LEARNED_FREESTYLE15] = "VALUES_LEARNED_FREESTYLE15",
        [VALUES_LEARNED_FREESTYLE20] = "VALUES_LEARNED_FREESTYLE20",
        [VALUES_LEARNED_STANDARD15] = "VALUES_LEARNED_STANDARD15",
        [VALUES_LEARNED_RENJU15] = "VALUES_LEARNED_RENJU15"};
    return NAMES[set];
}

int train_write_values(FILE *f, const TrainData *d, const TrainModel *m, const char *provenance)
{
    fprintf(f, "/* The learned sets' numbers (kernels/values.h), written by `make train`\n"
               " * (tournaments/train_tool.c); do not edit by hand.%s\n"
               " *   LEARNED_TEMPO_LIST: X(set, tempo), scaled\n"
               " *   LEARNED_CELL_LIST: X(set, renju_black, combination (pattern_combination), "
               "value), scaled;\n"
               " *   combinations the corpus never showed keep their prior's value.\n"
               " *   LEARNED_THREAT_LIST: X(set, renju_black (of the side to move), threat mask, "
               "value),\n *   scaled; the masks not listed are worth 0. */\n"
               "#ifndef GAMOK_LEARNED_VALUES_H\n#define GAMOK_LEARNED_VALUES_H\n\n"
               "#define LEARNED_TEMPO_LIST(X)",
            provenance);
    for (int s = VALUES_LEARNED_FIRST; s < VALUE_SET_COUNT; s++)
        if (d->positions[s][0] && d->positions[s][1])
            fprintf(f, " \\\n    X(%s, %ld)", train_set_macro(s), lround(m->tempo[s]));
    static const char *const LISTS[2] = {"LEARNED_CELL_LIST", "LEARNED_THREAT_LIST"};
    static const char *const FORMATS[2] = {" \\\n    X(%s, %d, 0x%04X, %ld)",
                                           " \\\n    X(%s, %d, 0x%03X, %ld)"};
    for (int side = 0; side < 2; side++) {
        fprintf(f, "\n\n#define %s(X)", LISTS[side]);
        for (int p = 0; p < d->params.count; p++) {
            const TrainParam *q = &d->params.items[p];
            long v = lround(m->value[p]);
            if (q->side != side || !d->positions[q->set][0] || !d->positions[q->set][1]
                || v == lround(q->prior))
                continue;
            fprintf(f, FORMATS[side], train_set_macro(q->set), q->renju_black, q->combination, v);
        }
    }
    return fprintf(f, "\n\n#endif\n") < 0 ? -1 : 0;
}
