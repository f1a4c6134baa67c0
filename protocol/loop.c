#define _POSIX_C_SOURCE 200809L
#include "protocol/loop.h"

#include <poll.h>
#include <stdatomic.h>
#include <unistd.h>

#include "brain/clock.h"
#include "protocol/lineio.h"

/* Searches recurse and may keep sizeable frames; sanitizer builds need more still. */
#define WORKER_STACK_BYTES ((size_t)64 << 20)
/* After YXSTOP the stop request is repeated this often until the search has returned. */
#define RESTOP_MS 10

typedef struct Worker {
    Protocol *p;
    pthread_t thread;
    bool busy;           /* started and not yet joined */
    bool stop_requested; /* YXSTOP came during this search */
    atomic_bool done;    /* the job has replied */
} Worker;

static void *worker_main(void *arg)
{
    Worker *w = arg;
    protocol_run_job(w->p);
    atomic_store(&w->done, true);
    return NULL;
}

/* Starts the pending job in a thread; runs it inline if no thread can be had. */
static void worker_start(Worker *w)
{
    pthread_attr_t attr;
    w->stop_requested = false;
    atomic_store(&w->done, false);
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

/* The engine clears its stop flag when a search begins, so a YXSTOP that lands between the
 * worker's start and that moment would be lost: repeat the request until the search has
 * answered, while still watching the input for the next line. */
static void keep_stopping(Worker *w, const LineReader *r)
{
    while (!atomic_load(&w->done) && !lineio_buffered(r)) {
        struct pollfd in = {r->fd, POLLIN, 0};
        if (poll(&in, 1, RESTOP_MS) != 0)
            return; /* input (or an error the read will report) */
        engine_stop(w->p->engine);
    }
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
        w->stop_requested = true;
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
    Worker w = {.p = p, .busy = false, .stop_requested = false};
    atomic_init(&w.done, true);
    lineio_init(&reader, in_fd);
    for (;;) {
        size_t len;
        if (w.busy && w.stop_requested)
            keep_stopping(&w, &reader);
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
