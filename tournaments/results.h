/* The results file: one JSON line per finished game, appended and flushed as each game ends,
 * so an interrupted run loses nothing and a rerun resumes from it. */
#ifndef GAMOK_RESULTS_H
#define GAMOK_RESULTS_H

#include <stdio.h>

#include "tournaments/game.h"

typedef struct RecordList {
    GameRecord *items;
    int count, room;
} RecordList;

int record_list_push(RecordList *l, const GameRecord *r); /* 0 or -1 (no memory) */
void record_list_free(RecordList *l);
/* Sorts by game id and keeps the first record of each id (shards never overlap; a repeat is a
 * copy). Returns how many dropped records were not copies of the one kept: games of separate
 * runs, which number their games alike. */
int record_list_sort_unique(RecordList *l);
/* Engine names by index as the records give them (merge has no engine list): fills names[e]
 * for each index e in 0..ARENA_MAX_ENGINES-1 that a record uses; returns the highest used + 1. */
int record_list_names(const RecordList *l, char names[][ARENA_NAME_MAX]);

/* Appends every readable line of `path` to `l`; a missing file is an empty one. Lines that do
 * not parse (a run killed mid-write) are skipped and counted in *skipped. Returns 0 or -1. */
int results_load(const char *path, RecordList *l, int *skipped);
/* Appends one record as a line and flushes it. Returns 0 or -1. */
int results_append(FILE *f, const GameRecord *r);
/* Opens `path` for appending, first ending a torn last line so new lines start clean. */
FILE *results_open_append(const char *path);

#endif
