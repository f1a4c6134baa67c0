/* libFuzzer harness: the stone blocks BOARD, YXBOARD, SWAP2BOARD and YXBLOCK (protocol/block.c).
 * The first bytes pick the board size, the rule, the block and whether stones are already on the
 * board; the rest are the block's lines, then DONE. A refused block leaves the position and the
 * blocked cells as they were; an accepted YXBOARD is exactly its stones, an accepted BOARD its
 * stones and the brain's answer. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/fuzz/fuzz_brain.h"

#define INPUT_MAX 2048
#define HEADER_BYTES 3

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const BLOCKS[4] = {"BOARD", "YXBOARD", "SWAP2BOARD", "YXBLOCK"};
static const int RULES[6] = {0, 1, 2, 4, 8, 5};

/* START, INFO rule and (when asked) three stones near the centre; false when refused. */
static bool set_up(FuzzBrain *f, int size, int rule, bool stones)
{
    char line[64];
    snprintf(line, sizeof line, "START %d", size);
    fuzz_brain_say(f, line);
    snprintf(line, sizeof line, "INFO rule %d", rule);
    fuzz_brain_say(f, line);
    if (stones) {
        int c = size / 2;
        fuzz_brain_say(f, "YXBOARD");
        snprintf(line, sizeof line, "%d,%d,1", c, c);
        fuzz_brain_say(f, line);
        snprintf(line, sizeof line, "%d,%d,2", c + 1, c);
        fuzz_brain_say(f, line);
        snprintf(line, sizeof line, "%d,%d,1", c, c + 1);
        fuzz_brain_say(f, line);
        fuzz_brain_say(f, "DONE");
    }
    return !f->refused;
}

/* Sends the block's lines (split at LF; CR, NUL and the rest stay for the protocol), then DONE.
 * True when that DONE closed the block (no END or DONE of the input's own came first). */
static bool send_block(FuzzBrain *f, const char *block, const uint8_t *data, size_t size)
{
    fuzz_brain_say(f, block);
    const char *p = (const char *)data, *end = p + size;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t len = nl ? (size_t)(nl - p) : (size_t)(end - p);
        /* a line of the input's own closed it: what follows would be commands */
        if (!fuzz_brain_line(f, p, len) || f->proto.block.kind == BLOCK_NONE) return false;
        p += len + 1;
    }
    fuzz_brain_say(f, "DONE");
    return true;
}

/* What an accepted block left: every stone it kept is on the board (a blocker for field 3). */
static void check_accepted(const FuzzBrain *f, int kind, int stones_before)
{
    const Board *b = &f->engine.board;
    const ProtoBlock *blk = &f->proto.block;
    if (kind == 0 || kind == 1) {
        int want = blk->n + (kind == 0); /* BOARD: the brain's move on top */
        if (b->nstones != want) abort();
        for (int i = 0; i < blk->n; i++) {
            int cell = b->cell[cell_index(blk->stone[i].x, blk->stone[i].y)];
            if (cell == EMPTY || (blk->stone[i].field == 3) != (cell == BLOCKER)) abort();
        }
    } else if (kind == 3) {
        for (int i = 0; i < blk->n; i++)
            if (!engine_is_blocked(&f->engine, blk->stone[i].x, blk->stone[i].y)) abort();
        if (b->nstones != stones_before) abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < HEADER_BYTES || size > INPUT_MAX) return 0;
    int board = BOARD_MIN + data[0] % (BOARD_MAX - BOARD_MIN + 1);
    int rule = RULES[data[1] % 6], kind = data[2] & 3;
    FuzzBrain f;
    fuzz_brain_open(&f);
    if (set_up(&f, board, rule, data[2] & 4)) {
        uint8_t blocked[BOARD_CELLS];
        memcpy(blocked, f.engine.blocked, sizeof blocked);
        int stones = f.engine.board.nstones;
        bool closed = send_block(&f, BLOCKS[kind], data + HEADER_BYTES, size - HEADER_BYTES);
        if (closed && f.refused && memcmp(blocked, f.engine.blocked, sizeof blocked)) abort();
        if (closed && !f.refused) check_accepted(&f, kind, stones);
        fuzz_brain_say(&f, "YXSHOWFORBID");
    }
    fuzz_brain_close(&f);
    return 0;
}
