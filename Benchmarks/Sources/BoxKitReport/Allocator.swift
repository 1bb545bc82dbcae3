import ReportSink

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Puts glibc's fast bins in one state before a timed pass that resolves the app graph, the same for every
/// subject.
///
/// glibc keeps small blocks freed recently in a per-thread cache (a few of each size) and, past it, in its
/// fast bins, which hand them back to the next requests of their size at little cost; it merges the fast
/// bins into its other bins whenever a block of 1 KiB or more is requested. Every container's set-up requests
/// such blocks (its table, a dictionary's storage, an array of registrations) after the previous repetition
/// freed its objects; the floor's hand build does not. Unsettled, the floor alone makes its objects from
/// whatever the subject measured before it left in the fast bins, so its time moves with the order of the
/// subjects. Requesting and freeing one 4 KiB block merges the fast bins for every subject alike (the
/// per-thread cache keeps its few blocks either way). Registering passes are not settled: the floor's
/// allocates nothing while it is timed.
@inline(never)
func settleAllocator() {
    let block = malloc(4_096)
    blackHole(value: block)
    free(block)
}
