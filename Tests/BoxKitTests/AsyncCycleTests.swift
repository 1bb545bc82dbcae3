@_spi(Baseline) import BoxKit
@_spi(Baseline) import BoxKitTestSupport
import Foundation
import Testing

/// Two services whose async permanent factories need each other.
final class FacingA: Sendable {}
final class FacingB: Sendable {}

/// Lets tasks wait until a number of them have arrived.
actor Arrivals {
    private var arrived = 0

    /// Counts this arrival and returns once `count` have arrived.
    func arriveAndWait(for count: Int) async {
        arrived += 1
        while arrived < count { await Task.yield() }
    }
}

@Suite("Async cycles across tasks")
struct AsyncCycleTests {
    /// Both creations are under way before either resolves the other, so neither task's chain holds the
    /// other service. The resolves run in a task of their own, waited for with a deadline, so that two
    /// creations awaiting each other fail the test instead of hanging it.
    @Test("a cycle of async permanent factories started from both ends at once is reported", arguments: backends)
    func cycleFromBothEnds(backend: Box.Backend) async {
        let box = Box(backend: backend)
        let arrivals = Arrivals()
        let errors = Mutexed<[BoxError]>([])
        box.register(life: .permanent) { r in
            await arrivals.arriveAndWait(for: 2)
            do throws(BoxError) {
                _ = try await r.tryResolveAsync(FacingB.self)
            } catch {
                errors.mutate { $0.append(error) }
            }
            return FacingA()
        }
        box.register(life: .permanent) { r in
            await arrivals.arriveAndWait(for: 2)
            do throws(BoxError) {
                _ = try await r.tryResolveAsync(FacingA.self)
            } catch {
                errors.mutate { $0.append(error) }
            }
            return FacingB()
        }
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            async let a = box.resolveAsync(FacingA.self)
            async let b = box.resolveAsync(FacingB.self)
            _ = await (a, b)
            done.signal()
        }
        let finished = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(returning: done.wait(timeout: .now() + 30) == .success)
            }
        }
        #expect(finished, "the two creations awaited each other")
        let reported = errors.value
        #expect(reported.count == 1)
        #expect(reported.allSatisfy { $0.reason == .cycle })
    }
}
