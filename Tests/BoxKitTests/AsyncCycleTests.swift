@_spi(Baseline) import BoxKit
@_spi(Baseline) import BoxKitTestSupport
import Testing

/// Two services whose async permanent factories need each other.
final class FacingA: Sendable {}
final class FacingB: Sendable {}

/// Lets tasks wait, suspended, until a number of them have arrived.
actor Arrivals {
    private let expected: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// A meeting point for `expected` tasks.
    init(expecting expected: Int) { self.expected = expected }

    /// Counts this arrival and returns once all expected tasks have arrived; no thread waits meanwhile.
    func arriveAndWait() async {
        guard waiting.count + 1 < expected else {
            waiting.forEach { $0.resume() }
            waiting.removeAll()
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }
}

@Suite("Async cycles across tasks")
struct AsyncCycleTests {
    /// Both creations are under way before either resolves the other, so neither task's chain holds the
    /// other service. The resolves run in a task of their own, waited for with a deadline and without
    /// blocking a thread, so that two creations awaiting each other fail the test instead of hanging it. The
    /// deadline counts only time in which the task pool could run them (see `finishesWithin`): other tests
    /// may hold every slot for longer than any fixed deadline, and creations awaiting each other never
    /// finish, however long the pool has.
    @Test("a cycle of async permanent factories started from both ends at once is reported", arguments: backends)
    func cycleFromBothEnds(backend: Box.Backend) async {
        let box = Box(backend: backend)
        let arrivals = Arrivals(expecting: 2)
        let errors = Mutexed<[BoxError]>([])
        box.register(life: .permanent) { r in
            await arrivals.arriveAndWait()
            do throws(BoxError) {
                _ = try await r.tryResolveAsync(FacingB.self)
            } catch {
                errors.mutate { $0.append(error) }
            }
            return FacingA()
        }
        box.register(life: .permanent) { r in
            await arrivals.arriveAndWait()
            do throws(BoxError) {
                _ = try await r.tryResolveAsync(FacingA.self)
            } catch {
                errors.mutate { $0.append(error) }
            }
            return FacingB()
        }
        let finished = await finishesWithin(seconds: 30) {
            async let a = box.resolveAsync(FacingA.self)
            async let b = box.resolveAsync(FacingB.self)
            _ = await (a, b)
        }
        #expect(finished, "the two creations awaited each other")
        let reported = errors.value
        #expect(reported.count == 1)
        #expect(reported.allSatisfy { $0.reason == .cycle })
    }
}
