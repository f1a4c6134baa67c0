/* Monotonic wall clock in milliseconds (the one platform-dependent timer of the brain). */
#ifndef GAMOK_CLOCK_H
#define GAMOK_CLOCK_H

#include <stdint.h>

int64_t clock_ms(void);

#endif
