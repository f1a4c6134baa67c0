/* Builds the line-pattern and cell-combination tables (see patterns.h). */
#include "kernels/patterns.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/learned_policy.h"
#include "kernels/learned_values.h"
#include "kernels/line_five.h"
#include "kernels/policy.h"
#include "kernels/score.h"
#include "kernels/values.h"

_Static_assert(PAT_COUNT <= 16, "line classes are packed in 4 bits");
_Static_assert(CELL_CLASS_COUNT <= 8, "cell classes are packed in 3 bits (patterns.h)");

enum { KEY_CELLS = 10, HALF_BITS = 10, WINDOW = 11, CENTRE = 5 };

/* ---- line tables --------------------------------------------------------------------------- */

/* Key cell i (0..9) is window cell i for offsets -5..-1 and i + 1 for offsets +1..+5. */
static int window_index(int i) { return i < CENTRE ? i : i + 1; }

static int key_cell(uint32_t key, int i) { return (int)(key >> (2 * i)) & 3; }

/* Everything beyond the first opponent stone or blocker on a side can change nothing (no five
 * crosses it, and caro only looks at the stone just beyond a five), so each side of a key is
 * reduced to a canonical form: cells past the first blocking cell read as edge. Only canonical
 * keys are classified; every key reads its canonical key's class (patterns.h: LineForms). */
static uint32_t canonical_half(uint32_t half, bool left)
{
    uint32_t out = 0;
    bool blocked = false;
    for (int k = 0; k < CENTRE; k++) {
        int i = left ? CENTRE - 1 - k : k; /* walk outwards from the centre */
        uint32_t c = blocked ? 3u : (half >> (2 * i)) & 3u;
        blocked = blocked || c >= 2;
        out |= c << (2 * i);
    }
    return out;
}

static uint32_t canonical_key(uint32_t key)
{
    uint32_t mask = (1u << HALF_BITS) - 1;
    return canonical_half(key & mask, true) | canonical_half(key >> HALF_BITS, false) << HALF_BITS;
}

/* Numbers each side's canonical halves in the order first met. False unless there are exactly
 * LINE_HALF_FORMS of them on each side. */
static bool build_line_forms(LineForms *f)
{
    int number[2][1u << HALF_BITS], count[2] = {0, 0};
    for (int side = 0; side < 2; side++)
        for (uint32_t h = 0; h < (1u << HALF_BITS); h++)
            number[side][h] = -1;
    for (uint32_t h = 0; h < (1u << HALF_BITS); h++)
        for (int side = 0; side < 2; side++) {
            uint32_t c = canonical_half(h, side == 0);
            if (number[side][c] < 0)
                number[side][c] = count[side]++;
            if (count[side] > LINE_HALF_FORMS)
                return false;
            if (side == 0)
                f->left[h] = (uint16_t)(number[0][c] * LINE_HALF_FORMS);
            else
                f->right[h] = (uint8_t)number[1][c];
        }
    return count[0] == LINE_HALF_FORMS && count[1] == LINE_HALF_FORMS;
}

/* The half key read the other way round: cell i (offset i - 5 on the left, i + 1 on the right)
 * becomes cell 4 - i, so a left half read so is a right half, and the other way round. */
static uint32_t reversed_half(uint32_t half)
{
    uint32_t out = 0;
    for (int i = 0; i < CENTRE; i++)
        out |= ((half >> (2 * i)) & 3u) << (2 * (CENTRE - 1 - i));
    return out;
}

/* Each form's mirror image: the form of the same window read the other way round (its left
 * half's reading as the right half and the other way round). */
static void build_form_mirror(uint16_t *mirror, const LineForms *f)
{
    uint8_t right_of_left[LINE_HALF_FORMS], left_of_right[LINE_HALF_FORMS];
    for (uint32_t h = 0; h < (1u << HALF_BITS); h++) {
        right_of_left[f->left[h] / LINE_HALF_FORMS] = f->right[reversed_half(h)];
        left_of_right[f->right[h]] = (uint8_t)(f->left[reversed_half(h)] / LINE_HALF_FORMS);
    }
    for (int l = 0; l < LINE_HALF_FORMS; l++)
        for (int r = 0; r < LINE_HALF_FORMS; r++)
            mirror[l * LINE_HALF_FORMS + r] =
                (uint16_t)(left_of_right[r] * LINE_HALF_FORMS + right_of_left[l]);
}

