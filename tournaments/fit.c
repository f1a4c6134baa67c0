#include "tournaments/fit.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "brain/board.h"
#include "kernels/incremental.h"
#include "kernels/values.h"

#define RENJU_BLACK_BIT (1u << 16) /* in FitData.keys: the key is read by renju black's table */

/* ---- the data ------------------------------------------------------------------------------ */

static int key_id(FitData *d, uint32_t key)
{
    if (!d->key_slot && !(d->key_slot = calloc(2 * CELL_KEYS, sizeof *d->key_slot))) return -1;
    if (!d->key_slot[key]) {
        uint32_t *k = realloc(d->keys, (size_t)(d->nkeys + 1) * sizeof *k);
        if (!k) return -1;
        d->keys = k;
        d->keys[d->nkeys++] = key;
        d->key_slot[key] = d->nkeys;
    }
    return d->key_slot[key] - 1;
}

static int push_term(FitData *d, int key, int count)
{
    if (d->nterms == d->terms_room) {
        int room = d->terms_room ? 2 * d->terms_room : 4096;
        FitTerm *t = realloc(d->terms, (size_t)room * sizeof *t);
        if (!t) return -1;
        d->terms = t;
        d->terms_room = room;
    }
    d->terms[d->nterms++] = (FitTerm){key, count};
    return 0;
}

static int push_position(FitData *d, FitPosition p)
{
    if (d->npos == d->pos_room) {
        int room = d->pos_room ? 2 * d->pos_room : 1024;
        FitPosition *q = realloc(d->pos, (size_t)room * sizeof *q);
        if (!q) return -1;
        d->pos = q;
        d->pos_room = room;
    }
    d->pos[d->npos++] = p;
    return 0;
}

/* A key worth nothing whatever the numbers: no line class from B2 up. */
static bool worthless(uint32_t key)
{
    for (int dir = 0; dir < 4; dir++) {
        int cls = (int)(key >> (4 * dir)) & 15;
        if (cls >= PAT_B2 && cls <= PAT_F4) return false;
    }
    return true;
}

typedef struct SignedKey {
    uint32_t key;
    int sign; /* +1 the mover's cell, -1 the opponent's */
} SignedKey;

static int by_key(const void *a, const void *b)
{
    uint32_t x = ((const SignedKey *)a)->key, y = ((const SignedKey *)b)->key;
    return (x > y) - (x < y);
}

/* The position as terms: one per distinct key, its net count. */
int fit_add_position(FitData *d, const Board *b, float result, bool held_out)
{
    static const int COLOURS[2] = {BLACK, WHITE};
    const IncState *inc = board_incremental(b);
    if (!inc) return -1;
    SignedKey *cells = malloc(2 * BOARD_CELLS * sizeof *cells);
    if (!cells) return -1;
    int n = 0, me = b->to_move;
    for (int c = 0; c < BOARD_CELLS; c++) {
        if (!board_cell_valid(b, c) || b->cell[c] != EMPTY) continue;
        for (int i = 0; i < 2; i++) {
            int colour = COLOURS[i];
            uint32_t key = (inc->cell_key[c] >> (colour == BLACK ? 0 : 16)) & 0xFFFFu;
            if (worthless(key)) continue;
            if (b->rule == RULE_RENJU && colour == BLACK) key |= RENJU_BLACK_BIT;
            cells[n++] = (SignedKey){key, colour == me ? 1 : -1};
        }
    }
    qsort(cells, (size_t)n, sizeof *cells, by_key);
    FitPosition p = {d->nterms, 0, result, held_out};
    int status = 0;
    for (int i = 0; i < n && !status;) {
        int count = 0, j = i;
        for (; j < n && cells[j].key == cells[i].key; j++) count += cells[j].sign;
        int id = count ? key_id(d, cells[i].key) : 0;
        status = id < 0 ? -1 : count ? push_term(d, id, count) : 0;
        i = j;
    }
    free(cells);
    p.nterms = d->nterms - p.first;
    return status ? -1 : push_position(d, p);
}

/* Nothing decides the position statically: no five to play for either side, and for FIT_QUIET
 * no special condition (those positions are the search's business, not the values'). */
