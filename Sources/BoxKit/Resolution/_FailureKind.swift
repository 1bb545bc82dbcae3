/// Why a resolve failed: the one list of failures BoxKit decides. A lookup that cannot go on carries one
/// (`_Lookup.failure`, with the state `.failed`), a thrown error keeps it among its facts
/// (`_ObservedFailure.kind`), and ``BoxError/Reason`` is what a reader of the error sees
/// (`_ObservedFailure.outcome(in:)` maps one to the other).
///
/// A lookup tags its payload with the raw value plus one, so the raw values must stay below
/// `_Lookup.failureTags` less one (`LookupFailureTests` reads every case back).
@usableFromInline
enum _FailureKind: UInt8, Sendable {
    /// Nothing registered for the service type, key and argument types asked for (or registered only with
    /// other argument types): `.notRegistered` or `.argumentMismatch`, told apart when the error is read.
    case missing
    /// The registration found is already being made on this thread or in this task.
    case cycle
    /// The registration found has an async factory and the resolve was synchronous.
    case asyncFactory
    /// Making the registration found would nest resolutions past `_ResolutionThread.depthLimit`.
    case tooDeep
    /// The registration found must be made on a global actor, and the synchronous resolve ran elsewhere.
    case wrongIsolation
    /// The registration found takes runtime arguments, and was resolved without any
    /// (``ServiceStoring/service(_:)``).
    case argumentsRequired
    /// The registration found is a forward whose target's instance is not of the forwarded type.
    case typeMismatch
    /// The registration found has a factory that may throw, and it threw.
    case factoryFailed
    /// The registration found is `.weak`, and its factory made a value, not a class instance: only class
    /// instances can be held weakly.
    case madeValue
    /// A test box (``Box/init(testing:liveServices:reportingIssues:)``) made a registration it copied that the
    /// test did not replace and that is not marked ``ServiceStoring/testSafe()``.
    case liveService
    /// The registration found is a placeholder (`register(unimplemented:)`) with nothing to make.
    case unimplemented
}
