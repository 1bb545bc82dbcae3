@_spi(Baseline) import BoxKit
@_spi(Baseline) import BoxKitTestSupport
import Testing

// Async factories: `register { await ... }` and `await box.resolveAsync(...)`.

/// Suspends the calling task a few times, so that an async factory really lets other tasks run in between.
func suspend() async {
    for _ in 0..<3 { await Task.yield() }
}

/// A service whose construction must await.
final class Connection {
    let id: Int
    init(id: Int) { self.id = id }

    static func open(id: Int = 0) async -> Connection {
        await suspend()
        return Connection(id: id)
    }
}

/// A main-actor-isolated service, made and used on the main actor.
@MainActor
final class Screen {
    var title = "home"
}

@Suite("Async factories: registration and source compatibility")
struct AsyncRegistrationTests {
    @Test("closures without await pick the synchronous register, in synchronous code", arguments: backends)
    func syncClosuresStaySync(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register { Car() }
        box.register { r in Car(engine: r.resolve()) }
        box.register(life: .permanent) { Engine() }
        box.register(Car.self, key: "sports", life: .transient) { r in Car(engine: r.resolve()) }
        #expect(box.registrations.map(\.isAsync) == [false, false, false])  // the second Car replaced the first
        #expect((box.resolve(key: "sports") as Car).engine === (box.resolve() as Engine))
    }

    @Test("closures without await pick the synchronous register, in async code too", arguments: backends)
    func syncClosuresStaySyncInAsyncCode(backend: Box.Backend) async {
        let box = Box(backend: backend)
        box.register { Car() }
        box.register { r in Car(engine: r.resolve()) }
        box.register(life: .permanent) { Engine() }
        box.register(Car.self, key: "sports", life: .transient) { r in Car(engine: r.resolve()) }
        #expect(box.registrations.map(\.isAsync) == [false, false, false])  // the second Car replaced the first
        await suspend()
        #expect((box.resolve(key: "sports") as Car).engine === (box.resolve() as Engine))
    }

    @Test("closures with await pick the async register, with and without a resolver", arguments: backends)
    func awaitingClosuresAreAsync(backend: Box.Backend) async {
        let box = Box(backend: backend)
        box.register(key: "plain") { await Connection.open(id: 1) }
        box.register(key: "resolving") { r in await Connection.open(id: r.resolve() as Int) }
        box.register(Connection.self, key: "explicit", life: .permanent) { () async -> Connection in
            Connection(id: 3)
        }
        box.register { 2 }
        #expect(box.registrations.map(\.isAsync) == [true, true, true, false])
        #expect(await box.resolveAsync(Connection.self, key: "plain").id == 1)
        #expect(await box.resolveAsync(Connection.self, key: "resolving").id == 2)
        #expect(await box.resolveAsync(Connection.self, key: "explicit").id == 3)
    }

    // This function compiles only because a call to `resolve` without `await` in an `async` function still
    // picks the synchronous `resolve`: an `async` overload of the same name would be preferred here, and
    // each of these lines would be an error ("expression is 'async' but is not marked with 'await'").
    @Test("an async function calls the synchronous resolve without await", arguments: backends)
    func syncResolveWithoutAwaitInAsyncCode(backend: Box.Backend) async throws {
        let box = Box(backend: backend)
        box.register { Car(name: "plain") }
        box.register(key: "BMW") { Car(name: "BMW") }
        box.register(life: .permanent) { Engine(cylinders: 6) }
        await suspend()
        let car = box.resolve() as Car
        let bmw: Car = box.resolve(key: "BMW")
        let engine = box.resolve(Engine.self)
        let tried = try box.tryResolve(Car.self, key: "BMW")
        let all = box.resolveAll(Car.self)
        let made = box.provider(Car.self, key: "BMW")()
        #expect(car.name == "plain")
        #expect(bmw.name == "BMW" && tried.name == "BMW" && made.name == "BMW")
        #expect(engine.cylinders == 6)
        #expect(all.map(\.name) == ["plain", "BMW"])
    }

