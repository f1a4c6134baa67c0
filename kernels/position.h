/* The position layout shared by the brain, the evaluators and (later) CUDA device code.
 * Plain C, no libc: nvcc compiles this header for the device too. */
#ifndef GAMOK_POSITION_H
#define GAMOK_POSITION_H

#include <stdint.h>

/* Boards are square, BOARD_MIN..BOARD_MAX wide. Cells are indexed y * BOARD_STRIDE + x with a
 * fixed stride so that a position is one fixed-size array whatever the board size. */
#define BOARD_MIN 5
#define BOARD_MAX 22
#define BOARD_STRIDE BOARD_MAX
#define BOARD_CELLS (BOARD_STRIDE * BOARD_MAX)
#define CELL_NONE 0xFFFF

static inline int cell_index(int x, int y) { return y * BOARD_STRIDE + x; }
static inline int cell_x(int cell) { return cell % BOARD_STRIDE; }
static inline int cell_y(int cell) { return cell / BOARD_STRIDE; }

/* Cell contents. BLOCKER is a neutral stone that belongs to nobody (a winning-line stone of a
 * continuous game, BOARD field 3): it blocks lines for both sides. */
enum { EMPTY = 0, BLACK = 1, WHITE = 2, BLOCKER = 3 };

static inline int opponent_of(int color) { return 3 - color; }

/* Game rules, numbered as the Gomocup protocol's `INFO rule` bits. */
enum {
    RULE_FREESTYLE = 0, /* five or more in a row wins */
    RULE_EXACT5 = 1,    /* exactly five wins; an overline wins for nobody */
    RULE_RENJU = 4,     /* black: exactly five, overline/4-4/3-3 forbidden; white: five or more */
    RULE_CARO = 8       /* exactly five, and not blocked by the opponent at both ends */
};

#endif
