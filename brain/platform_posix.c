/* POSIX side of brain/platform.h (Linux, macOS, the BSDs); empty on Windows. */
#ifndef _WIN32
#define _POSIX_C_SOURCE 200809L
#include "brain/platform.h"

#include <signal.h>
#include <time.h>

int64_t platform_monotonic_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

void platform_prepare_stdio(void)
{
    /* A manager that went away must not kill us mid-write; writes then just fail. */
    signal(SIGPIPE, SIG_IGN);
}
#endif