static bool visited(const IncState *inc, int me, FitWalk which)
{
    if (inc_five_cells(inc, me) || inc_five_cells(inc, opponent_of(me))) return false;
    int32_t v = which == FIT_QUIET ? inc_score(inc, me) : 0;
    return v < SCORE_WIN_MIN && v > -SCORE_WIN_MIN;
}

int fit_walk_game(const PatternTables *t, const GameRecord *g, FitWalk which, FitVisit visit,
                  void *ctx)
{
    IncState *inc = malloc(sizeof *inc);
    if (!inc) return -1;
    Board b;
    board_init(&b, g->size, g->rule);
    inc_init(inc, t, b.size, b.rule, b.cell);
    board_follow(&b, inc);
    int n = 0;
    for (int k = 0; k < g->nmoves && n >= 0; k++) {
        if (k >= g->nopening && visited(inc, b.to_move, which)) {
            float result = g->winner == 0 ? 0.5f : g->winner == b.to_move ? 1.0f : 0.0f;
            n = visit(&b, g->moves[k], result, ctx) ? -1 : n + 1;
        }
        board_play(&b, g->moves[k]);
    }
    board_follow(&b, NULL);
    free(inc);
    return n;
}

typedef struct AddTo {
    FitData *data;
    bool held_out;
} AddTo;

static int add_to(const Board *b, int move, float result, void *ctx)
{
    (void)move;
    const AddTo *a = ctx;
    return fit_add_position(a->data, b, result, a->held_out);
}

int fit_add_game(FitData *d, const PatternTables *t, const GameRecord *g, bool held_out)
{
    AddTo a = {d, held_out};
    return fit_walk_game(t, g, FIT_QUIET, add_to, &a);
}

void fit_data_free(FitData *d)
{
    free(d->terms);
    free(d->pos);
    free(d->keys);
    free(d->key_slot);
    *d = (FitData){0};
}

/* ---- the model ----------------------------------------------------------------------------- */

FitParams fit_params_of(ValueSet set)
{
    PatternValues v = pattern_values(set);
    FitParams p;
    for (int i = 0; i < FIT_LINES; i++) p.v[i] = v.line[FIT_LINE_FIRST + i];
    for (int i = 0; i < COMBO_COUNT; i++) p.v[FIT_COMBO + i] = v.combo[i];
    p.v[FIT_TEMPO] = v.tempo;
    return p;
}

/* The numbers outside the fit (NONE, B1, F1, FIVE) are the same in every set. */
PatternValues fit_pattern_values(const FitParams *p)
{
    PatternValues v = pattern_values(VALUES_FITTED);
    for (int i = 0; i < FIT_LINES; i++) v.line[FIT_LINE_FIRST + i] = p->v[i];
    for (int i = 0; i < COMBO_COUNT; i++) v.combo[i] = p->v[FIT_COMBO + i];
    v.tempo = p->v[FIT_TEMPO];
    return v;
}

static double key_value(uint32_t key, const PatternValues *v)
{
    return pattern_cell_value(key & 0xFFFFu, v, key & RENJU_BLACK_BIT);
}

/* Every key's value under `p`. */
static void key_values(const FitData *d, const FitParams *p, double *out)
{
    PatternValues v = fit_pattern_values(p);
    for (int i = 0; i < d->nkeys; i++) out[i] = key_value(d->keys[i], &v);
}

static double position_eval(const FitData *d, const FitPosition *q, const double *value,
                            double tempo)
{
    double e = tempo;
    for (int i = q->first; i < q->first + q->nterms; i++)
        e += d->terms[i].count * value[d->terms[i].key];
    return e;
}

static double sigmoid(double x) { return 1 / (1 + exp(-x)); }

static double loss_with(const FitData *d, const double *value, double tempo, double k,
                        bool held_out)
{
    double sum = 0;
    int n = 0;
    for (int i = 0; i < d->npos; i++) {
        if (d->pos[i].held_out != held_out) continue;
        double err = d->pos[i].result - sigmoid(k * position_eval(d, &d->pos[i], value, tempo));
        sum += err * err;
        n++;
    }
    return n ? sum / n : 0;
}

