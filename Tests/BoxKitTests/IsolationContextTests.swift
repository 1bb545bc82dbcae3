@_spi(Baseline) import BoxKit
@_spi(Baseline) import BoxKitTestSupport
import Dispatch
import Foundation
import Testing

/// A serial executor that runs its jobs as blocks of a dispatch queue of its own, and knows that queue: it
/// implements both of Swift's ways to ask it whether it isolates the calling code, the one that answers
/// (`isIsolatingCurrentContext`) and the one that traps when the answer is no (`checkIsolated`).
final class QueueExecutor: SerialExecutor, @unchecked Sendable {
    let queue: DispatchQueue
    private let key = DispatchSpecificKey<ObjectIdentifier>()

    init(label: String) {
        queue = DispatchQueue(label: label)
        queue.setSpecific(key: key, value: ObjectIdentifier(self))
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedSerialExecutor()) }
    }

    func isIsolatingCurrentContext() -> Bool? { DispatchQueue.getSpecific(key: key) == ObjectIdentifier(self) }

    func checkIsolated() { dispatchPrecondition(condition: .onQueue(queue)) }
}

/// `QueueExecutor` without `isIsolatingCurrentContext`: asked whether it isolates the calling code, it can only
/// trap or say nothing.
final class AssertingQueueExecutor: SerialExecutor, @unchecked Sendable {
    let queue: DispatchQueue

    init(label: String) { queue = DispatchQueue(label: label) }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedSerialExecutor()) }
    }

    func checkIsolated() { dispatchPrecondition(condition: .onQueue(queue)) }
}

/// A global actor whose executor is a `QueueExecutor`.
@globalActor actor Quayside {
    static let shared = Quayside()
    static let executor = QueueExecutor(label: "Quayside")
    nonisolated var unownedExecutor: UnownedSerialExecutor { Self.executor.asUnownedSerialExecutor() }
}

/// A global actor whose executor is an `AssertingQueueExecutor`.
@globalActor actor Drydock {
    static let shared = Drydock()
    static let executor = AssertingQueueExecutor(label: "Drydock")
    nonisolated var unownedExecutor: UnownedSerialExecutor { Self.executor.asUnownedSerialExecutor() }
}

/// A service isolated to `Quayside`. Made anywhere else, it stops the test process.
@Quayside final class Crane {
    let cylinders: Int

    init(engine: Engine = Engine()) {
        Quayside.shared.preconditionIsolated("a Quayside-isolated service was made off its actor")
        cylinders = engine.cylinders
    }
}

/// A service isolated to `Drydock`.
@Drydock final class Hull {}

/// The thread these tests run on, off the task pool: each waits there for a block it queued, which takes no
/// slot of the pool (one per core, on Linux) that other tests may hold for a minute at a time.
@globalActor actor Pier {
    static let shared = Pier()
    private static let executor = ThreadExecutor(name: "IsolationContextTests")
    nonisolated var unownedExecutor: UnownedSerialExecutor { Self.executor.asUnownedSerialExecutor() }
}

/// What `body` returns, run as a block of `queue`, not in any task; `nil` when the block has not returned
/// within 60 seconds (on a main queue nobody drains, say), so that the test fails instead of hanging. Blocks
/// the calling thread meanwhile.
func onQueue<Result: Sendable>(_ queue: DispatchQueue, _ body: @escaping @Sendable () -> Result) -> Result? {
    let result = Mutexed<Result?>(nil)
    let returned = DispatchSemaphore(value: 0)
    queue.async {
        let value = body()
        result.mutate { $0 = value }
        returned.signal()
    }
    return returned.wait(timeout: .now() + 60) == .success ? result.value : nil
}

