/* Fitting the evaluation's numbers (kernels/values.h) to game results, Texel's way: every
 * quiet position of the games (no five to play for either side, no decided static score) is
 * labelled with the game's result for the side to move and predicted as
 *   sigmoid(K * (sum of the mover's cell values - the opponent's + tempo)),
 * the evaluator's own formula with the numbers as unknowns (pattern_cell_value is the one owner
 * of how a cell's line classes combine). The numbers are moved, by Adam on the mean squared
 * error, from one of values.h's sets toward the ones that predict the results best; the
 * positions of a held-out share of the games tell whether that generalises. Values are
 * unscaled (values.h units), the tempo too. */
#ifndef GAMOK_FIT_H
#define GAMOK_FIT_H

#include <stdbool.h>
#include <stdint.h>

#include "kernels/patterns.h"
#include "tournaments/game.h"

/* The fitted numbers: the line values B2..F4, the four combinations, the tempo. */
enum { FIT_LINE_FIRST = PAT_B2, FIT_LINES = PAT_F4 - PAT_B2 + 1 };
enum { FIT_COMBO = FIT_LINES, FIT_TEMPO = FIT_COMBO + COMBO_COUNT, FIT_PARAMS };

typedef struct FitParams {
    double v[FIT_PARAMS];
} FitParams;

/* A cell key seen in some position, and how many more of the mover's empty cells than of the
 * opponent's have it there. */
typedef struct FitTerm {
    int key; /* index into FitData.keys */
    int count;
} FitTerm;

typedef struct FitPosition {
    int first, nterms; /* its terms in FitData.terms */
    float result;      /* for the side to move: 1 won, 0.5 drawn, 0 lost */
    bool held_out;
} FitPosition;

typedef struct FitData {
    FitTerm *terms;
    int nterms, terms_room;
    FitPosition *pos;
    int npos, pos_room;
    uint32_t *keys; /* distinct cell keys, bit 16 set for renju black's */
    int nkeys;
    int *key_slot; /* 2 * CELL_KEYS entries: index + 1 in keys, 0 when not seen yet */
} FitData;

/* Which positions of a game fit_walk_game visits: the quiet ones (no five to play for either
 * side, no decided static score: what the values can be fitted to), or every one without a
 * five to play (what a move policy can learn from). */
typedef enum FitWalk { FIT_QUIET, FIT_NO_FIVE } FitWalk;

/* Calls visit(b, move, result, ctx) on the positions `which` of one game from its first move
 * after the opening: `move` the one played there, `result` the game's for the side to move (1
 * won, 0.5 drawn, 0 lost); `b` is followed by an incremental state on `t` (board_incremental).
 * Returns the number of positions visited, or -1 when out of memory or a visit returned
 * nonzero. */
struct Board;
typedef int (*FitVisit)(const struct Board *b, int move, float result, void *ctx);
int fit_walk_game(const PatternTables *t, const GameRecord *g, FitWalk which, FitVisit visit,
                  void *ctx);

/* Adds the quiet positions of one game from its first move after the opening. Returns the
 * number added, or -1 when out of memory (what was added stays). */
int fit_add_game(FitData *d, const PatternTables *t, const GameRecord *g, bool held_out);
/* Adds the position on `b` (which an incremental state follows) whatever it is. 0 or -1. */
int fit_add_position(FitData *d, const struct Board *b, float result, bool held_out);
void fit_data_free(FitData *d);

FitParams fit_params_of(ValueSet set); /* values.h's numbers of one set */
PatternValues fit_pattern_values(const FitParams *p);

/* Position i's evaluation under `p`, unscaled (times VALUE_SCALE: the evaluator's static
 * score of a quiet position, before its clamp). */
double fit_eval(const FitData *d, int i, const FitParams *p);

/* The mean squared error over the training (held_out false) or held-out positions. */
double fit_loss(const FitData *d, const FitParams *p, double k, bool held_out);
/* The K that fits `p` best on the training positions (a scan, no fit of the values). */
double fit_best_k(const FitData *d, const FitParams *p);
/* The training loss's gradient by each number. */
void fit_gradient(const FitData *d, const FitParams *p, double k, double grad[FIT_PARAMS]);

/* Adam from `start` with the given step size for `iters` steps, keeping every number >= 0.
 * Calls `report` (may be NULL) every `every` steps with the numbers so far. */
typedef void (*FitReport)(int step, const FitParams *p, void *ctx);
FitParams fit_run(const FitData *d, FitParams start, double k, int iters, double rate,
                  int every, FitReport report, void *ctx);

#endif
