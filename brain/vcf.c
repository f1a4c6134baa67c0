#include "brain/vcf.h"

#include <string.h>

#include "brain/clock.h"
#include "brain/moves.h"
#include "brain/rules.h"
#include "brain/threats.h"
#include "kernels/incremental.h"

typedef struct VcfRun {
    const VcfLimits *lim;
    VcfMemo *memo;
    int attacker;
    uint64_t nodes;
    bool aborted;
    bool pruned; /* a four was left out (VcfLimits.plain_four_levels) below the current node */
} VcfRun;

/* The memo key of a position where fours were left out: its "none" proves nothing of the
 * whole VCF. */
#define PRUNED_SALT 0x5bd1e9955bd1e995ull

void vcf_memo_clear(VcfMemo *m) { memset(m, 0, sizeof *m); }

bool vcf_memo_says_none(const VcfMemo *m, uint64_t key, int budget)
{
    if (!m)
        return false;
    size_t i = key & (VCF_MEMO_SIZE - 1);
    return m->hash[i] == key && m->fours[i] >= budget;
}

void vcf_memo_store_none(VcfMemo *m, uint64_t key, int budget)
{
    if (!m)
        return;
    size_t i = key & (VCF_MEMO_SIZE - 1);
    m->hash[i] = key;
    m->fours[i] = (uint8_t)budget;
}

/* The stop flag at every node, the clock every 64 (a node costs a few microseconds). */
static bool out_of_budget(VcfRun *r)
{
    const VcfLimits *l = r->lim;
    if (l->max_nodes && r->nodes >= l->max_nodes)
        r->aborted = true;
    else if (l->stop && atomic_load_explicit(l->stop, memory_order_relaxed))
        r->aborted = true;
    else if ((r->nodes & 63) == 1 && l->deadline_ms > 0 && clock_ms() >= l->deadline_ms)
        r->aborted = true;
    return r->aborted;
}

/* Empty cells with 3+ of `color`'s stones within 4 along some line: only these can make a four
 * (threat_makes_four decides). With an incremental state, exactly the legal four moves, kept up
 * to date by the state (the same fours, in the same cell order, without a scan). Returns the
 * count. */
static int four_candidates(const Board *b, int color, uint16_t *out)
{
    int n = 0;
    const IncState *inc = board_incremental(b);
    if (inc && inc_five_cells(inc, color) == 0)
        return inc_four_cells(inc, color, out, MOVES_MAX);
    for (int y = 0; y < b->size; y++) {
        for (int x = 0; x < b->size; x++) {
            if (b->cell[cell_index(x, y)] != EMPTY)
                continue;
            for (int d = 0; d < 4; d++) {
                int own = 0;
                for (int k = -4; k <= 4 && own < 3; k++)
                    own += k && board_at(b, x + k * DIR_DX[d], y + k * DIR_DY[d]) == color;
                if (own >= 3) {
                    out[n++] = (uint16_t)cell_index(x, y);
                    break;
                }
            }
        }
    }
    return n;
}

static int attack(VcfRun *r, Board *b, int fours_left, int *first);

/* A plain four rarely leads on once the attack has gone two fours deep (incremental.h). */
static bool four_plus(const Board *b, int color, int cell)
{
    const IncState *inc = board_incremental(b);
    return !inc || inc_four_plus(inc, color, cell);
}

/* Whether the attacker's move `fours_left` fours from the limit may be a plain four. Always
 * against renju black, whose block may be forbidden: any four may win at once. */
static bool plain_fours_allowed(const VcfRun *r, const Board *b, int fours_left)
{
    int levels = r->lim->plain_four_levels;
    return levels <= 0 || r->lim->max_fours - fours_left < levels
        || (b->rule == RULE_RENJU && r->attacker == WHITE);
}

static bool memo_says_none(const VcfRun *r, uint64_t hash, int fours_left)
{
    return vcf_memo_says_none(r->memo, hash, fours_left)
        || (r->lim->plain_four_levels > 0
            && vcf_memo_says_none(r->memo, hash ^ PRUNED_SALT, fours_left));
}

