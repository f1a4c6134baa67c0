#include "brain/smp.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>

#include "brain/threatwatch.h"

/* A helper runs the same search as the main one (whose thread gets 64 MB: protocol/loop.c).
 * Set, not left to the system: Windows' default thread stack is small. Only a reservation: the
 * pages a search touches are a small fraction. */
#define HELPER_STACK_BYTES ((size_t)16 << 20)

/* One helper: its search and what its thread searches. */
typedef struct Helper {
    Search *search;
    const Search *main;  /* whose exclusions apply (read only: set before the threads start) */
    ThreatWatch *watch;  /* the first helper's: it watches threats first (brain/threatwatch.h) */
    const PatternTables *tables; /* the watch's incremental state's (NULL: none) */
    Board board;         /* its own copy: a search plays moves on its board */
    SearchRoot root;     /* its own copy of the main search's prepared (or quick) root */
    SearchLimits lim;
    const atomic_int *stop;
    atomic_int *finished; /* raised when its answer makes the main search's needless (or NULL) */
    SearchResult result; /* of its last call */
    pthread_t thread;
    bool running;
} Helper;

struct Smp {
    Search *main;
    int nhelpers;
    Helper *helpers;          /* [0..first_lazy) the threat watch, the others Lazy SMP */
    int first_lazy;           /* 1 with a watch (from SMP_WATCH_HELPERS helpers on), else 0 */
    BusyTable busy;           /* where the threads are (brain/busy.h) */
    SearchRoot root;          /* the main search's, prepared once a call */
    SearchResult main_result; /* of the last call */
    atomic_int stop;          /* raised when the Lazy SMP helpers must stop */
    atomic_int watch_stop;    /* raised when the threat watch must stop */
    atomic_int finished;      /* raised by a helper that completed the search: ends the main */
};

/* Counted with each helper, as if each had its own Smp: a small over-estimate. */
size_t smp_helper_bytes(void)
{
    return search_fixed_bytes() + sizeof(Helper) + sizeof(ThreatWatch) + sizeof(Smp);
}

Smp *smp_create(Search *main, Evaluator *ev, int helpers)
{
    if (helpers < 0 || helpers >= SMP_MAX_THREADS)
        return NULL;
    Smp *smp = calloc(1, sizeof *smp);
    if (!smp)
        return NULL;
    smp->main = main;
    smp->first_lazy = helpers >= SMP_WATCH_HELPERS ? 1 : 0;
    atomic_init(&smp->stop, 0);
    atomic_init(&smp->watch_stop, 0);
    atomic_init(&smp->finished, 0);
    smp->helpers = helpers ? calloc((size_t)helpers, sizeof *smp->helpers) : NULL;
    if (helpers && !smp->helpers) {
        free(smp);
        return NULL;
    }
    for (int i = 0; i < helpers; i++) {
        Helper *h = &smp->helpers[i];
        h->search = search_create_shared(ev, main, i + 1);
        h->main = main;
        h->tables = evaluator_pattern_tables(ev);
        bool watch = i < smp->first_lazy;
        h->watch = watch ? malloc(sizeof *h->watch) : NULL;
        if (!h->search || (watch && !h->watch)) {
            search_destroy(h->search);
            free(h->watch);
            smp_destroy(smp);
            return NULL;
        }
        search_set_busy(h->search, &smp->busy);
        smp->nhelpers++;
    }
    search_set_busy(main, &smp->busy);
    return smp;
}

void smp_destroy(Smp *smp)
{
    if (!smp)
        return;
    search_set_busy(smp->main, NULL);
    for (int i = 0; i < smp->nhelpers; i++) {
        search_destroy(smp->helpers[i].search);
        free(smp->helpers[i].watch);
    }
    free(smp->helpers);
    free(smp);
}

int smp_helpers(const Smp *smp) { return smp ? smp->nhelpers : 0; }

void smp_set_evaluator(Smp *smp, Evaluator *ev)
{
    for (int i = 0; i < smp->nhelpers; i++) {
        search_set_evaluator(smp->helpers[i].search, ev);
        smp->helpers[i].tables = evaluator_pattern_tables(ev);
    }
}

