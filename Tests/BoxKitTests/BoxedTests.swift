@_spi(Baseline) import BoxKit
@_spi(Baseline) import BoxKitTestSupport
import Testing

/// A class that holds injected properties, the way app code does. (`@unchecked Sendable`: the wrappers'
/// storage is assigned only in `init`, and the wrappers themselves are safe to read from any thread.)
private final class Dashboard: @unchecked Sendable {
    @Boxed var car: Car
    @Boxed var bmw: Car
    @BoxedIfRegistered var engine: Engine?

    init(box: Box) {
        _car = Boxed(in: box)
        _bmw = Boxed(key: "BMW", in: box)
        _engine = BoxedIfRegistered(in: box)
    }
}

/// A struct held in a `let`: the getter must not mutate.
private struct Panel {
    @Boxed var car: Car
}

@Suite("Boxed property wrapper")
struct BoxedTests {
    @Test("resolves on first access, not before, then keeps the value", arguments: backends)
    func lazyThenKept(backend: Box.Backend) {
        let box = Box(backend: backend)
        let made = Counter()
        box.register { () -> Car in
            made.increment()
            return Car(name: "made")
        }
        let dashboard = Dashboard(box: box)
        #expect(made.count == 0)
        let first = dashboard.car
        #expect(made.count == 1)
        #expect(dashboard.car === first)
        #expect(made.count == 1)
        #expect(first.name == "made")
    }

    @Test("key and box select the registration", arguments: backends)
    func keyedFromExplicitBox(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register { Car(name: "plain") }
        box.register(key: "BMW") { Car(name: "BMW") }
        let dashboard = Dashboard(box: box)
        #expect(dashboard.car.name == "plain")
        #expect(dashboard.bmw.name == "BMW")
        @Boxed(key: "BMW", in: box) var local: Car
        #expect(local.name == "BMW")
    }

    @Test("a permanent registration gives the box's one instance", arguments: backends)
    func permanentIsShared(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(life: .permanent) { Car(name: "shared") }
        #expect(Dashboard(box: box).car === Dashboard(box: box).car)
        #expect(Dashboard(box: box).car === (box.resolve() as Car))
    }

    @Test("a child box's registrations override its parent's for what it resolves", arguments: backends)
    func childBox(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register { Engine(cylinders: 4) }
        box.register { r in Car(engine: r.resolve()) }
        let child = box.newChildBox(forKey: "child")
        child.register { Engine(cylinders: 8) }
        #expect(Dashboard(box: child).car.engine.cylinders == 8)
        #expect(Dashboard(box: box).car.engine.cylinders == 4)
    }

    @Test("works in a struct held in a let, and copies share the value", arguments: backends)
    func letStructAndCopies(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register { Car() }
        let panel = Panel(car: Boxed(in: box))
        let copy = panel
        #expect(panel.car === copy.car)
        #expect(panel.car === panel.car)
    }

    @Test("threads that read the property first at the same moment all get one instance", arguments: backends)
    func concurrentFirstAccess(backend: Box.Backend) {
        for _ in 0..<100 {
            let box = Box(backend: backend)
            box.register { Car() }
            let dashboard = Dashboard(box: box)
            #expect(distinctObjects(onThreads: 4) { _ in dashboard.car } == 1)
        }
    }

    @Test("a missing registration stops the program with BoxKit's message on first access", arguments: backendNames)
    func missingTraps(backend: String) async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            [backend] in
            let box = Box(backendNamed: backend)
            box.register(key: "Audi") { Car() }
            let dashboard = Dashboard(box: box)
            _ = dashboard.bmw
        }
        let stderr = standardError(of: result)
        #expect(stderr.contains(#"BoxKit: no registration for BoxKitTests.Car[key: "BMW"]"#))
        #expect(stderr.contains(#"Registered nearby: BoxKitTests.Car[key: "Audi"]"#))
    }

    @Test(
        "a factory that reads the property it is resolving for reports the cycle instead of deadlocking",
        arguments: backendNames)
    func selfReferenceTraps(backend: String) async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            [backend] in
            let box = Box(backendNamed: backend)
            final class Holder: @unchecked Sendable {
                var dashboard: Dashboard?
            }
            let holder = Holder()
            box.register { Car(name: holder.dashboard!.car.name) }
            holder.dashboard = Dashboard(box: box)
            _ = holder.dashboard!.car
        }
        let stderr = standardError(of: result)
        #expect(
            stderr.contains(
                "circular dependency while resolving BoxKitTests.Car: BoxKitTests.Car -> BoxKitTests.Car")
        )
    }
}

@Suite("BoxedIfRegistered property wrapper")
struct BoxedIfRegisteredTests {
    @Test("nil when nothing is registered, the service when it is", arguments: backends)
    func nilOrService(backend: Box.Backend) {
        let box = Box(backend: backend)
        #expect(Dashboard(box: box).engine == nil)
        box.register { Engine(cylinders: 6) }
        #expect(Dashboard(box: box).engine?.cylinders == 6)
        @BoxedIfRegistered(key: "V12", in: box) var v12: Engine?
        #expect(v12 == nil)
    }

    @Test("finds keyed registrations in ancestors", arguments: backends)
    func keyedInAncestor(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(key: "V8", life: .permanent) { Engine(cylinders: 8) }
        let child = box.newChildBox(forKey: "child")
        @BoxedIfRegistered(key: "V8", in: child) var v8: Engine?
        #expect(v8 === (box.resolve(key: "V8") as Engine))
    }

