/* Policy rank of Rapfi's labelled move, by stones on the board (freestyle 15x15 labels). */
#include <stdio.h>
#include <stdlib.h>
#include "brain/board.h"
#include "brain/moves.h"
#include "kernels/incremental.h"
#include "kernels/patterns.h"
#include "kernels/policy.h"
#include "tournaments/corpus.h"
#include "tournaments/results.h"
#include "tournaments/train_labels.h"

#define B 6
static const int lo[B] = {0, 9, 13, 17, 25, 40};
int main(int argc, char **argv)
{
    RecordList l = {0};
    int skipped;
    if (corpus_load(argv[1], &l, &skipped) < 0) return 1;
    TrainLabels lab = {0};
    if (train_labels_load(&lab, argv[2], &skipped) < 0) return 1;
    PatternTables *t = pattern_tables_create();
    IncState *inc = malloc(sizeof *inc);
    long n[B] = {0}, in12[B] = {0}, in12k[B] = {0}, in18[B] = {0}, top1[B] = {0}, cands[B] = {0};
    for (int gi = 0; gi < l.count; gi++) {
        GameRecord *g = &l.items[gi];
        if (g->rule != 0 || g->size != 15) continue;
        const TrainLabelGame *tl = train_labels_of(&lab, g);
        if (!tl || !tl->move) continue;
        Board b;
        board_init(&b, g->size, g->rule);
        inc_init(inc, t, b.size, b.rule, b.cell);
        board_follow(&b, inc);
        for (int k = 0; k < g->nmoves; k++) {
            if (k >= g->nopening && k < tl->nplies && tl->move[k] >= 0 && tl->p[k] > 0.05 && tl->p[k] < 0.95) {
                int me = b.to_move, target = tl->move[k];
                uint16_t mv[512];
                int m = moves_candidates(&b, 2, mv);
                PolicyRecent r = policy_recent(b.history, b.nstones);
                int32_t ts = 0; int found = 0;
                for (int i = 0; i < m; i++) if (mv[i] == target) { ts = policy_score(inc, me, target, &r); found = 1; }
                if (found) {
                    int above = 0;
                    for (int i = 0; i < m; i++) if (policy_score(inc, me, mv[i], &r) > ts) above++;
                    int kept = CELL_ENTRY_THREE(inc->entry[me - 1][target]) || inc_class_makes_four(CELL_ENTRY_CLASS(inc->entry[me - 1][target]));
                    int bk = 0; while (bk + 1 < B && k >= lo[bk + 1]) bk++;
                    n[bk]++; cands[bk] += m; top1[bk] += above == 0; in12[bk] += above < 12; in12k[bk] += above < 12 || kept; in18[bk] += above < 18;
                }
            }
            board_play(&b, g->moves[k]);
        }
    }
    for (int i = 0; i < B; i++) if (n[i])
        printf("stones %2d+: %6ld positions, cands %.0f, top1 %.1f%%, top12 %.1f%% (kept %.1f%%), top18 %.1f%%\n", lo[i], n[i], (double)cands[i]/n[i], 100.0*top1[i]/n[i], 100.0*in12[i]/n[i], 100.0*in12k[i]/n[i], 100.0*in18[i]/n[i]);
    return 0;
}
