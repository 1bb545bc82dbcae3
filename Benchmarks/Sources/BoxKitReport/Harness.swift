/// Runs measurements: warms up, calibrates the iteration count, then repeats.
///
/// The subjects of one operation are measured interleaved (one repetition of each in turn, then the next
/// round), so that when other work on the machine comes and goes it disturbs them alike and their ratios
/// hold up better than their absolute values.
struct Harness: Sendable {
    /// How many times each measurement is repeated (at least 7).
    let repetitions: Int
    /// How long one repetition of a per-operation measurement should take.
    let nanosecondsPerRepetition: Double

    /// Measures the nanoseconds per operation of each body, which must perform its operation `iterations`
    /// times.
    ///
    /// Each body runs its own loop, so the harness adds no call per operation. The first runs of each warm
    /// caches and branch predictors and find an iteration count that fills `nanosecondsPerRepetition`; then
    /// the bodies run in turn, `repetitions` rounds, with those counts.
    ///
    /// - Parameter bodies: Each performs its operation `iterations` times, passing results to `blackHole`.
    /// - Returns: For each body, nanoseconds per operation, one value per repetition.
    func perOperation(_ bodies: [(_ iterations: Int) -> Void]) -> [Sample] {
        let counts = bodies.map { iterations(filling: nanosecondsPerRepetition, $0) }
        var values = Array(repeating: [Double](), count: bodies.count)
        for _ in 0..<repetitions {
            for (index, body) in bodies.enumerated() {
                values[index].append(nanoseconds { body(counts[index]) } / Double(counts[index]))
            }
        }
        return values.map(Sample.init(values:))
    }

    /// Repeats measurements that time themselves (ones that need fresh state each time), after one warm-up
    /// run of each, in turn.
    ///
    /// - Parameters:
    ///   - repetitions: How many measured rounds; the harness's own count when `nil`.
    ///   - runs: Each sets up, measures and returns one value (keeping setup and teardown out of its timing).
    /// - Returns: For each run, one value per repetition.
    func repeated(_ repetitions: Int? = nil, _ runs: [() -> Double]) -> [Sample] {
        for run in runs { _ = run() }
        var values = Array(repeating: [Double](), count: runs.count)
        for _ in 0..<(repetitions ?? self.repetitions) {
            for (index, run) in runs.enumerated() { values[index].append(run()) }
        }
        return values.map(Sample.init(values:))
    }

    /// The iteration count that makes one run of `body` last about `duration` nanoseconds, found by running it
    /// with growing counts (which also warms it up).
    func iterations(filling duration: Double, _ body: (_ iterations: Int) -> Void) -> Int {
        var iterations = 1
        var elapsed = nanoseconds { body(iterations) }
        while elapsed < duration / 8 && iterations < 1 << 40 {
            iterations *= elapsed < duration / 256 ? 8 : 2
            elapsed = nanoseconds { body(iterations) }
        }
        return Swift.max(1, Int(Double(iterations) * duration / Swift.max(elapsed, 1)))
    }
}
