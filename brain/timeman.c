#include "brain/timeman.h"

/* Gomocup's defaults when a manager sends no limits: 5 s a turn (fastgame), no match limit. */
#define DEFAULT_TURN_MS 5000

/* Safety margin: process start-up, pipe latency and the last iteration's overshoot. Managers
 * add ~1 s of tolerance in tournaments, but conformance checkers time short turns tightly. The
 * search stops within ~8 ms of its limit (at 1 s a turn with 1/12: 917 ms planned, 923 ms the
 * longest of 3,060 replies; a stalled box once 68 ms more; Piskvork under Wine adds 5-25 ms),
 * so 1/25 leaves room for that and thinks 5% longer (results/2026-12-07-time-margin.txt). */
#define MARGIN_MIN_MS 15
#define MARGIN_FRACTION 25 /* 1/25 of the limit: 200 ms -> 15 ms, 1 s -> 40 ms, 5 s -> 200 ms */
#define MARGIN_MAX_MS 500

/* The moves still expected of us. On the corpus (6,336 games; docs/time.md) a game's remaining
 * length hardly depends on how long it has gone once ~20 stones are down: half the games end
 * within 8 more moves of ours, three in four within 16-20, on every rule and board size; with
 * fewer stones it is longer (median 18 and three in four within 26 on an empty board). A third
 * or more of our moves take no time (forced blocks, proven wins: 57-67% of the target is used
 * on average), so the plan sits between those lengths: a game of 60 plies spends about 80% of
 * the clock, and one that goes on longer only makes each later move faster, never a loss on
 * time (each move takes a share of what is left). */
#define MOVES_LEFT_AT_START 18
#define MOVES_LEFT_MIN 10
/* A manager counts its own pipe latency against the clock on every move, even one answered at
 * once (Piskvork under Wine: 5-25 ms a move): a twentieth of the match clock, at most 1 s, is
 * never planned for, so that a long game's last moves run into it rather than past zero. */
#define MATCH_RESERVE_FRACTION 20
#define MATCH_RESERVE_MAX_MS 1000
/* A move may take up to this many shares (an unstable or threatened one): at most 3/10 of the
 * remaining time. */
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

int timeman_moves_left(int stones)
{
    int moves = MOVES_LEFT_AT_START - stones / 2;
    return moves > MOVES_LEFT_MIN ? moves : MOVES_LEFT_MIN;
}

static int64_t match_reserve(const TimeLimits *t)
{
    return min64(t->timeout_match_ms / MATCH_RESERVE_FRACTION, MATCH_RESERVE_MAX_MS);
}

TimeBudget timeman_budget(const TimeLimits *t, int stones)
{
    /* A turn over TIME_UNLIMITED (24 days) is unlimited too: so capped, a budget added to a
     * clock reading or multiplied by a stretch never overflows, whatever INFO said. */
    int64_t turn = t->timeout_turn_ms > 0 ? min64(t->timeout_turn_ms, TIME_UNLIMITED) : 0;
    if (t->time_left_ms >= TIME_UNLIMITED) { /* nothing to save time for: use the turn */
        int64_t all = minus_margin(turn);
        return (TimeBudget){all, all};
    }
    if (t->time_left_ms <= match_reserve(t) || turn == 0) /* (compared: no overflow at -2^63) */
        return (TimeBudget){0, 0};
    int64_t usable = t->time_left_ms - match_reserve(t);
    int64_t share = usable / timeman_moves_left(stones);
    /* The hard stop is within the usable match time, whatever the share says. */
    int64_t most = min64(min64(turn, MAX_SHARES * share), usable);
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