/* What a child class (one more own stone on the line) makes of the parent. */
static uint8_t demote(uint8_t child)
{
    return child >= PAT_B2 && child <= PAT_F4 ? (uint8_t)(child - 2) : (uint8_t)PAT_NONE;
}

typedef struct LineRule {
    int rule;       /* RULE_* handed to rule_line_five */
    int own;        /* colour the table is for */
    bool one_four;  /* renju black: only a straight four counts as open, other double fives are
                       two fours on one line (forbidden) */
} LineRule;

static LineFive centre_five(uint32_t key, const LineRule *r)
{
    const uint8_t colour[4] = {EMPTY, (uint8_t)r->own, (uint8_t)opponent_of(r->own), BLOCKER};
    uint8_t line[WINDOW];
    for (int i = 0; i < KEY_CELLS; i++)
        line[window_index(i)] = colour[key_cell(key, i)];
    line[CENTRE] = (uint8_t)r->own;
    return rule_line_five(line, WINDOW, CENTRE, r->own, r->rule);
}

/* Classifies `key` from its children (one more own stone on an empty cell), which have larger
 * keys and are therefore classified already. */
static uint8_t classify(const uint8_t *table, const LineForms *f, uint32_t key,
                        const LineRule *r)
{
    LineFive five = centre_five(key, r);
    if (five == LINE_FIVE)
        return PAT_FIVE;
    if (five == LINE_OVERLINE)
        return PAT_OVERLINE;
    int fives = 0, first = -1, last = -1;
    uint8_t best = PAT_NONE;
    for (int i = 0; i < KEY_CELLS; i++) {
        if (key_cell(key, i) != 0)
            continue;
        uint8_t child = table[score_line_form(f, key | (1u << (2 * i)))];
        if (child == PAT_FIVE) {
            fives++;
            last = window_index(i);
            if (first < 0)
                first = last;
        } else if (demote(child) > best) {
            best = demote(child);
        }
    }
    if (fives >= 2) {
        /* A straight four .XXXX. has exactly two five points, five cells apart. */
        bool straight = fives == 2 && last - first == 5;
        return r->one_four && !straight ? PAT_DFOUR : PAT_F4;
    }
    return fives == 1 ? (uint8_t)PAT_B4 : best;
}

/* Children of a canonical key are canonical (a stone on a free cell moves no block), and
 * larger: walking the keys downwards classifies every child first. */
static void build_line_table(uint8_t *table, const LineForms *f, const LineRule *r)
{
    for (uint32_t key = PATTERN_KEYS; key-- > 0;)
        if (canonical_key(key) == key)
            table[score_line_form(f, key)] = classify(table, f, key, r);
}

static const LineRule LINE_RULES[LT_COUNT] = {
    [LT_FREESTYLE] = {RULE_FREESTYLE, BLACK, false},
    [LT_EXACT5] = {RULE_EXACT5, BLACK, false},
    [LT_RENJU_BLACK] = {RULE_RENJU, BLACK, true},
    [LT_RENJU_WHITE] = {RULE_RENJU, WHITE, false},
    [LT_CARO] = {RULE_CARO, BLACK, false},
};

/* ---- cell tables --------------------------------------------------------------------------- */

/* NONE, B1 and F1 stay 0 (not listed in values.h): score.h skips line windows without stones,
 * which can only be of those classes. */
PatternValues pattern_values(ValueSet set)
{
    bool hand = value_set_prior(set) == VALUES_HAND;
    PatternValues v = {.tempo = hand ? VALUE_TEMPO_HAND : VALUE_TEMPO_FITTED};
#define SET_LINE(cls, hand_value, fitted_value) v.line[cls] = hand ? hand_value : fitted_value;
#define SET_COMBO(id, hand_value, fitted_value) v.combo[id] = hand ? hand_value : fitted_value;
    VALUE_LINES(SET_LINE)
    VALUE_COMBOS(SET_COMBO)
#undef SET_LINE
#undef SET_COMBO
    return v;
}

typedef struct LineCounts {
    int n[PAT_COUNT];
} LineCounts;

