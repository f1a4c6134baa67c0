/* A tournament run: the schedule (this shard's part), earlier results resumed, N worker
 * threads each playing one game at a time, every finished game appended to the results file
 * and written as SGF and PSQ, a progress line, and an SPRT early stop. */
#ifndef GAMOK_RUN_H
#define GAMOK_RUN_H

#include "tournaments/config.h"
#include "tournaments/results.h"

/* Plays the tournament described by cfg (openings already loaded and checked). Every record of
 * this tournament, resumed or new, ends up in `all`, sorted by id. Returns 0, or -1 with a
 * message in `err` (the results file belongs to another tournament, output not writable). */
int run_tournament(const ArenaConfig *cfg, const OpeningSet *openings, RecordList *all,
                   char *err, size_t cap);

#endif
