#include "brain/renju.h"

/* Renju forbids black's overline, double four and double three. Whether a three is real
 * depends on whether the move that would make it a straight four is itself allowed (RIF 9.3),
 * so the test recurses on those moves. Each level adds a stone, so the chain ends on its own;
 * the cap only bounds pathological positions (a three reached at the cap counts as real). */
enum { RENJU_MAX_DEPTH = 6 };

/* Everything below works on the 11-cell window of one direction, centre at index C. */
enum { C = LINE_RADIUS };

/* The board plus the black stones the test places hypothetically (the move under test and the
 * straight-four points tried below it): the board stays const and is never copied. */
typedef struct RenjuView {
    const Board *b;
    int n;
    int stone[RENJU_MAX_DEPTH + 2];
} RenjuView;

static void view_window(const RenjuView *v, int cell, int dir, uint8_t out[LINE_WINDOW])
{
    line_window(v->b, cell, dir, out);
    int cx = cell_x(cell), cy = cell_y(cell), dx = DIR_DX[dir], dy = DIR_DY[dir];
    for (int i = 0; i < v->n; i++) {
        int ox = cell_x(v->stone[i]) - cx, oy = cell_y(v->stone[i]) - cy;
        int k = dx ? ox * dx : oy * dy; /* steps along the direction (dx, dy are -1, 0 or 1) */
        if (ox == k * dx && oy == k * dy && k >= -LINE_RADIUS && k <= LINE_RADIUS)
            out[C + k] = BLACK;
    }
}

/* Bounds [lo, hi] of the black run through line[pos]. */
static void black_run(const uint8_t *line, int pos, int *lo, int *hi)
{
    *lo = *hi = pos;
    while (*lo > 0 && line[*lo - 1] == BLACK)
        (*lo)--;
    while (*hi < LINE_WINDOW - 1 && line[*hi + 1] == BLACK)
        (*hi)++;
}

/* Five points of the centre stone: the empty cells where one more black stone makes exactly
 * five together with the centre. Bit p stands for line[p]; a five holding the centre lies in
 * [C-4, C+4], and its exactness is decided by the window's end cells. */
static unsigned five_points(uint8_t *line)
{
    unsigned mask = 0;
    for (int p = C - 4; p <= C + 4; p++) {
        if (line[p] != EMPTY)
            continue;
        int lo, hi;
        line[p] = BLACK;
        black_run(line, p, &lo, &hi);
        line[p] = EMPTY;
        if (hi - lo == 4 && lo <= C && C <= hi)
            mask |= 1u << p;
    }
    return mask;
}

/* Two five points five cells apart are the two ends of one straight four .XXXX. */
static bool has_straight_four(unsigned mask)
{
    return (mask & (mask >> 5)) != 0;
}

/* How many fours the five points make: one per point, except that the two ends of a straight
 * four are one four. Two other points on one line (X.XXX.X, XX.XX.XX) are two fours. */
static int fours_of(unsigned mask)
{
    return __builtin_popcount(mask) - __builtin_popcount(mask & (mask >> 5));
}

/* The cells where a black stone turns the centre's shape into a straight four; they lie within
 * 3 of the centre since the four holds both. Returns how many were written to q (as steps). */
static int straight_four_points(uint8_t *line, int q[6])
{
    int n = 0;
    for (int p = C - 3; p <= C + 3; p++) {
        if (line[p] != EMPTY)
            continue;
        line[p] = BLACK;
        if (has_straight_four(five_points(line)))
            q[n++] = p - C;
        line[p] = EMPTY;
    }
    return n;
}

/* Stones a line needs within 4 cells of the move, besides the move, before it can hold through
 * the move: a five or an overline (a run of six or more leaves four of them within 4 cells),
 * a four, a three (a straight four one move away). */
enum { NEAR_FOR_FIVE = 4, NEAR_FOR_FOUR = 3, NEAR_FOR_THREE = 2 };

/* Black stones within 4 cells of the window's centre, the centre excluded. */
static int black_near(const uint8_t *line)
{
    int near = 0;
    for (int i = C - 4; i <= C + 4; i++)
        near += i != C && line[i] == BLACK;
    return near;
}

