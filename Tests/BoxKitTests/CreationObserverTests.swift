@_spi(Baseline) import BoxKit
@_spi(Baseline) import BoxKitTestSupport
import Foundation
import Testing

/// The identities of `types`, to compare with `CreationLog.types`.
private func identities(_ types: Any.Type...) -> [ObjectIdentifier] { types.map(ObjectIdentifier.init) }

/// The creations an observer has been told of, in the order they ended.
private final class CreationLog: Sendable {
    private let creations = Mutexed<[ServiceCreation]>([])

    var all: [ServiceCreation] { creations.value }

    /// The identities of the creations' service types.
    var types: [ObjectIdentifier] { all.map { ObjectIdentifier($0.serviceType) } }

    func append(_ creation: ServiceCreation) { creations.mutate { $0.append(creation) } }
}

extension Box {
    /// Starts an observer that appends every creation to `log`.
    fileprivate func observe(into log: CreationLog) -> CreationObservation {
        observeCreations { log.append($0) }
    }
}

@Suite("Creation observers")
struct CreationObserverTests {
    @Test(
        "an observer is told of each creation: service, key, lifetime and the creation it was made for",
        arguments: backends)
    func reportsEachCreation(backend: Box.Backend) throws {
        let box = Box(backend: backend)
        box.register(life: .permanent) { Engine() }
        box.register(key: "BMW") { r in Car(engine: r.resolve()) }
        let log = CreationLog()
        let observation = box.observe(into: log)
        _ = box.resolve(Car.self, key: "BMW")
        _ = box.resolve(Car.self, key: "BMW")
        observation.cancel()

        let creations = log.all
        #expect(log.types == identities(Engine.self, Car.self, Car.self))
        let engine = creations[0]
        let firstCar = creations[1]
        #expect(engine.life == .permanent && engine.key == nil)
        #expect(firstCar.life == .transient && firstCar.key == "BMW")
        #expect(engine.parentID == firstCar.id)
        #expect(firstCar.parentID == nil && creations[2].parentID == nil)
        #expect(creations.allSatisfy { $0.isNew })
        #expect(firstCar.start <= engine.start && engine.end <= firstCar.end)
        #expect(firstCar.registration.description.hasSuffix(#"Car[key: "BMW"] (transient)"#))
    }

    @Test("a resolve of a ready permanent is no creation", arguments: backends)
    func readyPermanentIsNotACreation(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(life: .permanent) { Engine() }
        _ = box.resolve(Engine.self)
        let log = CreationLog()
        let observation = box.observe(into: log)
        _ = box.resolve(Engine.self)
        observation.cancel()
        #expect(log.all.isEmpty)
    }

    @Test("a .weak instance still held, and a .graph one already made, are reported as shared", arguments: backends)
    func sharedInstancesAreReportedAsShared(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(life: .weak) { Engine() }
        box.register(life: .graph) { Tracked() }
        box.register { r in [r.resolve(Tracked.self), r.resolve(Tracked.self)] }
        let held = box.resolve(Engine.self)
        let log = CreationLog()
        let observation = box.observe(into: log)
        _ = box.resolve(Engine.self)
        _ = box.resolve([Tracked].self)
        observation.cancel()
        withExtendedLifetime(held) {}

        #expect(log.all.map(\.isNew) == [false, true, false, true])
        #expect(log.all.map(\.life) == [.weak, .graph, .graph, .transient])
    }

    @Test("no creation that ends after cancel() is reported", arguments: backends)
    func cancelStopsReports(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register { Engine() }
        let log = CreationLog()
        let observation = box.observe(into: log)
        _ = box.resolve(Engine.self)
        observation.cancel()
        _ = box.resolve(Engine.self)
        #expect(log.all.count == 1)
    }

    @Test("releasing the observation stops its reports", arguments: backends)
    func releaseStopsReports(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register { Engine() }
        let log = CreationLog()
        do {
            let observation = box.observe(into: log)
            _ = box.resolve(Engine.self)
            withExtendedLifetime(observation) {}
        }
        _ = box.resolve(Engine.self)
        #expect(log.all.count == 1)
    }

    @Test("an observer sees its box's descendants' registrations, and not its ancestors'", arguments: backends)
    func watchesTheBoxTree(backend: Box.Backend) {
        let root = Box(backend: backend)
        root.register { Engine() }
        let child = root.newChildBox(forKey: "child")
        child.register { Car() }
        let childLog = CreationLog()
        let rootLog = CreationLog()
        let onChild = child.observe(into: childLog)
        let onRoot = root.observe(into: rootLog)
        _ = child.resolve(Engine.self)
        _ = child.resolve(Car.self)
        onChild.cancel()
        onRoot.cancel()
        #expect(childLog.types == identities(Car.self))
        #expect(rootLog.types == identities(Engine.self, Car.self))
    }

