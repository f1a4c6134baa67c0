#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "brain/board.h"
#include "brain/moves.h"
#include "kernels/incremental.h"
#include "kernels/patterns.h"
#include "kernels/policy.h"
#include "tests/support/positions.h"
/* argv[1]: name part; argv[2], argv[3]: cells to report (x,y). One-ply static rank and policy rank. */
int main(int argc, char **argv)
{
    TestPosition *tp; int n = tp_load("tests/positions/depth_traps.txt", &tp);
    const PatternTables *t = pattern_tables_create();
    static IncState inc;
    for (int i = 0; i < n; i++) {
        if (!strstr(tp[i].name, argv[1])) continue;
        Board b = tp[i].board;
        inc_init(&inc, t, b.size, b.rule, b.cell);
        board_follow(&b, &inc);
        uint16_t mv[512]; int k = moves_candidates(&b, 2, mv);
        int32_t sv[512], pv[512];
        PolicyRecent rec; memset(&rec, 0, sizeof rec);
        for (int q = 0; q < 4; q++) rec.earlier[q] = CELL_NONE;
        for (int j = 0; j < k; j++) { sv[j] = -inc_score_child(&inc, b.to_move, mv[j]); pv[j] = policy_score(&inc, b.to_move, mv[j], &rec); }
        for (int a = 2; a < argc; a++) {
            int x, y; sscanf(argv[a], "%d,%d", &x, &y); int c = cell_index(x, y);
            for (int j = 0; j < k; j++) if (mv[j] == c) {
                int rs = 0, rp = 0;
                for (int q = 0; q < k; q++) { rs += sv[q] > sv[j]; rp += pv[q] > pv[j]; }
                printf("%s %s: static %d (rank %d of %d), policy %d (rank %d)\n", tp[i].name, argv[a], sv[j], rs, k, pv[j], rp);
            }
        }
    }
    return 0;
}
