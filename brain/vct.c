#include "brain/vct.h"

#include <stdlib.h>

#include "brain/clock.h"
#include "brain/moves.h"
#include "brain/rules.h"
#include "brain/threats.h"
#include "kernels/incremental.h"

#define THREATS_TRIED_MAX 16 /* attacker moves tried per node, the most forcing first */
/* After his first, the attacker's moves lie within this many cells (either axis) of his
 * previous one: a threat sequence builds on itself, and the whole board would explode. */
#define THREAT_REACH 4
#define LINE_REACH 4 /* an open four's five points lie within 4 of the stone that makes it */

/* Salts that keep this search's memo entries apart from the VCF's (the same table), one per
 * threes budget: the stored budget is then the attacker moves left. */
#define VCT_SALT 0x9E3779B97F4A7C15ull

typedef struct Budget {
    int threes, moves;
} Budget;

typedef struct VctRun {
    const VctLimits *lim;
    VcfMemo *memo;
    const IncState *inc;
    int attacker;
    uint64_t nodes;
    bool aborted;
} VctRun;

static bool out_of_budget(VctRun *r)
{
    const VctLimits *l = r->lim;
    if (l->max_nodes && r->nodes >= l->max_nodes)
        r->aborted = true;
    else if (l->stop && atomic_load_explicit(l->stop, memory_order_relaxed))
        r->aborted = true;
    else if ((r->nodes & 63) == 1 && l->deadline_ms > 0 && clock_ms() >= l->deadline_ms)
        r->aborted = true;
    return r->aborted;
}

/* A VCF of b->to_move within what is left of the node budget. */
static VcfResult run_vcf(VctRun *r, Board *b)
{
    VcfResult none = {CELL_NONE, 0, 0, true};
    uint64_t left = 0;
    if (r->lim->max_nodes) {
        left = r->lim->max_nodes > r->nodes ? r->lim->max_nodes - r->nodes : 0;
        if (left == 0) {
            r->aborted = true;
            return none;
        }
    }
    VcfLimits lim = {.max_fours = r->lim->vcf_fours, .max_nodes = left,
                     .deadline_ms = r->lim->deadline_ms, .stop = r->lim->stop};
    VcfResult v = vcf_find(b, &lim, r->memo);
    r->nodes += v.nodes;
    if (v.aborted)
        r->aborted = true;
    return v;
}

/* ---- what the line classes say ------------------------------------------------------------ */

static int cell_class(const IncState *inc, int color, int cell)
{
    return CELL_ENTRY_CLASS(inc->entry[color - 1][cell]);
}

/* The first empty cell of class `cls` for `color` (legal for it when `legal`), or CELL_NONE. */
static int cell_of_class(const VctRun *r, const Board *b, int color, int cls, bool legal)
{
    if (r->inc->side[color - 1].count[cls] == 0)
        return CELL_NONE;
    for (int c = 0; c < BOARD_CELLS; c++)
        if (b->cell[c] == EMPTY && board_cell_valid(b, c) && cell_class(r->inc, color, c) == cls
            && (!legal || rule_is_legal(b, c)))
            return c;
    return CELL_NONE;
}

/* Where `color` makes an open four or two fours: a win unless the opponent fives first. */
static int flex4_cell(const VctRun *r, const Board *b, int color)
{
    return cell_of_class(r, b, color, CELL_FLEX4, true);
}

/* How forcing an attacker move on the empty `cell` is: 0 not at all (or not a threat this
 * search plays), else higher first. *four: it makes a four. */
static int threat_rank(const IncState *inc, int color, int cell, bool *four)
{
    int cls = cell_class(inc, color, cell);
    *four = inc_makes_four(inc, cell, color);
    if (cls == CELL_43)
        return 4;
    if (cls == CELL_33)
        return 3;
    for (int d = 0; d < 4; d++)
        if (inc_line_class(inc, color, cell, d) == PAT_F3)
            return 2;
    return *four ? 1 : 0;
}