    @Test("await box.resolveAsync returns an async-registered service", arguments: backends)
    func resolveAsyncOfAsyncRegistration(backend: Box.Backend) async throws {
        let box = Box(backend: backend)
        box.register { await Connection.open(id: 7) }
        box.register(key: "replica") { await Connection.open(id: 8) }
        let connection = await box.resolveAsync(Connection.self)
        let inferred: Connection = await box.resolveAsync()
        let replica: Connection = await box.resolveAsync(key: "replica")
        let tried = try await box.tryResolveAsync(Connection.self, key: "replica")
        #expect(connection.id == 7 && inferred.id == 7)
        #expect(replica.id == 8 && tried.id == 8)
    }

    @Test("resolveAsync resolves synchronous registrations too", arguments: backends)
    func resolveAsyncOfSyncRegistrations(backend: Box.Backend) async throws {
        let box = Box(backend: backend)
        let made = Counter()
        box.register {
            made.increment(); return Car()
        }
        box.register(life: .permanent) { Engine(cylinders: 12) }
        let first = await box.resolveAsync(Car.self)
        let second = try await box.tryResolveAsync(Car.self)
        #expect(first !== second)
        #expect(made.count == 2)
        #expect(await box.resolveAsync(Engine.self) === box.resolve(Engine.self))
    }

    @MainActor
    @Test("the main actor resolves non-Sendable and main-actor services with await", arguments: backends)
    func mainActorResolves(backend: Box.Backend) async {
        let box = Box(backend: backend)
        box.register { @MainActor () async -> Screen in Screen() }
        box.register { await Connection.open(id: 4) }
        let screen = await box.resolveAsync(Screen.self)
        screen.title = "settings"
        let connection = await box.resolveAsync(Connection.self)
        #expect(screen.title == "settings")
        #expect(connection.id == 4)
    }
}

@Suite("Async factories: lifetimes and concurrency")
struct AsyncLifetimeTests {
    @Test("a transient async factory makes a new instance on every resolve", arguments: backends)
    func transientMakesNewInstances(backend: Box.Backend) async {
        let box = Box(backend: backend)
        let made = Counter()
        box.register { await Connection.open(id: made.increment()) }
        let first = await box.resolveAsync(Connection.self)
        let second = await box.resolveAsync(Connection.self)
        #expect(first !== second)
        #expect([first.id, second.id] == [1, 2])
    }

    @Test("a permanent async factory runs once, on first resolve, not at registration", arguments: backends)
    func permanentRunsLazilyOnce(backend: Box.Backend) async {
        let box = Box(backend: backend)
        let made = Counter()
        box.register(life: .permanent) { await Connection.open(id: made.increment()) }
        #expect(made.count == 0)
        let first = await box.resolveAsync(Connection.self)
        for _ in 0..<5 { #expect(await box.resolveAsync(Connection.self) === first) }
        #expect(made.count == 1)
    }

    @Test("a permanent async struct is stored once and copied out", arguments: backends)
    func permanentStruct(backend: Box.Backend) async {
        let box = Box(backend: backend)
        let made = Counter()
        box.register(life: .permanent) { () async -> Point in
            await suspend()
            return Point(x: made.increment(), y: 2)
        }
        #expect(await box.resolveAsync(Point.self) == Point(x: 1, y: 2))
        #expect(await box.resolveAsync(Point.self) == Point(x: 1, y: 2))
    }

    @Test("100 tasks awaiting a permanent async service at once share one creation", arguments: backends)
    func permanentCreatedOnceUnderConcurrentAwaits(backend: Box.Backend) async {
        let box = Box(backend: backend)
        let made = Counter()
        box.register(life: .permanent) { () async -> Connection in
            made.increment()
            try? await Task.sleep(for: .milliseconds(20))
            return Connection(id: made.count)
        }
        let identities = await withTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<100 {
                group.addTask { ObjectIdentifier(await box.resolveAsync(Connection.self)) }
            }
            var identities: Set<ObjectIdentifier> = []
            for await identity in group { identities.insert(identity) }
            return identities
        }
        #expect(made.count == 1)
        #expect(identities.count == 1)
        #expect(identities.first == ObjectIdentifier(await box.resolveAsync(Connection.self)))
    }