static void *helper_main(void *arg)
{
    Helper *h = arg;
    h->result = search_iterate(h->search, &h->board, &h->lim, h->stop, NULL, &h->root);
    /* Its answer is the deepest there can be: the main search need not finish its own. */
    bool final = h->result.depth >= h->lim.max_depth || h->result.score >= SCORE_WIN_MIN;
    if (final && h->finished)
        atomic_store(h->finished, 1);
    return NULL;
}

/* The threat watch on the quick root; a win it proves ends the main search unless its cell is
 * excluded (the watch searches the quick root, which keeps excluded cells). With time left
 * it searches the quick root like a Lazy SMP helper: what it stores in the table is the main
 * search's to find, what it answers is thrown away (the quick root was not filtered). */
static void *watch_main(void *arg)
{
    Helper *h = arg;
    threatwatch_run(h->watch, &h->board, h->root.moves, h->root.n, h->tables, h->stop);
    SearchResult tail = SEARCH_NO_RESULT;
    int win = atomic_load(&h->watch->win);
    if (search_excludes(h->main, win)) /* a blocked cell: as if there were no win */
        win = CELL_NONE;
    if (win != CELL_NONE)
        atomic_store(h->finished, 1);
    else if (h->root.n > 1 && !atomic_load(h->stop))
        tail = search_iterate(h->search, &h->board, &h->lim, h->stop, NULL, &h->root);
    /* a threat win's length is known only roughly, as at the main search's root */
    h->result = (SearchResult){win, win != CELL_NONE ? SEARCH_THREAT_WIN : 0, 0,
                               h->watch->nodes + tail.nodes, tail.evals, 0};
    return NULL;
}

static void start_helper(Smp *smp, Helper *h, const Board *b, const SearchLimits *lim,
                         const SearchRoot *root, bool watch, atomic_int *finished)
{
    search_set_observer(h->search, NULL); /* the main search alone reports */
    h->board = *b;
    h->board.inc = NULL; /* the search follows it with its own state */
    h->root = *root;
    h->root.result.nodes = 0; /* the preparation's are the main search's */
    h->root.result.evals = 0;
    h->lim = *lim;
    h->stop = watch ? &smp->watch_stop : &smp->stop;
    h->finished = finished;
    h->result = SEARCH_NO_RESULT; /* also when the thread cannot start */
    if (watch)
        threatwatch_reset(h->watch);
    pthread_attr_t attr;
    h->running = false;
    if (pthread_attr_init(&attr) != 0)
        return;
    pthread_attr_setstacksize(&attr, HELPER_STACK_BYTES);
    h->running = pthread_create(&h->thread, &attr, watch ? watch_main : helper_main, h) == 0;
    pthread_attr_destroy(&attr);
}

static void join_helper(Helper *h)
{
    if (h->running)
        pthread_join(h->thread, NULL);
    h->running = false;
}

/* The Lazy SMP helpers (all but the watch) on `root`. `early`: while the main search prepares
 * (on the quick root): their answers are thrown away, so they must not end the main search's
 * iterations before these begin (it would answer with its preparation's one-ply choice). */
static void start_helpers(Smp *smp, const Board *b, const SearchLimits *lim, bool early)
{
    atomic_store(&smp->stop, 0);
    for (int i = smp->first_lazy; i < smp->nhelpers; i++)
        start_helper(smp, &smp->helpers[i], b, lim, &smp->root, false,
                     early ? NULL : &smp->finished);
}

static void stop_helpers(Smp *smp)
{
    atomic_store(&smp->stop, 1);
    for (int i = smp->first_lazy; i < smp->nhelpers; i++)
        join_helper(&smp->helpers[i]);
}

static void stop_watch(Smp *smp)
{
    atomic_store(&smp->watch_stop, 1);
    if (smp->first_lazy > 0)
        join_helper(&smp->helpers[0]);
}

