/* Another Gomocup brain (Rapfi) on one position through the protocol, for the depth bench: what
 * depth it reports, its evaluation, and when it first reports a proven win. Reads Rapfi's
 * "MESSAGE Depth D-S | Eval E | ..." lines (a win shows as "+M<plies>"). */
#ifndef GAMOK_RAPFI_PROBE_H
#define GAMOK_RAPFI_PROBE_H

#include <stdbool.h>
#include <stdint.h>

#include "brain/board.h"

typedef struct RapfiSeen {
    bool ok;        /* it answered a move */
    int depth;      /* the last "Depth D" it reported */
    char eval[16];  /* the evaluation of that line, as printed */
    bool win;       /* some line showed a proven win for the side to move */
    int64_t win_ms; /* when the first such line came, from the position's sending; -1: none */
} RapfiSeen;

/* Starts `command`, sends the position (the side to move as field 1) with `rule` (Gomocup
 * value) and a turn of `ms`, reads until the move, and ends the process. */
RapfiSeen rapfi_probe(const char *command, const Board *b, int rule, int ms);

#endif
