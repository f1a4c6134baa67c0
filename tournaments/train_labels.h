/* Labels for corpus positions: a stronger brain's win probability for the side to move at some
 * plies of some games, which the value fit mixes into its targets (TrainData.label_weight,
 * tournaments/train.h), and the move it chose there, which the policy learns in place of the
 * winner's (train_policy.h). tournaments/label-positions.py writes them, one game a line: the
 * game's corpus line (corpus.h), then " |" and PLY:P or PLY:P:MOVE, PLY the number of stones
 * on the board, P the probability (0..1) and MOVE a stone in the corpus's notation:
 *
 *   0 15 3 B 100ms rapfi aiwine h8i9g7h7... | 3:0.612:g7 5:0.640:i7 ...
 *
 * A label finds its game by the corpus key (rule, size and moves), whatever else the line says. */
#ifndef GAMOK_TRAIN_LABELS_H
#define GAMOK_TRAIN_LABELS_H

#include <stdint.h>

#include "tournaments/game.h"

typedef struct TrainLabelGame {
    uint64_t key;  /* corpus_game_key */
    int nplies;    /* p's length: the game's moves + 1 */
    float *p;      /* by ply; < 0 where none */
    int16_t *move; /* by ply, the chosen cell; -1 where none; NULL when the line names none */
} TrainLabelGame;

typedef struct TrainLabels {
    TrainLabelGame *games; /* by key, after train_labels_load */
    int count, room;
} TrainLabels;

/* Parses one line into l (unsorted). 0, 1 for a comment or blank line, -1 when the line is
 * malformed (nothing added), -2 when out of memory. */
int train_labels_parse(TrainLabels *l, const char *line);
/* Adds every line of a labels file; malformed lines are skipped and counted in *skipped.
 * Returns 0, or -1 (cannot read the file, or no memory). */
int train_labels_load(TrainLabels *l, const char *path, int *skipped);
/* Sorts l by key for train_labels_of (train_labels_load does). */
void train_labels_sort(TrainLabels *l);
/* g's labels (p and move g->nmoves + 1 long), or NULL. */
const TrainLabelGame *train_labels_of(const TrainLabels *l, const GameRecord *g);
void train_labels_free(TrainLabels *l);

#endif
