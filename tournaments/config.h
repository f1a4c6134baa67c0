/* The runner's command line: engines, game settings, openings, schedule, output. Every
 * mistake (unknown option, bad value, missing engine binary, unreadable openings) is reported
 * here, before any game starts. */
#ifndef GAMOK_ARENA_CONFIG_H
#define GAMOK_ARENA_CONFIG_H

#include <stdbool.h>
#include <stddef.h>

#include "tournaments/game.h"
#include "tournaments/opening.h"
#include "tournaments/schedule.h"
#include "tournaments/stats.h"

#define ARENA_MAX_ENGINES 16

typedef struct ArenaConfig {
    EngineSpec engines[ARENA_MAX_ENGINES];
    int nengines;
    GameSettings game;
    ScheduleSpec schedule;        /* nengines and nopenings are filled in by the caller */
    char openings_path[ARENA_PATH_MAX];  /* "" = empty board */
    OpeningFormat openings_format;
    bool reuse;                   /* one process per engine and worker (START again) */
    int concurrency;
    int shard_index, shard_count; /* 1-based; 1/1 = everything */
    bool sprt;
    SprtParams sprt_params;
    char outdir[ARENA_PATH_MAX];
    bool fresh;                   /* discard earlier results instead of resuming */
    bool quiet;                   /* no progress output */
} ArenaConfig;

extern const char ARENA_USAGE[];

/* Fills cfg from argv[first..argc). Returns 0, or -1 with a message in `err`. */
int config_parse(int argc, char **argv, int first, ArenaConfig *cfg, char *err, size_t cap);

#endif
