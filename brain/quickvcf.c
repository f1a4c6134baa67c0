#include "brain/quickvcf.h"

#include "brain/rules.h"
#include "brain/threats.h"
#include "kernels/evaluator.h"
#include "kernels/incremental.h"

#define CELLS_MAX 32 /* fours tried per position at most */

typedef struct QuickVcf {
    const QuickVcfLimits *lim;
    Board *b;
    const IncState *inc;
    int attacker;
    int nodes;
} QuickVcf;

static bool is_win(int v) { return v >= SCORE_WIN_MIN; }

/* A decided value seen `plies` below the start, counted from the start. */
static int from_start(int v, int plies)
{
    return v >= SCORE_WIN_MIN ? v - plies : v <= -SCORE_WIN_MIN ? v + plies : v;
}

static bool four_allowed(const QuickVcf *q, int cell, int level)
{
    return level < q->lim->plain_four_levels
        || (q->b->rule == RULE_RENJU && q->attacker == WHITE)
        || inc_four_plus(q->inc, q->attacker, cell);
}

/* The attacker's fours, those that win outright (CELL_FLEX4) first, then the 4-3s. */
static int ordered_fours(const QuickVcf *q, uint16_t *cells)
{
    uint16_t all[CELLS_MAX];
    int n = inc_four_cells(q->inc, q->attacker, all, CELLS_MAX), out = 0;
    const uint16_t *entry = q->inc->entry[q->attacker - 1];
    for (int pass = 0; pass < 3; pass++)
        for (int i = 0; i < n; i++) {
            int cls = CELL_ENTRY_CLASS(entry[all[i]]);
            int rank = cls == CELL_FLEX4 ? 0 : cls == CELL_43 ? 1 : 2;
            if (rank == pass)
                cells[out++] = all[i];
        }
    return out;
}

static int attack(QuickVcf *q, int stand, int plies, int level);

/* The attacker's static value (counted from the start) where he is to move `plies` in. */
static int stand_value(const QuickVcf *q, int plies)
{
    return from_start(inc_score(q->inc, q->attacker), plies);
}

/* The attacker (to move) plays the four on `cell`, the defender blocks, the line goes on.
 * Returns its win, or INT32_MIN: none found, an illegal four, or a block that gives the
 * defender a five point of his own (the attacker would no longer choose). */
static int four_line(QuickVcf *q, int cell, int plies, int level)
{
    Board *b = q->b;
    if (!rule_is_legal(b, cell))
        return INT32_MIN;
    board_play(b, cell);
    int v = INT32_MIN, block;
    FourReply reply = threat_four_reply(b, q->attacker, &block);
    if (reply == FOUR_WINS) {
        v = SCORE_WIN - (plies + 2);
    } else if (reply == FOUR_BLOCK) {
        board_play(b, block);
        if (!inc_five_cells(q->inc, opponent_of(q->attacker)))
            v = attack(q, stand_value(q, plies + 2), plies + 2, level + 1);
        board_undo(b);
    }
    board_undo(b);
    return v;
}

/* The attacker to move, his static value `stand`: a win (from the start), or INT32_MIN where
 * none is found. */
static int attack(QuickVcf *q, int stand, int plies, int level)
{
    q->nodes++;
    if (is_win(stand))
        return stand;
    if (stand <= -SCORE_WIN_MIN || level >= q->lim->max_fours)
        return INT32_MIN;
    uint16_t cells[CELLS_MAX];
    int n = ordered_fours(q, cells);
    for (int i = 0; i < n && q->nodes < q->lim->max_nodes; i++) {
        if (!four_allowed(q, cells[i], level))
            continue;
        int v = four_line(q, cells[i], plies, level);
        if (is_win(v))
            return v;
    }
    return INT32_MIN;
}

QuickVcfResult quick_vcf(Board *b, int beta, const QuickVcfLimits *lim)
{
    QuickVcf q = {lim, b, board_incremental(b), b->to_move, 0};
    int stand = inc_score(q.inc, q.attacker);
    if (stand >= beta || is_win(stand) || stand <= -SCORE_WIN_MIN)
        return (QuickVcfResult){stand, 1};
    int win = attack(&q, stand, 0, 0);
    return (QuickVcfResult){is_win(win) ? win : stand, q.nodes};
}
