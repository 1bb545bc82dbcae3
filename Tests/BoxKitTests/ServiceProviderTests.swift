@_spi(Baseline) import BoxKit
@_spi(Baseline) import BoxKitTestSupport
import Foundation
import Testing

@Suite("ServiceProvider")
struct ServiceProviderTests {
    @Test("a transient provider makes a new instance on every call", arguments: backends)
    func transient(backend: Box.Backend) {
        let box = Box(backend: backend)
        let made = Counter()
        box.register(key: "BMW") { () -> Car in
            made.increment()
            return Car(name: "BMW")
        }
        let makeCar = box.provider(Car.self, key: "BMW")
        let first = makeCar()
        let second = makeCar()
        #expect(first !== second)
        #expect(first.name == "BMW")
        #expect(made.count == 2)
        #expect(makeCar.key == "BMW")
        #expect(makeCar.box === box)
    }

    @Test("a permanent provider returns the box's one instance, made once", arguments: backends)
    func permanent(backend: Box.Backend) {
        let box = Box(backend: backend)
        let made = Counter()
        box.register(life: .permanent) { () -> Engine in
            made.increment()
            return Engine(cylinders: 8)
        }
        let makeEngine: ServiceProvider<Engine> = box.provider()
        let engine = makeEngine()
        #expect(makeEngine() === engine)
        #expect(box.resolve() as Engine === engine)
        #expect(made.count == 1)
    }

    @Test(
        "value types come back intact, whatever the lifetime that can hold them", arguments: backends,
        plainLifetimes.filter { $0 != .weak })
    func valueTypes(backend: Box.Backend, life: LifeType) {
        let box = Box(backend: backend)
        box.register(key: "p", life: life) { Point(x: 3, y: 4) }
        box.register(life: life) { "a string service" }
        let point = box.provider(Point.self, key: "p")
        let text = box.provider(String.self)
        for _ in 0..<3 {
            #expect(point() == Point(x: 3, y: 4))
            #expect(text() == "a string service")
        }
    }

    @Test("a provider made before its registration works once it is registered", arguments: backends)
    func madeBeforeRegistration(backend: Box.Backend) {
        let box = Box(backend: backend)
        let makeCar = box.provider(Car.self, key: "later")
        box.register(key: "later") { Car(name: "later") }
        #expect(makeCar().name == "later")
    }

    @Test("a replacement of the registration is seen by the next call", arguments: backends, plainLifetimes)
    func seesReplacement(backend: Box.Backend, life: LifeType) {
        let box = Box(backend: backend)
        box.register(key: "k", life: life) { Car(name: "first") }
        let makeCar = box.provider(Car.self, key: "k")
        #expect(makeCar().name == "first")
        box.register(key: "k", life: life) { Car(name: "second") }
        #expect(makeCar().name == "second")
        box.register(Engine.self) { Engine() }  // an unrelated write
        #expect(makeCar().name == "second")
        box.unregister(Car.self, key: "k")
        box.register(key: "k", life: life) { Car(name: "third") }
        #expect(makeCar().name == "third")
    }

    @Test("a registration in an ancestor: the provider follows writes anywhere in between", arguments: backends)
    func followsLineage(backend: Box.Backend) {
        let root = Box(backend: backend)
        root.register(life: .permanent) { Car(name: "root") }
        let child = root.newChildBox(forKey: "child")
        let grandchild = child.newChildBox(forKey: "grandchild")
        let makeCar = grandchild.provider(Car.self)
        #expect(makeCar() === (root.resolve() as Car))
        child.register { Car(name: "child") }  // now shadows the root's
        #expect(makeCar().name == "child")
        child.unregister(Car.self)
        #expect(makeCar() === (root.resolve() as Car))
        root.register { Car(name: "root again") }
        #expect(makeCar().name == "root again")
        grandchild.register { Car(name: "grandchild") }
        #expect(makeCar().name == "grandchild")
    }

    @Test("a transient factory in an ancestor receives the provider's box", arguments: backends)
    func transientReceivesOrigin(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register { Engine(cylinders: 4) }
        box.register { r in Car(engine: r.resolve()) }
        let child = box.newChildBox(forKey: "child")
        child.register { Engine(cylinders: 12) }
        #expect(child.provider(Car.self)().engine.cylinders == 12)
        #expect(box.provider(Car.self)().engine.cylinders == 4)
    }

    @Test(
        "hooks run, and a hook that calls the provider gets the instance being initialised", arguments: backends,
        plainLifetimes)
    func hooks(backend: Box.Backend, life: LifeType) {
        let box = Box(backend: backend)
        let makeParent = box.provider(Parent.self)
        // The hook reaches the provider through `held`, emptied at the end: a provider captured directly by a
        // hook in its own box would keep that box alive.
        let held = Mutexed<ServiceProvider<Parent>?>(makeParent)
        defer { held.mutate { $0 = nil } }
        let runs = Counter()
        box.register(Parent.self, life: life) { Parent() }
            .onInitialised { r, service in
                runs.increment()
                (service as! Parent).child = r.resolve() as Child
            }
        box.register(Child.self, life: life) { Child() }
            .onInitialised { _, service in (service as! Child).parent = held.value?() }
        let parent = makeParent()
        #expect(parent.child?.parent === parent)
        _ = makeParent()
        #expect(runs.count == (life == .transient || life == .graph ? 2 : 1))  // `parent` holds the .weak one
    }