static bool near(int a, int b)
{
    return abs(cell_x(a) - cell_x(b)) <= THREAT_REACH && abs(cell_y(a) - cell_y(b)) <= THREAT_REACH;
}

/* The attacker's threats worth trying, most forcing first (board order within a rank), near
 * `last` unless it is CELL_NONE. Returns the count; four[i] says which make a four. */
static int threat_moves(const VctRun *r, Board *b, int last, uint16_t *out, bool *four)
{
    /* one pass over the board into a bucket per rank, then the buckets most forcing first */
    uint16_t cell[5][THREATS_TRIED_MAX];
    bool is_four[5][THREATS_TRIED_MAX];
    int count[5] = {0};
    for (int c = 0; c < BOARD_CELLS; c++) {
        if (b->cell[c] != EMPTY || !board_cell_valid(b, c) || (last != CELL_NONE && !near(c, last)))
            continue;
        bool f;
        int rank = threat_rank(r->inc, r->attacker, c, &f);
        if (rank == 0 || count[rank] == THREATS_TRIED_MAX || !rule_is_legal(b, c))
            continue;
        is_four[rank][count[rank]] = f;
        cell[rank][count[rank]++] = (uint16_t)c;
    }
    int n = 0;
    for (int rank = 4; rank >= 1; rank--)
        for (int i = 0; i < count[rank] && n < THREATS_TRIED_MAX; i++) {
            four[n] = is_four[rank][i];
            out[n++] = cell[rank][i];
        }
    return n;
}

static void add_cell(const Board *b, int c, uint8_t *seen, uint16_t *out, int *n)
{
    if (c != CELL_NONE && b->cell[c] == EMPTY && !seen[c] && rule_is_legal(b, c)) {
        seen[c] = 1;
        out[(*n)++] = (uint16_t)c;
    }
}

static int line_cell(const Board *b, int cell, int d, int k)
{
    int x = cell_x(cell) + k * DIR_DX[d], y = cell_y(cell) + k * DIR_DY[d];
    return board_on(b, x, y) ? cell_index(x, y) : CELL_NONE;
}

/* The defender's answers to the attacker's open-four points: each such point, every cell
 * within 4 of it along a line where it makes a four (no stone elsewhere can touch that open
 * four's five points), and every four of the defender's own. b->to_move is the defender. */
static int defences(const VctRun *r, const Board *b, uint16_t *out)
{
    uint8_t seen[BOARD_CELLS] = {0};
    int n = 0, me = r->attacker, opp = b->to_move;
    for (int c = 0; c < BOARD_CELLS; c++) {
        if (b->cell[c] != EMPTY || !board_cell_valid(b, c)
            || cell_class(r->inc, me, c) != CELL_FLEX4)
            continue;
        add_cell(b, c, seen, out, &n);
        for (int d = 0; d < 4; d++)
            if (inc_line_class(r->inc, me, c, d) >= PAT_B4)
                for (int k = -LINE_REACH; k <= LINE_REACH; k++)
                    add_cell(b, k ? line_cell(b, c, d, k) : CELL_NONE, seen, out, &n);
    }
    for (int c = 0; c < BOARD_CELLS; c++)
        if (b->cell[c] == EMPTY && board_cell_valid(b, c) && inc_makes_four(r->inc, c, opp))
            add_cell(b, c, seen, out, &n);
    return n;
}

/* ---- the search ------------------------------------------------------------------------ */

static int attack(VctRun *r, Board *b, Budget left, int last, int *first);

/* The defender to move after an attacker's threat (`last`). Returns the plies to the attacker's
 * five over the defender's longest resistance, or 0 when the defender escapes. */
