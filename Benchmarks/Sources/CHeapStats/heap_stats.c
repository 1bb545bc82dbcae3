#include "CHeapStats.h"

#if defined(__has_include)
#if __has_include(<features.h>)
#include <features.h>  // defines __GLIBC__ on glibc
#endif
#endif

#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
#include <malloc.h>

long long heap_stats_bytes_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return (long long)(info.uordblks + info.hblkhd);
}
#else
long long heap_stats_bytes_in_use(void) { return -1; }
#endif
