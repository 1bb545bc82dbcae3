/// How many threads have a creation in flight that is not plain: a first creation, whose nested resolutions are
/// recorded for ``Box/dependencyGraph()``, or a timed one. A thread counts once, however deeply such creations
/// nest: `_ResolutionThread.beginCreation` enters when the thread's first such entry begins and `popFinishing`
/// leaves when its last is popped, so that a graph's first resolve pays two atomic operations per outermost
/// first creation, not per service.
///
/// A ``ServiceProvider`` call returns its cached instance without looking at its thread's chain while the
/// count is 0: then no resolution on any thread, its own included, is recording. A thread sees its own
/// entry counted (program order), so a relaxed load is enough; another thread's only sends the call the
/// long way, which looks at its own chain.
@usableFromInline
struct _RecordingGate: Sendable {
    /// The one gate.
    static let shared = _RecordingGate()

    @usableFromInline let inFlight = _AtomicWords(count: 1)

    /// Whether no first creation is in flight on any thread.
    @inlinable
    var isIdle: Bool { inFlight.word.load(ordering: .relaxed) == 0 }

    /// Counts a thread that pushed its first recording chain entry.
    func enter() {
        inFlight.word.wrappingAdd(1, ordering: .relaxed)
    }

    /// Stops counting a thread that popped its last recording chain entry (or abandoned them with a sandbox
    /// thread).
    func leave() {
        inFlight.word.wrappingAdd(0 &- 1, ordering: .relaxed)
    }
}