    @Test("many tasks resolve transient and permanent async services at once", arguments: backends)
    func concurrentMixedResolves(backend: Box.Backend) async {
        let box = Box(backend: backend)
        box.register(life: .permanent) { await Connection.open(id: 1) }
        box.register(life: .permanent) { Engine(cylinders: 8) }
        box.register { r in
            await suspend()
            return Car(engine: r.resolve(), name: "car \((await r.resolveAsync() as Connection).id)")
        }
        let shared = ObjectIdentifier(box.resolve() as Engine)
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    var mismatches = 0
                    for _ in 0..<200 {
                        let car = await box.resolveAsync(Car.self)
                        if ObjectIdentifier(car.engine) != shared || car.name != "car 1" { mismatches += 1 }
                    }
                    return mismatches
                }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0)
    }

    @Test("cancelling the resolve that started a permanent creation does not cancel the creation")
    func cancelledFirstResolveStillCreates() async {
        for backend in backends {
            let box = Box(backend: backend)
            let started = Counter()
            let sawCancellation = Counter()
            let (gate, open) = AsyncStream.makeStream(of: Void.self)
            box.register(life: .permanent) { () async -> Connection in
                started.increment()
                for await _ in gate { break }
                if Task.isCancelled { sawCancellation.increment() }
                return Connection(id: 1)
            }
            let first = Task { ObjectIdentifier(await box.resolveAsync(Connection.self)) }
            while started.count == 0 { await Task.yield() }
            first.cancel()
            open.yield()
            let identity = await first.value
            #expect(sawCancellation.count == 0)
            #expect(started.count == 1)
            #expect(identity == ObjectIdentifier(await box.resolveAsync(Connection.self)))
        }
    }

    @Test("clear releases an async permanent instance and its factory", arguments: backends)
    func clearReleases(backend: Box.Backend) async {
        let box = Box(backend: backend)
        weak var instance: Tracked?
        weak var captured: Counter?
        do {
            let counter = Counter()
            captured = counter
            box.register(life: .permanent) { () async -> Tracked in
                await suspend()
                return Tracked(counter.increment())
            }
            instance = await box.resolveAsync(Tracked.self)
        }
        #expect(instance != nil)
        box.clear()
        #expect(eventuallyReleased(box) { instance == nil && captured == nil })
    }
}

@Suite("Async factories: child boxes, hooks, introspection and resolveAllAsync")
struct AsyncBoxTests {
    @Test("a child finds its parent's async registration", arguments: backends)
    func childFindsParentsAsyncRegistration(backend: Box.Backend) async {
        let box = Box(backend: backend)
        box.register(life: .permanent) { await Connection.open(id: 1) }
        box.register(key: "fresh") { await Connection.open(id: 2) }
        let child = box.newChildBox(forKey: "child")
        let grandchild = child.newChildBox(forKey: "grandchild")
        #expect(await grandchild.resolveAsync(Connection.self) === box.resolveAsync(Connection.self))
        #expect(await child.resolveAsync(Connection.self, key: "fresh").id == 2)
        #expect(child.isRegistered(Connection.self, key: "fresh"))
    }

    @Test("a transient async factory in the parent resolves through the child it was reached from", arguments: backends)
    func transientReceivesOrigin(backend: Box.Backend) async {
        let box = Box(backend: backend)
        box.register { Engine(cylinders: 4) }
        box.register { r in
            await suspend()
            return Car(engine: await r.resolveAsync())
        }
        let sports = box.newChildBox(forKey: "sports")
        sports.register { () async -> Engine in Engine(cylinders: 12) }
        let family = box.newChildBox(forKey: "family")
        family.register { Engine(cylinders: 6) }
        #expect(await sports.resolveAsync(Car.self).engine.cylinders == 12)
        #expect(await family.resolveAsync(Car.self).engine.cylinders == 6)
        #expect(await box.resolveAsync(Car.self).engine.cylinders == 4)
    }

    @Test("a permanent async factory in the parent resolves through the parent and is shared", arguments: backends)
    func permanentReceivesHolder(backend: Box.Backend) async {
        let box = Box(backend: backend)
        box.register { Engine(cylinders: 4) }
        box.register(life: .permanent) { r in
            await suspend()
            return Car(engine: r.resolve())
        }
        let child = box.newChildBox(forKey: "child")
        child.register { Engine(cylinders: 8) }
        let fromChild = await child.resolveAsync(Car.self)
        #expect(fromChild.engine.cylinders == 4)
        #expect(await box.resolveAsync(Car.self) === fromChild)
    }

