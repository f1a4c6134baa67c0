/* Time management: how long the brain may think for one move, from the Gomocup limits. */
#ifndef GAMOK_TIMEMAN_H
#define GAMOK_TIMEMAN_H

#include <stdint.h>

/* Time limit values as the protocol's INFO keys give them. */
#define TIME_UNLIMITED 2147483647LL

typedef struct TimeLimits {
    int64_t timeout_turn_ms;  /* per move; 0 = play as fast as possible */
    int64_t timeout_match_ms; /* whole game; 0 = no limit */
    int64_t time_left_ms;     /* remaining match time; TIME_UNLIMITED = unlimited; may be < 0 */
} TimeLimits;

/* Defaults until the manager says otherwise (Gomocup's fastgame turn limit, no match limit). */
void timeman_defaults(TimeLimits *t);

/* Milliseconds the search may use for this move, counted from when the command arrived:
 * never more than min(timeout_turn, a fair share of time_left) minus a safety margin.
 * `empty_cells` lets the share grow as the board fills (fewer moves are left).
 * Returns 0 when the brain must answer at once (timeout_turn 0, no time left). */
int64_t timeman_budget_ms(const TimeLimits *t, int empty_cells);

#endif
