/* The few things that differ between POSIX and Windows, behind one small interface: the
 * monotonic clock and the standard streams of a brain process. There are no data files (the
 * brain needs none), so no executable-path lookup yet: add it here when one appears.
 * brain/platform_posix.c and brain/platform_win.c each compile to nothing on the other system,
 * so every build can take both files. Threads need no layer: Windows builds use winpthreads. */
#ifndef GAMOK_PLATFORM_H
#define GAMOK_PLATFORM_H

#include <stdint.h>

/* Monotonic wall clock in milliseconds. */
int64_t platform_monotonic_ms(void);

/* Makes stdin/stdout fit for a protocol pipe: a vanished manager must not kill the process
 * mid-write (POSIX: SIGPIPE), and stdin bytes must arrive untranslated (Windows: binary mode,
 * so CR LF reaches the line reader intact and a 0x1A byte is not end of input). */
void platform_prepare_stdio(void);

#endif

