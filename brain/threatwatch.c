#include "brain/threatwatch.h"

#include "brain/moves.h"
#include "brain/vct.h"

/* Node budgets of one threat search (a VCT's own VCFs included). A larger one rarely finds more:
 * a sequence the search has not found within them is usually not there at this many threes. */
#define FIRST_THREES 3 /* the main search's root checks go to 2 threes */
#define VCT_FOURS 12
#define THREAT_NODES 200000 /* our win, and the opponent's before our move (~0.2 s) */
#define REFUTE_NODES 50000  /* the opponent's after each of our root moves */

void threatwatch_reset(ThreatWatch *tw)
{
    atomic_store(&tw->win, CELL_NONE);
    for (int c = 0; c < BOARD_CELLS; c++)
        atomic_store_explicit(&tw->lost[c], 0, memory_order_relaxed);
    atomic_store(&tw->nlost, 0);
    tw->nodes = 0;
}

static VcfResult vct_of(ThreatWatch *tw, Board *b, int threes, uint64_t nodes,
                        const atomic_int *stop)
{
    VctLimits lim = {.max_threes = threes, .vcf_fours = VCT_FOURS, .max_nodes = nodes,
                     .stop = stop};
    VcfResult v = vct_find(b, &lim, &tw->memo);
    tw->nodes += v.nodes;
    return v;
}

static bool stopped(const atomic_int *stop)
{
    return stop && atomic_load_explicit(stop, memory_order_relaxed);
}

static void mark(ThreatWatch *tw, int cell)
{
    atomic_store(&tw->lost[cell], 1);
    atomic_fetch_add(&tw->nlost, 1);
}

/* Marks the root moves after which the opponent still wins by up to `threes` threes, when he
 * has such a win now. Marks are published only once some move is proven to stop him: where
 * every move checked so far loses, the tree's choice among them is kept, not the one move the
 * watch had no time to look at. */
static void mark_lost(ThreatWatch *tw, Board *b, const uint16_t *moves, int n, int threes,
                      const atomic_int *stop)
{
    int us = b->to_move;
    board_set_to_move(b, opponent_of(us));
    VcfResult threat = vct_of(tw, b, threes, THREAT_NODES, stop);
    board_set_to_move(b, us);
    if (threat.move == CELL_NONE)
        return;
    uint16_t pending[MOVES_MAX];
    int npending = 0;
    bool refuted = false;
    for (int i = 0; i < n && !stopped(stop); i++) {
        if (atomic_load(&tw->lost[moves[i]]))
            continue;
        board_play(b, moves[i]);
        VcfResult v = vct_of(tw, b, threes, REFUTE_NODES, stop);
        board_undo(b);
        if (v.move == CELL_NONE) {
            if (!v.aborted && !refuted) {
                refuted = true;
                for (int k = 0; k < npending; k++)
                    mark(tw, pending[k]);
            }
        } else if (refuted) {
            mark(tw, moves[i]);
        } else {
            pending[npending++] = moves[i];
        }
    }
}

static void watch(ThreatWatch *tw, Board *b, const uint16_t *moves, int n,
                  const atomic_int *stop)
{
    for (int threes = FIRST_THREES; threes <= THREAT_WATCH_THREES && !stopped(stop); threes++) {
        /* Defence first: the main search's tree loses to long threat sequences more often
         * than it misses long wins of its own. */
        if (n > 1)
            mark_lost(tw, b, moves, n, threes, stop);
        VcfResult win = vct_of(tw, b, threes, THREAT_NODES, stop);
        if (win.move != CELL_NONE) {
            atomic_store(&tw->win, win.move);
            return;
        }
    }
}

void threatwatch_run(ThreatWatch *tw, Board *b, const uint16_t *moves, int n,
                     const PatternTables *tables, const atomic_int *stop)
{
    vcf_memo_clear(&tw->memo);
    struct IncState *before = b->inc;
    if (tables) {
        inc_init(&tw->inc, tables, b->size, b->rule, b->cell);
        board_follow(b, &tw->inc);
    }
    watch(tw, b, moves, n, stop);
    b->inc = before;
}
