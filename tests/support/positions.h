/* Test positions kept as data files under tests/positions/.
 *
 * File format: blocks separated by a line "---". Each block has "key: value" lines and a board:
 *   name: open four wins          a label for failure messages
 *   rule: 4                       Gomocup rule value (default 0)
 *   to_move: X                    X (black) or O (white); default: X when counts are equal
 *   expect: 7,7 8,8               cells "x,y" separated by spaces (meaning depends on the suite)
 *   avoid: 3,4                    cells that must not be chosen / must not be listed
 *   depth: 3                      an integer parameter for the suite (default 0)
 *   category: vcf                 a tag for suites that group positions (default empty)
 *   board:                        then one row per line, top row y = 0, column x:
 *   ..X..                         '.' empty, 'X' black, 'O' white, '#' neutral blocker
 * The board's width is the length of its first row and must equal the number of rows.
 * Lines starting with '#' before "board:" are comments. */
#ifndef GAMOK_TEST_POSITIONS_H
#define GAMOK_TEST_POSITIONS_H

#include "brain/board.h"

#define TP_MAX_CELLS 32

typedef struct TestPosition {
    char name[128];
    int rule;           /* Gomocup rule value */
    Board board;        /* stones placed, to_move set, rule set to the base rule */
    int expect[TP_MAX_CELLS];
    int nexpect;
    int avoid[TP_MAX_CELLS];
    int navoid;
    int depth;
    char category[32];
} TestPosition;

/* Loads every position of `path` into a malloc'd array; returns the count, -1 on error (with a
 * message on stderr). */
int tp_load(const char *path, TestPosition **out);

/* tp_load for a cmocka test: fails the test (naming the file) when nothing can be loaded. */
TestPosition *tp_load_or_fail(const char *path, int *n);

/* True when `cell` is one of the cells in list[0..n). */
int tp_in(const int *list, int n, int cell);

/* The stones of a position (blockers first) in an order a game could have been played in, as a
 * manager sends BOARD: the colours alternate as far as their counts allow, the surplus of one
 * colour comes first and a stone of the side not to move comes last. Brains that read BOARD as a
 * game (Rapfi: a pass between two stones of one colour, none allowed twice in a row, then it
 * thinks for the side to move after the last stone) then search the file's position; in cell
 * order they often searched the other side's move. Writes out[], returns the count. */
int tp_board_order(const Board *b, uint16_t *out);

/* Starts a game of the position's size and rule on `e` and sets its stones, the side to move
 * playing as "own" (field 1); returns the first EngineError that is not ENGINE_OK. */
struct Engine;
int tp_set_engine(struct Engine *e, const TestPosition *tp);

#endif
