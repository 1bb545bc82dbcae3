import BoxKitTestSupport
import Testing

/// The deadline that tests of possible deadlocks wait with: a deadlock must fail the test, not hang it.
@Suite("Deadlines in tests")
struct DeadlineTests {
    /// The limit is far above what a busy pool makes any test here wait (the whole suite takes less under
    /// ThreadSanitizer), and far below the deadline: only a finish the helper missed reaches it.
    @Test("an operation that finishes is reported finished as soon as it does", .timeLimit(.minutes(10)))
    func anOperationThatFinishes() async {
        let finished = await finishesWithin(seconds: 3_600) { await Task.yield() }
        #expect(finished)
    }

    @Test("an operation that finishes after the deadline, within the pool's turns, is reported finished")
    func anOperationThatFinishesWithinTheTurns() async {
        let finished = await finishesWithin(seconds: 0.1, turnsOfThePool: 5) {
            try? await Task.sleep(for: .seconds(1))
        }
        #expect(finished)
    }

    @Test("an operation that never finishes is reported unfinished once the pool has had its turns")
    func anOperationThatNeverFinishes() async {
        let finished = await finishesWithin(seconds: 0.1, turnsOfThePool: 2) {
            try? await Task.sleep(for: .seconds(3_600))
        }
        #expect(!finished)
    }
}