static LineCounts count_lines(uint32_t cell_key)
{
    LineCounts c = {{0}};
    for (int d = 0; d < 4; d++) {
        int cls = (int)(cell_key >> (4 * d)) & 15;
        c.n[cls < PAT_COUNT ? cls : PAT_NONE]++; /* >= PAT_COUNT: never made by a line table */
    }
    return c;
}

/* OVERLINE is worth nothing and only renju black reads it as forbidden (elsewhere the line is
 * just dead); DFOUR only comes out of the renju-black table. */
static CellClass cell_class(const LineCounts *c, bool renju_black)
{
    int fours = c->n[PAT_B4] + c->n[PAT_F4];
    if (c->n[PAT_FIVE])
        return CELL_FIVE; /* a five is never forbidden */
    if (renju_black && (c->n[PAT_OVERLINE] || c->n[PAT_DFOUR] || fours >= 2))
        return CELL_FORBIDDEN;
    if (renju_black && c->n[PAT_F3] >= 2)
        return CELL_FORBIDDEN33;
    if (c->n[PAT_F4] || fours >= 2)
        return CELL_FLEX4;
    if (c->n[PAT_B4])
        return c->n[PAT_F3] ? CELL_43 : CELL_B4;
    return c->n[PAT_F3] >= 2 ? CELL_33 : CELL_PLAIN;
}

/* The combination that floors the cell's value, or -1. */
static int combo_of(const LineCounts *c, CellClass cls)
{
    int fours = c->n[PAT_B4] + c->n[PAT_F4];
    if (cls == CELL_43)
        return COMBO_43;
    if (cls == CELL_FLEX4 && fours >= 2)
        return COMBO_44;
    if (cls == CELL_33)
        return COMBO_33;
    return c->n[PAT_F2] >= 3 ? COMBO_222 : -1;
}

double pattern_cell_value(uint32_t cell_key, const PatternValues *v, bool renju_black)
{
    LineCounts c = count_lines(cell_key);
    CellClass cls = cell_class(&c, renju_black);
    if (cls == CELL_FORBIDDEN || cls == CELL_FORBIDDEN33)
        return 0;
    double sum = 0;
    for (int p = 0; p < PAT_COUNT; p++)
        sum += c.n[p] * v->line[p];
    int combo = combo_of(&c, cls);
    return combo >= 0 && v->combo[combo] > sum ? v->combo[combo] : sum;
}

uint32_t pattern_combination(uint32_t cell_key)
{
    int cls[4];
    for (int d = 0; d < 4; d++) {
        int c = (int)(cell_key >> (4 * d)) & 15, i = d;
        c = c < PAT_B2 || c >= PAT_COUNT ? PAT_NONE : c; /* B1, F1: patterns.h says why; a
                                                             nibble >= PAT_COUNT is no class */
        for (; i > 0 && cls[i - 1] < c; i--) cls[i] = cls[i - 1];
        cls[i] = c;
    }
    return (uint32_t)(cls[0] | cls[1] << 4 | cls[2] << 8 | cls[3] << 12);
}

/* The learned sets' numbers (kernels/learned_values.h, written by `make train`), scaled. */
typedef struct LearnedCell {
    uint8_t set, renju_black;
    uint16_t combination, value;
} LearnedCell;
#define LEARNED_CELL(set, renju_black, combination, value) {set, renju_black, combination, value},
#define LEARNED_TEMPO(set, value) [set] = (value) + 1, /* + 1: 0 marks "not learned" */
static const LearnedCell LEARNED_CELLS[] = {LEARNED_CELL_LIST(LEARNED_CELL){VALUES_HAND, 0, 0, 0}};
static const int32_t LEARNED_TEMPI[VALUE_SET_COUNT] = {[VALUES_HAND] = 0,
                                                       LEARNED_TEMPO_LIST(LEARNED_TEMPO)};
#undef LEARNED_CELL
#undef LEARNED_TEMPO

/* The learned threat terms (score.h: score_threat_mask), scaled; every other mask is worth 0. */
typedef struct LearnedThreat {
    uint8_t set, renju_black;
    uint16_t mask;
    int32_t value;
} LearnedThreat;
#define LEARNED_THREAT(set, renju_black, mask, value) {set, renju_black, mask, value},
static const LearnedThreat LEARNED_THREATS[] = {
    LEARNED_THREAT_LIST(LEARNED_THREAT){VALUES_HAND, 0, 0, 0}};
#undef LEARNED_THREAT