/* Puts the fours that win outright (an open four or two fours: CELL_FLEX4) first, then those
 * that make a four and an open three (CELL_43), so that a win is found in the fewest nodes. */
static void order_fours(const Board *b, int color, uint16_t *cell, int n)
{
    const IncState *inc = board_incremental(b);
    if (!inc)
        return;
    int front = 0;
    for (int cls = CELL_FLEX4; cls >= CELL_43; cls--)
        for (int i = front; i < n; i++)
            if (CELL_ENTRY_CLASS(inc->entry[color - 1][cell[i]]) == cls) {
                uint16_t c = cell[i];
                memmove(&cell[front + 1], &cell[front], (size_t)(i - front) * sizeof *cell);
                cell[front++] = c;
            }
}

/* The attacker has just made a four with five point(s) `fives`: the defender's forced answer.
 * Returns the plies to the win (counted from before the four) or 0. */
static int after_four(VcfRun *r, Board *b, int fours_left)
{
    uint16_t cell[1];
    int block;
    if (moves_winning_cells(b, b->to_move, cell, 1) > 0)
        return 0; /* the defender fives first */
    FourReply reply = threat_four_reply(b, r->attacker, &block);
    if (reply != FOUR_BLOCK)
        return reply == FOUR_WINS ? 3 : 0;
    board_play(b, block);
    int dummy, plies = attack(r, b, fours_left - 1, &dummy);
    board_undo(b);
    return plies ? plies + 2 : 0;
}

/* Tries one attacker move that must make a four. Returns plies to the win or 0. */
static int try_four(VcfRun *r, Board *b, int cell, int fours_left)
{
    if (!threat_makes_four(b, cell) || !rule_is_legal(b, cell))
        return 0;
    board_play(b, cell);
    int plies = after_four(r, b, fours_left);
    board_undo(b);
    return plies;
}

/* The attacker to move. Returns the plies to the win (first move in *first) or 0. */
static int attack(VcfRun *r, Board *b, int fours_left, int *first)
{
    r->nodes++;
    uint16_t cell[MOVES_MAX];
    if (moves_winning_cells(b, r->attacker, cell, 1) > 0) {
        *first = cell[0];
        return 1;
    }
    if (fours_left <= 0 || out_of_budget(r) || memo_says_none(r, b->hash, fours_left))
        return 0;
    int threats = moves_winning_cells(b, opponent_of(r->attacker), cell, 2);
    if (threats >= 2)
        return 0;
    int n = threats == 1 ? 1 : four_candidates(b, r->attacker, cell);
    if (threats == 0)
        order_fours(b, r->attacker, cell, n);
    bool plain = threats == 1 || plain_fours_allowed(r, b, fours_left), pruned_above = r->pruned;
    r->pruned = false;
    for (int i = 0; i < n && !r->aborted; i++) {
        if (!plain && !four_plus(b, r->attacker, cell[i])) {
            r->pruned = true;
            continue;
        }
        int plies = try_four(r, b, cell[i], fours_left);
        if (plies) {
            *first = cell[i];
            r->pruned |= pruned_above;
            return plies;
        }
    }
    if (!r->aborted)
        vcf_memo_store_none(r->memo, r->pruned ? b->hash ^ PRUNED_SALT : b->hash, fours_left);
    r->pruned |= pruned_above;
    return 0;
}

VcfResult vcf_find(Board *b, const VcfLimits *lim, VcfMemo *memo)
{
    VcfRun r = {lim, memo, b->to_move, 0, false, false};
    VcfResult res = {CELL_NONE, 0, 0, false};
    int first = CELL_NONE;
    res.plies = attack(&r, b, lim->max_fours, &first);
    if (res.plies)
        res.move = first;
    res.nodes = r.nodes;
    res.aborted = r.aborted && !res.plies;
    return res;
}
