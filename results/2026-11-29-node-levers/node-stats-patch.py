p='/work/main/brain/search_tree.c'; s=open(p).read()
hdr='''#include "brain/threats.h"
#ifdef NODE_STATS
#include <stdio.h>
#include <stdlib.h>
static unsigned long long st_leaf, st_leafq, st_int[40], st_thr, st_ttcut, st_nvcf, st_nulltry, st_nullcut, st_rfut, st_red, st_redre, st_fullre, st_kids[40], st_mcp, st_vcfwin, st_cut[40], st_cutk[40];
static void st_print(void) {
    fprintf(stderr, "leaf %llu leafq %llu nodevcf %llu vcfwin %llu thr %llu ttcut %llu nulltry %llu nullcut %llu rfut %llu red %llu redre %llu fullre %llu mcp %llu\\n", st_leaf, st_leafq, st_nvcf, st_vcfwin, st_thr, st_ttcut, st_nulltry, st_nullcut, st_rfut, st_red, st_redre, st_fullre, st_mcp);
    for (int d = 1; d < 40; d++) if (st_int[d]) fprintf(stderr, "d%2d int %10llu kids/node %.2f cut %.2f firstcut %.2f\\n", d, st_int[d], (double)st_kids[d]/st_int[d], (double)st_cut[d]/st_int[d], st_cut[d]? (double)st_cutk[d]/st_cut[d]:0);
}
#define ST(x) (x)
#else
#define ST(x) ((void)0)
#endif'''
s=s.replace('#include "brain/threats.h"',hdr,1)
s=s.replace('void tree_init(void) { pthread_once(&lmr_once, lmr_build); }','''void tree_init(void) {
#ifdef NODE_STATS
    static int once; if (!once++) atexit(st_print);
#endif
    pthread_once(&lmr_once, lmr_build); }''')
s=s.replace('''        if (k < n && count_pruned(s, b, depth, k, moves[k], pv, quiet_node, best))
            continue;''','''        if (k < n && count_pruned(s, b, depth, k, moves[k], pv, quiet_node, best)) {
            ST(st_mcp++);
            continue;
        }''')
s=s.replace('''            v = alpha + 1;
            if (r > 0)
                v = -negamax(s, b, depth - 1 - r, ply + 1, -alpha - 1, -alpha);
            if (v > alpha && !s->aborted)
                v = -negamax(s, b, depth - 1, ply + 1, -alpha - 1, -alpha);
            if (v > alpha && v < beta && !s->aborted)
                v = -negamax(s, b, depth - 1, ply + 1, -beta, -alpha);''','''            v = alpha + 1;
            if (r > 0) {
                ST(st_red++);
                v = -negamax(s, b, depth - 1 - r, ply + 1, -alpha - 1, -alpha);
                if (v > alpha) ST(st_redre++);
            }
            if (v > alpha && !s->aborted)
                v = -negamax(s, b, depth - 1, ply + 1, -alpha - 1, -alpha);
            if (v > alpha && v < beta && !s->aborted) {
                ST(st_fullre++);
                v = -negamax(s, b, depth - 1, ply + 1, -beta, -alpha);
            }''')
s=s.replace('''        done_move(s, b, depth, k);
        if (s->aborted)
            return best;''','''        done_move(s, b, depth, k);
        ST(st_kids[depth < 40 ? depth : 39]++);
        if (s->aborted)
            return best;''')
s=s.replace('''            order_note_cutoff(s, b, ply, move, depth);''','''            order_note_cutoff(s, b, ply, move, depth);
            ST(st_cut[depth < 40 ? depth : 39]++); ST(st_cutk[depth < 40 ? depth : 39] += (k == 0));''')
s=s.replace('''    s->nodes += v.nodes;
    return v.move == CELL_NONE ? 0''','''    s->nodes += v.nodes;
    ST(st_nvcf += v.nodes); if (v.move != CELL_NONE) ST(st_vcfwin++);
    return v.move == CELL_NONE ? 0''')
s=s.replace('''    if (depth <= FUTILITY_DEPTH && eval - FUTILITY_MARGIN * depth >= beta)
        return eval;''','''    if (depth <= FUTILITY_DEPTH && eval - FUTILITY_MARGIN * depth >= beta) {
        ST(st_rfut++);
        return eval;
    }''')
s=s.replace('''        int r = depth >= NULL_DEEP_DEPTH ? NULL_R_DEEP : NULL_R;''','''        int r = depth >= NULL_DEEP_DEPTH ? NULL_R_DEEP : NULL_R;
        ST(st_nulltry++);''')
s=s.replace('''        if (v >= beta)
            return v >= PROVEN ? beta : v;''','''        if (v >= beta) {
            ST(st_nullcut++);
            return v >= PROVEN ? beta : v;
        }''')
s=s.replace('''    s->nodes += (uint64_t)q.nodes - 1;''','''    s->nodes += (uint64_t)q.nodes - 1;
    ST(st_leaf++); ST(st_leafq += q.nodes - 1);''')
s=s.replace('''    if (tt_cutoff(e, depth, ply, alpha, beta, &v))
        return v;''','''    ST(st_int[depth < 40 ? depth : 39]++);
    if (tt_cutoff(e, depth, ply, alpha, beta, &v)) {
        ST(st_ttcut++);
        return v;
    }''')
s=s.replace('''    int candidates = n;
    n = moves_defences(b, moves, n);''','''    int candidates = n;
    ST(st_thr++);
    n = moves_defences(b, moves, n);''')
open(p,'w').write(s)