    @Test("hooks run after async creation: once for permanent, every time for transient", arguments: backends)
    func hooksRunAfterAsyncCreation(backend: Box.Backend) async {
        let box = Box(backend: backend)
        let runs = Counter()
        let seen = Mutexed<[ObjectIdentifier]>([])  // not the boxes: a hook holding its own box is a cycle
        box.register(Dummy.self, life: .permanent) { () async -> Dummy in
            await suspend()
            return Dummy(car: SafetyCar())
        }
        .onInitialised { resolver, service in
            runs.increment()
            seen.mutate { $0.append(ObjectIdentifier(resolver)) }
            let dummy = service as! Dummy
            dummy.car.driver = dummy
        }
        box.register(key: "transient") { await Connection.open() }.onInitialised { _, _ in runs.increment() }
        let dummy = await box.resolveAsync(Dummy.self)
        #expect(dummy.car.driver === dummy)
        #expect(await box.resolveAsync(Dummy.self) === dummy)
        #expect(runs.count == 1)
        _ = await box.resolveAsync(Connection.self, key: "transient")
        _ = await box.resolveAsync(Connection.self, key: "transient")
        #expect(runs.count == 3)
        #expect(seen.value == [ObjectIdentifier(box)])
    }

    @Test(
        "a hook of an async registration that resolves its own service gets the instance being initialised",
        arguments: backends, asyncLifetimes)
    func hookSeesPendingInstance(backend: Box.Backend, life: LifeType) async {
        let box = Box(backend: backend)
        box.register(Parent.self, life: life) { () async -> Parent in
            await suspend()
            return Parent()
        }
        .onInitialised { r, service in (service as! Parent).child = r.resolve() as Child }
        box.register(Child.self, life: life) { Child() }
            .onInitialised { r, service in (service as! Child).parent = r.resolve() as Parent }
        let parent = await box.resolveAsync(Parent.self)
        #expect(parent.child?.parent === parent)
    }

    @Test("introspection lists async registrations, and they can be replaced and removed", arguments: backends)
    func introspection(backend: Box.Backend) async {
        let box = Box(backend: backend)
        box.register(life: .permanent) { await Connection.open() }
        box.register(key: "BMW") { Car() }
        box.register(key: "sports") { () async -> Car in Car(name: "sports") }
        #expect(
            box.registrations.map(\.description) == [
                "BoxKitTests.Connection (permanent, async)",
                #"BoxKitTests.Car[key: "BMW"] (transient)"#,
                #"BoxKitTests.Car[key: "sports"] (transient, async)"#,
            ])
        #expect(box.isRegistered(Connection.self))
        #expect(box.registeredServiceCount == 3)
        box.register(key: "sports") { Car(name: "sync sports") }
        #expect(box.registrations.last?.isAsync == false)
        #expect((box.resolve(key: "sports") as Car).name == "sync sports")
        #expect(box.unregister(Connection.self))
        await #expect(throws: BoxError.self) { try await box.tryResolveAsync(Connection.self) }
    }

    @Test("resolveAllAsync resolves sync and async registrations in order, nearest box first", arguments: backends)
    func resolveAllAsync(backend: Box.Backend) async {
        let box = Box(backend: backend)
        box.register(key: "a") { Car(name: "parent a") }
        box.register(key: "b") { () async -> Car in Car(name: "parent b") }
        let child = box.newChildBox(forKey: "child")
        child.register(key: "c") { () async -> Car in Car(name: "child c") }
        child.register(key: "a") { () async -> Car in Car(name: "child a") }
        child.register { Car(name: "child unkeyed") }
        let names = await child.resolveAllAsync(Car.self).map(\.name)
        #expect(names == ["child c", "child a", "child unkeyed", "parent b"])
        #expect(await box.resolveAllAsync(Car.self).map(\.name) == ["parent a", "parent b"])
        #expect(await box.resolveAllAsync(Engine.self).isEmpty)
    }
}
