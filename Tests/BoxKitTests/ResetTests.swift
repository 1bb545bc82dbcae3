@_spi(Baseline) import BoxKit
@_spi(Baseline) import BoxKitTestSupport
import Foundation
import Testing

extension Box.Scope {
    static let session: Box.Scope = "session"
    static let device: Box.Scope = "device"
}

@Suite("Resetting shared instances, and named scopes")
struct ResetTests {
    @Test(
        "reset() makes the next resolve of a permanent build a new instance, keeping the registration",
        arguments: backends)
    func resetMakesFreshPermanent(backend: Box.Backend) {
        let box = Box(backend: backend)
        let made = Counter()
        box.register(life: .permanent, made.counting { Engine() })
        let before: Engine = box.resolve()
        #expect(box.reset() == 1)
        let after: Engine = box.resolve()
        #expect(before !== after)
        #expect(after === box.resolve(Engine.self))
        #expect(made.count == 2)
        #expect(box.registeredServiceCount == 1)
    }

    @Test("reset() releases the old permanent instance once nothing holds it", arguments: backends)
    func resetReleasesOldInstance(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(life: .permanent) { Tracked() }
        weak var old: Tracked?
        do { old = box.resolve() as Tracked }
        box.reset()
        #expect(eventuallyReleased(box) { old == nil })
    }

    @Test("reset() leaves transient and graph registrations, and drops weak ones", arguments: backends)
    func resetByLifetime(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register { Car() }
        box.register(life: .graph) { Wheel() }
        box.register(life: .weak) { Tracked() }
        let held: Tracked = box.resolve()
        #expect(box.reset() == 1)
        #expect(box.resolve(Tracked.self) !== held)
        #expect(box.registeredServiceCount == 3)
    }

    @Test("hooks run again on the instance made after a reset", arguments: backends)
    func hooksRunAgain(backend: Box.Backend) {
        let box = Box(backend: backend)
        let hooks = Counter()
        box.register(life: .permanent) { Engine() }.onInitialised { _, _ in hooks.increment() }
        _ = box.resolve(Engine.self)
        box.reset()
        _ = box.resolve(Engine.self)
        _ = box.resolve(Engine.self)
        #expect(hooks.count == 2)
    }

    @Test("reset() counts only the registrations that kept an instance", arguments: backends)
    func resetCountsKeptInstances(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(life: .permanent) { Engine() }
        box.register(key: "never resolved", life: .permanent) { Engine() }
        box.register(life: .weak) { Tracked() }
        box.register(key: "released", life: .weak) { Tracked() }
        box.register(OrderedCar.self, life: .perArguments) { (_: Resolver, colour: String) in
            OrderedCar(colour: colour)
        }
        box.register(OrderedCar.self, key: "never resolved", life: .perArguments) { (_: Resolver, colour: String) in
            OrderedCar(colour: colour)
        }
        _ = box.resolve(Engine.self)
        let held: Tracked = box.resolve()
        _ = box.resolve(Tracked.self, key: "released")
        _ = box.resolve(OrderedCar.self, arguments: "red")
        #expect(box.reset() == 3)
        #expect(box.reset() == 0, "nothing was made since the first reset")
        withExtendedLifetime(held) {}
    }

    @Test("reset(_:key:) of a registration that has made nothing yet drops nothing", arguments: backends)
    func resetOneUnmade(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(life: .permanent) { Engine() }
        #expect(!box.reset(Engine.self))
        _ = box.resolve(Engine.self)
        #expect(box.reset(Engine.self))
        #expect(box.reset(scope: .session) == 0)
    }

    @Test("reset(_:key:) drops one registration's instance and says whether it dropped one", arguments: backends)
    func resetOne(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(life: .permanent) { Engine() }
        box.register(key: "spare", life: .permanent) { Engine() }
        let plain: Engine = box.resolve()
        let spare: Engine = box.resolve(key: "spare")
        #expect(box.reset(Engine.self, key: "spare"))
        #expect(box.resolve(Engine.self) === plain)
        #expect(box.resolve(Engine.self, key: "spare") !== spare)
        #expect(!box.reset(Engine.self, key: "missing"))
        #expect(!box.newChildBox(forKey: "child").reset(Engine.self))
    }

