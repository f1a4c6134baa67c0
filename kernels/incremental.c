#include "kernels/incremental.h"

#include <string.h>

/* Where a cell lies on its line of direction d (numbering and bit layout of score.h's
 * score_lines_build), and the first cell and step of each line (as score_scan walks them). */
typedef struct LineSpot {
    int index, pos; /* line number, cell number along it */
} LineSpot;

static LineSpot line_spot(int n, int d, int x, int y)
{
    switch (d) {
    case 0: return (LineSpot){y, x};
    case 1: return (LineSpot){x, y};
    case 2: return (LineSpot){x - y + n - 1, score_min(x, y)};
    default: return (LineSpot){x + y, x - score_max(0, x + y - n + 1)};
    }
}

static int line_len(int n, int d, int index)
{
    return d < 2 ? n : score_diag_len(n, index);
}

static int line_start(int n, int d, int i)
{
    const int S = BOARD_STRIDE;
    switch (d) {
    case 0: return i * S;
    case 1: return i;
    case 2: return i >= n - 1 ? i - (n - 1) : (n - 1 - i) * S;
    default: return score_min(i, n - 1) * S + score_max(0, i - n + 1);
    }
}

_Static_assert(PAT_B4 == 7 && PAT_COUNT <= 15, "inc_key_may_four's nibble arithmetic");

static const int LINE_STEP[4] = {1, BOARD_STRIDE, BOARD_STRIDE + 1, 1 - BOARD_STRIDE};

static void four_bit(IncCellSet *set, int cell, uint16_t entry)
{
    uint64_t bit = 1ull << (cell & 63);
    if (inc_class_makes_four(CELL_ENTRY_CLASS(entry)))
        set->bits[cell >> 6] |= bit;
    else
        set->bits[cell >> 6] &= ~bit;
}

int inc_four_cells(const IncState *st, int color, uint16_t *out, int max)
{
    int n = 0;
    const uint64_t *bits = st->fours[color - 1].bits;
    for (int w = 0; w < INC_CELL_WORDS; w++)
        for (uint64_t m = bits[w]; m && n < max; m &= m - 1)
            out[n++] = (uint16_t)(64 * w + score_ctz64(m));
    return n;
}

static void side_add(IncSide *side, uint16_t entry, int cell, int sign)
{
    int cls = CELL_ENTRY_CLASS(entry);
    side->sum += sign * CELL_ENTRY_VALUE(entry);
    side->count[cls] += sign;
    side->threes += sign * CELL_ENTRY_THREE(entry);
    if (cls == CELL_FIVE)
        side->five_xor ^= cell;
}

/* side_add of `was` taken away and `now` added, in one step (the update on every key change). */
static void side_swap(IncSide *side, uint16_t was, uint16_t now, int cell)
{
    int from = CELL_ENTRY_CLASS(was), to = CELL_ENTRY_CLASS(now);
    side->sum += CELL_ENTRY_VALUE(now) - CELL_ENTRY_VALUE(was);
    side->threes += CELL_ENTRY_THREE(now) - CELL_ENTRY_THREE(was);
    side->count[from]--;
    side->count[to]++;
    if ((from == CELL_FIVE) != (to == CELL_FIVE))
        side->five_xor ^= cell;
}

/* The put being recorded (NULL when none): its cells' keys and entries before they change. */
static void record_key(IncUndo *u, const IncState *st, int cell)
{
    int i = u->n++;
    u->cells[i] = (uint16_t)cell;
    u->key[i] = st->cell_key[cell];
    u->entry[0][i] = st->entry[0][cell];
    u->entry[1][i] = st->entry[1][cell];
}

static void set_key(IncState *st, IncUndo *u, int cell, uint32_t key)
{
    if (u && cell != u->cell) /* the stone's own cell is recorded once, up front */
        record_key(u, st, cell);
    st->cell_key[cell] = key;
    for (int c = 0; c < 2; c++) {
        uint16_t e = st->cell_table[c][(key >> (16 * c)) & 0xFFFFu];
        uint16_t was = st->entry[c][cell];
        if (e == was)
            continue;
        side_swap(&st->side[c], was, e, cell);
        st->entry[c][cell] = e;
        four_bit(&st->fours[c], cell, e);
    }
}

