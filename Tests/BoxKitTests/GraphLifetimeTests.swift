@_spi(Baseline) import BoxKit
@_spi(Baseline) import BoxKitTestSupport
import Testing

/// Two cars that should share one engine when they are built in one graph.
private struct Fleet {
    let first: Car
    let second: Car
}

@Suite("Graph lifetime")
struct GraphLifetimeTests {
    /// A box where `Fleet` is built from two transient cars over a `.graph` engine, counting engines made.
    private func fleetBox(_ backend: Box.Backend, engines: Counter) -> Box {
        let box = Box(backend: backend)
        box.register(life: .graph) {
            engines.increment()
            return Engine()
        }
        box.register { r in Car(engine: r.resolve()) }
        box.register { r in Fleet(first: r.resolve(), second: r.resolve()) }
        return box
    }

    @Test("a .graph service is shared by everything built in one top-level resolve", arguments: backends)
    func sharedInsideOneResolve(backend: Box.Backend) {
        let engines = Counter()
        let fleet = fleetBox(backend, engines: engines).resolve() as Fleet
        #expect(fleet.first !== fleet.second)
        #expect(fleet.first.engine === fleet.second.engine)
        #expect(engines.count == 1)
    }

    @Test("each top-level resolve makes a new .graph instance", arguments: backends)
    func newInstancePerTopLevelResolve(backend: Box.Backend) {
        let engines = Counter()
        let box = fleetBox(backend, engines: engines)
        let one = box.resolve() as Fleet
        let two = box.resolve() as Fleet
        #expect(one.first.engine !== two.first.engine)
        #expect(engines.count == 2)
    }

    @Test("a .graph service resolved on its own is made every time, like .transient", arguments: backends)
    func topLevelActsTransient(backend: Box.Backend) {
        let engines = Counter()
        let box = fleetBox(backend, engines: engines)
        #expect((box.resolve() as Engine) !== (box.resolve() as Engine))
        #expect(engines.count == 2)
    }

    @Test("the box lets go of .graph instances when the top-level resolve returns", arguments: backends)
    func releasedAfterTopLevelResolve(backend: Box.Backend) {
        let box = Box(backend: backend)
        let seen = Mutexed<WeakReference<Tracked>>(WeakReference(nil))
        box.register(life: .graph) { Tracked() }
        box.register { r in
            let tracked = r.resolve() as Tracked
            seen.mutate { $0 = WeakReference(tracked) }
            return tracked.id
        }
        #expect(box.resolve() as Int == 0)
        #expect(seen.value.object == nil)
    }

    @Test("a .graph factory receives the box the resolve started from", arguments: backends)
    func factoryReceivesOrigin(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register(life: .graph) { r in Car(engine: r.resolve()) }
        box.register { Engine(cylinders: 4) }
        let child = box.newChildBox(forKey: "v12")
        child.register { Engine(cylinders: 12) }
        #expect((child.resolve() as Car).engine.cylinders == 12)
    }

    @Test("a .graph service's hooks run once per graph", arguments: backends)
    func hooksRunOncePerGraph(backend: Box.Backend) {
        let engines = Counter()
        let hooks = Counter()
        let box = fleetBox(backend, engines: engines)
        box.register(life: .graph) { Engine() }.onInitialised { _, _ in hooks.increment() }
        _ = box.resolve() as Fleet
        #expect(hooks.count == 1)
    }

    @Test("a .graph instance is shared inside a permanent service's creation", arguments: backends)
    func sharedInsidePermanentCreation(backend: Box.Backend) {
        let engines = Counter()
        let box = fleetBox(backend, engines: engines)
        box.register(life: .permanent) { r in Fleet(first: r.resolve(), second: r.resolve()) }
        let fleet = box.resolve() as Fleet
        #expect(fleet.first.engine === fleet.second.engine)
        #expect((box.resolve() as Fleet).first === fleet.first)
    }

    @Test("a provider from box.provider shares .graph instances like resolve", arguments: backends)
    func providerSharesGraph(backend: Box.Backend) {
        let engines = Counter()
        let makeFleet = fleetBox(backend, engines: engines).provider(Fleet.self)
        let fleet = makeFleet()
        #expect(fleet.first.engine === fleet.second.engine)
        _ = makeFleet()
        #expect(engines.count == 2)
    }

    @Test("a .graph instance's deinit may resolve from the box", arguments: backends)
    func deinitMayResolve(backend: Box.Backend) {
        let box = Box(backend: backend)
        let resolvedInDeinit = Counter()
        box.register { Engine() }
        box.register(life: .graph) { r in
            ResolvesOnRelease {
                _ = r.resolve() as Engine; resolvedInDeinit.increment()
            }
        }
        box.register { r in (r.resolve() as ResolvesOnRelease).id }
        _ = box.resolve() as Int
        #expect(resolvedInDeinit.count == 1)
    }
}

/// Runs a closure from its `deinit`.
private final class ResolvesOnRelease {
    let id = 7
    private let onRelease: () -> Void
    init(_ onRelease: @escaping () -> Void) { self.onRelease = onRelease }
    deinit { onRelease() }
}
