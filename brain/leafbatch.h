/* A batch of (parent position, move) children for the evaluator's score_children: the one
 * place where the game tree turns boards into the flat arrays a (GPU) evaluator receives. */
#ifndef GAMOK_LEAFBATCH_H
#define GAMOK_LEAFBATCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "brain/board.h"
#include "kernels/evaluator.h"

typedef struct LeafBatch {
    EvalPosition *parents;
    int *parent_tag;   /* caller's label per parent (e.g. its index among a node's moves) */
    EvalChild *kids;
    int32_t *scores;   /* per kid, after leafbatch_score: from the kid's side to move */
    size_t max_parents, max_kids;
    size_t nparents, nkids;
} LeafBatch;

/* Bytes leafbatch_init allocates for these capacities. */
size_t leafbatch_bytes(size_t max_parents, size_t max_kids);
bool leafbatch_init(LeafBatch *lb, size_t max_parents, size_t max_kids);
void leafbatch_free(LeafBatch *lb);
void leafbatch_reset(LeafBatch *lb);

void board_to_eval_position(const Board *b, EvalPosition *out);

/* Adds `b` as a parent labelled `tag`; returns its index. The caller checks room first. */
size_t leafbatch_add_parent(LeafBatch *lb, const Board *b, int tag);
void leafbatch_add_kid(LeafBatch *lb, size_t parent, int move);
static inline bool leafbatch_parents_full(const LeafBatch *lb) { return lb->nparents == lb->max_parents; }
static inline bool leafbatch_kids_full(const LeafBatch *lb) { return lb->nkids == lb->max_kids; }

/* Scores every kid in one evaluator call. An evaluator failure scores every kid 0 (the search
 * still returns legal moves). Returns the number of kids scored. */
size_t leafbatch_score(LeafBatch *lb, Evaluator *ev);

#endif
