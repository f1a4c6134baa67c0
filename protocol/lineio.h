/* Line reading from a file descriptor that survives whatever a manager (or a fuzzer) sends:
 * CR, LF and CR LF endings, NUL and non-UTF-8 bytes, and lines of any length (truncated). */
#ifndef GAMOK_LINEIO_H
#define GAMOK_LINEIO_H

#include <stdbool.h>
#include <stddef.h>

/* The longest line kept; the rest of a longer line is read and dropped. */
#define LINE_MAX_BYTES 4096

typedef struct LineReader {
    int fd;
    char buf[4096];     /* bytes read but not yet consumed */
    size_t start, end;  /* the unconsumed bytes are buf[start, end) */
    bool after_cr;      /* the last line ended with CR: an LF right after it is part of it */
    bool eof;
} LineReader;

void lineio_init(LineReader *r, int fd);

/* Reads the next line into out[0..cap) without its ending and NUL-terminates it (out may hold
 * NUL bytes: *len is the true length, at most cap - 1). A last line without an ending counts.
 * Returns 1 for a line, 0 at end of input, -1 on a read error. Blocks until a line is there. */
int lineio_next(LineReader *r, char *out, size_t cap, size_t *len);

/* True when bytes already read wait in the buffer (the next lineio_next may not block). */
bool lineio_buffered(const LineReader *r);

#endif