static void build_threat_table(int32_t table[CT_COUNT][THREAT_MASKS])
{
    for (int ct = 0; ct < CT_COUNT; ct++)
        for (int mask = 0; mask < THREAT_MASKS; mask++)
            table[ct][mask] = 0;
    for (const LearnedThreat *l = LEARNED_THREATS; l->set != VALUES_HAND; l++)
        if (l->mask < THREAT_MASKS)
            table[CELL_TABLE_ID(l->set, l->renju_black)][l->mask] = l->value;
}

/* The learned value of a combination, or -1 (the set is not learned, or never saw it). */
static int learned_value(ValueSet set, bool renju_black, uint32_t combination)
{
    for (const LearnedCell *c = LEARNED_CELLS; c->set != VALUES_HAND; c++)
        if (c->set == set && c->renju_black == renju_black && c->combination == combination)
            return c->value;
    return -1;
}

static int32_t set_tempo(ValueSet set)
{
    int32_t learned = LEARNED_TEMPI[set];
    return learned ? learned - 1 : (int32_t)pattern_values(set).tempo * VALUE_SCALE;
}

/* `learned` >= 0 replaces the value (forbidden cells stay worth nothing). */
static uint16_t cell_entry(uint32_t cell_key, const PatternValues *v, bool renju_black,
                           int learned)
{
    LineCounts c = count_lines(cell_key);
    CellClass cls = cell_class(&c, renju_black);
    int value = (int)pattern_cell_value(cell_key, v, renju_black) * VALUE_SCALE;
    bool forbidden = cls == CELL_FORBIDDEN || cls == CELL_FORBIDDEN33;
    if (learned >= 0 && !forbidden)
        value = learned;
    uint16_t three = c.n[PAT_F3] && !forbidden ? CELL_THREE_FLAG : 0;
    return CELL_ENTRY(cls, value < CELL_VALUE_MAX ? value : CELL_VALUE_MAX) | three;
}

uint16_t pattern_cell_entry(uint32_t cell_key, ValueSet set, bool renju_black)
{
    PatternValues v = pattern_values(set);
    return cell_entry(cell_key, &v, renju_black,
                      learned_value(set, renju_black, pattern_combination(cell_key)));
}

/* `learned` is scratch for CELL_KEYS ints: each combination's learned value, looked up once. */
static void build_cell_table(uint16_t *table, ValueSet set, bool renju_black, int *learned)
{
    PatternValues v = pattern_values(set);
    for (uint32_t key = 0; key < CELL_KEYS; key++)
        learned[key] = -2;
    for (uint32_t key = 0; key < CELL_KEYS; key++) {
        uint32_t combination = pattern_combination(key);
        if (learned[combination] == -2)
            learned[combination] = learned_value(set, renju_black, combination);
        table[key] = cell_entry(key, &v, renju_black, learned[combination]);
    }
}

/* ---- the learned policy -------------------------------------------------------------------- */

typedef struct LearnedPriority {
    uint8_t set, side, renju_black;
    uint16_t combination;
    int32_t priority;
} LearnedPriority;
#define LEARNED_PRIORITY(set, side, renju_black, combination, priority) \
    {set, side, renju_black, combination, priority},
static const LearnedPriority LEARNED_PRIORITIES[] = {
    LEARNED_POLICY_LIST(LEARNED_PRIORITY){VALUES_HAND, 0, 0, 0, 0}};
#undef LEARNED_PRIORITY

typedef struct LearnedNear {
    uint8_t set, back, bucket;
    int32_t priority;
} LearnedNear;
#define LEARNED_NEAR(set, back, bucket, priority) {set, back, bucket, priority},
static const LearnedNear LEARNED_NEARS[] = {
    LEARNED_POLICY_NEAR_LIST(LEARNED_NEAR){VALUES_HAND, 0, 0, 0}};
#undef LEARNED_NEAR

typedef struct LearnedForm {
    uint8_t set, side;
    uint16_t form;
    int32_t priority;
} LearnedForm;
#define LEARNED_FORM(set, side, form, priority) {set, side, form, priority},
static const LearnedForm LEARNED_FORMS[] = {
    LEARNED_POLICY_FORM_LIST(LEARNED_FORM){VALUES_HAND, 0, 0, 0}};
#undef LEARNED_FORM

