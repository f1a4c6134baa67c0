/* libFuzzer harness: the arena reading a hostile brain (tournaments/brainproc.c reads its lines
 * from the pipe, game_reply_kind says what each is, tournaments/referee.c judges the moves). The
 * first byte picks the board size, the second the rule, the third the reader's line buffer; the
 * rest is what the brain wrote before it closed its output. Every read returns, each line
 * consumes input (no hang), and every move is judged on the board or refused. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "brain/rules.h"
#include "tournaments/brainproc.h"
#include "tournaments/game.h"
#include "tournaments/referee.h"

#define HEADER_BYTES 3
/* Past the reader's 8 KB buffer (a line that long is dropped), within a pipe's 64 KB. */
#define INPUT_MAX 20000
#define READ_TIMEOUT_MS 1000

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const int RULES[4] = {0, 1, 4, 8};

/* A brain whose whole output is `data`, already written and closed. */
static void hostile_brain(BrainProc *p, const uint8_t *data, size_t size)
{
    int fds[2];
    memset(p, 0, sizeof *p);
    if (pipe(fds)) abort();
    if (write(fds[1], data, size) != (ssize_t)size) abort();
    close(fds[1]);
    p->from_brain = fds[0];
    p->to_brain = -1;
}

/* Judges a move as a game would: a refused move or a finished game starts a new board. */
static void judge(Board *b, int size, int rule, int x, int y)
{
    int before = b->nstones;
    RefVerdict v = referee_move(b, x, y);
    bool played = v == REF_PLAY_ON || v == REF_WIN || v == REF_FULL_BOARD;
    if (played != (b->nstones == before + 1)) abort(); /* refused moves change nothing */
    if (played && b->cell[cell_index(x, y)] == EMPTY) abort();
    if (v != REF_PLAY_ON) board_init(b, size, rule_from_gomocup(rule));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < HEADER_BYTES || size > INPUT_MAX) return 0;
    int board = BOARD_MIN + data[0] % (BOARD_MAX - BOARD_MIN + 1), rule = RULES[data[1] % 4];
    size_t cap = 1 + data[2] * 2; /* 1..511: the arena reads into 512 bytes */
    BrainProc p;
    hostile_brain(&p, data + HEADER_BYTES, size - HEADER_BYTES);
    Board b;
    board_init(&b, board, rule_from_gomocup(rule));
    char line[512];
    size_t reads = 0;
    for (int r; (r = brainproc_read_line(&p, line, cap, READ_TIMEOUT_MS)) != -1;) {
        if (r == 0) abort();                 /* its output is closed: EOF, not silence */
        if (++reads > size) abort();         /* each line takes at least its LF */
        if (strlen(line) >= cap) abort();
        int x, y;
        if (game_reply_kind(line, &x, &y) == REPLY_MOVE) judge(&b, board, rule, x, y);
    }
    close(p.from_brain);
    return 0;
}
