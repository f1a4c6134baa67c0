/* libFuzzer harness: the arena's openings file reader (tournaments/opening.c), offset and pos
 * formats, and the check the arena makes before a tournament (each opening placed on the board).
 * The first byte picks the format and the board size, the second the rule; the rest is the file.
 * A file is loaded or refused with a reason; an opening that fits, written back in the offset
 * format and read again, places the same stones. */
#define _GNU_SOURCE /* memfd_create */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "brain/rules.h"
#include "tournaments/opening.h"

#define INPUT_MAX 8192
#define HEADER_BYTES 2

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const int RULES[4] = {0, 1, 4, 8};

/* The input as a file, for the reader takes a path (memfd: no disk). Returns its fd. */
static int as_file(const uint8_t *data, size_t size, char *path, size_t cap)
{
    int fd = memfd_create("opening", 0);
    if (fd < 0 || write(fd, data, size) != (ssize_t)size) abort();
    snprintf(path, cap, "/proc/self/fd/%d", fd);
    return fd;
}

/* Places `o` on a fresh board; 0 or -1 as opening_apply. */
static int place(const Opening *o, int sym, int size, int rule, Board *b)
{
    char err[128];
    board_init(b, size, rule_from_gomocup(rule));
    err[0] = 0;
    int r = opening_apply(o, sym, b, err, sizeof err);
    if (r && !err[0]) abort(); /* a refusal says why */
    return r;
}

static void check_opening(const Opening *o, int size, int rule)
{
    Board b, again;
    for (int sym = 1; sym < 8; sym++) place(o, sym, size, rule, &b);
    if (place(o, 0, size, rule, &b)) return;
    char text[1024], err[128];
    Opening back;
    opening_format(o, size, text, sizeof text);
    if (opening_parse(text, OPEN_OFFSET, &back, err, sizeof err)) abort();
    if (place(&back, 0, size, rule, &again)) abort();
    if (memcmp(b.cell, again.cell, sizeof b.cell) || b.to_move != again.to_move) abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < HEADER_BYTES || size > INPUT_MAX) return 0;
    OpeningFormat fmt = data[0] & 1 ? OPEN_POS : OPEN_OFFSET;
    int board = BOARD_MIN + (data[0] >> 1) % (BOARD_MAX - BOARD_MIN + 1);
    int rule = RULES[data[1] % 4];
    char path[64], err[2048] = "";
    int fd = as_file(data + HEADER_BYTES, size - HEADER_BYTES, path, sizeof path);
    OpeningSet set;
    if (opening_load(path, fmt, &set, err, sizeof err) == 0) {
        if (set.count < 1 || !set.items) abort();
        for (int i = 0; i < set.count; i++) check_opening(&set.items[i], board, rule);
        opening_set_free(&set);
    } else if (set.count || set.items || !err[0]) {
        abort(); /* refused: nothing kept, and a reason */
    }
    close(fd);
    return 0;
}
