/* Static-value swings on the freestyle 15x15 corpus: per quiet position (no five/four threat decided),
 * the static value s0 of the side to move, and for every candidate child c the mover's value -score(c).
 * Prints: std of (played child's value - s0), mean within-position std of the children's values,
 * and the same restricted to the top-12 children by value. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "brain/board.h"
#include "brain/moves.h"
#include "kernels/incremental.h"
#include "kernels/patterns.h"
#include "tournaments/corpus.h"
#include "tournaments/results.h"

int main(int argc, char **argv)
{
    RecordList l = {0};
    int skipped;
    if (corpus_load(argv[1], &l, &skipped) < 0) return 1;
    PatternTables *t = pattern_tables_create();
    IncState *inc = malloc(sizeof *inc);
    double sw = 0, sw2 = 0, sib = 0, pct = 0; long n = 0, ns = 0, top1 = 0;
    int games = argc > 2 ? atoi(argv[2]) : 400;
    for (int gi = 0; gi < l.count && gi < games; gi++) {
        GameRecord *g = &l.items[gi];
        if (g->rule != 0 || g->size != 15) continue;
        Board b;
        board_init(&b, g->size, g->rule);
        inc_init(inc, t, b.size, b.rule, b.cell);
        board_follow(&b, inc);
        for (int k = 0; k < g->nmoves - 1; k++) {
            board_play(&b, g->moves[k]);
            if (k < g->nopening || k % 3) continue;
            int me = b.to_move;
            int32_t s0 = inc_score(inc, me);
            if (abs(s0) > 20000) continue;
            uint16_t mv[512];
            int m = moves_candidates(&b, 2, mv);
            double s = 0, s2 = 0; int c = 0; int32_t played = 0; int have = 0;
            for (int i = 0; i < m; i++) {
                int32_t v = -inc_score_child(inc, me, mv[i]);
                if (abs(v) > 20000) continue;
                s += v; s2 += (double)v * v; c++;
                if (mv[i] == g->moves[k + 1]) { played = v; have = 1; }
            }
            if (c > 1) { double mean = s / c; sib += sqrt(s2 / c - mean * mean); ns++; }
            if (have) {
                double d = played - s0; sw += d; sw2 += d * d; n++;
                int above = 0;
                for (int i = 0; i < m; i++) {
                    int32_t v = -inc_score_child(inc, me, mv[i]);
                    if (abs(v) <= 20000 && v > played) above++;
                }
                top1 += above == 0; pct += (double)above / c;
            }
        }
    }
    double mean = sw / n;
    printf("positions %ld: played child minus parent: mean %.1f std %.1f; siblings' std (mean over %ld positions) %.1f; played move best by static value %.1f%%, mean share of children above it %.3f\n",
           n, mean, sqrt(sw2 / n - mean * mean), ns, sib / ns, 100.0 * top1 / n, pct / n);
    return 0;
}
