/* Candidate moves and immediate threats for the side to move. */
#ifndef GAMOK_MOVES_H
#define GAMOK_MOVES_H

#include <stdint.h>

#include "brain/board.h"

#define MOVES_MAX BOARD_CELLS

/* Empty cells within `radius` (Chebyshev distance) of any stone, legal for the side to move
 * (renju forbidden points excluded for black), in cell order. On an empty board: the centre.
 * Returns the count. */
int moves_candidates(const Board *b, int radius, uint16_t *out);

/* Legal cells where `color` completes a win at once (its five points). Returns the count. */
int moves_winning_cells(const Board *b, int color, uint16_t *out, int max);

/* Any legal move for the side to move (centre first, then cell order); CELL_NONE if none. */
int moves_any_legal(const Board *b);

#endif
