/* Windows side of brain/platform.h (mingw-w64 builds); empty elsewhere. */
#ifdef _WIN32
#include "brain/platform.h"

#include <fcntl.h>
#include <io.h>
#include <stdio.h>
#include <windows.h>

int64_t platform_monotonic_ms(void)
{
    /* QueryPerformanceCounter is monotonic and never fails on XP and later. */
    LARGE_INTEGER freq, now;
    QueryPerformanceFrequency(&freq);
    QueryPerformanceCounter(&now);
    int64_t f = freq.QuadPart;
    return now.QuadPart / f * 1000 + now.QuadPart % f * 1000 / f;
}

void platform_prepare_stdio(void)
{
    /* Text mode would eat CR bytes and stop at Ctrl-Z; lineio handles CR LF itself. stdout stays
     * in text mode: replies then end in CR LF, like every other Windows brain's. */
    _setmode(_fileno(stdin), _O_BINARY);
}
#endif
