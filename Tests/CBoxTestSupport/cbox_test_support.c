#include "CBoxTestSupport.h"

#if defined(__GLIBC__) || defined(__linux__)
#include <malloc.h>
#endif

int64_t cbox_test_allocated_bytes(void) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
    struct mallinfo2 info = mallinfo2();
    return (int64_t)(info.uordblks + info.hblkhd);
#else
    return -1;
#endif
}
