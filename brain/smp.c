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
    SearchLimits lim;
    const atomic_int *stop;
    pthread_t thread;
    bool running;
} Helper;

struct Smp {
    Search *main;
    int nhelpers;
    Helper *helpers;
    atomic_int stop; /* raised when the main search is done */
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
    search_best_move(h->search, &h->board, &h->lim, h->stop);
    return NULL;
}

static void start_helpers(Smp *smp, const Board *b, const SearchLimits *lim,
                          const uint8_t *excluded)
{
    atomic_store(&smp->stop, 0);
    SearchObserver obs = {NULL, NULL, excluded}; /* helpers never report: main thread only */
    for (int i = 0; i < smp->nhelpers; i++) {
        Helper *h = &smp->helpers[i];
        search_set_observer(h->search, &obs);
        h->board = *b;
        h->lim = *lim;
        h->stop = &smp->stop;
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

SearchResult smp_best_move(Smp *smp, Board *b, const SearchLimits *lim, const atomic_int *stop,
                           const uint8_t *excluded)
{
    start_helpers(smp, b, lim, excluded);
    SearchResult r = search_best_move(smp->main, b, lim, stop);
    stop_helpers(smp);
    return r;
}
