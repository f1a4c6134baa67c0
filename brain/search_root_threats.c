/* Threat sequences at the root: our own win by continuous fours (VCF) or by threes (VCT),
 * the opponent's, the root moves that refute them, and the rescue of a root the tree proved
 * lost. Budgets in nodes and in shares of the move's time; the tree itself is not searched. */
#include "brain/search_internal.h"

#include <string.h>

#include "brain/root_limits.h"
#include "brain/vct.h"

/* A VCF of `color` in the position (as if it were that side's turn). */
static VcfResult vcf_of(Search *s, Board *b, int color, uint64_t max_nodes)
{
    VcfResult none = {CELL_NONE, 0, 0, true};
    uint64_t budget = vcf_budget(s, max_nodes);
    if (budget == 0)
        return none;
    int side = b->to_move;
    VcfLimits lim = {.max_fours = ROOT_VCF_FOURS, .max_nodes = budget, .deadline_ms = s->deadline,
                     .stop = s->stop};
    board_set_to_move(b, color);
    VcfResult v = vcf_find(b, &lim, s->vcf_memo);
    board_set_to_move(b, side);
    s->nodes += v.nodes;
    return v;
}

/* Our own VCF at the root: the win when there is one. */
VcfResult root_own_vcf(Search *s, Board *b)
{
    return vcf_of(s, b, b->to_move, ROOT_VCF_NODES);
}

/* When the opponent threatens a VCF, keeps the root moves after which he has none (our own
 * fours included: he must answer them first). A static ranking cannot see such a threat coming,
 * and the tree's width rarely reaches its refutations. A move whose check ran out of its budget
 * (or of time) is left out only where two or more moves are proven safe: a lone safe move would be
 * answered at once, unsearched, and in games lost to Rapfi it walked into a slower loss that an
 * unfinished one avoided (tests/positions/search_vcf_unfinished.txt). Keeps every move when each
 * is proven lost. Returns the new count. */
int root_refute_vcf(Search *s, Board *b, uint16_t *moves, int n, bool *threatened)
{
    int opp = opponent_of(b->to_move);
    if (vcf_of(s, b, opp, ROOT_VCF_NODES).move == CELL_NONE)
        return n;
    *threatened = true;
    uint16_t unknown[MOVES_MAX];
    int kept = 0, nunknown = 0;
    for (int i = 0; i < n; i++) {
        board_play(b, moves[i]);
        VcfResult v = vcf_of(s, b, opp, REFUTE_VCF_NODES);
        board_undo(b);
        if (v.move == CELL_NONE && !v.aborted)
            moves[kept++] = moves[i];
        else if (v.move == CELL_NONE)
            unknown[nunknown++] = moves[i];
    }
    if (kept <= 1) {
        memcpy(&moves[kept], unknown, (size_t)nunknown * sizeof *moves);
        kept += nunknown;
    }
    return kept > 0 ? kept : n;
}

#define VCT_TIME_SHARE 4    /* our own VCT: at most 1/4 of the time left */
#define REFUTE_TIME_SHARE 3 /* the opponent's: at most 1/3 of what is left then */

/* A win by threes and fours (each forcing an answer on its line) ending in continuous fours:
 * beyond the tree's depth, and the way a won position is converted against an opponent who
 * blocks every single threat. Returns the first move, or CELL_NONE. */
static int vct_of(Search *s, Board *b, int64_t deadline, int *plies)
{
    *plies = 0;
    uint64_t budget = vcf_budget(s, ROOT_VCT_NODES);
    if (budget == 0)
        return CELL_NONE;
    /* The fewest threes first: a double three now beats a longer sequence found earlier in
     * board order. */
    for (int threes = 1; threes <= ROOT_VCT_THREES; threes++) {
        VctLimits lim = {.max_threes = threes, .vcf_fours = ROOT_VCT_FOURS, .max_nodes = budget,
                         .deadline_ms = deadline, .stop = s->stop};
        VcfResult v = vct_find(b, &lim, s->vcf_memo);
        s->nodes += v.nodes;
        *plies = v.plies; /* over the defender's longest resistance the search saw */
        if (v.move != CELL_NONE || v.aborted)
            return v.move;
        budget = vcf_budget(s, budget > v.nodes ? budget - v.nodes : 0);
        if (budget == 0)
            break;
    }
    return CELL_NONE;
}

