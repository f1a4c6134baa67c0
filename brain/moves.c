#include "brain/moves.h"

#include <string.h>

#include "brain/rules.h"
#include "kernels/incremental.h"

static int centre_cell(const Board *b)
{
    return cell_index(b->size / 2, b->size / 2);
}

/* Only black under renju has forbidden points; everywhere else an empty cell is legal, and the
 * (costly) forbidden test is skipped. */
static bool needs_legality_test(const Board *b)
{
    return b->rule == RULE_RENJU && b->to_move == BLACK;
}

_Static_assert(BOARD_MAX <= 32, "a row of cells is one uint32_t mask");

/* Per row, a bit per column: the on-board cells within `radius` of a stone (blockers count:
 * play goes on around finished lines of a continuous game), as row masks: a stone's row dilated
 * sideways, then the rows around it or-ed together. */
static void mark_near_stones(const Board *b, int radius, uint32_t *near)
{
    uint32_t stones[BOARD_MAX] = {0}, wide[BOARD_MAX];
    for (int i = 0; i < b->nstones; i++)
        stones[cell_y(b->history[i])] |= 1u << cell_x(b->history[i]);
    uint32_t on_board = (uint32_t)((1ull << b->size) - 1);
    for (int y = 0; y < b->size; y++) {
        uint32_t w = stones[y];
        for (int k = 1; k <= radius; k++)
            w |= stones[y] << k | stones[y] >> k;
        wide[y] = w & on_board;
    }
    for (int y = 0; y < b->size; y++) {
        uint32_t m = wide[y];
        for (int k = 1; k <= radius; k++)
            m |= (y - k >= 0 ? wide[y - k] : 0) | (y + k < b->size ? wide[y + k] : 0);
        near[y] = m;
    }
}

int moves_candidates(const Board *b, int radius, uint16_t *out)
{
    if (b->nstones == 0) {
        out[0] = (uint16_t)centre_cell(b);
        return 1;
    }
    uint32_t near[BOARD_MAX];
    mark_near_stones(b, radius, near);
    bool test = needs_legality_test(b);
    int n = 0;
    for (int y = 0; y < b->size; y++) {
        for (uint32_t m = near[y]; m; m &= m - 1) {
            int c = cell_index(score_ctz64(m), y);
            if (b->cell[c] != EMPTY)
                continue;
            if (test && !rule_is_legal(b, c))
                continue;
            out[n++] = (uint16_t)c;
        }
    }
    return n;
}

/* Stones of `color` in a row from `cell` (excluded) along (dx, dy). */
static int run_from(const Board *b, int cell, int dx, int dy, int color)
{
    int x = cell_x(cell) + dx, y = cell_y(cell) + dy, n = 0;
    while (board_at(b, x, y) == color) {
        n++;
        x += dx;
        y += dy;
    }
    return n;
}

/* Could a stone on the empty `cell` join four `color` stones in some line? A cheap filter in
 * front of rule_makes_win, which decides exactness, caro blocks and the rest. */
static bool may_complete_five(const Board *b, int cell, int color)
{
    for (int d = 0; d < 4; d++) {
        int run = run_from(b, cell, DIR_DX[d], DIR_DY[d], color)
                + run_from(b, cell, -DIR_DX[d], -DIR_DY[d], color);
        if (run >= 4)
            return true;
    }
    return false;
}

/* A winning cell always touches a stone of its five, so only the 8 neighbours of `color`'s
 * stones are tried. */
int moves_winning_cells(const Board *b, int color, uint16_t *out, int max)
{
    const IncState *inc = board_incremental(b);
    int known = inc ? inc_five_cells(inc, color) : -1;
    if (known == 0)
        return 0; /* the usual answer, known without a scan */
    if (known == 1 && max >= 1) { /* the only one: the scan's order cannot matter */
        out[0] = (uint16_t)inc_the_five_cell(inc, color);
        return 1;
    }
    uint8_t tried[BOARD_CELLS];
    memset(tried, 0, sizeof tried);
    int n = 0;
    for (int i = 0; i < b->nstones && n < max; i++) {
        int s = b->history[i];
        if (b->cell[s] != color)
            continue;
        for (int dy = -1; dy <= 1; dy++) {
            for (int dx = -1; dx <= 1; dx++) {
                int x = cell_x(s) + dx, y = cell_y(s) + dy;
                if (!board_on(b, x, y))
                    continue;
                int c = cell_index(x, y);
                if (tried[c] || b->cell[c] != EMPTY)
                    continue;
                tried[c] = 1;
                if (n < max && may_complete_five(b, c, color) && rule_makes_win(b, c, color))
                    out[n++] = (uint16_t)c;
            }
        }
    }
    return n;
}

int moves_any_legal(const Board *b)
{
    int centre = centre_cell(b);
    if (rule_is_legal(b, centre))
        return centre;
    for (int y = 0; y < b->size; y++)
        for (int x = 0; x < b->size; x++)
            if (rule_is_legal(b, cell_index(x, y)))
                return cell_index(x, y);
    return CELL_NONE;
}

/* The opponent's cells of a threat class, into out[] (at most `max`). Returns how many. */
static int threat_cells(const IncState *inc, int opp, int cls, uint16_t *out, int max)
{
    uint16_t fours[MOVES_MAX];
    int n = inc_four_cells(inc, opp, fours, MOVES_MAX), k = 0;
    for (int i = 0; i < n && k < max; i++)
        if (CELL_ENTRY_CLASS(inc->entry[opp - 1][fours[i]]) == cls)
            out[k++] = fours[i];
    return k;
}

