// What timed creations need: the clock they are timed with, and the process's count of creation observers.
#include "CBoxRuntime.h"

#include <time.h>

// Each on a cache line of its own: every first creation reads the count, and every timed creation writes the
// number.
_Alignas(64) uint64_t cbox_creation_observer_count = 0;
_Alignas(64) uint64_t cbox_creation_last_number = 0;

uint64_t cbox_clock_now(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}
