@_spi(Baseline) import BoxKit
import LaunchSupport
import ReportSink

/// BoxKit's creation profiler (`CreationProfiler`) on the app graph's launch work: what profiling adds to the
/// first resolve of every top, and the profile of that resolve, for the report's launch profile.
///
/// The timed row is `AppGraphSuite`'s first resolve of the tops on BoxKit's hash table, measured twice side by
/// side, interleaved, each repetition from a freshly registered box: with a profiler running and without one.
/// The profiler starts after registering and stops after the pass, both untimed, so the row holds what each
/// creation pays while it is observed (the clock reads, the lock, the record) and neither installing the
/// observer nor building the profile, which an app pays once per launch. The goal (`Targets.swift`) holds the
/// profiled pass to 2x the other.
///
/// Then one more profiled first resolve, untimed, gives the profile that the report prints: the services by
/// self time and the critical path.
struct ProfileSuite {
    let recorder: Recorder

    /// The app graph profiled.
    static let size = AppSize.small

    func run() {
        logProgress("launch profile of the app graph, N = \(Operation.grouped(Self.size.rawValue))")
        measureOverhead()
        recordProfile()
    }

    /// Records the first resolve of the tops from a freshly registered box without a profiler and with one.
    private func measureOverhead() {
        let size = Self.size
        let operation = Operation.appFirstResolve(size.rawValue)
        recorder.compareRepeated(operation, repetitions: nil, unit: .microseconds) { subjects in
            for profiling in [false, true] {
                subjects.add(.boxKit, as: Operation.appFirstResolve(size.rawValue, profiling: profiling)) {
                    let box = Box(backend: .hashTable)
                    size.register(in: box)
                    // Starting walks every registration to watch it: set-up, like registering, not the pass.
                    let profiler = profiling ? box.startProfiling() : nil
                    settleAllocator()
                    let elapsed = nanoseconds { size.resolveTops(from: box) }
                    // Stopped before the next repetition, so that no observer is installed while the unprofiled
                    // pass runs.
                    blackHole(value: profiler?.stop())
                    return elapsed / 1_000
                }
            }
        }
    }

    /// Profiles one more first resolve of the tops, after the row's repetitions warmed the code as they warm
    /// each other, and keeps its report for the markdown report.
    private func recordProfile() {
        let size = Self.size
        let box = Box(backend: .hashTable)
        size.register(in: box)
        settleAllocator()
        let profile = box.profile { size.resolveTops(from: box) }
        recorder.results.launchProfile = profile.report(top: 10)
    }
}
