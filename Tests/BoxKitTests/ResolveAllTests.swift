@_spi(Baseline) import BoxKit
@_spi(Baseline) import BoxKitTestSupport
import Testing

@Suite("resolveAll")
struct ResolveAllTests {
    @Test("every keyed and unkeyed registration of the type, in registration order", arguments: backends)
    func registrationOrder(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(key: "BMW") { Car(name: "BMW") }
        box.register { Car(name: "plain") }
        box.register { Engine() }
        box.register(key: "") { Car(name: "empty key") }
        box.register(key: "Audi") { Car(name: "Audi") }
        #expect(box.resolveAll(Car.self).map(\.name) == ["BMW", "plain", "empty key", "Audi"])
        box.register(key: "BMW") { Car(name: "BMW 2") }  // a replacement counts as a new registration
        #expect((box.resolveAll() as [Car]).map(\.name) == ["plain", "empty key", "Audi", "BMW 2"])
    }

    @Test("only registrations of exactly that type count", arguments: backends)
    func exactType(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register { Car(name: "car") }
        box.register { Car(name: "optional") as Car? }
        box.register(key: "a") { Car(name: "vehicle a") as any Vehicle }
        box.register(key: "b") { Car(name: "vehicle b") as any Vehicle }
        box.register { Showroom.Car() }
        #expect(box.resolveAll((any Vehicle).self).map(\.name) == ["vehicle a", "vehicle b"])
        #expect(box.resolveAll(Car.self).map(\.name) == ["car"])
        #expect(box.resolveAll(Car?.self).map { $0?.name } == ["optional"])
        #expect(box.resolveAll(Engine.self).isEmpty)
    }

    @Test("ancestors' registrations follow, and a nearer box's key shadows an ancestor's", arguments: backends)
    func ancestors(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register { Car(name: "root plain") }
        box.register(key: "BMW") { Car(name: "root BMW") }
        box.register(key: "Audi") { Car(name: "root Audi") }
        let child = box.newChildBox(forKey: "child")
        child.register(key: "BMW") { Car(name: "child BMW") }
        let grandchild = child.newChildBox(forKey: "grandchild")
        grandchild.register(key: "Tesla") { Car(name: "grandchild Tesla") }
        grandchild.register(key: "Audi") { Car(name: "grandchild Audi") }
        #expect(
            grandchild.resolveAll(Car.self).map(\.name) == [
                "grandchild Tesla", "grandchild Audi", "child BMW", "root plain",
            ])
        #expect(child.resolveAll(Car.self).map(\.name) == ["child BMW", "root plain", "root Audi"])
        #expect(box.resolveAll(Car.self).map(\.name) == ["root plain", "root BMW", "root Audi"])
    }

    @Test("lifetimes are honoured: permanents are shared, transients are new", arguments: backends)
    func lifetimes(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(key: "shared", life: .permanent) { Car(name: "shared") }
        box.register(key: "fresh") { Car(name: "fresh") }
        let first = box.resolveAll(Car.self)
        let second = box.resolveAll(Car.self)
        #expect(first[0] === second[0])
        #expect(first[0] === (box.resolve(key: "shared") as Car))
        #expect(first[1] !== second[1])
    }

    @Test("an ancestor's transient factory receives the box resolveAll was called on", arguments: backends)
    func transientReceivesOrigin(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register { Engine(cylinders: 4) }
        box.register(key: "a") { r in Car(engine: r.resolve()) }
        box.register(key: "b") { r in Car(engine: r.resolve()) }
        let child = box.newChildBox(forKey: "child")
        child.register { Engine(cylinders: 12) }
        #expect(child.resolveAll(Car.self).map(\.engine.cylinders) == [12, 12])
        #expect(box.resolveAll(Car.self).map(\.engine.cylinders) == [4, 4])
    }

    @Test("hooks run for what resolveAll makes", arguments: backends)
    func hooksRun(backend: Box.Backend) {
        let box = Box(backend: backend)
        let runs = Counter()
        box.register(key: "one") { Engine() }.onInitialised { _, _ in runs.increment() }
        box.register(key: "two") { Engine() }.onInitialised { _, _ in runs.increment() }
        #expect(box.resolveAll(Engine.self).count == 2)
        #expect(runs.count == 2)
    }

    @Test("nothing registered gives an empty array, also after clear", arguments: backends)
    func empty(backend: Box.Backend) {
        let box = Box(backend: backend)
        #expect(box.resolveAll(Car.self).isEmpty)
        box.register(key: "x") { Car() }
        box.clear()
        #expect(box.newChildBox(forKey: "child").resolveAll(Car.self).isEmpty)
    }

    @Test("a factory that resolves all of its own type stops the program with the cycle", arguments: backendNames)
    func cycleTraps(backend: String) async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            [backend] in
            let box = Box(backendNamed: backend)
            box.register(key: "fleet") { r in Car(name: "fleet of \(r.resolveAll(Car.self).count)") }
            _ = box.resolveAll(Car.self)
        }
        let stderr = standardError(of: result)
        #expect(
            stderr.contains(
                #"circular dependency while resolving BoxKitTests.Car[key: "fleet"]: "#
                    + #"BoxKitTests.Car[key: "fleet"] -> BoxKitTests.Car[key: "fleet"]"#))
    }
}
