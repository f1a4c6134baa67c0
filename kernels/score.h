/* The static evaluation: THE one scoring source, compiled for the host (eval_cpu.c) and, under
 * nvcc, for the device. Plain C, no libc, no globals: everything it reads comes through the
 * PatternTables and the EvalPosition it is given.
 *
 * Outline of score_position():
 *  1. One pass over the board packs every line (rows, columns, both diagonals) into a 64-bit
 *     code, 2 bits per cell (EMPTY 0, BLACK 1, WHITE 2, BLOCKER 3), with 5 edge cells (3) of
 *     padding before and after. White's view is the same code with 1 and 2 swapped, so the
 *     20-bit pattern key of any cell is two shifts and two masks away.
 *  2. Every empty cell within 5 cells of a stone along a line of 5+ cells gets that line's
 *     class for both colours (a window without stones can only make F1/B1/NONE, worth 0, so
 *     the others are skipped). The four classes of a cell form its cell key, looked up once per
 *     colour into a cell entry.
 * Speed: the inner loops are kept free of data-dependent branches (a misprediction costs more
 * than a lookup that turns out useless): about 450k scores/s on one core of the 2-core dev box
 * for 15x15 positions of 40 stones, -O2.
 *  3. The special conditions decide the position when they can (see score_decide); otherwise
 *     the score is the side to move's weighted sum of cell values minus the opponent's. */
#ifndef GAMOK_SCORE_H
#define GAMOK_SCORE_H

#include <stdint.h>

#include "kernels/evaluator.h"
#include "kernels/patterns.h"
#include "kernels/values.h"

#ifdef __CUDACC__
#define GAMOK_HD __host__ __device__ static inline
#else
#define GAMOK_HD static inline
#endif

/* Decided scores, from the side to move's point of view; the offsets count plies to the end. */
#define SCORE_FINISHED (-SCORE_WIN)        /* the side that just moved has a five on board */
#define SCORE_WIN_NOW (SCORE_WIN - 1)      /* a five to play */
#define SCORE_LOST_NEXT (-(SCORE_WIN - 2)) /* the opponent has two fives to play, or renju
                                              black cannot block the only one */
#define SCORE_WIN_FLEX4 (SCORE_WIN - 3)    /* an open four or a double four to play */
/* The opponent has three or more open-four cells and I cannot four: two open threes, usually
 * lost, but not decided: a single line can hold three such cells (OOO..O), and two threes can
 * share a defence cell. So the static value's floor, never a proof. */
#define SCORE_LOST_THREES (-SCORE_STATIC_MAX)
#define SCORE_WIN_THREAT (SCORE_WIN - 5)   /* a 4-3 or 3-3 the opponent cannot meet with a four */
#define SCORE_STATIC_MAX (SCORE_WIN_MIN - 1)

enum { SCORE_PAD = 5 };
#define SCORE_EVEN_BITS 0x5555555555555555ull

GAMOK_HD int score_ctz64(uint64_t x)
{
#ifdef __CUDA_ARCH__
    return __ffsll((long long)x) - 1;
#else
    return __builtin_ctzll(x);
#endif
}

GAMOK_HD int score_line_table_id(int rule, int color)
{
    if (rule == RULE_EXACT5)
        return LT_EXACT5;
    if (rule == RULE_CARO)
        return LT_CARO;
    if (rule == RULE_RENJU)
        return color == BLACK ? LT_RENJU_BLACK : LT_RENJU_WHITE;
    return LT_FREESTYLE;
}

/* The learned set (values.h) trained for a rule and board size, or -1 (caro; standard and renju
 * above 15x15). The one owner of the grouping: the trainer sorts the corpus's games by it. */
GAMOK_HD int score_learned_set(int rule, int size)
{
    if (rule == RULE_FREESTYLE)
        return size > 15 ? VALUES_LEARNED_FREESTYLE20 : VALUES_LEARNED_FREESTYLE15;
    if (size > 15)
        return -1;
    return rule == RULE_EXACT5 ? VALUES_LEARNED_STANDARD15
         : rule == RULE_RENJU  ? VALUES_LEARNED_RENJU15 : -1;
}

/* Whether a mask of learned sets (bit per set, from VALUES_LEARNED_FIRST) names `set`. */
GAMOK_HD bool score_mask_names(unsigned mask, int set)
{
    return set >= VALUES_LEARNED_FIRST && ((mask >> (set - VALUES_LEARNED_FIRST)) & 1);
}

