/// How many first creations are in flight on all threads: resolutions whose nested resolutions are recorded
/// for ``Box/dependencyGraph()``. `_ResolutionThread.push` and `pop` keep it.
///
/// A ``ServiceProvider`` call returns its cached instance without looking at its thread's chain while the
/// count is 0: then no resolution on any thread, its own included, is recording. A thread sees its own
/// entries counted (program order), so a relaxed load is enough; another thread's only sends the call the
/// long way, which looks at its own chain.
@usableFromInline
struct _RecordingGate: Sendable {
    /// The one gate.
    static let shared = _RecordingGate()

    @usableFromInline let inFlight = _AtomicWords(count: 1)

    /// Whether no first creation is in flight on any thread.
    @inlinable
    var isIdle: Bool { inFlight.word.load(ordering: .relaxed) == 0 }

    /// Counts a recording chain entry pushed.
    func enter() {
        inFlight.word.wrappingAdd(1, ordering: .relaxed)
    }

    /// Counts `count` recording chain entries popped (or abandoned with a sandbox thread).
    func leave(_ count: Int) {
        inFlight.word.wrappingAdd(0 &- UInt64(count), ordering: .relaxed)
    }
}
