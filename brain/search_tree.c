/* The alpha-beta tree: principal variation search (negamax, fail-soft) with a transposition
 * table, ordered by the move policy (kernels/policy.h) and reduced by it: a node reads the
 * incremental state for its threats and its moves' priorities, so that most nodes score nothing
 * but themselves. Leaves (depth 0) are the static value, checked for a five to play, a forced
 * block and a quick VCF. Interior nodes add forced-move extensions, a VCF check,
 * internal iterative reduction, null move and reverse futility, late-move reductions from a log
 * table, a fail-high reduction, move-count pruning, and an exact defence when the opponent
 * threatens (each child scored, the lost ones left out). And one iteration over the root's
 * moves. Move lists and their order come from search_order.c; the root's preparation and
 * iteration control are search_root.c's: this file never reads the clock's target or the root's
 * threat state. */
#include "brain/search_internal.h"

#include <math.h>
#include <pthread.h>

#include "brain/quickvcf.h"
#include "brain/rules.h"
#include "brain/threats.h"

/* Moves kept at a node the opponent does not threaten, best by policy (every four and open three
 * besides), and at a threatened one, best by their children's static values. Self-play at
 * 300 ms, 128 games each: 16 instead of 12 -16 Elo, not significant
 * (results/2026-11-26-selective-search.txt). */
#define POLICY_WIDTH 12
#define TREE_WIDTH 10

/* Decided scores are stored relative to the node so that a transposition at another ply reads
 * the right distance to the end. */
static int score_to_tt(int v, int ply) { return decided_to(v, ply); }
static int score_from_tt(int v, int ply) { return decided_from(v, ply); }

/* A node where the opponent threatens (an open three, a 4-3, ...) and at most this many moves
 * do not lose at once (the defences and our own fours) is a forced defence, which costs no
 * depth, like the block of a four: the tree then reads threat sequences built with threes to
 * their end instead of losing them past its horizon. Against AIWine at 300 ms: 4 scores 51%
 * over 256 games where the tree without it scored 36%; 5 or 8 cost more than they find
 * (docs/strength.md). */
#define FORCED_DEFENCE_MAX 4

/* The depth to search a node's moves to: one more when the node is a forced defence, given
 * that `alive` of its `n` moves do not lose at once. */
static int defence_depth(int depth, int alive, int n)
{
    return alive < n && alive <= FORCED_DEFENCE_MAX ? depth + 1 : depth;
}

static int negamax(Search *s, Board *b, int depth, int ply, int alpha, int beta);

/* ---- the threads' split of a node (simplified ABDADA) ------------------------------------- */

/* Below this depth a put-off saves less than the table traffic costs (brain/busy.h). */
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
    if (depth >= 2) /* the child probes the table (a leaf does not) */
        tt_prefetch(s->tt, board_hash_after(b, move));
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

/* ---- reductions and move-count pruning ----------------------------------------------------- */

/* Late-move reductions: at a node that is not a forced defence, every move after the first but
 * a four is first searched ln(depth) * ln(k + 1) plies shallower (one less at a PV node, one
 * less again for a move that threatens or stops a four of the opponent), leaving at least a
 * leaf, and re-searched at full depth when it beats alpha. A table, built once. Sparing the
 * threats and blocks entirely instead: self-play at 300 ms -44 +- 55 Elo, 128 games; reducing
 * them as much as quiet moves: +0 (results/2026-11-26-threat-reductions.txt). */
#define LMR_MAX 64
static uint8_t lmr_table[LMR_MAX][LMR_MAX];
static pthread_once_t lmr_once = PTHREAD_ONCE_INIT;

static void lmr_build(void)
{
    for (int d = 1; d < LMR_MAX; d++)
        for (int k = 1; k < LMR_MAX; k++) {
            int r = (int)(log(d) * log(k + 1));
            lmr_table[d][k] = (uint8_t)(r < 0 ? 0 : r > d - 1 ? d - 1 : r);
        }
}

void tree_init(void) { pthread_once(&lmr_once, lmr_build); }

