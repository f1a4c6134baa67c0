/* The board: stones by absolute colour, move history, side to move and a Zobrist hash.
 * Knows nothing of rules beyond "a cell is empty or not". */
#ifndef GAMOK_BOARD_H
#define GAMOK_BOARD_H

#include <stdbool.h>
#include <stdint.h>

#include "kernels/position.h"

typedef struct Board {
    int size;                     /* BOARD_MIN..BOARD_MAX */
    int rule;                     /* RULE_* */
    int to_move;                  /* BLACK or WHITE */
    int nstones;                  /* stones of either colour plus blockers on the board */
    uint8_t cell[BOARD_CELLS];    /* EMPTY/BLACK/WHITE/BLOCKER, index cell_index(x, y) */
    uint16_t history[BOARD_CELLS];/* cells in the order they were filled (blockers included) */
    uint64_t hash;                /* Zobrist hash of the stones and the side to move */
    struct IncState *inc;         /* kept in step with the stones when it follows this board */
} Board;

/* The four line directions as (dx, dy): horizontal, vertical, diagonal, anti-diagonal. */
extern const int DIR_DX[4];
extern const int DIR_DY[4];

void board_init(Board *b, int size, int rule); /* empty board, black to move */
bool board_on(const Board *b, int x, int y);
bool board_cell_valid(const Board *b, int cell); /* a cell index inside the board */
int board_at(const Board *b, int x, int y);      /* BLOCKER outside the board */

/* Places a stone of the side to move on an empty cell and passes the turn. */
void board_play(Board *b, int cell);
/* The hash board_play(b, cell) would give, the board unchanged. */
uint64_t board_hash_after(const Board *b, int cell);
/* Removes the last stone placed (undo of board_play) and gives the turn back. */
void board_undo(Board *b);
/* Places a stone of an explicit colour without changing the side to move (BOARD setup). */
void board_put(Board *b, int cell, int color);
/* Removes the stone on `cell` (wherever it is in the history). */
void board_remove(Board *b, int cell);

/* Makes `inc` (kernels/incremental.h, already holding this board's stones) follow every stone
 * put or taken from now on; NULL stops it. A copy of the board does not move it. */
void board_follow(Board *b, struct IncState *inc);
/* The incremental state following `b`, or NULL. */
struct IncState *board_incremental(const Board *b);

/* Sets the side to move explicitly (position setup, takeback). */
void board_set_to_move(Board *b, int color);

int board_count(const Board *b, int color);
int board_last_move(const Board *b); /* CELL_NONE when empty */
bool board_full(const Board *b);
uint64_t board_zobrist(int cell, int color);

#endif
