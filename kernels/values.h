/* Every value of the static evaluation lives here (the GA tunes these numbers).
 *
 * Units are those of Ahn & Park's (2010) 21-pattern evaluation, mapped onto Gamok's classes.
 * A class is "what playing this empty cell makes", and a position is worth the sum over its
 * empty cells, so an existing shape is counted through the cells that extend it (an open three
 * on the board shows as two F4 cells and up to two B4 cells).
 *
 *   paper pattern                       Gamok class                  paper  value
 *   five                                PAT_FIVE (line)                100    100
 *   four-three with a defender          CELL_43 (cell)                  70     90
 *   split fours 33 / 32 / 31            PAT_F4 (open four) / 4-4 (cell) 33/32  50 / 60
 *                                       (31 has no class of its own here)
 *   two-three                           CELL_33 (cell)                  21     45
 *   two-two-two                         three or more F2 lines (cell)   20     14
 *   open three                          PAT_F3 (line)                   10     16
 *   four blocked on one side            PAT_B4 (line)                    9     14
 *   open two (*)                        PAT_F2 (line)                    5      4
 *   three blocked on one side (*)       PAT_B3 (line)                    4      4
 *   two blocked on one side             PAT_B2 (line)                    1      1
 *   single stones                       PAT_F1, PAT_B1                   0      0
 *   (*) interpolated between the paper's values 9 and 1.
 *
 * Gamok's values weigh real threats (threes, fours and their combinations) up against diffuse
 * potential (twos, the 2-2-2 combination): with the paper's values the game tree was drawn into
 * "knight's move" lattices in which every empty cell touches many twos and nobody ever makes a
 * three; against a one-ply player that meant full-board draws (21 November 2026: 83.7% with 15
 * draws in 52 games against --paper-level 1 at 200 ms a move, 95.2% with 1 draw with these).
 * Starting points for the GA.
 *
 * A cell is worth max(sum of its four line values, its combination value); renju black's
 * forbidden cells are worth 0. Every value is multiplied by VALUE_SCALE and a cell's value is
 * capped at CELL_VALUE_MAX (4095), so a whole board sums far below SCORE_WIN_MIN; the score is
 * clamped there anyway so that a static score never looks decided.
 *
 * F1, B1 and NONE must stay 0: the scorer skips line windows holding no stone, which can only
 * be one of those three (patterns.c checks this at compile time). */
#ifndef GAMOK_VALUES_H
#define GAMOK_VALUES_H

enum {
    VALUE_SCALE = 4,

    /* line classes */
    VAL_NONE = 0,
    VAL_B1 = 0,
    VAL_F1 = 0,
    VAL_B2 = 1,
    VAL_F2 = 4,
    VAL_B3 = 4,
    VAL_F3 = 16,
    VAL_B4 = 14,
    VAL_F4 = 50,
    VAL_FIVE = 100,

    /* cell combinations (a floor for the cell's summed line values) */
    VAL_COMBO_43 = 90,
    VAL_COMBO_44 = 60,
    VAL_COMBO_33 = 45,
    VAL_COMBO_222 = 14,

    /* The side to move is about to add a stone: a flat bonus of about half a move's worth (a
     * middle-game move gains 300-500 scaled units), so that the score of a line does not swing
     * by a whole move from one depth to the next. A flat bonus, not a weight on the mover's
     * sum: a weight makes the same shapes count differently at odd and even depths. */
    STM_TEMPO = 60 * VALUE_SCALE
};

#endif
