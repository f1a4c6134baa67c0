#include "kernels/line_five.h"

#include <stdbool.h>

static int line_at(const uint8_t *line, int len, int i)
{
    return i >= 0 && i < len ? line[i] : BLOCKER;
}

LineFive rule_line_five(const uint8_t *line, int len, int pos, int color, int rule)
{
    int lo = pos, hi = pos;
    while (line_at(line, len, lo - 1) == color)
        lo--;
    while (line_at(line, len, hi + 1) == color)
        hi++;
    int run = hi - lo + 1;
    if (run < 5)
        return LINE_NO_FIVE;
    bool exact = rule == RULE_EXACT5 || rule == RULE_CARO || (rule == RULE_RENJU && color == BLACK);
    if (!exact)
        return LINE_FIVE;
    if (run > 5)
        return LINE_OVERLINE;
    if (rule == RULE_CARO) {
        /* Only real opponent stones block a caro five: the edge and blockers do not. */
        int opp = opponent_of(color);
        bool lo_opp = lo - 1 >= 0 && line[lo - 1] == opp;
        bool hi_opp = hi + 1 < len && line[hi + 1] == opp;
        if (lo_opp && hi_opp)
            return LINE_BLOCKED_FIVE;
    }
    return LINE_FIVE;
}
