#include "brain/leafbatch.h"

#include <stdlib.h>
#include <string.h>

size_t leafbatch_bytes(size_t max_parents, size_t max_kids)
{
    return max_parents * (sizeof(EvalPosition) + sizeof(int))
         + max_kids * (sizeof(EvalChild) + sizeof(int32_t));
}

bool leafbatch_init(LeafBatch *lb, size_t max_parents, size_t max_kids)
{
    memset(lb, 0, sizeof *lb);
    lb->parents = malloc(max_parents * sizeof *lb->parents);
    lb->parent_tag = malloc(max_parents * sizeof *lb->parent_tag);
    lb->kids = malloc(max_kids * sizeof *lb->kids);
    lb->scores = malloc(max_kids * sizeof *lb->scores);
    lb->max_parents = max_parents;
    lb->max_kids = max_kids;
    if (lb->parents && lb->parent_tag && lb->kids && lb->scores)
        return true;
    leafbatch_free(lb);
    return false;
}

void leafbatch_free(LeafBatch *lb)
{
    free(lb->parents);
    free(lb->parent_tag);
    free(lb->kids);
    free(lb->scores);
    memset(lb, 0, sizeof *lb);
}

void leafbatch_reset(LeafBatch *lb)
{
    lb->nparents = 0;
    lb->nkids = 0;
}

void board_to_eval_position(const Board *b, EvalPosition *out)
{
    memcpy(out->cell, b->cell, sizeof out->cell);
    out->size = (uint8_t)b->size;
    out->to_move = (uint8_t)b->to_move;
    out->rule = (uint8_t)b->rule;
    out->pad = 0;
}

size_t leafbatch_add_parent(LeafBatch *lb, const Board *b, int tag)
{
    size_t i = lb->nparents++;
    board_to_eval_position(b, &lb->parents[i]);
    lb->parent_tag[i] = tag;
    return i;
}

void leafbatch_add_kid(LeafBatch *lb, size_t parent, int move)
{
    EvalChild *k = &lb->kids[lb->nkids++];
    k->parent = (uint32_t)parent;
    k->move = (uint16_t)move;
    k->pad = 0;
}

size_t leafbatch_score(LeafBatch *lb, Evaluator *ev)
{
    if (lb->nkids == 0)
        return 0;
    if (evaluator_score_children(ev, lb->parents, lb->kids, lb->nkids, lb->scores) != 0)
        memset(lb->scores, 0, lb->nkids * sizeof *lb->scores);
    return lb->nkids;
}
