/* Internal to the rules: renju's forbidden-move test and the line window it shares with
 * rules.c. The rest of the brain asks brain/rules.h. */
#ifndef GAMOK_RENJU_H
#define GAMOK_RENJU_H

#include <stdbool.h>
#include <stdint.h>

#include "brain/board.h"

/* A five through a cell lies within 4 cells of it and its exactness depends on the 5th cell
 * either side, so an 11-cell window centred on the cell decides every rule question. */
#define LINE_RADIUS 5
#define LINE_WINDOW (2 * LINE_RADIUS + 1)

/* The cell-index difference between neighbours along direction `dir`. */
static inline int line_step(int dir) { return DIR_DY[dir] * BOARD_STRIDE + DIR_DX[dir]; }

/* Narrows [lo, hi] to the steps i for which start + i * d stays in [0, size). */
static inline void clip_axis(int start, int d, int size, int *lo, int *hi)
{
    if (d > 0) {
        if (-start > *lo) *lo = -start;
        if (size - 1 - start < *hi) *hi = size - 1 - start;
    } else if (d < 0) {
        if (start - (size - 1) > *lo) *lo = start - (size - 1);
        if (start < *hi) *hi = start;
    }
}

/* The steps i in [-radius, radius] for which cell + i * line_step(dir) is on the board: lo..hi.
 * Inline because the renju pre-filter runs it for every candidate move. */
static inline void line_clip(const Board *b, int cell, int dir, int radius, int *lo, int *hi)
{
    *lo = -radius;
    *hi = radius;
    clip_axis(cell_x(cell), DIR_DX[dir], b->size, lo, hi);
    clip_axis(cell_y(cell), DIR_DY[dir], b->size, lo, hi);
}

/* Copies the cells within LINE_RADIUS of `cell` along direction `dir` into out, the centre at
 * out[LINE_RADIUS]; cells off the board read as BLOCKER (they block, like the edge). */
void line_window(const Board *b, int cell, int dir, uint8_t out[LINE_WINDOW]);

/* True when a black stone on the empty `cell` is forbidden under renju (ignores b->rule). */
bool renju_forbidden(const Board *b, int cell);

#endif
