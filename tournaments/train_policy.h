/* Training the move policy (kernels/policy.h) from the game corpus (corpus.h).
 *
 * A cell's priority for the mover is the sum of two parts, each a number per line-class
 * combination (pattern_combination) and colour table: what the cell makes for the mover (own)
 * and what the opponent's combination there is worth taking (opp); and, in the sets that play
 * one (score_policy_near_plays), of its locality part, a number per earlier move and bucket
 * (patterns.h: POLICY_NEAR_*), and of its shape part (score_policy_form_plays), a number per
 * part and line form summed over the cell's four lines, both 0 in the prior. The hand-set policy of
 * kernels/policy.h is of that form already (its class bonuses and weighted values are functions
 * of the combination): on the entries of the learned set's prior set (value_set_prior) it is
 * the prior, and the learned numbers replace it number for number.
 *
 * Every position after the opening without a five to play (fit.h: FIT_NO_FIVE) in which the
 * side to move went on to win gives one example: the tree's candidate cells (moves_candidates
 * at TREE_RADIUS), their priorities divided by a temperature T as the logits of a softmax, and
 * the move the winner played as the target. In a game whose labels name moves (PolicyData.
 * labels), the examples are the labelled positions instead, the labeller's move the target. T per set is the one that fits the prior best, so
 * the learned numbers keep the prior's units (the search adds its history to them). The loss is
 * the mean cross-entropy; Adam moves the numbers; each set keeps those of its best held-out
 * loss. Recall: how often the played move is first (top 1) or among the first five in the
 * search's order (highest priority first, ties in cell order). Deterministic. */
#ifndef GAMOK_TRAIN_POLICY_H
#define GAMOK_TRAIN_POLICY_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "kernels/patterns.h"
#include "kernels/policy.h" /* POLICY_OWN, POLICY_OPP: TrainParam.side */
#include "tournaments/game.h"
#include "tournaments/train.h"
#include "tournaments/train_labels.h"

typedef struct PolicyCandidate {
    int32_t own, opp;                    /* the numbers of its two parts */
    int32_t near[POLICY_NEAR_MOVES];     /* its locality part's, one per earlier move; -1 where
                                          * its set has none (score_policy_near_plays) */
    int32_t form[POLICY_FORM_PARTS * 4]; /* its shape part's, by part (own, opp) then line
                                          * direction; -1 where its set has none
                                          * (score_policy_form_plays) */
} PolicyCandidate;

typedef struct PolicyPosition {
    int64_t first;  /* its candidates in PolicyData.cand, in cell order */
    int32_t n;
    int32_t chosen; /* the played move's index among them */
    uint8_t set;
    bool held_out;
} PolicyPosition;

typedef struct PolicyData {
    PolicyCandidate *cand;
    int64_t ncand, cand_room;
    PolicyPosition *pos;
    int npos, pos_room;
    TrainParams params;
    const TrainLabels *labels; /* a stronger brain's moves (train_labels.h), or NULL */
    /* the locality numbers' slots (as TrainParams.slot's) by set, earlier move and bucket */
    int32_t near_slot[VALUE_SET_COUNT][POLICY_NEAR_MOVES * POLICY_NEAR_BUCKETS];
    /* the shape numbers' slots by set, part and line form (VALUE_SET_COUNT * POLICY_FORM_PARTS
     * * LINE_FORMS), allocated with the first */
    int32_t *form_slot;
    int games[VALUE_SET_COUNT], positions[VALUE_SET_COUNT][2]; /* [set][held_out] */
} PolicyData;

/* Adds the winner's positions of a game, or its labelled ones, to the learned set of its rule
 * and size (none for caro, or a draw without labelled moves: returns 0). Returns the positions added or -1 (out of memory). */
int policy_add_game(PolicyData *d, const PatternTables *t, const GameRecord *g);
void policy_data_free(PolicyData *d);

typedef struct PolicyModel {
    double *value;               /* per number, policy units */
    double temp[VALUE_SET_COUNT];
    int nparams;
} PolicyModel;

/* The prior (the hand-set policy on the prior set's entries), each set's T fitted to it. NULL
 * value when out of memory. */
PolicyModel policy_model_prior(const PolicyData *d);
PolicyModel policy_model_copy(const PolicyModel *m);
void policy_model_free(PolicyModel *m);

/* Mean cross-entropy over one set's training or held-out positions. */
double policy_loss(const PolicyData *d, const PolicyModel *m, int set, bool held_out);
/* Top-1 and top-5 recall over one set's training or held-out positions. */
void policy_recall(const PolicyData *d, const PolicyModel *m, int set, bool held_out,
                   double *top1, double *top5);
/* The training objective (each set's mean cross-entropy over its training positions, summed)
 * and its gradient by each number. */
double policy_objective(const PolicyData *d, const PolicyModel *m, double *grad);

typedef void (*PolicyReport)(int step, const PolicyModel *m, void *ctx);
/* Fits from `start` (TrainOptions: iters, rate, patience, min_seen; no L2); returns each set's
 * numbers of its best held-out loss. */
PolicyModel policy_fit(const PolicyData *d, const PolicyModel *start, const TrainOptions *o,
                       int every, PolicyReport report, void *ctx);

/* Writes kernels/learned_policy.h's contents for `m` (rounded). */
int policy_write(FILE *f, const PolicyData *d, const PolicyModel *m, const char *provenance);

#endif
