@_spi(Baseline) import BoxKit
@_spi(Baseline) import BoxKitTestSupport
import Testing

@Suite("Lifetimes")
struct LifetimeTests {
    @Test("a transient registration makes a new instance on every resolve", arguments: backends)
    func transientMakesNewInstances(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register { Car() }
        let first = box.resolve() as Car
        let second = box.resolve() as Car
        #expect(first !== second)
    }

    @Test("transient is the default lifetime", arguments: backends)
    func transientIsDefault(backend: Box.Backend) {
        let box = Box(backend: backend)
        let made = Counter()
        box.register(Engine.self, made.counting { Engine() })
        _ = box.resolve() as Engine
        _ = box.resolve() as Engine
        #expect(made.count == 2)
    }

    @Test("a permanent registration shares one instance", arguments: backends)
    func permanentSharesOneInstance(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(life: .permanent) { Engine() }
        #expect((box.resolve() as Engine) === (box.resolve() as Engine))
    }

    @Test("a permanent factory runs once, on first resolve, not at registration", arguments: backends)
    func permanentFactoryRunsLazilyOnce(backend: Box.Backend) {
        let box = Box(backend: backend)
        let made = Counter()
        box.register(life: .permanent, made.counting { Engine() })
        #expect(made.count == 0)
        for _ in 0..<5 { _ = box.resolve() as Engine }
        #expect(made.count == 1)
    }

    @Test("a permanent struct is stored once and copied out", arguments: backends)
    func permanentStruct(backend: Box.Backend) {
        let box = Box(backend: backend)
        let made = Counter()
        box.register(life: .permanent) { Point(x: made.increment(), y: 2) }
        #expect(box.resolve() as Point == Point(x: 1, y: 2))
        #expect(box.resolve() as Point == Point(x: 1, y: 2))
    }

    @Test("a transient struct is made on every resolve", arguments: backends)
    func transientStruct(backend: Box.Backend) {
        let box = Box(backend: backend)
        let made = Counter()
        box.register { Point(x: made.increment(), y: 0) }
        #expect((box.resolve() as Point).x == 1)
        #expect((box.resolve() as Point).x == 2)
    }

    @Test("a factory resolves its dependencies from the box it receives", arguments: backends)
    func factoryResolvesDependencies(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(life: .permanent) { Engine(cylinders: 6) }
        box.register(Car.self, key: "sports", life: .transient) { r in Car(engine: r.resolve()) }
        let car: Car = box.resolve(key: "sports")
        #expect(car.engine.cylinders == 6)
        #expect(car.engine === (box.resolve() as Engine))
    }

    @Test("the three-level graph is built on every transient resolve", arguments: backends)
    func threeLevelGraph(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register { Engine(cylinders: 8) }
        box.register { r in Car(engine: r.resolve()) }
        box.register { r in [r.resolve() as Car, r.resolve() as Car] }
        let fleet = box.resolve() as [Car]
        #expect(fleet.count == 2)
        #expect(fleet[0] !== fleet[1])
        #expect(fleet[0].engine !== fleet[1].engine)
        #expect(fleet.allSatisfy { $0.engine.cylinders == 8 })
    }
}
