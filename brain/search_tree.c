/* The alpha-beta tree: principal variation search (negamax, fail-soft) with a transposition
 * table, VCF checks at every node, forced-move extensions, null move, reverse futility and
 * late-move reductions, the frontier's one-ply values, and one iteration over the root's moves.
 * Move lists and their order come from search_order.c; the root's preparation and iteration
 * control are search_root.c's: it never reads the clock's target or the root's threat state. */
#include "brain/search_internal.h"

#include <math.h>

#include "brain/rules.h"

#ifdef TREE_STATS
#include <stdio.h>
#include <stdlib.h>
static unsigned long long st_depth[66], st_leaf, st_frontier, st_interior, st_forced, st_tt,
    st_pruned, st_vcfwin, st_moves, st_cut_first, st_cut_later, st_allnode, st_lmr, st_lmr_re;
static void st_print(void)
{
    fprintf(stderr, "leaf %llu frontier %llu interior %llu forced %llu tt %llu pruned %llu "
            "vcfwin %llu moves/interior %.2f cut first %llu later %llu all %llu lmr %llu re %llu\n",
            st_leaf, st_frontier, st_interior, st_forced, st_tt, st_pruned, st_vcfwin,
            (double)st_moves / (st_interior ? st_interior : 1), st_cut_first, st_cut_later,
            st_allnode, st_lmr, st_lmr_re);
    for (int d = 0; d < 66; d++)
        if (st_depth[d])
            fprintf(stderr, "  depth %d: %llu\n", d, st_depth[d]);
}
#define STAT(x) (x)
static void st_start(void)
{
    static int once;
    if (!once++)
        atexit(st_print);
}
#else
#define STAT(x) ((void)0)
#endif

/* Moves searched at an interior node, best one-ply values first. */
#ifndef TREE_WIDTH
#define TREE_WIDTH 10
#endif

/* Decided scores are stored relative to the node so that a transposition at another ply reads
 * the right distance to the end. */
static int score_to_tt(int v, int ply) { return decided_to(v, ply); }
static int score_from_tt(int v, int ply) { return decided_from(v, ply); }

/* A frontier node: its children's one-ply values instead of recursing. With the incremental
 * state they are worked out one by one, and the first at or above beta ends the node (a lower
 * bound); through an evaluator they come in one batch, read in the same order to the same
 * answer. */
static int frontier(Search *s, Board *b, uint16_t *moves, int n, int ply, int beta, int tt_move)
{
    order_frontier(s, moves, n, ply, tt_move);
    IncState *inc = scoring_state(s, b);
    int32_t *vals = ply_keys(s, ply);
    if (!inc)
        search_score_moves(s, b, moves, n, ply, vals);
    int best = -INF, best_move = moves[0];
    for (int i = 0; i < n; i++) {
        int v = inc ? decided_from(-inc_score_child(inc, b->to_move, moves[i]), ply) : vals[i];
        if (v > best) {
            best = v;
            best_move = moves[i];
        }
        if (best >= beta) {
            s->evals += inc ? (uint64_t)(i + 1) : 0;
            tt_store(s->tt, b->hash, 1, TT_LOWER, score_to_tt(best, ply), best_move);
            return best;
        }
    }
    s->evals += inc ? (uint64_t)n : 0;
    tt_store(s->tt, b->hash, 1, TT_EXACT, score_to_tt(best, ply), best_move);
    return best;
}

/* A node where the opponent threatens (an open three, a 4-3, ...) and at most this many moves
 * do not lose at once (the defences and our own fours) is a forced defence, which costs no
 * depth, like the block of a four: the tree then reads threat sequences built with threes to
 * their end instead of losing them past its horizon. Against AIWine at 300 ms: 4 scores 51%
 * over 256 games where the tree without it scored 36%; 5 or 8 cost more than they find
 * (docs/strength.md). */
#ifndef FORCED_DEFENCE_MAX
#define FORCED_DEFENCE_MAX 4
#endif

/* The depth to search a node's moves to: one more when the node is a forced defence, given
 * that `alive` of its `n` moves do not lose at once. */
static int defence_depth(int depth, int alive, int n)
{
    return alive < n && alive <= FORCED_DEFENCE_MAX ? depth + 1 : depth;
}

