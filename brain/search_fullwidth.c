/* The paper's full-width min-max (Ahn & Park 2010) to a fixed level: every candidate at every
 * node, the last two levels' positions scored in large evaluator batches (what a GPU is for).
 * No pruning, no table, none of the alpha-beta tree's state; it polls only the stop flag. */
#include "brain/search_internal.h"

#include "brain/rules.h"

/* Every empty cell touching a stone. Radius 1 keeps level 3 inside a turn's budget on the CPU
 * (radius 2 is ~100 cells a node in a middle game). */
#define FULL_WIDTH_RADIUS 1

/* Scores the batch and folds each kid into its parent's best value (the point of view of the
 * parents, which stand at `ply`). */
static void fw_flush(Search *s, int32_t *kid_best, int ply)
{
    LeafBatch *lb = &s->batch;
    if (stop_requested(s)) { /* the values would be thrown away */
        s->aborted = true;
        leafbatch_reset(lb);
        return;
    }
    s->evals += leafbatch_score(lb, s->ev);
    for (size_t j = 0; j < lb->nkids; j++) {
        int tag = lb->parent_tag[lb->kids[j].parent];
        int32_t v = decided_from(-lb->scores[j], ply);
        if (v > kid_best[tag])
            kid_best[tag] = v;
    }
    leafbatch_reset(lb);
}

/* Adds the current position (the child `tag` of the group node) and all its children to the
 * batch, flushing whenever it fills. Returns false when the position has no move at all. */
static bool fw_add_children(Search *s, Board *b, int ply, int tag, int32_t *kid_best)
{
    LeafBatch *lb = &s->batch;
    uint16_t *kids = ply_moves(s, ply);
    int nk = moves_candidates(b, FULL_WIDTH_RADIUS, kids);
    if (nk == 0)
        return false;
    if (leafbatch_parents_full(lb))
        fw_flush(s, kid_best, ply);
    size_t p = leafbatch_add_parent(lb, b, tag);
    for (int k = 0; k < nk; k++) {
        if (leafbatch_kids_full(lb)) {
            fw_flush(s, kid_best, ply);
            p = leafbatch_add_parent(lb, b, tag);
        }
        leafbatch_add_kid(lb, p, kids[k]);
    }
    return true;
}

/* A node two levels above the leaves: the children of all its children go out in big batches.
 * vals[i] receives the value of moves[i] for the node's side to move. */
static void fw_group(Search *s, Board *b, int ply, const uint16_t *moves, int n, int32_t *vals)
{
    int32_t *kid_best = ply_keys(s, ply + 1);
    leafbatch_reset(&s->batch);
    for (int i = 0; i < n; i++) {
        kid_best[i] = DECIDED_MARK;
        if (rule_makes_win(b, moves[i], b->to_move)) {
            vals[i] = SCORE_WIN - ply;
            continue;
        }
        board_play(b, moves[i]);
        s->nodes++;
        kid_best[i] = -INF;
        if (!fw_add_children(s, b, ply + 1, i, kid_best)) {
            kid_best[i] = DECIDED_MARK;
            vals[i] = 0;
        }
        board_undo(b);
        if (stop_requested(s)) {
            s->aborted = true;
            return;
        }
    }
    fw_flush(s, kid_best, ply + 1);
    for (int i = 0; i < n; i++)
        if (kid_best[i] != DECIDED_MARK)
            vals[i] = -kid_best[i];
}

/* Value of the position for its side to move, `left` plies (>= 2) above the leaves. */
static int fw_node(Search *s, Board *b, int left, int ply)
{
    s->nodes++;
    if (stop_requested(s)) {
        s->aborted = true;
        return 0;
    }
    uint16_t *moves = ply_moves(s, ply);
    int32_t *vals = ply_keys(s, ply);
    int n = moves_candidates(b, FULL_WIDTH_RADIUS, moves);
    if (n == 0)
        return 0;
    if (left == 2) {
        fw_group(s, b, ply, moves, n, vals);
        return s->aborted ? 0 : vals[best_index(vals, n)];
    }
    int best = -INF;
    for (int i = 0; i < n; i++) {
        int v = SCORE_WIN - ply;
        if (!rule_makes_win(b, moves[i], b->to_move)) {
            board_play(b, moves[i]);
            v = -fw_node(s, b, left - 1, ply + 1);
            board_undo(b);
            if (s->aborted)
                return 0;
        }
        if (v > best)
            best = v;
    }
    return best;
}

/* Root values at `level` >= 3 in vals; returns how many root moves were completed. */
static int fw_root_deep(Search *s, Board *b, const uint16_t *moves, int n, int level,
                        int32_t *vals)
{
    for (int i = 0; i < n; i++) {
        vals[i] = SCORE_WIN;
        if (!rule_makes_win(b, moves[i], b->to_move)) {
            board_play(b, moves[i]);
            vals[i] = -fw_node(s, b, level - 1, 1);
            board_undo(b);
        }
        if (s->aborted)
            return i;
    }
    return n;
}

/* Level 1 first (one batch, the answer if stopped early; it also orders the root so that a
 * stopped deeper pass has completed the most promising moves), then the full level. A stopped
 * pass answers the best of the root moves it completed; depth stays 1 then. */
SearchResult search_full_width(Search *s, Board *b, int level, const atomic_int *stop)
{
    search_begin_call(s, &(SearchLimits){0}, stop);
    SearchResult r = SEARCH_NO_RESULT;
    level = level < 1 ? 1 : level > 4 ? 4 : level;
    uint16_t *moves = ply_moves(s, 0);
    int32_t *vals = ply_keys(s, 0);
    s->nodes = 1;
    int n = moves_candidates(b, FULL_WIDTH_RADIUS, moves);
    if (n == 0) {
        r.move = moves_any_legal(b);
        return r;
    }
    search_score_moves(s, b, moves, n, 0, vals);
    moves_sort(moves, vals, n);
    r.move = moves[0];
    r.score = vals[0];
    r.depth = 1;
    int done = n;
    if (level == 2) {
        fw_group(s, b, 0, moves, n, vals);
        done = s->aborted ? 0 : n;
    } else if (level >= 3) {
        done = fw_root_deep(s, b, moves, n, level, vals);
    }
    if (level > 1 && done > 0) {
        int i = best_index(vals, done);
        r.move = moves[i];
        r.score = vals[i];
        if (done == n)
            r.depth = level;
    }
    r.nodes = s->nodes;
    r.evals = s->evals;
    return r;
}