    @Test("the answer at first access is kept, nil included", arguments: backends)
    func answerIsKept(backend: Box.Backend) {
        let box = Box(backend: backend)
        let absent = Dashboard(box: box)
        #expect(absent.engine == nil)
        box.register { Engine() }
        #expect(absent.engine == nil)
        let present = Dashboard(box: box)
        let engine = present.engine
        #expect(engine != nil)
        box.unregister(Engine.self)
        #expect(present.engine === engine)
    }

    @Test("looks for the wrapped type without its ?, not for Optional registrations", arguments: backends)
    func optionalIdentity(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register { Engine(cylinders: 1) as Engine? }
        @BoxedIfRegistered(in: box) var engine: Engine?
        @Boxed(in: box) var optionalEngine: Engine?
        #expect(engine == nil)
        #expect(optionalEngine?.cylinders == 1)
    }

    @Test("a missing dependency of the service's own factory still stops the program", arguments: backendNames)
    func missingDependencyTraps(backend: String) async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            [backend] in
            let box = Box(backendNamed: backend)
            box.register { r in Car(engine: r.resolve(Engine.self, key: "V8")) }
            @BoxedIfRegistered(in: box) var car: Car?
            _ = car
        }
        let stderr = standardError(of: result)
        #expect(stderr.contains(#"Resolution chain: BoxKitTests.Car -> BoxKitTests.Engine[key: "V8"]"#))
    }
}

/// Every test that reads or replaces `Box.shared` is here, one at a time: it is process-wide.
@Suite("Box.shared", .serialized)
struct SharedBoxTests {
    @Test("properties without a box resolve from Box.shared as it is at their first access")
    func sharedAtFirstAccess() {
        let previous = Box.shared
        defer { Box.shared = previous }
        let first = Box()
        first.register { Car(name: "first") }
        let second = Box(backend: .dictionary)
        second.register { Car(name: "second") }
        Box.shared = first
        let read = Panel()
        let unread = Panel()
        #expect(read.car.name == "first")
        Box.shared = second
        #expect(unread.car.name == "second")
        #expect(read.car.name == "first")
        @BoxedIfRegistered var engine: Engine?
        #expect(engine == nil)
    }

    @Test("Box.shared can be read and replaced from many threads at once")
    func sharedIsThreadSafe() {
        let previous = Box.shared
        defer { Box.shared = previous }
        let boxes = (0..<4).map { index in
            let box = Box()
            box.register { Engine(cylinders: index) }
            return box
        }
        let wrong = Counter()
        onThreads(8) { thread in
            for round in 0..<2_000 {
                if thread.isMultiple(of: 2) {
                    Box.shared = boxes[(thread + round) % boxes.count]
                } else {
                    let current = Box.shared
                    if current !== previous, !boxes.contains(where: { $0 === current }) { wrong.increment() }
                }
            }
        }
        #expect(wrong.count == 0)
        #expect(boxes.contains { $0 === Box.shared })
    }

    @Test("Box.shared starts as an empty hash-table box")
    func sharedStartsEmpty() async {
        await #expect(processExitsWith: .success) {
            precondition(Box.shared.backend == .hashTable)
            precondition(Box.shared.registeredServiceCount == 0)
            precondition(Box.shared === Box.shared)
        }
    }

    @Test("a property made inside withBox resolves from that box, wherever it is first read", arguments: backends)
    func madeInsideWithBoxKeepsItsBox(backend: Box.Backend) async {
        let scoped = Box(backend: backend)
        scoped.register { Car(name: "scoped") }
        let panel = withBox(scoped) { SharedPanel() }
        let other = Box(backend: backend)
        other.register { Car(name: "other") }
        #expect(withBox(other) { panel.car.name } == "scoped")
        let ifRegistered = withBox(scoped) { SharedOptionalPanel() }
        #expect(await Task.detached { ifRegistered.car?.name }.value == "scoped")
    }

    @Test("with binding .atFirstAccess, a property reads Box.shared where it is first read", arguments: backends)
    func atFirstAccessReadsWhereRead(backend: Box.Backend) {
        let scoped = Box(backend: backend)
        scoped.register { Car(name: "scoped") }
        let later = Box(backend: backend)
        later.register { Car(name: "later") }
        let panel = withBox(scoped) { LatePanel() }
        #expect(withBox(later) { panel.car.name } == "later")
        #expect(withBox(later) { panel.optionalCar?.name } == "later")
    }

    @Test("a property made outside any withBox reads Box.shared at its first access", arguments: backends)
    func madeOutsideReadsAtFirstAccess(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register { Car(name: "read inside") }
        let panel = SharedPanel()
        #expect(withBox(box) { panel.car.name } == "read inside")
    }
}

/// Properties given no box: `Box.shared`, settled where the panel is made.
private final class SharedPanel: @unchecked Sendable {
    @Boxed var car: Car
}

/// `SharedPanel` for a service that may be absent.
private final class SharedOptionalPanel: @unchecked Sendable {
    @BoxedIfRegistered var car: Car?
}

/// Properties that read `Box.shared` where they are first read.
private final class LatePanel: @unchecked Sendable {
    @Boxed(binding: .atFirstAccess) var car: Car
    @BoxedIfRegistered(binding: .atFirstAccess) var optionalCar: Car?
}