/* Forbidden needs a double three or double four (two lines with two more black stones near
 * the move) or a double four on one line or an overline (four more on one line). Most cells
 * fail this, so it is tested before any shape is. */
static bool may_be_forbidden(const int near[4])
{
    int busy_lines = 0;
    for (int d = 0; d < 4; d++) {
        if (near[d] >= NEAR_FOR_FIVE)
            return true;
        busy_lines += near[d] >= NEAR_FOR_THREE;
    }
    return busy_lines >= 2;
}

static bool forbidden_at(RenjuView *v, int cell, int depth);

/* A three is real when one of its straight-four points is itself allowed for black (with the
 * move already on the board). */
static bool real_three(RenjuView *v, int cell, int dir, const int *q, int nq, int depth)
{
    if (depth >= RENJU_MAX_DEPTH)
        return true;
    bool real = false;
    v->stone[v->n++] = cell;
    for (int i = 0; i < nq && !real; i++)
        real = !forbidden_at(v, cell + q[i] * line_step(dir), depth + 1);
    v->n--;
    return real;
}

/* Double three: counts the shapes first, then (only when there are two) checks them for real. */
static bool double_three(RenjuView *v, int cell, uint8_t lines[4][LINE_WINDOW],
                         const int near[4], const unsigned fives[4], int depth)
{
    int q[4][6], nq[4], shapes = 0;
    for (int d = 0; d < 4; d++) {
        /* A line that holds a four is a four, not also a three. */
        bool may = !fives[d] && near[d] >= NEAR_FOR_THREE;
        nq[d] = may ? straight_four_points(lines[d], q[d]) : 0;
        shapes += nq[d] > 0;
    }
    if (shapes < 2)
        return false;
    int real = 0;
    for (int d = 0; d < 4 && real < 2 && real + shapes >= 2; d++) {
        if (!nq[d])
            continue;
        shapes--;
        real += real_three(v, cell, d, q[d], nq[d], depth);
    }
    return real >= 2;
}

/* The move on `cell` is not in v; v's stones are all black. */
static bool forbidden_at(RenjuView *v, int cell, int depth)
{
    uint8_t lines[4][LINE_WINDOW];
    int near[4];
    for (int d = 0; d < 4; d++) {
        view_window(v, cell, d, lines[d]);
        lines[d][C] = BLACK;
        near[d] = black_near(lines[d]);
    }
    if (!may_be_forbidden(near))
        return false;
    bool overline = false;
    for (int d = 0; d < 4; d++) {
        if (near[d] < NEAR_FOR_FIVE)
            continue;
        int lo, hi;
        black_run(lines[d], C, &lo, &hi);
        if (hi - lo == 4)
            return false; /* exactly five: a win, never forbidden */
        overline |= hi - lo >= 5;
    }
    if (overline)
        return true;
    unsigned fives[4];
    int fours = 0;
    for (int d = 0; d < 4; d++) {
        fives[d] = near[d] >= NEAR_FOR_FOUR ? five_points(lines[d]) : 0;
        fours += fours_of(fives[d]);
    }
    if (fours >= 2)
        return true;
    return double_three(v, cell, lines, near, fives, depth);
}

/* may_be_forbidden read straight from the board around the (empty) cell: the top-level test
 * runs for every candidate move and most cells fail it, so it skips building windows. */
static bool board_may_be_forbidden(const Board *b, int cell)
{
    int near[4];
    for (int d = 0; d < 4; d++) {
        int lo, hi, step = line_step(d);
        line_clip(b, cell, d, 4, &lo, &hi);
        near[d] = 0;
        for (int i = lo; i <= hi; i++)
            near[d] += b->cell[cell + i * step] == BLACK;
    }
    return may_be_forbidden(near);
}

bool renju_forbidden(const Board *b, int cell)
{
    if (!board_may_be_forbidden(b, cell))
        return false;
    RenjuView v = {.b = b, .n = 0};
    return forbidden_at(&v, cell, 0);
}
