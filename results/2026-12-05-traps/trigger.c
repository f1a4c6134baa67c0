#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "brain/board.h"
#include "brain/moves.h"
#include "brain/vcf.h"
#include "kernels/incremental.h"
#include "kernels/patterns.h"
/* stdin: "x,y x,y ..." positions (side to move = next). Counts the root refutation's cases. */
int main(void)
{
    const PatternTables *t = pattern_tables_create();
    static IncState inc;
    char line[8192];
    long pos = 0, threat = 0, s0u = 0, s1u = 0, safe2 = 0, none = 0;
    while (fgets(line, sizeof line, stdin)) {
        Board b;
        board_init(&b, 15, RULE_FREESTYLE);
        for (char *p = strtok(line, " \n"); p; p = strtok(NULL, " \n")) {
            int x, y;
            if (sscanf(p, "%d,%d", &x, &y) == 2) board_play(&b, cell_index(x, y));
        }
        inc_init(&inc, t, b.size, b.rule, b.cell);
        board_follow(&b, &inc);
        pos++;
        uint16_t five[1];
        if (moves_winning_cells(&b, b.to_move, five, 1) || moves_winning_cells(&b, opponent_of(b.to_move), five, 1))
            continue;
        board_set_to_move(&b, opponent_of(b.to_move));
        VcfLimits l0 = {.max_fours = 16, .max_nodes = 30000};
        VcfResult r0 = vcf_find(&b, &l0, NULL);
        board_set_to_move(&b, opponent_of(b.to_move));
        if (r0.move == CELL_NONE) continue;
        threat++;
        uint16_t mv[512]; int k = moves_candidates(&b, 2, mv), safe = 0, unk = 0;
        for (int j = 0; j < k; j++) {
            board_play(&b, mv[j]);
            VcfLimits l = {.max_fours = 16, .max_nodes = 3000};
            VcfResult v = vcf_find(&b, &l, NULL);
            board_undo(&b);
            safe += v.move == CELL_NONE && !v.aborted;
            unk += v.move == CELL_NONE && v.aborted;
        }
        if (safe == 0 && unk > 0) s0u++;
        else if (safe == 1 && unk > 0) s1u++;
        else if (safe >= 2) safe2++;
        else none++;
    }
    printf("positions %ld; opponent VCF threat %ld: safe>=2 %ld, safe 0 + unfinished %ld, safe 1 + unfinished %ld, other %ld\n",
           pos, threat, safe2, s0u, s1u, none);
    return 0;
}
