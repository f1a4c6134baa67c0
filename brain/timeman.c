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
/* A move may take up to this many shares (an unstable or threatened one). With at least
 * MIN_MOVES_LEFT moves left, that is at most a quarter of the remaining time. */
#define MAX_SHARES 3

/* timeman_go_deeper's stretch of the target, in percent. */
#define STRETCH_PER_CHANGE 40 /* each of the last two iterations that changed the best move */
#define STRETCH_SCORE_DROP 50 /* the score fell by at least SCORE_DROP */
#define STRETCH_THREAT 50
#define SCORE_DROP 300 /* about what one middle-game move gains (kernels/values.h) */

void timeman_defaults(TimeLimits *t)
{
    t->timeout_turn_ms = DEFAULT_TURN_MS;
    t->timeout_match_ms = 0;
    t->time_left_ms = TIME_UNLIMITED;
}

static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }

static int64_t minus_margin(int64_t limit_ms)
{
    int64_t m = limit_ms / MARGIN_FRACTION;
    if (m < MARGIN_MIN_MS) m = MARGIN_MIN_MS;
    if (m > MARGIN_MAX_MS) m = MARGIN_MAX_MS;
    return limit_ms > m ? limit_ms - m : 0;
}

static int64_t match_share(const TimeLimits *t, int empty_cells)
{
    /* Games rarely fill the board; expect about a quarter of the empty cells as our moves. */
    int64_t moves_left = empty_cells / 4;
    if (moves_left < MIN_MOVES_LEFT) moves_left = MIN_MOVES_LEFT;
    return t->time_left_ms / moves_left;
}

TimeBudget timeman_budget(const TimeLimits *t, int empty_cells)
{
    int64_t turn = t->timeout_turn_ms > 0 ? t->timeout_turn_ms : 0;
    if (t->time_left_ms >= TIME_UNLIMITED) { /* nothing to save time for: use the turn */
        int64_t all = minus_margin(turn);
        return (TimeBudget){all, all};
    }
    if (t->time_left_ms <= 0 || turn == 0)
        return (TimeBudget){0, 0};
    int64_t share = match_share(t, empty_cells);
    /* The hard stop is within the whole remaining match time, whatever the share says. */
    int64_t most = min64(min64(turn, MAX_SHARES * share), t->time_left_ms);
    TimeBudget b = {minus_margin(min64(turn, share)), minus_margin(most)};
    if (b.target_ms > b.max_ms)
        b.target_ms = b.max_ms;
    return b;
}

bool timeman_go_deeper(int64_t target_ms, const SearchProgress *p)
{
    int stretch = 100 + STRETCH_PER_CHANGE * p->best_changes;
    if (p->score_drop >= SCORE_DROP)
        stretch += STRETCH_SCORE_DROP;
    if (p->threatened)
        stretch += STRETCH_THREAT;
    return p->elapsed_ms * 2 * 100 < target_ms * stretch;
}
