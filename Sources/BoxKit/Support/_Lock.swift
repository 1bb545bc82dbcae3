// Wraps the C lock (cbox_lock_*): the mutex of a box's writers, of every `_Locked` value and of `_LazyService`.
internal import CBoxRuntime

/// A heap-allocated mutex (`cbox_lock`). On Apple platforms, a pthread mutex, which lends a waiting thread's
/// priority to its owner. Elsewhere, one compare-and-swap to take it and one exchange to give it back when no
/// other thread wants it, which is how a box's writers nearly always find it; a thread that finds it held
/// sleeps on a pthread condition variable until it is given back.
///
/// Used instead of `Synchronization.Mutex`, which is above BoxKit's platform floor, and whose futex on Linux
/// ThreadSanitizer cannot see (it would report every access the mutex guards as a race); ThreadSanitizer sees
/// this one's hand-overs (its atomic operations, or the pthread mutex).
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
