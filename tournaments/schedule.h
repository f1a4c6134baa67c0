/* The tournament's schedule: which engines play which opening with which colours, in a fixed
 * order that depends only on the options and the seed, so shards and resumed runs agree on
 * every game's id. Colour-swapped games of one opening get ids 2k and 2k+1. */
#ifndef GAMOK_SCHEDULE_H
#define GAMOK_SCHEDULE_H

#include <stdbool.h>
#include <stdint.h>

typedef struct ScheduleSpec {
    int nengines;
    bool gauntlet;      /* engine 0 against each other; else every pair (round robin) */
    int nopenings;      /* in the file; 0 = start from the empty board */
    int max_openings;   /* use at most this many (0 = all) */
    int rounds;         /* how many times the whole set is played */
    bool random_order;  /* shuffle the openings (per round) with the seed */
    bool symmetry;      /* a random symmetry of the board per opening and round */
    bool swap;          /* play each opening twice, colours swapped */
    uint64_t seed;
} ScheduleSpec;

typedef struct ScheduledGame {
    int id;
    int black, white;   /* engine indices */
    int opening;        /* index in the file; -1 = empty board */
    int symmetry;       /* 0..7 */
} ScheduledGame;

/* Builds the whole schedule (malloc'ed into *out). Returns the game count, -1 on no memory. */
int schedule_build(const ScheduleSpec *spec, ScheduledGame **out);
/* True when game `id` belongs to shard `index` (1-based) of `count`: whole colour-swapped
 * pairs go round-robin over the shards. */
bool schedule_in_shard(int id, bool swap, int index, int count);
/* A deterministic 64-bit generator (splitmix64): the same numbers on every machine. */
uint64_t schedule_next_random(uint64_t *state);

#endif