bool smp_answers_better(const SearchResult *a, const SearchResult *b)
{
    bool a_wins = a->score >= SCORE_WIN_MIN, b_wins = b->score >= SCORE_WIN_MIN;
    if (a_wins != b_wins)
        return a_wins;
    if (a_wins)
        return a->score > b->score;
    /* A deeper proof that every move loses does not beat a move not proven lost: the main
     * search answers one when the tree lost all the prepared moves (search_root_threats.c, root_rescue). */
    bool a_lost = a->score <= -SCORE_WIN_MIN, b_lost = b->score <= -SCORE_WIN_MIN;
    if (a_lost != b_lost)
        return b_lost;
    if (a->depth != b->depth)
        return a->depth > b->depth;
    if (a->partial != b->partial)
        return a->partial > b->partial;
    return a->partial > 0 && a->score > b->score;
}

/* What helpers `first`.. (joined) counted in their last calls; `forget`: and clears their
 * results. */
static void add_helper_counts(Smp *smp, int first, uint64_t *nodes, uint64_t *evals,
                              bool forget)
{
    for (int i = first; i < smp->nhelpers; i++) {
        *nodes += smp->helpers[i].result.nodes;
        *evals += smp->helpers[i].result.evals;
        if (forget)
            smp->helpers[i].result = SEARCH_NO_RESULT;
    }
}

/* The final answer: the main search's, or a helper's that answers better (smp_answers_better: a
 * Lazy SMP helper's deeper iteration or better best in the same one cut short, the watch's
 * proven win when not an excluded cell), with everyone's counts. */
static SearchResult combine(Smp *smp, uint64_t nodes, uint64_t evals)
{
    SearchResult best = smp->main_result;
    nodes += best.nodes;
    evals += best.evals;
    for (int i = 0; i < smp->nhelpers; i++) {
        const SearchResult *h = &smp->helpers[i].result;
        bool lazy = i >= smp->first_lazy;
        bool usable = h->move != CELL_NONE && (lazy || !search_excludes(smp->main, h->move));
        if (usable && smp_answers_better(h, &best)) {
            best = *h;
            best.depth = lazy ? h->depth : smp->main_result.depth;
        }
    }
    add_helper_counts(smp, 0, &nodes, &evals, false);
    best.nodes = nodes;
    best.evals = evals;
    return best;
}

SearchResult smp_best_move(Smp *smp, Board *b, const SearchLimits *lim, const atomic_int *stop)
{
    atomic_store(&smp->finished, 0);
    atomic_store(&smp->watch_stop, 0);
    /* While the main search runs the root's threat searches (a large part of a short move),
     * the watch starts on the quick root and the Lazy SMP helpers search it: what they store
     * in the table is the main search's to find, what they answer is thrown away. */
    search_prepare_quick(smp->main, b, &smp->root);
    bool iterating = lim->max_depth > 1;
    if (iterating && smp->first_lazy > 0)
        start_helper(smp, &smp->helpers[0], b, lim, &smp->root, true, &smp->finished);
    bool early = smp->root.n > 1 && iterating;
    if (early)
        start_helpers(smp, b, lim, true);
    bool final = search_prepare(smp->main, b, lim, stop, &smp->root);
    if (early)
        stop_helpers(smp);
    uint64_t early_nodes = 0, early_evals = 0;
    /* the watch (if any) runs on */
    add_helper_counts(smp, smp->first_lazy, &early_nodes, &early_evals, true);
    if (final) {
        stop_watch(smp);
        if (smp->first_lazy > 0) /* the answer is known without it (a forced move, a win) */
            smp->helpers[0].result.move = CELL_NONE;
        smp->main_result = smp->root.result;
        return combine(smp, early_nodes, early_evals);
    }
    start_helpers(smp, b, lim, false);
    SearchLimits main_lim = *lim;
    if (smp->first_lazy > 0)
        main_lim.lost = smp->helpers[0].watch->lost;
    smp->main_result = search_iterate(smp->main, b, &main_lim, stop, &smp->finished, &smp->root);
    stop_helpers(smp);
    stop_watch(smp);
    return combine(smp, early_nodes, early_evals);
}

SearchResult smp_thread_result(const Smp *smp, int thread)
{
    return thread == 0 ? smp->main_result : smp->helpers[thread - 1].result;
}