/* Recomputes what line (d, index) gives the cells within 5 of `pos`, and its fives. */
static void refresh_line(IncState *st, IncUndo *u, int d, int index, int pos)
{
    const int n = st->size, len = line_len(n, d, index);
    if (len < 5)
        return; /* score_scan skips it: its cells' classes stay 0 */
    uint64_t code = st->line[d][index];
    ScoreLineParts l = score_line_parts(code);
    int fives = score_line_five(st->forms, st->line_table[0], code, l.black)
              | score_line_five(st->forms, st->line_table[1], l.swapped, l.white) << 1;
    int old = st->line_fives[d][index];
    st->fives_on_board[0] += (fives & 1) - (old & 1);
    st->fives_on_board[1] += (fives >> 1) - (old >> 1);
    st->line_fives[d][index] = (uint8_t)fives;
    uint64_t todo = score_near(l.black | l.white) & l.empty;
    int start = line_start(n, d, index), step = LINE_STEP[d];
    uint32_t clear = ~((0xFu << (4 * d)) | (0xFu << (16 + 4 * d)));
    for (int t = score_max(0, pos - 5), end = score_min(len - 1, pos + 5); t <= end; t++) {
        int bit = 2 * (t + SCORE_PAD), cell = start + t * step;
        uint32_t cls = 0;
        if ((todo >> bit) & 1) {
            cls = (uint32_t)score_window_class(st->forms, st->line_table[0], code, bit);
            cls |= (uint32_t)score_window_class(st->forms, st->line_table[1], l.swapped, bit)
                 << 16;
        }
        uint32_t key = (st->cell_key[cell] & clear) | cls << (4 * d);
        if (key != st->cell_key[cell])
            set_key(st, u, cell, key);
    }
}

/* Writes `v` into the cell's 2 bits of its four lines, then refreshes them; `u` (may be NULL)
 * records what changes. */
static void change(IncState *st, IncUndo *u, int cell, int v)
{
    const int n = st->size, x = cell_x(cell), y = cell_y(cell);
    st->cell[cell] = (uint8_t)v;
    for (int d = 0; d < 4; d++) {
        LineSpot s = line_spot(n, d, x, y);
        int bit = 2 * (s.pos + SCORE_PAD);
        uint64_t *code = &st->line[d][s.index];
        *code = (*code & ~(3ull << bit)) | (uint64_t)v << bit;
        refresh_line(st, u, d, s.index, s.pos);
    }
    if (v != EMPTY) /* a filled cell reads key 0 (refresh_line only reached it line by line) */
        set_key(st, u, cell, 0);
}

/* Starts recording a put on `cell`: everything change() does not record cell by cell. */
static IncUndo *begin_undo(IncState *st, int cell)
{
    if (st->undo_depth >= INC_UNDO_DEPTH) {
        st->undo_depth = 0; /* too deep to keep: removals recompute from here on */
        return NULL;
    }
    IncUndo *u = &st->undo[st->undo_depth++];
    const int n = st->size, x = cell_x(cell), y = cell_y(cell);
    u->cell = cell;
    u->n = 0;
    for (int d = 0; d < 4; d++) {
        LineSpot s = line_spot(n, d, x, y);
        u->line[d] = st->line[d][s.index];
        u->line_fives[d] = st->line_fives[d][s.index];
    }
    u->fives_on_board[0] = st->fives_on_board[0];
    u->fives_on_board[1] = st->fives_on_board[1];
    u->side[0] = st->side[0];
    u->side[1] = st->side[1];
    memcpy(u->fours, st->fours, sizeof u->fours);
    record_key(u, st, cell);
    return u;
}

static void restore(IncState *st, const IncUndo *u)
{
    const int n = st->size, x = cell_x(u->cell), y = cell_y(u->cell);
    st->cell[u->cell] = EMPTY;
    for (int d = 0; d < 4; d++) {
        LineSpot s = line_spot(n, d, x, y);
        st->line[d][s.index] = u->line[d];
        st->line_fives[d][s.index] = u->line_fives[d];
    }
    st->fives_on_board[0] = u->fives_on_board[0];
    st->fives_on_board[1] = u->fives_on_board[1];
    st->side[0] = u->side[0];
    st->side[1] = u->side[1];
    for (int i = u->n - 1; i >= 0; i--) {
        int c = u->cells[i];
        st->cell_key[c] = u->key[i];
        st->entry[0][c] = u->entry[0][i];
        st->entry[1][c] = u->entry[1][i];
    }
    memcpy(st->fours, u->fours, sizeof st->fours);
}

void inc_put(IncState *st, int cell, int color)
{
    change(st, begin_undo(st, cell), cell, color);
}

