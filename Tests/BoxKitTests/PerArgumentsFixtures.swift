import BoxKitTestSupport
import Foundation

// Fixtures of the `.perArguments` suites: an argument whose hashing and comparing a test controls, and a
// rendezvous that waits a bounded time.

/// An argument value whose `hash(into:)` and `==` call back into the test: `hooks.hashing(id)` runs inside
/// `hash(into:)`, `hooks.comparing(id)` inside `==` (for the left-hand side). Equal when the ids are.
struct HookedKey: Hashable, Sendable {
    let id: Int
    let hooks: KeyHooks

    init(_ id: Int, hooks: KeyHooks) {
        self.id = id
        self.hooks = hooks
    }

    func hash(into hasher: inout Hasher) {
        hooks.hashing(id)
        hasher.combine(id)
    }

    static func == (lhs: HookedKey, rhs: HookedKey) -> Bool {
        lhs.hooks.comparing(lhs.id)
        return lhs.id == rhs.id
    }
}

/// What a `HookedKey` runs while it is hashed or compared, set by the test before it resolves.
final class KeyHooks: @unchecked Sendable {
    private let onHash = Mutexed<@Sendable (Int) -> Void>({ _ in })
    private let onCompare = Mutexed<@Sendable (Int) -> Void>({ _ in })

    /// Runs `body(id)` whenever a key is hashed from now on.
    func whenHashing(_ body: @escaping @Sendable (Int) -> Void) { onHash.mutate { $0 = body } }

    /// Runs `body(id)` whenever a key is compared from now on.
    func whenComparing(_ body: @escaping @Sendable (Int) -> Void) { onCompare.mutate { $0 = body } }

    func hashing(_ id: Int) { onHash.value(id) }

    func comparing(_ id: Int) { onCompare.value(id) }
}

/// Threads that each arrive and then wait, for a bounded time, until `count` have arrived: whether work on
/// several threads runs at the same time, without a timing assertion.
final class Rendezvous: @unchecked Sendable {
    private let count: Int
    private let arrived = Mutexed(0)
    private let everyone = DispatchSemaphore(value: 0)

    init(_ count: Int) {
        self.count = count
    }

    /// Arrives, then waits until all `count` have arrived or `seconds` pass; whether they all arrived.
    func arriveAndWait(seconds: Double = 10) -> Bool {
        var last = false
        arrived.mutate {
            $0 += 1
            last = $0 == count
        }
        if last {
            for _ in 0..<count { everyone.signal() }
        }
        return everyone.wait(timeout: .now() + seconds) == .success
    }
}
