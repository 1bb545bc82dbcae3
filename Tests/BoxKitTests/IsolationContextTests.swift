@_spi(Baseline) import BoxKit
@_spi(Baseline) import BoxKitTestSupport
import Dispatch
import Foundation
import Testing

/// What `body` returns, run as a block of `queue`, not in any task; `nil` when the block has not run within
/// 60 seconds (a main queue nobody drains, say), so that the test fails instead of hanging.
func onQueue<Result: Sendable>(_ queue: DispatchQueue, _ body: @escaping @Sendable () -> Result) async -> Result? {
    let result = Mutexed<Result?>(nil)
    let ran = await finishesWithin(seconds: 60) {
        await withCheckedContinuation { continuation in
            queue.async {
                let value = body()
                result.mutate { $0 = value }
                continuation.resume()
            }
        }
    }
    return ran ? result.value : nil
}

/// The error that `resolve`, run as a block of `queue`, throws: expected to have reason `.wrongIsolation`.
@discardableResult
func wrongIsolation(
    on queue: DispatchQueue, sourceLocation: SourceLocation = #_sourceLocation,
    _ resolve: @escaping @Sendable () throws(BoxError) -> Void
) async throws -> BoxError {
    let result = try #require(await onQueue(queue) { Result(catching: resolve) }, sourceLocation: sourceLocation)
    return try expectBoxError(.wrongIsolation, sourceLocation: sourceLocation) { try result.get() }
}

/// A queue of its own: on no actor.
let elsewhere = DispatchQueue(label: "elsewhere")

/// A synchronous resolve may make a service where Swift itself says the code runs on the service's actor
/// (`assumeIsolated` passes) and the runtime or Dispatch can tell without trapping. The Swift Testing runner's
/// main thread has handed the main queue to `dispatchMain()` on Linux, so that main-queue blocks run on
/// other threads there: the main-queue tests check Dispatch's answer, not the main thread's.
@Suite("What on the actor means")
struct IsolationContextTests {
    @Test("a main-queue block resolves a main-actor service with tryResolve", arguments: backends)
    func mainQueueBlockTryResolves(backend: Box.Backend) async throws {
        let box = Box(backend: backend)
        box.register(isolatedTo: MainActor.self) { @MainActor in MapView(title: "queued") }
        let title = await onQueue(.main) {
            MainActor.assumeIsolated { Result { () throws(BoxError) in try box.tryResolve(MapView.self).title } }
        }
        #expect(try #require(title).get() == "queued")
    }

    @Test("a main-queue block resolves a main-actor service with resolve", arguments: backendNames)
    func mainQueueBlockResolves(backend: String) async {
        await #expect(processExitsWith: .success) { [backend] in
            let box = Box(backendNamed: backend)
            box.register(isolatedTo: MainActor.self) { @MainActor in MapView(title: "queued") }
            let title = await onQueue(.main) { MainActor.assumeIsolated { box.resolve(MapView.self).title } }
            if title != "queued" { exit(1) }
        }
    }

    @Test("a block of a queue that targets the main queue resolves a main-actor service", arguments: backends)
    func queueTargetingMainResolves(backend: Box.Backend) async throws {
        let box = Box(backend: backend)
        box.register(isolatedTo: MainActor.self) { @MainActor in MapView(title: "targeted") }
        let title = await onQueue(DispatchQueue(label: "onto main", target: .main)) {
            MainActor.assumeIsolated { Result { () throws(BoxError) in try box.tryResolve(MapView.self).title } }
        }
        #expect(try #require(title).get() == "targeted")
    }

    @Test("a block on another queue gets wrongIsolation for a main-actor service", arguments: backends)
    func otherQueueRefusedForMainActor(backend: Box.Backend) async throws {
        let box = Box(backend: backend)
        box.register(isolatedTo: MainActor.self) { @MainActor in MapView() }
        try await wrongIsolation(on: elsewhere) { () throws(BoxError) in _ = try box.tryResolve(MapView.self) }
    }
}
