/* The root: its moves (wins now, forced blocks, excluded cells), the preparation (threat
 * searches, the depth-1 ranking, the width), iterative deepening with the time manager's
 * say, the Lazy SMP helpers' divergence, the moves other threads proved lost, the rescue, and
 * the public entry points search_best_move, search_prepare(_quick) and search_iterate. It reaches
 * the tree only through tree_root_iteration and the threat searches only through root_*. */
#include "brain/search_internal.h"

#include <string.h>

#include "brain/rules.h"
#include "brain/timeman.h"

/* Moves searched at the root, best one-ply values first. */
#ifndef ROOT_WIDTH
#define ROOT_WIDTH 20
#endif
/* The policy's best moves that join them when the one-ply values left them out: the quiet move
 * that holds a position often ranks far down by one-ply value (25th-56th where Rapfi's move
 * differed from a lost one of ours, results/2026-12-05-traps.txt) but high by policy. */
#ifndef ROOT_POLICY_BEST
#define ROOT_POLICY_BEST 10
#endif

static void move_to_front(uint16_t *moves, int n, int move)
{
    for (int i = 0; i < n; i++) {
        if (moves[i] == move) {
            memmove(&moves[1], &moves[0], (size_t)i * sizeof *moves);
            moves[0] = (uint16_t)move;
            return;
        }
    }
}

/* The root's moves, or 0 when the answer is already in *r: a win now, a lost position with a
 * legal block to play anyway, or no candidate at all. */
static int root_moves(const Board *b, uint16_t *moves, SearchResult *r)
{
    int decided, n = order_node_moves(b, 0, moves, &decided);
    if (n > 0)
        return n;
    r->score = decided;
    r->depth = 1;
    uint16_t cell[MOVES_MAX];
    if (decided > 0 && moves_winning_cells(b, b->to_move, cell, 1) > 0) {
        r->move = cell[0];
        return 0;
    }
    int threats = moves_winning_cells(b, opponent_of(b->to_move), cell, MOVES_MAX);
    for (int i = 0; i < threats; i++) {
        if (rule_is_legal(b, cell[i])) {
            r->move = cell[i];
            return 0;
        }
    }
    /* Lost to an unblockable five, or nothing near the stones: any legal move. */
    n = moves_candidates(b, TREE_RADIUS, moves);
    if (n == 0)
        r->move = moves_any_legal(b);
    return n;
}

/* Drops the excluded root moves. When that leaves nothing (or the ready answer in *r is
 * excluded), the allowed candidates near the stones are searched instead. Returns the count. */
static int drop_excluded(Search *s, const Board *b, uint16_t *moves, int n, SearchResult *r)
{
    if (excluded(s, r->move))
        *r = SEARCH_NO_RESULT;
    int kept = 0;
    for (int i = 0; i < n; i++)
        if (!excluded(s, moves[i]))
            moves[kept++] = moves[i];
    if (kept > 0 || r->move != CELL_NONE)
        return kept;
    n = moves_candidates(b, TREE_RADIUS, moves);
    for (int i = 0; i < n; i++)
        if (!excluded(s, moves[i]))
            moves[kept++] = moves[i];
    return kept;
}

/* Lazy SMP helpers (worker > 0) diverge from the main search so that the shared table gains
 * what the main search has not looked at yet: besides the put-offs of next_move, helpers from
 * 2 on skip iterations in their own pattern (worker 2 searches the odd depths, worker 3 the
 * even ones, workers 4-5 take pairs of depths, ...), so that one running ahead of the main
 * search leaves it deeper entries. The last depth is never skipped: the helper would sit idle
 * through the longest iteration. Even workers from 4 on also put another root move first (the
 * best one still gets its turn). */
static bool skips_depth(const Search *s, int depth, int max_depth)
{
    if (s->worker < 2 || depth >= max_depth)
        return false;
    int run = 1 + ((s->worker - 2) >> 1);
    return (depth + s->worker) / run % 2 == 1;
}

