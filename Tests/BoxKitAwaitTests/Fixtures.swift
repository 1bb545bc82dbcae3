@_spi(Baseline) import BoxKit
import Synchronization

// Services for the `await box.resolve(...)` tests: one whose construction must await, and two made
// synchronously.

/// Both backends, for `@Test(arguments:)`.
let backends = Box.Backend.allCases

/// Counts calls from many tasks at once.
final class Counter: Sendable {
    private let value = Atomic<Int>(0)
    func increment() { value.add(1, ordering: .relaxed) }
    var count: Int { value.load(ordering: .relaxed) }
}

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
