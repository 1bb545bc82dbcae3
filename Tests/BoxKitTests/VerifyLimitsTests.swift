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
/// it leaves its thread parked inside the initialiser, which then stays locked for the rest of the process.
enum LockedGlobal {
    static let cylinders: Int = lockedGlobalBox.resolve(Engine.self).cylinders
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

    /// In a process of its own, so that no other test's threads come and go.
    @Test("a failed verification leaves the process with the threads it had")
    func failedVerificationLeavesNoThread() async {
        await #expect(processExitsWith: .success) {
            let box = Box()
            box.register { r in Orphan(r.resolve()) }
            box.register { r in Car(engine: r.resolve(Engine.self, key: "V8")) }
            guard let before = processThreadCount() else { exit(2) }
            for _ in 0..<20 where box.verify().count != 2 { exit(3) }
            exit(threadCountFalls(to: before, within: 1) ? 0 : 4)
        }
    }

    /// In a process of its own: a verification is as complete after 100 failed ones as the first in a process.
    @Test("a clean verification after 100 failed ones in the same process finds no problems")
    func cleanVerificationAfterAHundredFailed() async {
        await #expect(processExitsWith: .success) {
            let failing = Box()
            failing.register { r in Orphan(r.resolve()) }
            for _ in 0..<100 where failing.verify().map(\.reason) != [.notRegistered] { exit(2) }
            let clean = Box()
            clean.register { Engine() }
            clean.register { r in Car(engine: r.resolve()) }
            exit(clean.verify().isEmpty ? 0 : 3)
        }
    }

    /// In a process of its own: the threads left blocked stay for the rest of the process.
    @Test("repeated verifications leave at most 64 threads blocked, then report what they did not verify")
    func blockedThreadsAreBounded() async {
        await #expect(processExitsWith: .success) {
            let never = DispatchSemaphore(value: 0)
            let box = Box()
            box.register { () -> Engine in
                never.wait()
                return Engine()
            }
            var last: [BoxError] = []
            for _ in 0..<70 { last = box.verify(patience: .milliseconds(20)) }
            guard last.map(\.reason) == [.notVerified] else { exit(2) }
            exit(last[0].description.contains("already holds 64 threads") ? 0 : 3)
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

    /// In a process of its own: the global stays locked for the rest of the process.
    @Test("a thread that reads a global whose initialiser a verification interrupted sleeps, and does not spin")
    func readerOfAnInterruptedGlobalSleeps() async {
        await #expect(processExitsWith: .success) {
            lockedGlobalBox.register { Car(engine: Engine(cylinders: LockedGlobal.cylinders)) }
            guard lockedGlobalBox.verify().map(\.reason) == [.notRegistered] else { exit(2) }
            let reader = Mutexed<Int?>(nil)
            Thread {
                reader.mutate { $0 = currentThreadID() }
                _ = LockedGlobal.cylinders
            }.start()
            var states: [Character] = []
            for _ in 0..<100 where states.count < 10 {
                usleep(50_000)
                if let id = reader.value, let state = threadState(id) { states.append(state) }
            }
            exit(states.count == 10 && states.allSatisfy { $0 == "S" } ? 0 : 3)
        }
    }

    /// In a process of its own: libdispatch stops a process whose thread ends inside a queue's block.
    @Test("a resolution that fails inside a dispatch queue's block is reported, and the process goes on")
    func failureInsideAQueuesBlock() async {
        await #expect(processExitsWith: .success) {
            let box = Box()
            box.register { r in DispatchQueue(label: "serial").sync { Orphan(r.resolve()) } }
            box.register { r in DispatchQueue.global().sync { Car(engine: r.resolve(Engine.self, key: "V8")) } }
            let problems = box.verify()
            exit(problems.map(\.reason) == [.notRegistered, .notRegistered] ? 0 : 2)
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