/* Adds 1 to reach[] on every cell where our stone may undo the opponent's threat at his cell
 * t: t itself and the cells within a pattern window (5) of it on the lines where he makes an
 * open three or more there. A stone anywhere else leaves those lines as they were, and his
 * weaker lines through t (below an open three) take no part in an open four or a 4-3 at t: our
 * stones only take from his lines, so t keeps its class. */
static void mark_reach(const Board *b, const IncState *inc, int opp, int t, uint8_t *reach)
{
    reach[t]++;
    for (int d = 0; d < 4; d++) {
        if (inc_line_class(inc, opp, t, d) < PAT_F3)
            continue;
        for (int s = -5; s <= 5; s++) {
            int x = cell_x(t) + s * DIR_DX[d], y = cell_y(t) + s * DIR_DY[d];
            if (s != 0 && board_on(b, x, y))
                reach[cell_index(x, y)]++;
        }
    }
}

/* Whether the side to move, playing `move`, makes three or more stones on a line that can
 * still become a five: afterwards it has a cell that makes a four. */
static bool makes_three_or_more(const IncState *inc, int me, int move)
{
    for (int d = 0; d < 4; d++)
        if (inc_line_class(inc, me, move, d) >= PAT_B3)
            return true;
    return false;
}

/* More threat cells than this are not listed: the node is then left as it is. */
#define DEFENCE_THREATS_MAX 64

int moves_defences(const Board *b, uint16_t *moves, int n)
{
    const IncState *inc = board_incremental(b);
    if (!inc)
        return n;
    int me = b->to_move, opp = opponent_of(me);
    uint16_t threat[DEFENCE_THREATS_MAX];
    int nt = threat_cells(inc, opp, CELL_FLEX4, threat, DEFENCE_THREATS_MAX);
    bool flex4 = nt > 0;
    if (!flex4) {
        uint16_t our_four[1];
        if (inc_four_cells(inc, me, our_four, 1) > 0)
            return n; /* his 4-3 is met by our fours: no static answer */
        nt = threat_cells(inc, opp, CELL_43, threat, DEFENCE_THREATS_MAX);
    }
    if (nt == 0 || nt == DEFENCE_THREATS_MAX)
        return n;
    uint8_t reach[BOARD_CELLS];
    memset(reach, 0, sizeof reach);
    for (int i = 0; i < nt; i++)
        mark_reach(b, inc, opp, threat[i], reach);
    uint16_t rest[MOVES_MAX];
    int kept = 0, nrest = 0;
    for (int i = 0; i < n; i++) {
        int m = moves[i];
        bool counter = flex4 ? inc_class_makes_four(CELL_ENTRY_CLASS(inc->entry[me - 1][m]))
                             : makes_three_or_more(inc, me, m);
        if (reach[m] == nt || counter)
            moves[kept++] = (uint16_t)m;
        else
            rest[nrest++] = (uint16_t)m;
    }
    if (kept == 0)
        return n; /* every move loses: searched as before, for the longest resistance */
    memcpy(&moves[kept], rest, (size_t)nrest * sizeof *moves);
    return kept;
}

static int32_t narrow_key(const IncState *inc, int color, const uint16_t *must, int nmust,
                          int cell)
{
    for (int i = 0; i < nmust; i++)
        if (cell == must[i])
            return INT32_MAX;
    if (inc_may_four(inc, cell, color))
        return INT32_MAX;
    return CELL_ENTRY_VALUE(inc->entry[color - 1][cell])
         + CELL_ENTRY_VALUE(inc->entry[opponent_of(color) - 1][cell]);
}

void moves_sort(uint16_t *moves, int32_t *keys, int n)
{
    for (int i = 1; i < n; i++) {
        uint16_t m = moves[i];
        int32_t k = keys[i];
        int j = i;
        for (; j > 0 && keys[j - 1] < k; j--) {
            moves[j] = moves[j - 1];
            keys[j] = keys[j - 1];
        }
        moves[j] = m;
        keys[j] = k;
    }
}

int moves_narrow(const Board *b, uint16_t *moves, int n, int keep, const uint16_t *must,
                 int nmust, int32_t *scratch)
{
    const IncState *inc = board_incremental(b);
    if (!inc || n <= keep || keep <= 0 || keep > MOVES_NARROW_MAX)
        return n;
    int32_t top[MOVES_NARROW_MAX]; /* the highest keys so far, highest first */
    int held = 0;
    for (int i = 0; i < n; i++) {
        int32_t k = scratch[i] = narrow_key(inc, b->to_move, must, nmust, moves[i]);
        if (held == keep && k <= top[keep - 1])
            continue;
        int j = held < keep ? held++ : keep - 1; /* insert, dropping the lowest */
        for (; j > 0 && top[j - 1] < k; j--)
            top[j] = top[j - 1];
        top[j] = k;
    }
    int kept = 0;
    for (int i = 0; i < n; i++)
        if (scratch[i] >= top[keep - 1]) {
            scratch[kept] = scratch[i];
            moves[kept++] = moves[i];
        }
    moves_sort(moves, scratch, kept); /* best first: cutoffs come sooner */
    return kept;
}
