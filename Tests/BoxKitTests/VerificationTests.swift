@_spi(Baseline) import BoxKit
@_spi(Baseline) import BoxKitTestSupport
import Testing

/// A workshop needs a car; a wash needs an engine.
final class Workshop {
    let car: Car
    init(car: Car) { self.car = car }
}

final class Wash {
    init(_ engine: Engine) {}
}

@Suite("Verification")
struct VerificationTests {
    @Test("a box whose registrations all resolve verifies without problems", arguments: backends)
    func cleanBoxHasNoProblems(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(life: .permanent) { Engine() }
        box.register { r in Car(engine: r.resolve()) }
        box.register { r in Workshop(car: r.resolve()) }
        #expect(box.verify() == [])
    }

    @Test("verify reports every missing dependency at once, with the chain that needs it", arguments: backends)
    func reportsEveryMissingDependency(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register { r in Car(engine: r.resolve(Engine.self, key: "V8")) }
        box.register { r in Wash(r.resolve(Engine.self, key: "V12")) }
        box.register { r in Workshop(car: r.resolve()) }
        let problems = box.verify()
        #expect(problems.map(\.reason) == [.notRegistered, .notRegistered, .notRegistered])
        #expect(
            problems.map(\.chain) == [
                ["BoxKitTests.Car", #"BoxKitTests.Engine[key: "V8"]"#],
                ["BoxKitTests.Wash", #"BoxKitTests.Engine[key: "V12"]"#],
                ["BoxKitTests.Workshop", "BoxKitTests.Car", #"BoxKitTests.Engine[key: "V8"]"#],
            ])
        #expect(problems.first?.description.contains(#"no registration for BoxKitTests.Engine[key: "V8"]"#) == true)
    }

    @Test("verify reports a cycle with its chain", arguments: backends)
    func reportsCycle(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register { r in CycleA(r.resolve()) }
        box.register { r in CycleB(r.resolve() as CycleA) }
        let problems = box.verify()
        #expect(problems.map(\.reason) == [.cycle, .cycle])
        #expect(problems.first?.chain == ["BoxKitTests.CycleA", "BoxKitTests.CycleB", "BoxKitTests.CycleA"])
        #expect(problems.last?.chain == ["BoxKitTests.CycleB", "BoxKitTests.CycleA", "BoxKitTests.CycleB"])
    }

    @Test("a permanent instance made by verify is kept for later resolves", arguments: backends)
    func keepsPermanentInstances(backend: Box.Backend) {
        let box = Box(backend: backend)
        let made = Counter()
        box.register(life: .permanent, made.counting { Engine() })
        #expect(box.verify() == [])
        #expect(made.count == 1)
        _ = box.resolve() as Engine
        #expect(made.count == 1)
    }

    @Test("a transient instance made by verify is released", arguments: backends)
    func releasesTransientInstances(backend: Box.Backend) {
        let box = Box(backend: backend)
        let made = Mutexed<WeakReference<Tracked>>(WeakReference(nil))
        box.register {
            let tracked = Tracked()
            made.mutate { $0 = WeakReference(tracked) }
            return tracked
        }
        #expect(box.verify() == [])
        #expect(made.value.object == nil)
    }

    @Test(
        "a permanent service that failed verification resolves once its dependency is registered", arguments: backends)
    func failedPermanentRecovers(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(life: .permanent) { r in Car(engine: r.resolve(Engine.self, key: "V8")) }
        box.register(life: .weak) { r in Workshop(car: r.resolve()) }
        #expect(box.verify().count == 2)
        box.register(key: "V8") { Engine(cylinders: 8) }
        #expect(box.verify() == [])
        #expect((box.resolve() as Workshop).car.engine.cylinders == 8)
    }

    @Test("verify resolves child boxes' registrations from the child", arguments: backends)
    func verifiesChildBoxes(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register { r in Car(engine: r.resolve()) }
        let child = box.newChildBox(forKey: "garage")
        child.register { r in Workshop(car: r.resolve()) }
        child.register { r in Wash(r.resolve(Engine.self, key: "child")) }
        let problems = box.verify()
        #expect(
            problems.map(\.chain) == [
                ["BoxKitTests.Car", "BoxKitTests.Engine"],
                ["BoxKitTests.Workshop", "BoxKitTests.Car", "BoxKitTests.Engine"],
                ["BoxKitTests.Wash", #"BoxKitTests.Engine[key: "child"]"#],
            ])
        child.register { Engine() }
        child.register(key: "child") { Engine() }
        #expect(child.verify() == [])
    }

    @Test(
        "verify leaves out registrations that need runtime arguments, and checks those that use them",
        arguments: backends)
    func skipsArgumentRegistrations(backend: Box.Backend) {
        let box = Box(backend: backend)
        let made = Counter()
        box.register(OrderedCar.self) { (_: Resolver, colour: String) in
            made.increment()
            return OrderedCar(colour: colour)
        }
        box.register { r in Buyer(name: r.resolve(OrderedCar.self, arguments: 5).colour) }
        let problems = box.verify()
        #expect(problems.map(\.reason) == [.argumentMismatch])
        #expect(made.count == 0)
    }

    @Test(
        "verify leaves out async registrations, and reports a factory that resolves one synchronously",
        arguments: backends)
    func skipsAsyncRegistrations(backend: Box.Backend) {
        let box = Box(backend: backend)
        let made = Counter()
        box.register(life: .permanent) { () async -> Engine in
            made.increment()
            return Engine()
        }
        box.register { r in Car(engine: r.resolve()) }
        let problems = box.verify()
        #expect(problems.map(\.reason) == [.asyncFactory])
        #expect(problems.first?.chain == ["BoxKitTests.Car", "BoxKitTests.Engine"])
        #expect(made.count == 0)
    }

    @Test("memory retired after a failed verification is still reclaimed", arguments: backends)
    func reclamationContinuesAfterFailure(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register { r in Car(engine: r.resolve(Engine.self, key: "V8")) }
        #expect(box.verify().count == 1)
        var tracked: Tracked? = Tracked()
        let released = WeakReference(tracked)
        box.register(life: .permanent) { [tracked] in tracked! }
        _ = box.resolve() as Tracked
        tracked = nil
        box.unregister(Tracked.self)
        #expect(eventuallyReleased(box) { released.object == nil })
    }

    @Test("verify names every registration whose dependency is missing, however many there are", arguments: backends)
    func namesEveryFailingRegistration(backend: Box.Backend) {
        let box = Box(backend: backend)
        registerEnginesNeedingAString(65, in: box)
        let problems = box.verify()
        #expect(problems.count == 65)
        #expect(problems.allSatisfy { $0.reason == .notRegistered && $0.serviceType == "Swift.String" })
        #expect(problems.map(\.chain) == (0..<65).map { [#"BoxKitTests.Engine[key: "e\#($0)"]"#, "Swift.String"] })
    }

    @Test("a verification after many failed ones verifies every registration again", arguments: backends)
    func verifiesEverythingAgainAfterFailures(backend: Box.Backend) {
        let box = Box(backend: backend)
        registerEnginesNeedingAString(65, in: box)
        #expect(box.verify().count == 65)
        box.register { "fixed" }
        #expect(box.verify() == [])
    }

    @Test("a healthy box verifies cleanly after many failed verifications of another", arguments: backends)
    func healthyBoxAfterManyFailures(backend: Box.Backend) {
        let failing = Box(backend: backend)
        registerEnginesNeedingAString(10, in: failing)
        for _ in 0..<20 { #expect(failing.verify().count == 10) }
        let healthy = Box(backend: backend)
        healthy.register { Engine() }
        healthy.register { r in Car(engine: r.resolve()) }
        #expect(healthy.verify() == [])
    }
}

/// Registers `count` engines, keyed "e0", "e1", ..., whose factories resolve a `String`.
private func registerEnginesNeedingAString(_ count: Int, in box: Box) {
    for index in 0..<count {
        box.register(Engine.self, key: "e\(index)") { r in
            _ = r.resolve(String.self)
            return Engine()
        }
    }
}
