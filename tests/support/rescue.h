/* The check the search's root rescue makes of a move outside the root it searched (root_rescue
 * in brain/search_root_threats.c), restated with its budgets (brain/root_limits.h): the tests' way
 * to tell a rescued answer from one the rescue never checked. */
#ifndef GAMOK_TEST_RESCUE_H
#define GAMOK_TEST_RESCUE_H

#include <stdbool.h>

#include "brain/board.h"

/* After `cell` the opponent has no VCF and no VCT with one three, then two, the first check that
 * spends its budget ending the test (an unfinished search is not a loss there). */
bool rescue_holds(const Board *pos, int cell);

#endif
