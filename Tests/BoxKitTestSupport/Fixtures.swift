@_spi(Baseline) import BoxKit
import CBoxAtomics
import Foundation

// Fixtures shared by the test targets (BoxKitTests and BoxKitAwaitTests), which re-export this module.

/// Both backends, for `@Test(arguments:)`: the same behaviour suite runs on each.
@_spi(Baseline)
public let backends = Box.Backend.allCases

/// Counts calls from any thread or task, with relaxed atomics: they order nothing else, so that counting
/// does not hide from ThreadSanitizer a race in the code it counts calls of (as a lock would).
public final class Counter: @unchecked Sendable {
    private let value = UnsafeMutablePointer<UInt64>.allocate(capacity: 1)

    /// A counter at zero.
    public init() { value.initialize(to: 0) }

    deinit { value.deallocate() }

    /// Adds one; returns the new count.
    @discardableResult
    public func increment() -> Int { Int(cbox_atomic_add(value, 1, CBOX_ATOMIC_RELAXED) + 1) }

    /// The calls counted so far.
    public var count: Int { Int(cbox_atomic_load(value, CBOX_ATOMIC_RELAXED)) }

    /// `make`, counting its calls, as a factory: `box.register(life: .weak, made.counting { Engine() })`.
    public func counting<Service>(_ make: @escaping () -> Service) -> () -> Service {
        {
            self.increment()
            return make()
        }
    }
}

/// A value guarded by a lock, for hooks and threads that record what they saw.
/// (`NSLock`, not `Mutex`: ThreadSanitizer sees a pthread mutex's synchronisation, not Mutex's futex.)
public final class Mutexed<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    /// A lock around `value`.
    public init(_ value: Value) { stored = value }

    /// Runs `body` on the value, holding the lock.
    public func mutate(_ body: (inout Value) -> Void) { lock.withLock { body(&stored) } }

    /// The value, read holding the lock.
    public var value: Value { lock.withLock { stored } }
}

/// A weak reference a test keeps to see whether an object was released.
public struct WeakReference<Object: AnyObject> {
    /// The object, while something else holds it.
    public weak var object: Object?

    /// A weak reference to `object`.
    public init(_ object: Object?) { self.object = object }
}

/// Whether `operation`, run in a task of its own, finishes within `seconds` of time in which the task pool
/// could have run it.
///
/// Nothing waits on a thread meanwhile: a blocked thread would keep a slot of the task pool (as many slots as
/// cores, on Linux) that the operation may need. Other tests may still hold every slot for longer than any
/// fixed deadline, so a clock alone cannot tell an operation that never finishes from one that waits for a
/// slot: past `seconds`, the operation has up to `turnsOfThePool` more chances, each a second after a task
/// queued behind the operation's work, at the caller's priority, has run. An operation that never finishes is
/// left suspended, and the test fails instead of hanging, unless the operation itself blocks every slot of the
/// pool: then no turn comes. The task inherits the caller's task-locals, so expectations inside it belong to
/// the caller's test.
///
/// - Parameters:
///   - seconds: How long to wait before the pool's turns are counted.
///   - turnsOfThePool: How many times the pool must have run a task queued after the operation's work, with a
///     second between them, before the operation counts as never finishing.
///   - operation: What must finish.
/// - Returns: Whether it finished in time.
public func finishesWithin(
    seconds: Double, turnsOfThePool: Int = 5, _ operation: @escaping @Sendable () async -> Void
) async -> Bool {
    precondition(turnsOfThePool >= 0, "turnsOfThePool must not be negative")
    let finished = Mutexed(false)
    let waiter = Mutexed<CheckedContinuation<Void, Never>?>(nil)
    let wake: @Sendable () -> Void = {
        var continuation: CheckedContinuation<Void, Never>?
        waiter.mutate { swap(&continuation, &$0) }
        continuation?.resume()
    }
    /// Returns when the operation has finished or `delay` has passed, whichever comes first.
    func wait(upTo delay: Double) async {
        await withCheckedContinuation { continuation in
            waiter.mutate { $0 = continuation }
            if finished.value { wake() }
            DispatchQueue.global().asyncAfter(deadline: .now() + delay, execute: wake)
        }
    }
    Task {
        await operation()
        finished.mutate { $0 = true }
        wake()
    }
    await wait(upTo: seconds)
    for _ in 0..<turnsOfThePool where !finished.value {
        await Task.detached(priority: Task.currentPriority) {}.value
        await wait(upTo: 1)
    }
    return finished.value
}

/// Whether `body`, run on a thread of its own, returns within `seconds`. A body that deadlocks leaves its
/// thread blocked for the rest of the process, and the test fails instead of hanging.
public func returnsWithin(seconds: Double, _ body: @escaping @Sendable () -> Void) -> Bool {
    let returned = DispatchSemaphore(value: 0)
    Thread {
        body()
        returned.signal()
    }.start()
    return returned.wait(timeout: .now() + seconds) == .success
}

/// A string equal to `key` whose bytes live in heap storage, however short: Swift keeps a string of up to 15
/// bytes inside the value unless it was made with room for more.
public func inStorage(_ key: String) -> String {
    var stored = String()
    stored.reserveCapacity(64)
    stored.append(contentsOf: key)
    return stored
}
