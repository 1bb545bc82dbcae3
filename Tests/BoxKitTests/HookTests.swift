@_spi(Baseline) import BoxKit
@_spi(Baseline) import BoxKitTestSupport
import Testing

@Suite("onInitialised hooks")
struct HookTests {
    @Test("a permanent hook closes a circular reference, once", arguments: backends)
    func permanentHookClosesCycle(backend: Box.Backend) {
        let box = Box(backend: backend)
        let runs = Counter()
        box.register(Dummy.self, life: .permanent) { Dummy(car: SafetyCar()) }
            .onInitialised { _, service in
                runs.increment()
                let dummy = service as! Dummy
                dummy.car.driver = dummy
            }
        let dummy = box.resolve() as Dummy
        #expect(dummy.car.driver === dummy)
        _ = box.resolve() as Dummy
        #expect(runs.count == 1)
    }

    @Test("a transient hook runs on every creation, before the instance is returned", arguments: backends)
    func transientHookRunsEveryTime(backend: Box.Backend) {
        let box = Box(backend: backend)
        let runs = Counter()
        box.register(Dummy.self) { Dummy(car: SafetyCar()) }
            .onInitialised { _, service in
                runs.increment()
                let dummy = service as! Dummy
                dummy.car.driver = dummy
            }
        let first = box.resolve() as Dummy
        let second = box.resolve() as Dummy
        #expect(first.car.driver === first)
        #expect(second.car.driver === second)
        #expect(runs.count == 2)
    }

    @Test("hooks run in the order they were added", arguments: backends)
    func hooksRunInOrder(backend: Box.Backend) {
        let box = Box(backend: backend)
        let order = Mutexed<[Int]>([])
        box.register { Engine() }
            .onInitialised { _, _ in order.mutate { $0.append(1) } }
            .onInitialised { _, _ in order.mutate { $0.append(2) } }
        _ = box.resolve() as Engine
        #expect(order.value == [1, 2])
    }

    @Test(
        "a hook that resolves its own service gets the instance being initialised",
        arguments: backends, plainLifetimes)
    func hookSeesPendingInstance(backend: Box.Backend, life: LifeType) {
        let box = Box(backend: backend)
        box.register(Parent.self, life: life) { Parent() }
            .onInitialised { r, service in (service as! Parent).child = r.resolve() as Child }
        box.register(Child.self, life: life) { Child() }
            .onInitialised { r, service in (service as! Child).parent = r.resolve() as Parent }
        let parent = box.resolve() as Parent
        #expect(parent.child?.parent === parent)
    }

    @Test("a hook receives the box the service was resolved through", arguments: backends)
    func hookReceivesResolver(backend: Box.Backend) {
        let box = Box(backend: backend)
        // The hook keeps an identity, not the child box: a registration in an ancestor that held the child
        // would be a reference cycle, since the child keeps its ancestors' registrations.
        let seen = Mutexed<ObjectIdentifier?>(nil)
        box.register { Engine() }.onInitialised { r, _ in seen.mutate { $0 = ObjectIdentifier(r) } }
        let child = box.newChildBox(forKey: "child")
        _ = child.resolve() as Engine
        #expect(seen.value == ObjectIdentifier(child))
    }
}
