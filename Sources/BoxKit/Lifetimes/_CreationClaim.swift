/// The right to create a registration's shared instance (`.permanent`, `.weak`), or the instance of one
/// argument value of a `.perArguments` registration (`_ArgumentInstance`): held by one thread at a time, the
/// one that runs the factory and the hooks, so that the factory runs once however many threads resolve at
/// the same moment.
///
/// Claiming is one compare-exchange and releasing one store; no mutex is held while the factory runs. A
/// thread that finds the claim held sleeps in the process's creation monitor (`_CreationMonitor`) until it
/// is released, then claims it in turn (and, for `.permanent`, finds the instance ready). That waiting is
/// what creating once requires: two threads that each create one of two services needing each other
/// (A -> B on one, B -> A on the other) wait for each other, as they would for any lock. The monitor is
/// shared by every registration, so a release wakes every waiter to check its own claim; waiting is rare.
/// One byte of the registration's atomic words: nothing is allocated.
@usableFromInline
struct _CreationClaim: Sendable {
    /// Whether a thread holds the claim.
    private let held: _AtomicByte

    /// The claim kept in `byte`, which must start at 0, be used for nothing else, and outlive the claim.
    init(_ byte: _AtomicByte) {
        held = byte
    }

    /// Claims, sleeping while another thread holds the claim.
    ///
    /// - Complexity: O(1) when no other thread holds it.
    func acquire() {
        while !held.claim() {
            _CreationMonitor.enter()
            while held.loadFlag(ordering: .sequentiallyConsistent) { _CreationMonitor.wait() }
            _CreationMonitor.leave()
        }
    }

    /// Runs `body` holding the claim if no thread holds it now, and returns what it returned; returns `nil`
    /// without running it, and without waiting, when a thread holds the claim (its creation is under way).
    func ifFree<R>(_ body: () -> R) -> R? {
        guard held.claim() else { return nil }
        defer { release() }
        return body()
    }

    /// Releases the claim and wakes the threads waiting in the monitor, if any.
    func release() {
        held.storeFlag(false, ordering: .sequentiallyConsistent)
        _CreationMonitor.changed()
    }
}
