#include "brain/threats.h"

#include "brain/moves.h"
#include "brain/rules.h"
#include "kernels/incremental.h"

/* Own stones among the 8 cells within 4 of `cell` along direction d: a four needs 3 of them. */
static int own_near(const Board *b, int cell, int d, int color)
{
    int n = 0;
    for (int k = -4; k <= 4; k++)
        if (k != 0)
            n += board_at(b, cell_x(cell) + k * DIR_DX[d], cell_y(cell) + k * DIR_DY[d]) == color;
    return n;
}

/* Does an empty cell `k` steps from `cell` along d complete a five once `cell` holds a stone? */
static bool five_point_on_line(const Board *b, int cell, int d, int color)
{
    for (int k = -4; k <= 4; k++) {
        int x = cell_x(cell) + k * DIR_DX[d], y = cell_y(cell) + k * DIR_DY[d];
        if (k != 0 && board_at(b, x, y) == EMPTY && rule_makes_win(b, cell_index(x, y), color))
            return true;
    }
    return false;
}

bool threat_makes_four(Board *b, int cell)
{
    int color = b->to_move;
    const IncState *inc = board_incremental(b);
    if (inc && inc_five_cells(inc, color) == 0) /* the line classes answer */
        return inc_makes_four(inc, cell, color);
    bool candidate[4], any = false;
    for (int d = 0; d < 4; d++) {
        candidate[d] = own_near(b, cell, d, color) >= 3;
        any |= candidate[d];
    }
    if (!any)
        return false;
    bool four = false;
    IncState *follower = b->inc;
    b->inc = NULL; /* the test reads stones only: the state need not follow this try */
    board_play(b, cell);
    for (int d = 0; d < 4 && !four; d++)
        four = candidate[d] && five_point_on_line(b, cell, d, color);
    board_undo(b);
    b->inc = follower;
    return four;
}

FourReply threat_four_reply(const Board *b, int attacker, int *block)
{
    uint16_t cell[2];
    const IncState *inc = board_incremental(b);
    int fives = inc ? inc_five_cells(inc, attacker) : moves_winning_cells(b, attacker, cell, 2);
    if (fives == 0)
        return FOUR_NONE;
    if (fives >= 2)
        return FOUR_WINS;
    *block = inc ? inc_the_five_cell(inc, attacker) : cell[0];
    return rule_is_legal(b, *block) ? FOUR_BLOCK : FOUR_WINS;
}
