/* Line-pattern and cell-combination lookup tables of the evaluator.
 *
 * A line pattern answers "what does this line become for `colour` if it plays this cell?". Its
 * key is the 10 cells at offsets -5..-1, +1..+5 along the line, 2 bits each relative to the
 * player, offset -5 in bits 0-1 up to offset +5 in bits 18-19:
 *   0 empty, 1 own stone, 2 opponent stone, 3 edge or BLOCKER (both just block the line).
 * The same key with the centre holding an own stone answers "is this stone part of a five".
 *
 * A cell key packs the line classes of the four directions (direction d in bits 4d..4d+3) and
 * maps to the cell's combined class and value.
 *
 * Plain data only (no pointers inside): a CUDA evaluator copies one PatternTables to device
 * memory as it is. Built on the host by patterns.c; read by kernels/score.h. */
#ifndef GAMOK_PATTERNS_H
#define GAMOK_PATTERNS_H

#include <stdbool.h>
#include <stdint.h>

#include "kernels/position.h"
#include "kernels/values.h"

/* Line classes, weakest first. "F" = free (open), "B" = blocked on one side (or split so that
 * only one way to five is left). Fn: playing here makes n stones that can still become an
 * open four / five in more than one way; Bn: exactly one way left. */
typedef enum LinePattern {
    PAT_NONE = 0, /* no five can ever pass through this cell on this line */
    PAT_B1,
    PAT_F1,
    PAT_B2,
    PAT_F2,
    PAT_B3,
    PAT_F3,       /* an open three: one more stone can make an open four */
    PAT_B4,       /* a four: exactly one cell completes a five */
    PAT_F4,       /* an open four (or, outside renju-black, two fours on one line) */
    PAT_FIVE,     /* a winning five under the rule */
    PAT_OVERLINE, /* six or more where that does not win (exact5, caro, renju black) */
    PAT_DFOUR,    /* renju black: two fours on one line (X.XXX.X, XX.XX.XX): forbidden */
    PAT_COUNT
} LinePattern;

/* Combined class of an empty cell for one colour (the paper's "special conditions"). */
typedef enum CellClass {
    CELL_PLAIN = 0,   /* nothing forcing */
    CELL_B4,          /* makes one four (a forcing move) */
    CELL_33,          /* makes two open threes */
    CELL_43,          /* makes a four and an open three */
    CELL_FLEX4,       /* makes an open four or two fours: wins unless the opponent fives first */
    CELL_FIVE,        /* wins at once */
    CELL_FORBIDDEN,   /* renju black: overline or double four (exact at line level) */
    CELL_FORBIDDEN33, /* renju black: double three (approximate: ignores RIF 9.3 recursion) */
    CELL_CLASS_COUNT
} CellClass;

/* Which line table a (rule, colour) uses. */
typedef enum LineTableId {
    LT_FREESTYLE = 0,
    LT_EXACT5,
    LT_RENJU_BLACK,
    LT_RENJU_WHITE,
    LT_CARO,
    LT_COUNT
} LineTableId;

/* Cell-combination tables: for each value set (values.h), one for renju black, which has
 * forbidden cells, and one for everyone else. The one owner of their order: */
#define CELL_TABLE_ID(set, renju_black) (2 * (set) + ((renju_black) ? 1 : 0))
enum { CT_COUNT = 2 * VALUE_SET_COUNT };

#define PATTERN_KEY_BITS 20
#define PATTERN_KEYS (1u << PATTERN_KEY_BITS)

/* A line table holds one class per canonical key, not per key: beyond the first opponent stone
 * or edge on a side nothing changes a class, so each half of a key (the 5 cells of one side) has
 * one of 94 forms: k free cells (empty or own, 2^k ways, k < 5) then an opponent stone or an
 * edge, or 5 free cells: 2 * (1 + 2 + 4 + 8 + 16) + 32. A table of 94 * 94 classes (8.8 KB)
 * stays in the first-level cache where one of 2^20 (1 MB) did not: the incremental update's
 * lookups were a third of its time. LineForms numbers a key's halves; score.h's
 * score_line_form adds them up. */
#define LINE_HALF_BITS 10
#define LINE_HALF_FORMS 94
#define LINE_FORMS (LINE_HALF_FORMS * LINE_HALF_FORMS)

typedef struct LineForms {
    uint16_t left[1u << LINE_HALF_BITS]; /* a key's low half (offsets -5..-1): form * 94 */
    uint8_t right[1u << LINE_HALF_BITS]; /* its high half (offsets +1..+5): form */
} LineForms;
#define CELL_KEY_BITS 16
#define CELL_KEYS (1u << CELL_KEY_BITS)

/* A cell entry: value (already scaled, see values.h) in the low 12 bits, CellClass in the 3
 * above, and in the top bit whether the cell makes an open three on some line (a PAT_F3; never
 * for a forbidden cell): the threat term (THREAT_MASKS below) asks who has one. */
#define CELL_VALUE_BITS 12
#define CELL_VALUE_MAX ((1 << CELL_VALUE_BITS) - 1)
#define CELL_THREE_FLAG 0x8000u
#define CELL_ENTRY(cls, value) \
    ((uint16_t)(((unsigned)(cls) << CELL_VALUE_BITS) | (unsigned)(value)))
