import CBoxRuntime
import Dispatch
import Foundation
import Testing

/// A count that only threads holding `lock` change: plain memory, so that a thread let in beside another
/// loses increments (and ThreadSanitizer reports the race).
private final class GuardedCount: @unchecked Sendable {
    let lock = cbox_lock_create()
    var value = 0

    deinit { cbox_lock_destroy(lock) }

    /// Adds one, holding the lock; with `yielding`, gives up the processor before releasing it, so that other
    /// threads find it held and wait.
    func increment(yielding: Bool = false) {
        cbox_lock_acquire(lock)
        value += 1
        if yielding { sched_yield() }
        cbox_lock_release(lock)
    }
}

extension CBoxTableSuite {
    /// BoxKit's lock (`cbox_lock_*`): one atomic operation each way when uncontended, a wait on its condition
    /// variable otherwise (a pthread mutex on Apple platforms, where its word is not exposed; `make test-as-apple`
    /// builds that branch here, with `CBOX_PTHREAD_LOCK` defined for C and Swift alike).
    @Suite struct Lock {
        #if !canImport(Darwin) && !CBOX_PTHREAD_LOCK
            @Test func anUncontendedLockIsHeldBetweenAcquireAndRelease() {
                let lock = cbox_lock_create()
                defer { cbox_lock_destroy(lock) }
                #expect(cbox_lock_state(lock) == UInt32(CBOX_LOCK_FREE))
                cbox_lock_acquire(lock)
                #expect(cbox_lock_state(lock) == UInt32(CBOX_LOCK_HELD))
                cbox_lock_release(lock)
                #expect(cbox_lock_state(lock) == UInt32(CBOX_LOCK_FREE))
            }

            @Test func aThreadWaitingForTheLockTakesItWhenItsHolderReleasesIt() {
                let count = GuardedCount()
                cbox_lock_acquire(count.lock)
                let group = DispatchGroup()
                spawn(group) { count.increment() }
                // The waiter marks the lock contended just before it sleeps.
                let deadline = Date.now.addingTimeInterval(10)
                while cbox_lock_state(count.lock) != UInt32(CBOX_LOCK_CONTENDED) && Date.now < deadline {
                    usleep(1_000)
                }
                #expect(cbox_lock_state(count.lock) == UInt32(CBOX_LOCK_CONTENDED), "the waiter marked the lock")
                #expect(count.value == 0, "the waiter did not get in while the lock was held")
                count.value = 41
                cbox_lock_release(count.lock)
                guard finished(group, within: 10, "the waiting thread") else { return }
                #expect(count.value == 42)
                #expect(cbox_lock_state(count.lock) == UInt32(CBOX_LOCK_FREE), "the waiter released it")
            }
        #endif

        @Test func threadsThatContendForTheLockNeverHoldItTogether() {
            let count = GuardedCount()
            let threads = 8
            let rounds = 20_000
            let group = DispatchGroup()
            for _ in 0..<threads {
                spawn(group) {
                    for round in 0..<rounds { count.increment(yielding: round % 64 == 0) }
                }
            }
            guard finished(group, within: 60, "the contending threads") else { return }
            #expect(count.value == threads * rounds)
            #if !canImport(Darwin) && !CBOX_PTHREAD_LOCK
                #expect(cbox_lock_state(count.lock) == UInt32(CBOX_LOCK_FREE))
            #endif
        }
    }
}
