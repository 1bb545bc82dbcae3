import ReportSink

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Puts the C allocator's free lists in one state before a timed pass that resolves the app graph, the same
/// for every subject. (Registering passes need none: the floor's allocates nothing while timed.)
///
/// glibc keeps small blocks freed recently in its fast bins, which hand them back to the next requests of
/// their size at little cost, and merges them into its other bins whenever a block of 1 KiB or more is
/// requested. Every container's set-up requests such blocks (its table, a dictionary's storage, an array of
/// registrations) after the previous repetition freed its objects; the floor's hand build does not. Unsettled,
/// the floor alone makes its objects from whatever the subject measured before it freed into the fast bins,
/// so its time moves with the order of the subjects (95 to 118 µs per pass at N = 300 in runs of the same
/// code), while every container makes its objects from merged bins. Requesting and freeing one 4 KiB block
/// merges the fast bins for every subject alike.
@inline(never)
func settleAllocator() {
    let block = malloc(4_096)
    blackHole(value: block)
    free(block)
}