/* Which learned sets play (bit per set, from VALUES_LEARNED_FIRST): those that measured
 * stronger than the set before them (docs/strength.md, "Evaluation numbers"): freestyle 15x15,
 * standard and renju (learned from Rapfi's games against itself: +80 +- 62 and +92 +- 63 Elo at
 * 1 s against the hand-set numbers, two fresh seeds). Not freestyle 20x20 (with its threat term
 * +44 +- 43 Elo in self-play against the fitted numbers on the 3-stone openings, but level on
 * balanced ones, 50.4% over 256 games; the same against AIWine and three fewer proofs on the depth
 * bench's 20x20 positions). A build may say otherwise
 * (-DGAMOK_LEARNED_MASK=...). */
#ifndef GAMOK_LEARNED_MASK
#define GAMOK_LEARNED_MASK ((1 << (VALUES_LEARNED_FREESTYLE15 - VALUES_LEARNED_FIRST)) \
                            | (1 << (VALUES_LEARNED_STANDARD15 - VALUES_LEARNED_FIRST)) \
                            | (1 << (VALUES_LEARNED_RENJU15 - VALUES_LEARNED_FIRST)))
#endif

/* Which learned move policies play (bit per set, as above; kernels/policy.h): freestyle 20x20,
 * with the fitted values there: at 1 s against the hand-set policy, +55 +- 62 Elo, then on a
 * second balanced opening set and a fresh seed +55 +- 62 (128 games each). Freestyle 15x15,
 * since its policy learns Rapfi's moves (corpus/labels/): +95 +- 61 Elo, then on the other
 * judged opening set +35 +- 59 (128 games each); learning the winners' moves it had measured
 * nothing there (docs/strength.md). */
#ifndef GAMOK_LEARNED_POLICY_MASK
#define GAMOK_LEARNED_POLICY_MASK ((1 << (VALUES_LEARNED_FREESTYLE15 - VALUES_LEARNED_FIRST)) \
                                   | (1 << (VALUES_LEARNED_FREESTYLE20 - VALUES_LEARNED_FIRST)))
#endif

/* The learned set whose move policy a game is played with, or -1: the hand-set policy. */
GAMOK_HD int score_policy_set(int rule, int size)
{
    int learned = score_learned_set(rule, size);
    return score_mask_names(GAMOK_LEARNED_POLICY_MASK, learned) ? learned : -1;
}

/* Which learned move policies add their locality part (bit per set, as above; kernels/policy.h):
 * freestyle 15x15, +83 +- 60 Elo at 1 s against the policy without it, then on the other judged
 * opening set +16 +- 59 (256 games: +49 +- 43). Not measured elsewhere. */
#ifndef GAMOK_POLICY_NEAR_MASK
#define GAMOK_POLICY_NEAR_MASK (1 << (VALUES_LEARNED_FREESTYLE15 - VALUES_LEARNED_FIRST))
#endif

/* Which learned move policies add their shape part (bit per set, as above; kernels/policy.h):
 * none. On freestyle 15x15 (a build and `make train` with -DGAMOK_POLICY_FORM_MASK=1) it lifts
 * the held-out top-1 recall of Rapfi's move from 37.8% to 40.0% (a number per form and mirror
 * image, 4,543 in all) and proves the known wins in 4% fewer nodes, but plays level: +3, +11
 * and -5 Elo at 1 s against the policy without it, 128 games each (about +3 +- 34 over 384),
 * and against Rapfi classical 12.1% where the policy without it scored 12.5% on the same
 * openings (results/2026-12-02-policy-forms.txt, results/2026-12-03-policy-form-mirror.txt). */
#ifndef GAMOK_POLICY_FORM_MASK
#define GAMOK_POLICY_FORM_MASK 0
#endif

/* Whether a learned set's policy has a shape part (the trainer fits one only there). */
GAMOK_HD bool score_policy_form_plays(int set)
{
    return score_mask_names(GAMOK_POLICY_FORM_MASK, set);
}

/* The learned set whose shape part a game's policy adds, or -1: none. */
GAMOK_HD int score_policy_form_set(int rule, int size)
{
    int policy = score_policy_set(rule, size);
    return policy >= 0 && score_policy_form_plays(policy) ? policy : -1;
}

/* Whether a learned set's policy has a locality part (the trainer fits one only there). */
GAMOK_HD bool score_policy_near_plays(int set)
{
    return score_mask_names(GAMOK_POLICY_NEAR_MASK, set);
}