static int negamax(Search *s, Board *b, int depth, int ply, int alpha, int beta);

/* Simplified ABDADA (brain/busy.h) below this depth: nearer the leaves a put-off saves less
 * than the table traffic costs. */
#define BUSY_MIN_DEPTH 3

/* Whether the threads split the k-th move of a node searched to `depth`. */
static bool splits(const Search *s, int depth, int k)
{
    return s->busy && k > 0 && depth >= BUSY_MIN_DEPTH;
}

/* The k-th move (of n, then the put-off ones in put[]), or -1 when it is put off now: played on
 * b, another thread is in that child (it is taken back and added to put[]). A move put off once
 * is searched when its turn comes again. */
static int next_move(const Search *s, Board *b, const uint16_t *moves, int n, int depth, int k,
                     uint16_t *put, int *nput)
{
    int move = k < n ? moves[k] : put[k - n];
    board_play(b, move);
    if (!splits(s, depth, k))
        return move;
    if (k < n && busy_has(s->busy, b->hash)) {
        board_undo(b);
        put[(*nput)++] = (uint16_t)move;
        return -1;
    }
    busy_enter(s->busy, b->hash);
    return move;
}

/* Takes back the move next_move played. */
static void done_move(const Search *s, Board *b, int depth, int k)
{
    if (splits(s, depth, k))
        busy_leave(s->busy, b->hash);
    board_undo(b);
}

/* Late-move reductions: at a node that is not a forced defence, a quiet move (one that neither
 * threatens nor stops a four) from the LMR_FROM-th on is first searched a ply shallower (two
 * from the LMR_DEEP_FROM-th move at depth LMR_DEEP_DEPTH or more) and re-searched at full depth
 * when it beats alpha. Measured in results/2026-11-25-pruning.txt. */
#ifndef LMR_FROM
#define LMR_FROM 2
#endif
#ifndef LMR_MIN_DEPTH
#define LMR_MIN_DEPTH 3
#endif
#ifndef LMR_DEEP_FROM
#define LMR_DEEP_FROM 6
#endif
#ifndef LMR_DEEP_DEPTH
#define LMR_DEEP_DEPTH 5
#endif

/* A move that threatens (makes a four or an open three) or stops a threat of the opponent (a
 * cell where he would make a four). Computed before the move is played. */
#ifndef FORCING_MIN_CLASS
#define FORCING_MIN_CLASS PAT_F3
#endif
static bool forcing_move(const Board *b, int move)
{
    const IncState *inc = board_incremental(b);
    if (!inc)
        return true;
    int me = b->to_move;
    for (int d = 0; d < 4; d++)
        if (inc_line_class(inc, me, move, d) >= FORCING_MIN_CLASS)
            return true;
    return CELL_ENTRY_CLASS(inc->entry[opponent_of(me) - 1][move]) >= CELL_B4;
}

#ifdef LMR_LOG
/* Plies off the k-th move of a node at `depth`: grows with the log of both (LMR_LOG_DIV tenths
 * per unit of log(depth) * log(k + 1)), leaving at least a leaf. */
#ifndef LMR_LOG_DIV
#define LMR_LOG_DIV 20
#endif
static int log_reduction(int depth, int k, bool pv)
{
#ifndef LMR_BASE
#define LMR_BASE 0
#endif
    int r = (int)((LMR_BASE + 10.0 * log(depth) * log(k + 1)) / LMR_LOG_DIV) - pv;
    return r < 0 ? 0 : r > depth - 1 ? depth - 1 : r;
}
#endif

static int late_reduction(const Search *s, const Board *b, int depth, int k, int move,
                          bool quiet_node, bool pv)
{
#ifdef LMR_LOG
    if (!s->pruning || !quiet_node || k < LMR_FROM || depth < 2 || forcing_move(b, move))
        return 0;
    return log_reduction(depth, k, pv);
#else
    (void)pv;
    if (!s->pruning || !quiet_node || k < LMR_FROM || depth < LMR_MIN_DEPTH ||
        forcing_move(b, move))
        return 0;
    return k >= LMR_DEEP_FROM && depth >= LMR_DEEP_DEPTH ? 2 : 1;
#endif
}

