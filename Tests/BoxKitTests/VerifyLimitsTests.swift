import BoxKit
import Foundation
import Testing

/// A service whose factory verifies the box it is being created in.
final class Inspector {
    let problems: [BoxError]
    init(problems: [BoxError]) { self.problems = problems }
}

/// A service that needs something nothing provides.
final class Orphan {
    init(_ engine: Engine) {}
}

/// The number of threads in this process, from `/proc/self/status` (Linux).
private func threadCount() -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
    let line = status.split(separator: "\n").first { $0.hasPrefix("Threads:") }
    return line.flatMap { Int($0.dropFirst("Threads:".count).trimmingCharacters(in: .whitespaces)) }
}

@Suite("verify() limits")
struct VerifyLimitsTests {
    @Test(
        "verify() inside a factory returns at once, reporting what it did not verify",
        arguments: [LifeType.permanent, .transient])
    func verifyInsideAFactory(life: LifeType) throws {
        let box = Box()
        box.register { Engine() }
        box.register(life: life) { r in Inspector(problems: r.verify()) }
        let inspected = Mutexed<Inspector?>(nil)
        #expect(returnsWithin(seconds: 30) { inspected.mutate { $0 = box.resolve(Inspector.self) } })
        let problems = try #require(inspected.value).problems
        #expect(problems.map(\.reason) == [.notVerified, .notVerified])
        #expect(problems.map(\.serviceType) == ["BoxKitTests.Engine", "BoxKitTests.Inspector"])
        #expect(problems[0].chain == ["BoxKitTests.Inspector", "BoxKitTests.Engine"])
        #expect(problems[0].description.contains("verify() was called while resolving BoxKitTests.Inspector"))
    }

    /// In a process of its own: the threads verifications park stay for the rest of the process.
    @Test("repeated verifications park at most 64 threads, then report what they did not verify")
    func parkedThreadsAreBounded() async {
        await #expect(processExitsWith: .success) {
            let box = Box()
            box.register { r in Orphan(r.resolve()) }
            guard let before = threadCount() else { exit(2) }
            var last: [BoxError] = []
            for _ in 0..<100 { last = box.verify() }
            guard let after = threadCount() else { exit(3) }
            guard after - before <= 64 else { exit(4) }
            guard last.map(\.reason) == [.notVerified] else { exit(5) }
            exit(last[0].description.contains("already holds 64 threads") ? 0 : 6)
        }
    }
}
