import BoxKitTestSupport
import Foundation

// Running test bodies on threads of their own, for races.

/// Runs `body(index)` on `count` new threads that start together, and waits for all of them.
func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let started = DispatchGroup()
    let finished = DispatchGroup()
    let go = DispatchSemaphore(value: 0)
    for index in 0..<count {
        started.enter()
        finished.enter()
        let thread = Thread {
            started.leave()
            go.wait()
            body(index)
            finished.leave()
        }
        thread.stackSize = 1 << 20
        thread.start()
    }
    started.wait()
    for _ in 0..<count { go.signal() }
    finished.wait()
}

/// How many distinct objects `body(index)` returns, run on `count` new threads that start together: one when
/// they all got the same instance. Every object is kept until all are counted, so a released object's
/// address, reused by a later one, cannot make two instances look like one.
func distinctObjects(onThreads count: Int, _ body: @escaping @Sendable (Int) -> AnyObject) -> Int {
    let objects = Mutexed<[AnyObject]>([])
    onThreads(count) { index in
        let object = body(index)
        objects.mutate { $0.append(object) }
    }
    return Set(objects.value.map(ObjectIdentifier.init)).count
}

/// The thread the long stress and model tests run on, off the task pool: a test that waits for threads of its
/// own, or loops for seconds, holds no slot of the pool (one per core, on Linux) that other tests' tasks need
/// meanwhile. Its tests run one at a time, beside the rest. Closures its tests hand to other threads (to
/// `onThreads`, or as factories those threads call) must not be isolated to it.
@globalActor actor StressTestThread {
    static let shared = StressTestThread()
    private static let executor = ThreadExecutor(name: "BoxKitTests stress")
    nonisolated var unownedExecutor: UnownedSerialExecutor { Self.executor.asUnownedSerialExecutor() }
}