/* The learned set whose locality part a game's policy adds, or -1: none. */
GAMOK_HD int score_policy_near_set(int rule, int size)
{
    int policy = score_policy_set(rule, size);
    return policy >= 0 && score_policy_near_plays(policy) ? policy : -1;
}

/* Which of values.h's sets a game is scored with: a learned set where it plays (above), else
 * the one that measured stronger there (values.h says how): the fitted numbers on boards above
 * 15x15 and in standard (exactly five), the hand-set ones on freestyle 15x15. Renju and caro
 * were not measured with the fitted numbers, so on 15x15 they keep the numbers they were
 * measured with. */
GAMOK_HD int score_value_set(int rule, int size)
{
    int learned = score_learned_set(rule, size);
    if (score_mask_names(GAMOK_LEARNED_MASK, learned))
        return learned;
    return size > 15 || rule == RULE_EXACT5 ? VALUES_FITTED : VALUES_HAND;
}

GAMOK_HD int score_cell_table_id(int rule, int size, int color)
{
    return CELL_TABLE_ID(score_value_set(rule, size), rule == RULE_RENJU && color == BLACK);
}

GAMOK_HD int32_t score_tempo(const PatternTables *t, int rule, int size)
{
    return t->tempo[score_value_set(rule, size)];
}

/* ---- line codes ---------------------------------------------------------------------------- */

#define SCORE_DIAGS (2 * BOARD_MAX - 1)

/* Every line of the board as a code: rows by y, columns by x, diagonals (1,1) by x - y + n - 1,
 * anti-diagonals (1,-1) by x + y. Cell t of a line sits at bits 2 (t + SCORE_PAD). */
typedef struct ScoreLines {
    uint64_t row[BOARD_MAX], col[BOARD_MAX], diag[SCORE_DIAGS], anti[SCORE_DIAGS];
} ScoreLines;

/* An empty line of `len` cells: only its edge padding is set. */
GAMOK_HD uint64_t score_empty_line(int len)
{
    return ((1ull << (2 * SCORE_PAD)) - 1) | (~0ull << (2 * (len + SCORE_PAD))); /* len <= 22 */
}

GAMOK_HD int score_min(int a, int b) { return a < b ? a : b; }
GAMOK_HD int score_max(int a, int b) { return a > b ? a : b; }

/* Length of diagonal or anti-diagonal number i (0..2n-2) of an n-board. */
GAMOK_HD int score_diag_len(int n, int i) { return score_min(i, 2 * n - 2 - i) + 1; }

/* One pass over the board: only stones (and blockers) write anything. */
GAMOK_HD void score_lines_build(ScoreLines *l, const EvalPosition *p)
{
    const int n = p->size;
    for (int i = 0; i < n; i++)
        l->row[i] = l->col[i] = score_empty_line(n);
    for (int i = 0; i < 2 * n - 1; i++)
        l->diag[i] = l->anti[i] = score_empty_line(score_diag_len(n, i));
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            uint64_t v = p->cell[y * BOARD_STRIDE + x] & 3; /* no branch: stones are scattered */
            l->row[y] |= v << (2 * (x + SCORE_PAD));
            l->col[x] |= v << (2 * (y + SCORE_PAD));
            l->diag[x - y + n - 1] |= v << (2 * (score_min(x, y) + SCORE_PAD));
            l->anti[x + y] |= v << (2 * (x - score_max(0, x + y - n + 1) + SCORE_PAD));
        }
}

/* The pattern key of the cell whose 2 bits sit at `bit` (its window starts 10 bits lower). */
GAMOK_HD uint32_t score_window_key(uint64_t code, int bit)
{
    uint64_t w = code >> (bit - 2 * SCORE_PAD);
    return (uint32_t)((w & 0x3FFu) | ((w >> 2) & 0xFFC00u));
}

/* Where a line table holds the class of `key` (patterns.h: LineForms). */
GAMOK_HD uint32_t score_line_form(const LineForms *f, uint32_t key)
{
    return f->left[key & ((1u << LINE_HALF_BITS) - 1)] + f->right[key >> LINE_HALF_BITS];
}

/* The class line table `table` gives the cell whose 2 bits sit at `bit` of `view`. */
GAMOK_HD int score_window_class(const LineForms *f, const uint8_t *table, uint64_t view, int bit)
{
    return table[score_line_form(f, score_window_key(view, bit))];
}

