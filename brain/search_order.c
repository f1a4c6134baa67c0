/* The tree's move lists and their order: which moves a node has, the order they are searched in
 * (table move, killers, then the policy and history, or where the opponent threatens the
 * children's static values after a narrowing), and the forward pruning to a width. Owns the
 * killers and the history; searches nothing itself. */
#include "brain/search_internal.h"

#include <string.h>

#include "brain/rules.h"
#include "brain/threats.h"
#include "kernels/policy.h"

/* The moves worth searching at a node, or 0 with *decided set when the node's value is known:
 * a win now; a loss to two fives (or to one we may not block); no move at all (draw). When
 * the opponent threatens one five, blocking it is the only move. */
int order_node_moves(const Board *b, int ply, uint16_t *moves, int *decided)
{
    uint16_t cell[2];
    if (moves_winning_cells(b, b->to_move, cell, 1) > 0) {
        *decided = SCORE_WIN - ply;
        return 0;
    }
    int threats = moves_winning_cells(b, opponent_of(b->to_move), cell, 2);
    if (threats > 0) {
        *decided = -(SCORE_WIN - ply - 1);
        if (threats > 1 || !rule_is_legal(b, cell[0]))
            return 0;
        moves[0] = cell[0];
        return 1;
    }
    int n = moves_candidates(b, TREE_RADIUS, moves);
    *decided = 0;
    return n;
}

/* Candidates a threatened node keeps of its possible defences (moves_defences: about 16 on
 * average on the depth bench) before their children are scored (moves_narrow: the cells worth
 * most to both sides by their pattern values, the table's move, the killers and the moves that
 * may make a four). A middle-game node has about 85 candidates and scoring each child cost more
 * than the rest of the node. All candidates against 20: see docs/strength.md. */
#ifndef NARROW_KEEP
#define NARROW_KEEP 20
#endif

int order_narrow(Search *s, const Board *b, uint16_t *moves, int n, int ply, int tt_move)
{
    uint16_t must[1 + KILLERS] = {(uint16_t)tt_move};
    memcpy(&must[1], s->killers[ply], sizeof s->killers[ply]);
    int keep = s->pruning ? NARROW_KEEP : n; /* no forward pruning at all without pruning */
    return moves_narrow(b, moves, n, keep, must, 1 + KILLERS, ply_keys(s, ply));
}

/* Orders a threatened node's moves: the transposition-table move first, then the ply's killers
 * (unless they lose at once), then the one-ply static value of each child plus a small history
 * bonus. Returns the best static value. */
int order_moves(Search *s, Board *b, uint16_t *moves, int n, int ply, int tt_move)
{
    int32_t *keys = ply_keys(s, ply);
    search_score_moves(s, b, moves, n, ply, keys);
    int best = keys[best_index(keys, n)];
    const uint16_t *killer = s->killers[ply];
    for (int i = 0; i < n; i++) {
        if (moves[i] == tt_move)
            keys[i] = INT32_MAX;
        else if (keys[i] > -PROVEN) {
            int h = s->history[b->to_move - 1][moves[i]] >> HISTORY_SHIFT;
            keys[i] += h < HISTORY_MAX ? h : HISTORY_MAX;
            for (int k = 0; k < KILLERS; k++)
                if (moves[i] == killer[k])
                    keys[i] = INT32_MAX - 1 - k;
        }
    }
    moves_sort(moves, keys, n);
    return best;
}

/* Drops the ordered moves whose one-ply value is already lost (the opponent's open three
 * ignored, ...) unless all are: searching one only returns the value its child's evaluation
 * decided, at the cost of a node (11% of the bench's nodes). Returns the new count. */
int order_drop_static_lost(const int32_t *keys, int n)
{
    int alive = 0;
    while (alive < n && keys[alive] > -PROVEN)
        alive++;
    return alive > 0 ? alive : n;
}

/* A move that refuted its node (a beta cutoff at `depth`): the ply's first killer, and depth^2
 * more on its cell's history for the side that played it. */
void order_note_cutoff(Search *s, const Board *b, int ply, int move, int depth)
{
    uint16_t *killer = s->killers[ply];
    if (killer[0] != move) {
        memmove(&killer[1], &killer[0], (KILLERS - 1) * sizeof *killer);
        killer[0] = (uint16_t)move;
    }
    int32_t *h = &s->history[b->to_move - 1][move];
    *h = *h + depth * depth < HISTORY_FULL ? *h + depth * depth : HISTORY_FULL;
}