    @Test("registrations made, reset and added in new child boxes while observing are watched", arguments: backends)
    func watchesLaterRegistrations(backend: Box.Backend) {
        let box = Box(backend: backend)
        let log = CreationLog()
        let observation = box.observe(into: log)
        box.register(life: .permanent) { Engine() }
        _ = box.resolve(Engine.self)
        box.reset()
        _ = box.resolve(Engine.self)
        let child = box.newChildBox(forKey: "late")
        child.register { Car() }
        _ = child.resolve(Car.self)
        observation.cancel()
        #expect(log.types == identities(Engine.self, Engine.self, Car.self))
    }

    @Test("an observer may resolve from the box it observes", arguments: backends)
    func observerMayResolve(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register { Engine() }
        box.register(key: "inside") { Car() }
        let log = CreationLog()
        let observation = box.observeCreations { creation in
            log.append(creation)
            if creation.serviceType == Engine.self { _ = box.resolve(Car.self, key: "inside") }
        }
        _ = box.resolve(Engine.self)
        observation.cancel()
        #expect(log.types == identities(Engine.self, Car.self))
    }

    @Test("observers of different boxes, busy on threads at once, each see only their own box's creations")
    func separateBoxesOnThreads() {
        let logs = (0..<4).map { _ in CreationLog() }
        let boxes = (0..<4).map { index -> Box in
            let box = Box()
            box.register(key: "box \(index)") { Car() }
            return box
        }
        let observations = zip(boxes, logs).map { box, log in box.observe(into: log) }
        onThreads(4) { index in
            for _ in 0..<200 { _ = boxes[index].resolve(Car.self, key: "box \(index)") }
        }
        observations.forEach { $0.cancel() }
        for (index, log) in logs.enumerated() {
            #expect(log.all.count == 200)
            #expect(log.all.allSatisfy { $0.key == "box \(index)" })
        }
    }

    @Test("after the observer is cancelled, the box resolves as it did before", arguments: backends)
    func resolvesAfterCancel(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register { r in Car(engine: r.resolve()) }
        box.register(life: .permanent) { Engine() }
        let observation = box.observe(into: CreationLog())
        let during = box.resolve(Car.self)
        observation.cancel()
        let after = box.resolve(Car.self)
        #expect(during !== after && during.engine === after.engine)
        #expect(box.dependencyGraph().description.contains("Engine"))
    }

    @Test("more observers than slots on one box each see every creation", arguments: backends)
    func moreObserversThanSlots(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register { Engine() }
        let logs = (0..<10).map { _ in CreationLog() }
        let observations = logs.map { box.observe(into: $0) }
        _ = box.resolve(Engine.self)
        observations.forEach { $0.cancel() }
        #expect(logs.map(\.all.count) == Array(repeating: 1, count: 10))
    }

    @Test("an observer started after another was cancelled sees only its own box's creations", arguments: backends)
    func slotReusedAfterCancel(backend: Box.Backend) {
        let first = Box(backend: backend)
        first.register { Engine() }
        let second = Box(backend: backend)
        second.register { Car() }
        first.observe(into: CreationLog()).cancel()
        let log = CreationLog()
        let observation = second.observe(into: log)
        _ = first.resolve(Engine.self)
        _ = second.resolve(Car.self)
        observation.cancel()
        #expect(log.types == identities(Car.self))
    }

    @Test("clear() while observing releases the permanent instances it drops", arguments: backends)
    func clearReleasesWhileObserving(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(life: .permanent) { Tracked() }
        let observation = box.observe(into: CreationLog())
        var instance: Tracked? = box.resolve(Tracked.self)
        let weak = WeakReference(instance)
        instance = nil
        box.clear()
        #expect(weak.object == nil)
        withExtendedLifetime(observation) {}
    }

    @Test(
        "a new argument value, a throwing factory and a forward's target are creations; the forward is not",
        arguments: backends)
    func otherKindsOfCreation(backend: Box.Backend) throws {
        let box = Box(backend: backend)
        box.register(life: .perArguments) { (_: Resolver, name: String) in Car(name: name) }
        box.register { () throws -> Engine in Engine() }
        box.register(life: .permanent) { Tracked() }
        box.forward(AnyObject.self, to: Tracked.self)
        let log = CreationLog()
        let observation = box.observe(into: log)
        _ = box.resolve(Car.self, arguments: "BMW")
        _ = box.resolve(Car.self, arguments: "BMW")
        _ = try box.tryResolve(Engine.self)
        _ = box.resolve(AnyObject.self)
        observation.cancel()
        #expect(log.types == identities(Car.self, Engine.self, Tracked.self))
        #expect(log.all.map(\.life) == [.perArguments, .transient, .permanent])
    }
}
