#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "brain/board.h"
#include "brain/vct.h"
#include "brain/clock.h"
#include "kernels/patterns.h"
/* stdin: lines "x,y x,y ..." ; runs vct_find for side to move with 1..8 threes */
int main(int argc, char **argv)
{
    uint64_t nodes = argc > 1 ? strtoull(argv[1], 0, 10) : 200000;
    const PatternTables *t = pattern_tables_create();
    char line[4096];
    while (fgets(line, sizeof line, stdin)) {
        Board b;
        board_init(&b, 15, RULE_FREESTYLE);
        for (char *p = strtok(line, " \n"); p; p = strtok(NULL, " \n")) {
            int x, y;
            if (sscanf(p, "%d,%d", &x, &y) == 2) board_play(&b, cell_index(x, y));
        }
        printf("pos:");
        for (int th = 1; th <= 8; th++) {
            VctLimits lim = {.max_threes = th, .vcf_fours = 12, .max_nodes = nodes, .tables = t};
            int64_t t0 = clock_ms();
            VcfResult v = vct_find(&b, &lim, NULL);
            printf(" [%d: %s p%d n%llu %lldms%s]", th, v.move == CELL_NONE ? "-" : "WIN", v.plies,
                   (unsigned long long)v.nodes, (long long)(clock_ms() - t0), v.aborted ? " ab" : "");
            if (v.move != CELL_NONE) break;
        }
        printf("\n");
        fflush(stdout);
    }
    return 0;
}
