/* Every number of the static evaluation lives here, or is learned from here: two sets, the
 * hand-set one and one fitted to game results, and the learned sets below (their numbers in
 * kernels/learned_values.h, written by `make train`); score_value_set (kernels/score.h) says
 * which a game is played with.
 *
 * A class is "what playing this empty cell makes", and a position is worth the sum over its
 * empty cells, so an existing shape is counted through the cells that extend it (an open three
 * on the board shows as two F4 cells and up to two B4 cells). The classes follow Ahn & Park's
 * (2010) 21-pattern evaluation; the numbers were first theirs, then set by hand, then fitted:
 * `make tune` (tournaments/fit.h, Texel's method) over 1,918 games on 15x15 and 20x20 of
 * AIWine against itself, Pela against itself and Gamok against AIWine (25 November 2026), its
 * output rounded:
 *
 *   paper pattern                       Gamok class                  paper  hand  fitted
 *   five                                PAT_FIVE (line)                100   100    100
 *   four-three with a defender          CELL_43 (cell)                  70    90    388
 *   split fours 33 / 32 / 31            PAT_F4 (open four) / 4-4 (cell) 33/32 50/60 182/118
 *                                       (31 has no class of its own here)
 *   two-three                           CELL_33 (cell)                  21    45     12
 *   two-two-two                         three or more F2 lines (cell)   20    14     62
 *   open three                          PAT_F3 (line)                   10    16     25
 *   four blocked on one side            PAT_B4 (line)                    9    14     66
 *   open two                            PAT_F2 (line)                    5*    4      3
 *   three blocked on one side           PAT_B3 (line)                    4*    4     15
 *   two blocked on one side             PAT_B2 (line)                    1     1      0
 *   single stones                       PAT_F1, PAT_B1                   0     0      0
 *   side to move (a flat bonus)         STM tempo                        -    60    222
 *   (*) interpolated between the paper's values 9 and 1.
 *
 * What the fit changed: fours and four-threes are worth far more against threes, single twos
 * little (more where three of them cross), a two-three little (the threat searches see it; a
 * 4-4 cell is worth its two fours, 132, whatever its floor), and the side to move 3.7 times
 * more. The hand-set numbers predicted nothing on 20x20: their best fit to the results there
 * was a coin flip. Which set plays better was measured, not assumed (1 s a move, 64 games a
 * match, results/2026-11-25-fitted-values.txt): on 20x20 the fitted numbers lifted Gamok from
 * 19.5% to 50.0% against AIWine (128 games) and held 81% against Pela (hand-set 78%); on
 * freestyle 15x15 they fell from 82.8% to 50.0% against Pela and did not help against AIWine
 * (48.0% hand-set, 44.5% fitted, 128 games); on standard 15x15 they scored 58.8% where the
 * hand-set ones scored 37.1% against AIWine (over the 97 and 89 of 128 games in which it,
 * knowing only freestyle, played no overline; over all 128 games 36 better, 20 worse,
 * p = 0.044), 67.2% where the hand-set ones scored 73.4% against Pela (11 games better, 16
 * worse, not significant). Hence score_value_set: fitted above 15x15 and in standard, hand-set
 * on freestyle 15x15. The opponents' games matter to a fit: one to AIWine's games alone beat
 * AIWine but fell from 78% to 50% against Pela on 20x20, and from 82.8% to 43.8% on 15x15.
 *
 * The hand-set twos are kept low for a reason: with the paper's values (open two 5, 2-2-2 20
 * against open three 10) the game tree was drawn into "knight's move" lattices in which every
 * empty cell touches many twos and nobody ever makes a three (21 November 2026: full-board
 * draws against --paper-level 1).
 *
 * A cell is worth max(sum of its four line values, its combination value); renju black's
 * forbidden cells are worth 0 (patterns.c: pattern_cell_value). Every value is multiplied by
 * VALUE_SCALE and a cell's value is capped at CELL_VALUE_MAX (4095, patterns.h), so a whole
 * board sums far below SCORE_WIN_MIN; the score is clamped there anyway so that a static score
 * never looks decided.
 *
 * F1, B1 and NONE are 0 in both sets (they are not listed): the scorer skips line windows
 * holding no stone, which can only be one of those three. */
#ifndef GAMOK_VALUES_H
#define GAMOK_VALUES_H

enum { VALUE_SCALE = 4 };

/* The hand-set and fitted sets, then the learned ones: a value for each combination of a cell's
 * four line classes and a threat term per threat mask (patterns.h: THREAT_MASKS), trained per
 * rule and board size from the game corpus (`make train`,
 * tournaments/train.h; the numbers are in kernels/learned_values.h). A learned set starts from
 * its prior, the set the evaluation used there before, and keeps its numbers for whatever
 * combination the corpus never showed. score_value_set (kernels/score.h) says which set a game
 * is played with. */
typedef enum ValueSet {
    VALUES_HAND = 0,
    VALUES_FITTED,
    VALUES_LEARNED_FREESTYLE15, /* freestyle up to 15x15 */
    VALUES_LEARNED_FREESTYLE20, /* freestyle above 15x15 */
    VALUES_LEARNED_STANDARD15,  /* exactly five up to 15x15 */
    VALUES_LEARNED_RENJU15,     /* renju up to 15x15 */
    VALUE_SET_COUNT
} ValueSet;
enum { VALUES_LEARNED_FIRST = VALUES_LEARNED_FREESTYLE15 };

/* A learned set's prior. */
static inline ValueSet value_set_prior(ValueSet set)
{
    return set == VALUES_LEARNED_FREESTYLE15 || set == VALUES_LEARNED_RENJU15 ? VALUES_HAND
         : set == VALUES_HAND ? VALUES_HAND : VALUES_FITTED;
}

/* X(class, hand, fitted), unscaled. Line classes (PAT_*), then combinations (COMBO_*), whose
 * value floors a cell's summed line values. */
#define VALUE_LINES(X)                                                                          \
    X(PAT_B2, 1, 0)                                                                             \
    X(PAT_F2, 4, 3)                                                                             \
    X(PAT_B3, 4, 15)                                                                            \
    X(PAT_F3, 16, 25)                                                                           \
    X(PAT_B4, 14, 66)                                                                           \
    X(PAT_F4, 50, 182)                                                                          \
    X(PAT_FIVE, 100, 100)
#define VALUE_COMBOS(X)                                                                         \
    X(COMBO_43, 90, 388)                                                                        \
    X(COMBO_44, 60, 118)                                                                        \
    X(COMBO_33, 45, 12)                                                                         \
    X(COMBO_222, 14, 62)

/* The side to move is about to add a stone: a flat bonus (the hand-set 60 was "half a move's
 * worth"), not a weight on the mover's sum: a weight makes the same shapes count differently
 * at odd and even depths. */
#define VALUE_TEMPO_HAND 60
#define VALUE_TEMPO_FITTED 222

/* The move policy (kernels/policy.h): a bonus by the class a move makes for the mover (own) and
 * takes from the opponent (opp), by CellClass order (PLAIN, B4, 33, 43, FLEX4, FIVE, FORBIDDEN,
 * FORBIDDEN33), then the cell's pattern values weighted. Hand-set: winning shapes first, then
 * the blocks of the opponent's, then fours and threes, then values. */
#define POLICY_OWN_CLASS {0, 3000, 6000, 20000, 40000, 100000, -100000, 0}
#define POLICY_OPP_CLASS {0, 800, 4000, 12000, 15000, 60000, 0, 0}
#define POLICY_OWN_VALUE 2
#define POLICY_OPP_VALUE 1

#endif
