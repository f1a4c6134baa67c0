#include "brain/rules.h"

#include "brain/renju.h"

#include <string.h>

/* ---- rule values --------------------------------------------------------------------------- */

enum { GOMOCUP_EXACT5 = 1, GOMOCUP_CONTINUOUS = 2, GOMOCUP_RENJU = 4, GOMOCUP_CARO = 8 };

bool rule_supported(int gomocup_rule)
{
    const int known = GOMOCUP_EXACT5 | GOMOCUP_CONTINUOUS | GOMOCUP_RENJU | GOMOCUP_CARO;
    if (gomocup_rule < 0 || (gomocup_rule & ~known))
        return false;
    /* Renju and caro are two different games: no value may ask for both. */
    return (gomocup_rule & (GOMOCUP_RENJU | GOMOCUP_CARO)) != (GOMOCUP_RENJU | GOMOCUP_CARO);
}

int rule_from_gomocup(int gomocup_rule)
{
    if (!rule_supported(gomocup_rule))
        return RULE_FREESTYLE;
    /* Renju and caro already imply exactly-five; the continuous bit changes no rule. */
    if (gomocup_rule & GOMOCUP_CARO)
        return RULE_CARO;
    if (gomocup_rule & GOMOCUP_RENJU)
        return RULE_RENJU;
    if (gomocup_rule & GOMOCUP_EXACT5)
        return RULE_EXACT5;
    return RULE_FREESTYLE;
}

/* ---- the board ----------------------------------------------------------------------------- */

void line_window(const Board *b, int cell, int dir, uint8_t out[LINE_WINDOW])
{
    int lo, hi, step = line_step(dir);
    line_clip(b, cell, dir, LINE_RADIUS, &lo, &hi);
    /* Only the on-board stretch is read; the rest stands for the edge. Called for every
     * candidate move, so it reads the cells directly rather than through board_at. */
    memset(out, BLOCKER, LINE_WINDOW);
    for (int i = lo; i <= hi; i++)
        out[LINE_RADIUS + i] = b->cell[cell + i * step];
}

/* The line-level verdict of a `color` stone on `cell` (placed or not) decides wins: the window
 * is a local copy, so the board itself is never touched. */
static bool wins_with(const Board *b, int cell, int color)
{
    for (int d = 0; d < 4; d++) {
        uint8_t line[LINE_WINDOW];
        line_window(b, cell, d, line);
        line[LINE_RADIUS] = (uint8_t)color;
        if (rule_line_five(line, LINE_WINDOW, LINE_RADIUS, color, b->rule) == LINE_FIVE)
            return true;
    }
    return false;
}

bool rule_makes_win(const Board *b, int cell, int color)
{
    if (!board_cell_valid(b, cell) || b->cell[cell] != EMPTY)
        return false;
    return wins_with(b, cell, color);
}

bool rule_is_win_at(const Board *b, int cell)
{
    if (!board_cell_valid(b, cell))
        return false;
    int color = b->cell[cell];
    return (color == BLACK || color == WHITE) && wins_with(b, cell, color);
}

bool rule_is_forbidden(const Board *b, int cell, int color)
{
    if (color != BLACK || b->rule != RULE_RENJU)
        return false;
    if (!board_cell_valid(b, cell) || b->cell[cell] != EMPTY)
        return false;
    return renju_forbidden(b, cell);
}

bool rule_is_legal(const Board *b, int cell)
{
    return board_cell_valid(b, cell) && b->cell[cell] == EMPTY &&
           !rule_is_forbidden(b, cell, b->to_move);
}

int rule_forbidden_points(const Board *b, uint16_t *cells, int max)
{
    int n = 0;
    if (b->rule != RULE_RENJU)
        return 0;
    for (int y = 0; y < b->size; y++)
        for (int x = 0; x < b->size && n < max; x++) {
            int cell = cell_index(x, y);
            if (b->cell[cell] == EMPTY && renju_forbidden(b, cell))
                cells[n++] = (uint16_t)cell;
        }
    return n;
}
