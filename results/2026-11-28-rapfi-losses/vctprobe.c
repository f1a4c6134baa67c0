/* Experiment (not committed): for each line "x,y x,y ..." (game order, side to move next), whether
 * the side NOT to move has a VCT (as if it moved now), with several limits. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "brain/board.h"
#include "brain/clock.h"
#include "brain/vct.h"
#include "kernels/evaluator.h"
int main(int argc, char **argv)
{
    int threes_max = argc > 1 ? atoi(argv[1]) : 4;
    unsigned long long budget = argc > 2 ? strtoull(argv[2], NULL, 10) : 1000000;
    Evaluator *ev = evaluator_cpu_create();
    char line[8192];
    while (fgets(line, sizeof line, stdin)) {
        Board b;
        board_init(&b, 15, 0);
        for (char *t = strtok(line, " \n"); t; t = strtok(NULL, " \n")) {
            int x, y;
            if (sscanf(t, "%d,%d", &x, &y) == 2)
                board_play(&b, cell_index(x, y));
        }
        int me = b.to_move;
        if (getenv("OTHER"))
            board_set_to_move(&b, 3 - me);
        for (int th = 1; th <= threes_max; th++) {
            VctLimits lim = {.max_threes = th, .vcf_fours = 16, .max_nodes = budget,
                             .tables = evaluator_pattern_tables(ev)};
            int64_t t0 = clock_ms();
            VcfResult v = vct_find(&b, &lim, NULL);
            printf("  threes %d: %s move %d plies %d nodes %llu %lld ms%s\n", th,
                   v.move != CELL_NONE ? "VCT" : "-", v.move, v.plies, (unsigned long long)v.nodes,
                   (long long)(clock_ms() - t0), v.aborted ? " (aborted)" : "");
            if (v.move != CELL_NONE) break;
        }
        printf("--\n");
        fflush(stdout);
    }
    return 0;
}