/* A move that threatens (makes an open three or more on a line) or stops a threat of the
 * opponent (a cell where he would make a four). Computed before the move is played. */
static bool forcing_move(const Board *b, int move)
{
    const IncState *inc = board_incremental(b);
    int me = b->to_move;
    for (int d = 0; d < 4; d++)
        if (inc_line_class(inc, me, move, d) >= PAT_F3)
            return true;
    return CELL_ENTRY_CLASS(inc->entry[opponent_of(me) - 1][move]) >= CELL_B4;
}

static int late_reduction(const Search *s, const Board *b, int depth, int k, int move,
                          bool quiet_node, bool pv)
{
    if (!s->pruning || !quiet_node || k < 1 || depth < 2 || move_makes_four(b, move))
        return 0;
    int r = lmr_table[depth < LMR_MAX ? depth : LMR_MAX - 1][k < LMR_MAX ? k : LMR_MAX - 1] - pv;
    r -= forcing_move(b, move);
    return r > 0 ? r : 0;
}

/* Move-count pruning: at a shallow non-PV node that is not a forced defence, once a move does
 * not lose, the quiet moves after the first MCP_BASE + depth^2 are left out. A loss then stays
 * unproven: nothing is pruned before a move that does not lose. */
#define MCP_DEPTH 4
#define MCP_BASE 2

static bool count_pruned(const Search *s, const Board *b, int depth, int k, int move, bool pv,
                         bool quiet_node, int best)
{
    return s->pruning && !pv && quiet_node && depth <= MCP_DEPTH && k >= MCP_BASE + depth * depth
        && best > -PROVEN && !forcing_move(b, move);
}

/* Fail-high reduction (Rapfi's likelyFailHigh): at a non-PV node that is not a forced defence,
 * whose static value lies FAIL_HIGH_SLOPE * depth + FAIL_HIGH_BIAS or more above beta, every move
 * but a four is searched a ply shallower: the node almost surely fails high, and any move that
 * keeps the lead will show it. Rapfi's margin (15 * depth - 9) in our scale (x5, as our futility
 * margin against its). Depth bench at 10^6 nodes: undecided set 12.00 -> 13.00 plies, wins
 * proven 32 -> 30 of 32; against Rapfi classical at 1 s, 128 games on each of two seeds, 18.8%
 * and 18.0% where the tree without it scored 11.7% and 16.4%
 * (results/2026-12-06-threes-fail-high.txt). */
#define FAIL_HIGH_SLOPE 75
#define FAIL_HIGH_BIAS (-45)

static bool likely_fail_high(const Search *s, int depth, int alpha, int beta, int eval,
                             bool quiet_node)
{
    return s->pruning && quiet_node && beta - alpha == 1 && !is_proven(beta) && depth >= 2
        && eval >= beta + FAIL_HIGH_SLOPE * depth + FAIL_HIGH_BIAS;
}

/* ---- the moves of a node ------------------------------------------------------------------- */

/* Principal variation search over ordered moves: the first with a full window, the rest with a
 * null window, reduced or pruned when late and quiet, re-searched when they beat alpha; every
 * move but a four a ply shallower when the node is `fail_high` (likely_fail_high). Fail-soft. */
static int pvs_moves(Search *s, Board *b, const uint16_t *moves, int n, int depth, int ply,
                     int alpha, int beta, int *best_move, bool quiet_node, bool fail_high)
{
    int best = -INF, nput = 0;
    uint16_t *put = ply_put_off(s, ply);
    bool pv = beta - alpha > 1;
    *best_move = moves[0];
    for (int k = 0; k < n + nput; k++) {
        if (k < n && count_pruned(s, b, depth, k, moves[k], pv, quiet_node, best))
            continue;
        int r = k < n ? late_reduction(s, b, depth, k, moves[k], quiet_node, pv) : 0;
        int d = depth - 1 - (fail_high && !move_makes_four(b, k < n ? moves[k] : put[k - n]));
        int move = next_move(s, b, moves, n, depth, k, put, &nput);
        if (move < 0)
            continue;
        int v;
        if (k == 0) {
            v = -negamax(s, b, d, ply + 1, -beta, -alpha);
        } else {
            v = alpha + 1;
            if (r > 0)
                v = -negamax(s, b, d - r, ply + 1, -alpha - 1, -alpha);
            if (v > alpha && !s->aborted)
                v = -negamax(s, b, d, ply + 1, -alpha - 1, -alpha);
            if (v > alpha && v < beta && !s->aborted)
                v = -negamax(s, b, d, ply + 1, -beta, -alpha);
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
            order_note_cutoff(s, b, ply, move, depth);
            break;
        }
    }
    return best;
}