/* Principal variation search over ordered moves: the first with a full window, the rest with a
 * null window, re-searched when they beat alpha. Fail-soft. */
static int pvs_moves(Search *s, Board *b, const uint16_t *moves, int n, int depth, int ply,
                     int alpha, int beta, int *best_move, bool quiet_node)
{
    int best = -INF, nput = 0;
    uint16_t *put = ply_put_off(s, ply);
    *best_move = moves[0];
    bool pv = beta - alpha > 1;
#ifdef MCP_LINEAR
#define MCP_COUNT(d) (MCP_BASE + (d))
#else
#define MCP_COUNT(d) (MCP_BASE + (d) * (d))
#endif
    for (int k = 0; k < n + nput; k++) {
#ifdef MCP_DEPTH
        /* Move-count pruning: at a shallow non-PV quiet node, once a move does not lose, the
         * late quiet moves are left out (a loss then stays unproven: none is pruned before). */
        if (k < n && !pv && quiet_node && s->pruning && depth <= MCP_DEPTH &&
            k >= MCP_COUNT(depth) && best > -PROVEN && !forcing_move(b, moves[k]))
            continue;
#endif
        int r = k < n ? late_reduction(s, b, depth, k, moves[k], quiet_node, pv) : 0;
        int move = next_move(s, b, moves, n, depth, k, put, &nput);
        if (move < 0)
            continue;
        STAT(st_moves++);
        int v;
        if (k == 0) {
            v = -negamax(s, b, depth - 1, ply + 1, -beta, -alpha);
        } else {
            v = alpha + 1;
            if (r > 0) {
                STAT(st_lmr++);
                v = -negamax(s, b, depth - 1 - r, ply + 1, -alpha - 1, -alpha);
                STAT(st_lmr_re += v > alpha);
            }
            if (v > alpha && !s->aborted)
                v = -negamax(s, b, depth - 1, ply + 1, -alpha - 1, -alpha);
            if (v > alpha && v < beta && !s->aborted)
                v = -negamax(s, b, depth - 1, ply + 1, -beta, -alpha);
        }
        done_move(s, b, depth, k);
        if (s->aborted)
            return best;
        if (v > best) {
            best = v;
            *best_move = move;
        }
        if (v > alpha)
            alpha = v;
        if (alpha >= beta) {
            STAT(k == 0 ? st_cut_first++ : st_cut_later++);
            order_note_cutoff(s, b, ply, move, depth);
            break;
        }
    }
    STAT(st_allnode += alpha < beta);
    return best;
}

/* Every kept move of a node lost: a loss is only proven when the moves the width left out
 * lose too (else the tree would report, and the root act on, losses that rest on its forward
 * pruning: a root move proven lost at one depth came back not lost at the next). They are
 * searched like the kept ones; returns the node's new best (in *best_move). */
static int prove_pruned(Search *s, Board *b, const uint16_t *moves, int n, int depth, int ply,
                        int alpha, int beta, int best, int *best_move)
{
    int move, v = pvs_moves(s, b, moves, n, depth, ply, alpha, beta, &move, false);
    if (v > best && !s->aborted) {
        *best_move = move;
        return v;
    }
    return best;
}

static bool tt_cutoff(const TTEntry *e, int depth, int ply, int alpha, int beta, int *v)
{
    if (!e || e->depth < depth)
        return false;
    *v = score_from_tt(e->score, ply);
    int bound = tt_bound(e);
    return bound == TT_EXACT || (bound == TT_LOWER && *v >= beta)
        || (bound == TT_UPPER && *v <= alpha);
}

#define NODE_VCF_FOURS 8
#ifndef NODE_VCF_NODES
#define NODE_VCF_NODES 48
#endif

/* A node whose side to move wins by continuous fours: the one-ply values cannot see that (a
 * single four looks modest), and the tree's width and depth rarely reach the end of a long
 * one. It is the usual way a won position is converted. Cheap: fours are few, and the memo
 * remembers positions without one. Returns the win's value, or 0. */
