@_spi(Baseline) import BoxKit
@_spi(Baseline) import BoxKitTestSupport
import Foundation
import Testing

/// Every wait in these tests is bounded, so that a resolve blocked by another value's work shows as a
/// failed expectation, not a hung run.
@Suite("The .perArguments lifetime: values do not wait for each other")
struct PerArgumentsConcurrencyTests {
    @Test("making one value's instance does not wait for another value's slow factory", arguments: backends)
    func newValueDoesNotWaitForAnotherFactory(backend: Box.Backend) {
        let box = Box(backend: backend)
        let slowStarted = DispatchSemaphore(value: 0)
        let otherReturned = DispatchSemaphore(value: 0)
        let releasedByOther = Mutexed(false)
        box.register(OrderedCar.self, life: .perArguments) { (_: Resolver, colour: String) in
            if colour == "slow" {
                slowStarted.signal()
                releasedByOther.mutate { $0 = otherReturned.wait(timeout: .now() + 10) == .success }
            }
            return OrderedCar(colour: colour)
        }
        let slow = Thread { _ = box.resolve(OrderedCar.self, arguments: "slow") }
        slow.start()
        slowStarted.wait()
        #expect(box.resolve(OrderedCar.self, arguments: "fast").colour == "fast")
        otherReturned.signal()
        #expect(returnsWithin(seconds: 20) { _ = box.resolve(OrderedCar.self, arguments: "slow") })
        #expect(releasedByOther.value)
    }

    @Test("a slow hash of one value does not hold up a resolve that finds another value", arguments: backends)
    func slowHashDoesNotBlockAnotherHit(backend: Box.Backend) {
        let box = Box(backend: backend)
        let hooks = KeyHooks()
        box.register(Tracked.self, life: .perArguments) { (_: Resolver, key: HookedKey) in Tracked(key.id) }
        let found = box.resolve(Tracked.self, arguments: HookedKey(2, hooks: hooks))
        let slowHashing = DispatchSemaphore(value: 0)
        let otherReturned = DispatchSemaphore(value: 0)
        let releasedByOther = Mutexed(false)
        hooks.whenHashing { id in
            guard id == 1 else { return }
            slowHashing.signal()
            releasedByOther.mutate { $0 = otherReturned.wait(timeout: .now() + 10) == .success }
        }
        let slowReturned = DispatchSemaphore(value: 0)
        let slow = Thread {
            _ = box.resolve(Tracked.self, arguments: HookedKey(1, hooks: hooks))
            slowReturned.signal()
        }
        slow.start()
        slowHashing.wait()
        #expect(box.resolve(Tracked.self, arguments: HookedKey(2, hooks: hooks)) === found)
        otherReturned.signal()
        hooks.whenHashing { _ in }
        #expect(returnsWithin(seconds: 20) { _ = box.resolve(Tracked.self, arguments: HookedKey(1, hooks: hooks)) })
        #expect(slowReturned.wait(timeout: .now() + 20) == .success)
        #expect(releasedByOther.value)
    }

    @Test("threads racing on several values make one instance per value, in parallel", arguments: backends)
    func racingThreadsMakeOneInstancePerValueInParallel(backend: Box.Backend) {
        let box = Box(backend: backend)
        let values = 4
        let made = Counter()
        let allFactoriesRan = Rendezvous(values)
        let overlapped = Mutexed(true)
        box.register(Tracked.self, life: .perArguments) { (_: Resolver, value: Int) in
            made.increment()
            let together = allFactoriesRan.arriveAndWait()
            overlapped.mutate { $0 = $0 && together }
            return Tracked(value)
        }
        let instances = Mutexed<[Int: Set<ObjectIdentifier>]>([:])
        onThreads(values * 4) { index in
            let value = index % values
            let instance = box.resolve(Tracked.self, arguments: value)
            #expect(instance.id == value)
            instances.mutate { $0[value, default: []].insert(ObjectIdentifier(instance)) }
        }
        #expect(made.count == values)
        #expect(instances.value.values.map(\.count) == Array(repeating: 1, count: values))
        #expect(overlapped.value)
    }

    @Test("a verification that gives up inside a value's creation leaves that value resolvable", arguments: backends)
    func abandonedCreationIsNotLeftClaimed(backend: Box.Backend) {
        let box = Box(backend: backend)
        Self.abandonValueCreation(in: box)
        #expect(returnsWithin(seconds: 20) { _ = box.resolve(Tracked.self, arguments: 1) })
    }

    /// The abandoned thread's identity (its record's address) may become a later thread's: the value's entry
    /// must not keep naming it as the creator, or that thread's resolve is taken for a cycle.
    @Test("a thread started after a verification gave up inside a value's creation makes that value")
    func abandonedCreatorIsForgotten() {
        for _ in 0..<20 {
            let box = Box()
            Self.abandonValueCreation(in: box)
            let failure = Mutexed<BoxError?>(nil)
            #expect(
                returnsWithin(seconds: 20) {
                    do throws(BoxError) {
                        _ = try box.tryResolve(Tracked.self, arguments: 1)
                    } catch {
                        failure.mutate { $0 = error }
                    }
                })
            #expect(failure.value == nil)
        }
    }

    /// Registers in `box` a `.perArguments` value whose factory needs an `Engine`, not registered yet, and a
    /// service that resolves value 1; verifies (which gives up inside that value's creation, on its sandbox
    /// thread); then registers the `Engine`, so that value 1 can be made.
    private static func abandonValueCreation(in box: Box) {
        box.register(Tracked.self, life: .perArguments) { (r: Resolver, value: Int) in
            _ = r.resolve(Engine.self)
            return Tracked(value)
        }
        box.register { r in r.resolve(Tracked.self, arguments: 1) }
        #expect(!box.verify().isEmpty)
        box.register { Engine() }
    }
}
