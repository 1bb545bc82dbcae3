// Wraps the C lock (cbox_lock_*): the one mutex BoxKit's writers take.
internal import CBoxRuntime

/// A heap-allocated pthread mutex.
///
/// Used instead of `Synchronization.Mutex`, which is above BoxKit's platform floor, and whose futex on Linux
/// ThreadSanitizer cannot see (it would report every access the mutex guards as a race).
final class _Lock: @unchecked Sendable {
    private let handle: OpaquePointer

    init() {
        handle = cbox_lock_create()
    }

    deinit {
        cbox_lock_destroy(handle)
    }

    /// Runs `body` while holding the lock. Not recursive.
    func withLock<R>(_ body: () throws -> R) rethrows -> R {
        cbox_lock_acquire(handle)
        defer { cbox_lock_release(handle) }
        return try body()
    }

}
