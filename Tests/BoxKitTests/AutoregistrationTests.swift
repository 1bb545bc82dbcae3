@_spi(Baseline) import BoxKit
@_spi(Baseline) import BoxKitTestSupport
import Testing

/// A service whose initializer takes three dependencies.
final class Dealership {
    let car: Car
    let engine: Engine
    let tracked: Tracked

    init(car: Car, engine: Engine, tracked: Tracked) {
        self.car = car
        self.engine = engine
        self.tracked = tracked
    }
}

/// Two auto-registered services that need each other.
final class Ping {
    init(pong: Pong) {}
}

final class Pong {
    init(ping: Ping) {}
    /// A `Pong` made without a `Ping`, for a factory that must not need one.
    init(standalone: Void) {}
}

@Suite("Auto-registering initializers")
struct AutoregistrationTests {
    @Test("each parameter of the initializer is resolved from the box", arguments: backends)
    func resolvesEachParameter(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(life: .permanent) { Engine() }
        box.register { Tracked(7) }
        box.autoregister(Car.init(engine:name:))
        box.register { "autoregistered" }
        box.autoregister(Dealership.init)
        let dealership: Dealership = box.resolve()
        #expect(dealership.engine === box.resolve(Engine.self))
        #expect(dealership.car.engine === dealership.engine)
        #expect(dealership.car.name == "autoregistered")
        #expect(dealership.tracked.id == 7)
    }

    @Test("an auto-registration has a lifetime, a key, and may register a protocol", arguments: backends)
    func lifetimeKeyAndProtocol(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register { Engine() }
        box.register { "V8" }
        box.autoregister(Car.init(engine:name:), as: Vehicle.self, key: "fleet", life: .permanent)
        let vehicle = box.resolve(Vehicle.self, key: "fleet")
        #expect(vehicle.name == "V8")
        #expect(box.resolve(Vehicle.self, key: "fleet") as? Car === vehicle as? Car)
    }

    @Test("a child box's registrations are resolved for a transient auto-registration it resolves", arguments: backends)
    func childOverridesParameters(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register { Engine(cylinders: 4) }
        box.register { "car" }
        box.autoregister(Car.init(engine:name:))
        let child = box.newChildBox(forKey: "v8")
        child.register { Engine(cylinders: 8) }
        #expect(child.resolve(Car.self).engine.cylinders == 8)
    }

    @Test("hooks run on what an auto-registration makes", arguments: backends)
    func hooks(backend: Box.Backend) {
        let box = Box(backend: backend)
        let hooks = Counter()
        box.register { Engine() }
        box.register { "car" }
        box.autoregister(Car.init(engine:name:)).onInitialised { _, _ in hooks.increment() }
        _ = box.resolve(Car.self)
        #expect(hooks.count == 1)
    }

    @Test("verify() finds a missing parameter type without running the initializer", arguments: backends)
    func verifyFindsMissingWithoutRunning(backend: Box.Backend) {
        let box = Box(backend: backend)
        let ran = Counter()
        box.register { Engine() }
        box.autoregister({ (engine: Engine, name: String) in
            ran.increment()
            return Car(engine: engine, name: name)
        })
        let problems = box.verify()
        #expect(problems.map(\.reason) == [.notRegistered])
        #expect(problems.first?.chain == ["BoxKitTests.Car", "Swift.String"])
        #expect(ran.count == 0)
    }

    @Test("verify() finds a cycle through auto-registered services without running them", arguments: backends)
    func verifyFindsCycle(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.autoregister(Ping.init)
        box.autoregister(Pong.init(ping:))
        let problems = box.verify()
        #expect(problems.map(\.reason) == [.cycle])
        #expect(problems.first?.chain == ["BoxKitTests.Ping", "BoxKitTests.Pong", "BoxKitTests.Ping"])
    }

    @Test("verify() passes an auto-registration whose parameters are all registered", arguments: backends)
    func verifyPasses(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register { Engine() }
        box.register { Tracked() }
        box.register { "car" }
        box.autoregister(Car.init(engine:name:))
        box.autoregister(Dealership.init)
        #expect(box.verify().isEmpty)
    }

    @Test(
        "verify() still runs an auto-registration whose parameters are registered: its hooks are checked",
        arguments: backends)
    func verifyRunsHooks(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register { Engine() }
        box.register { "car" }
        box.autoregister(Car.init(engine:name:)).onInitialised { r, _ in _ = r.resolve(Wheel.self) }
        #expect(box.verify().map(\.reason) == [.notRegistered])
    }

    @Test("verify() reports a parameter registered only with an async factory", arguments: backends)
    func verifyAsyncParameter(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(life: .permanent) { () async in Engine() }
        box.register { "car" }
        box.autoregister(Car.init(engine:name:))
        #expect(box.verify().map(\.reason) == [.asyncFactory])
    }

    @Test("verify() finds a cycle that closes through a child box's auto-registration", arguments: backends)
    func verifyCycleThroughChild(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.autoregister(Ping.init)
        box.register { Pong(standalone: ()) }
        let child = box.newChildBox(forKey: "child")
        child.autoregister(Pong.init(ping:))
        #expect(box.verify().map(\.reason) == [.cycle])
    }

    @Test(
        "the dependency graph has an auto-registration's edges before anything is resolved, in a copy of its box too",
        arguments: backends, [false, true])
    func graphKnowsEdgesInAdvance(backend: Box.Backend, inCopy: Bool) {
        let box = Box(backend: backend)
        box.register { Engine() }
        box.autoregister(Car.init(engine:name:))
        let graph = (inCopy ? Box(copying: box) : box).dependencyGraph()
        #expect(
            graph.edges == [
                .init(from: "BoxKitTests.Car", to: "BoxKitTests.Engine"),
                .init(from: "BoxKitTests.Car", to: "Swift.String"),
            ])
        #expect(graph.nodes.last == .init(name: "Swift.String", life: nil))
    }
}