static int node_vcf(Search *s, Board *b, int ply)
{
    uint64_t budget = vcf_budget(s, NODE_VCF_NODES);
    if (budget == 0)
        return 0;
    VcfLimits lim = {NODE_VCF_FOURS, budget, 0, NULL};
    VcfResult v = vcf_find(b, &lim, s->vcf_memo);
    s->nodes += v.nodes;
    return v.move == CELL_NONE ? 0 : SCORE_WIN - (ply + v.plies - 1);
}

/* Early pruning (prune_early): reverse futility up to FUTILITY_DEPTH with a margin per ply, a null
 * move from NULL_MIN_DEPTH reduced NULL_R plies (NULL_R_DEEP from NULL_DEEP_DEPTH). */
#define FUTILITY_DEPTH 3
/* Scaled units a ply, set with the hand-set values.h numbers (a middle-game move then gained
 * 300-500); not re-tuned for the fitted ones, under which a move gains more and the static value
 * of a node at an odd remaining depth carries two tempos more than its leaves. */
#define FUTILITY_MARGIN 300
#define NULL_MIN_DEPTH 3
#define NULL_R 2
#define NULL_R_DEEP 3
#define NULL_DEEP_DEPTH 6
#define NO_PRUNE INT32_MIN

/* The opponent has something a pass would let him play: a five, an open four, a 4-3 or 3-3. */
static bool opponent_threatens(const IncState *inc, int opp)
{
    const int *count = inc->side[opp - 1].count;
    return count[CELL_FIVE] || count[CELL_FLEX4] || count[CELL_43] || count[CELL_33];
}

/* Early pruning of a non-PV node before its moves: a static value far above beta at low depth
 * (reverse futility), or a null move (a pass) that still fails high. NO_PRUNE when neither. */
static int prune_early(Search *s, Board *b, int depth, int ply, int alpha, int beta)
{
    const IncState *inc = board_incremental(b);
    if (!s->pruning || !inc || beta - alpha != 1 || is_proven(beta) || is_proven(alpha) ||
        s->null_ply[ply])
        return NO_PRUNE;
    int me = b->to_move, opp = opponent_of(me);
    if (opponent_threatens(inc, opp))
        return NO_PRUNE;
    int eval = inc_score(inc, me);
    if (is_proven(eval))
        return NO_PRUNE;
    if (depth <= FUTILITY_DEPTH && eval - FUTILITY_MARGIN * depth >= beta)
        return eval;
    if (depth >= NULL_MIN_DEPTH && eval >= beta && ply + 2 < MAX_PLY) {
        int r = depth >= NULL_DEEP_DEPTH ? NULL_R_DEEP : NULL_R;
        board_set_to_move(b, opp);
        s->null_ply[ply + 1] = true;
        int v = -negamax(s, b, depth - 1 - r, ply + 1, -beta, -beta + 1);
        s->null_ply[ply + 1] = false;
        board_set_to_move(b, me);
        if (s->aborted)
            return 0;
        if (v >= beta)
            return v >= PROVEN ? beta : v;
    }
    return NO_PRUNE;
}

#ifdef TREE_LEAF
/* A leaf (depth 0, reached by a reduction): its static value, unless a threat decides it first:
 * a five to play, a forced block (played: it costs no depth), or a win by continuous fours for
 * the side to move. Reads the incremental state only: no move list. */
static int leaf(Search *s, Board *b, int ply, int alpha, int beta)
{
    STAT(st_leaf++);
    s->nodes++;
    if (out_of_time(s)) {
        s->aborted = true;
        return 0;
    }
    const IncState *inc = board_incremental(b);
    int me = b->to_move, opp = opponent_of(me);
    if (inc_five_cells(inc, me))
        return SCORE_WIN - ply;
    int threats = inc_five_cells(inc, opp);
    if (threats) {
        int block = inc_the_five_cell(inc, opp);
        if (threats > 1 || !rule_is_legal(b, block))
            return -(SCORE_WIN - ply - 1);
        if (ply + 1 >= MAX_PLY)
            return decided_from(inc_score(inc, me), ply);
        board_play(b, block);
        int v = -leaf(s, b, ply + 1, -beta, -alpha);
        board_undo(b);
        return v;
    }
    int stand = decided_from(inc_score(inc, me), ply);
    if (is_proven(stand) || stand >= beta)
        return stand;
    int win = node_vcf(s, b, ply);
    return win ? win : stand;
}
#endif