static void perturb_root(const Search *s, uint16_t *order, int n)
{
    if (s->worker < 4 || s->worker % 2 == 1 || n < 2)
        return;
    int k = 1 + (s->worker / 2 - 2) % (n - 1);
    uint16_t first = order[0];
    order[0] = order[k];
    order[k] = first;
}

/* Sorts the root moves by their one-ply values (one batch), best first; returns the best. */
static int rank_root(Search *s, Board *b, uint16_t *moves, int n)
{
    int32_t *keys = ply_keys(s, 0);
    search_score_moves(s, b, moves, n, 0, keys);
    moves_sort(moves, keys, n);
    return keys[0];
}

/* Keeps the moves the root searches, first in moves[]: the best ROOT_WIDTH by one-ply value (and
 * every four), then those of the policy's best ROOT_POLICY_BEST they left out. Returns the count. */
static int keep_root_moves(Search *s, Board *b, uint16_t *moves, int n)
{
    if (!s->pruning)
        return n;
    int width = order_keep_best(b, moves, n, ROOT_WIDTH);
    if (width >= n)
        return width;
    uint16_t by_policy[MOVES_MAX];
    memcpy(by_policy, moves, (size_t)n * sizeof *moves);
    int best = order_by_policy(s, b, by_policy, n, 0, CELL_NONE, ROOT_POLICY_BEST);
    best = best < ROOT_POLICY_BEST ? best : ROOT_POLICY_BEST; /* not the attacks it adds */
    for (int i = 0; i < best; i++) {
        for (int j = width; j < n; j++) {
            if (moves[j] == by_policy[i]) {
                moves[j] = moves[width];
                moves[width++] = by_policy[i];
                break;
            }
        }
    }
    return width;
}

/* Ends a preparation that found the answer without iterations. */
static bool answered(Search *s, Board *b, SearchRoot *root)
{
    root->n = 0;
    root->result.nodes = s->nodes;
    root->result.evals = s->evals;
    search_notify_iteration(s, b, &root->result);
    return true;
}

/* search_prepare's work, in the call begun by the caller. */
static bool prepare_root(Search *s, Board *b, int max_depth, SearchRoot *root)
{
    s->observing = true;
    if (s->tt == &s->own_tt) /* helpers sharing it leave the generation to its owner */
        tt_new_search(s->tt);
    SearchResult *r = &root->result;
    *r = SEARCH_NO_RESULT;
    root->threatened = false;
    uint16_t *moves = ply_moves(s, 0);
    int n = root_moves(b, moves, r);
    if (s->obs.excluded)
        n = drop_excluded(s, b, moves, n, r);
    if (n > 1) {
        vcf_memo_clear(s->vcf_memo);
        VcfResult win = root_own_vcf(s, b);
        if (win.move != CELL_NONE && !excluded(s, win.move)) {
            *r = (SearchResult){win.move, SCORE_WIN - (win.plies - 1), win.plies, 0, 0, 0};
            return answered(s, b, root);
        }
        int plies, threat_win = root_vct(s, b, &plies);
        if (threat_win != CELL_NONE && !excluded(s, threat_win)) {
            /* its length is known only roughly */
            *r = (SearchResult){threat_win, SEARCH_THREAT_WIN, plies, 0, 0, 0};
            return answered(s, b, root);
        }
        n = root_refute_vcf(s, b, moves, n, &root->threatened);
    }
    if (n == 0) /* answered without a search: a win now or a forced block */
        return answered(s, b, root);
    /* Depth 1 is one batch and always completes: there is always an answer. */
    int best = rank_root(s, b, moves, n);
    r->move = moves[0];
    if (r->depth == 0) /* else root_moves already knows the value: a loss */
        r->score = best;
    r->depth = 1;
    search_notify_iteration(s, b, r);
    int width = keep_root_moves(s, b, moves, n);
    if (width > 1)
        width = root_refute_vct(s, b, moves, width, &root->threatened);
    if (moves[0] != r->move) { /* the depth-1 answer was dropped */
        r->move = moves[0];
        r->score = 0; /* not known: the next iteration tells */
    }
    root->n = width;
    memcpy(root->moves, moves, (size_t)width * sizeof *moves);
    r->nodes = s->nodes;
    r->evals = s->evals;
    return width <= 1 || max_depth < 2 || is_proven(r->score);
}