/// The error that `resolve`, run as a block of `queue`, throws: expected to have reason `.wrongIsolation`.
@discardableResult
func wrongIsolation(
    on queue: DispatchQueue, sourceLocation: SourceLocation = #_sourceLocation,
    _ resolve: @escaping @Sendable () throws(BoxError) -> Void
) throws -> BoxError {
    let result = try #require(onQueue(queue) { Result(catching: resolve) }, sourceLocation: sourceLocation)
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
    @Pier func mainQueueBlockTryResolves(backend: Box.Backend) throws {
        let box = Box(backend: backend)
        box.register(isolatedTo: MainActor.self) { @MainActor in MapView(title: "queued") }
        let title = onQueue(.main) {
            MainActor.assumeIsolated { Result { () throws(BoxError) in try box.tryResolve(MapView.self).title } }
        }
        #expect(try #require(title).get() == "queued")
    }

    @Test("a main-queue block resolves a main-actor service with resolve", arguments: backendNames)
    func mainQueueBlockResolves(backend: String) async {
        await #expect(processExitsWith: .success) { [backend] in
            let box = Box(backendNamed: backend)
            box.register(isolatedTo: MainActor.self) { @MainActor in MapView(title: "queued") }
            let title = onQueue(.main) { MainActor.assumeIsolated { box.resolve(MapView.self).title } }
            if title != "queued" { exit(1) }
        }
    }

    @Test("a block of a queue that targets the main queue resolves a main-actor service", arguments: backends)
    @Pier func queueTargetingMainResolves(backend: Box.Backend) throws {
        let box = Box(backend: backend)
        box.register(isolatedTo: MainActor.self) { @MainActor in MapView(title: "targeted") }
        let title = onQueue(DispatchQueue(label: "onto main", target: .main)) {
            MainActor.assumeIsolated { Result { () throws(BoxError) in try box.tryResolve(MapView.self).title } }
        }
        #expect(try #require(title).get() == "targeted")
    }

    @Test("a block on another queue gets wrongIsolation for a main-actor service", arguments: backends)
    @Pier func otherQueueRefusedForMainActor(backend: Box.Backend) throws {
        let box = Box(backend: backend)
        box.register(isolatedTo: MainActor.self) { @MainActor in MapView() }
        try wrongIsolation(on: elsewhere) { () throws(BoxError) in _ = try box.tryResolve(MapView.self) }
    }

    @Test("a block on a custom executor's queue resolves a service isolated to its actor", arguments: backends)
    @Pier func customExecutorQueueResolves(backend: Box.Backend) throws {
        let box = Box(backend: backend)
        box.register(isolatedTo: Quayside.self) { @Quayside in Crane(engine: Engine(cylinders: 8)) }
        let cylinders = onQueue(Quayside.executor.queue) {
            Result { () throws(BoxError) in try box.tryResolve(Crane.self).cylinders }
        }
        #expect(try #require(cylinders).get() == 8)
    }

    @Test("a block on another queue gets wrongIsolation for a custom executor's actor", arguments: backends)
    @Pier func otherQueueRefusedForCustomExecutor(backend: Box.Backend) throws {
        let box = Box(backend: backend)
        box.register(isolatedTo: Quayside.self) { @Quayside in Crane() }
        let error = try wrongIsolation(on: elsewhere) { () throws(BoxError) in
            _ = try box.tryResolve(Crane.self)
        }
        #expect(error.chain == ["BoxKitTests.Crane"])
    }

    @Test("a service first made on its executor's queue records its dependencies", arguments: backends)
    @Pier func firstCreationOnQueueRecords(backend: Box.Backend) throws {
        let box = Box(backend: backend)
        box.register { Engine() }
        box.register(life: .permanent, isolatedTo: Quayside.self) { @Quayside r in Crane(engine: r.resolve()) }
        let made = onQueue(Quayside.executor.queue) { (try? box.tryResolve(Crane.self)) != nil }
        #expect(made == true)
        #expect(box.dependencyGraph().edges == [.init(from: "BoxKitTests.Crane", to: "BoxKitTests.Engine")])
    }

    @Test("on the queue of an executor that can only trap, tryResolve throws wrongIsolation", arguments: backends)
    @Pier func assertingExecutorRefused(backend: Box.Backend) throws {
        let box = Box(backend: backend)
        box.register(isolatedTo: Drydock.self) { @Drydock in Hull() }
        try wrongIsolation(on: Drydock.executor.queue) { () throws(BoxError) in
            _ = try box.tryResolve(Hull.self)
        }
    }
}
