/* Training the learned value sets (kernels/values.h) from the game corpus (corpus.h).
 *
 * Every quiet position of a game (fit.h: fit_walk_game) is labelled with the game's result for
 * the side to move and predicted as sigmoid(K * eval), where eval is the evaluator's static
 * score with one unknown per line-class combination (pattern_combination) and colour table:
 *   eval = tempo + threat[mask] + sum over the mover's empty cells of value[combination]
 *                                - sum over the opponent's empty cells of value[combination],
 * mask being which threats each side holds (score_threat_mask; one unknown per mask and colour
 * table of the side to move, 0 before training).
 * A game trains the learned set of its rule and size (score_learned_set); K per set is the one
 * that fits the set's prior best, so the learned numbers keep the prior's units (the search's
 * margins are in them). The loss is the mean log loss plus an L2 pull toward the prior; Adam
 * moves the numbers, kept within what a cell entry holds (0..CELL_VALUE_MAX); each set keeps
 * the numbers of its best held-out loss (early stop). Forbidden cells (renju black) and
 * combinations without a class from B2 up stay worth 0, as in the evaluator. Deterministic:
 * no randomness anywhere. Units are the evaluator's (scaled).
 *
 * With TD(lambda) (TrainOptions.td) a training position aims at its lambda-return instead of
 * the bare result: the model's own prediction of the game's next quiet position, mixed with that
 * position's return, (1 - lambda) V(next) + lambda G(next), back from the result at the last one
 * (Sutton's TD(lambda) as a target, recomputed from the current numbers as the fit goes). lambda 1
 * is the result itself; smaller ones trust the model more than a far-away, noisy result. The
 * held-out loss, and so the early stop, stays the log loss against results.
 *
 * With labels (train_labels.h: a stronger brain's win probability for some positions), a
 * labelled position aims at label_weight * label + (1 - label_weight) * its result (or return):
 * a game's result says little about one position of it; a deeper search's judgement may say
 * more (measured on freestyle 20x20: no better, docs/strength.md). */
#ifndef GAMOK_TRAIN_H
#define GAMOK_TRAIN_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "kernels/patterns.h"
#include "tournaments/game.h"
#include "tournaments/train_labels.h"

/* One learned number: of one set, one side (values: 0 a combination's value, TRAIN_SIDE_THREAT
 * a threat term, its combination the threat mask; the policy, train_policy.h: 0 the mover's
 * part, 1 the opponent's), one colour table and one combination. */
enum { TRAIN_SIDE_THREAT = 1 };
/* The tempo and the threat terms stay within +-this, scaled (cell values within 0..CELL_VALUE_MAX). */
#define TRAIN_TERM_MAX (4 * CELL_VALUE_MAX)
typedef struct TrainParam {
    uint8_t set, side, renju_black;
    uint16_t combination;
    float prior; /* the prior's number */
    int seen;    /* positions it occurs in */
    uint8_t near; /* a move policy's locality number (policy.h): 1 + the earlier move it is
                   * for, its bucket in `combination`; 0: a combination's number */
    bool form;    /* a move policy's shape number: its part in `side`, its line form in
                   * `combination` */
} TrainParam;

/* The numbers met so far, and where each combination's number is. */
typedef struct TrainParams {
    TrainParam *items;
    int count, room;
    int32_t *slot; /* by set, side, colour table and combination */
} TrainParams;

/* The slot of a number: 0 not met yet, -1 worth nothing (not learned), else its index + 1.
 * NULL when out of memory. */
int32_t *train_params_slot(TrainParams *r, int set, int side, bool renju_black,
                           uint32_t combination);
/* Adds `p` as the number of `slot` (0 before). Returns its index, or -1 (out of memory). */
int train_params_add(TrainParams *r, int32_t *slot, TrainParam p);
void train_params_free(TrainParams *r);

/* One Adam step on x[i] by g[i] (m and v: the moments, zero at first), kept within lo..hi. */
typedef struct TrainAdam {
    double *m, *v;
} TrainAdam;
void train_adam_step(TrainAdam *a, double *x, const double *g, int i, int step, double rate,
                     double lo, double hi);

typedef struct TrainTerm {
    int32_t param;
    int32_t count; /* the mover's cells with it minus the opponent's */
} TrainTerm;

typedef struct TrainPosition {
    int64_t first;
    int32_t nterms;
    uint8_t set;
    bool held_out;
    uint8_t mover;  /* BLACK or WHITE: whose result and prediction it is */
    float result;   /* for the side to move */
    float target;   /* what the fit aims at: the result, or its TD(lambda) return, mixed
                     * with the label */
    float label;    /* a stronger brain's win probability for the side to move, < 0: none */
    int32_t game;   /* the game's number: a game's positions are consecutive, in move order */
} TrainPosition;

typedef struct TrainData {
    TrainTerm *terms;
    int64_t nterms, terms_room;
    TrainPosition *pos;
    int npos, pos_room;
    TrainParams params;
    int games[VALUE_SET_COUNT], positions[VALUE_SET_COUNT][2]; /* [set][held_out] */
    int rule[VALUE_SET_COUNT], size[VALUE_SET_COUNT];          /* of each set's first game */
    int32_t games_added; /* every set's: numbers the games */
    bool no_threat;      /* set before adding games: no threat term (the values alone) */
    const TrainLabels *labels; /* set before adding games: the positions' labels (may be NULL) */
    double label_weight;       /* a label's share of its position's target (0..1) */
} TrainData;

