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

/* Sorts `moves` by their `keys` (sorted along), highest first; stable, so equal keys keep their
 * order. */
void moves_sort(uint16_t *moves, int32_t *keys, int n);

/* The most moves moves_narrow keeps by value. */
#define MOVES_NARROW_MAX 64

/* Narrows `moves` to the `keep` (<= MOVES_NARROW_MAX) whose cells are worth most to both sides
 * by the pattern values of the incremental state following `b` (what the cell makes for the
 * side to move plus what it takes from the opponent; ties kept), plus every move that may make
 * a four for the side to move and the `nmust` moves of `must`; those kept come highest key
 * first (fours and `must` moves, then by value; ties in their order). A cheap guess, made before
 * any child is scored. Without an incremental state, or with no more than `keep` moves, all
 * stay as they are. `scratch` holds n keys. Returns the new count. */
int moves_narrow(const Board *b, uint16_t *moves, int n, int keep, const uint16_t *must,
                 int nmust, int32_t *scratch);

/* A threatened node's moves (the opponent makes an open four, or else a four and an open three,
 * at some cell next): those that may stop every such threat (a stone on the threat's lines
 * within a pattern window of its cell, or the cell itself) or answer it (a four of ours; against
 * a 4-3, a move that gives us a four to make) first, in their order, the others after. Each move
 * left out scores as lost at once (score_decide): a threat stays and we cannot four. Reads the
 * incremental state following `b`. Returns how many come first: n when there is no state, when
 * none is left out or none would be kept, or when the opponent threatens neither or we already
 * have a four against his 4-3 (then no move loses at once). */
int moves_defences(const Board *b, uint16_t *moves, int n);

/* Any legal move for the side to move (centre first, then cell order); CELL_NONE if none. */
int moves_any_legal(const Board *b);

#endif
