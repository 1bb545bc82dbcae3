import BenchmarkServices
@_spi(Baseline) import BoxKit
import LaunchSupport
import ReportSink

/// BoxKit's resolves as Apple platforms run them, beside the same resolves as Linux runs them, in one
/// interleaved run: Apple platforms have no `membarrier`, so each reader fences itself after entering its
/// read section (`Box._fenceReaders(true)`); here a writer's `membarrier` orders the readers instead.
/// The goals (`Targets.swift`) hold the fenced protocol to 1.15x the membarrier one.
///
/// Each measurement turns the fences on or off for its own repetition, so both settings run in the same
/// process, alternating, on the same boxes.
struct AppleReadProtocolSuite {
    let recorder: Recorder

    /// How the readers of one measurement are ordered.
    enum Readers: CaseIterable {
        /// As Apple platforms: every reader fences itself.
        case readersFence
        /// As Linux: a writer's `membarrier`, readers without a fence.
        case membarrier

        /// The operation `base` is recorded as under this protocol.
        func operation(_ base: String) -> String { Operation.readProtocol(base, applePlatforms: self == .readersFence) }
    }

    func run() {
        logProgress("as on Apple platforms (readers fence)")
        let box = Box()
        registerBenchmarkServices(in: box)
        defer { Box._fenceReaders(false) }
        let resolves: [(String, (Int) -> Void)] = [
            (Operation.permanent, { n in for _ in 0..<n { blackHole(box.resolve(Engine.self)) } }),
            (Operation.transient, { n in for _ in 0..<n { blackHole(box.resolve(Car.self)) } }),
            (Operation.graph, { n in for _ in 0..<n { blackHole(box.resolve(GraphA.self)) } }),
        ]
        for (base, resolve) in resolves {
            recorder.compare(base) { subjects in
                for readers in Readers.allCases {
                    subjects.add(.boxKit, as: readers.operation(base)) { n in
                        Box._fenceReaders(readers == .readersFence)
                        resolve(n)
                    }
                }
            }
        }
        let size = AppSize.small
        let firstResolve = Operation.appFirstResolve(size.rawValue)
        recorder.compareRepeated(firstResolve, repetitions: nil, unit: .microseconds) { subjects in
            for readers in Readers.allCases {
                subjects.add(.boxKit, as: readers.operation(firstResolve)) {
                    Box._fenceReaders(readers == .readersFence)
                    let box = Box()
                    size.register(in: box)
                    settleAllocator()
                    return nanoseconds { size.resolveTops(from: box) } / 1_000
                }
            }
        }
    }
}