#ifdef NEW_TREE
#include "kernels/policy.h"

#ifndef NEW_WIDTH
#define NEW_WIDTH 12
#endif
#ifndef NODE_VCF_MIN_DEPTH
#define NODE_VCF_MIN_DEPTH 2
#endif

/* The opponent can win by force from here unless answered: an open four to make or a 4-3. */
static bool threatened(const IncState *inc, int me)
{
    const int *k = inc->side[2 - me].count;
    return k[CELL_FLEX4] || k[CELL_43];
}

/* The policy's choice of the node's moves: the table's move, the killers, then the best by
 * policy + history, `width` of them best first, then every other move that makes a four; the
 * rest follow (moves[kept..n), for a loss to be proven over them). Returns how many are kept. */
static int policy_select(Search *s, const Board *b, uint16_t *moves, int n, int ply, int tt_move,
                         int width)
{
    const IncState *inc = board_incremental(b);
    int32_t *keys = ply_keys(s, ply);
    const uint16_t *killer = s->killers[ply];
    int me = b->to_move;
    for (int i = 0; i < n; i++) {
        int h = s->history[me - 1][moves[i]] >> HISTORY_SHIFT;
        keys[i] = policy_score(inc, me, moves[i]) + (h < HISTORY_MAX ? h : HISTORY_MAX);
        for (int k = 0; k < KILLERS; k++)
            if (moves[i] == killer[k])
                keys[i] = INT32_MAX - 1 - k;
        if (moves[i] == tt_move)
            keys[i] = INT32_MAX;
    }
    int top = width < n ? width : n;
    for (int i = 0; i < top; i++) { /* a stable selection: only the top ones need an order */
        int best = i;
        for (int j = i + 1; j < n; j++)
            if (keys[j] > keys[best])
                best = j;
        uint16_t m = moves[best];
        int32_t k = keys[best];
        memmove(&moves[i + 1], &moves[i], (size_t)(best - i) * sizeof *moves);
        memmove(&keys[i + 1], &keys[i], (size_t)(best - i) * sizeof *keys);
        moves[i] = m, keys[i] = k;
    }
    int kept = top;
    for (int i = top; i < n; i++) {
        if (!inc_class_makes_four(CELL_ENTRY_CLASS(inc->entry[me - 1][moves[i]])))
            continue;
        uint16_t m = moves[kept];
        moves[kept++] = moves[i];
        moves[i] = m;
    }
    return kept;
}