/* Dense indices of the combinations, in the order of their first key. Returns how many. */
static int build_combination_index(uint16_t *index, uint32_t *combination_of)
{
    int n = 0;
    for (uint32_t key = 0; key < CELL_KEYS; key++)
        index[key] = UINT16_MAX;
    for (uint32_t key = 0; key < CELL_KEYS; key++) {
        uint32_t c = pattern_combination(key);
        if (index[c] == UINT16_MAX) {
            if (n < PATTERN_COMBINATIONS) combination_of[n] = c;
            index[c] = (uint16_t)n++;
        }
        index[key] = index[c];
    }
    return n;
}

/* A learned set's priorities: its prior's policy (policy.h's parts of the prior set's entries),
 * where the learned list has no number. */
static void build_policy(int32_t table[2][PATTERN_COMBINATIONS], ValueSet set, bool renju_black,
                         const uint32_t *combination_of, const uint16_t *index)
{
    for (int i = 0; i < PATTERN_COMBINATIONS; i++) {
        uint16_t entry = pattern_cell_entry(combination_of[i], value_set_prior(set), renju_black);
        table[POLICY_OWN][i] = policy_own_part(entry);
        table[POLICY_OPP][i] = policy_opp_part(entry);
    }
    for (const LearnedPriority *p = LEARNED_PRIORITIES; p->set != VALUES_HAND; p++)
        if (p->set == set && p->renju_black == renju_black)
            table[p->side][index[p->combination]] = p->priority;
}

/* The learned sets' locality parts: the learned list's numbers, 0 elsewhere. */
static void build_policy_near(int32_t near[][POLICY_NEAR_MOVES * POLICY_NEAR_BUCKETS])
{
    memset(near, 0, LEARNED_SET_COUNT * sizeof *near);
    for (const LearnedNear *p = LEARNED_NEARS; p->set != VALUES_HAND; p++)
        near[p->set - VALUES_LEARNED_FIRST][p->back * POLICY_NEAR_BUCKETS + p->bucket] =
            p->priority;
}

/* The learned sets' shape parts: the learned list's numbers (each for a form and its mirror
 * image: the list names one of the two), 0 elsewhere. */
static void build_policy_form(int32_t form[][POLICY_FORM_PARTS][LINE_FORMS],
                              const uint16_t *mirror)
{
    memset(form, 0, LEARNED_SET_COUNT * sizeof *form);
    for (const LearnedForm *p = LEARNED_FORMS; p->set != VALUES_HAND; p++) {
        int32_t *part = form[p->set - VALUES_LEARNED_FIRST][p->side];
        part[p->form] = part[mirror[p->form]] = p->priority;
    }
}

/* ---- the whole set ------------------------------------------------------------------------- */

PatternTables *pattern_tables_create(void)
{
    PatternTables *t = malloc(sizeof *t);
    int *learned = malloc(CELL_KEYS * sizeof *learned);
    bool ok = t && learned && build_line_forms(&t->line_forms);
    if (ok) {
        for (int i = 0; i < LT_COUNT; i++)
            build_line_table(t->line[i], &t->line_forms, &LINE_RULES[i]);
        build_form_mirror(t->form_mirror, &t->line_forms);
        for (int set = 0; set < VALUE_SET_COUNT; set++) {
            for (int renju_black = 0; renju_black < 2; renju_black++)
                build_cell_table(t->cell[CELL_TABLE_ID(set, renju_black)], (ValueSet)set,
                                 renju_black, learned);
            t->tempo[set] = set_tempo((ValueSet)set);
        }
        build_threat_table(t->threat);
        uint32_t combination_of[PATTERN_COMBINATIONS];
        ok = build_combination_index(t->combination_index, combination_of)
          == PATTERN_COMBINATIONS;
        for (int set = VALUES_LEARNED_FIRST; ok && set < VALUE_SET_COUNT; set++)
            for (int renju_black = 0; renju_black < 2; renju_black++)
                build_policy(t->policy[set - VALUES_LEARNED_FIRST][renju_black], (ValueSet)set,
                             renju_black, combination_of, t->combination_index);
        build_policy_near(t->policy_near);
        build_policy_form(t->policy_form, t->form_mirror);
    }
    if (!ok) {
        free(t);
        t = NULL;
    }
    free(learned);
    return t;
}

void pattern_tables_destroy(PatternTables *t)
{
    free(t);
}
