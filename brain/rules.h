/* The rules of every supported game: what wins, and (renju) which moves black may not play.
 * This file is the one owner of each rule on a board (what a five is on one line belongs to
 * kernels/line_five.h, below it): the brain and the tournament referee ask it. */
#ifndef GAMOK_RULES_H
#define GAMOK_RULES_H

#include <stdbool.h>
#include <stdint.h>

#include "brain/board.h"
#include "kernels/line_five.h" /* rule_line_five: what a five is on one line */

/* True when the rule value (Gomocup `INFO rule` bits) is one Gamok plays. Bit 2 (continuous
 * game) is accepted and changes nothing here: its finished lines arrive as BLOCKER stones. */
bool rule_supported(int gomocup_rule);
/* The base rule RULE_* of a supported Gomocup rule value. */
int rule_from_gomocup(int gomocup_rule);

/* True when a stone of `color` at the empty `cell` completes a winning line under b->rule. */
bool rule_makes_win(const Board *b, int cell, int color);
/* True when the stone already on `cell` is part of a winning line (referee: after a move). */
bool rule_is_win_at(const Board *b, int cell);

/* Renju: true when black may not play the empty `cell` (overline, double four including two
 * fours on one line, or double three counting only real threes, RIF 9.3). A move that makes
 * exactly five is never forbidden. Always false for white and for other rules. */
bool rule_is_forbidden(const Board *b, int cell, int color);

/* True when the side to move may play `cell`: on the board, empty, and not forbidden. */
bool rule_is_legal(const Board *b, int cell);

/* Fills `cells` with every forbidden point for black (renju), returns how many. */
int rule_forbidden_points(const Board *b, uint16_t *cells, int max);

#endif
