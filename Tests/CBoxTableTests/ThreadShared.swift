import CBoxAtomics
import Foundation

/// A value guarded by a lock, for the reports that threads share in these tests.
/// (`NSLock`: the tests build down to BoxKit's platform floor, below `Synchronization`'s.)
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) { stored = value }

    /// Runs `body` on the value, holding the lock.
    func withLock<R>(_ body: (inout Value) -> R) -> R { lock.withLock { body(&stored) } }
}

/// A counter threads and C callbacks update with relaxed atomics, which order nothing else: unlike a lock,
/// counting does not hide from ThreadSanitizer a race in the table it counts for.
final class RelaxedCounter: @unchecked Sendable {
    private let word = UnsafeMutablePointer<UInt64>.allocate(capacity: 1)

    init() { word.initialize(to: 0) }
    deinit { word.deallocate() }

    /// Adds `amount`.
    func add(_ amount: Int) { _ = cbox_atomic_add(word, UInt64(bitPattern: Int64(amount)), CBOX_ATOMIC_RELAXED) }

    /// Sets the count.
    func set(_ value: Int) { cbox_atomic_store(word, UInt64(bitPattern: Int64(value)), CBOX_ATOMIC_RELAXED) }

    /// The count.
    var value: Int { Int(Int64(bitPattern: cbox_atomic_load(word, CBOX_ATOMIC_RELAXED))) }
}

/// A flag raised once, with release and acquire ordering.
final class Flag: @unchecked Sendable {
    private let word = UnsafeMutablePointer<UInt64>.allocate(capacity: 1)

    init() { word.initialize(to: 0) }
    deinit { word.deallocate() }

    /// Raises the flag.
    func raise() { cbox_atomic_store(word, 1, CBOX_ATOMIC_RELEASE) }

    /// Whether the flag was raised.
    var isRaised: Bool { cbox_atomic_load(word, CBOX_ATOMIC_ACQUIRE) != 0 }
}