static int new_negamax(Search *s, Board *b, int depth, int ply, int alpha, int beta)
{
    if (depth <= 0)
        return leaf(s, b, ply, alpha, beta);
    STAT((st_start(), st_depth[depth > 65 ? 65 : depth]++));
    s->nodes++;
    if (out_of_time(s)) {
        s->aborted = true;
        return 0;
    }
    TTEntry hit;
    const TTEntry *e = tt_probe(s->tt, b->hash, &hit);
    int v, tt_move = e ? e->move : CELL_NONE;
    if (tt_cutoff(e, depth, ply, alpha, beta, &v))
        return STAT(st_tt++), v;
    const IncState *inc = board_incremental(b);
    int me = b->to_move, opp = opponent_of(me);
    if (inc_five_cells(inc, me))
        return SCORE_WIN - ply;
    int fives = inc_five_cells(inc, opp);
    if (fives) {
        int block = inc_the_five_cell(inc, opp);
        if (fives > 1 || !rule_is_legal(b, block) || ply + 1 >= MAX_PLY)
            return -(SCORE_WIN - ply - 1);
        STAT(st_forced++);
        board_play(b, block); /* a forced block costs no depth */
        v = -new_negamax(s, b, depth, ply + 1, -beta, -alpha);
        board_undo(b);
        return v;
    }
    int stat = decided_from(inc_score(inc, me), ply);
    if (is_proven(stat))
        return stat;
    bool can_recurse = ply + 1 < MAX_PLY;
    if (depth >= NODE_VCF_MIN_DEPTH) {
        int win = node_vcf(s, b, ply);
        if (win) {
            STAT(st_vcfwin++);
            tt_store(s->tt, b->hash, 255, TT_EXACT, score_to_tt(win, ply), CELL_NONE);
            return win;
        }
    }
    if (depth >= 2 && can_recurse && (v = prune_early(s, b, depth, ply, alpha, beta)) != NO_PRUNE)
        return STAT(st_pruned++), v;
    if (!can_recurse)
        return stat;
    uint16_t *moves = ply_moves(s, ply);
    int n = moves_candidates(b, TREE_RADIUS, moves);
    if (n == 0)
        return 0;
    STAT(st_interior++);
    int moves_depth = depth, all = n;
    if (threatened(inc, me)) {
        n = all = order_narrow(s, b, moves, n, ply, tt_move);
        int best_static = order_moves(s, b, moves, n, ply, tt_move);
        if (best_static >= PROVEN) {
            tt_store(s->tt, b->hash, depth, TT_EXACT, score_to_tt(best_static, ply), moves[0]);
            return best_static;
        }
        all = order_drop_static_lost(ply_keys(s, ply), n);
        moves_depth = defence_depth(depth, all, n);
        n = order_keep_best(b, moves, all, TREE_WIDTH);
    } else {
        n = policy_select(s, b, moves, n, ply, tt_move, NEW_WIDTH);
    }
    int best_move, best = pvs_moves(s, b, moves, n, moves_depth, ply, alpha, beta, &best_move,
                                    moves_depth == depth);
    if (best <= -PROVEN && n < all && !s->aborted)
        best = prove_pruned(s, b, moves + n, all - n, moves_depth, ply, alpha, beta, best,
                            &best_move);
    if (s->aborted)
        return 0;
    int bound = best <= alpha ? TT_UPPER : best >= beta ? TT_LOWER : TT_EXACT;
    tt_store(s->tt, b->hash, depth, bound, score_to_tt(best, ply), best_move);
    return best;
}
#endif

static int negamax(Search *s, Board *b, int depth, int ply, int alpha, int beta)
{
#ifdef NEW_TREE
    if (board_incremental(b))
        return new_negamax(s, b, depth, ply, alpha, beta);
#endif
#ifdef TREE_LEAF
    if (depth <= 0 && board_incremental(b))
        return leaf(s, b, ply, alpha, beta);
#endif
    STAT((st_start(), st_depth[depth < 0 ? 0 : depth > 65 ? 65 : depth]++));
    s->nodes++;
    if (out_of_time(s)) {
        s->aborted = true;
        return 0;
    }
    TTEntry hit;
    const TTEntry *e = tt_probe(s->tt, b->hash, &hit);
    /* A hint only (another thread's entry, or a key collision): order_moves just looks for it
     * among this node's own moves, so it can never be played unless it is one of them. */
    int v, tt_move = e ? e->move : CELL_NONE;
    if (tt_cutoff(e, depth, ply, alpha, beta, &v))
        return STAT(st_tt++), v;
    uint16_t *moves = ply_moves(s, ply);
    int decided, n = order_node_moves(b, ply, moves, &decided);
    if (n == 0) {
        tt_store(s->tt, b->hash, 255, TT_EXACT, score_to_tt(decided, ply), CELL_NONE);
        return decided;
    }
    bool can_recurse = ply + 1 < MAX_PLY;
    if (n == 1 && can_recurse) {
        /* A forced block costs no depth: threat sequences (VCF) get searched to their end. */
        STAT(st_forced++);
        board_play(b, moves[0]);
        v = -negamax(s, b, depth, ply + 1, -beta, -alpha);
        board_undo(b);
        return v;
    }
    int win = node_vcf(s, b, ply);
    if (win) {
        STAT(st_vcfwin++);
        tt_store(s->tt, b->hash, 255, TT_EXACT, score_to_tt(win, ply), CELL_NONE);
        return win;
    }
    if (depth >= 2 && can_recurse && (v = prune_early(s, b, depth, ply, alpha, beta)) != NO_PRUNE)
        return STAT(st_pruned++), v;
    n = order_narrow(s, b, moves, n, ply, tt_move);
    if (depth <= 1 || !can_recurse)
        return STAT(st_frontier++), frontier(s, b, moves, n, ply, beta, tt_move);
    int best_static = order_moves(s, b, moves, n, ply, tt_move);
    STAT(st_interior++);
    if (best_static >= PROVEN) {
        /* The evaluator sees a forced win one move away (an open four, a safe 4-3, ...). */
        tt_store(s->tt, b->hash, depth, TT_EXACT, score_to_tt(best_static, ply), moves[0]);
        return best_static;
    }
    int alive = order_drop_static_lost(ply_keys(s, ply), n);
    int moves_depth = defence_depth(depth, alive, n);
    n = order_keep_best(b, moves, alive, TREE_WIDTH);
    int best_move, best = pvs_moves(s, b, moves, n, moves_depth, ply, alpha, beta, &best_move,
                                    moves_depth == depth);
    if (best <= -PROVEN && n < alive && !s->aborted)
        best = prove_pruned(s, b, moves + n, alive - n, moves_depth, ply, alpha, beta, best,
                            &best_move);
    if (s->aborted)
        return 0;
    int bound = best <= alpha ? TT_UPPER : best >= beta ? TT_LOWER : TT_EXACT;
    tt_store(s->tt, b->hash, depth, bound, score_to_tt(best, ply), best_move);
    return best;
}