/* Whether the main search, with a target, should go one iteration deeper after one that
 * ended with `v` and `best` (the previous ones: *last_score and *last_best). */
static bool go_deeper(Search *s, bool threatened, int v, int best, int *last_score,
                      int *last_best, bool *changed_before)
{
    bool changed = *last_best != CELL_NONE && best != *last_best;
    SearchProgress p = {clock_ms() - s->start, changed + *changed_before,
                        *last_best != CELL_NONE ? *last_score - v : 0, threatened};
    *changed_before = changed;
    *last_best = best;
    *last_score = v;
    return s->worker > 0 || s->target <= 0 || timeman_go_deeper(s->target - s->start, &p);
}

/* Leaves out of moves[0..n) those another thread proved lost, unless that leaves none (order
 * kept). Returns the new count. */
static int drop_lost(const Search *s, uint16_t *moves, int n)
{
    uint16_t kept[MOVES_MAX];
    int k = 0;
    for (int i = 0; i < n; i++)
        if (!proven_lost(s, moves[i]))
            kept[k++] = moves[i];
    if (k == 0 || k == n)
        return n;
    memcpy(moves, kept, (size_t)k * sizeof *moves);
    return k;
}

/* An iteration cut short after proving every move it finished lost (the last one's best move
 * first among them) answers the first of its moves it did not reach, if any: that one may not
 * be lost. At 1 s a move, the deeper iteration that sees the old best move lose often ends
 * before a second move is searched. Its value is not known: the score stays `last_score`, the
 * last completed iteration's (what the Swap2 choice and the threads read). */
static void answer_unreached(const uint16_t *order, int n, const uint16_t *finished, int done,
                             int last_score, SearchResult *r)
{
    for (int i = 0; i < n; i++) {
        if (!among(finished, done, order[i])) {
            r->move = order[i];
            r->score = last_score;
            return;
        }
    }
}

/* The iterations from depth 2 over moves[0..width), best first (reordered as they go), on from
 * *r (the answer so far). */
static void run_iterations(Search *s, Board *b, int max_depth, uint16_t *moves, int width,
                           bool threatened, SearchResult *r)
{
    int last_score = r->score, last_best = CELL_NONE;
    bool changed_before = false;
    if (!board_incremental(b)) /* the tree reads the pattern state: no tables, no tree */
        return;
    for (int depth = 2; width > 1 && depth <= max_depth && !is_proven(r->score); depth++) {
        if (skips_depth(s, depth, max_depth))
            continue;
        int best_move, done;
        uint16_t order[MOVES_MAX], finished[MOVES_MAX];
        memcpy(order, moves, (size_t)width * sizeof *moves);
        int n = drop_lost(s, order, width);
        perturb_root(s, order, n);
        int v = tree_root_iteration(s, b, order, n, depth, r->score, &best_move, &done, finished);
        if (s->aborted && done == 0)
            break;
        int completed_score = r->score;
        r->move = best_move;
        r->score = v;
        if (s->aborted) {
            r->partial = depth;
            if (v <= -PROVEN)
                answer_unreached(order, n, finished, done, completed_score, r);
            break;
        }
        r->depth = depth;
        move_to_front(moves, width, best_move);
        search_notify_iteration(s, b, r);
        if (!go_deeper(s, threatened, v, best_move, &last_score, &last_best, &changed_before))
            break;
    }
}