double fit_eval(const FitData *d, int i, const FitParams *p)
{
    PatternValues v = fit_pattern_values(p);
    double e = p->v[FIT_TEMPO];
    for (int t = d->pos[i].first; t < d->pos[i].first + d->pos[i].nterms; t++)
        e += d->terms[t].count * key_value(d->keys[d->terms[t].key], &v);
    return e;
}

double fit_loss(const FitData *d, const FitParams *p, double k, bool held_out)
{
    double *value = malloc((size_t)(d->nkeys + 1) * sizeof *value);
    if (!value) return NAN;
    key_values(d, p, value);
    double l = loss_with(d, value, p->v[FIT_TEMPO], k, held_out);
    free(value);
    return l;
}

double fit_best_k(const FitData *d, const FitParams *p)
{
    double *value = malloc((size_t)(d->nkeys + 1) * sizeof *value);
    if (!value) return NAN;
    key_values(d, p, value);
    double best_k = 1e-6, best = INFINITY;
    for (double k = 1e-6; k < 1; k *= 1.05) {
        double l = loss_with(d, value, p->v[FIT_TEMPO], k, false);
        if (l < best) {
            best = l;
            best_k = k;
        }
    }
    free(value);
    return best_k;
}

/* d value / d number, by a small step: a cell's value is linear in the numbers piece by piece
 * (a sum of line values, or one combination's), so the step gives the slope of its piece. */
#define SLOPE_STEP 1e-3

void fit_gradient(const FitData *d, const FitParams *p, double k, double grad[FIT_PARAMS])
{
    double *value = malloc((size_t)(d->nkeys + 1) * sizeof *value);
    double *by_key = calloc((size_t)d->nkeys + 1, sizeof *by_key);
    memset(grad, 0, FIT_PARAMS * sizeof *grad);
    if (!value || !by_key) goto done;
    key_values(d, p, value);
    int n = 0;
    for (int i = 0; i < d->npos; i++) { /* d loss / d eval, gathered by key */
        const FitPosition *q = &d->pos[i];
        if (q->held_out) continue;
        double s = sigmoid(k * position_eval(d, q, value, p->v[FIT_TEMPO]));
        double g = -2 * (q->result - s) * s * (1 - s) * k;
        grad[FIT_TEMPO] += g;
        for (int t = q->first; t < q->first + q->nterms; t++)
            by_key[d->terms[t].key] += g * d->terms[t].count;
        n++;
    }
    for (int j = 0; j < FIT_TEMPO; j++) {
        FitParams stepped = *p;
        stepped.v[j] += SLOPE_STEP;
        PatternValues v = fit_pattern_values(&stepped);
        for (int i = 0; i < d->nkeys; i++)
            if (by_key[i] != 0)
                grad[j] += by_key[i] * (key_value(d->keys[i], &v) - value[i]) / SLOPE_STEP;
    }
    for (int j = 0; j < FIT_PARAMS && n; j++) grad[j] /= n;
done:
    free(value);
    free(by_key);
}

FitParams fit_run(const FitData *d, FitParams start, double k, int iters, double rate,
                  int every, FitReport report, void *ctx)
{
    const double B1 = 0.9, B2 = 0.999, EPS = 1e-12;
    double m[FIT_PARAMS] = {0}, v[FIT_PARAMS] = {0}, grad[FIT_PARAMS];
    FitParams p = start;
    for (int step = 1; step <= iters; step++) {
        fit_gradient(d, &p, k, grad);
        for (int j = 0; j < FIT_PARAMS; j++) {
            m[j] = B1 * m[j] + (1 - B1) * grad[j];
            v[j] = B2 * v[j] + (1 - B2) * grad[j] * grad[j];
            double mh = m[j] / (1 - pow(B1, step)), vh = v[j] / (1 - pow(B2, step));
            p.v[j] = fmax(0, p.v[j] - rate * mh / (sqrt(vh) + EPS));
        }
        if (report && every > 0 && (step % every == 0 || step == iters)) report(step, &p, ctx);
    }
    return p;
}