#define CELL_ENTRY_CLASS(e) ((int)(((e) >> CELL_VALUE_BITS) & 7))
#define CELL_ENTRY_VALUE(e) ((int)((e) & CELL_VALUE_MAX))
#define CELL_ENTRY_THREE(e) ((int)(((e) & CELL_THREE_FLAG) != 0))

/* The threat term: a number per combination of which threats each side holds somewhere on the
 * board (score.h: score_threat_mask), added to the static score; the non-linear part of "who
 * has the initiative" that a sum over cells cannot say (Rapfi's classical evaluation has such
 * a table). Learned per set (make train); 0 everywhere in the hand-set and fitted sets. */
#define THREAT_MASK_BITS 10
#define THREAT_MASKS (1 << THREAT_MASK_BITS)

/* Line-class combinations (pattern_combination): four classes of NONE, B2..DFOUR (10), sorted. */
#define PATTERN_COMBINATIONS 715
enum { LEARNED_SET_COUNT = VALUE_SET_COUNT - VALUES_LEARNED_FIRST };

/* The learned policy's locality part (kernels/policy.h): a number per earlier move (the last
 * one played, the one before, ...) and bucket: 2 * (distance - 1) + (on one of its lines) for
 * the distances 1..POLICY_NEAR_FAR, then one for "no such move". Rapfi's moves follow the last
 * moves more than their patterns say: held out, the part lifts the freestyle 15x15 top-1 recall
 * from 36.0% to 37.8% (results/2026-12-02-policy-locality.txt). */
enum { POLICY_NEAR_MOVES = 4, POLICY_NEAR_FAR = 5, POLICY_NEAR_BUCKETS = 2 * POLICY_NEAR_FAR + 1 };

/* The learned policy's shape part (kernels/policy.h): a number per line form (LineForms: the
 * exact stones and edges within 5 cells on one line, as the player there sees them), own and
 * opp, added up over the cell's four lines; a form and its mirror image (form_mirror: the
 * window read the other way round) share one, as the board's symmetries make them the same
 * shape. The line classes say what a line becomes, the forms how: held out, the part predicts
 * Rapfi's moves better, but it plays level, so no set plays it by default (score.h:
 * GAMOK_POLICY_FORM_MASK, with the figures). */
enum { POLICY_FORM_PARTS = 2 };

typedef struct PatternTables {
    LineForms line_forms;
    uint16_t form_mirror[LINE_FORMS];      /* each form's mirror image (the window reversed) */
    uint8_t line[LT_COUNT][LINE_FORMS];    /* LinePattern per canonical key, by its form */
    uint16_t cell[CT_COUNT][CELL_KEYS];    /* CELL_ENTRY per cell key */
    int32_t tempo[VALUE_SET_COUNT];        /* the side to move's bonus, scaled */
    int32_t threat[CT_COUNT][THREAT_MASKS]; /* by cell table of the side to move, scaled */
    /* The learned move policy (kernels/policy.h): a cell key's combination as a dense index,
     * then per learned set, colour table (renju black or not) and part (own, opp) a priority
     * per combination. */
    uint16_t combination_index[CELL_KEYS];
    int32_t policy[LEARNED_SET_COUNT][2][2][PATTERN_COMBINATIONS];
    /* Per learned set, its locality part by earlier move and bucket (0 where the list has none). */
    int32_t policy_near[LEARNED_SET_COUNT][POLICY_NEAR_MOVES * POLICY_NEAR_BUCKETS];
    /* Per learned set, its shape part by part (own, opp) and line form (0 where the list has
     * none). */
    int32_t policy_form[LEARNED_SET_COUNT][POLICY_FORM_PARTS][LINE_FORMS];
} PatternTables;

/* The combinations whose value floors a cell's summed line values: a four and an open three,
 * two fours, two open threes, three or more open twos (the paper's 2-2-2). */
typedef enum PatternCombo { COMBO_43, COMBO_44, COMBO_33, COMBO_222, COMBO_COUNT } PatternCombo;

/* One set of the evaluation's numbers (kernels/values.h, unscaled) as data, so that a tuner
 * (tournaments/tune.c) can try others through the same combination rule. */
typedef struct PatternValues {
    double line[PAT_COUNT];    /* by LinePattern */
    double combo[COMBO_COUNT]; /* by PatternCombo */
    double tempo;              /* the side to move's bonus */
} PatternValues;

/* values.h's numbers of one set. */
PatternValues pattern_values(ValueSet set);

/* What an empty cell with this cell key is worth to its colour, unscaled and uncapped: the sum
 * of its line values, or its combination's value when that is higher; 0 when it is forbidden
 * (renju black). The one owner of how a cell's four classes combine into a value. */
double pattern_cell_value(uint32_t cell_key, const PatternValues *v, bool renju_black);

/* A cell key's four line classes sorted, strongest first, packed as a cell key: the
 * combination whatever the directions, by which the learned sets are indexed. B1 and F1 read
 * as NONE: score.h leaves the classes of line windows without stones unwritten (NONE) where
 * they would be one of those three, so only NONE, B1 and F1 can be worth 0 for sure. */
uint32_t pattern_combination(uint32_t cell_key);

/* The cell entry of `cell_key` under a value set (values.h), learned or not. */
uint16_t pattern_cell_entry(uint32_t cell_key, ValueSet set, bool renju_black);

/* Builds every table (heap, about 2 MB). Returns NULL when out of memory. */
PatternTables *pattern_tables_create(void);
void pattern_tables_destroy(PatternTables *t);

#endif
