/* A timer thread that raises a stop flag at a deadline: the time limit for searches that only
 * poll a stop flag (the paper's full-width min-max). */
#ifndef GAMOK_WATCHDOG_H
#define GAMOK_WATCHDOG_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

typedef struct Watchdog {
    pthread_t thread;
    atomic_int *stop;   /* set to 1 at the deadline */
    int64_t deadline_ms;/* clock_ms() value */
    atomic_int done;    /* the guarded work finished: the thread exits */
    bool running;
} Watchdog;

/* Starts watching; false when no thread could be started (then nothing stops the work at the
 * deadline but the caller's own flag). */
bool watchdog_start(Watchdog *w, atomic_int *stop, int64_t deadline_ms);
/* Ends the thread (without touching the stop flag if the deadline has not come). */
void watchdog_finish(Watchdog *w);

#endif
