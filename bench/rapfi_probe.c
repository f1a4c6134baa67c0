#include "bench/rapfi_probe.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "brain/clock.h"
#include "tests/support/positions.h"
#include "tournaments/brainproc.h"

/* START, then its OK awaited: a brain may set up its tables there (Rapfi its hash), which is
 * not thinking time. */
static void send_position(BrainProc *p, const Board *b, int rule, int ms)
{
    char line[64];
    snprintf(line, sizeof line, "START %d", b->size);
    brainproc_send(p, line);
    while (brainproc_read_line(p, line, sizeof line, 10000) == 1 && strcmp(line, "OK"))
        ;
    snprintf(line, sizeof line, "INFO rule %d", rule);
    brainproc_send(p, line);
    snprintf(line, sizeof line, "INFO timeout_turn %d", ms);
    brainproc_send(p, line);
    brainproc_send(p, "INFO timeout_match 0");
    brainproc_send(p, "BOARD");
    uint16_t order[BOARD_CELLS];
    int n = tp_board_order(b, order);
    for (int i = 0; i < n; i++) {
        int c = order[i];
        if (b->cell[c] == BLOCKER) /* Rapfi takes no walls */
            continue;
        snprintf(line, sizeof line, "%d,%d,%d", cell_x(c), cell_y(c),
                 b->cell[c] == b->to_move ? 1 : 2);
        brainproc_send(p, line);
    }
}

/* "MESSAGE Depth 12-20 | Eval +M21 | Time ..." -> depth and eval; false for other lines. */
static bool depth_line(const char *line, int *depth, char *eval, size_t cap)
{
    const char *d = strstr(line, "Depth ");
    const char *e = strstr(line, "| Eval ");
    if (strncmp(line, "MESSAGE", 7) || !d || !e)
        return false;
    *depth = atoi(d + 6);
    snprintf(eval, cap, "%.*s", (int)strcspn(e + 7, " |"), e + 7);
    return true;
}

static bool is_move(const char *line)
{
    int x, y;
    return sscanf(line, "%d,%d", &x, &y) == 2;
}

RapfiSeen rapfi_probe(const char *command, const Board *b, int rule, int ms)
{
    RapfiSeen seen = {false, 0, "-", false, -1};
    BrainProc p;
    if (brainproc_start(&p, command) != 0)
        return seen;
    char line[1024];
    send_position(&p, b, rule, ms);
    int64_t start = clock_ms();
    brainproc_send(&p, "DONE");
    while (brainproc_read_line(&p, line, sizeof line, ms + 10000) == 1) {
        if (is_move(line)) {
            seen.ok = true;
            break;
        }
        char eval[16];
        int depth;
        if (!depth_line(line, &depth, eval, sizeof eval))
            continue;
        seen.depth = depth;
        snprintf(seen.eval, sizeof seen.eval, "%s", eval);
        if (!seen.win && !strncmp(eval, "+M", 2)) {
            seen.win = true;
            seen.win_ms = clock_ms() - start;
        }
    }
    brainproc_stop(&p, 1000);
    return seen;
}