void inc_remove(IncState *st, int cell)
{
    if (st->undo_depth > 0 && st->undo[st->undo_depth - 1].cell == cell) {
        restore(st, &st->undo[--st->undo_depth]);
        return;
    }
    st->undo_depth = 0; /* not the latest put: the records no longer match the board */
    change(st, NULL, cell, EMPTY);
}

/* The window key around `cell` on direction d as black sees it (own stones 1). */
static uint32_t black_window_key(const IncState *st, int x, int y, int d)
{
    LineSpot s = line_spot(st->size, d, x, y);
    return score_window_key(st->line[d][s.index], 2 * (s.pos + SCORE_PAD));
}

uint32_t inc_line_form(const IncState *st, int color, int cell, int d)
{
    uint32_t key = black_window_key(st, cell_x(cell), cell_y(cell), d);
    return score_line_form(st->forms, color == WHITE ? (uint32_t)score_white_view(key) : key);
}

int32_t inc_form_sum(const IncState *st, int me, int cell, const int32_t *own,
                     const int32_t *opp)
{
    int32_t sum = 0;
    int x = cell_x(cell), y = cell_y(cell);
    for (int d = 0; d < 4; d++) {
        uint32_t key = black_window_key(st, x, y, d);
        uint32_t black = score_line_form(st->forms, key);
        uint32_t white = score_line_form(st->forms, (uint32_t)score_white_view(key));
        sum += me == BLACK ? own[black] + opp[white] : own[white] + opp[black];
    }
    return sum;
}

void inc_init(IncState *st, const PatternTables *t, int size, int rule, const uint8_t *cells)
{
    memset(st, 0, sizeof *st);
    st->tables = t;
    st->size = size;
    st->rule = rule;
    st->tempo = score_tempo(t, rule, size);
    st->forms = &t->line_forms;
    int policy = score_policy_set(rule, size);
    int near = score_policy_near_set(rule, size);
    if (near >= 0)
        st->policy_near = t->policy_near[near - VALUES_LEARNED_FIRST];
    int form = score_policy_form_set(rule, size);
    if (form >= 0)
        st->policy_form = &t->policy_form[form - VALUES_LEARNED_FIRST][0][0];
    for (int c = 0; c < 2; c++) {
        st->line_table[c] = t->line[score_line_table_id(rule, c + 1)];
        st->cell_table[c] = t->cell[score_cell_table_id(rule, size, c + 1)];
        st->threat[c] = t->threat[score_cell_table_id(rule, size, c + 1)];
        bool renju_black = rule == RULE_RENJU && c + 1 == BLACK;
        if (policy >= 0)
            st->policy[c] = &t->policy[policy - VALUES_LEARNED_FIRST][renju_black][0][0];
    }
    for (int i = 0; i < size; i++)
        st->line[0][i] = st->line[1][i] = score_empty_line(size);
    for (int i = 0; i < 2 * size - 1; i++)
        st->line[2][i] = st->line[3][i] = score_empty_line(score_diag_len(size, i));
    /* Every cell of the board counts, key 0 included (score_totals adds them all). */
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++)
            for (int c = 0; c < 2; c++) {
                int cell = cell_index(x, y);
                st->entry[c][cell] = st->cell_table[c][0];
                side_add(&st->side[c], st->entry[c][cell], cell, 1);
                four_bit(&st->fours[c], cell, st->entry[c][cell]);
            }
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++)
            if (cells[cell_index(x, y)] != EMPTY)
                change(st, NULL, cell_index(x, y), cells[cell_index(x, y)] & 3);
}

/* The cells whose entries a child changes (its own cell and those within 5 on its lines). */
typedef struct ChildCells {
    int n;
    int cell[4 * 10 + 1];
    uint16_t entry[2][4 * 10 + 1];
} ChildCells;

static uint16_t entry_at(const IncState *st, const ChildCells *ch, int color, int cell)
{
    for (int i = 0; ch && i < ch->n; i++)
        if (ch->cell[i] == cell)
            return ch->entry[color - 1][i];
    return st->entry[color - 1][cell];
}

static ScoreSide side_totals(const IncState *st, const IncSide *s, const ChildCells *ch,
                             int color)
{
    ScoreSide out = {s->sum, 0, s->count[CELL_FIVE], s->count[CELL_FLEX4], -1, 0};
    for (int k = 0; k < CELL_CLASS_COUNT; k++)
        out.classes |= (uint32_t)(s->count[k] > 0) << k;
    out.classes |= (uint32_t)(s->threes > 0) << SCORE_THREE_BIT;
    if (out.fives == 1) {
        out.five_cell = s->five_xor;
        out.five_value = CELL_ENTRY_VALUE(entry_at(st, ch, color, s->five_xor));
    }
    return out;
}

