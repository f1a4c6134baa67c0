#include "brain/vct.h"

#include "brain/clock.h"
#include "brain/moves.h"
#include "brain/rules.h"
#include "brain/threats.h"

#define THREE_MOVES_MAX 16 /* threes tried per attacker node, in board order */
#define LINE_REACH 4

typedef struct VctRun {
    const VctLimits *lim;
    VcfMemo *memo;
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
    else if (l->deadline_ms > 0 && clock_ms() >= l->deadline_ms)
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
    VcfLimits lim = {r->lim->vcf_fours, left, r->lim->deadline_ms, r->lim->stop};
    VcfResult v = vcf_find(b, &lim, r->memo);
    r->nodes += v.nodes;
    if (v.aborted)
        r->aborted = true;
    return v;
}

static int line_cell(const Board *b, int cell, int d, int k)
{
    int x = cell_x(cell) + k * DIR_DX[d], y = cell_y(cell) + k * DIR_DY[d];
    return board_on(b, x, y) ? cell_index(x, y) : CELL_NONE;
}

static int own_along(const Board *b, int cell, int d, int color)
{
    int n = 0;
    for (int k = -LINE_REACH; k <= LINE_REACH; k++) {
        int c = k ? line_cell(b, cell, d, k) : CELL_NONE;
        n += c != CELL_NONE && b->cell[c] == color;
    }
    return n;
}

/* Five points of `color` on the line through `cell` along d. */
static int fives_on_line(const Board *b, int cell, int d, int color)
{
    int n = 0;
    for (int k = -LINE_REACH; k <= LINE_REACH; k++) {
        int c = line_cell(b, cell, d, k);
        n += c != CELL_NONE && b->cell[c] == EMPTY && rule_makes_win(b, c, color);
    }
    return n;
}

/* With `color`'s stone on `cell`: can one more (legal) stone on this line near it make an open
 * four (two five points on the line)? That is, is there an open three through `cell` along d. */
static bool three_along(Board *b, int cell, int d, int color)
{
    for (int k = -LINE_REACH; k <= LINE_REACH; k++) {
        int e = k ? line_cell(b, cell, d, k) : CELL_NONE;
        if (e == CELL_NONE || b->cell[e] != EMPTY || own_along(b, e, d, color) < 3)
            continue;
        if (rule_is_forbidden(b, e, color))
            continue;
        board_put(b, e, color);
        bool open_four = fives_on_line(b, e, d, color) >= 2;
        board_remove(b, e);
        if (open_four)
            return true;
    }
    return false;
}

/* Directions along which the attacker's stone just played on `cell` made an open three, as bits. */
static unsigned threes_made(Board *b, int cell, int color)
{
    unsigned dirs = 0;
    for (int d = 0; d < 4; d++)
        if (own_along(b, cell, d, color) >= 2 && three_along(b, cell, d, color))
            dirs |= 1u << d;
    return dirs;
}

/* Empty legal cells with 2+ of the attacker's stones near them along some line. */
static int three_candidates(const Board *b, int color, uint16_t *out)
{
    int n = 0;
    for (int y = 0; y < b->size; y++)
        for (int x = 0; x < b->size; x++) {
            int c = cell_index(x, y);
            if (b->cell[c] != EMPTY)
                continue;
            for (int d = 0; d < 4; d++)
                if (own_along(b, c, d, color) >= 2) {
                    out[n++] = (uint16_t)c;
                    break;
                }
        }
    return n;
}

/* The defender's answers to threes along `dirs` through `cell`: every empty cell of those lines
 * near it, and every four of his. */
static int defences(Board *b, int cell, unsigned dirs, uint16_t *out)
{
    uint8_t seen[BOARD_CELLS] = {0};
    int n = 0;
    for (int d = 0; d < 4; d++) {
        if (!(dirs >> d & 1u))
            continue;
        for (int k = -LINE_REACH; k <= LINE_REACH; k++) {
            int c = line_cell(b, cell, d, k);
            if (c != CELL_NONE && b->cell[c] == EMPTY && !seen[c] && rule_is_legal(b, c)) {
                seen[c] = 1;
                out[n++] = (uint16_t)c;
            }
        }
    }
    for (int c = 0; c < BOARD_CELLS; c++)
        if (board_cell_valid(b, c) && b->cell[c] == EMPTY && !seen[c]
            && own_along(b, c, 0, b->to_move) + own_along(b, c, 1, b->to_move)
                       + own_along(b, c, 2, b->to_move) + own_along(b, c, 3, b->to_move) >= 3
            && threat_makes_four(b, c) && rule_is_legal(b, c)) {
            seen[c] = 1;
            out[n++] = (uint16_t)c;
        }
    return n;
}

static bool attack(VctRun *r, Board *b, int threes_left, int *first);

/* The attacker has just made threes along `dirs` through `cell`; the defender to move. True
 * when every answer still loses. */
static bool every_defence_fails(VctRun *r, Board *b, int cell, unsigned dirs, int threes_left)
{
    uint16_t cells[2];
    if (moves_winning_cells(b, b->to_move, cells, 1) > 0)
        return false; /* the defender fives */
    if (run_vcf(r, b).move != CELL_NONE || r->aborted)
        return false; /* the defender wins first, by fours */
    uint16_t answers[MOVES_MAX];
    int n = defences(b, cell, dirs, answers);
    for (int i = 0; i < n; i++) {
        board_play(b, answers[i]);
        int dummy;
        bool win = attack(r, b, threes_left - 1, &dummy);
        board_undo(b);
        if (!win)
            return false;
    }
    return true;
}

/* The attacker to move: true with the first move in *first when he wins. */
static bool attack(VctRun *r, Board *b, int threes_left, int *first)
{
    r->nodes++;
    if (out_of_budget(r))
        return false;
    uint16_t cells[MOVES_MAX];
    if (moves_winning_cells(b, opponent_of(r->attacker), cells, 1) > 0)
        return false; /* a block is no threat: beyond this small search */
    VcfResult v = run_vcf(r, b);
    if (v.move != CELL_NONE) {
        *first = v.move;
        return true;
    }
    if (threes_left <= 0 || r->aborted)
        return false;
    int n = three_candidates(b, r->attacker, cells), tried = 0;
    for (int i = 0; i < n && tried < THREE_MOVES_MAX && !r->aborted; i++) {
        if (!rule_is_legal(b, cells[i]))
            continue;
        board_play(b, cells[i]);
        unsigned dirs = threes_made(b, cells[i], r->attacker);
        bool win = dirs && every_defence_fails(r, b, cells[i], dirs, threes_left);
        board_undo(b);
        tried += dirs != 0;
        if (win && !r->aborted) {
            *first = cells[i];
            return true;
        }
    }
    return false;
}

VcfResult vct_find(Board *b, const VctLimits *lim, VcfMemo *memo)
{
    VctRun r = {lim, memo, b->to_move, 0, false};
    VcfResult res = {CELL_NONE, 0, 0, false};
    int first = CELL_NONE;
    if (attack(&r, b, lim->max_threes, &first) && !r.aborted)
        res.move = first;
    res.nodes = r.nodes;
    res.aborted = r.aborted && res.move == CELL_NONE;
    return res;
}
