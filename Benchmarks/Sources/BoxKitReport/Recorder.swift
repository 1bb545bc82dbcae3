/// Measures the subjects of one operation side by side with a harness and records them into the results.
///
/// ```swift
/// recorder.compare(Operation.permanent) { subjects in
///     subjects.add(.floor, "stored reference") { n in for _ in 0..<n { blackHole(engine) } }
///     subjects.add(.boxKit) { n in for _ in 0..<n { blackHole(box.resolve(Engine.self)) } }
/// }
/// ```
struct Recorder {
    let harness: Harness
    let results: Results

    /// The subjects of one comparison, each with what it runs.
    final class Subjects<Body> {
        fileprivate var entries: [(subject: Subject, variant: String, operation: String?, body: Body)] = []

        /// Adds `subject` (done the way `variant` says, when that needs saying), running `body`; its value is
        /// recorded under `operation` when given, instead of the comparison's (two settings of one subject
        /// measured side by side).
        func add(_ subject: Subject, _ variant: String = "", as operation: String? = nil, _ body: Body) {
            entries.append((subject, variant, operation, body))
        }
    }

    /// Measures nanoseconds per operation of every subject `build` adds, interleaved (see ``Harness``), and
    /// records them.
    ///
    /// Each body performs the operation `iterations` times.
    func compare(_ operation: String, _ build: (Subjects<(_ iterations: Int) -> Void>) -> Void) {
        let subjects = Subjects<(_ iterations: Int) -> Void>()
        build(subjects)
        let samples = harness.perOperation(subjects.entries.map(\.body))
        for (entry, sample) in zip(subjects.entries, samples) {
            results.add(entry.operation ?? operation, entry.subject, entry.variant, sample)
        }
    }

    /// Repeats measurements that time themselves, for every subject `build` adds, interleaved, and records
    /// them.
    ///
    /// Each body sets up, measures and returns one value in `unit` (nanoseconds per operation unless told).
    func compareRepeated(
        _ operation: String, repetitions: Int?, unit: Unit = .nanoseconds, _ build: (Subjects<() -> Double>) -> Void
    ) {
        let subjects = Subjects<() -> Double>()
        build(subjects)
        let samples = harness.repeated(repetitions, subjects.entries.map(\.body))
        for (entry, sample) in zip(subjects.entries, samples) {
            results.add(entry.operation ?? operation, entry.subject, entry.variant, unit: unit, sample)
        }
    }
}