/* Every kept move of a node lost: a loss is only proven when the moves the width left out
 * lose too (else the tree would report, and the root act on, losses that rest on its forward
 * pruning: a root move proven lost at one depth came back not lost at the next). They are
 * searched like the kept ones; returns the node's new best (in *best_move). */
static int prove_pruned(Search *s, Board *b, const uint16_t *moves, int n, int depth, int ply,
                        int alpha, int beta, int best, int *best_move)
{
    int move, v = pvs_moves(s, b, moves, n, depth, ply, alpha, beta, &move, false, false);
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

/* ---- threats at a node --------------------------------------------------------------------- */

#define NODE_VCF_FOURS 8
#define NODE_VCF_NODES 48
/* From the second four on, a node's check tries only fours that also make a two or a three
 * (brain/vcf.h): depth bench at 10^6 nodes +0.5 ply on the undecided set, the same 30 of 32
 * wins in 21% fewer nodes; self-play at 1 s -3 +- 60 Elo, 128 games
 * (results/2026-11-28-vcf-plain-fours.txt). */
#define NODE_VCF_PLAIN_LEVELS 1
/* Interior nodes from this depth check for a VCF (leaves always do). From depth 1 instead:
 * -8 Elo, not significant (results/2026-11-26-selective-search.txt). */
#define NODE_VCF_MIN_DEPTH 2

/* A node whose side to move wins by continuous fours: the static value cannot see that (a
 * single four looks modest), and the tree's width and depth rarely reach the end of a long
 * one. It is the usual way a won position is converted. Cheap: fours are few, and the memo
 * remembers positions without one. Returns the win's value, or 0. */
static int node_vcf(Search *s, Board *b, int ply)
{
    uint64_t budget = vcf_budget(s, NODE_VCF_NODES);
    if (budget == 0)
        return 0;
    VcfLimits lim = {.max_fours = NODE_VCF_FOURS, .max_nodes = budget,
                     .plain_four_levels = NODE_VCF_PLAIN_LEVELS};
    VcfResult v = vcf_find(b, &lim, s->vcf_memo);
    s->nodes += v.nodes;
    return v.move == CELL_NONE ? 0 : SCORE_WIN - (ply + v.plies - 1);
}

/* A five to play wins; the opponent's one five must be blocked (played here and searched on at
 * `depth`: a forced block costs no depth); two, or one renju black may not block, lose. Returns the node's value, or NO_THREAT. */
#define NO_THREAT INT32_MIN

static int five_threats(Search *s, Board *b, int depth, int ply, int alpha, int beta)
{
    const IncState *inc = board_incremental(b);
    int me = b->to_move, opp = opponent_of(me);
    if (inc_five_cells(inc, me))
        return SCORE_WIN - ply;
    int block;
    FourReply his_four = threat_four_reply(b, opp, &block);
    if (his_four == FOUR_NONE)
        return NO_THREAT;
    if (his_four == FOUR_WINS || ply + 1 >= MAX_PLY)
        return -(SCORE_WIN - ply - 1);
    board_play(b, block);
    int v = -negamax(s, b, depth, ply + 1, -beta, -alpha);
    board_undo(b);
    return v;
}

/* ---- early pruning ------------------------------------------------------------------------- */

/* Reverse futility (Rapfi's "futility pruning: child node") from depth 1 to FUTILITY_DEPTH: a
 * static value FUTILITY_MARGIN a ply beyond the first above beta is returned (at depth 1, any
 * value at or above beta: the move still to make would only add to it). Rapfi's 63 a ply in our
 * scale (x5, as the fail-high margin), where it was 300 a ply up to depth 3: depth bench at 10^6
 * nodes, undecided set 12.57 -> 13.00 plies, the same 30 of 32 wins and 18 of 26 traps; against
 * Rapfi classical at 1 s 18.4% where the old margin scored 15.2% on the same 128 setups, and
 * 19.5% alone on a fresh seed (results/2026-12-07-futility.txt). A null move from NULL_MIN_DEPTH,
 * reduced NULL_R plies (NULL_R_DEEP from NULL_DEEP_DEPTH). */
#define FUTILITY_DEPTH 8
#define FUTILITY_MARGIN 315
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

/* Early pruning of a non-PV node before its moves: a static value far enough above beta
 * (reverse futility), or a null move (a pass) that still fails high. NO_PRUNE when neither. */
static int prune_early(Search *s, Board *b, int depth, int ply, int alpha, int beta, int eval)
{
    const IncState *inc = board_incremental(b);
    if (!s->pruning || beta - alpha != 1 || is_proven(beta) || is_proven(alpha) ||
        s->null_ply[ply])
        return NO_PRUNE;
    int me = b->to_move, opp = opponent_of(me);
    if (opponent_threatens(inc, opp))
        return NO_PRUNE;
    if (depth <= FUTILITY_DEPTH && eval - FUTILITY_MARGIN * (depth - 1) >= beta)
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

/* Internal iterative reduction: a node from IIR_DEPTH on that the table gives no move (never
 * searched, or its entry overwritten) is searched a ply shallower. Its order then rests on the
 * policy alone, and the next iteration finds this one's move in the table and searches it at
 * full depth. Depth bench at 10^6 nodes a position: completed depth 9.78 -> 10.89, wins
 * proven 27 -> 29 of 32 with 25% fewer nodes (from 3: no better; from 6: half the gain). */
#define IIR_DEPTH 4

static int iir_reduction(const Search *s, int depth, int tt_move)
{
    return s->pruning && depth >= IIR_DEPTH && tt_move == CELL_NONE;
}

/* ---- nodes --------------------------------------------------------------------------------- */

/* The leaves' quick VCF (brain/quickvcf.h): fours that also make something on another line,
 * at most LEAF_VCF_NODES positions. In place of the VCF check (plain fours too, 48 nodes, a
 * memo): depth bench at 10^6 nodes +0.45 ply, wins proven 32 of 32 instead of 30 with 20%
 * fewer nodes; self-play at 1 s +35 +- 60 Elo, 128 games (results/2026-11-28-leaf-fours.txt), on
 * a hold-out +25 +- 60 (results/2026-11-29-quickvcf-holdout.txt). */
#define LEAF_VCF_FOURS 8
#define LEAF_VCF_NODES 16

/* A leaf (depth 0): its static value, unless a threat decides it first: a five to play, a
 * forced block (played: it costs no depth), or a quick VCF for the side to move. Reads the
 * incremental state only: no move list. */
static int leaf(Search *s, Board *b, int ply, int alpha, int beta)
{
    s->nodes++;
    if (out_of_time(s)) {
        s->aborted = true;
        return 0;
    }
    int v = five_threats(s, b, 0, ply, alpha, beta);
    if (v != NO_THREAT)
        return v;
    s->evals++; /* the incremental state's score is the evaluator's */
    QuickVcfLimits lim = {.max_fours = LEAF_VCF_FOURS,
                          .max_nodes = (int)vcf_budget(s, LEAF_VCF_NODES - 1) + 1};
    QuickVcfResult q = quick_vcf(b, decided_to(beta, ply), &lim);
    s->nodes += (uint64_t)q.nodes - 1;
    return decided_from(q.value, ply);
}

/* The opponent can win by force unless answered: an open four to make, or a 4-3. */
static bool threatened(const IncState *inc, int me)
{
    const int *k = inc->side[opponent_of(me) - 1].count;
    return k[CELL_FLEX4] || k[CELL_43];
}

/* The moves an interior node searches, into moves[0..*kept), the ones left out after them up
 * to the returned count, and the depth to search them to. Threatened: the exact defences (the
 * moves that may stop the threat or answer it, moves_defences: the others lose at once; each of
 * those scored, the lost ones left out, a forced defence searched a ply deeper). Otherwise the
 * policy's choice. *static_win is set when a child's static value is already a win. */
static int node_moves(Search *s, Board *b, uint16_t *moves, int depth, int ply, int tt_move,
                      int *kept, int *moves_depth, int *static_win)
{
    int n = moves_candidates(b, TREE_RADIUS, moves);
    *moves_depth = depth;
    *static_win = 0;
    if (n == 0 || !threatened(board_incremental(b), b->to_move)) {
        *kept = order_by_policy(s, b, moves, n, ply, tt_move, s->pruning ? POLICY_WIDTH : n);
        return n;
    }
    int candidates = n;
    n = moves_defences(b, moves, n);
    n = order_narrow(s, b, moves, n, ply, tt_move);
    int best_static = order_moves(s, b, moves, n, ply, tt_move);
    if (best_static >= PROVEN) /* the evaluator sees a forced win one move away */
        *static_win = best_static;
    int alive = order_drop_static_lost(ply_keys(s, ply), n);
    if (ply_keys(s, ply)[0] > -PROVEN) /* not when every move loses at once */
        *moves_depth = defence_depth(depth, alive, candidates);
    *kept = order_keep_best(b, moves, alive, s->pruning ? TREE_WIDTH : alive);
    return alive;
}

static int negamax(Search *s, Board *b, int depth, int ply, int alpha, int beta)
{
    if (depth <= 0)
        return leaf(s, b, ply, alpha, beta);
    s->nodes++;
    if (out_of_time(s)) {
        s->aborted = true;
        return 0;
    }
    TTEntry hit;
    const TTEntry *e = tt_probe(s->tt, b->hash, &hit);
    /* A hint only (another thread's entry, or a key collision): the node's own moves are
     * searched whatever it says. */
    int v, tt_move = e ? e->move : CELL_NONE;
    if (tt_cutoff(e, depth, ply, alpha, beta, &v))
        return v;
    depth -= iir_reduction(s, depth, tt_move);
    if ((v = five_threats(s, b, depth, ply, alpha, beta)) != NO_THREAT)
        return v;
    s->evals++;
    int eval = decided_from(inc_score(board_incremental(b), b->to_move), ply);
    if (is_proven(eval) || ply + 1 >= MAX_PLY)
        return eval;
    int win = depth >= NODE_VCF_MIN_DEPTH ? node_vcf(s, b, ply) : 0;
    if (win) {
        tt_store(s->tt, b->hash, 255, TT_EXACT, score_to_tt(win, ply), CELL_NONE);
        return win;
    }
    if ((v = prune_early(s, b, depth, ply, alpha, beta, eval)) != NO_PRUNE)
        return v;
    uint16_t *moves = ply_moves(s, ply);
    int kept, moves_depth, static_win;
    int all = node_moves(s, b, moves, depth, ply, tt_move, &kept, &moves_depth, &static_win);
    if (all == 0)
        return 0; /* no move left: a draw */
    if (static_win) {
        tt_store(s->tt, b->hash, depth, TT_EXACT, score_to_tt(static_win, ply), moves[0]);
        return static_win;
    }
    bool quiet = moves_depth == depth;
    int best_move, best = pvs_moves(s, b, moves, kept, moves_depth, ply, alpha, beta, &best_move,
                                    quiet, likely_fail_high(s, depth, alpha, beta, eval, quiet));
    if (best <= -PROVEN && kept < all && !s->aborted)
        best = prove_pruned(s, b, moves + kept, all - kept, moves_depth, ply, alpha, beta, best,
                            &best_move);
    if (s->aborted)
        return 0;
    int bound = best <= alpha ? TT_UPPER : best >= beta ? TT_LOWER : TT_EXACT;
    tt_store(s->tt, b->hash, depth, bound, score_to_tt(best, ply), best_move);
    return best;
}

/* ---- the root's moves ---------------------------------------------------------------------- */

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
