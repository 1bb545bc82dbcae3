import Synchronization

/// One run of ``Box/verify()``: the registrations to resolve and the problems found so far.
///
/// The targets are resolved in order on a sandbox thread. When a resolution cannot go on (a missing
/// dependency, a cycle), `stop(with:)` records the problem and abandons that thread; `Box.verify()` then
/// starts another for the remaining targets. Only one sandbox thread runs at a time, and the hand-over
/// between it and the waiting caller is synchronised by the sandbox's lock, so the fields need no lock.
final class _Verification: @unchecked Sendable {
    /// How many sandbox threads verifications have parked in this process, or may park: a verification
    /// reserves a place before it starts a sandbox thread, and gives it back if the thread ends instead.
    /// At most `maxParkedThreads`, however many verifications run at once.
    private static let parkedThreads = Atomic<Int>(0)
    /// The most sandbox threads verifications may park in one process before they stop resolving.
    static let maxParkedThreads = 64

    /// Reserves a place for a sandbox thread that may be parked; false when `maxParkedThreads` are taken.
    static func reserveParking() -> Bool {
        var taken = parkedThreads.load(ordering: .relaxed)
        while taken < maxParkedThreads {
            let (exchanged, current) = parkedThreads.compareExchange(
                expected: taken, desired: taken + 1, ordering: .relaxed)
            if exchanged { return true }
            taken = current
        }
        return false
    }

    /// Gives back a place reserved for a sandbox thread that ended without being parked.
    static func releaseParking() {
        parkedThreads.wrappingSubtract(1, ordering: .relaxed)
    }

    /// Each registration with the box that holds it, in the order they are verified.
    let targets: [(box: Box, registration: _AnyServiceBox)]
    /// The index of the next target to resolve.
    var next = 0
    var problems: [BoxError] = []
    /// What each problem found so far was observed with (`BoxError._sameness`), so that each is reported once
    /// without rendering any. Problems observed alike render alike; two distinct types that share a name can
    /// make two problems whose text is the same.
    private var reported: Set<AnyHashable> = []
    /// The registrations whose creation claims the current sandbox thread holds, innermost last.
    var heldClaims: [_AnyServiceBox] = []

    init(targets: [(box: Box, registration: _AnyServiceBox)]) {
        self.targets = targets
    }

    /// Resolves the remaining targets on the calling sandbox thread, discarding what they make.
    func runTargets() {
        while next < targets.count {
            let (box, registration) = targets[next]
            next += 1
            _ = registration.verificationResolve(from: box)
        }
    }

    /// Reports every target not resolved yet as not verified, because of `why`, and ends the verification.
    func skipRemaining(because why: String, chain: [String]) {
        for (_, registration) in targets[next...] {
            problems.append(BoxError(notVerified: registration, because: why, chain: chain))
        }
        next = targets.count
    }

    /// How many sandbox threads this verification has parked (its `stop(with:)` calls).
    var stops = 0

    /// Records `error` (once) and abandons the calling sandbox thread.
    func stop(with error: BoxError) -> Never {
        stops += 1
        if reported.insert(error._sameness).inserted { problems.append(error) }
        _ResolutionThread.abandonSandbox(self)
    }
}
