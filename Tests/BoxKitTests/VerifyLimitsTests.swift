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

/// The box behind `LockedGlobal`, in which nothing provides an `Engine`.
let lockedGlobalBox = Box()

/// A lazily initialised global whose initialiser resolves something missing: a verification that reaches
/// it parks its thread inside the initialiser, which then stays locked for the rest of the process.
enum LockedGlobal {
    static let cylinders: Int = lockedGlobalBox.resolve(Engine.self).cylinders
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

    /// In a process of its own: the global stays locked for the rest of the process.
    @Test("a verification after one that left a lazily initialised global locked reports it instead of hanging")
    func globalLeftLockedByAParkedThread() async {
        await #expect(processExitsWith: .success) {
            lockedGlobalBox.register { Car(engine: Engine(cylinders: LockedGlobal.cylinders)) }
            let first = lockedGlobalBox.verify(patience: .seconds(30))
            guard first.map(\.reason) == [.notRegistered], first[0].serviceType == "BoxKitTests.Engine" else { exit(2) }
            let second = Mutexed<[BoxError]>([])
            let returned = returnsWithin(seconds: 30) {
                second.mutate { $0 = lockedGlobalBox.verify(patience: .milliseconds(200)) }
            }
            guard returned else { exit(3) }
            guard second.value.map(\.reason) == [.notVerified], second.value[0].serviceType == "BoxKitTests.Car"
            else { exit(4) }
            exit(second.value[0].description.contains("did not finish within 0.2 seconds") ? 0 : 5)
        }
    }

    @Test("a registration whose factory outlasts the patience is reported, and verification goes on")
    func slowFactoryIsReportedAndTheRestVerified() {
        let box = Box()
        let mayReturn = DispatchSemaphore(value: 0)
        box.register(key: "slow") { () -> Engine in
            _ = mayReturn.wait(timeout: .now() + 30)
            return Engine()
        }
        box.register { r in Orphan(r.resolve(key: "missing")) }
        box.register { Car() }
        let problems = box.verify(patience: .milliseconds(200))
        mayReturn.signal()
        #expect(problems.map(\.reason) == [.notVerified, .notRegistered])
        #expect(problems.map(\.serviceType) == ["BoxKitTests.Engine", "BoxKitTests.Engine"])
        #expect(problems.first?.key == "slow")
        #expect(problems.first?.description.contains("did not finish within 0.2 seconds") == true)
    }
}