/* search_iterate's work, in the call begun by the caller. */
static SearchResult iterate_root(Search *s, Board *b, int max_depth, const SearchRoot *root)
{
    s->observing = true;
    SearchResult r = root->result;
    uint16_t *moves = ply_moves(s, 0);
    int width = root->n;
    memcpy(moves, root->moves, (size_t)width * sizeof *moves);
    run_iterations(s, b, max_depth, moves, width, root->threatened, &r);
    uint16_t held[RESCUE_KEEP];
    int nheld;
    if (r.score <= -PROVEN && !s->aborted && s->worker == 0
        && (nheld = root_rescue(s, b, moves, width, held)) > 0) {
        /* The tree judges them as it did the others: it answers one unless it proves them lost
         * too, and then the longest resistance of all. */
        SearchResult lost = r;
        memcpy(moves, held, (size_t)nheld * sizeof *moves);
        width = nheld;
        r = (SearchResult){held[0], 0, lost.depth, 0, 0, 0};
        run_iterations(s, b, max_depth, moves, width, true, &r);
        if (r.score <= -PROVEN && r.score <= lost.score)
            r = lost;
    }
    /* A move proven lost since it was chosen gives way to the next one in the root's order
     * (unless the tree itself proved it wins). */
    if (proven_lost(s, r.move) && r.score < PROVEN && drop_lost(s, moves, width) < width) {
        r.move = moves[0];
        r.score = 0; /* not known */
    }
    r.nodes = s->nodes;
    r.evals = s->evals;
    return r;
}

/* The board is followed by the incremental state for the call when the evaluator has pattern
 * tables on the host: move ordering and threat tests read it instead of scanning the board, and
 * child scores too where the evaluator offers that. Returns what the board followed before,
 * for the caller to restore. */
static struct IncState *follow_board(Search *s, Board *b)
{
    struct IncState *before = b->inc;
    const PatternTables *scoring = evaluator_incremental_tables(s->ev);
    const PatternTables *tables = scoring ? scoring : evaluator_pattern_tables(s->ev);
    s->inc_scores = scoring != NULL;
    if (tables) {
        inc_init(s->inc, tables, b->size, b->rule, b->cell);
        board_follow(b, s->inc);
    }
    return before;
}

SearchResult search_best_move(Search *s, Board *b, const SearchLimits *lim,
                              const atomic_int *stop)
{
    struct IncState *before = follow_board(s, b);
    search_begin_call(s, lim, stop);
    SearchRoot root;
    SearchResult r = prepare_root(s, b, lim->max_depth, &root)
                         ? root.result
                         : iterate_root(s, b, lim->max_depth, &root);
    b->inc = before;
    return r;
}

bool search_prepare(Search *s, Board *b, const SearchLimits *lim, const atomic_int *stop,
                    SearchRoot *root)
{
    struct IncState *before = follow_board(s, b);
    search_begin_call(s, lim, stop);
    bool final = prepare_root(s, b, lim->max_depth, root);
    b->inc = before;
    return final;
}

void search_prepare_quick(Search *s, Board *b, SearchRoot *root)
{
    struct IncState *before = follow_board(s, b);
    search_begin_call(s, &(SearchLimits){0}, NULL);
    SearchResult *r = &root->result;
    *r = (SearchResult){CELL_NONE, 0, 1, 0, 0, 0};
    root->threatened = false;
    root->n = 0;
    uint16_t *moves = ply_moves(s, 0);
    int n = root_moves(b, moves, r);
    if (n > 1) {
        r->score = rank_root(s, b, moves, n);
        r->move = moves[0];
        root->n = keep_root_moves(s, b, moves, n);
        memcpy(root->moves, moves, (size_t)root->n * sizeof *moves);
    }
    b->inc = before;
}

SearchResult search_iterate(Search *s, Board *b, const SearchLimits *lim, const atomic_int *stop,
                            const atomic_int *stop_too, const SearchRoot *root)
{
    struct IncState *before = follow_board(s, b);
    search_begin_call(s, lim, stop);
    s->stop_too = stop_too;
    s->nodes = root->result.nodes;
    s->evals = root->result.evals;
    SearchResult r = iterate_root(s, b, lim->max_depth, root);
    b->inc = before;
    return r;
}