/* Marks every cell within 5 cells of a marked cell (masks hold one bit per cell, even bits). */
GAMOK_HD uint64_t score_near(uint64_t m)
{
    uint64_t a = m | (m << 2) | (m >> 2); /* +-1 */
    uint64_t b = a | (a << 4) | (a >> 4); /* +-3 */
    return b | (b << 4) | (b >> 4);       /* +-5 */
}

/* ---- the scan ------------------------------------------------------------------------------ */

/* Per empty cell: black's four line classes in bits 0-15, white's in bits 16-31. */
typedef struct ScoreScratch {
    uint32_t cell_key[BOARD_CELLS];
    ScoreLines lines;
} ScoreScratch;

typedef struct ScoreScan {
    const LineForms *forms;
    const uint8_t *line_table[2]; /* [colour - 1] */
    const uint8_t *mover_table;   /* the line table of the side that just moved */
    int mover;                    /* that side's colour */
    int finished;                 /* it has a five on the board */
} ScoreScan;

/* True when some run of 5+ `own` stones in this line is a winning five under `table` (the
 * line table of their colour; `view` is the line code as that colour sees it). */
GAMOK_HD int score_line_five(const LineForms *f, const uint8_t *table, uint64_t view,
                             uint64_t own)
{
    uint64_t runs = own & (own >> 2) & (own >> 4) & (own >> 6) & (own >> 8);
    while (runs) {
        int bit = score_ctz64(runs);
        runs &= runs - 1;
        if (score_window_class(f, table, view, bit) == PAT_FIVE)
            return 1;
    }
    return 0;
}

GAMOK_HD int score_line_has_five(const ScoreScan *s, uint64_t view, uint64_t own)
{
    return score_line_five(s->forms, s->mover_table, view, own);
}

/* A line code split into one-bit-per-cell masks (even bits), and white's view of it. */
typedef struct ScoreLineParts {
    uint64_t black, white, empty;
    uint64_t swapped; /* white's view: own stones read as 1 */
} ScoreLineParts;

/* A line code (or a window key) as white sees it: 1 and 2 swapped (the pairs whose two bits
 * differ), empty and edge kept. */
GAMOK_HD uint64_t score_white_view(uint64_t code)
{
    return code ^ (((code ^ (code >> 1)) & SCORE_EVEN_BITS) * 3);
}

GAMOK_HD ScoreLineParts score_line_parts(uint64_t code)
{
    ScoreLineParts l;
    uint64_t lo = code & SCORE_EVEN_BITS, hi = (code >> 1) & SCORE_EVEN_BITS;
    l.black = lo & ~hi;
    l.white = hi & ~lo;
    l.empty = ~(lo | hi) & SCORE_EVEN_BITS;
    l.swapped = score_white_view(code);
    return l;
}

GAMOK_HD void score_line(ScoreScan *s, ScoreScratch *x, uint64_t code, int start, int step,
                         int dir)
{
    ScoreLineParts l = score_line_parts(code);
    uint64_t black = l.black, white = l.white, empty = l.empty, swapped = l.swapped;
    if (!s->finished)
        s->finished = s->mover == BLACK ? score_line_has_five(s, code, black)
                                        : score_line_has_five(s, swapped, white);
    uint64_t todo = score_near(black | white) & empty;
    while (todo) {
        int bit = score_ctz64(todo);
        todo &= todo - 1;
        uint32_t key = (uint32_t)score_window_class(s->forms, s->line_table[0], code, bit);
        key |= (uint32_t)score_window_class(s->forms, s->line_table[1], swapped, bit) << 16;
        x->cell_key[start + (bit / 2 - SCORE_PAD) * step] |= key << (4 * dir);
    }
}

/* Visits every line of 5+ cells; directions as brain/board.h: (1,0) (0,1) (1,1) (1,-1). */
GAMOK_HD void score_scan(ScoreScan *s, ScoreScratch *x, const EvalPosition *p)
{
    const int n = p->size, S = BOARD_STRIDE;
    for (int y = 0; y < n; y++)
        for (int c = 0; c < n; c++)
            x->cell_key[y * S + c] = 0;
    score_lines_build(&x->lines, p);
    for (int i = 0; i < n; i++) {
        score_line(s, x, x->lines.row[i], i * S, 1, 0);
        score_line(s, x, x->lines.col[i], i, S, 1);
    }
    for (int i = 4; i <= 2 * n - 6; i++) { /* the diagonals of 5+ cells */
        int k = i - (n - 1); /* diagonal i holds the cells with x - y == k */
        score_line(s, x, x->lines.diag[i], k >= 0 ? k : -k * S, S + 1, 2);
        score_line(s, x, x->lines.anti[i], score_min(i, n - 1) * S + score_max(0, i - n + 1),
                   1 - S, 3);
    }
}

