@_spi(Baseline) import BoxKit
@_spi(Baseline) import BoxKitTestSupport
import Dispatch
import Testing

/// A protocol that class and value types alike may adopt (unlike the class-bound `Vehicle`).
private protocol Named {
    var name: String { get }
}

extension Car: Named {}

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
}
