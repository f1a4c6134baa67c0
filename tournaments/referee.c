#include "tournaments/referee.h"

#include "brain/rules.h"

RefVerdict referee_move(Board *b, int x, int y)
{
    if (!board_on(b, x, y)) return REF_OFF_BOARD;
    int cell = cell_index(x, y);
    if (b->cell[cell] != EMPTY) return REF_OCCUPIED;
    if (!rule_is_legal(b, cell)) return REF_FOUL;
    board_play(b, cell);
    if (rule_is_win_at(b, cell)) return REF_WIN;
    return board_full(b) ? REF_FULL_BOARD : REF_PLAY_ON;
}

/* Walks from `cell` along (dx, dy) over stones of `color`; returns how many steps it made. */
static int run_length(const Board *b, int cell, int dx, int dy, int color)
{
    int x = cell_x(cell) + dx, y = cell_y(cell) + dy, n = 0;
    while (board_on(b, x, y) && b->cell[cell_index(x, y)] == color) {
        n++;
        x += dx;
        y += dy;
    }
    return n;
}

int referee_win_line(const Board *b, int cell, int *cells, int max)
{
    int color = b->cell[cell];
    if ((color != BLACK && color != WHITE) || !rule_is_win_at(b, cell)) return 0;
    for (int d = 0; d < 4; d++) {
        int back = run_length(b, cell, -DIR_DX[d], -DIR_DY[d], color);
        int fwd = run_length(b, cell, DIR_DX[d], DIR_DY[d], color);
        if (back + fwd + 1 < 5) continue;
        /* Several directions can hold five or more; the rule decides which wins, but every
         * rule accepts the exactly-five lines, so prefer a run of exactly five. */
        if (back + fwd + 1 != 5 && b->rule != RULE_FREESTYLE &&
            !(b->rule == RULE_RENJU && color == WHITE))
            continue;
        int n = 0, x = cell_x(cell) - back * DIR_DX[d], y = cell_y(cell) - back * DIR_DY[d];
        for (int i = 0; i <= back + fwd && n < max; i++)
            cells[n++] = cell_index(x + i * DIR_DX[d], y + i * DIR_DY[d]);
        return n;
    }
    return 0;
}
