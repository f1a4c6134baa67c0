/* A thread that calls `fire(ctx)` after `after_ms`: the tests' way to stop a long think from
 * "another thread", as a manager's YXSTOP would. */
#ifndef GAMOK_TEST_STOPPER_H
#define GAMOK_TEST_STOPPER_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>

typedef struct Stopper {
    void (*fire)(void *ctx);
    void *ctx;
    int after_ms;
    atomic_bool fired; /* raised just before `fire` runs */
    pthread_t thread;
} Stopper;

/* Starts the thread; false when it cannot be started. */
bool stopper_start(Stopper *s, void (*fire)(void *ctx), void *ctx, int after_ms);
void stopper_join(Stopper *s);

/* Ready-made `fire`s: raise an atomic_int flag; engine_stop an Engine. */
void stopper_raise_flag(void *flag);
void stopper_stop_engine(void *engine);

#endif
