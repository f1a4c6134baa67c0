#include "brain/clock.h"

#include "brain/platform.h"

int64_t clock_ms(void)
{
    return platform_monotonic_ms();
}
