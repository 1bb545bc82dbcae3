@_spi(Baseline) import BoxKit
@_spi(Baseline) import BoxKitTestSupport
import Testing

/// What a database's opening throws in these tests.
struct DiskFull: Error, Equatable {}

/// A service whose construction can fail.
final class Database {
    init(failing: Bool) throws {
        if failing { throw DiskFull() }
    }
}

/// Needs a `Database`.
final class Repository {
    let database: Database

    init(database: Database) { self.database = database }
}

@Suite("Factories that may throw")
struct ThrowingFactoryTests {
    @Test("tryResolve throws factoryFailed with the factory's error and the chain", arguments: backends)
    func tryResolveWrapsTheError(backend: Box.Backend) throws {
        let box = Box(backend: backend)
        box.register { () throws -> Database in try Database(failing: true) }
        let error = try expectBoxError(.factoryFailed) { try box.tryResolve(Database.self) }
        #expect(error.underlyingError as? DiskFull == DiskFull())
        #expect(error.chain == ["BoxKitTests.Database"])
        #expect(
            error.description
                == "BoxKit: the factory of BoxKitTests.Database threw BoxKitTests.DiskFull() (BoxKitTests.DiskFull). "
                + "Resolution chain: BoxKitTests.Database.")
    }

    @Test("a factory that does not throw resolves as any other", arguments: backends)
    func succeeding(backend: Box.Backend) throws {
        let box = Box(backend: backend)
        box.register(life: .permanent) { () throws -> Database in try Database(failing: false) }
        let database = try box.tryResolve(Database.self)
        #expect(box.resolve(Database.self) === database)
    }

    @Test("a permanent factory that threw runs again on the next resolve", arguments: backends)
    func permanentRetriesAfterThrowing(backend: Box.Backend) throws {
        let box = Box(backend: backend)
        let attempts = Counter()
        let hooks = Counter()
        box.register(life: .permanent) { () throws -> Database in
            try Database(failing: attempts.increment() == 1)
        }.onInitialised { _, _ in hooks.increment() }
        try expectBoxError(.factoryFailed) { try box.tryResolve(Database.self) }
        let database = try box.tryResolve(Database.self)
        #expect(box.resolve(Database.self) === database)
        #expect(attempts.count == 2)
        #expect(hooks.count == 1)
    }

    @Test("a dependency's error, thrown through tryResolve in a factory, passes unchanged", arguments: backends)
    func dependencyErrorPassesThrough(backend: Box.Backend) throws {
        let box = Box(backend: backend)
        box.register { () throws -> Database in try Database(failing: true) }
        box.register { (r: Resolver) throws -> Repository in try Repository(database: r.tryResolve()) }
        let error = try expectBoxError(.factoryFailed) { try box.tryResolve(Repository.self) }
        #expect(error.chain == ["BoxKitTests.Repository", "BoxKitTests.Database"])
        #expect(error.underlyingError is DiskFull)
    }

    @Test("a missing dependency resolved with tryResolve in a factory is that miss", arguments: backends)
    func missingDependency(backend: Box.Backend) throws {
        let box = Box(backend: backend)
        box.register { (r: Resolver) throws -> Repository in try Repository(database: r.tryResolve()) }
        let error = try expectBoxError(.notRegistered) { try box.tryResolve(Repository.self) }
        #expect(error.chain == ["BoxKitTests.Repository", "BoxKitTests.Database"])
    }

    @Test("the thread's resolution chain is whole after a factory threw", arguments: backends)
    func chainIsPoppedAfterThrowing(backend: Box.Backend) throws {
        let box = Box(backend: backend)
        box.register { () throws -> Database in try Database(failing: true) }
        for _ in 0..<3 { try expectBoxError(.factoryFailed) { try box.tryResolve(Database.self) } }
        box.register { Car() }
        _ = box.resolve(Car.self)  // a cycle or depth error here would mean the chain kept an entry
        #expect(try expectBoxError(.factoryFailed) { try box.tryResolve(Database.self) }.chain.count == 1)
    }

    @Test("tryResolveAsync throws what the factory threw", arguments: backends)
    func asyncResolve(backend: Box.Backend) async throws {
        let box = Box(backend: backend)
        box.register { () throws -> Database in try Database(failing: true) }
        await #expect(throws: BoxError.self) { try await box.tryResolveAsync(Database.self) }
    }

    @Test("verify() reports a factory that threw, and goes on", arguments: backends)
    func verifyReports(backend: Box.Backend) {
        let box = Box(backend: backend)
        box.register { () throws -> Database in try Database(failing: true) }
        box.register { Car() }
        let problems = box.verify()
        #expect(problems.map(\.reason) == [.factoryFailed])
        #expect(problems.first?.underlyingError is DiskFull)
    }

    @Test("resolve, which cannot throw, stops the program naming the service and the error")
    func resolveTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let box = Box()
            box.register { () throws -> Database in try Database(failing: true) }
            _ = box.resolve(Database.self)
        }
        #expect(
            standardError(of: result).contains(
                "BoxKit: the factory of BoxKitTests.Database threw BoxKitTests.DiskFull() (BoxKitTests.DiskFull)."))
    }
}
