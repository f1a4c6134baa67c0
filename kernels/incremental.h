/* The evaluator's scan kept up to date move by move (host only): the line codes, every cell's
 * key and the per-colour totals that kernels/score.h computes from scratch, updated on each
 * stone put or taken (a stone changes only the cells within 5 of it on its four lines). The
 * score it gives equals score_position() of the same board bit for bit: it reuses score.h's
 * tables, window keys and score_decide(), only the bookkeeping differs.
 *
 * It also answers the threat questions the tree asks most ("does this colour have a five to
 * play?", "can this cell make a four?") without scanning the board. */
#ifndef GAMOK_INCREMENTAL_H
#define GAMOK_INCREMENTAL_H

#include <stdbool.h>
#include <stdint.h>

#include "kernels/patterns.h"
#include "kernels/score.h"

/* The cells of one colour whose class makes a four or better (CELL_B4, CELL_43, CELL_FLEX4,
 * CELL_FIVE), a bit per cell index: the forcing moves, found without scanning the board. */
#define INC_CELL_WORDS ((BOARD_CELLS + 63) / 64)
typedef struct IncCellSet {
    uint64_t bits[INC_CELL_WORDS];
} IncCellSet;

static inline bool inc_class_makes_four(int cls)
{
    return cls == CELL_B4 || cls == CELL_43 || cls == CELL_FLEX4 || cls == CELL_FIVE;
}

/* One colour's totals over every cell of the board (what score_totals adds up). */
typedef struct IncSide {
    int32_t sum;                    /* sum of cell values */
    int count[CELL_CLASS_COUNT];    /* cells per CellClass */
    int threes;                     /* cells that make an open three (CELL_ENTRY_THREE) */
    int five_xor;                   /* xor of the CELL_FIVE cells: the cell when there is one */
} IncSide;

/* What a put changed, for taking it back without recomputing (the cells within 5 of the
 * stone on its four lines, and the stone's own cell). */
#define INC_UNDO_CELLS (4 * 10 + 1)
#define INC_UNDO_DEPTH 128 /* puts kept: the tree's lines with their threat searches */

typedef struct IncUndo {
    int cell;                         /* the stone put */
    int n;                            /* cells whose key it changed */
    uint16_t cells[INC_UNDO_CELLS];
    uint32_t key[INC_UNDO_CELLS];     /* their keys and entries before */
    uint16_t entry[2][INC_UNDO_CELLS];
    uint64_t line[4];                 /* the stone's four line codes before */
    uint8_t line_fives[4];
    int fives_on_board[2];
    IncSide side[2];
    IncCellSet fours[2];
} IncUndo;

typedef struct IncState {
    const PatternTables *tables;
    const LineForms *forms;
    const uint8_t *line_table[2];   /* [colour - 1] */
    const uint16_t *cell_table[2];
    /* [colour - 1]: that colour table's learned priorities (PatternTables.policy, both parts),
     * NULL for both where the game's policy is the hand-set one (score_policy_set). */
    const int32_t *policy[2];
    const int32_t *policy_near;     /* its locality part (PatternTables.policy_near), or NULL
                                     * where it plays none (score_policy_near_set) */
    const int32_t *policy_form;     /* its shape part (PatternTables.policy_form, own then opp),
                                     * or NULL where it plays none (score_policy_form_set) */
    int32_t tempo;                  /* the side to move's bonus (score_tempo) */
    const int32_t *threat[2];       /* [side to move - 1]: its threat term (PatternTables) */
    int size, rule;
    const void *owner;              /* the board it follows (brain/board.c); copies do not */
    uint8_t cell[BOARD_CELLS];
    uint64_t line[4][SCORE_DIAGS];  /* score.h's line codes by direction: row, col, diag, anti */
    uint8_t line_fives[4][SCORE_DIAGS]; /* bit c-1: colour c has a winning five on the line */
    int fives_on_board[2];          /* lines holding a winning five, per colour */
    uint32_t cell_key[BOARD_CELLS]; /* black's classes in bits 0-15, white's in 16-31 */
    uint16_t entry[2][BOARD_CELLS]; /* the cell entry of each key half */
    IncSide side[2];
    IncCellSet fours[2];            /* [colour - 1]: the cells whose entry makes a four */
    /* The puts since inc_init, latest last, while each removal has taken back the latest put:
     * inc_remove restores those instead of recomputing. Anything else (a removal out of
     * order, more puts than INC_UNDO_DEPTH) empties it; removals then recompute. */
    int undo_depth;
    IncUndo undo[INC_UNDO_DEPTH];
} IncState;

