#include <stdio.h>
#include <stdlib.h>
#include "brain/search.h"
#include "tests/support/positions.h"
/* Each trap of tests/positions/depth_traps.txt searched to depths lo..hi: 1 avoided, 0 trapped. */
int main(int argc, char **argv)
{
    int lo = atoi(argv[1]), hi = atoi(argv[2]), n;
    Evaluator *ev = evaluator_cpu_create();
    Search *s = search_create(ev, 8u << 20);
    TestPosition *tp; n = tp_load("tests/positions/depth_traps.txt", &tp);
    for (int i = 0; i < n; i++) {
        printf("%-50.50s", tp[i].name);
        for (int d = lo; d <= hi; d++) {
            Board b = tp[i].board;
            SearchLimits lim = {.max_depth = d};
            search_clear(s);
            SearchResult r = search_best_move(s, &b, &lim, NULL);
            printf(" d%d:%d(%llu)", d, r.move != tp[i].avoid[0], (unsigned long long)r.nodes);
        }
        printf("\n");
    }
    return 0;
}
