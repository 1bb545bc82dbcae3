// CBoxTestSupport: what the tests read from the C library that Swift's Glibc module does not import.
#ifndef CBOXTESTSUPPORT_H
#define CBOXTESTSUPPORT_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The bytes the process's allocator has handed out and not taken back (glibc's `mallinfo2`: the blocks in
/// use in every arena, and those mapped on their own), or -1 where the allocator cannot say.
int64_t cbox_test_allocated_bytes(void);

#ifdef __cplusplus
}
#endif

#endif  // CBOXTESTSUPPORT_H
