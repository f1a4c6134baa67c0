#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "brain/board.h"
#include "brain/moves.h"
#include "brain/vct.h"
#include "kernels/incremental.h"
#include "kernels/patterns.h"
#include "tests/support/positions.h"
int main(int argc, char **argv)
{
    int n; TestPosition *tp;
    n = tp_load("tests/positions/depth_traps.txt", &tp);
    const PatternTables *t = pattern_tables_create();
    for (int i = 0; i < n; i++) {
        if (!strstr(tp[i].name, argv[1])) continue;
        Board b = tp[i].board;
        static IncState inc;
        inc_init(&inc, t, b.size, b.rule, b.cell);
        board_follow(&b, &inc);
        uint16_t mv[512];
        int k = moves_candidates(&b, 2, mv);
        printf("%s: %d candidates, avoid %d,%d\n", tp[i].name, k, cell_x(tp[i].avoid[0]), cell_y(tp[i].avoid[0]));
        for (int j = 0; j < k; j++) {
            board_play(&b, mv[j]);
            { VcfLimits vl = {.max_fours = 16, .max_nodes = 3000}; VcfResult f = vcf_find(&b, &vl, NULL); if (f.move != CELL_NONE) printf("  after %d,%d: opp VCF first %d,%d plies %d\n", cell_x(mv[j]), cell_y(mv[j]), cell_x(f.move), cell_y(f.move), f.plies); }
            for (int th = 1; th <= 2; th++) {
                VctLimits lim = {.max_threes = th, .vcf_fours = 12, .max_nodes = 20000};
                VcfResult v = vct_find(&b, &lim, NULL);
                if (v.move != CELL_NONE) { printf("  after %d,%d: opp VCT (%d threes) first %d,%d plies %d nodes %llu\n", cell_x(mv[j]), cell_y(mv[j]), th, cell_x(v.move), cell_y(v.move), v.plies, (unsigned long long)v.nodes); break; }
                if (th == 2) printf("  after %d,%d: none%s\n", cell_x(mv[j]), cell_y(mv[j]), v.aborted ? " (aborted)" : "");
            }
            board_undo(&b);
        }
    }
    return 0;
}
