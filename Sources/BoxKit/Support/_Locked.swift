/// A value guarded by a `_Lock`. `@unchecked Sendable`: `value` is only touched inside `withLock`.
final class _Locked<Value>: @unchecked Sendable {
    private let lock = _Lock()
    @exclusivity(unchecked) private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value. Not recursive.
    func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        try lock.withLock { try body(&value) }
    }
}
