@_spi(Baseline) import BoxKit
@_exported @_spi(Baseline) import BoxKitTestSupport

// Services for the `await box.resolve(...)` tests: one whose construction must await, and two made
// synchronously.

/// A service whose construction must await.
final class Database: Sendable {
    let path: String
    init(path: String) { self.path = path }

    static func open(path: String) async -> Database {
        for _ in 0..<3 { await Task.yield() }
        return Database(path: path)
    }
}

/// A service made synchronously.
final class Clock: Sendable {
    let name: String
    init(name: String = "system") { self.name = name }
}

/// A service whose async factory resolves the two above.
final class Session: Sendable {
    let database: Database
    let clock: Clock
    init(database: Database, clock: Clock) {
        self.database = database
        self.clock = clock
    }
}
