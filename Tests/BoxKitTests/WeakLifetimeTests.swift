@_spi(Baseline) import BoxKit
@_spi(Baseline) import BoxKitTestSupport
import Dispatch
import Testing

/// A protocol that class and value types alike may adopt (unlike the class-bound `Vehicle`).
private protocol Named {
    var name: String { get }
}

extension Car: Named {}

/// A value that adopts `Named`, which a `.weak` registration of `any Named` cannot hold weakly.
private struct Label: Named {
    let name: String
}

@Suite("Weak lifetime")
struct WeakLifetimeTests {
    @Test("a .weak service is shared while someone holds it", arguments: backends)
    func sharedWhileHeld(backend: Box.Backend) {
        let box = Box(backend: backend)
        let made = Counter()
        box.register(life: .weak, made.counting { Engine() })
        let held = box.resolve() as Engine
        #expect((box.resolve() as Engine) === held)
        #expect(made.count == 1)
    }

    @Test("a .weak service is made again once every holder let go", arguments: backends)
    func recreatedAfterRelease(backend: Box.Backend) {
        let box = Box(backend: backend)
        let made = Counter()
        box.register(life: .weak) { Tracked(made.increment()) }
        let first = WeakReference(box.resolve() as Tracked)
        #expect(first.object == nil)
        let second = box.resolve() as Tracked
        #expect(second.id == 2)
    }

    @Test("the box does not keep a .weak instance alive", arguments: backends)
    func boxHoldsItWeakly(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(life: .weak) { Tracked() }
        var held: Tracked? = box.resolve() as Tracked
        let observed = WeakReference(held)
        #expect(observed.object != nil)
        held = nil
        #expect(observed.object == nil)
    }

    @Test("a .weak registration of a protocol keeps the class instance behind it", arguments: backends)
    func protocolRegistration(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(life: .weak) { Car(name: "shared") as any Named }
        box.register(life: .weak) { Car(name: "vehicle") as any Vehicle }
        let named = box.resolve() as any Named
        let vehicle = box.resolve() as any Vehicle
        let namedAgain = box.resolve() as any Named
        let vehicleAgain = box.resolve() as any Vehicle
        #expect(ObjectIdentifier(named as AnyObject) == ObjectIdentifier(namedAgain as AnyObject))
        #expect(ObjectIdentifier(vehicle) == ObjectIdentifier(vehicleAgain))
        #expect(named.name == "shared")
    }

    @Test("a .weak factory receives the box that holds the registration", arguments: backends)
    func factoryReceivesHolder(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register { Engine(cylinders: 4) }
        box.register(life: .weak) { r in Car(engine: r.resolve()) }
        let child = box.newChildBox(forKey: "v12")
        child.register { Engine(cylinders: 12) }
        let car = child.resolve() as Car
        #expect(car.engine.cylinders == 4)
        #expect((box.resolve() as Car) === car)
    }

    @Test("a .weak service's hooks run on every creation, not on every resolve", arguments: backends)
    func hooksRunPerCreation(backend: Box.Backend) {
        let box = Box(backend: backend)
        let hooks = Counter()
        box.register(life: .weak) { Tracked() }.onInitialised { _, _ in hooks.increment() }
        do {
            let held = box.resolve() as Tracked
            _ = box.resolve() as Tracked
            withExtendedLifetime(held) {}
        }
        #expect(hooks.count == 1)
        _ = box.resolve() as Tracked
        #expect(hooks.count == 2)
    }

    @Test("threads resolving a held .weak service all get the one instance", arguments: backends)
    func concurrentResolvesShareOneInstance(backend: Box.Backend) {
        let box = Box(backend: backend)
        let made = Counter()
        box.register(life: .weak, made.counting { Engine() })
        let held = box.resolve() as Engine
        let identity = ObjectIdentifier(held)
        let different = Counter()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<500 where ObjectIdentifier(box.resolve() as Engine) != identity { different.increment() }
        }
        withExtendedLifetime(held) {}
        #expect(different.count == 0)
        #expect(made.count == 1)
    }

    @Test("a .weak service whose factory makes a value stops the program naming the type", arguments: backendNames)
    func valueTypeTraps(backend: String) async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            [backend] in
            let box = Box(backendNamed: backend)
            box.register(life: .weak) { Point(x: 1, y: 2) }
            _ = box.resolve() as Point
        }
        let stderr = standardError(of: result)
        #expect(
            stderr.contains(
                "BoxKitTests.Point is registered with life: .weak, but its factory made a value of type "
                    + "BoxKitTests.Point, not a class instance"))
    }

    @Test(
        "tryResolve of a .weak service whose factory makes a value throws typeMismatch naming both types",
        arguments: backends)
    func valueTypeThrows(backend: Box.Backend) throws {
        let box = Box(backend: backend)
        box.register(life: .weak) { Point(x: 1, y: 2) }
        let error = try #require(throws: BoxError.self) { try box.tryResolve(Point.self) }
        #expect(error.reason == .typeMismatch)
        #expect(error.chain == ["BoxKitTests.Point"])
        #expect(
            error.description.hasPrefix(
                "BoxKit: BoxKitTests.Point is registered with life: .weak, but its factory made a value of type "
                    + "BoxKitTests.Point, not a class instance"))
    }

    @Test("a .weak protocol registration throws for a value and holds a class instance", arguments: backends)
    func protocolValueThrows(backend: Box.Backend) throws {
        let box = Box(backend: backend)
        box.register(key: "value", life: .weak) { Label(name: "value") as any Named }
        box.register(key: "object", life: .weak) { Car(name: "object") as any Named }
        let error = try #require(throws: BoxError.self) { try box.tryResolve((any Named).self, key: "value") }
        #expect(error.reason == .typeMismatch)
        #expect(error.description.contains("made a value of type BoxKitTests.(unknown context at"))
        let held = try box.tryResolve((any Named).self, key: "object") as? Car
        #expect(try box.tryResolve((any Named).self, key: "object") as? Car === held)
    }

    @Test("a .weak factory's value is thrown with the chain of the factory that resolved it", arguments: backends)
    func valueTypeThrowsInChain(backend: Box.Backend) throws {
        let box = Box(backend: backend)
        box.register(life: .weak) { Point(x: 1, y: 2) }
        box.register(Tracked.self) { r throws in
            _ = try r.tryResolve(Point.self)
            return Tracked()
        }
        let error = try #require(throws: BoxError.self) { try box.tryResolve(Tracked.self) }
        #expect(error.reason == .typeMismatch)
        #expect(error.chain == ["BoxKitTests.Tracked", "BoxKitTests.Point"])
    }

    @Test("tryResolve with runtime arguments of a .weak factory that makes a value throws", arguments: backends)
    func argumentValueTypeThrows(backend: Box.Backend) throws {
        let box = Box(backend: backend)
        box.register(Point.self, life: .weak) { (_: Resolver, x: Int) in Point(x: x, y: 0) }
        let error = try #require(throws: BoxError.self) { try box.tryResolve(Point.self, arguments: 3) }
        #expect(error.reason == .typeMismatch)
        #expect(error.description.contains("made a value of type BoxKitTests.Point"))
    }

    @Test(
        "verify() reports a .weak factory that makes a value, and the box verifies once it is fixed",
        arguments: backends)
    func verifyReportsValueType(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(life: .weak) { Point(x: 1, y: 2) }
        #expect(box.verify().map(\.reason) == [.typeMismatch])
        box.register(life: .transient) { Point(x: 1, y: 2) }
        #expect(box.verify().isEmpty)
    }
}
