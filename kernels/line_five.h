/* What a five is under each rule, on one line: the one owner of that fact. It lives in the
 * lowest layer because the pattern tables (kernels/patterns.c) are built from it; the brain's
 * rules (brain/rules.h) and through them the referee ask it too. */
#ifndef GAMOK_LINE_FIVE_H
#define GAMOK_LINE_FIVE_H

#include <stdint.h>

#include "kernels/position.h"

/* What a stone at `pos` of a 1-D line makes along that line for `color`.
 * `line` holds EMPTY/BLACK/WHITE/BLOCKER per cell; cells outside [0, len) count as the edge. */
typedef enum {
    LINE_NO_FIVE = 0, /* the run through pos is shorter than five */
    LINE_FIVE,        /* a run that wins under the rule */
    LINE_OVERLINE,    /* six or more where the rule does not let that win (exact5, caro, renju black) */
    LINE_BLOCKED_FIVE /* caro: exactly five but with an opponent stone at both ends */
} LineFive;

/* Classifies the run of `color` stones through line[pos] (which must hold `color`) under the
 * base rule RULE_*. */
LineFive rule_line_five(const uint8_t *line, int len, int pos, int color, int rule);

#endif