/* Half the root's aspiration window: narrow (a quarter of an open three), since a failed
 * window only costs one re-search (nodes to depth 8 on tests/positions/tree_bench.txt: 100
 * saves 3.3%, 200 0.8%, 400 nothing). */
#define ASPIRATION 100

/* The first root move's value (played on b), searched with a window around `guess` (the last
 * iteration's value) first: most iterations land inside it and the narrow window cuts more.
 * Outside it, searched again with the full window. */
static int first_root_value(Search *s, Board *b, int depth, int guess)
{
    if (!is_proven(guess)) {
        int lo = guess - ASPIRATION, hi = guess + ASPIRATION;
        int v = -negamax(s, b, depth - 1, 1, -hi, -lo);
        if (s->aborted || (v > lo && v < hi))
            return v;
    }
    return -negamax(s, b, depth - 1, 1, -INF, INF);
}

/* One root iteration. Returns the best value; *done counts the root moves searched completely
 * (an aborted iteration still knows their exact values), listed in finished[]. */
int tree_root_iteration(Search *s, Board *b, const uint16_t *moves, int n, int depth,
                          int guess, int *best_move, int *done, uint16_t *finished)
{
    int alpha = -INF, best = -INF, nput = 0;
    uint16_t *put = ply_put_off(s, 0);
    *done = 0;
    *best_move = moves[0];
    for (int k = 0; k < n + nput; k++) {
        int move = next_move(s, b, moves, n, depth, k, put, &nput);
        if (move < 0)
            continue;
        search_notify(s, SEARCH_EVENT_ROOT_MOVE, move, 0, depth);
        int v;
        if (k == 0) {
            v = first_root_value(s, b, depth, guess);
        } else {
            v = alpha + 1;
#ifdef ROOT_LMR
            int r = k >= ROOT_LMR && depth >= 3 ? log_reduction(depth, k, true) : 0;
            if (r > 0)
                v = -negamax(s, b, depth - 1 - r, 1, -alpha - 1, -alpha);
#endif
            if (v > alpha && !s->aborted)
                v = -negamax(s, b, depth - 1, 1, -alpha - 1, -alpha);
            if (v > alpha && !s->aborted)
                v = -negamax(s, b, depth - 1, 1, -INF, -alpha);
        }
        done_move(s, b, depth, k);
        if (s->aborted)
            break;
        finished[(*done)++] = (uint16_t)move;
        search_notify(s, SEARCH_EVENT_ROOT_DONE, move, v, depth);
        if (v <= -PROVEN)
            search_notify(s, SEARCH_EVENT_LOST, move, v, depth);
        if (v > best) {
            best = v;
            *best_move = move;
            search_notify(s, SEARCH_EVENT_BEST, move, v, depth);
        }
        if (v > alpha)
            alpha = v;
    }
    return best;
}
