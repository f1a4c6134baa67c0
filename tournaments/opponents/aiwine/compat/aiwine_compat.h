/* Linux compatibility shim for AIWine (force-included with -include).
 * Not part of upstream. Maps the few MSVC/Windows-isms used:
 *  - __min(a,b): MSVC macro.
 *  - clock(): on Windows (MSVC CRT) clock() is elapsed wall time; on glibc it is
 *    process CPU time. AIWine uses clock() for its time management, so map it
 *    to a monotonic wall clock in CLOCKS_PER_SEC units.
 */
#ifndef AIWINE_COMPAT_H
#define AIWINE_COMPAT_H
#include <time.h>
#ifdef __cplusplus
#include <ctime>
#include <algorithm>
#endif
#ifndef __min
#define __min(a, b) (((a) < (b)) ? (a) : (b))
#endif
static inline clock_t aiwine_wall_clock(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (clock_t)ts.tv_sec * (clock_t)CLOCKS_PER_SEC
         + (clock_t)(ts.tv_nsec / (1000000000L / (long)CLOCKS_PER_SEC));
}
#define clock aiwine_wall_clock
#endif