    @Test("reset(scope:) drops only the scope's instances, in this box and its descendants", arguments: backends)
    func resetScope(backend: Box.Backend) {
        let box = Box(backend: backend)
        let child = box.newChildBox(forKey: "checkout")
        box.register(life: .permanent) { Engine() }.inScope(.session)
        box.register(life: .permanent) { Tracked() }.inScope(.device)
        child.register(life: .permanent) { Car() }.inScope(.session)
        let engine: Engine = box.resolve()
        let tracked: Tracked = box.resolve()
        let car: Car = child.resolve()
        #expect(box.reset(scope: .session) == 2)
        #expect(box.resolve(Engine.self) !== engine)
        #expect(child.resolve(Car.self) !== car)
        #expect(box.resolve(Tracked.self) === tracked)
    }

    @Test("a registration keeps its scope through a reset and a copied box", arguments: backends)
    func scopeSurvives(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(life: .permanent) { Engine() }.inScope(.session)
        box.reset()
        let first: Engine = box.resolve()
        #expect(box.reset(scope: .session) == 1)
        #expect(box.resolve(Engine.self) !== first)
        let copy = Box(copying: box)
        let copied: Engine = copy.resolve()
        #expect(copy.reset(scope: .session) == 1)
        #expect(copy.resolve(Engine.self) !== copied)
    }

    @Test("resetAll() resets every box of the tree", arguments: backends)
    func resetAllReachesDescendants(backend: Box.Backend) {
        let box = Box(backend: backend)
        let grandchild = box.newChildBox(forKey: "a").newChildBox(forKey: "b")
        box.register(life: .permanent) { Engine() }
        grandchild.register(life: .permanent) { Car() }
        _ = box.resolve(Engine.self)
        let car: Car = grandchild.resolve()
        #expect(box.resetAll() == 2)
        #expect(grandchild.resolve(Car.self) !== car)
    }

    @Test("a provider resolves the new instance after a reset", arguments: backends)
    func providerSeesReset(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(life: .permanent) { Engine() }
        let engine = box.provider(Engine.self)
        let before = engine()
        box.reset()
        #expect(engine() !== before)
        #expect(engine() === box.resolve(Engine.self))
    }

    @Test(
        "a registration replaced by the app is not overwritten by a reset that found the old one", arguments: backends)
    func resetKeepsNewerRegistration(backend: Box.Backend) throws {
        let box = Box(backend: backend)
        box.register(life: .permanent) { Car(name: "old") }
        box.register(life: .permanent) { Car(name: "new") }
        box.reset()
        #expect(box.resolve(Car.self).name == "new")
    }

    @Test("resolves racing resets always get a whole instance", arguments: backends)
    func resolvesRacingResets(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(life: .permanent) { Car(name: "made") }
        let whole = Mutexed<[Bool]>([])
        // Dispatch's worker threads, not tasks: while they run, this test holds one slot of the task pool (its
        // own, whose thread runs iterations too), not three.
        DispatchQueue.concurrentPerform(iterations: 3) { index in
            guard index > 0 else {
                for _ in 0..<200 { box.reset() }
                return
            }
            let allWhole = (0..<2_000).allSatisfy { _ in box.resolve(Car.self).name == "made" }
            whole.mutate { $0.append(allWhole) }
        }
        #expect(whole.value == [true, true])
    }

    @Test("a transient registration cannot join a scope: it shares no instance to reset")
    func transientScopeTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            Box().register { Car() }.inScope(.session)
        }
        #expect(
            standardError(of: result).contains(
                "BoxKit: BoxKitTests.Car is registered .transient, which shares no instance: only .permanent, "
                    + ".weak and .perArguments registrations can be in a scope (\"session\") for reset(scope:) to "
                    + "drop."))
    }

    @Test("a registration joins one scope at most")
    func secondScopeTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            Box().register(life: .permanent) { Engine() }.inScope(.session).inScope(.device)
        }
        #expect(
            standardError(of: result).contains(
                "BoxKit: BoxKitTests.Engine is already in scope \"session\"; a registration is in one scope at most."))
    }
}