static int defend(VctRun *r, Board *b, Budget left, int last)
{
    int me = r->attacker, opp = b->to_move, dummy;
    if (inc_five_cells(r->inc, opp) > 0)
        return 0;
    int block;
    FourReply reply = threat_four_reply(b, me, &block);
    if (reply == FOUR_WINS)
        return 2;
    if (reply == FOUR_BLOCK) {
        board_play(b, block);
        int plies = attack(r, b, left, last, &dummy);
        board_undo(b);
        return plies ? plies + 1 : 0;
    }
    if (flex4_cell(r, b, me) == CELL_NONE)
        return 0; /* no threat: the defender is free */
    if (run_vcf(r, b).move != CELL_NONE || r->aborted)
        return 0; /* he wins first, by fours */
    uint16_t answers[MOVES_MAX];
    int n = defences(r, b, answers), longest = 0;
    for (int i = 0; i < n; i++) {
        board_play(b, answers[i]);
        int plies = attack(r, b, left, last, &dummy);
        board_undo(b);
        if (!plies)
            return 0;
        longest = plies > longest ? plies : longest;
    }
    return longest + 1;
}

static uint64_t memo_key(const Board *b, Budget left)
{
    return b->hash ^ (VCT_SALT * (uint64_t)(left.threes + 1));
}

/* The attacker to move. Returns the plies to his five (first move in *first) or 0. */
static int attack(VctRun *r, Board *b, Budget left, int last, int *first)
{
    r->nodes++;
    int me = r->attacker, opp = opponent_of(me);
    if (inc_five_cells(r->inc, me) > 0) {
        *first = cell_of_class(r, b, me, CELL_FIVE, false);
        return 1;
    }
    if (out_of_budget(r))
        return 0;
    int block;
    FourReply his_four = threat_four_reply(b, opp, &block);
    if (his_four == FOUR_WINS)
        return 0;
    if (his_four == FOUR_BLOCK) { /* blocked, and the threats on the board decide */
        board_play(b, block);
        int plies = defend(r, b, left, block);
        board_undo(b);
        *first = block;
        return plies ? plies + 1 : 0;
    }
    int flex4 = flex4_cell(r, b, me);
    if (flex4 != CELL_NONE) {
        *first = flex4;
        return 3;
    }
    VcfResult v = run_vcf(r, b);
    if (v.move != CELL_NONE) {
        *first = v.move;
        return v.plies;
    }
    uint64_t key = memo_key(b, left);
    if (r->aborted || left.threes <= 0 || left.moves <= 0
        || vcf_memo_says_none(r->memo, key, left.moves))
        return 0;
    uint16_t moves[THREATS_TRIED_MAX];
    bool four[THREATS_TRIED_MAX];
    int n = threat_moves(r, b, last, moves, four);
    for (int i = 0; i < n && !r->aborted; i++) {
        Budget next = {left.threes - !four[i], left.moves - 1};
        board_play(b, moves[i]);
        int plies = defend(r, b, next, moves[i]);
        board_undo(b);
        if (plies) {
            *first = moves[i];
            return plies + 1;
        }
    }
    if (!r->aborted)
        vcf_memo_store_none(r->memo, key, left.moves);
    return 0;
}

/* Runs the search on a board that an incremental state follows. */
static VcfResult search(Board *b, const VctLimits *lim, VcfMemo *memo, const IncState *inc)
{
    VctRun r = {lim, memo, inc, b->to_move, 0, false};
    VcfResult res = {CELL_NONE, 0, 0, false};
    Budget left = {lim->max_threes, lim->max_moves > 0 ? lim->max_moves : 2 * lim->max_threes};
    int first = CELL_NONE;
    res.plies = attack(&r, b, left, CELL_NONE, &first);
    if (res.plies)
        res.move = first;
    res.nodes = r.nodes;
    res.aborted = r.aborted && !res.plies;
    return res;
}

VcfResult vct_find(Board *b, const VctLimits *lim, VcfMemo *memo)
{
    const IncState *inc = board_incremental(b);
    if (inc)
        return search(b, lim, memo, inc);
    VcfResult none = {CELL_NONE, 0, 0, true};
    IncState *own = lim->tables ? malloc(sizeof *own) : NULL;
    if (!own)
        return none;
    struct IncState *before = b->inc;
    inc_init(own, lim->tables, b->size, b->rule, b->cell);
    board_follow(b, own);
    VcfResult res = search(b, lim, memo, own);
    b->inc = before;
    free(own);
    return res;
}
