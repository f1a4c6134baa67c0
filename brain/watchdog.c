#define _POSIX_C_SOURCE 200809L
#include "brain/watchdog.h"

#include <time.h>

#include "brain/clock.h"

#define POLL_MS 1

static void *watch(void *arg)
{
    Watchdog *w = arg;
    const struct timespec tick = {0, POLL_MS * 1000000L};
    while (!atomic_load(&w->done)) {
        if (clock_ms() >= w->deadline_ms) {
            atomic_store(w->stop, 1);
            break;
        }
        nanosleep(&tick, NULL);
    }
    return NULL;
}

bool watchdog_start(Watchdog *w, atomic_int *stop, int64_t deadline_ms)
{
    w->stop = stop;
    w->deadline_ms = deadline_ms;
    atomic_init(&w->done, 0);
    w->running = pthread_create(&w->thread, NULL, watch, w) == 0;
    return w->running;
}

void watchdog_finish(Watchdog *w)
{
    if (!w->running)
        return;
    atomic_store(&w->done, 1);
    pthread_join(w->thread, NULL);
    w->running = false;
}