    @Test("many threads calling one provider get one permanent instance, made once", arguments: backends)
    func permanentOnceAcrossThreads(backend: Box.Backend) {
        for _ in 0..<200 {
            let box = Box(backend: backend)
            let made = Counter()
            box.register(life: .permanent, made.counting { Engine() })
            let makeEngine = box.provider(Engine.self)
            let distinct = distinctObjects(onThreads: 4) { _ in makeEngine() }
            #expect(made.count == 1)
            #expect(distinct == 1)
        }
    }

    @Test("readers calling a provider stay correct while a writer replaces its registration", arguments: backends)
    @StressTestThread func callsDuringReplacement(backend: Box.Backend) {
        let root = Box(backend: backend)
        let child = root.newChildBox(forKey: "child")
        root.register(key: "car") { Car(name: "car") }
        let makeCar = child.provider(Car.self, key: "car")
        let wrong = Counter()
        let calls = Counter()
        let writerDone = Counter()
        onThreads(6) { index in
            if index == 0 {
                for round in 0..<3_000 {
                    let target = round.isMultiple(of: 3) ? child : root
                    target.register(key: "car", life: round.isMultiple(of: 2) ? .permanent : .transient) {
                        Car(name: "car")
                    }
                    if round.isMultiple(of: 5) { child.unregister(Car.self, key: "car") }
                    target.register(key: "noise-\(round % 16)") { Engine() }
                }
                writerDone.increment()
            } else {
                while writerDone.count == 0 || calls.count < 1_000 {
                    calls.increment()
                    if makeCar().name != "car" { wrong.increment() }
                }
            }
        }
        #expect(wrong.count == 0)
    }

    @Test("a provider keeps the registration it pinned, with its instance, until the provider is released")
    func pinnedRegistrationLivesAsLongAsTheProvider() async {
        await #expect(processExitsWith: .success) {
            for backend in Box.Backend.allCases {
                let box = Box(backend: backend)
                weak var old: Tracked?
                box.register(life: .permanent) { Tracked(1) }
                do {
                    let provider = box.provider(Tracked.self)
                    do { old = provider() }
                    box.register(life: .permanent) { Tracked(2) }
                    precondition(provider().id == 2)
                    reclaimNow(box)
                    precondition(old != nil, "the provider no longer holds the registration it pinned")
                }
                precondition(
                    eventuallyReleased(box) { old == nil }, "the replaced permanent instance outlived the provider")
            }
        }
    }

    @Test(
        "a provider whose registration was unregistered stops the program naming the type and key",
        arguments: backendNames)
    func unregisteredTraps(backend: String) async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            [backend] in
            let box = Box(backendNamed: backend)
            box.register(key: "BMW") { Car() }
            box.register(key: "Audi") { Car() }
            let makeBMW = box.provider(Car.self, key: "BMW")
            _ = makeBMW()
            box.unregister(Car.self, key: "BMW")
            _ = makeBMW()
        }
        let stderr = standardError(of: result)
        #expect(stderr.contains(#"BoxKit: no registration for BoxKitTests.Car[key: "BMW"]"#))
        #expect(stderr.contains(#"Registered nearby: BoxKitTests.Car[key: "Audi"]"#))
    }

    @Test("a provider called after clear() stops the program naming the type and key", arguments: backendNames)
    func clearedTraps(backend: String) async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            [backend] in
            let box = Box(backendNamed: backend)
            box.register(life: .permanent) { Engine() }
            let makeEngine = box.provider(Engine.self)
            _ = makeEngine()
            box.clear()
            _ = makeEngine()
        }
        let stderr = standardError(of: result)
        #expect(
            stderr.contains("BoxKit: no registration for BoxKitTests.Engine. Resolution chain: BoxKitTests.Engine"))
    }

    @Test(
        "a provider on a child keeps resolving an ancestor's registration after the app releases the ancestor",
        arguments: backends)
    func ancestorReleasedStillResolves(backend: Box.Backend) {
        var root: Box? = Box(backend: backend)
        root!.register(key: "root", life: .permanent) { Engine(cylinders: 12) }
        let child = root!.newChildBox(forKey: "child")
        let makeEngine = child.provider(Engine.self, key: "root")
        let first = makeEngine()
        root = nil
        #expect(child.parentBox == nil, "the app released the root")
        #expect(makeEngine() === first)
        #expect(makeEngine().cylinders == 12)
    }

    @Test("a provider called inside its own factory reports the cycle", arguments: backendNames)
    func cycleTraps(backend: String) async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            [backend] in
            let box = Box(backendNamed: backend)
            let makeA = box.provider(CycleA.self)
            box.register { CycleA(CycleB(makeA())) }
            _ = makeA()
        }
        let stderr = standardError(of: result)
        #expect(
            stderr.contains(
                "circular dependency while resolving BoxKitTests.CycleA: BoxKitTests.CycleA -> BoxKitTests.CycleA"))
    }
}
