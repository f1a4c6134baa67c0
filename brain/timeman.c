#include "brain/timeman.h"

/* Gomocup's defaults when a manager sends no limits: 5 s a turn (fastgame), no match limit. */
#define DEFAULT_TURN_MS 5000

/* Safety margin: process start-up, pipe latency and the last iteration's overshoot. Managers
 * add ~1 s of tolerance in tournaments, but conformance checkers time short turns tightly. */
#define MARGIN_MIN_MS 15
#define MARGIN_FRACTION 12 /* 1/12 of the limit: 200 ms -> 16 ms, 5 s -> 416 ms */
#define MARGIN_MAX_MS 500

/* A fair share of the match time: the moves still expected of us, at least this many. */
#define MIN_MOVES_LEFT 12

void timeman_defaults(TimeLimits *t)
{
    t->timeout_turn_ms = DEFAULT_TURN_MS;
    t->timeout_match_ms = 0;
    t->time_left_ms = TIME_UNLIMITED;
}

static int64_t margin_for(int64_t limit_ms)
{
    int64_t m = limit_ms / MARGIN_FRACTION;
    if (m < MARGIN_MIN_MS) m = MARGIN_MIN_MS;
    if (m > MARGIN_MAX_MS) m = MARGIN_MAX_MS;
    return m;
}

static int64_t match_share(const TimeLimits *t, int empty_cells)
{
    if (t->time_left_ms >= TIME_UNLIMITED) return TIME_UNLIMITED;
    if (t->time_left_ms <= 0) return 0;
    /* Games rarely fill the board; expect about a quarter of the empty cells as our moves. */
    int64_t moves_left = empty_cells / 4;
    if (moves_left < MIN_MOVES_LEFT) moves_left = MIN_MOVES_LEFT;
    return t->time_left_ms / moves_left;
}

int64_t timeman_budget_ms(const TimeLimits *t, int empty_cells)
{
    int64_t limit = t->timeout_turn_ms > 0 ? t->timeout_turn_ms : 0;
    if (limit == 0) return 0;
    int64_t share = match_share(t, empty_cells);
    if (share < limit) limit = share;
    /* The hard stop is the whole remaining match time, whatever the share says. */
    if (t->time_left_ms < TIME_UNLIMITED && t->time_left_ms < limit) limit = t->time_left_ms;
    int64_t budget = limit - margin_for(limit);
    return budget > 0 ? budget : 0;
}
