#include "brain/rules.h"

/* ---- one line ------------------------------------------------------------------------------ */

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
