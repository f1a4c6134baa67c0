#include "brain/board.h"

#include <string.h>

#include "kernels/incremental.h"

const int DIR_DX[4] = {1, 0, 1, 1};
const int DIR_DY[4] = {0, 1, 1, -1};

/* Zobrist keys come from a fixed splitmix64 sequence, so a hash is the same in every run. */
static uint64_t splitmix64(uint64_t x)
{
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

uint64_t board_zobrist(int cell, int color)
{
    return splitmix64((uint64_t)cell * 4u + (uint64_t)color);
}

static const uint64_t ZOBRIST_WHITE_TO_MOVE = 0x5DEECE66DA3B1F27ull;

void board_init(Board *b, int size, int rule)
{
    memset(b, 0, sizeof *b);
    b->size = size;
    b->rule = rule;
    b->to_move = BLACK;
}

bool board_on(const Board *b, int x, int y)
{
    return x >= 0 && y >= 0 && x < b->size && y < b->size;
}

bool board_cell_valid(const Board *b, int cell)
{
    return cell >= 0 && cell < BOARD_CELLS && board_on(b, cell_x(cell), cell_y(cell));
}

int board_at(const Board *b, int x, int y)
{
    return board_on(b, x, y) ? b->cell[cell_index(x, y)] : BLOCKER;
}

static void toggle_side(Board *b)
{
    b->to_move = opponent_of(b->to_move);
    b->hash ^= ZOBRIST_WHITE_TO_MOVE;
}

void board_follow(Board *b, IncState *inc)
{
    b->inc = inc;
    if (inc)
        inc->owner = b;
}

/* The owner check keeps a struct copy of a followed board from moving the original's state. */
IncState *board_incremental(const Board *b)
{
    return b->inc && b->inc->owner == b ? b->inc : NULL;
}

void board_put(Board *b, int cell, int color)
{
    b->cell[cell] = (uint8_t)color;
    b->history[b->nstones++] = (uint16_t)cell;
    b->hash ^= board_zobrist(cell, color);
    IncState *inc = board_incremental(b);
    if (inc)
        inc_put(inc, cell, color);
}

static void clear_cell(Board *b, int cell)
{
    b->hash ^= board_zobrist(cell, b->cell[cell]);
    b->cell[cell] = EMPTY;
    IncState *inc = board_incremental(b);
    if (inc)
        inc_remove(inc, cell);
}

void board_play(Board *b, int cell)
{
    board_put(b, cell, b->to_move);
    toggle_side(b);
}

uint64_t board_hash_after(const Board *b, int cell)
{
    return b->hash ^ board_zobrist(cell, b->to_move) ^ ZOBRIST_WHITE_TO_MOVE;
}

void board_undo(Board *b)
{
    clear_cell(b, b->history[--b->nstones]);
    toggle_side(b);
}

void board_remove(Board *b, int cell)
{
    int i = b->nstones - 1;
    while (i >= 0 && b->history[i] != cell)
        i--;
    if (i < 0)
        return;
    memmove(&b->history[i], &b->history[i + 1], (size_t)(b->nstones - 1 - i) * sizeof b->history[0]);
    b->nstones--;
    clear_cell(b, cell);
}

void board_set_to_move(Board *b, int color)
{
    if (b->to_move != color)
        toggle_side(b);
}

int board_count(const Board *b, int color)
{
    int n = 0;
    for (int i = 0; i < b->nstones; i++)
        n += b->cell[b->history[i]] == color;
    return n;
}

int board_last_move(const Board *b)
{
    return b->nstones ? b->history[b->nstones - 1] : CELL_NONE;
}

bool board_full(const Board *b)
{
    return b->nstones >= b->size * b->size;
}
