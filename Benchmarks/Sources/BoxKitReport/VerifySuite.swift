import AppGraph
import BoxKit
import Foundation
import LaunchSupport

/// `verify()` of the 3,000-service app graph with 10 of its services unregistered, each one that others
/// depend on: how long the first call and a later call take, how many of the 10 each names, and how many
/// threads the process has before and after (the goal: all 10 named, under 0.5 s, no thread left behind,
/// a later call as good as the first).
///
/// Every call verifies the same box, in this process, after every other suite: a `verify()` that parks
/// threads on the problems it finds leaves them for the rest of the process. The later call is the 50th,
/// or the 5th in a quick run.
struct VerifySuite {
    let results: Results
    /// How many times `verify()` is called; the last is the later call measured.
    let calls: Int

    /// The services unregistered: two of each layer below the top, and every one is a dependency of some
    /// service of the layer above (the generator makes it so).
    static let missing: [Any.Type] = [
        G3000S0.self, G3000S250.self, G3000S500.self, G3000S750.self, G3000S1000.self,
        G3000S1250.self, G3000S1500.self, G3000S1750.self, G3000S2000.self, G3000S2250.self,
    ]

    func run() {
        logProgress("verify(), \(Operation.grouped(AppSize.large.rawValue)) registered, \(Self.missing.count) missing")
        let box = Box()
        AppSize.large.register(in: box)
        for type in Self.missing { precondition(box.unregister(type), "\(type) should have been registered") }
        let missingNames = Set(Self.missing.map { String(reflecting: $0) })
        let threadsBefore = Self.threadCount()

        for call in 1...calls {
            var problems: [BoxError] = []
            let elapsed = nanoseconds { problems = box.verify() }
            guard call == 1 || call == calls else { continue }
            let named = Set(problems.filter { $0.reason == .notRegistered }.map(\.serviceType))
                .intersection(missingNames).count
            let which = call == 1 ? "call 1" : "call \(call)"
            results.add(
                Operation.verifyTime(first: call == 1), .boxKit, "\(which), \(problems.count) problems",
                unit: .millisecondsPerCall, Sample(values: [elapsed / 1e6]))
            results.add(
                Operation.verifyNamed(first: call == 1), .boxKit, "\(which), of \(missingNames.count)", unit: .count,
                Sample(values: [Double(named)]))
        }

        guard let threadsBefore, let threadsAfter = Self.threadCount() else {
            logProgress("  threads: not counted (no /proc/self/task)")
            return
        }
        results.add(
            Operation.verifyThreadsLeft, .boxKit, "\(threadsBefore) before, \(threadsAfter) after", unit: .count,
            Sample(values: [Double(threadsAfter - threadsBefore)]))
    }

    /// The number of threads this process has, from `/proc/self/task` (Linux only).
    static func threadCount() -> Int? {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task"))?.count
    }
}
