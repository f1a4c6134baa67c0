#define _POSIX_C_SOURCE 200809L
#include "protocol/lineio.h"

#include <errno.h>
#include <unistd.h>

void lineio_init(LineReader *r, int fd)
{
    r->fd = fd;
    r->start = r->end = 0;
    r->after_cr = false;
    r->eof = false;
}

/* Refills the buffer; returns 1 when bytes came, 0 at end of input, -1 on error. */
static int refill(LineReader *r)
{
    if (r->eof)
        return 0;
    for (;;) {
        ssize_t n = read(r->fd, r->buf, sizeof r->buf);
        if (n > 0) {
            r->start = 0;
            r->end = (size_t)n;
            return 1;
        }
        if (n == 0) {
            r->eof = true;
            return 0;
        }
        if (errno != EINTR)
            return -1;
    }
}

int lineio_next(LineReader *r, char *out, size_t cap, size_t *len)
{
    size_t n = 0;
    bool any = false; /* a line has begun (even an empty one ended by a terminator) */
    for (;;) {
        if (r->start == r->end) {
            int got = refill(r);
            if (got <= 0) {
                if (got < 0 && !any)
                    return -1;
                if (!any)
                    return 0;
                break; /* the last line had no ending */
            }
        }
        char c = r->buf[r->start++];
        if (c == '\n' && r->after_cr) { /* second half of CR LF */
            r->after_cr = false;
            continue;
        }
        r->after_cr = c == '\r';
        if (r->after_cr && r->start < r->end && r->buf[r->start] == '\n') {
            r->start++; /* CR LF in one buffer: take the LF now, nothing of it stays pending */
            r->after_cr = false;
        }
        if (c == '\r' || c == '\n')
            break;
        any = true;
        if (n + 1 < cap)
            out[n++] = c;
    }
    if (cap)
        out[n] = 0;
    *len = n;
    return 1;
}

bool lineio_buffered(const LineReader *r)
{
    return r->start < r->end;
}
