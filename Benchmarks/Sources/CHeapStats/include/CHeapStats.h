// CHeapStats: the allocator's bytes in use, for the report's memory rows (glibc's mallinfo2, which Swift's
// Glibc module does not import).
#ifndef CHEAPSTATS_H
#define CHEAPSTATS_H

#ifdef __cplusplus
extern "C" {
#endif

/// The bytes the allocator has handed out and not had back (glibc: `uordblks + hblkhd` of `mallinfo2`, the
/// blocks in its arenas and those it mapped on their own), or -1 where that cannot be read.
long long heap_stats_bytes_in_use(void);

#ifdef __cplusplus
}
#endif

#endif