/* Forward pruning: keeps the first `width` ordered moves plus every later move that makes a
 * four. A four's one-ply value is modest (the reply is forced and "free"), yet fours are what
 * threat sequences are made of. Open threes need no such care: a move that ignores one already
 * scores as lost one ply down. Returns the new count; the moves left out follow the kept ones,
 * in their order. */
int order_keep_best(Board *b, uint16_t *moves, int n, int width)
{
    if (n <= width)
        return n;
    uint16_t rest[MOVES_MAX];
    int kept = width, nrest = 0;
    for (int i = width; i < n; i++) {
        if (threat_makes_four(b, moves[i]))
            moves[kept++] = moves[i];
        else
            rest[nrest++] = moves[i];
    }
    memcpy(&moves[kept], rest, (size_t)nrest * sizeof *moves);
    return kept;
}

/* The key of a move for the order: the table's move, then the killers, then policy + history. */
static int32_t policy_key(const Search *s, const Board *b, const IncState *inc,
                          const PolicyRecent *recent, int ply, int tt_move, int move)
{
    if (move == tt_move)
        return INT32_MAX;
    for (int k = 0; k < KILLERS; k++)
        if (move == s->killers[ply][k])
            return INT32_MAX - 1 - k;
    int me = b->to_move, h = s->history[me - 1][move] >> HISTORY_SHIFT;
    return policy_score(inc, me, move, recent) + (h < HISTORY_MAX ? h : HISTORY_MAX);
}

/* Where moves[0..n) with `keys` hold their `top` best (best first, ties in the candidates' order)
 * followed by the others in their order: the order of a stable selection sort, in one pass
 * (each candidate compared with the worst kept so far; most lose at once). */
static void select_top(uint16_t *moves, int32_t *keys, int n, int top)
{
    if (n <= 0 || top <= 0)
        return;
    int16_t best[MOVES_MAX]; /* indices of the kept ones, best first */
    uint8_t picked[MOVES_MAX];
    int count = 0;
    for (int j = 0; j < n; j++) {
        if (count == top && keys[j] <= keys[best[count - 1]])
            continue;
        int p = count < top ? count++ : count - 1;
        for (; p > 0 && keys[best[p - 1]] < keys[j]; p--)
            best[p] = best[p - 1];
        best[p] = (int16_t)j;
    }
    uint16_t m[MOVES_MAX];
    int32_t k[MOVES_MAX];
    memset(picked, 0, (size_t)n);
    for (int i = 0; i < count; i++) {
        m[i] = moves[best[i]], k[i] = keys[best[i]];
        picked[best[i]] = 1;
    }
    for (int j = 0, i = count; j < n; j++)
        if (!picked[j])
            m[i] = moves[j], k[i++] = keys[j];
    memcpy(moves, m, (size_t)n * sizeof *moves);
    memcpy(keys, k, (size_t)n * sizeof *keys);
}

int order_by_policy(Search *s, const Board *b, uint16_t *moves, int n, int ply, int tt_move,
                    int width)
{
    const IncState *inc = board_incremental(b);
    int32_t *keys = ply_keys(s, ply);
    PolicyRecent recent = policy_recent(b->history, b->nstones);
    for (int i = 0; i < n; i++)
        keys[i] = policy_key(s, b, inc, &recent, ply, tt_move, moves[i]);
    /* Stable: ties keep the candidates' (cell) order; an unstable order made the tree-bench
     * trees twice as large. */
    int top = width < n ? width : n;
    select_top(moves, keys, n, top);
    int kept = top;
    /* The fours and open threes left out come back, after the kept ones: the attacks a win is
     * built from. Rapfi's winning lines against us held threes our policy ranked 18th to 28th.
     * Against Rapfi classical at 1 s, 128 games a seed on three seeds, paired with main's brain
     * on the same setups: better in 35, worse in 25 (results/2026-12-06-keep-threes-landed.txt).
     * So do the quiet moves that build two lines (move_builds_two), the start of a 4-3 or a
     * double three: 20.3% against main's 14.5% on the same setups, then 18.8% on a fresh seed
     * (results/2026-12-08-double-two.txt). */
    for (int i = top; i < n; i++) {
        if (!move_makes_four(b, moves[i]) && !move_makes_three(b, moves[i])
            && !move_builds_two(b, moves[i]))
            continue;
        uint16_t m = moves[kept];
        moves[kept++] = moves[i];
        moves[i] = m;
    }
    return kept;
}
