#include "tests/support/stopper.h"

#include <time.h>

#include "brain/engine.h"

static void *stopper_main(void *arg)
{
    Stopper *s = arg;
    struct timespec t = {s->after_ms / 1000, (long)(s->after_ms % 1000) * 1000000L};
    nanosleep(&t, NULL);
    atomic_store(&s->fired, true);
    s->fire(s->ctx);
    return NULL;
}

bool stopper_start(Stopper *s, void (*fire)(void *ctx), void *ctx, int after_ms)
{
    s->fire = fire;
    s->ctx = ctx;
    s->after_ms = after_ms;
    atomic_init(&s->fired, false);
    return pthread_create(&s->thread, NULL, stopper_main, s) == 0;
}

void stopper_join(Stopper *s) { pthread_join(s->thread, NULL); }

void stopper_raise_flag(void *flag) { atomic_store((atomic_int *)flag, 1); }

void stopper_stop_engine(void *engine) { engine_stop(engine); }
