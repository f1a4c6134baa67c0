/* After each trap's avoided move: does the VCT find the opponent's win? */
#include <stdio.h>
#include <stdlib.h>
#include "brain/board.h"
#include "brain/vct.h"
#include "brain/vcf.h"
#include "kernels/incremental.h"
#include "kernels/patterns.h"
#include "tests/support/positions.h"
int main(int argc, char **argv)
{
    PatternTables *t = pattern_tables_create();
    TestPosition *tp;
    int n = tp_load(argc > 1 ? argv[1] : "tests/positions/depth_traps.txt", &tp);
    static IncState inc;
    for (int i = 0; i < n; i++) {
        Board b = tp[i].board;
        board_play(&b, tp[i].avoid[0]);
        inc_init(&inc, t, b.size, b.rule, b.cell);
        board_follow(&b, &inc);
        printf("%-48s", tp[i].name);
        for (int threes = 1; threes <= 4; threes++) {
            VctLimits lim = {.max_threes = threes, .vcf_fours = 12, .max_nodes = 3000000};
            VcfResult r = vct_find(&b, &lim, NULL);
            printf("  t%d:%s%2d,%-2d p%-2d n%-8llu", threes, r.aborted ? "A" : " ",
                   r.move == CELL_NONE ? -1 : cell_x(r.move), r.move == CELL_NONE ? -1 : cell_y(r.move),
                   r.plies, (unsigned long long)r.nodes);
        }
        printf("\n");
        fflush(stdout);
    }
    return 0;
}