/* Adds the quiet positions of a game to the learned set of its rule and size (none for caro:
 * returns 0), held out when the corpus says so (corpus_held_out). `t` is the evaluator's
 * tables. Returns the positions added or -1 (out of memory). */
int train_add_game(TrainData *d, const PatternTables *t, const GameRecord *g);
void train_data_free(TrainData *d);

/* A set's values learn from its self-play games alone (corpus_self_play) once the corpus holds
 * this many of them: only there does a result follow from the position rather than from who
 * played it (renju's games of Gamok against Rapfi, who won nearly all, taught its values
 * nothing: held-out log loss 0.693 -> 0.684 with them, 0.695 -> 0.571 on the 591 self-play
 * games alone). The move policy learns from every game: a winner's moves are worth copying. */
enum { TRAIN_SELF_PLAY_MIN = 200 };

/* Counts the self-play games of each learned set among l's `n` games into self_play[]. */
void train_count_self_play(const GameRecord *l, int n, int self_play[VALUE_SET_COUNT]);
/* Whether the values learn from `g`, given those counts. */
bool train_values_learn_from(const GameRecord *g, const int self_play[VALUE_SET_COUNT]);

typedef struct TrainModel {
    double *value; /* per param, scaled */
    double tempo[VALUE_SET_COUNT];
    double k[VALUE_SET_COUNT];
    int nparams;
} TrainModel;

/* The priors' numbers, with each set's K fitted to them. NULL value when out of memory. */
TrainModel train_model_prior(const TrainData *d, const PatternTables *t);
/* The numbers the evaluator plays each set's games with now (score_value_set: the prior, or
 * the learned set where it plays), K as the prior's. */
TrainModel train_model_played(const TrainData *d, const PatternTables *t);
TrainModel train_model_copy(const TrainModel *m);
void train_model_free(TrainModel *m);

double train_eval(const TrainData *d, const TrainModel *m, int pos);
/* Sets every position's target: its result when lambda is 1, else its TD(lambda) return under
 * `m` (see the top of this file); a labelled position's mixed with its label. */
void train_td_targets(TrainData *d, const TrainModel *m, double lambda);

/* Mean log loss against results over one set's training or held-out positions (no L2 term). */
double train_loss(const TrainData *d, const TrainModel *m, int set, bool held_out);
/* The training objective (mean log loss against the targets over every set's training positions, each set
 * weighted by its own count, plus l2[set] * sum of (value - prior)^2 over each set's numbers) and its
 * gradient: grad[0..nparams-1] by value, grad[nparams + set] by tempo. */
double train_objective(const TrainData *d, const TrainModel *m, const double *l2, double *grad);

/* Early stop, per set: a set stops once its held-out loss has not fallen by more than
 * TRAIN_MIN_GAIN for `patience` steps; it keeps the numbers of its lowest held-out loss. */
#define TRAIN_MIN_GAIN 1e-4

typedef struct TrainStop {
    double best[VALUE_SET_COUNT], anchor[VALUE_SET_COUNT];
    int since[VALUE_SET_COUNT];
    bool live[VALUE_SET_COUNT]; /* still training */
} TrainStop;

/* A set trains when it has training and held-out positions; `loss` is its held-out loss at the
 * start (ignored otherwise). */
void train_stop_start(TrainStop *st, int set, bool trains, double loss);
/* Records a live set's held-out loss after a step. Returns whether it is the lowest yet (keep
 * these numbers); stops the set after `patience` steps without a gain. */
bool train_stop_step(TrainStop *st, int set, double loss, int patience);
/* Whether any set still trains. */
bool train_stop_any(const TrainStop *st);

typedef struct TrainOptions {
    int iters;     /* Adam steps at most */
    double rate;   /* Adam step size, scaled units */
    double l2[VALUE_SET_COUNT]; /* pull toward the prior, per set */
    int patience;  /* stop a set after this many steps without a gain (TRAIN_MIN_GAIN) */
    int min_seen;  /* numbers seen in fewer positions stay at their prior */
    bool td;          /* aim at TD(lambda) returns (train_td_targets), else at results */
    double td_lambda; /* 0..1 */
} TrainOptions;

/* With TrainOptions.td, the targets are recomputed from the current numbers every this many
 * steps: often enough to follow the fit, rarely enough to cost little. */
#define TRAIN_TD_REFRESH 10

typedef void (*TrainReport)(int step, const TrainModel *m, void *ctx);
/* Fits from `start`; returns each set's numbers of its best held-out loss. Leaves d's targets
 * as the last step aimed at (TrainOptions.td). Calls `report`
 * (may be NULL) every `every` steps. */
TrainModel train_fit(TrainData *d, const TrainModel *start, const TrainOptions *o,
                     int every, TrainReport report, void *ctx);

/* A learned set's name in values.h ("VALUES_LEARNED_FREESTYLE15"). */
const char *train_set_macro(int set);

/* Writes kernels/learned_values.h's contents for `m` (rounded), `provenance` in its comment. */
int train_write_values(FILE *f, const TrainData *d, const TrainModel *m, const char *provenance);

#endif
