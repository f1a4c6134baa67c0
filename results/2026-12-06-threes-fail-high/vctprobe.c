#define _POSIX_C_SOURCE 200809L
/* For each line "key<TAB>moves" (winner to move): does vct_find find the win, with up to
 * THREES threes and NODES positions? Prints found, plies, nodes, ms per threes level. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "brain/board.h"
#include "brain/vct.h"
#include "kernels/incremental.h"
#include "kernels/patterns.h"

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec * 1e3 + t.tv_nsec / 1e6; }

int main(int argc, char **argv)
{
    int maxthrees = argc > 1 ? atoi(argv[1]) : 4;
    uint64_t nodes = argc > 2 ? strtoull(argv[2], 0, 10) : 200000;
    PatternTables *t = pattern_tables_create();
    static IncState inc;
    char line[8192];
    int found = 0, total = 0;
    while (fgets(line, sizeof line, stdin)) {
        char *tab = strchr(line, '\t');
        if (!tab) continue;
        *tab = 0;
        Board b;
        board_init(&b, 15, 0);
        inc_init(&inc, t, 15, 0, b.cell);
        board_follow(&b, &inc);
        for (char *tok = strtok(tab + 1, " \t\n"); tok; tok = strtok(NULL, " \t\n")) {
            int x, y;
            if (sscanf(tok, "%d,%d", &x, &y) == 2) board_play(&b, cell_index(x, y));
        }
        total++;
        printf("%s", line);
        int hit = 0;
        for (int k = 1; k <= maxthrees && !hit; k++) {
            VctLimits lim = {.max_threes = k, .vcf_fours = 12, .max_nodes = nodes};
            double t0 = now();
            VcfResult v = vct_find(&b, &lim, NULL);
            printf("  t%d:%s/%d/%llu/%.0fms", k, v.move != CELL_NONE ? "WIN" : v.aborted ? "abort" : "no",
                   v.plies, (unsigned long long)v.nodes, now() - t0);
            hit = v.move != CELL_NONE;
        }
        found += hit;
        printf("\n");
    }
    printf("found %d of %d\n", found, total);
    return 0;
}