/* A clock_ms() deadline 1/share of the time left from now to the end of the move: its target
 * when it has one, else its deadline (0: no deadline). */
static int64_t share_of_time(const Search *s, int share)
{
    int64_t end = s->target > 0 && s->target < s->deadline ? s->target : s->deadline;
    if (end <= 0)
        return 0;
    int64_t now = clock_ms();
    return now + (end > now ? (end - now) / share : 0);
}

int root_vct(Search *s, Board *b, int *plies)
{
    return vct_of(s, b, share_of_time(s, VCT_TIME_SHARE), plies);
}

/* When the opponent threatens a win by threes, drops the root moves after which he still has
 * one. Checks end at a share of the time; moves not proven lost are kept, and every move is kept
 * when all are lost. Returns the new count. */
int root_refute_vct(Search *s, Board *b, uint16_t *moves, int n, bool *threatened)
{
    int64_t deadline = share_of_time(s, REFUTE_TIME_SHARE);
    int side = b->to_move;
    board_set_to_move(b, opponent_of(side));
    int plies, threat = vct_of(s, b, deadline, &plies);
    board_set_to_move(b, side);
    if (threat == CELL_NONE)
        return n;
    *threatened = true;
    int kept = 0;
    for (int i = 0; i < n; i++) {
        board_play(b, moves[i]);
        bool lost = vct_of(s, b, deadline, &plies) != CELL_NONE;
        board_undo(b);
        if (!lost)
            moves[kept++] = moves[i];
    }
    return kept > 0 ? kept : n;
}

#define RESCUE_TIME_SHARE 2 /* a rescue takes at most half the time left */

/* The search's own limits, or the rescue's share of the time, are reached. */
static bool rescue_cut_short(Search *s, int64_t deadline)
{
    return out_of_time(s) || (deadline > 0 && clock_ms() >= deadline);
}

/* When the tree has proven every root move it searched lost, looks for up to RESCUE_KEEP
 * others (best one-ply value first) after which the threat searches find no VCF or VCT for the
 * opponent. The root searched ROOT_WIDTH moves only, or those of them that refuted the threat it
 * saw, and the tree's losses rest on its narrow width (TREE_WIDTH moves a node): in games lost
 * to AIWine at 1 s, the tree answered a move lost to a one-three VCT where a move outside them
 * was not lost (tests/positions/search_rescue.txt). Writes them to out; returns their count. */
int root_rescue(Search *s, Board *b, const uint16_t *searched, int nsearched,
                       uint16_t *out)
{
    uint16_t cand[MOVES_MAX];
    int32_t keys[MOVES_MAX];
    int decided, n = order_node_moves(b, 0, cand, &decided);
    if (n < 2) /* decided, or a forced block: nothing else to find */
        return 0;
    search_score_moves(s, b, cand, n, 0, keys);
    moves_sort(cand, keys, n);
    int64_t deadline = share_of_time(s, RESCUE_TIME_SHARE);
    int opp = opponent_of(b->to_move), kept = 0;
    for (int i = 0; i < n && kept < RESCUE_KEEP && keys[i] > -PROVEN; i++) {
        if (among(searched, nsearched, cand[i]) || excluded(s, cand[i]) || proven_lost(s, cand[i]))
            continue;
        if (rescue_cut_short(s, deadline))
            break;
        board_play(b, cand[i]);
        /* an unfinished VCF search (its own budget spent) does not count as a loss (root_refute_vcf
         * leaves one out only where two moves are proven safe)... */
        int plies;
        bool lost = vcf_of(s, b, opp, ROOT_VCT_NODES).move != CELL_NONE
                    || vct_of(s, b, deadline, &plies) != CELL_NONE;
        board_undo(b);
        /* ...but one the search's own limits cut short proves nothing: the move may be lost */
        if (rescue_cut_short(s, deadline))
            break;
        if (!lost)
            out[kept++] = cand[i];
    }
    return kept;
}