GAMOK_HD void score_scan_init(ScoreScan *s, const PatternTables *t, const EvalPosition *p)
{
    s->forms = &t->line_forms;
    s->line_table[0] = t->line[score_line_table_id(p->rule, BLACK)];
    s->line_table[1] = t->line[score_line_table_id(p->rule, WHITE)];
    s->mover = 3 - p->to_move; /* opponent_of() is host-only */
    s->mover_table = s->line_table[s->mover - 1];
    s->finished = 0;
}

/* ---- cell totals --------------------------------------------------------------------------- */

typedef struct ScoreSide {
    int32_t sum;       /* sum of cell values */
    uint32_t classes;  /* bit per CellClass present, and SCORE_THREE_BIT */
    int fives;         /* cells that win at once */
    int flex4s;        /* cells that make an open four or a double four */
    int five_cell;     /* one of them */
    int five_value;    /* its value */
} ScoreSide;

/* In ScoreSide.classes beside the CellClass bits: some cell makes an open three. */
#define SCORE_THREE_BIT CELL_CLASS_COUNT

GAMOK_HD void score_tally(ScoreSide *side, uint16_t entry, int cell)
{
    int cls = CELL_ENTRY_CLASS(entry);
    side->sum += CELL_ENTRY_VALUE(entry);
    side->classes |= 1u << cls | (uint32_t)CELL_ENTRY_THREE(entry) << SCORE_THREE_BIT;
    side->flex4s += cls == CELL_FLEX4;
    if (cls == CELL_FIVE) {
        side->fives++;
        side->five_cell = cell;
        side->five_value = CELL_ENTRY_VALUE(entry);
    }
}

/* side[0] black, side[1] white. */
GAMOK_HD void score_totals(const PatternTables *t, const EvalPosition *p, const ScoreScratch *x,
                           ScoreSide side[2])
{
    const uint16_t *cb = t->cell[score_cell_table_id(p->rule, p->size, BLACK)];
    const uint16_t *cw = t->cell[score_cell_table_id(p->rule, p->size, WHITE)];
    for (int c = 0; c < 2; c++) {
        side[c].sum = 0;
        side[c].classes = 0;
        side[c].fives = 0;
        side[c].flex4s = 0;
        side[c].five_cell = -1;
        side[c].five_value = 0;
    }
    for (int y = 0; y < p->size; y++)
        for (int i = y * BOARD_STRIDE, end = i + p->size; i < end; i++) {
            uint32_t k = x->cell_key[i]; /* stones read 0: a PLAIN entry worth nothing */
            score_tally(&side[0], cb[k & 0xFFFFu], i);
            score_tally(&side[1], cw[k >> 16], i);
        }
}

/* ---- decision ------------------------------------------------------------------------------ */

#define SCORE_HAS(side, cls) (((side)->classes >> (cls)) & 1u)

GAMOK_HD int32_t score_clamp(int32_t v)
{
    return v > SCORE_STATIC_MAX ? SCORE_STATIC_MAX : v < -SCORE_STATIC_MAX ? -SCORE_STATIC_MAX : v;
}

GAMOK_HD int32_t score_static(int32_t mine, int32_t theirs, int32_t tempo)
{
    return score_clamp(mine - theirs + tempo);
}

/* Which threats each side holds, as an index of the threat term (patterns.h: THREAT_MASKS),
 * seen by the side to move (me) where nothing decided the position: the opponent's five to
 * block, open-four cells (a three I must answer), 4-3, 3-3, four and open-three cells; then my
 * 4-3, 3-3, four and open-three cells (my open fours and fives decide, so never show here). */
GAMOK_HD int score_threat_mask(const ScoreSide *me, const ScoreSide *opp)
{
    return (opp->fives == 1)
         | (int)SCORE_HAS(opp, CELL_FLEX4) << 1 | (int)SCORE_HAS(opp, CELL_43) << 2
         | (int)SCORE_HAS(opp, CELL_33) << 3 | (int)SCORE_HAS(opp, CELL_B4) << 4
         | (int)SCORE_HAS(opp, SCORE_THREE_BIT) << 5
         | (int)SCORE_HAS(me, CELL_43) << 6 | (int)SCORE_HAS(me, CELL_33) << 7
         | (int)SCORE_HAS(me, CELL_B4) << 8 | (int)SCORE_HAS(me, SCORE_THREE_BIT) << 9;
}

