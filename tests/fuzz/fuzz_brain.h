/* The brain in-process for the fuzz harnesses (tests/fuzz/fuzz_protocol.c, fuzz_blocks.c,
 * fuzz_info.c): one Engine and Protocol per input, replies in memory, and every search held to
 * a few milliseconds whatever the input asked for, so that libFuzzer runs many inputs a second.
 * The subject is what the brain does with its input, not how well it plays. */
#ifndef GAMOK_FUZZ_BRAIN_H
#define GAMOK_FUZZ_BRAIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "brain/engine.h"
#include "protocol/protocol.h"

/* Searches an input may start; lines after the last one are not handled. */
#define FUZZ_MAX_JOBS 6

typedef struct FuzzBrain {
    Engine engine;
    Protocol proto;
    FILE *out;         /* the replies (open_memstream) */
    char *text;
    size_t size, seen; /* bytes written so far; bytes already checked */
    int jobs;          /* searches run */
    bool quit;         /* END was handled */
    bool refused;      /* the replies to the last line include an ERROR or UNKNOWN */
    bool keep_time;    /* searches get the time the input set, held short by depth and nodes */
} FuzzBrain;

void fuzz_brain_open(FuzzBrain *f);
void fuzz_brain_close(FuzzBrain *f);

/* Handles one input line (any bytes, no line ending) as the protocol loop does, running any
 * search inline within the harness's limits. Aborts when a refused line (ERROR or UNKNOWN)
 * changed the position or a reply is not a protocol line. Returns false once no more lines
 * should be sent (END, or FUZZ_MAX_JOBS searches). */
bool fuzz_brain_line(FuzzBrain *f, const char *line, size_t len);
/* The same for a NUL-terminated line. */
bool fuzz_brain_say(FuzzBrain *f, const char *line);

#endif
