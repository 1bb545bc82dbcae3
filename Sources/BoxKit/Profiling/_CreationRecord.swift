/// A creation as it ends, before anything is copied out of its registration: what `_CreationObservers.collect`
/// hands each observer. Trivial to copy (no reference counted), so that a profiler keeps one per creation at
/// the cost of a few stores; ``ServiceCreation`` is made from it when someone reads it.
struct _CreationRecord {
    /// The registration made: valid while the record is being handed out (the chain entry, then a retain, holds
    /// it), and, for a profiler's records, while its observer is installed (`watched` or `retired` keeps it).
    let registration: Unmanaged<_AnyRegistration>
    /// The creation's number.
    let id: UInt64
    /// The number of the creation it was made for; 0 for none.
    let parentID: UInt64
    /// The thread it ran on (`_ResolutionThread.identity`).
    let thread: UInt64
    let isMainThread: Bool
    let isNew: Bool
    /// When it began and ended (`cbox_clock_now`).
    let start: UInt64
    let end: UInt64
}
