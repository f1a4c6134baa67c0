/* Time management: how long the brain may think for one move, from the Gomocup limits, and
 * when a search that has time left should still go one iteration deeper. */
#ifndef GAMOK_TIMEMAN_H
#define GAMOK_TIMEMAN_H

#include <stdbool.h>
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

/* A move's time, in ms counted from when the command arrived. */
typedef struct TimeBudget {
    /* What a normal move takes: the share of the remaining match time (never over the turn
     * limit). Below max_ms only when time saved now can be spent later (a match clock);
     * then the search may stop early or extend past it (timeman_go_deeper). */
    int64_t target_ms;
    /* Never passed: a search still running then stops mid-iteration. At most the turn limit
     * and a few shares of the match time, minus a safety margin. */
    int64_t max_ms;
} TimeBudget;

/* The moves still expected of the side to move with `stones` on the board: a match clock's
 * time left is shared among them. */
int timeman_moves_left(int stones);

/* Both are 0 when the brain must answer at once (timeout_turn 0, or the match time left is
 * within its reserve for the manager's latency). */
TimeBudget timeman_budget(const TimeLimits *t, int stones);

/* What the iterations of a move have shown so far. */
typedef struct SearchProgress {
    int64_t elapsed_ms; /* since the move's clock started */
    int best_changes;   /* iterations among the last two that changed the best move */
    int score_drop;     /* how far the last iteration's score fell below the one before */
    bool threatened;    /* the opponent threatens a forced win: only refutations are searched */
} SearchProgress;

/* Whether to start another iteration with `target_ms` as the move's target: while the
 * elapsed time is under half the target, the next iteration (2-3 times longer than all before
 * it) is expected to end near the target. An unstable best move, a falling score or a threat
 * stretch the target (the hard limit still holds). */
bool timeman_go_deeper(int64_t target_ms, const SearchProgress *p);

#endif