/* score_decide over totals `side` (the state's, or a child's with its changed cells). */
static int32_t decide(const IncState *st, const IncSide side[2], const ChildCells *ch,
                      int to_move)
{
    int opp_color = opponent_of(to_move);
    ScoreSide me = side_totals(st, &side[to_move - 1], ch, to_move);
    ScoreSide opp = side_totals(st, &side[opp_color - 1], ch, opp_color);
    uint16_t block = opp.fives == 1 ? entry_at(st, ch, to_move, opp.five_cell) : 0;
    return score_decide(&me, &opp, block, st->tempo, st->threat[to_move - 1]);
}

int inc_threat_mask(const IncState *st, int to_move)
{
    int opp_color = opponent_of(to_move);
    ScoreSide me = side_totals(st, &st->side[to_move - 1], NULL, to_move);
    ScoreSide opp = side_totals(st, &st->side[opp_color - 1], NULL, opp_color);
    return score_threat_mask(&me, &opp);
}

int32_t inc_score(const IncState *st, int to_move)
{
    if (st->fives_on_board[opponent_of(to_move) - 1])
        return SCORE_FINISHED;
    return decide(st, st->side, NULL, to_move);
}

static void child_set_key(const IncState *st, IncSide side[2], ChildCells *ch, int cell,
                          uint32_t key)
{
    int i = ch->n++;
    ch->cell[i] = cell;
    for (int c = 0; c < 2; c++) {
        uint16_t e = st->cell_table[c][(key >> (16 * c)) & 0xFFFFu];
        ch->entry[c][i] = e;
        if (e != st->entry[c][cell])
            side_swap(&side[c], st->entry[c][cell], e, cell);
    }
}

/* What refresh_line would write for a child, into copies: the state is only read. */
int32_t inc_score_child(const IncState *st, int to_move, int cell)
{
    const int n = st->size, x = cell_x(cell), y = cell_y(cell), m = to_move - 1;
    uint64_t code[4];
    LineSpot spot[4];
    int fives = st->fives_on_board[m];
    for (int d = 0; d < 4; d++) {
        spot[d] = line_spot(n, d, x, y);
        int bit = 2 * (spot[d].pos + SCORE_PAD);
        code[d] = (st->line[d][spot[d].index] & ~(3ull << bit)) | (uint64_t)to_move << bit;
        if (line_len(n, d, spot[d].index) < 5)
            continue;
        ScoreLineParts l = score_line_parts(code[d]);
        int now = m == 0 ? score_line_five(st->forms, st->line_table[0], code[d], l.black)
                         : score_line_five(st->forms, st->line_table[1], l.swapped, l.white);
        fives += now - ((st->line_fives[d][spot[d].index] >> m) & 1);
    }
    if (fives) /* the side that just moved has a five */
        return SCORE_FINISHED;
    IncSide side[2] = {st->side[0], st->side[1]};
    ChildCells ch;
    ch.n = 0;
    child_set_key(st, side, &ch, cell, 0);
    for (int d = 0; d < 4; d++) {
        int index = spot[d].index, pos = spot[d].pos, len = line_len(n, d, index);
        if (len < 5)
            continue;
        ScoreLineParts l = score_line_parts(code[d]);
        uint64_t todo = score_near(l.black | l.white) & l.empty;
        int start = line_start(n, d, index), step = LINE_STEP[d];
        uint32_t clear = ~((0xFu << (4 * d)) | (0xFu << (16 + 4 * d)));
        for (int t = score_max(0, pos - 5), end = score_min(len - 1, pos + 5); t <= end; t++) {
            int bit = 2 * (t + SCORE_PAD), c = start + t * step;
            if (t == pos)
                continue;
            uint32_t cls = 0;
            if ((todo >> bit) & 1) {
                cls = (uint32_t)score_window_class(st->forms, st->line_table[0], code[d], bit);
                cls |= (uint32_t)score_window_class(st->forms, st->line_table[1], l.swapped, bit)
                     << 16;
            }
            uint32_t key = (st->cell_key[c] & clear) | cls << (4 * d);
            if (key != st->cell_key[c])
                child_set_key(st, side, &ch, c, key);
        }
    }
    return decide(st, side, &ch, opponent_of(to_move));
}