/* The special conditions, in order (me = side to move):
 *  - I have a five to play: I win now.
 *  - The opponent has two or more fives to play: I can block one only.
 *  - The opponent has exactly one: my move is forced. If I am renju black and that cell is
 *    forbidden for me (overline / double four), I lose. If blocking there makes my open four or
 *    double four, I win (the opponent has no other five to play). Otherwise nothing is decided
 *    and the static sum counts the cell for me (I fill it) but no longer for the opponent.
 *  - I have an open four or a double four to play: I win (the opponent has no five to play).
 *  - I have a 4-3 or a 3-3 and the opponent cannot make any four: the four (or one three) must
 *    be answered, and the remaining three becomes an open four. I win.
 *  - The mirror image, seen one move later: I cannot make any four and the opponent has three or
 *    more open-four cells (two open threes, or a three and a double-four point): usually one move
 *    stops one threat and the other becomes an open four. Scored as the lowest static value, not
 *    as a loss: three such cells can lie on one line (OOO..O: one block stops it) and two threes
 *    can share a defence cell, so it is no proof (tests/test_proofs.c found the tree claiming
 *    wins on it). Without it the tree would count a double three as a win when it is still to be
 *    played and as nothing once it is on the board, and the choice would flip with the parity of
 *    the depth.
 *  - Otherwise: the static sums, plus `tempo` for the side to move and the threat term
 *    (`threat`: the side to move's table, indexed by score_threat_mask). */
GAMOK_HD int32_t score_decide(const ScoreSide *me, const ScoreSide *opp, uint16_t my_entry_at_block,
                              int32_t tempo, const int32_t *threat)
{
    if (me->fives)
        return SCORE_WIN_NOW;
    if (opp->fives >= 2)
        return SCORE_LOST_NEXT;
    if (opp->fives == 1) {
        int block = CELL_ENTRY_CLASS(my_entry_at_block);
        if (block == CELL_FORBIDDEN)
            return SCORE_LOST_NEXT;
        if (block == CELL_FLEX4)
            return SCORE_WIN_FLEX4;
        return score_static(me->sum, opp->sum - opp->five_value,
                            tempo + threat[score_threat_mask(me, opp)]);
    }
    if (SCORE_HAS(me, CELL_FLEX4))
        return SCORE_WIN_FLEX4;
    int opp_can_four =
        SCORE_HAS(opp, CELL_FLEX4) || SCORE_HAS(opp, CELL_43) || SCORE_HAS(opp, CELL_B4);
    if (!opp_can_four && (SCORE_HAS(me, CELL_43) || SCORE_HAS(me, CELL_33)))
        return SCORE_WIN_THREAT;
    int me_can_four = SCORE_HAS(me, CELL_43) || SCORE_HAS(me, CELL_B4);
    if (!me_can_four && opp->flex4s >= 3)
        return SCORE_LOST_THREES;
    return score_static(me->sum, opp->sum, tempo + threat[score_threat_mask(me, opp)]);
}

/* The score of `p` from the side to move's point of view. `x` is caller-provided scratch. */
GAMOK_HD int32_t score_position_with(const PatternTables *t, const EvalPosition *p, ScoreScratch *x)
{
    ScoreScan scan;
    ScoreSide side[2];
    score_scan_init(&scan, t, p);
    score_scan(&scan, x, p);
    if (scan.finished)
        return SCORE_FINISHED;
    score_totals(t, p, x, side);
    const ScoreSide *me = &side[p->to_move - 1], *opp = &side[2 - p->to_move];
    uint16_t block = 0;
    if (opp->fives == 1) {
        uint32_t k = x->cell_key[opp->five_cell];
        k = p->to_move == BLACK ? (k & 0xFFFFu) : (k >> 16);
        block = t->cell[score_cell_table_id(p->rule, p->size, p->to_move)][k];
    }
    return score_decide(me, opp, block, score_tempo(t, p->rule, p->size),
                        t->threat[score_cell_table_id(p->rule, p->size, p->to_move)]);
}

GAMOK_HD int32_t score_position(const PatternTables *t, const EvalPosition *p)
{
    ScoreScratch x;
    return score_position_with(t, p, &x);
}

#endif
