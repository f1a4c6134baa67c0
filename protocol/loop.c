#define _POSIX_C_SOURCE 200809L
#include "protocol/loop.h"

#include <unistd.h>

#include "brain/clock.h"
#include "protocol/lineio.h"

/* Searches recurse and may keep sizeable frames; sanitizer builds need more still. */
#define WORKER_STACK_BYTES ((size_t)64 << 20)

typedef struct Worker {
    Protocol *p;
    pthread_t thread;
    bool busy;           /* started and not yet joined */
} Worker;

static void *worker_main(void *arg)
{
    Worker *w = arg;
    protocol_run_job(w->p);
    return NULL;
}

/* Starts the pending job in a thread; runs it inline if no thread can be had. */
static void worker_start(Worker *w)
{
    pthread_attr_t attr;
    engine_clear_stop(w->p->engine); /* before the worker runs: a YXSTOP after this counts */
    bool ok = pthread_attr_init(&attr) == 0;
    if (ok) {
        pthread_attr_setstacksize(&attr, WORKER_STACK_BYTES);
        ok = pthread_create(&w->thread, &attr, worker_main, w) == 0;
        pthread_attr_destroy(&attr);
    }
    w->busy = ok;
    if (!ok)
        protocol_run_job(w->p);
}

static void worker_join(Worker *w)
{
    if (w->busy)
        pthread_join(w->thread, NULL);
    w->busy = false;
}

/* END while thinking: managers kill a brain that lingers, so leave now. The output lock makes
 * sure that no reply is half-written and none follows. */
static void quit_now(Protocol *p)
{
    protocol_silence(p);
    _exit(0);
}

/* A line that arrived while the worker thinks. Returns true when it has been dealt with. */
static bool while_thinking(Worker *w, const char *line, size_t len)
{
    if (protocol_line_is(line, len, "END"))
        quit_now(w->p);
    if (protocol_line_is(line, len, "YXSTOP")) {
        engine_stop(w->p->engine);
        return true;
    }
    if (protocol_line_is(line, len, ""))
        return true; /* a blank line must not make END wait for the search */
    worker_join(w);
    return false;
}

int protocol_loop(Protocol *p, int in_fd)
{
    LineReader reader;
    char line[LINE_MAX_BYTES];
    Worker w = {.p = p, .busy = false};
    lineio_init(&reader, in_fd);
    for (;;) {
        size_t len;
        if (lineio_next(&reader, line, sizeof line, &len) <= 0)
            break;
        int64_t arrived = clock_ms();
        if (w.busy && while_thinking(&w, line, len))
            continue;
        ProtoAction a = protocol_handle_line(p, line, len, arrived);
        if (a == PROTO_QUIT)
            break;
        if (a == PROTO_THINK)
            worker_start(&w);
    }
    if (w.busy) { /* end of input while thinking: nobody reads the answer */
        protocol_silence(p);
        engine_stop(p->engine);
        worker_join(&w);
    }
    return 0;
}
