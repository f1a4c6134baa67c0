#include "brain/smp.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>

/* A helper runs the same search as the main one (whose thread gets 64 MB: protocol/loop.c).
 * Set, not left to the system: Windows' default thread stack is small. Only a reservation: the
 * pages a search touches are a small fraction. */
#define HELPER_STACK_BYTES ((size_t)16 << 20)

/* One helper: its search and what its thread searches. */
typedef struct Helper {
    Search *search;
    Board board;         /* its own copy: a search plays moves on its board */
    SearchRoot root;     /* its own copy of the main search's prepared root */
    SearchLimits lim;
    const atomic_int *stop;
    atomic_int *finished;
    SearchResult result; /* of its last call */
    pthread_t thread;
    bool running;
} Helper;

struct Smp {
    Search *main;
    int nhelpers;
    Helper *helpers;
    SearchRoot root;          /* the main search's, prepared once a call */
    SearchResult main_result; /* of the last call */
    atomic_int stop;          /* raised when the main search is done */
    atomic_int finished;      /* raised by a helper that completed the search: ends the main */
};

size_t smp_helper_bytes(void) { return search_fixed_bytes() + sizeof(Helper); }

Smp *smp_create(Search *main, Evaluator *ev, int helpers)
{
    if (helpers < 0 || helpers >= SMP_MAX_THREADS)
        return NULL;
    Smp *smp = calloc(1, sizeof *smp);
    if (!smp)
        return NULL;
    smp->main = main;
    atomic_init(&smp->stop, 0);
    atomic_init(&smp->finished, 0);
    smp->helpers = helpers ? calloc((size_t)helpers, sizeof *smp->helpers) : NULL;
    if (helpers && !smp->helpers) {
        free(smp);
        return NULL;
    }
    for (int i = 0; i < helpers; i++) {
        smp->helpers[i].search = search_create_shared(ev, main, i + 1);
        if (!smp->helpers[i].search) {
            smp_destroy(smp);
            return NULL;
        }
        smp->nhelpers++;
    }
    return smp;
}

void smp_destroy(Smp *smp)
{
    if (!smp)
        return;
    for (int i = 0; i < smp->nhelpers; i++)
        search_destroy(smp->helpers[i].search);
    free(smp->helpers);
    free(smp);
}

int smp_helpers(const Smp *smp) { return smp ? smp->nhelpers : 0; }

void smp_set_evaluator(Smp *smp, Evaluator *ev)
{
    for (int i = 0; i < smp->nhelpers; i++)
        search_set_evaluator(smp->helpers[i].search, ev);
}

static void *helper_main(void *arg)
{
    Helper *h = arg;
    h->result = search_iterate(h->search, &h->board, &h->lim, h->stop, NULL, &h->root);
    /* Its answer is the deepest there can be: the main search need not finish its own. */
    if (h->result.depth >= h->lim.max_depth || h->result.score >= SCORE_WIN_MIN)
        atomic_store(h->finished, 1);
    return NULL;
}

static void start_helpers(Smp *smp, const Board *b, const SearchLimits *lim)
{
    atomic_store(&smp->stop, 0);
    atomic_store(&smp->finished, 0);
    for (int i = 0; i < smp->nhelpers; i++) {
        Helper *h = &smp->helpers[i];
        search_set_observer(h->search, NULL); /* the main search alone reports */
        h->board = *b;
        h->root = smp->root;
        h->root.result.nodes = 0; /* the preparation's are the main search's */
        h->root.result.evals = 0;
        h->lim = *lim;
        h->stop = &smp->stop;
        h->finished = &smp->finished;
        pthread_attr_t attr;
        h->running = false;
        if (pthread_attr_init(&attr) != 0)
            continue;
        pthread_attr_setstacksize(&attr, HELPER_STACK_BYTES);
        h->running = pthread_create(&h->thread, &attr, helper_main, h) == 0;
        pthread_attr_destroy(&attr);
    }
}

static void stop_helpers(Smp *smp)
{
    atomic_store(&smp->stop, 1);
    for (int i = 0; i < smp->nhelpers; i++) {
        Helper *h = &smp->helpers[i];
        if (h->running)
            pthread_join(h->thread, NULL);
        h->running = false;
    }
}

/* Whether `a` answers better than `b`: a proven win first (the quicker one), then the deeper
 * completed iteration. Ties keep `b`. */
static bool answers_better(const SearchResult *a, const SearchResult *b)
{
    bool a_wins = a->score >= SCORE_WIN_MIN, b_wins = b->score >= SCORE_WIN_MIN;
    if (a_wins != b_wins)
        return a_wins;
    if (a_wins)
        return a->score > b->score;
    return a->depth > b->depth;
}

SearchResult smp_best_move(Smp *smp, Board *b, const SearchLimits *lim, const atomic_int *stop)
{
    /* While the main search runs the root's threat searches (a large part of a short move),
     * the helpers search a quick root list: what they store in the table is the main
     * search's to find, what they answer is thrown away. */
    search_prepare_quick(smp->main, b, &smp->root);
    bool early = smp->root.n > 1 && lim->max_depth > 1;
    if (early)
        start_helpers(smp, b, lim);
    bool final = search_prepare(smp->main, b, lim, stop, &smp->root);
    if (early)
        stop_helpers(smp);
    uint64_t early_nodes = 0, early_evals = 0;
    for (int i = 0; i < smp->nhelpers; i++) {
        early_nodes += smp->helpers[i].result.nodes;
        early_evals += smp->helpers[i].result.evals;
        smp->helpers[i].result = (SearchResult){CELL_NONE, 0, 0, 0, 0};
    }
    if (final) {
        smp->main_result = smp->root.result;
        SearchResult r = smp->main_result;
        r.nodes += early_nodes;
        r.evals += early_evals;
        return r;
    }
    start_helpers(smp, b, lim);
    smp->main_result = search_iterate(smp->main, b, lim, stop, &smp->finished, &smp->root);
    stop_helpers(smp);
    SearchResult best = smp->main_result;
    uint64_t nodes = best.nodes + early_nodes, evals = best.evals + early_evals;
    for (int i = 0; i < smp->nhelpers; i++) {
        const SearchResult *h = &smp->helpers[i].result;
        nodes += h->nodes;
        evals += h->evals;
        if (h->move != CELL_NONE && answers_better(h, &best))
            best = *h;
    }
    best.nodes = nodes;
    best.evals = evals;
    return best;
}

SearchResult smp_thread_result(const Smp *smp, int thread)
{
    return thread == 0 ? smp->main_result : smp->helpers[thread - 1].result;
}