/* Starts from `cells` (EMPTY/BLACK/WHITE/BLOCKER by cell index, BOARD_CELLS of them). */
void inc_init(IncState *st, const PatternTables *t, int size, int rule, const uint8_t *cells);

/* Puts a stone (or blocker) of `color` on the empty `cell` / empties the filled `cell`
 * (taking back the latest put costs a copy, not a recomputation). */
void inc_put(IncState *st, int cell, int color);
void inc_remove(IncState *st, int cell);

/* score_position() of the current board with `to_move` to move. */
int32_t inc_score(const IncState *st, int to_move);

/* score_threat_mask of the current board with `to_move` to move (the trainer's feature). */
int inc_threat_mask(const IncState *st, int to_move);

/* The score of the child after `to_move` plays the empty `cell` (from the child's side to
 * move): inc_score after an inc_put, worked out on copies of the totals (the state is only
 * read, so nothing is undone). */
int32_t inc_score_child(const IncState *st, int to_move, int cell);

/* Cells where `color` completes a winning five (CELL_FIVE cells). */
static inline int inc_five_cells(const IncState *st, int color)
{
    return st->side[color - 1].count[CELL_FIVE];
}

/* That cell when there is exactly one. */
static inline int inc_the_five_cell(const IncState *st, int color)
{
    return st->side[color - 1].five_xor;
}

/* False when `color` playing the empty `cell` cannot make a four on any line through it (no
 * line class B4 or stronger). Where `color` has no five to play already, a move that makes a
 * four (a new five point) makes one through the cell, so this is a safe filter. */
static inline bool inc_key_may_four(uint32_t half_key)
{
    /* a class >= PAT_B4 (7) plus one sets its nibble's top bit; classes stay below 15, so no
     * carry crosses nibbles (incremental.c checks both facts) */
    return ((half_key & 0xFFFFu) + 0x1111u) & 0x8888u;
}

static inline bool inc_may_four(const IncState *st, int cell, int color)
{
    return inc_key_may_four(st->cell_key[cell] >> (color == BLACK ? 0 : 16));
}

/* The LinePattern that `color` playing the empty `cell` makes on the line of direction `d`. */
static inline int inc_line_class(const IncState *st, int color, int cell, int d)
{
    return (int)(st->cell_key[cell] >> ((color == BLACK ? 0 : 16) + 4 * d)) & 0xF;
}

/* The line form (patterns.h: LineForms) of the window around the empty `cell` on the line of
 * direction `d`, as `color` sees it (own stones 1, the opponent's 2). */
uint32_t inc_line_form(const IncState *st, int color, int cell, int d);

/* own[`me`'s form] + opp[the opponent's form] over the four lines of the empty `cell` (the
 * policy's shape part, kernels/policy.h): each window read once for both colours. */
int32_t inc_form_sum(const IncState *st, int me, int cell, const int32_t *own,
                     const int32_t *opp);

/* Up to `max` cells where `color` makes a four or a five (by their cell class, so never a
 * forbidden one), in cell order. Returns how many. */
int inc_four_cells(const IncState *st, int color, uint16_t *out, int max);

/* Where `color` has no five to play: whether playing the empty `cell` makes a four, i.e. a line
 * through it becomes a four, an open four or (renju black) two fours on one line. */
static inline bool inc_makes_four(const IncState *st, int cell, int color)
{
    for (int d = 0; d < 4; d++) {
        int cls = inc_line_class(st, color, cell, d);
        if (cls == PAT_B4 || cls == PAT_F4 || cls == PAT_DFOUR)
            return true;
    }
    return false;
}

/* A four (the empty `cell` is one of `color`'s four cells) that also makes an open two or a
 * three on another line, or a 4-3 or better (Rapfi's "B4 plus"): the fours a win by fours is
 * mostly made of once it has started. */
static inline bool inc_four_plus(const IncState *st, int color, int cell)
{
    int cls = CELL_ENTRY_CLASS(st->entry[color - 1][cell]);
    if (cls == CELL_43 || cls == CELL_FLEX4 || cls == CELL_FIVE)
        return true;
    for (int d = 0; d < 4; d++) {
        int line = inc_line_class(st, color, cell, d);
        if (line == PAT_F2 || line == PAT_B3 || line == PAT_F3)
            return true;
    }
    return false;
}

#endif
