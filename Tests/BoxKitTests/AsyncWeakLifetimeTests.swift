@_spi(Baseline) import BoxKit
@_spi(Baseline) import BoxKitTestSupport
import Testing

@Suite("Async factories: weak and graph lifetimes")
struct AsyncWeakLifetimeTests {
    @Test("an async .weak service is shared while someone holds it", arguments: backends)
    func sharedWhileHeld(backend: Box.Backend) async {
        let box = Box(backend: backend)
        let made = Counter()
        box.register(life: .weak) { () async -> Connection in await Connection.open(id: made.increment()) }
        let held = await box.resolveAsync(Connection.self)
        #expect(await box.resolveAsync(Connection.self) === held)
        #expect(made.count == 1)
    }

    @Test("an async .weak service is made again once every holder let go", arguments: backends)
    func recreatedAfterRelease(backend: Box.Backend) async {
        let box = Box(backend: backend)
        let made = Counter()
        box.register(life: .weak) { () async -> Connection in await Connection.open(id: made.increment()) }
        do {
            let first = await box.resolveAsync(Connection.self)
            #expect(first.id == 1)
        }
        #expect(await box.resolveAsync(Connection.self).id == 2)
    }

    @Test("tasks that resolve an async .weak service at once share one creation", arguments: backends)
    func concurrentResolvesShareOneCreation(backend: Box.Backend) async {
        let box = Box(backend: backend)
        let made = Counter()
        box.register(life: .weak) { () async -> Connection in await Connection.open(id: made.increment()) }
        // Each task hands back the instance itself, so that every one made stays held until all are compared.
        let connections = await withTaskGroup(of: Handed.self) { group in
            for _ in 0..<50 { group.addTask { Handed(await box.resolveAsync(Connection.self)) } }
            return await group.reduce(into: [Handed]()) { $0.append($1) }
        }
        #expect(Set(connections.map { ObjectIdentifier($0.connection) }).count == 1)
        #expect(made.count == 1)
    }

    @Test("an async factory registered .graph stops the program, naming the registration", arguments: backendNames)
    func graphTraps(backend: String) async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            [backend] in
            let box = Box(backendNamed: backend)
            box.register(key: "pool", life: .graph) { () async -> Connection in await Connection.open() }
        }
        let stderr = standardError(of: result)
        #expect(
            stderr.contains(
                #"BoxKitTests.Connection[key: "pool"] cannot be registered with life: .graph and an async factory"#
            ))
    }

    @Test("an async .weak factory that makes a value throws typeMismatch on every resolve", arguments: backends)
    func asyncValueTypeThrows(backend: Box.Backend) async throws {
        let box = Box(backend: backend)
        box.register(life: .weak) { () async -> Point in Point(x: 1, y: 2) }
        for _ in 0..<2 {
            let error = try await #require(throws: BoxError.self) { try await box.tryResolveAsync(Point.self) }
            #expect(error.reason == .typeMismatch)
            #expect(error.description.contains("made a value of type BoxKitTests.Point, not a class instance"))
        }
    }
}

/// A connection carried out of a child task (`Connection` is not `Sendable`; the test only compares them).
private struct Handed: @unchecked Sendable {
    let connection: Connection
    init(_ connection: Connection) { self.connection = connection }
}
