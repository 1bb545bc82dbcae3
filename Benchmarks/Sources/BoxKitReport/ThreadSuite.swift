import BenchmarkServices
@_spi(Baseline) import BoxKit
import Foundation
import ReportSink
import Swinject
import Synchronization

/// Two threads resolving at once against one thread: aggregate throughput.
///
/// Each repetition times one worker thread doing `n` resolves, then two doing `n` each at the same moment
/// (from a common start line to the last finish); the speedup of that repetition is `2 * t1 / t2`. It also
/// records how many cores the two threads really got (their CPU time over the elapsed time): on a machine
/// busy with other work that falls below 2, and the speedups say more about the machine than the code. A
/// repetition whose two threads got less than `wantedCores` is tried again, up to `attempts` times in all,
/// keeping the try that got the most.
struct ThreadSuite {
    let recorder: Recorder
    /// How long the single-thread run of one repetition should take (thread start-up is amortised over it).
    let nanosecondsPerRun: Double
    /// The cores below which two racing threads count as sharing one (see the type's discussion).
    static let wantedCores = 1.8
    private let attempts = 3

    func run() {
        logProgress("two threads")
        let fixtures = Fixtures()
        let boxKit = fixtures.boxKit
        let dictionary = fixtures.dictionary
        let swinject = Unchecked(fixtures.swinject.synchronize())

        let shared = fixtures.floorEngine
        scaling("permanent", .floor, "one shared reference") { n in for _ in 0..<n { blackHole(shared) } }
        scaling("permanent", .boxKit) { n in for _ in 0..<n { blackHole(boxKit.resolve(Engine.self)) } }
        scaling("permanent", .dictionary) { n in for _ in 0..<n { blackHole(dictionary.resolve(Engine.self)) } }
        scaling("permanent", .swinject, ".container, synchronize()") { n in
            for _ in 0..<n { blackHole(swinject.value.resolve(Engine.self)!) }
        }

        let make = fixtures.floorCar
        scaling("transient", .floor, "stored closure") { n in for _ in 0..<n { blackHole(make()) } }
        scaling("transient", .boxKit) { n in for _ in 0..<n { blackHole(boxKit.resolve(Car.self)) } }
        scaling("transient", .dictionary) { n in for _ in 0..<n { blackHole(dictionary.resolve(Car.self)) } }
        scaling("transient", .swinject, ".transient, synchronize()") { n in
            for _ in 0..<n { blackHole(swinject.value.resolve(Car.self)!) }
        }
    }

    /// Measures `work` (which resolves `iterations` times) on one thread and on two, and records both and
    /// the speedup.
    private func scaling(
        _ life: String, _ subject: Subject, _ variant: String = "",
        _ work: @escaping @Sendable (_ iterations: Int) -> Void
    ) {
        var iterations = 1_000
        var elapsed = Self.race(threads: 1, iterations: iterations, work).elapsed
        while elapsed < nanosecondsPerRun / 4 && iterations < 1 << 40 {
            iterations *= 4
            elapsed = Self.race(threads: 1, iterations: iterations, work).elapsed
        }
        iterations = Swift.max(1, Int(Double(iterations) * nanosecondsPerRun / elapsed))
        _ = Self.race(threads: 2, iterations: iterations, work)

        var one: [Double] = []
        var two: [Double] = []
        var cores: [Double] = []
        for _ in 0..<recorder.harness.repetitions {
            var best: (one: Double, two: Double, cores: Double) = (0, 0, -1)
            for _ in 0..<attempts where best.cores < Self.wantedCores {
                let single = Self.race(threads: 1, iterations: iterations, work)
                let pair = Self.race(threads: 2, iterations: iterations, work)
                if pair.cores > best.cores { best = (single.elapsed, pair.elapsed, pair.cores) }
            }
            one.append(best.one)
            two.append(best.two)
            cores.append(best.cores)
        }
        let perResolve = Double(iterations)
        let results = recorder.results
        results.add(Operation.oneThread(life), subject, variant, Sample(values: one.map { $0 / perResolve }))
        results.add(Operation.twoThreads(life), subject, variant, Sample(values: two.map { $0 / (2 * perResolve) }))
        let speedups = zip(one, two).map { 2 * $0 / $1 }
        results.add(Operation.speedup(life), subject, variant, unit: .speedup, Sample(values: speedups))
        results.add(Operation.coresBusy(life), subject, variant, unit: .cores, Sample(values: cores))
    }

    /// Starts `threads` threads that each run `work(iterations)` once all have started; returns the
    /// nanoseconds from the first start to the last finish, and the CPU time the threads used over that.
    private static func race(
        threads: Int, iterations: Int, _ work: @escaping @Sendable (Int) -> Void
    ) -> (elapsed: Double, cores: Double) {
        let line = StartLine(threads: threads)
        let finished = DispatchSemaphore(value: 0)
        for _ in 0..<threads {
            Thread {
                line.arriveAndWait()
                let start = monotonicNanoseconds()
                let cpuStart = threadCPUNanoseconds()
                work(iterations)
                let cpu = threadCPUNanoseconds() - cpuStart
                line.record(start: start, end: monotonicNanoseconds(), cpu: cpu)
                finished.signal()
            }.start()
        }
        for _ in 0..<threads { finished.wait() }
        return (line.elapsed, line.cores)
    }
}

/// Where racing threads wait for each other, and the span from the first start to the last finish.
private final class StartLine: Sendable {
    private let threads: Int
    private let arrived = Atomic<Int>(0)
    private let span = Mutex<(start: UInt64, end: UInt64, cpu: UInt64)>((.max, 0, 0))

    init(threads: Int) {
        self.threads = threads
    }

    /// Returns once every thread has arrived.
    func arriveAndWait() {
        arrived.add(1, ordering: .acquiringAndReleasing)
        while arrived.load(ordering: .acquiring) < threads { sched_yield() }
    }

    func record(start: UInt64, end: UInt64, cpu: UInt64) {
        span.withLock { $0 = (Swift.min($0.start, start), Swift.max($0.end, end), $0.cpu + cpu) }
    }

    /// From the first start to the last finish.
    var elapsed: Double { span.withLock { Double($0.end - $0.start) } }

    /// The threads' CPU time over the elapsed time: how many cores they had on average.
    var cores: Double { span.withLock { Double($0.cpu) / Double($0.end - $0.start) } }
}

/// A value handed to another thread by a caller who knows it is safe there (Swinject's synchronized resolver).
struct Unchecked<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}
