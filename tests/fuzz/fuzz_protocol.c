/* libFuzzer harness: raw bytes into the protocol as pbrain-gamok reads them (protocol/lineio.c
 * splits the lines from a file descriptor, protocol_handle_line handles each), the engine held
 * to tiny searches (tests/fuzz/fuzz_brain.c). Whatever arrives, no crash, every reply is a
 * protocol line, and a refused line leaves the position as it was. */
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

#include "protocol/lineio.h"
#include "tests/fuzz/fuzz_brain.h"

/* Longer inputs only repeat what short ones do, slower. */
#define INPUT_MAX 4096

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    int fds[2];
    if (size > INPUT_MAX) return 0;
    if (pipe(fds)) abort();
    /* the whole input fits the pipe's buffer: written at once, then end of input */
    if (write(fds[1], data, size) != (ssize_t)size) abort();
    close(fds[1]);
    FuzzBrain f;
    fuzz_brain_open(&f);
    LineReader reader;
    lineio_init(&reader, fds[0]);
    char line[LINE_MAX_BYTES];
    size_t len;
    while (lineio_next(&reader, line, sizeof line, &len) > 0 && fuzz_brain_line(&f, line, len)) {}
    fuzz_brain_close(&f);
    close(fds[0]);
    return 0;
}
