/* For each line "moves | pv": walks the pv, printing each pv move's rank in our policy order
 * (among the tree's candidates), T when the mover is threatened, 4 when the move makes a four. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "brain/board.h"
#include "brain/moves.h"
#include "brain/search.h"
#include "brain/threats.h"
#include "kernels/incremental.h"
#include "kernels/patterns.h"
#include "kernels/policy.h"

static int rank_of(Board *b, int move, int *n_out)
{
    uint16_t moves[512];
    int n = moves_candidates(b, TREE_RADIUS, moves);
    const IncState *inc = board_incremental(b);
    PolicyRecent recent = policy_recent(b->history, b->nstones);
    int32_t mine = policy_score(inc, b->to_move, move, &recent), r = 1;
    int found = 0;
    for (int i = 0; i < n; i++) {
        if (moves[i] == move) found = 1;
        else if (policy_score(inc, b->to_move, moves[i], &recent) > mine) r++;
    }
    *n_out = n;
    return found ? r : -1;
}

int main(void)
{
    PatternTables *t = pattern_tables_create();
    static IncState inc;
    char line[8192];
    while (fgets(line, sizeof line, stdin)) {
        char *bar = strchr(line, '|');
        if (!bar) continue;
        *bar = 0;
        Board b;
        board_init(&b, 15, 0);
        inc_init(&inc, t, 15, 0, b.cell);
        board_follow(&b, &inc);
        for (char *tok = strtok(line, " \t\n"); tok; tok = strtok(NULL, " \t\n")) {
            int x, y;
            if (sscanf(tok, "%d,%d", &x, &y) == 2) board_play(&b, cell_index(x, y));
            else printf("%s ", tok);
        }
        for (char *tok = strtok(bar + 1, " \t\n"); tok; tok = strtok(NULL, " \t\n")) {
            int x, y;
            if (sscanf(tok, "%d,%d", &x, &y) != 2) break;
            int move = cell_index(x, y), n;
            const IncState *st = board_incremental(&b);
            const int *k = st->side[2 - b.to_move].count;
            int threatened = k[CELL_FLEX4] || k[CELL_43] || k[CELL_FIVE];
            int four = inc_makes_four(st, move, b.to_move);
            int r = rank_of(&b, move, &n);
            printf(" %d%s%s", r, threatened ? "T" : "", four ? "4" : "");
            board_play(&b, move);
        }
        printf("\n");
    }
    return 0;
}
