@_spi(Baseline) import BoxKit
import BoxKitAwait
@_spi(Baseline) import BoxKitTestSupport
import Testing

// `import BoxKitAwait`: `await box.resolve(...)`, `try await box.tryResolve(...)`, `await box.resolveAll(...)`.

@Suite("await box.resolve, with BoxKitAwait imported")
struct AwaitResolveTests {
    @Test("await box.resolve returns an async-registered service, by type, inferred and keyed", arguments: backends)
    func resolvesAsyncRegistrations(backend: Box.Backend) async {
        let box = Box(backend: backend)
        box.register { await Database.open(path: "app.sqlite") }
        box.register(key: "replica") { await Database.open(path: "replica.sqlite") }
        let database = await box.resolve(Database.self)
        let inferred: Database = await box.resolve()
        let replica: Database = await box.resolve(key: "replica")
        #expect(database.path == "app.sqlite" && inferred.path == "app.sqlite")
        #expect(replica.path == "replica.sqlite")
    }

    @Test("await box.resolve resolves synchronous registrations too, sharing permanent instances", arguments: backends)
    func resolvesSyncRegistrations(backend: Box.Backend) async {
        let box = Box(backend: backend)
        box.register(life: .permanent) { Clock(name: "shared") }
        box.register(key: "fresh") { Clock(name: "fresh") }
        let shared = await box.resolve(Clock.self)
        #expect(shared.name == "shared")
        #expect(await box.resolve(Clock.self) === shared)
        #expect(await box.resolve(Clock.self, key: "fresh") !== box.resolve(Clock.self, key: "fresh") as Clock)
    }

    @Test("an async factory awaits its dependencies with r.resolve()", arguments: backends)
    func asyncFactoryAwaitsItsDependencies(backend: Box.Backend) async {
        let box = Box(backend: backend)
        box.register(life: .permanent) { await Database.open(path: "app.sqlite") }
        box.register { Clock() }
        box.register { r in await Session(database: r.resolve(), clock: r.resolve()) }
        let session = await box.resolve(Session.self)
        #expect(session.database === (await box.resolve(Database.self)))
        #expect(session.clock.name == "system")
    }

    @Test("a permanent async service is opened once among many tasks awaiting it at once", arguments: backends)
    func permanentIsCreatedOnce(backend: Box.Backend) async {
        let box = Box(backend: backend)
        let opened = Counter()
        box.register(life: .permanent) {
            opened.increment()
            return await Database.open(path: "app.sqlite")
        }
        let identities = await withTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<50 { group.addTask { ObjectIdentifier(await box.resolve(Database.self)) } }
            return await Set(group.reduce(into: []) { $0.append($1) })
        }
        #expect(identities.count == 1)
        #expect(identities.first == ObjectIdentifier(await box.resolve(Database.self)))
        #expect(opened.count == 1)
    }

    @Test("try await box.tryResolve throws a BoxError naming the missing service and its key", arguments: backends)
    func tryResolveThrowsForMissingService(backend: Box.Backend) async throws {
        let box = Box(backend: backend)
        box.register(key: "primary") { await Database.open(path: "app.sqlite") }
        let error = await #expect(throws: BoxError.self) { try await box.tryResolve(Database.self, key: "replica") }
        #expect(error?.reason == .notRegistered)
        #expect(error?.key == "replica")
        #expect(error?.description.contains("Database") == true)
        #expect(error?.description.contains("\"primary\"") == true)
        #expect(try await box.tryResolve(Database.self, key: "primary").path == "app.sqlite")
    }

    @Test("await box.resolveAll returns every registration in order, awaiting the async ones", arguments: backends)
    func resolveAllAwaitsAsyncRegistrations(backend: Box.Backend) async {
        let box = Box(backend: backend)
        box.register(key: "primary") { await Database.open(path: "app.sqlite") }
        box.register(key: "memory") { Database(path: ":memory:") }
        box.register { await Database.open(path: "default.sqlite") }
        let paths = await box.resolveAll(Database.self).map(\.path)
        #expect(paths == ["app.sqlite", ":memory:", "default.sqlite"])
    }

    // Synchronous code in this file still calls the synchronous overloads: an async one would not compile here.
    @Test("synchronous code in a file that imports BoxKitAwait calls the synchronous resolve", arguments: backends)
    func synchronousCodeKeepsTheSynchronousResolve(backend: Box.Backend) throws {
        let box = Box(backend: backend)
        box.register { Clock(name: "sync") }
        let clock = box.resolve() as Clock
        let tried = try box.tryResolve(Clock.self)
        let all = box.resolveAll(Clock.self)
        #expect(clock.name == "sync" && tried.name == "sync" && all.map(\.name) == ["sync"])
    }
}
